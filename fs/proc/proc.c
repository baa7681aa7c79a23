// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A proc-like kernel filesystem: one superblock per instance however often
 * it is mounted (as proc has one per pid namespace), a small fixed tree of
 * read-only directories and files, and nothing can be created in it.
 *
 * fsinfo() for proc: a kernel interface, not storage.  Its features say
 * so; everything else comes from the common table.
 */
#include <fsinfo/fsinfo.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

#include "internal.h"

#define PROC_SUPER_MAGIC 0x9fa0

static int proc_fsinfo_get_features(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_features *p = ctx->buffer;

	fsinfo_init_features(p);
	fsinfo_set_feature(p, FSINFO_FEAT_IS_KERNEL_FS);
	fsinfo_set_feature(p, FSINFO_FEAT_NOT_PERSISTENT);
	fsinfo_set_feature(p, FSINFO_FEAT_UIDS);
	fsinfo_set_feature(p, FSINFO_FEAT_GIDS);
	fsinfo_set_feature(p, FSINFO_FEAT_DIRECTORIES);
	fsinfo_set_feature(p, FSINFO_FEAT_SYMLINKS);
	fsinfo_set_feature(p, FSINFO_FEAT_VOLUME_ID);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_ATIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_CTIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_MTIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_INODE_NUMBERS);
	return sizeof(*p);
}

static const struct fsinfo_attribute proc_fsinfo_attributes[] = {
	FSINFO_VSTRUCT	(FSINFO_ATTR_FEATURES,	proc_fsinfo_get_features),
	{}
};

int proc_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_get_attribute(path, ctx, proc_fsinfo_attributes);
}

static const struct super_operations proc_sops = {
	.statfs = simple_statfs,
	.fsinfo = proc_fsinfo,
};

static int proc_test_super(struct super_block *sb, struct fs_context *fc)
{
	(void)sb;
	(void)fc;
	return 1;	/* the instance's one proc superblock */
}

static int proc_make(struct dentry *parent, const char *name, umode_t mode,
		     struct dentry **out)
{
	struct dentry *d = simple_make_child(parent, name, mode, NULL);

	if (IS_ERR(d))
		return (int)PTR_ERR(d);
	if (S_ISDIR(mode))
		d->d_inode->i_op = &simple_ro_dir_inode_operations;
	d->d_inode->i_uid = 0;
	d->d_inode->i_gid = 0;
	if (out)
		*out = d;
	else
		dput(d);
	return 0;
}

/* A file of a proc directory whose reads render @fops's text (a seq_file). */
static int proc_make_seq(struct dentry *dir, const char *name,
			 const struct file_operations *fops)
{
	struct dentry *d = NULL;
	int err = proc_make(dir, name, S_IFREG | 0444, &d);

	if (err)
		return err;
	d->d_inode->i_fop = fops;
	dput(d);
	return 0;
}

/*
 * /proc/mounts and /proc/self/{mountinfo,mounts,mountstats}
 * (fs/proc_namespace.c): the opener's namespace, rendered when read.  The
 * model's "self" is a directory, not Linux's symlink to the opener's PID:
 * whoever opens a file of it is "self".
 */
static int proc_make_mounts(struct dentry *root)
{
	struct dentry *self = NULL;
	int err = proc_make_seq(root, "mounts", &proc_mounts_operations);

	if (!err)
		err = proc_make(root, "self", S_IFDIR | 0555, &self);
	if (err)
		return err;
	err = proc_make_seq(self, "mountinfo", &proc_mountinfo_operations);
	if (!err)
		err = proc_make_seq(self, "mounts", &proc_mounts_operations);
	if (!err)
		err = proc_make_seq(self, "mountstats", &proc_mountstats_operations);
	dput(self);
	return err;
}

static int proc_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct dentry *sys = NULL, *fs = NULL;
	int err;

	(void)fc;
	sb->s_magic = PROC_SUPER_MAGIC;
	sb->s_op = &proc_sops;
	err = simple_fill_root(sb, 0555);
	if (err)
		return err;
	sb->s_root->d_inode->i_op = &simple_ro_dir_inode_operations;
	err = proc_make(sb->s_root, "sys", S_IFDIR | 0555, &sys);
	if (!err)
		err = proc_make(sys, "fs", S_IFDIR | 0555, &fs);
	if (!err)
		err = proc_make(sb->s_root, "fs", S_IFDIR | 0555, NULL);
	if (!err)
		err = proc_make_mounts(sb->s_root);
	if (!err)
		err = proc_make(sb->s_root, "filesystems", S_IFREG | 0444, NULL);
	if (!err)
		err = proc_make(sb->s_root, "version", S_IFREG | 0444, NULL);
	dput(fs);
	dput(sys);
	return err;
}

static int proc_get_tree(struct fs_context *fc)
{
	struct super_block *sb;
	int err;

	sb = sget_fc(fc, proc_test_super, set_anon_super);
	if (IS_ERR(sb))
		return (int)PTR_ERR(sb);
	if (!sb->s_root) {
		sb->s_flags |= SB_NODIRATIME | SB_NOSUID | SB_NOEXEC;
		err = proc_fill_super(sb, fc);
		if (err) {
			deactivate_locked_super(sb);
			return err;
		}
		sb->s_flags |= SB_ACTIVE | SB_BORN;
	}
	fc->root = dget(sb->s_root);
	return 0;
}

static struct file_system_type proc_fs_type = {
	.name = "proc",
	.fs_flags = FS_USERNS_MOUNT,
	.get_tree = proc_get_tree,
	.kill_sb = kill_anon_super,
};

/* What Linux's proc_root_init() registers, per instance (vfs/pernet.h). */
static struct file_system_type *const proc_types[] = { &proc_fs_type };

const struct pernet_operations proc_net_ops = {
	.name = "proc",
	.id = PERNET_PROC,
	.fs_types = proc_types,
	.nr_fs_types = ARRAY_SIZE(proc_types),
};
