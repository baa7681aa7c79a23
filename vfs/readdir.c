// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * getdents64(2) (fs/readdir.c of 5.8) over the in-memory filesystems'
 * directories (fs/libfs.c's dcache_dir_open(), dcache_readdir(),
 * dcache_dir_lseek(), dcache_dir_close()).
 *
 * Positions: 0 is ".", 1 is "..", 2 + n the (n+1)th child in d_subdirs
 * order, which is newest first (a rename makes a name the newest).  Each
 * open directory has a cursor, a dentry on d_subdirs after the last entry
 * read, so that a listing resumed by the next call goes on from there
 * whatever was created or removed meanwhile, as Linux's does; lseek()
 * places it by counting.  Each record is a struct linux_dirent64 whose
 * d_off is the position of the next one.  Linux 6.6 gave tmpfs stable
 * offsets (a2e459555c5f "shmem: stable directory offsets"): its d_off
 * values differ, not its order (docs/kernel-diff.md).
 */
#include <fcntl.h>
#include <stddef.h>

#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/syscalls.h>

struct linux_dirent64 {
	u64 d_ino;
	s64 d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

#define DIRENT64_NAME_OFFSET	offsetof(struct linux_dirent64, d_name)

static int dcache_dir_close(struct file *f)
{
	dput(f->private_data);
	f->private_data = NULL;
	return 0;
}

const struct file_operations simple_dir_operations = {
	.release = dcache_dir_close,
};

/* dcache_dir_open(): the cursor of a directory opened for reading. */
int dcache_dir_open(struct file *f)
{
	struct dentry *cursor = d_alloc_cursor(f->f_path.dentry);

	if (!cursor)
		return -ENOMEM;
	f->private_data = cursor;
	return 0;
}

/*
 * scan_positives(): the @count-th entry in the tree after @p on the
 * cursor's directory, with a reference, or NULL; @last (the previous
 * result) is dropped.  Caller holds dir_mutex.
 */
static struct dentry *scan_positives(struct dentry *cursor, struct list_head *p,
				     loff_t count, struct dentry *last)
{
	struct dentry *dir = cursor->d_parent, *found = NULL;
	struct vfsim *v = dir->d_sb->s_kernel;

	spin_lock(&v->dcache_lock);
	while ((p = p->next) != &dir->d_subdirs) {
		struct dentry *d = list_entry(p, struct dentry, d_child);

		if (simple_positive(d) && !--count) {
			found = dget(d);
			break;
		}
	}
	spin_unlock(&v->dcache_lock);
	dput(last);
	return found;
}

/* Where the cursor stands: after @after, or off the list (NULL). */
static void move_cursor(struct dentry *cursor, struct dentry *after, bool before)
{
	struct vfsim *v = cursor->d_sb->s_kernel;

	spin_lock(&v->dcache_lock);
	if (!after)
		list_del_init(&cursor->d_child);
	else if (before)
		list_move_tail(&cursor->d_child, &after->d_child);
	else
		list_move(&cursor->d_child, &after->d_child);
	spin_unlock(&v->dcache_lock);
}

struct getdents_callback64 {
	char __user *current_dir;
	size_t count;
	long error;
	bool emitted;
};

/* filldir64(): one record, or -EINVAL when it does not fit (an error only
 * if it is the first), -EFAULT when the buffer cannot be written. */
static int filldir64(struct getdents_callback64 *buf, const char *name,
		     unsigned int namlen, loff_t next_pos, u64 ino, umode_t mode)
{
	union {
		struct linux_dirent64 d;
		char bytes[DIRENT64_NAME_OFFSET + NAME_MAX + 1 + 8];
	} rec;
	size_t reclen = (DIRENT64_NAME_OFFSET + namlen + 1 + 7) & ~(size_t)7;

	buf->error = -EINVAL;	/* only used if we fail */
	if (reclen > buf->count)
		return -EINVAL;
	memset(&rec, 0, reclen);
	rec.d.d_ino = ino;
	rec.d.d_off = next_pos;
	rec.d.d_reclen = (unsigned short)reclen;
	rec.d.d_type = (unsigned char)((mode & S_IFMT) >> 12);
	memcpy(rec.d.d_name, name, namlen);
	if (copy_to_user(buf->current_dir, &rec, reclen)) {
		buf->error = -EFAULT;
		return -EFAULT;
	}
	buf->current_dir += reclen;
	buf->count -= reclen;
	buf->emitted = true;
	return 0;
}

/* dcache_readdir() from @pos; returns the position to continue at. */
static loff_t dcache_readdir(struct file *f, struct getdents_callback64 *buf, loff_t pos)
{
	struct dentry *dentry = f->f_path.dentry;
	struct dentry *cursor = f->private_data;
	struct dentry *next = NULL;
	struct list_head *p;

	if (pos == 0) {
		if (filldir64(buf, ".", 1, 1, dentry->d_inode->i_ino, S_IFDIR))
			return pos;
		pos = 1;
	}
	if (pos == 1) {
		/* parent_ino(): a filesystem's root is its own parent */
		if (filldir64(buf, "..", 2, 2, dentry->d_parent->d_inode->i_ino, S_IFDIR))
			return pos;
		pos = 2;
	}
	if (pos == 2)
		p = &dentry->d_subdirs;
	else if (!list_empty(&cursor->d_child))
		p = &cursor->d_child;
	else
		return pos;

	while ((next = scan_positives(cursor, p, 1, next)) != NULL) {
		if (filldir64(buf, next->d_name.name, next->d_name.len, pos + 1,
			      next->d_inode->i_ino, next->d_inode->i_mode))
			break;
		pos++;
		p = &next->d_child;
	}
	/* the cursor goes before the entry that did not fit, or off the
	 * list at the end */
	move_cursor(cursor, next, true);
	dput(next);
	return pos;
}

long ksys_getdents64(unsigned int fd, void __user *dirent, unsigned int count)
{
	struct getdents_callback64 buf = { .current_dir = dirent, .count = count };
	struct vfsim *v = current_kernel();
	struct inode *inode;
	struct file *f;
	long err;

	f = fget(fd);
	if (!f)
		return -EBADF;
	inode = f->f_path.dentry->d_inode;
	if (f->f_op != &simple_dir_operations) {
		err = -ENOTDIR;	/* no ->iterate_shared */
		goto out;
	}
	mutex_lock(&v->dir_mutex);
	err = -ENOENT;
	if (!IS_DEADDIR(inode)) {
		f->f_pos = dcache_readdir(f, &buf, f->f_pos);
		if (!(f->f_flags & O_NOATIME))
			touch_atime(&f->f_path);	/* file_accessed() */
		err = buf.emitted ? (long)(count - buf.count) : buf.error;
	}
	mutex_unlock(&v->dir_mutex);
out:
	fput(f);
	return err;
}

/*
 * dcache_dir_lseek(): SEEK_SET and SEEK_CUR to a position >= 0 (anything
 * else is -EINVAL); the cursor goes after the entry before that position.
 */
loff_t dcache_dir_lseek(struct file *f, loff_t offset, int whence)
{
	struct vfsim *v = current_kernel();

	switch (whence) {
	case SEEK_CUR:
		offset += READ_ONCE(f->f_pos);
		/* fall through */
	case SEEK_SET:
		if (offset >= 0)
			break;
		/* fall through */
	default:
		return -EINVAL;
	}
	mutex_lock(&v->dir_mutex);
	if (offset != f->f_pos && f->f_op == &simple_dir_operations) {
		struct dentry *cursor = f->private_data;
		struct dentry *to = NULL;

		if (offset > 2)
			to = scan_positives(cursor, &f->f_path.dentry->d_subdirs,
					    offset - 2, NULL);
		move_cursor(cursor, to, false);
		dput(to);
	}
	WRITE_ONCE(f->f_pos, offset);
	mutex_unlock(&v->dir_mutex);
	return offset;
}
