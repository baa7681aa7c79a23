/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Decoding fsinfo() values as the patch set's samples/vfs/test-fsinfo.c
 * prints them, for test-fsinfo's whole run (fsinfo_all.c, `vfsim fsinfo`),
 * test-mntinfo's tree (mntinfo.c) and the scenario verbs of the same
 * names.  Public API only.
 */
#ifndef VFSIM_SCENARIO_FSINFO_DUMP_H
#define VFSIM_SCENARIO_FSINFO_DUMP_H

#include <stdbool.h>
#include <stdio.h>

#include <vfsim/vfsim.h>

/* One attribute as the tool knows it (test-fsinfo's own table). */
struct fsd_attr {
	unsigned int id;
	const char *word;		/* scenario name: "mount_info" */
	const char *local;		/* test-fsinfo's name: "fsinfo_generic_mount_info" */
	enum fsinfo_value_type type;
	unsigned int size;		/* vstruct or element size */
	void (*dump)(FILE *out, const void *value, unsigned int size);
};

/* By ID or by word; NULL if unknown. */
const struct fsd_attr *fsd_attr_by_id(unsigned int id);
const struct fsd_attr *fsd_attr_by_word(const char *word);
/* An attribute given as a word or a number (0x200, 512): 0 or -EINVAL. */
int fsd_parse_attr(const char *s, unsigned int *id);
/* What test-fsinfo calls it: "statfs", "afs_cell_name", "<unknown-7ff>". */
const char *fsd_display_name(unsigned int id, char *buf, size_t len);

/*
 * One fsinfo() call with a buffer that grows as test-fsinfo's does (4096,
 * then the returned size rounded up to 4096).  Returns the value's size
 * with the value in *@value (free() it), or -errno.
 */
long fsd_get(struct vfsim_task *t, int dfd, const char *pathname,
	     const struct fsinfo_params *params, void **value);

/* Print @value of attribute @id as test-fsinfo would after "NAME: ". */
void fsd_dump_value(FILE *out, unsigned int id,
		    const struct fsinfo_attribute_info *info,
		    const void *value, unsigned int size);
/* test-fsinfo's raw dump: rows of four 32-bit words, byte offsets. */
void fsd_dump_hex(FILE *out, const void *data, unsigned int size);
/* test-fsinfo -m's line for one attribute. */
void fsd_dump_attribute_info(FILE *out, const struct fsinfo_attribute_info *info);

/* "NAME: " / "NAME{N}: " / "NAME{N,M}: ", coloured as test-fsinfo's on a
 * terminal (@colour). */
void fsd_print_label(FILE *out, const char *name, unsigned int flags,
		     unsigned int nth, unsigned int mth, bool colour);

#endif /* VFSIM_SCENARIO_FSINFO_DUMP_H */
