// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Block device nodes and the disks behind them (fs/block_dev.c).
 *
 * The model has no block layer; its "disks" are names the simulated
 * block-device filesystem (fs/ext4) is mounted from.  The rule (docs/
 * filesystems.md, "Device nodes"): a simulated disk is a virtio disk
 * vdX or a SCSI disk sdX, X a letter, whole or with a partition 1-15:
 * vd* is block major 254, sd* major 8, the minor 16 per disk plus the
 * partition, as virtio_blk and sd number them.  Opening any other block
 * device is -ENXIO (no gendisk), as in Linux.
 *
 * lookup_bdev() resolves a mount source as 5.8's get_tree_bdev() does:
 * the path is walked (-ENOENT, -EACCES, -ELOOP...), must be a block
 * device (-ENOTBLK) on a mount that allows devices (-EACCES for nodev).
 * One addition keeps the simulated disks mountable where no node names
 * them (the default tree's root is mounted before any /dev exists, and
 * `boot empty` has none): a source "/dev/NAME" that does not exist and
 * whose NAME is a simulated disk stands for that disk, as if a devtmpfs
 * the model does not mount had its node.
 */
#include <stdio.h>
#include <string.h>
#include <sys/sysmacros.h>

#include <vfs/kernel.h>
#include <vfs/namei.h>

#define VIRTBLK_MAJOR	254
#define SCSI_DISK0_MAJOR 8
#define DISK_MINORS	16

dev_t sim_disk_by_name(const char *name)
{
	unsigned int major, letter, part = 0;

	if (!strncmp(name, "vd", 2))
		major = VIRTBLK_MAJOR;
	else if (!strncmp(name, "sd", 2))
		major = SCSI_DISK0_MAJOR;
	else
		return 0;
	if (name[2] < 'a' || name[2] > 'z')
		return 0;
	letter = (unsigned int)(name[2] - 'a');
	if (name[3]) {
		if (name[3] < '1' || name[3] > '9')
			return 0;
		part = (unsigned int)(name[3] - '0');
		if (name[4]) {
			if (name[4] < '0' || name[4] > '9' || name[5])
				return 0;
			part = part * 10 + (unsigned int)(name[4] - '0');
		}
		if (part >= DISK_MINORS)
			return 0;
	}
	return makedev(major, letter * DISK_MINORS + part);
}

void sim_disk_name(dev_t dev, char *buf, size_t len)
{
	unsigned int part = minor(dev) % DISK_MINORS;
	char letter = (char)('a' + minor(dev) / DISK_MINORS);
	const char *kind = major(dev) == VIRTBLK_MAJOR ? "vd" : "sd";

	if (part)
		snprintf(buf, len, "%s%c%u", kind, letter, part);
	else
		snprintf(buf, len, "%s%c", kind, letter);
}

/* A disk the model simulates (blkdev_get()'s get_gendisk()). */
static bool sim_disk_exists(dev_t dev)
{
	unsigned int ma = major(dev);

	return (ma == VIRTBLK_MAJOR || ma == SCSI_DISK0_MAJOR) &&
	       minor(dev) < 26 * DISK_MINORS;
}

/* may_open_dev(): a device node on a nodev mount or superblock is closed */
bool may_open_dev(const struct path *path)
{
	return !(READ_ONCE(path->mnt->mnt_flags) & MNT_NODEV) &&
	       !(path->mnt->mnt_sb->s_iflags & SB_I_NODEV);
}

int lookup_bdev(const char *pathname, dev_t *dev)
{
	struct path path;
	int err;

	if (!pathname || !*pathname)
		return -EINVAL;
	err = kern_path(pathname, LOOKUP_FOLLOW, &path);
	if (err == -ENOENT && !strncmp(pathname, "/dev/", 5) &&
	    (*dev = sim_disk_by_name(pathname + 5)))
		return 0;
	if (err)
		return err;
	err = -ENOTBLK;
	if (!S_ISBLK(path.dentry->d_inode->i_mode))
		goto out;
	err = -EACCES;
	if (!may_open_dev(&path))
		goto out;
	err = sim_disk_exists(path.dentry->d_inode->i_rdev) ? 0 : -ENXIO;
	*dev = path.dentry->d_inode->i_rdev;
out:
	path_put(&path);
	return err;
}

/* blkdev_open(): a disk with no contents the model shows; read and write
 * are -EINVAL (no block layer). */
static int blkdev_open(struct inode *inode, struct file *f)
{
	(void)f;
	return sim_disk_exists(inode->i_rdev) ? 0 : -ENXIO;
}

const struct file_operations def_blk_fops = {
	.open = blkdev_open,
};
