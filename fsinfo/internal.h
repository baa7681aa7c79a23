/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What fsinfo.c (the kernel's fs/fsinfo.c) and namespace.c (the fsinfo
 * parts of fs/namespace.c) share; the kernel keeps these declarations in
 * fs/internal.h.
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

/* fsinfo.c: the table every query falls back to, in v17's order. */
extern const struct fsinfo_attribute fsinfo_common_attributes[];

/* fsinfo.c: sys_fsinfo(), called by the API layer (api/fsinfo.c). */
long ksys_fsinfo(int dfd, const char __user *pathname,
		 const struct fsinfo_params __user *params,
		 void __user *user_buffer, size_t user_buf_size);

/* namespace.c: the root of mount @mnt_id, if @root (NULL: the caller's
 * root) can see it (patch 09). */
int lookup_mount_object(const struct path *root, int mnt_id, struct path *mntpt);

/* namespace.c: the common table's mount attributes (patches 10 and 12). */
int fsinfo_generic_mount_info(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_mount_devname(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_mount_point(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_mount_children(struct path *path, struct fsinfo_context *ctx);

#endif
