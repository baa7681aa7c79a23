/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What fs/ramfs/ramfs.c and shmem.c declare for each other. */
#ifndef _VFSIM_FS_RAMFS_INTERNAL_H
#define _VFSIM_FS_RAMFS_INTERNAL_H

#include <vfs/mount.h>

struct fsinfo_context;

struct fs_context;
struct fs_parameter;

/* ramfs.c: the fsinfo table (tmpfs's too) */
int ramfs_fsinfo(struct path *path, struct fsinfo_context *ctx);

/* shmem.c: tmpfs, for tmpfs_fs_type in ramfs.c */
int tmpfs_get_tree(struct fs_context *fc);
int tmpfs_reconfigure(struct fs_context *fc);
int tmpfs_parse_param(struct fs_context *fc, struct fs_parameter *param);

#endif
