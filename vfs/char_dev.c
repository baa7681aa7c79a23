// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Character device nodes (fs/char_dev.c): opening one finds its driver
 * by device number, as chrdev_open() does in the cdev map, and hands the
 * file to it.  The model's map is this fixed table, the devices a
 * container's /dev holds (docs/filesystems.md, "Device nodes"):
 *
 *   1:3 null, 1:5 zero, 1:7 full, 1:8 random, 1:9 urandom  (vfs/mem.c)
 *   5:0 tty   the caller's controlling terminal: no task of the model
 *             has one, so -ENXIO, as tty_open_current_tty() answers
 *   5:2 ptmx  the pty master of the devpts instance at "pts" beside the
 *             node (devpts_acquire()): -ENOENT without one, -ENODEV if
 *             what is there is not devpts
 *
 * Any other number is -ENXIO (no cdev registered).
 */
#include <string.h>
#include <sys/sysmacros.h>

#include <vfs/kernel.h>

#include "char_dev.h"

static int tty_open(struct inode *inode, struct file *f)
{
	(void)inode, (void)f;
	return -ENXIO;
}

static const struct file_operations tty_fops = {
	.open = tty_open,
};

/*
 * devpts_ptmx_path() and the open of its ptmx: the "pts" beside the node,
 * followed down its mounts, must be the root of a devpts mount; devpts's
 * own ptmx node (made by devpts, whose driver is already its i_fop) opens
 * the pty for it.
 */
static struct dentry *d_hash_and_lookup(struct dentry *dir, const char *name)
{
	struct qstr q = { .name = name, .len = (unsigned int)strlen(name) };

	q.hash = full_name_hash(dir, name, q.len);
	return d_lookup(dir, &q);
}

static int ptmx_open(struct inode *inode, struct file *f)
{
	struct dentry *parent = f->f_path.dentry->d_parent;
	struct path path = { .mnt = f->f_path.mnt };
	struct dentry *node;
	struct inode *master;
	int err;

	(void)inode;
	path.dentry = d_hash_and_lookup(parent, "pts");
	if (!path.dentry)
		return -ENOENT;
	mntget(path.mnt);
	for (;;) {
		struct vfsmount *up = lookup_mnt(&path);

		if (!up)
			break;
		path_put(&path);
		path.mnt = up;
		path.dentry = dget(up->mnt_root);
	}
	err = -ENODEV;
	if (path.mnt->mnt_sb->s_magic != DEVPTS_SUPER_MAGIC ||
	    path.dentry != path.mnt->mnt_sb->s_root)
		goto out;
	node = d_hash_and_lookup(path.dentry, "ptmx");
	if (!node)
		goto out;
	master = node->d_inode;
	f->f_op = master->i_fop;
	err = f->f_op && f->f_op->open ? f->f_op->open(master, f) : -ENODEV;
	dput(node);
out:
	path_put(&path);
	return err;
}

static const struct file_operations ptmx_redirect_fops = {
	.open = ptmx_open,
};

static const struct chrdev {
	unsigned int major, minor;
	const struct file_operations *fops;
} chrdevs[] = {
	{ 1, 3, &null_fops },
	{ 1, 5, &zero_fops },
	{ 1, 7, &full_fops },
	{ 1, 8, &random_fops },
	{ 1, 9, &random_fops },
	{ 5, 0, &tty_fops },
	{ 5, 2, &ptmx_redirect_fops },
};

/* chrdev_open(): the driver's fops replace def_chr_fops, then its open */
static int chrdev_open(struct inode *inode, struct file *f)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(chrdevs); i++) {
		const struct chrdev *c = &chrdevs[i];

		if (c->major != major(inode->i_rdev) || c->minor != minor(inode->i_rdev))
			continue;
		f->f_op = c->fops;
		if (!f->f_op->open)
			return 0;
		return f->f_op->open(inode, f);
	}
	return -ENXIO;
}

const struct file_operations def_chr_fops = {
	.open = chrdev_open,
};
