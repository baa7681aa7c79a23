/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The commands' -J forms (json_mount.c, json_fsinfo.c) and `vfsim watch --json`'s JSON
 * lines (watch_json.c); docs/vfsim-command.md, "JSON".  Each returns 0 or
 * the -errno of the query, before anything is printed when the first
 * query fails.
 */
#ifndef VFSIM_TOOL_JSON_FORMS_H
#define VFSIM_TOOL_JSON_FORMS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <vfsim/vfsim.h>

long json_statmount(struct vfsim_task *t, uint64_t id, uint64_t mask, FILE *out);
long json_listmount(struct vfsim_task *t, uint64_t id, uint64_t last,
		    size_t count, unsigned int flags, FILE *out);
long json_fsinfo(struct vfsim_task *t, const char *path, bool by_id,
		 unsigned int at_flags, FILE *out);
long json_mntinfo(struct vfsim_task *t, unsigned int mnt_id, FILE *out);

/* One fsinfo() value of @path (a mount ID if @by_id) into *@value,
 * malloc'd and grown until it fits: its size, or -errno. */
long tool_fsinfo_value(struct vfsim_task *t, const char *path, bool by_id,
		       unsigned int at_flags, unsigned int attr, unsigned int nth,
		       unsigned int mth, void **value);

/* A stream that turns the watch_test sample's lines, written to it, into
 * JSON lines on @to; fclose() it. */
FILE *watch_json_stream(FILE *to);

#endif /* VFSIM_TOOL_JSON_FORMS_H */
