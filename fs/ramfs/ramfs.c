// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * In-memory filesystems: "ramfs" and "rootfs" (fs/ramfs/inode.c), and
 * the file_system_type of "tmpfs", whose code is shmem.c.  Every mount
 * makes a new superblock on an anonymous device.  ramfs's options: mode=,
 * uid=, gid= at mount time; anything else is ignored, as the kernel does.
 * Files keep their data in pages (vfs/filemap.c), with no limit.
 *
 * fsinfo() for the three: their features.  Everything else the common
 * table answers from the superblock and ->statfs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fsinfo/fsinfo.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/fs_context.h>
#include <vfs/kernel.h>

#include "internal.h"

#define RAMFS_MAGIC 0x858458f6

struct ramfs_opts {
	umode_t mode;
	kuid_t uid;
	kgid_t gid;
};

static int parse_uint(const char *val, int base, unsigned long *out)
{
	char *end;

	if (!val || !*val)
		return -EINVAL;
	errno = 0;
	*out = strtoul(val, &end, base);
	if (errno || *end)
		return -EINVAL;
	return 0;
}

/* Parse @data into @o (ramfs_parse_param(): unknown options are ignored). */
static int ramfs_parse(const char *data, struct ramfs_opts *o, bool reconfigure)
{
	char buf[4096];
	char *opt, *save = NULL;

	if (!data || !*data)
		return 0;
	if (strlen(data) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, data);
	for (opt = strtok_r(buf, ",", &save); opt; opt = strtok_r(NULL, ",", &save)) {
		char *val = strchr(opt, '=');
		unsigned long n;

		if (val)
			*val++ = 0;
		if (!strcmp(opt, "mode")) {
			if (parse_uint(val, 8, &n) || n > 07777)
				return -EINVAL;
			if (!reconfigure)
				o->mode = (umode_t)n;
		} else if (!strcmp(opt, "uid")) {
			if (parse_uint(val, 10, &n) || n > UINT32_MAX - 1)
				return -EINVAL;
			if (!reconfigure)
				o->uid = (kuid_t)n;
		} else if (!strcmp(opt, "gid")) {
			if (parse_uint(val, 10, &n) || n > UINT32_MAX - 1)
				return -EINVAL;
			if (!reconfigure)
				o->gid = (kgid_t)n;
		}
	}
	return 0;
}

static int ramfs_fsinfo_get_features(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_features *p = ctx->buffer;

	fsinfo_init_features(p);
	fsinfo_set_feature(p, FSINFO_FEAT_IS_MEMORY_FS);
	fsinfo_set_unix_features(p);
	fsinfo_set_feature(p, FSINFO_FEAT_NOT_PERSISTENT);
	fsinfo_set_feature(p, FSINFO_FEAT_ADV_LOCKS);
	fsinfo_set_feature(p, FSINFO_FEAT_VOLUME_ID);
	return sizeof(*p);
}

static const struct fsinfo_attribute ramfs_fsinfo_attributes[] = {
	FSINFO_VSTRUCT	(FSINFO_ATTR_FEATURES,	ramfs_fsinfo_get_features),
	{}
};

int ramfs_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_get_attribute(path, ctx, ramfs_fsinfo_attributes);
}

/* ramfs has no limits: simple_statfs()'s zeros for blocks and files. */
static const struct super_operations ramfs_ops = {
	.statfs = simple_statfs,
	.fsinfo = ramfs_fsinfo,
};

static int ramfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct ramfs_opts o = { .mode = 0755 };
	int err;

	err = ramfs_parse(fc->data, &o, false);
	if (err)
		return err;
	sb->s_magic = RAMFS_MAGIC;
	sb->s_op = &ramfs_ops;
	sb->s_maxbytes = INT64_MAX;
	err = simple_fill_root(sb, o.mode);
	if (err)
		return err;
	sb->s_root->d_inode->i_uid = o.uid;
	sb->s_root->d_inode->i_gid = o.gid;
	return 0;
}

static int ramfs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, ramfs_fill_super);
}

static int ramfs_reconfigure(struct fs_context *fc)
{
	struct ramfs_opts o = { 0 };

	return ramfs_parse(fc->data, &o, true);
}

/*
 * ->parse_param for fsconfig() (6.18's ramfs_parse_param()): a parameter
 * the option parser knows must have a string value it accepts ("Bad value
 * for" otherwise), and is kept for get_tree; an unknown one is ignored,
 * as ramfs ignores unknown mount options.
 */
static int ramfs_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	static const char *const known[] = { "mode", "uid", "gid" };
	struct ramfs_opts o = { 0 };
	char opt[300];
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(known); i++)
		if (!strcmp(param->key, known[i]))
			break;
	if (i == ARRAY_SIZE(known)) {
		ret = vfs_parse_fs_param_source(fc, param);
		return ret == -ENOPARAM ? 0 : ret;
	}
	if (param->type != fs_value_is_string ||
	    snprintf(opt, sizeof(opt), "%s=%s", param->key, param->string) >= (int)sizeof(opt) ||
	    strchr(param->string, ',') ||
	    ramfs_parse(opt, &o, false))
		return fs_param_bad_value(fc, param);
	return fc_append_option(fc, param->key, param->string);
}

static struct file_system_type tmpfs_fs_type = {
	.name = "tmpfs",
	.fs_flags = FS_USERNS_MOUNT,
	.get_tree = tmpfs_get_tree,
	.reconfigure = tmpfs_reconfigure,
	.parse_param = tmpfs_parse_param,
	.kill_sb = kill_litter_super,
};

static struct file_system_type ramfs_fs_type = {
	.name = "ramfs",
	.fs_flags = FS_USERNS_MOUNT,
	.get_tree = ramfs_get_tree,
	.reconfigure = ramfs_reconfigure,
	.parse_param = ramfs_parse_param,
	.kill_sb = kill_litter_super,
};

/* The initial root, as the kernel's rootfs (ramfs-backed here). */
static struct file_system_type rootfs_fs_type = {
	.name = "rootfs",
	.get_tree = ramfs_get_tree,
	.reconfigure = ramfs_reconfigure,
	.kill_sb = kill_litter_super,
};

/* What Linux's init_rootfs() and init_ramfs_fs() register, per instance
 * (vfs/pernet.h). */
static struct file_system_type *const ramfs_types[] = {
	&rootfs_fs_type, &tmpfs_fs_type, &ramfs_fs_type,
};

const struct pernet_operations ramfs_net_ops = {
	.name = "ramfs",
	.id = PERNET_RAMFS,
	.fs_types = ramfs_types,
	.nr_fs_types = ARRAY_SIZE(ramfs_types),
};
