// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * rename(2), renameat(2), renameat2(2) (fs/namei.c of 5.8: lock_rename(),
 * vfs_rename(), do_renameat2()).
 *
 * Both parents are looked up, must be on the same mount (EXDEV, even for
 * two binds of one filesystem), then write access and the directories'
 * lock.  lock_rename()'s "trap" catches a directory moved under itself
 * (EINVAL) and a target that is an ancestor of the source (ENOTEMPTY).
 * The filesystem's ->rename does the counting; the VFS then moves the
 * dentries (d_move(), d_exchange()) and detaches the mounts other
 * namespaces had on a target renamed over.
 */
#include <fcntl.h>
#include <stdint.h>

#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

#ifndef CAP_MKNOD
#define CAP_MKNOD	27	/* include/uapi/linux/capability.h */
#endif

/* lock_rename()'s trap, with dir_mutex already held: the child of one
 * parent on the way to the other, if either contains the other. */
static struct dentry *rename_trap(struct dentry *p1, struct dentry *p2)
{
	struct dentry *p;

	if (p1 == p2)
		return NULL;
	p = d_ancestor(p2, p1);
	if (p)
		return p;
	return d_ancestor(p1, p2);
}

/* may_create(): a removed directory's ENOENT came from the lookup of
 * the new name (lookup_one_locked()) */
static int may_create_child(struct inode *dir)
{
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

static int vfs_rename(struct inode *old_dir, struct dentry *old_dentry,
		      struct inode *new_dir, struct dentry *new_dentry,
		      unsigned int flags)
{
	struct vfsim *v = old_dir->i_sb->s_kernel;
	struct inode *source = old_dentry->d_inode;
	struct inode *target = new_dentry->d_inode;
	bool is_dir = S_ISDIR(source->i_mode);
	bool new_is_dir = false;
	int err;

	if (source == target)
		return 0;
	err = may_delete(old_dir, old_dentry, is_dir);
	if (err)
		return err;
	if (!target) {
		err = may_create_child(new_dir);
	} else {
		new_is_dir = S_ISDIR(target->i_mode);
		err = may_delete(new_dir, new_dentry,
				 (flags & RENAME_EXCHANGE) ? new_is_dir : is_dir);
	}
	if (err)
		return err;
	if (!old_dir->i_op || !old_dir->i_op->rename)
		return -EPERM;
	/* a directory moving to another parent rewrites its ".." */
	if (new_dir != old_dir) {
		if (is_dir && !(flags & RENAME_EXCHANGE)) {
			err = inode_permission(source, MAY_WRITE);
			if (err)
				return err;
		}
		if (new_is_dir && (flags & RENAME_EXCHANGE)) {
			err = inode_permission(target, MAY_WRITE);
			if (err)
				return err;
		}
	}
	down_read(&v->namespace_sem);
	/* lock_two_nondirectories(): by address, so two renames of the
	 * same pair in both directions take them in one order */
	if (target && (uintptr_t)target < (uintptr_t)source) {
		inode_lock_victim(target, 0);
		inode_lock_victim(source, 1);
	} else {
		inode_lock_victim(source, 0);
		inode_lock_victim(target, 1);
	}
	if (is_local_mountpoint(old_dentry) || is_local_mountpoint(new_dentry))
		err = -EBUSY;
	else
		err = old_dir->i_op->rename(old_dir, old_dentry, new_dir, new_dentry, flags);
	if (!err) {
		if (flags & RENAME_EXCHANGE)
			d_exchange(old_dentry, new_dentry);
		else
			d_move(old_dentry, new_dentry);
	}
	inode_unlock_victim(target);
	inode_unlock_victim(source);	/* either order */
	up_read(&v->namespace_sem);
	if (!err && !(flags & RENAME_EXCHANGE) && target)
		detach_mounts(new_dentry);
	return err;
}

long do_renameat2(int olddfd, const char __user *oldname, int newdfd,
		  const char __user *newname, unsigned int flags)
{
	struct vfsim *v = current_kernel();
	struct dentry *old_dentry, *new_dentry, *trap;
	struct filename *from, *to;
	struct path old_path, new_path;
	struct qstr old_last, new_last;
	int old_type, new_type;
	long err;

	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE | RENAME_WHITEOUT))
		return -EINVAL;
	if ((flags & (RENAME_NOREPLACE | RENAME_WHITEOUT)) && (flags & RENAME_EXCHANGE))
		return -EINVAL;
	if ((flags & RENAME_WHITEOUT) && !capable(CAP_MKNOD))
		return -EPERM;

	from = getname(oldname);
	if (IS_ERR(from))
		return PTR_ERR(from);
	to = getname(newname);
	if (IS_ERR(to)) {
		putname(from);
		return PTR_ERR(to);
	}
	err = filename_parentat(olddfd, from, 0, &old_path, &old_last, &old_type);
	if (err)
		goto out_names;
	err = filename_parentat(newdfd, to, 0, &new_path, &new_last, &new_type);
	if (err)
		goto out_old;

	err = -EXDEV;
	if (old_path.mnt != new_path.mnt)
		goto out_new;
	err = -EBUSY;
	if (old_type != LAST_NORM)
		goto out_new;
	if (flags & RENAME_NOREPLACE)
		err = -EEXIST;
	if (new_type != LAST_NORM)
		goto out_new;
	err = mnt_want_write(old_path.mnt);
	if (err)
		goto out_new;

	mutex_lock(&v->dir_mutex);
	trap = rename_trap(new_path.dentry, old_path.dentry);
	old_dentry = lookup_one_locked(&old_last, old_path.dentry);
	err = PTR_ERR(old_dentry);
	if (IS_ERR(old_dentry))
		goto out_unlock;
	err = -ENOENT;
	if (!old_dentry->d_inode)
		goto out_old_dentry;
	new_dentry = lookup_one_locked(&new_last, new_path.dentry);
	err = PTR_ERR(new_dentry);
	if (IS_ERR(new_dentry))
		goto out_old_dentry;
	err = -EEXIST;
	if ((flags & RENAME_NOREPLACE) && new_dentry->d_inode)
		goto out_new_dentry;
	if (flags & RENAME_EXCHANGE) {
		err = -ENOENT;
		if (!new_dentry->d_inode)
			goto out_new_dentry;
		err = -ENOTDIR;
		if (!d_is_dir(new_dentry) && new_last.name[new_last.len])
			goto out_new_dentry;
	}
	/* unless the source is a directory, trailing slashes give ENOTDIR */
	if (!d_is_dir(old_dentry)) {
		err = -ENOTDIR;
		if (old_last.name[old_last.len])
			goto out_new_dentry;
		if (!(flags & RENAME_EXCHANGE) && new_last.name[new_last.len])
			goto out_new_dentry;
	}
	/* the source must not be an ancestor of the target */
	err = -EINVAL;
	if (old_dentry == trap)
		goto out_new_dentry;
	/* nor the target an ancestor of the source */
	if (!(flags & RENAME_EXCHANGE))
		err = -ENOTEMPTY;
	if (new_dentry == trap)
		goto out_new_dentry;
	err = vfs_rename(old_path.dentry->d_inode, old_dentry,
			 new_path.dentry->d_inode, new_dentry, flags);
out_new_dentry:
	dput(new_dentry);
out_old_dentry:
	dput(old_dentry);
out_unlock:
	mutex_unlock(&v->dir_mutex);
	mnt_drop_write(old_path.mnt);
out_new:
	path_put(&new_path);
out_old:
	path_put(&old_path);
out_names:
	putname(to);
	putname(from);
	return err;
}
