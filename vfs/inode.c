// SPDX-License-Identifier: LGPL-2.1-or-later
/* Inodes and permission checks (fs/inode.c, fs/namei.c generic_permission). */
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

struct inode *new_inode(struct super_block *sb)
{
	struct inode *inode = kzalloc(sizeof(*inode), GFP_KERNEL);

	if (!inode)
		return NULL;
	inode->i_sb = sb;
	inode->i_ino = __atomic_add_fetch(&sb->s_next_ino, 1, __ATOMIC_RELAXED);
	inode->i_nlink = 1;
	atomic_set(&inode->i_count, 1);
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time_v(sb->s_kernel);
	return inode;
}

/* sock_no_open(): a socket node made by mknod has no socket behind it */
static int sock_no_open(struct inode *inode, struct file *f)
{
	(void)inode, (void)f;
	return -ENXIO;
}

const struct file_operations bad_sock_fops = {
	.open = sock_no_open,
};

/* init_special_inode(): what a device node, FIFO or socket opens with */
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev)
{
	inode->i_mode = mode;
	if (S_ISCHR(mode)) {
		inode->i_fop = &def_chr_fops;
		inode->i_rdev = rdev;
	} else if (S_ISBLK(mode)) {
		inode->i_fop = &def_blk_fops;
		inode->i_rdev = rdev;
	} else if (S_ISFIFO(mode)) {
		inode->i_fop = &def_fifo_fops;
	} else {
		WARN_ON(!S_ISSOCK(mode));
		inode->i_fop = &bad_sock_fops;
	}
}

void iput_final(struct inode *inode)
{
	const struct super_operations *op = inode->i_sb ? inode->i_sb->s_op : NULL;

	/* evict(): the filesystem's accounting, then the pages */
	if (op && op->evict_inode)
		op->evict_inode(inode);
	if (!inode->i_nlink && inode->i_sb)
		atomic_long_dec(&inode->i_sb->s_remove_count);
	truncate_inode_pages_final(inode);
	kfree(inode->i_link);
	kfree_rcu(inode, rcu);
}

/* ihold(): one more dentry (a hard link) or user of @inode. */
void ihold(struct inode *inode)
{
	atomic_inc(&inode->i_count);
}

void drop_nlink(struct inode *inode)
{
	WARN_ON(!inode->i_nlink);
	if (!--inode->i_nlink)
		atomic_long_inc(&inode->i_sb->s_remove_count);
}

/* The last dentry of @inode going (with every link, since unlinked inodes
 * are kept only by their dentries) evicts it. */
void iput(struct inode *inode)
{
	if (atomic_dec_and_test(&inode->i_count))
		iput_final(inode);
}

/*
 * relatime: update an atime that is not newer than the mtime or the ctime,
 * or a day old; other mounts update every time (strictatime).
 */
static bool relatime_need_update(struct vfsmount *mnt, struct inode *inode,
				 struct timespec64 now)
{
	if (!(READ_ONCE(mnt->mnt_flags) & MNT_RELATIME))
		return true;
	if (timespec64_compare(&inode->i_mtime, &inode->i_atime) >= 0)
		return true;
	if (timespec64_compare(&inode->i_ctime, &inode->i_atime) >= 0)
		return true;
	return now.tv_sec - inode->i_atime.tv_sec >= 24 * 60 * 60;
}

/*
 * Whether reading @inode through @path changes its atime.  The walk asks
 * before following a symlink: a yes makes 5.8's RCU walk leave RCU mode
 * (pick_link()'s unlazy_walk()), so the walk ends with path_put() and is a
 * use of the mounts it holds then (mntput() clears their expiry marks).
 */
bool atime_needs_update(const struct path *path, struct inode *inode)
{
	struct vfsmount *mnt = path->mnt;
	unsigned int mnt_flags = READ_ONCE(mnt->mnt_flags);
	struct timespec64 now;

	if (READ_ONCE(inode->i_sb->s_flags) & (SB_RDONLY | SB_NOATIME))
		return false;	/* IS_NOATIME() */
	if (mnt_flags & MNT_NOATIME)
		return false;
	if ((mnt_flags & MNT_NODIRATIME) && S_ISDIR(inode->i_mode))
		return false;
	now = current_time_v(inode->i_sb->s_kernel);
	if (!relatime_need_update(mnt, inode, now))
		return false;
	return !timespec64_equal(&inode->i_atime, &now);
}

/* A read-only mount keeps the atime (__mnt_want_write() fails), though the
 * question above was still asked. */
void touch_atime(const struct path *path)
{
	struct inode *inode = path->dentry->d_inode;

	if (!atime_needs_update(path, inode))
		return;
	if (__mnt_is_readonly(path->mnt))
		return;
	inode->i_atime = current_time_v(inode->i_sb->s_kernel);
}

bool capable(int cap)
{
	return cap_capable(&current->cred, &current->kernel->init_user_ns, cap);
}

static int generic_permission(struct inode *inode, int mask)
{
	const struct cred *cred = current_cred();
	umode_t mode = inode->i_mode;

	if (cred->fsuid == inode->i_uid)
		mode >>= 6;
	else if (cred->fsgid == inode->i_gid)
		mode >>= 3;
	if ((mask & ~mode & (MAY_READ | MAY_WRITE | MAY_EXEC)) == 0)
		return 0;

	/* The capability overrides, as capable_wrt_inode_uidgid() grants them. */
	if (S_ISDIR(inode->i_mode)) {
		if (!(mask & MAY_WRITE) && capable(CAP_DAC_READ_SEARCH))
			return 0;
		if (capable(CAP_DAC_OVERRIDE))
			return 0;
		return -EACCES;
	}
	if (capable(CAP_DAC_OVERRIDE) &&
	    (!(mask & MAY_EXEC) || (inode->i_mode & 0111)))
		return 0;
	if (mask == MAY_READ && capable(CAP_DAC_READ_SEARCH))
		return 0;
	return -EACCES;
}

int inode_permission(struct inode *inode, int mask)
{
	if ((mask & MAY_WRITE) && sb_rdonly(inode->i_sb) &&
	    (S_ISREG(inode->i_mode) || S_ISDIR(inode->i_mode) ||
	     S_ISLNK(inode->i_mode)))
		return -EROFS;
	return generic_permission(inode, mask);
}
