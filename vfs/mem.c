// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The memory devices of major 1 (drivers/char/mem.c): null (1:3), zero
 * (1:5), full (1:7), random (1:8) and urandom (1:9).  Reads and writes
 * go through the uaccess seam, so a bad buffer is -EFAULT as in Linux.
 *
 * random and urandom are deterministic in the model: every open starts
 * the same pseudo-random stream (xorshift64*, a fixed seed), so a
 * scenario reads the same bytes on every run.  Neither blocks (5.8's
 * urandom never does, and random only before the pool is initialised,
 * which the model's always is); writing either is accepted and ignored
 * (write_pool() mixes, and mixing changes nothing the model shows).
 * mem, kmem, port and kmsg are not modelled: opening them is -ENXIO.
 */
#include <linux/uaccess.h>
#include <vfs/kernel.h>

#include "char_dev.h"

/* null_lseek(): every position is 0 (also zero's and full's). */
static loff_t null_lseek(struct file *f, loff_t offset, int whence)
{
	(void)offset, (void)whence;
	WRITE_ONCE(f->f_pos, 0);
	return 0;
}

/* noop_llseek(): random and urandom stay where they are */
static loff_t noop_llseek(struct file *f, loff_t offset, int whence)
{
	(void)offset, (void)whence;
	return READ_ONCE(f->f_pos);
}

static long read_null(struct file *f, void __user *buf, size_t len)
{
	(void)f, (void)buf, (void)len;
	return 0;
}

static long write_null(struct file *f, const void __user *buf, size_t len)
{
	(void)f, (void)buf;
	return (long)len;
}

/* read_iter_zero(): what is cleared before a fault counts, as in Linux */
static long read_zero(struct file *f, void __user *buf, size_t len)
{
	unsigned long left;

	(void)f;
	if (!len)
		return 0;
	left = clear_user(buf, len);
	if (left == len)
		return -EFAULT;
	return (long)(len - left);
}

static long write_full(struct file *f, const void __user *buf, size_t len)
{
	(void)f, (void)buf, (void)len;
	return -ENOSPC;
}

#define RANDOM_SEED 0x9e3779b97f4a7c15ULL

static int random_open(struct inode *inode, struct file *f)
{
	(void)inode;
	f->private_data = (void *)(uintptr_t)RANDOM_SEED;
	return 0;
}

/* The file's stream state lives in private_data (a word, no allocation). */
static u64 random_next(struct file *f)
{
	u64 x = (u64)(uintptr_t)f->private_data;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	f->private_data = (void *)(uintptr_t)x;
	return x * 0x2545f4914f6cdd1dULL;
}

static long read_random(struct file *f, void __user *buf, size_t len)
{
	char __user *p = buf;
	size_t done = 0;

	while (done < len) {
		u64 word = random_next(f);
		size_t n = len - done < sizeof(word) ? len - done : sizeof(word);

		if (copy_to_user(p + done, &word, n))
			return done ? (long)done : -EFAULT;
		done += n;
	}
	return (long)done;
}

const struct file_operations null_fops = {
	.llseek = null_lseek,
	.read = read_null,
	.write = write_null,
};

const struct file_operations zero_fops = {
	.llseek = null_lseek,
	.read = read_zero,
	.write = write_null,
};

const struct file_operations full_fops = {
	.llseek = null_lseek,
	.read = read_zero,
	.write = write_full,
};

const struct file_operations random_fops = {
	.llseek = noop_llseek,
	.open = random_open,
	.read = read_random,
	.write = write_null,
};
