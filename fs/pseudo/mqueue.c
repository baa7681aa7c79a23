// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mqueue (ipc/mqueue.c, 5.8): the POSIX message queue filesystem, one
 * superblock per IPC namespace, which the model has one of: every mount
 * shows the same superblock.  Its root is mode 01777.  It takes no
 * options: any word is -EINVAL ("Unknown parameter"), as 5.8's
 * fs_context without ->parse_param answers; show_options prints nothing.
 * Not modelled: the queues themselves (mq_open() and creating files in
 * the root): nothing can be made in it.
 */
#include "internal.h"

#define MQUEUE_MAGIC	0x19800202

static const struct inode_operations mqueue_dir_iops;

static const struct super_operations mqueue_sops = {
	.statfs = simple_statfs,
	.show_options = pseudo_show_no_options,
};

static int mqueue_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct inode *root;

	(void)fc;
	sb->s_magic = MQUEUE_MAGIC;
	sb->s_op = &mqueue_sops;
	root = pseudo_dir_inode(sb, S_ISVTX | 0777, &mqueue_dir_iops);
	if (!root)
		return -ENOMEM;
	sb->s_root = d_make_root(root);
	return sb->s_root ? 0 : -ENOMEM;
}

static int mqueue_get_tree(struct fs_context *fc)
{
	bool fresh;
	int err = pseudo_parse_options(fc->data, fc, pseudo_no_option, NULL);

	return err ? err : pseudo_get_tree_single(fc, mqueue_fill_super, &fresh);
}

static int mqueue_reconfigure(struct fs_context *fc)
{
	return pseudo_parse_options(fc->data, fc, pseudo_no_option, NULL);
}

struct file_system_type mqueue_fs_type = {
	.name = "mqueue",
	.fs_flags = FS_USERNS_MOUNT,
	.get_tree = mqueue_get_tree,
	.reconfigure = mqueue_reconfigure,
	.kill_sb = kill_litter_super,
};
