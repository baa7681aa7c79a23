// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * unlink(2), unlinkat(2) and rmdir(2) (fs/namei.c of 5.8: may_delete(),
 * vfs_rmdir(), do_rmdir(), vfs_unlink(), do_unlinkat()).
 *
 * The parent is looked up, then write access to its mount is taken (a
 * read-only mount's EROFS comes before the name's ENOENT, as in 5.8), then
 * the directories' lock and the last component.  A name that is a
 * mountpoint in the caller's namespace is EBUSY; one that is a mountpoint
 * only elsewhere (a detached tree, another namespace) goes, and the mounts
 * on it there are detached (detach_mounts()).
 */
#include <fcntl.h>

#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

/* check_sticky(): in a sticky directory only the owner of the file or of
 * the directory, or CAP_FOWNER, removes or renames over a name. */
static bool check_sticky(struct inode *dir, struct inode *inode)
{
	kuid_t fsuid = current_cred()->fsuid;

	if (!(dir->i_mode & S_ISVTX))
		return false;
	if (inode->i_uid == fsuid || dir->i_uid == fsuid)
		return false;
	return !capable(CAP_FOWNER);
}

/*
 * may_delete - may @victim (a child of @dir) be removed, as a directory
 * when @isdir?  ENOENT for a negative name, the permission on @dir, EPERM
 * for the sticky bit, ENOTDIR/EISDIR for the wrong kind, EBUSY for a root.
 */
int may_delete(struct inode *dir, struct dentry *victim, bool isdir)
{
	struct inode *inode = victim->d_inode;
	int err;

	if (!inode)
		return -ENOENT;
	err = inode_permission(dir, MAY_WRITE | MAY_EXEC);
	if (err)
		return err;
	if (check_sticky(dir, inode))
		return -EPERM;
	if (isdir) {
		if (!S_ISDIR(inode->i_mode))
			return -ENOTDIR;
		if (IS_ROOT(victim))
			return -EBUSY;
	} else if (S_ISDIR(inode->i_mode)) {
		return -EISDIR;
	}
	/* 5.8's IS_DEADDIR(dir) test: a removed directory has no names
	 * left to find, so the victim's lookup failed already */
	return 0;
}

/*
 * vfs_rmdir(): the mountpoint test and the removal under namespace_sem
 * (read), so that no mount is made on the name between them (a mount's
 * d_set_mounted() refuses it once it is unhashed); then the mounts other
 * namespaces have on it go.  Caller holds dir_mutex and a reference on
 * @dentry.
 */
static int vfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	struct vfsim *v = dir->i_sb->s_kernel;
	int err = may_delete(dir, dentry, true);

	if (err)
		return err;
	if (!dir->i_op || !dir->i_op->rmdir)
		return -EPERM;
	down_read(&v->namespace_sem);
	if (is_local_mountpoint(dentry))
		err = -EBUSY;
	else
		err = dir->i_op->rmdir(dir, dentry);
	up_read(&v->namespace_sem);
	if (!err)
		detach_mounts(dentry);
	return err;
}

static int vfs_unlink(struct inode *dir, struct dentry *dentry)
{
	struct vfsim *v = dir->i_sb->s_kernel;
	int err = may_delete(dir, dentry, false);

	if (err)
		return err;
	if (!dir->i_op || !dir->i_op->unlink)
		return -EPERM;
	down_read(&v->namespace_sem);
	if (is_local_mountpoint(dentry)) {
		err = -EBUSY;
	} else {
		struct inode *target = dentry->d_inode;

		inode_lock_victim(target, 0);
		err = dir->i_op->unlink(dir, dentry);
		inode_unlock_victim(target);
	}
	up_read(&v->namespace_sem);
	if (!err)
		detach_mounts(dentry);
	return err;
}

/* The parent of @pathname, its write access and the directories' lock;
 * the caller ends with remove_end(). */
static int remove_begin(int dfd, const char __user *pathname, struct path *path,
			struct filename **name, struct qstr *last, int *type)
{
	int err;

	*name = getname(pathname);
	if (IS_ERR(*name))
		return (int)PTR_ERR(*name);
	err = filename_parentat(dfd, *name, 0, path, last, type);
	if (err)
		putname(*name);
	return err;
}

static void remove_end(struct path *path, struct filename *name)
{
	path_put(path);
	putname(name);
}

long do_rmdir(int dfd, const char __user *pathname)
{
	struct vfsim *v = current_kernel();
	struct filename *name;
	struct dentry *dentry;
	struct path path;
	struct qstr last;
	int type;
	long err;

	err = remove_begin(dfd, pathname, &path, &name, &last, &type);
	if (err)
		return err;
	switch (type) {
	case LAST_DOTDOT:
		err = -ENOTEMPTY;
		goto out;
	case LAST_DOT:
		err = -EINVAL;
		goto out;
	case LAST_ROOT:
		err = -EBUSY;
		goto out;
	}
	err = mnt_want_write(path.mnt);
	if (err)
		goto out;
	mutex_lock(&v->dir_mutex);
	dentry = lookup_one_locked(&last, path.dentry);
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
	} else {
		err = dentry->d_inode ? vfs_rmdir(path.dentry->d_inode, dentry) : -ENOENT;
		dput(dentry);
	}
	mutex_unlock(&v->dir_mutex);
	mnt_drop_write(path.mnt);
out:
	remove_end(&path, name);
	return err;
}

long do_unlinkat(int dfd, const char __user *pathname)
{
	struct vfsim *v = current_kernel();
	struct filename *name;
	struct dentry *dentry;
	struct path path;
	struct qstr last;
	int type;
	long err;

	err = remove_begin(dfd, pathname, &path, &name, &last, &type);
	if (err)
		return err;
	err = -EISDIR;
	if (type != LAST_NORM)
		goto out;
	err = mnt_want_write(path.mnt);
	if (err)
		goto out;
	mutex_lock(&v->dir_mutex);
	dentry = lookup_one_locked(&last, path.dentry);
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
	} else {
		/* a trailing slash names a directory: the error says what the
		 * name is instead (5.8's "slashes:") */
		if (!dentry->d_inode)
			err = -ENOENT;
		else if (last.name[last.len])
			err = S_ISDIR(dentry->d_inode->i_mode) ? -EISDIR : -ENOTDIR;
		else
			err = vfs_unlink(path.dentry->d_inode, dentry);
		dput(dentry);
	}
	mutex_unlock(&v->dir_mutex);
	mnt_drop_write(path.mnt);
out:
	remove_end(&path, name);
	return err;
}

long ksys_unlinkat(int dfd, const char __user *pathname, int flag)
{
	if (flag & ~AT_REMOVEDIR)
		return -EINVAL;
	if (flag & AT_REMOVEDIR)
		return do_rmdir(dfd, pathname);
	return do_unlinkat(dfd, pathname);
}
