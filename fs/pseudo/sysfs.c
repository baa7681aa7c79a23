// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sysfs (fs/sysfs/mount.c, 5.8): one superblock per network namespace,
 * which the model has one of: every mount shows the same superblock.
 * The model's sysfs is an empty but valid tree: a root of mode 0555 with
 * nothing in it and nothing to be made in it (no devices, no kobjects).
 * No options: any word is -EINVAL; show_options prints nothing.
 */
#include "internal.h"

#define SYSFS_MAGIC	0x62656572

static const struct inode_operations sysfs_dir_iops;

static const struct super_operations sysfs_sops = {
	.statfs = simple_statfs,
	.show_options = pseudo_show_no_options,
};

static int sysfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct inode *root;

	(void)fc;
	sb->s_magic = SYSFS_MAGIC;
	sb->s_op = &sysfs_sops;
	root = pseudo_dir_inode(sb, 0555, &sysfs_dir_iops);
	if (!root)
		return -ENOMEM;
	sb->s_root = d_make_root(root);
	return sb->s_root ? 0 : -ENOMEM;
}

static int sysfs_get_tree(struct fs_context *fc)
{
	bool fresh;
	int err = pseudo_parse_options(fc->data, fc, pseudo_no_option, NULL);

	return err ? err : pseudo_get_tree_single(fc, sysfs_fill_super, &fresh);
}

static int sysfs_reconfigure(struct fs_context *fc)
{
	return pseudo_parse_options(fc->data, fc, pseudo_no_option, NULL);
}

struct file_system_type sysfs_fs_type = {
	.name = "sysfs",
	.fs_flags = FS_USERNS_MOUNT,
	.get_tree = sysfs_get_tree,
	.reconfigure = sysfs_reconfigure,
	.kill_sb = kill_litter_super,
};
