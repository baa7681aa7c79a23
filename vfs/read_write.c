// SPDX-License-Identifier: LGPL-2.1-or-later
/* read(2), write(2) and ioctl(2) (fs/read_write.c, fs/ioctl.c). */
#include <sys/ioctl.h>

#include <linux/uaccess.h>
#include <vfs/syscalls.h>

long ksys_read(unsigned int fd, char __user *buf, size_t count)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	if (!(f->f_mode & FMODE_READ))
		ret = -EBADF;
	else if (d_is_dir(f->f_path.dentry))
		ret = -EISDIR;
	else if (!f->f_op || !f->f_op->read)
		ret = -EINVAL;
	else
		ret = f->f_op->read(f, buf, count);
	fput(f);
	return ret;
}

long ksys_write(unsigned int fd, const char __user *buf, size_t count)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	if (!(f->f_mode & FMODE_WRITE))
		ret = -EBADF;
	else if (!f->f_op || !f->f_op->write)
		ret = -EINVAL;
	else
		ret = f->f_op->write(f, buf, count);
	fput(f);
	return ret;
}

long ksys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg)
{
	struct file *f = fget(fd);
	long ret = -ENOIOCTLCMD;

	if (!f)
		return -EBADF;
	if (f->f_op && f->f_op->unlocked_ioctl)
		ret = f->f_op->unlocked_ioctl(f, cmd, arg);
	if (ret == -ENOIOCTLCMD) {
		/* do_vfs_ioctl(): a regular file of the model is always empty. */
		if (cmd == FIONREAD && S_ISREG(f->f_path.dentry->d_inode->i_mode))
			ret = put_user(0, (int __user *)arg);
		else
			ret = -ENOTTY;
	}
	fput(f);
	return ret;
}
