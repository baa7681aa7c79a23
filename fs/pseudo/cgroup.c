// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * cgroup2 (kernel/cgroup/cgroup.c, 5.8): the default hierarchy, one
 * superblock (cgrp_dfl_root) however often it is mounted.  Its options
 * belong to the hierarchy, not to a mount: every mount and remount sets
 * them all from its own words (apply_cgroup_root_flags()), so mounting
 * without nsdelegate clears it for every mount, as in 5.8.  The options:
 * nsdelegate, memory_localevents, memory_recursiveprot; anything else is
 * -EINVAL.  show_options prints them in that order.
 *
 * The tree: a root of mode 0755 in which directories (cgroups) can be
 * made, and nothing else.  Not modelled: the interface files
 * (cgroup.procs, cgroup.controllers...), controllers, moving tasks.
 */
#include <string.h>

#include <linux/seq_file.h>

#include "internal.h"

#define CGROUP2_SUPER_MAGIC	0x63677270

#define CGRP_ROOT_NS_DELEGATE		(1 << 3)
#define CGRP_ROOT_MEMORY_LOCAL_EVENTS	(1 << 5)
#define CGRP_ROOT_MEMORY_RECURSIVE_PROT	(1 << 6)

static const struct {
	const char *name;
	unsigned int flag;
} cgroup2_opts[] = {
	{ "nsdelegate", CGRP_ROOT_NS_DELEGATE },
	{ "memory_localevents", CGRP_ROOT_MEMORY_LOCAL_EVENTS },
	{ "memory_recursiveprot", CGRP_ROOT_MEMORY_RECURSIVE_PROT },
};

static int cgroup2_parse_one(void *ctx, const char *key, const char *val)
{
	unsigned int *flags = ctx;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cgroup2_opts); i++) {
		if (!strcmp(key, cgroup2_opts[i].name) && !val) {
			*flags |= cgroup2_opts[i].flag;
			return 0;
		}
	}
	return -EINVAL;
}

static int cgroup2_parse(struct fs_context *fc, unsigned int *flags)
{
	*flags = 0;
	return pseudo_parse_options(fc->data, fc, cgroup2_parse_one, flags);
}

/* The hierarchy's flags live in s_fs_info's word (no allocation). */
static void apply_cgroup_root_flags(struct super_block *sb, unsigned int flags)
{
	WRITE_ONCE(sb->s_fs_info, (void *)(uintptr_t)flags);
}

static int cgroup_show_options(struct seq_file *seq, struct dentry *root)
{
	unsigned int flags = (unsigned int)(uintptr_t)READ_ONCE(root->d_sb->s_fs_info);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cgroup2_opts); i++)
		if (flags & cgroup2_opts[i].flag)
			seq_printf(seq, ",%s", cgroup2_opts[i].name);
	return 0;
}

static const struct super_operations cgroup2_sops = {
	.statfs = simple_statfs,
	.show_options = cgroup_show_options,
};

static const struct inode_operations cgroup_dir_iops;

static struct inode *cgroup_get_inode(struct super_block *sb, umode_t mode, int *err)
{
	struct inode *inode = pseudo_dir_inode(sb, mode & 07777, &cgroup_dir_iops);

	if (!inode)
		*err = -ENOMEM;
	else {
		inode->i_uid = current->cred.fsuid;
		inode->i_gid = current->cred.fsgid;
	}
	return inode;
}

/* cgroup_mkdir(): a new cgroup is a directory (its files not modelled) */
static int cgroup_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return simple_mknod_with(dir, dentry, S_IFDIR | (mode & 07777), NULL, 0,
				 cgroup_get_inode);
}

static const struct inode_operations cgroup_dir_iops = {
	.mkdir = cgroup_mkdir,
};

static int cgroup2_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct inode *root;

	(void)fc;
	sb->s_magic = CGROUP2_SUPER_MAGIC;
	sb->s_op = &cgroup2_sops;
	root = pseudo_dir_inode(sb, 0755, &cgroup_dir_iops);
	if (!root)
		return -ENOMEM;
	sb->s_root = d_make_root(root);
	return sb->s_root ? 0 : -ENOMEM;
}

static int cgroup2_get_tree(struct fs_context *fc)
{
	unsigned int flags;
	bool fresh;
	int err = cgroup2_parse(fc, &flags);

	if (!err)
		err = pseudo_get_tree_single(fc, cgroup2_fill_super, &fresh);
	if (!err)
		apply_cgroup_root_flags(fc->root->d_sb, flags);
	return err;
}

static int cgroup2_reconfigure(struct fs_context *fc)
{
	unsigned int flags;
	int err = cgroup2_parse(fc, &flags);

	if (!err)
		apply_cgroup_root_flags(fc->root->d_sb, flags);
	return err;
}

struct file_system_type cgroup2_fs_type = {
	.name = "cgroup2",
	.fs_flags = FS_USERNS_MOUNT,
	.get_tree = cgroup2_get_tree,
	.reconfigure = cgroup2_reconfigure,
	.kill_sb = kill_litter_super,
};
