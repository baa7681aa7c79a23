// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * link(2) and linkat(2) (fs/namei.c of 5.8: vfs_link(), do_linkat()): a
 * second name for a file, on the same mount (EXDEV otherwise, even for
 * two binds of one filesystem).  Not for directories (EPERM), nor for a
 * file whose last name went (ENOENT: linkat(AT_EMPTY_PATH) of an open,
 * unlinked file).  fs.protected_hardlinks (may_linkat()) is not modelled:
 * the sysctl's default, 0, is what the model does.
 */
#include <fcntl.h>

#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

static int vfs_link(struct dentry *old_dentry, struct inode *dir, struct dentry *new_dentry)
{
	struct inode *inode = old_dentry->d_inode;
	int err;

	/* may_create()'s IS_DEADDIR(): filename_create() refused already */
	err = inode_permission(dir, MAY_WRITE | MAY_EXEC);
	if (err)
		return err;
	if (dir->i_sb != inode->i_sb)
		return -EXDEV;
	if (!dir->i_op || !dir->i_op->link)
		return -EPERM;
	if (S_ISDIR(inode->i_mode))
		return -EPERM;
	if (!inode->i_nlink)
		return -ENOENT;
	if (inode->i_sb->s_max_links && inode->i_nlink >= inode->i_sb->s_max_links)
		return -EMLINK;
	inode_lock_victim(inode, 0);
	err = dir->i_op->link(old_dentry, dir, new_dentry);
	inode_unlock_victim(inode);
	return err;
}

long do_linkat(int olddfd, const char __user *oldname, int newdfd,
	       const char __user *newname, int flags)
{
	struct dentry *new_dentry;
	struct path old_path, new_path;
	unsigned int how = 0;
	long err;

	if (flags & ~(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	/* linkat(AT_EMPTY_PATH) gives a file another name: only with
	 * CAP_DAC_READ_SEARCH, ENOENT without, as if the name were not there */
	if (flags & AT_EMPTY_PATH) {
		if (!capable(CAP_DAC_READ_SEARCH))
			return -ENOENT;
		how = LOOKUP_EMPTY;
	}
	if (flags & AT_SYMLINK_FOLLOW)
		how |= LOOKUP_FOLLOW;
	err = user_path_at(olddfd, oldname, how, &old_path);
	if (err)
		return err;
	new_dentry = user_path_create(newdfd, newname, &new_path, 0);
	err = PTR_ERR(new_dentry);
	if (IS_ERR(new_dentry))
		goto out;
	err = -EXDEV;
	if (old_path.mnt != new_path.mnt)
		goto out_dput;
	err = vfs_link(old_path.dentry, new_path.dentry->d_inode, new_dentry);
out_dput:
	user_done_path_create(&new_path, new_dentry);
out:
	path_put(&old_path);
	return err;
}
