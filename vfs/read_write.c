// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * read(2), write(2), pread64(2), pwrite64(2), lseek(2) and ioctl(2)
 * (fs/read_write.c, fs/ioctl.c).  A file with data (->read_iter) reads
 * and writes at its f_pos, under its inode's i_rwsem, which stands for
 * both the kernel's f_pos_lock and its inode lock.
 */
#include <fcntl.h>
#include <sys/ioctl.h>

#include <linux/uaccess.h>
#include <vfs/syscalls.h>

#define SEEK_MAX	SEEK_HOLE

/* rw_verify_area(): a count and position the file can take */
static long rw_verify_area(loff_t pos, size_t *count)
{
	if (*count > (size_t)INT32_MAX - 4095)
		*count = (size_t)INT32_MAX - 4095;	/* MAX_RW_COUNT */
	if (pos < 0 || (loff_t)*count > INT64_MAX - pos)
		return -EINVAL;
	return 0;
}

static long file_read_iter(struct file *f, char __user *buf, size_t count, loff_t *ppos)
{
	struct inode *inode = f->f_path.dentry->d_inode;
	struct kiocb iocb = { .ki_filp = f };
	long ret;

	mutex_lock(&inode->i_mapping->i_rwsem);
	iocb.ki_pos = *ppos;
	ret = rw_verify_area(iocb.ki_pos, &count);
	if (!ret)
		ret = f->f_op->read_iter(&iocb, buf, count);
	if (ret > 0)
		*ppos = iocb.ki_pos;
	/* file_accessed(): any read that asked for bytes and did not fail */
	if (ret >= 0 && count && !(f->f_flags & O_NOATIME))
		touch_atime(&f->f_path);
	mutex_unlock(&inode->i_mapping->i_rwsem);
	return ret;
}

static long file_write_iter(struct file *f, const char __user *buf, size_t count,
			    loff_t *ppos)
{
	struct inode *inode = f->f_path.dentry->d_inode;
	struct kiocb iocb = { .ki_filp = f };
	long ret;

	/* O_APPEND: at the end, for write() and, as Linux has it, pwrite() */
	if (f->f_flags & O_APPEND)
		iocb.ki_flags |= IOCB_APPEND;
	mutex_lock(&inode->i_mapping->i_rwsem);
	iocb.ki_pos = *ppos;
	ret = rw_verify_area(iocb.ki_pos, &count);
	if (!ret)
		ret = f->f_op->write_iter(&iocb, buf, count);
	if (ret > 0)
		*ppos = iocb.ki_pos;
	mutex_unlock(&inode->i_mapping->i_rwsem);
	return ret;
}

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
	else if (f->f_op && f->f_op->read_iter)
		ret = file_read_iter(f, buf, count, &f->f_pos);
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
	else if (f->f_op && f->f_op->write_iter)
		ret = file_write_iter(f, buf, count, &f->f_pos);
	else if (!f->f_op || !f->f_op->write)
		ret = -EINVAL;
	else
		ret = f->f_op->write(f, buf, count);
	fput(f);
	return ret;
}

long ksys_pread64(unsigned int fd, char __user *buf, size_t count, loff_t pos)
{
	struct file *f;
	long ret;

	if (pos < 0)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	if (!(f->f_mode & FMODE_READ))
		ret = -EBADF;
	else if (d_is_dir(f->f_path.dentry))
		ret = -EISDIR;
	else if (!f->f_op || !f->f_op->read_iter)
		ret = -ESPIPE;	/* no FMODE_PREAD: pipes and the like */
	else
		ret = file_read_iter(f, buf, count, &pos);
	fput(f);
	return ret;
}

long ksys_pwrite64(unsigned int fd, const char __user *buf, size_t count, loff_t pos)
{
	struct file *f;
	long ret;

	if (pos < 0)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	if (!(f->f_mode & FMODE_WRITE))
		ret = -EBADF;
	else if (!f->f_op || !f->f_op->write_iter)
		ret = -ESPIPE;
	else
		ret = file_write_iter(f, buf, count, &pos);
	fput(f);
	return ret;
}

/*
 * ksys_lseek(): files with data seek with their ->llseek under i_rwsem, a
 * directory with dcache_dir_lseek(); pipes and the like refuse (no_llseek).
 */
long ksys_lseek(unsigned int fd, loff_t offset, unsigned int whence)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	if (whence > SEEK_MAX)
		ret = -EINVAL;
	else if (f->f_op && f->f_op->llseek && !f->f_op->read_iter) {
		/* a seq_file: its own lock (seq_lseek()) */
		ret = f->f_op->llseek(f, offset, (int)whence);
	} else if (f->f_op && f->f_op->llseek) {
		struct address_space *m = f->f_path.dentry->d_inode->i_mapping;

		/* a device's llseek (null_lseek()) has no pages to lock */
		if (m)
			mutex_lock(&m->i_rwsem);
		ret = f->f_op->llseek(f, offset, (int)whence);
		if (m)
			mutex_unlock(&m->i_rwsem);
	} else if (d_is_dir(f->f_path.dentry)) {
		ret = dcache_dir_lseek(f, offset, (int)whence);
	} else {
		ret = -ESPIPE;
	}
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
		/* do_vfs_ioctl(): FIONREAD of a regular file is what lies
		 * past its position (i_size_read() - f_pos) */
		struct inode *inode = f->f_path.dentry->d_inode;

		if (cmd == FIONREAD && S_ISREG(inode->i_mode)) {
			loff_t left = READ_ONCE(inode->i_size) - READ_ONCE(f->f_pos);

			ret = put_user((int)(left > 0 ? left : 0), (int __user *)arg);
		} else {
			ret = -ENOTTY;
		}
	}
	fput(f);
	return ret;
}
