/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the pseudo filesystems of fs/pseudo/ share. */
#ifndef _VFSIM_FS_PSEUDO_INTERNAL_H
#define _VFSIM_FS_PSEUDO_INTERNAL_H

#include <vfs/kernel.h>

struct seq_file;

/*
 * Split the mount data @data at commas and hand each "key[=value]" to
 * @one (value NULL without '='); the first error stops it.  With @fc
 * (filesystems on the new mount API) the words the VFS takes as
 * superblock flags go to fc->sb_flags first (vfs_parse_sb_flag()); a
 * legacy parser (devpts in 5.8: @fc NULL) sees them.  An empty word is
 * skipped, as strsep() callers do.
 */
int pseudo_parse_options(const char *data, struct fs_context *fc,
			 int (*one)(void *ctx, const char *key, const char *val),
			 void *ctx);
/* kstrtouint()/match_int()-like: a whole decimal (base 10) or octal (8)
 * number; -EINVAL otherwise. */
int pseudo_parse_uint(const char *val, int base, unsigned int *out);
/* The options a filesystem without any: every word is -EINVAL. */
int pseudo_no_option(void *ctx, const char *key, const char *val);
/* ->show_options of a filesystem that shows none */
int pseudo_show_no_options(struct seq_file *m, struct dentry *root);

/*
 * One superblock per instance, made on the first mount (the kernel's are
 * per IPC, network or cgroup namespace: get_tree_keyed(), kernfs): find
 * or make it, filling it with @fill_super.  *@fresh says which.
 */
int pseudo_get_tree_single(struct fs_context *fc,
			   int (*fill_super)(struct super_block *sb, struct fs_context *fc),
			   bool *fresh);

/* An empty directory inode of @sb with @mode and @iops (root-owned). */
struct inode *pseudo_dir_inode(struct super_block *sb, umode_t mode,
			       const struct inode_operations *iops);

extern struct file_system_type devpts_fs_type, mqueue_fs_type, sysfs_fs_type,
	cgroup2_fs_type;

#endif
