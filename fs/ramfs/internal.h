/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What fs/ramfs/ramfs.c declares for itself. */
#ifndef _VFSIM_FS_RAMFS_INTERNAL_H
#define _VFSIM_FS_RAMFS_INTERNAL_H

#include <vfs/mount.h>

struct fsinfo_context;

/* ramfs.c: the fsinfo table */
int ramfs_fsinfo(struct path *path, struct fsinfo_context *ctx);

#endif
