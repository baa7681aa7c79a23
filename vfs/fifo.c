// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * FIFOs made by mknod (fs/pipe.c's fifo_open()), their open rules only:
 * a reader with O_NONBLOCK opens at once; a writer with O_NONBLOCK and no
 * reader is -ENXIO; O_RDWR opens at once; an open that would wait for
 * the other end returns -ERESTARTSYS, as a pending signal makes the
 * kernel's wait end (the model never sleeps in open; see the scenario
 * language's read_nowait for the same convention).  A FIFO carries no
 * data in the model: read and write are -EINVAL.  Not modelled, and why:
 * docs/filesystems.md, "Device nodes".
 *
 * The counts of readers and writers live in the inode's i_private word
 * (readers in the low half, writers in the high half), changed with
 * atomics: a FIFO needs no allocation, so its open cannot fail for memory.
 */
#include <fcntl.h>

#include <vfs/kernel.h>

#define FIFO_READER	1UL
#define FIFO_WRITER	(1UL << 32)

static unsigned long fifo_counts(struct inode *inode, unsigned long add, bool sub)
{
	unsigned long *w = (unsigned long *)&inode->i_private;

	if (sub)
		return __atomic_sub_fetch(w, add, __ATOMIC_ACQ_REL);
	return __atomic_add_fetch(w, add, __ATOMIC_ACQ_REL);
}

static unsigned long fifo_mine(const struct file *f)
{
	unsigned long mine = 0;

	if (f->f_mode & FMODE_READ)
		mine += FIFO_READER;
	if (f->f_mode & FMODE_WRITE)
		mine += FIFO_WRITER;
	return mine;
}

static int fifo_open(struct inode *inode, struct file *f)
{
	unsigned long now, mine = fifo_mine(f);
	bool nonblock = f->f_flags & O_NONBLOCK;

	now = fifo_counts(inode, mine, false);
	switch (f->f_mode & (FMODE_READ | FMODE_WRITE)) {
	case FMODE_READ:
		if (nonblock || now >> 32)
			return 0;
		break;
	case FMODE_WRITE:
		if ((u32)now)
			return 0;
		if (nonblock) {
			fifo_counts(inode, mine, true);
			return -ENXIO;
		}
		break;
	default:
		return 0;
	}
	fifo_counts(inode, mine, true);
	return -ERESTARTSYS;
}

static int fifo_release(struct file *f)
{
	fifo_counts(f->f_path.dentry->d_inode, fifo_mine(f), true);
	return 0;
}

const struct file_operations def_fifo_fops = {
	.open = fifo_open,
	.release = fifo_release,
};
