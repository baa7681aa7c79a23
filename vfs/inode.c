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
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time_v(sb->s_kernel);
	return inode;
}

void iput_final(struct inode *inode)
{
	kfree(inode->i_link);
	kfree_rcu(inode, rcu);
}

bool capable(int cap)
{
	return current->cred.cap_effective & (1ULL << cap);
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
