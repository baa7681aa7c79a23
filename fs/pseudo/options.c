// SPDX-License-Identifier: LGPL-2.1-or-later
/* Option parsing and superblock helpers the pseudo filesystems share. */
#include <stdlib.h>
#include <string.h>

#include <linux/seq_file.h>
#include <linux/slab.h>
#include <vfs/fs_context.h>

#include "internal.h"

int pseudo_parse_options(const char *data, struct fs_context *fc,
			 int (*one)(void *ctx, const char *key, const char *val),
			 void *ctx)
{
	char buf[4096];
	char *p, *next;
	int err = 0;

	if (!data || !*data)
		return 0;
	if (strlen(data) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, data);
	for (p = buf; p && !err; p = next) {
		char *val;

		next = strchr(p, ',');
		if (next)
			*next++ = 0;
		if (!*p)
			continue;
		val = strchr(p, '=');
		if (val)
			*val++ = 0;
		if (fc && !val && !vfs_parse_sb_flag(fc, p))
			continue;
		err = one(ctx, p, val);
	}
	return err;
}

int pseudo_parse_uint(const char *val, int base, unsigned int *out)
{
	unsigned long n;
	char *end;

	if (!val || !*val || *val == '-' || *val == '+')
		return -EINVAL;
	errno = 0;
	n = strtoul(val, &end, base);
	if (errno || *end || n > UINT32_MAX)
		return -EINVAL;
	*out = (unsigned int)n;
	return 0;
}

int pseudo_no_option(void *ctx, const char *key, const char *val)
{
	(void)ctx, (void)key, (void)val;
	return -EINVAL;		/* "Unknown parameter" */
}

int pseudo_show_no_options(struct seq_file *m, struct dentry *root)
{
	(void)m, (void)root;
	return 0;
}

static int pseudo_test_single(struct super_block *sb, struct fs_context *fc)
{
	(void)sb, (void)fc;
	return 1;
}

int pseudo_get_tree_single(struct fs_context *fc,
			   int (*fill_super)(struct super_block *sb, struct fs_context *fc),
			   bool *fresh)
{
	struct super_block *sb;
	int err;

	sb = sget_fc(fc, pseudo_test_single, set_anon_super);
	if (IS_ERR(sb))
		return (int)PTR_ERR(sb);
	*fresh = !sb->s_root;
	if (*fresh) {
		err = fill_super(sb, fc);
		if (err) {
			deactivate_locked_super(sb);
			return err;
		}
		sb->s_flags |= SB_ACTIVE | SB_BORN;
	}
	fc->root = dget(sb->s_root);
	return 0;
}

struct inode *pseudo_dir_inode(struct super_block *sb, umode_t mode,
			       const struct inode_operations *iops)
{
	struct inode *inode = simple_new_inode(sb, S_IFDIR | mode);

	if (!inode)
		return NULL;
	inode->i_op = iops;
	inode->i_uid = 0;
	inode->i_gid = 0;
	return inode;
}
