// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * utimensat(2) (fs/utimes.c of 5.8, with notify_change()'s time checks):
 * set a file's access and modification times, each to a given time, to
 * now (UTIME_NOW) or left alone (UTIME_OMIT); the change time is always
 * now.  Given times are the owner's (or CAP_FOWNER's) to set: EPERM; both
 * "now" (a NULL @utimes) is also anyone's with write permission: EACCES.
 * A NULL @filename with a real @dfd is futimens(): the file itself.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

static bool nsec_valid(long nsec)
{
	if (nsec == UTIME_OMIT || nsec == UTIME_NOW)
		return true;
	return nsec >= 0 && nsec <= 999999999;
}

static bool inode_owner_or_capable(const struct inode *inode)
{
	return current_cred()->fsuid == inode->i_uid || capable(CAP_FOWNER);
}

static long vfs_utimes(const struct path *path, struct timespec *times)
{
	struct inode *inode = path->dentry->d_inode;
	struct timespec64 now;
	long err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	if (times && times[0].tv_nsec == UTIME_NOW && times[1].tv_nsec == UTIME_NOW)
		times = NULL;
	if (times) {
		/* ATTR_TIMES_SET: setattr_prepare() */
		if (!inode_owner_or_capable(inode))
			err = -EPERM;
	} else if (!inode_owner_or_capable(inode)) {
		/* ATTR_TOUCH: notify_change() */
		err = inode_permission(inode, MAY_WRITE);
	}
	if (!err) {
		inode_lock_victim(inode, 0);
		now = current_time_v(inode->i_sb->s_kernel);
		if (!times || times[0].tv_nsec == UTIME_NOW)
			inode->i_atime = now;
		else if (times[0].tv_nsec != UTIME_OMIT)
			inode->i_atime = (struct timespec64){ times[0].tv_sec, times[0].tv_nsec };
		if (!times || times[1].tv_nsec == UTIME_NOW)
			inode->i_mtime = now;
		else if (times[1].tv_nsec != UTIME_OMIT)
			inode->i_mtime = (struct timespec64){ times[1].tv_sec, times[1].tv_nsec };
		inode->i_ctime = now;
		inode_unlock_victim(inode);
	}
	mnt_drop_write(path->mnt);
	return err;
}

long do_utimensat(int dfd, const char __user *filename,
		  const struct timespec __user *utimes, int flags)
{
	struct timespec tstimes[2], *times = NULL;
	unsigned int lookup_flags = LOOKUP_FOLLOW;
	struct path path;
	long err;

	if (utimes) {
		if (copy_from_user(tstimes, utimes, sizeof(tstimes)))
			return -EFAULT;
		/* both UTIME_OMIT: nothing to do (utimensat's shortcut) */
		if (tstimes[0].tv_nsec == UTIME_OMIT && tstimes[1].tv_nsec == UTIME_OMIT)
			return 0;
		times = tstimes;
	}
	if (times && (!nsec_valid(times[0].tv_nsec) || !nsec_valid(times[1].tv_nsec)))
		return -EINVAL;
	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (!filename && dfd != AT_FDCWD) {
		struct file *f;

		if (flags)
			return -EINVAL;
		f = dfd < 0 ? NULL : fget_raw((unsigned int)dfd);
		if (!f)
			return -EBADF;
		err = vfs_utimes(&f->f_path, times);
		fput(f);
		return err;
	}
	if (!filename)
		return -EFAULT;
	if (flags & AT_SYMLINK_NOFOLLOW)
		lookup_flags &= ~LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;
	err = user_path_at(dfd, filename, lookup_flags, &path);
	if (err)
		return err;
	err = vfs_utimes(&path, times);
	path_put(&path);
	return err;
}
