/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The new mount API's calls (vfs/fsopen.c, vfs/mount_api.c) and what they
 * share with vfs/namespace.c: anonymous namespaces (the detached trees of
 * fsmount() and open_tree(OPEN_TREE_CLONE)) and the namespace.c functions
 * the kernel keeps in one file and the model splits across two.
 */
#ifndef _VFSIM_VFS_MOUNT_API_H
#define _VFSIM_VFS_MOUNT_API_H

#include <linux/slab.h>
#include <vfs/kernel.h>

/* An anonymous namespace has sequence number 0 (is_anon_ns() of 5.8). */
static inline bool is_anon_ns(struct mnt_namespace *ns)
{
	return ns->seq == 0;
}

/* free_mnt_ns(): an anonymous namespace once its tree is gone or moved. */
static inline void free_mnt_ns(struct mnt_namespace *ns)
{
	put_user_ns(ns->user_ns);
	kfree(ns);
}

/* namespace.c */
void namespace_lock(struct vfsim *v);
void namespace_unlock(struct vfsim *v);
void lock_mount_hash(struct vfsim *v);
void unlock_mount_hash(struct vfsim *v);
bool check_mnt(struct mount *mnt);
void touch_mnt_namespace(struct mnt_namespace *ns);
struct mount *clone_mnt(struct mount *old, struct dentry *root, int flag);
struct mount *copy_tree(struct mount *mnt, struct dentry *dentry, int flag);
bool is_subdir(struct dentry *d, struct dentry *ancestor);
/* attach_recursive_mnt()'s ways of attaching (6.5's names) */
enum mnt_tree_flags_t {
	MNT_TREE_MOVE = 1 << 0,		/* an attached mount moves */
	MNT_TREE_BENEATH = 1 << 1,	/* under the top of a stack */
};
int do_move_mount(struct path *old_path, struct path *new_path,
		  enum mnt_tree_flags_t flags);
/* namespace.c, for pivot_root.c: attaching and detaching by hand */
struct mountpoint *lock_mount(struct path *path);
void unlock_mount(struct vfsim *v, struct mountpoint *where);
void put_mountpoint(struct mountpoint *mp);
struct mountpoint *unhash_mnt(struct mount *mnt);
void umount_mnt(struct mount *mnt);
void attach_mnt(struct mount *mnt, struct mount *parent,
		struct mountpoint *mp, bool beneath);
void mnt_add_count(struct mount *mnt, int n);

/* fsopen.c */
extern const struct file_operations fscontext_fops;
long ksys_fsopen(const char __user *fs_name, unsigned int flags);
long ksys_fspick(int dfd, const char __user *path, unsigned int flags);
long ksys_fsconfig(int fd, unsigned int cmd, const char __user *key,
		   const void __user *value, int aux);

/* mount_api.c */
struct mount_attr;
long ksys_fsmount(int fs_fd, unsigned int flags, unsigned int attr_flags);
long ksys_move_mount(int from_dfd, const char __user *from_pathname,
		     int to_dfd, const char __user *to_pathname, unsigned int flags);
long ksys_open_tree(int dfd, const char __user *filename, unsigned int flags);
long ksys_mount_setattr(int dfd, const char __user *path, unsigned int flags,
			struct mount_attr __user *uattr, size_t usize);

#endif
