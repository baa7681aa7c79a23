// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * statx(2) (fs/stat.c).  5.8 has statx with STATX_MNT_ID; Linux 6.8 adds
 * STATX_MNT_ID_UNIQUE, the 64-bit ID that statmount(2) and listmount(2)
 * take, and 6.18 answers with exactly one of the two: the unique ID when
 * it was asked for, the old one otherwise.  The model has no birth times,
 * so the basic stats it gives are those its inodes carry
 * (STATX_BASIC_STATS).
 *
 * Attributes as 5.8 reports them for the model's filesystems: none of
 * theirs (ramfs and 5.8's shmem_getattr() set no attribute and no
 * attributes_mask bit; AUTOMOUNT is set on an automount point, and only
 * vfs_statx()'s STATX_ATTR_MOUNT_ROOT is ever in attributes_mask, on every
 * file).  Later kernels add bits to the mask and the answer (6.18 on tmpfs:
 * AUTOMOUNT|DAX in every mask, APPEND|IMMUTABLE|NODUMP from shmem, and
 * STATX_BTIME): era differences, tests/kernel/era-differences.txt.
 *
 * Only a superblock marked SB_NOATIME gives no STATX_ATIME; a read-only
 * one still has its atimes ("statx: don't clear STATX_ATIME on
 * SB_RDONLY", 5.8).
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/statmount.h>

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE	0x00004000U	/* Want/got extended stx_mount_id */
#endif
#ifndef STATX_ATTR_MOUNT_ROOT
#define STATX_ATTR_MOUNT_ROOT	0x00002000	/* Root of a mount */
#endif
#ifndef STATX_ATTR_AUTOMOUNT
#define STATX_ATTR_AUTOMOUNT	0x00001000	/* Dir: Automount trigger */
#endif
#define STATX__RESERVED		0x80000000U

/* What the model's inodes carry: STATX_BASIC_STATS. */
#define STATX_MODEL_STATS	(STATX_TYPE | STATX_MODE | STATX_NLINK | STATX_UID | \
				 STATX_GID | STATX_ATIME | STATX_MTIME | STATX_CTIME | \
				 STATX_INO | STATX_SIZE | STATX_BLOCKS)

static void statx_time(struct statx_timestamp *t, const struct timespec64 *ts)
{
	t->tv_sec = ts->tv_sec;
	t->tv_nsec = (__u32)ts->tv_nsec;
}

long do_statx(int dfd, const char __user *filename, unsigned int flags,
	      unsigned int mask, struct statx __user *buffer)
{
	unsigned int lookup_flags;
	struct statx tmp;
	struct inode *inode;
	struct mount *m;
	struct path path;
	long err;

	if (mask & STATX__RESERVED)
		return -EINVAL;
	if ((flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_TYPE)
		return -EINVAL;
	err = at_flags_to_lookup_flags(flags & ~AT_STATX_SYNC_TYPE,
				       AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH,
				       &lookup_flags);
	if (err)
		return err;
	err = user_path_at(dfd, filename, lookup_flags, &path);
	if (err)
		return err;

	memset(&tmp, 0, sizeof(tmp));
	inode = path.dentry->d_inode;
	m = real_mount(path.mnt);
	tmp.stx_mask = STATX_MODEL_STATS;
	/* SB_NOATIME: the filesystem has no atime to give */
	if (path.dentry->d_sb->s_flags & SB_NOATIME)
		tmp.stx_mask &= ~STATX_ATIME;
	if (path.dentry->d_flags & DCACHE_NEED_AUTOMOUNT)
		tmp.stx_attributes |= STATX_ATTR_AUTOMOUNT;	/* IS_AUTOMOUNT() */
	/* vfs_statx(): the root of the mount the path ended on */
	if (path.mnt->mnt_root == path.dentry)
		tmp.stx_attributes |= STATX_ATTR_MOUNT_ROOT;
	tmp.stx_attributes_mask = STATX_ATTR_MOUNT_ROOT;
	tmp.stx_blksize = (__u32)path.dentry->d_sb->s_blocksize;
	tmp.stx_nlink = inode->i_nlink;
	tmp.stx_uid = inode->i_uid;
	tmp.stx_gid = inode->i_gid;
	tmp.stx_mode = (__u16)inode->i_mode;
	tmp.stx_ino = inode->i_ino;
	tmp.stx_size = (__u64)inode->i_size;
	tmp.stx_blocks = inode->i_blocks;
	statx_time(&tmp.stx_atime, &inode->i_atime);
	statx_time(&tmp.stx_mtime, &inode->i_mtime);
	statx_time(&tmp.stx_ctime, &inode->i_ctime);
	tmp.stx_dev_major = major(path.dentry->d_sb->s_dev);
	tmp.stx_dev_minor = minor(path.dentry->d_sb->s_dev);
	tmp.stx_rdev_major = major(inode->i_rdev);
	tmp.stx_rdev_minor = minor(inode->i_rdev);
	if (mask & STATX_MNT_ID_UNIQUE) {
		tmp.stx_mnt_id = m->mnt_id_unique;
		tmp.stx_mask |= STATX_MNT_ID_UNIQUE;
	} else {
		tmp.stx_mnt_id = (__u64)m->mnt_id;
		tmp.stx_mask |= STATX_MNT_ID;
	}
	path_put(&path);
	return copy_to_user(buffer, &tmp, sizeof(tmp)) ? -EFAULT : 0;
}
