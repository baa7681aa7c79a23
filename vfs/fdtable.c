// SPDX-License-Identifier: LGPL-2.1-or-later
/* File descriptors (fs/file.c, fs/file_table.c): lowest free fd from 3. */
#include <fcntl.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

/* A process may have at most this many fds (RLIMIT_NOFILE's usual 1024). */
#define VFSIM_NR_OPEN 1024

struct file *alloc_file_path(const struct path *path, unsigned int flags,
			     const struct file_operations *fop)
{
	struct file *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return ERR_PTR(-ENOMEM);	/* __alloc_file(); -ENFILE is the nr_files limit */
	atomic_set(&f->f_count, 1);
	f->f_path = *path;
	path_get(&f->f_path);
	f->f_flags = flags;
	f->f_op = fop;
	if (flags & O_PATH)
		f->f_mode = FMODE_PATH;
	else if ((flags & O_ACCMODE) == O_RDONLY)
		f->f_mode = FMODE_READ;
	else if ((flags & O_ACCMODE) == O_WRONLY)
		f->f_mode = FMODE_WRITE;
	else
		f->f_mode = FMODE_READ | FMODE_WRITE;
	return f;
}

void fput(struct file *f)
{
	if (!f)
		return;
	if (atomic_dec_and_test(&f->f_count)) {
		if (f->f_op && f->f_op->release)
			f->f_op->release(f);
		if (f->f_mode & FMODE_WRITER)
			__mnt_drop_write(f->f_path.mnt);
		if (unlikely(f->f_mode & FMODE_NEED_UNMOUNT))
			dissolve_on_fput(f->f_path.mnt);
		path_put(&f->f_path);
		kfree(f);
	}
}

struct file *fget_raw(unsigned int fd)
{
	struct files_struct *files = current->files;
	struct file *f = NULL;

	spin_lock(&files->file_lock);
	if (fd < files->max_fds && files->fd[fd]) {
		f = files->fd[fd];
		atomic_inc(&f->f_count);
	}
	spin_unlock(&files->file_lock);
	return f;
}

/* Like fget_raw() but O_PATH files do not count (they carry no access). */
struct file *fget(unsigned int fd)
{
	struct file *f = fget_raw(fd);

	if (f && (f->f_mode & FMODE_PATH)) {
		fput(f);
		return NULL;
	}
	return f;
}

static int expand_files(struct files_struct *files, unsigned int nr)
{
	unsigned int max = files->max_fds ? files->max_fds : 16;
	struct file **fd;

	while (max <= nr)
		max *= 2;
	if (max > VFSIM_NR_OPEN)
		max = VFSIM_NR_OPEN;
	if (nr >= max)
		return -EMFILE;
	fd = kcalloc(max, sizeof(*fd), GFP_KERNEL);
	if (!fd)
		return -ENOMEM;
	if (files->fd)
		memcpy(fd, files->fd, files->max_fds * sizeof(*fd));
	kfree(files->fd);
	files->fd = fd;
	files->max_fds = max;
	return 0;
}

/* Install @file at the lowest free fd; the table takes the reference. */
int fd_install_new(struct file *file, unsigned int flags)
{
	struct files_struct *files = current->files;
	unsigned int fd;
	int err;

	(void)flags;
	spin_lock(&files->file_lock);
	for (fd = VFSIM_FIRST_FD; fd < files->max_fds; fd++)
		if (!files->fd[fd])
			break;
	if (fd >= files->max_fds) {
		err = expand_files(files, fd);
		if (err) {
			spin_unlock(&files->file_lock);
			return err;
		}
	}
	files->fd[fd] = file;
	spin_unlock(&files->file_lock);
	return (int)fd;
}

int close_fd(unsigned int fd)
{
	struct files_struct *files = current->files;
	struct file *f = NULL;

	spin_lock(&files->file_lock);
	if (fd < files->max_fds) {
		f = files->fd[fd];
		files->fd[fd] = NULL;
	}
	spin_unlock(&files->file_lock);
	if (!f)
		return -EBADF;
	fput(f);
	return 0;
}

/*
 * dup_fd - a copy of @oldf's table for a child without CLONE_FILES (or an
 * unshare(CLONE_FILES)): the same open files at the same numbers, each
 * with one more reference.  The copy is sized as the original, so it
 * needs one allocation besides itself.
 */
struct files_struct *dup_fd(struct files_struct *oldf, int *errorp)
{
	struct files_struct *newf = kzalloc(sizeof(*newf), GFP_KERNEL);
	unsigned int fd, max;

	*errorp = -ENOMEM;
	if (!newf)
		return NULL;
	atomic_set(&newf->count, 1);
	spin_lock_init(&newf->file_lock);
	spin_lock(&oldf->file_lock);
	/* Allocate without the lock, as 5.8's alloc_fdtable() does; the
	 * table may have grown meanwhile (another thread of the task). */
	while ((max = oldf->max_fds) > newf->max_fds) {
		spin_unlock(&oldf->file_lock);
		kfree(newf->fd);
		newf->fd = kcalloc(max, sizeof(*newf->fd), GFP_KERNEL);
		if (!newf->fd) {
			spin_lock_destroy(&newf->file_lock);
			kfree(newf);
			return NULL;
		}
		newf->max_fds = max;
		spin_lock(&oldf->file_lock);
	}
	for (fd = 0; fd < oldf->max_fds; fd++) {
		struct file *f = oldf->fd[fd];

		if (f)
			atomic_inc(&f->f_count);
		newf->fd[fd] = f;
	}
	spin_unlock(&oldf->file_lock);
	*errorp = 0;
	return newf;
}

/* The last task using @files is gone: close everything in it. */
void put_files_struct(struct files_struct *files)
{
	unsigned int fd;

	if (!atomic_dec_and_test(&files->count))
		return;
	for (fd = 0; fd < files->max_fds; fd++) {
		struct file *f = files->fd[fd];

		files->fd[fd] = NULL;
		fput(f);
	}
	kfree(files->fd);
	spin_lock_destroy(&files->file_lock);
	kfree(files);
}
