/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Propagation internals shared by namespace.c and pnode.c (fs/pnode.h). */
#ifndef _VFSIM_VFS_PNODE_H
#define _VFSIM_VFS_PNODE_H

#include <vfs/mount.h>

/* copy_tree()/clone_mnt() flags */
#define CL_EXPIRE		0x01
#define CL_SLAVE		0x02
#define CL_COPY_UNBINDABLE	0x04
#define CL_MAKE_SHARED		0x08
#define CL_PRIVATE		0x10
#define CL_SHARED_TO_SLAVE	0x20
#define CL_COPY_MNT_NS_FILE	0x40

int mnt_alloc_group_id(struct mount *mnt);
struct mount *copy_tree(struct mount *mnt, struct dentry *dentry, int flag);
void mnt_set_mountpoint(struct mount *mnt, struct mountpoint *mp,
			struct mount *child_mnt);
int count_mounts(struct mnt_namespace *ns, struct mount *mnt);
void umount_notify_order(struct list_head *set, struct list_head *order);
bool propagation_would_overmount(const struct mount *from,
				 const struct mount *to,
				 const struct mountpoint *mp);
void mnt_change_mountpoint(struct mount *parent, struct mountpoint *mp,
			   struct mount *mnt);

#endif
