/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Path walk (fs/namei.c): lookup flags and entry points. */
#ifndef _VFSIM_VFS_NAMEI_H
#define _VFSIM_VFS_NAMEI_H

#include <vfs/mount.h>

#define LOOKUP_FOLLOW		0x0001	/* follow links at the end */
#define LOOKUP_DIRECTORY	0x0002	/* require a directory */
#define LOOKUP_AUTOMOUNT	0x0004	/* force terminal automount */
#define LOOKUP_EMPTY		0x4000	/* accept empty path [user_... only] */
#define LOOKUP_MOUNTPOINT	0x0080	/* follow mounts in the end (umount) */
#define LOOKUP_OPEN		0x0100	/* ... in open */
#define LOOKUP_CREATE		0x0200	/* ... in object creation */

enum { LAST_NORM, LAST_ROOT, LAST_DOT, LAST_DOTDOT };

/* A kernel copy of a user pathname (getname()). */
struct filename {
	const char *name;
	int refcnt;
	char iname[];
};

struct filename *getname_flags(const char __user *filename, int flags, int *empty);
static inline struct filename *getname(const char __user *name)
{
	return getname_flags(name, 0, NULL);
}
void putname(struct filename *name);

int filename_lookup(int dfd, struct filename *name, unsigned int flags,
		    struct path *path);
/* The parent of the last component, which is returned in @last (pointing
 * into @name) with its type; trailing slashes are allowed. */
int filename_parentat(int dfd, struct filename *name, unsigned int flags,
		      struct path *parent, struct qstr *last, int *type);
int user_path_at(int dfd, const char __user *name, unsigned int flags,
		 struct path *path);
int kern_path(const char *name, unsigned int flags, struct path *path);
/* Lookup flags from the AT_* flags of a *at() syscall; -EINVAL on others. */
/* Directory changes (vfs/namei.c): the last component under dir_mutex. */
struct dentry *lookup_one_locked(const struct qstr *last, struct dentry *base);
struct dentry *user_path_create(int dfd, const char __user *pathname,
				struct path *path, unsigned int lookup_flags);
void user_done_path_create(struct path *path, struct dentry *dentry);
/*
 * The victim's inode lock (5.8's inode_lock() of the file unlinked,
 * linked, renamed or touched): a regular file's is its mapping's i_rwsem,
 * which read and write hold, since these change its times and links.  A
 * rename locks two, the second as a nested class; dir_mutex orders them.
 */
static inline void inode_lock_victim(struct inode *inode, int subclass)
{
	if (inode && inode->i_mapping)
		mutex_lock_nested(&inode->i_mapping->i_rwsem, subclass);
}

static inline void inode_unlock_victim(struct inode *inode)
{
	if (inode && inode->i_mapping)
		mutex_unlock(&inode->i_mapping->i_rwsem);
}

/* vfs/unlink.c: may_delete() of 5.8, for unlink, rmdir and rename */
int may_delete(struct inode *dir, struct dentry *victim, bool isdir);
int at_flags_to_lookup_flags(unsigned int at_flags, unsigned int allowed,
			     unsigned int *lookup_flags);

#endif
