/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What fs/proc/proc.c declares for itself. */
#ifndef _VFSIM_FS_PROC_INTERNAL_H
#define _VFSIM_FS_PROC_INTERNAL_H

#include <vfs/mount.h>

struct fsinfo_context;

/* proc.c: the fsinfo table */
int proc_fsinfo(struct path *path, struct fsinfo_context *ctx);

#endif
