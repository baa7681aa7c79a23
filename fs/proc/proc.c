// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A proc-like kernel filesystem: a superblock per mount, as 5.8 made it
 * ("proc: allow to mount many instances of proc in one pid namespace"),
 * a small fixed tree of read-only directories and files, and nothing can
 * be created in it.
 *
 * 5.8's options (fs/proc/root.c): gid= (u32), hidepid= (0, 1, 2, 4 or
 * off, noaccess, invisible, ptraceable; -EINVAL otherwise), subset=
 * (a list of which only "pid" is known: -EINVAL for another word; an
 * empty one is no subset, as 5.8's parser skips empty words).  Anything
 * else is -EINVAL.  show_options prints gid= when not 0, hidepid= by
 * name when not off, subset=pid.  The model has no /proc/PID
 * directories, so hidepid= and gid= change nothing it shows; subset=pid
 * hides every other entry, leaving the root empty.
 *
 * fsinfo() for proc: a kernel interface, not storage.  Its features say
 * so; everything else comes from the common table.
 */
#include <stdlib.h>
#include <string.h>

#include <fsinfo/fsinfo.h>
#include <linux/bug.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <vfs/fs_context.h>
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

/* The options of a superblock, in its s_fs_info word (no allocation). */
#define HIDEPID_OFF		0
#define HIDEPID_NO_ACCESS	1
#define HIDEPID_INVISIBLE	2
#define HIDEPID_NOT_PTRACEABLE	4

struct proc_opts {
	unsigned int gid;
	unsigned int hide_pid;
	bool pidonly;
};

static void *proc_opts_word(const struct proc_opts *o)
{
	return (void *)(uintptr_t)((u64)o->gid | (u64)o->hide_pid << 32 |
				   (u64)o->pidonly << 40);
}

static struct proc_opts proc_sb_opts(const struct super_block *sb)
{
	u64 w = (u64)(uintptr_t)READ_ONCE(sb->s_fs_info);

	return (struct proc_opts){ .gid = (unsigned int)w,
				   .hide_pid = (unsigned int)(w >> 32) & 0xff,
				   .pidonly = (w >> 40) & 1 };
}

static const char *const hidepid_names[] = {
	[HIDEPID_OFF] = "off", [HIDEPID_NO_ACCESS] = "noaccess",
	[HIDEPID_INVISIBLE] = "invisible", [HIDEPID_NOT_PTRACEABLE] = "ptraceable",
};

static int proc_parse_hidepid(const char *val, unsigned int *out)
{
	unsigned long n;
	char *end;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(hidepid_names); i++) {
		if (hidepid_names[i] && !strcmp(val, hidepid_names[i])) {
			*out = (unsigned int)i;
			return 0;
		}
	}
	errno = 0;
	n = strtoul(val, &end, 0);
	if (!*val || *end || errno || *val == '-' ||
	    (n != HIDEPID_OFF && n != HIDEPID_NO_ACCESS &&
	     n != HIDEPID_INVISIBLE && n != HIDEPID_NOT_PTRACEABLE))
		return -EINVAL;	/* "proc: hidepid value must be between 0 and 4" */
	*out = (unsigned int)n;
	return 0;
}

/* proc_parse_subset_param(): comma-free here, so one word */
static int proc_parse_one(struct proc_opts *o, const char *key, const char *val)
{
	unsigned long n;
	char *end;

	if (!val)
		return -EINVAL;
	if (!strcmp(key, "gid")) {
		errno = 0;
		n = strtoul(val, &end, 0);
		if (!*val || *end || errno || *val == '-' || n > UINT32_MAX)
			return -EINVAL;
		o->gid = (unsigned int)n;
		return 0;
	}
	if (!strcmp(key, "hidepid"))
		return proc_parse_hidepid(val, &o->hide_pid);
	if (!strcmp(key, "subset")) {
		if (!*val)
			return 0;
		if (strcmp(val, "pid"))
			return -EINVAL;	/* "proc: unsupported subset option" */
		o->pidonly = true;
		return 0;
	}
	return -EINVAL;
}

static int proc_parse(struct fs_context *fc, struct proc_opts *o)
{
	const char *data = fc->data;
	char buf[1024];
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
		val = strchr(p, '=');
		if (val)
			*val++ = 0;
		if (!*p || (!val && !vfs_parse_sb_flag(fc, p)))
			continue;	/* vfs_parse_sb_flag() took it */
		err = proc_parse_one(o, p, val);
	}
	return err;
}

static int proc_show_options(struct seq_file *seq, struct dentry *root)
{
	struct proc_opts o = proc_sb_opts(root->d_sb);

	if (o.gid)
		seq_printf(seq, ",gid=%u", o.gid);
	if (o.hide_pid != HIDEPID_OFF)
		seq_printf(seq, ",hidepid=%s", hidepid_names[o.hide_pid]);
	if (o.pidonly)
		seq_puts(seq, ",subset=pid");
	return 0;
}

static const struct super_operations proc_sops = {
	.statfs = simple_statfs,
	.fsinfo = proc_fsinfo,
	.show_options = proc_show_options,
};

static int proc_make(struct dentry *parent, const char *name, umode_t mode,
		     struct dentry **out)
{
	struct dentry *d = simple_make_child(parent, name, mode, NULL);

	if (IS_ERR(d))
		return -ENOMEM;	/* proc_create(): only memory can fail here */
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
	struct proc_opts o = { 0 };
	int err;

	err = proc_parse(fc, &o);
	if (err)
		return err;
	sb->s_fs_info = proc_opts_word(&o);
	sb->s_flags |= SB_NODIRATIME | SB_NOSUID | SB_NOEXEC;
	sb->s_iflags |= SB_I_NOEXEC | SB_I_NODEV;
	sb->s_magic = PROC_SUPER_MAGIC;
	sb->s_op = &proc_sops;
	err = simple_fill_root(sb, 0555);
	if (err)
		return err;
	sb->s_root->d_inode->i_op = &simple_ro_dir_inode_operations;
	if (o.pidonly)
		return 0;	/* subset=pid: only the (unmodelled) pid entries */
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
	return get_tree_nodev(fc, proc_fill_super);
}

/* proc_reconfigure(): proc_apply_options() with the new words */
static int proc_reconfigure(struct fs_context *fc)
{
	struct super_block *sb = fc->root->d_sb;
	struct proc_opts o = proc_sb_opts(sb);
	int err = proc_parse(fc, &o);

	if (!err)
		WRITE_ONCE(sb->s_fs_info, proc_opts_word(&o));
	return err;
}

static struct file_system_type proc_fs_type = {
	.name = "proc",
	.fs_flags = FS_USERNS_MOUNT,
	.get_tree = proc_get_tree,
	.reconfigure = proc_reconfigure,
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
