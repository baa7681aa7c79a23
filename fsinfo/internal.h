/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared between the files of fsinfo/ (the kernel keeps these in
 * fs/fsinfo.c, fs/namespace.c and fs/internal.h).
 *
 * Locking: a query pins its object with a path reference for the whole
 * call.  The mount attributes read the mount tree (parents, children,
 * propagation) under namespace_sem for reading, where v17 used RCU on
 * lists that are not RCU-managed (review finding: Miklos on patch 10).
 */
#ifndef _VFSIM_FSINFO_INTERNAL_H
#define _VFSIM_FSINFO_INTERNAL_H

#include <fsinfo/fsinfo.h>
#include <vfs/kernel.h>

#ifndef PAGE_SIZE
#define PAGE_SIZE 4096
#endif

/* common.c: the table every query falls back to, in v17's order. */
extern const struct fsinfo_attribute fsinfo_common_attributes[];

/* core.c */
int vfs_fsinfo(struct path *path, struct fsinfo_context *ctx);

/* lookup.c: the three kinds of query. */
int vfs_fsinfo_path(int dfd, const char __user *pathname,
		    unsigned int at_flags, struct fsinfo_context *ctx);
int vfs_fsinfo_fd(unsigned int fd, struct fsinfo_context *ctx);
int vfs_fsinfo_mount(int dfd, const char __user *filename,
		     struct fsinfo_context *ctx);

/* mount_lookup.c (patch 09) */
bool are_paths_connected(const struct path *ancestor, const struct path *to_check);
int lookup_mount_object(const struct path *root, int mnt_id, struct path *mntpt);

/* generic.c, features.c, mount_info.c: the common table's getters. */
int fsinfo_generic_statfs(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_ids(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_volume_id(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_volume_uuid(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_sb_notifications(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_mount_info(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_mount_devname(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_mount_point(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_mount_children(struct path *path, struct fsinfo_context *ctx);

/* syscall.c: sys_fsinfo() */
long ksys_fsinfo(int dfd, const char __user *pathname,
		 const struct fsinfo_params __user *params,
		 void __user *user_buffer, size_t user_buf_size);

#endif
