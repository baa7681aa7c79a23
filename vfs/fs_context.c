// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Filesystem contexts (fs/fs_context.c): making and freeing the contexts of
 * fsopen() and fspick(), the VFS's share of parameter parsing (superblock
 * flags, "source", the legacy data string) and the message log.  Messages
 * and their order are Linux 6.18's, which is what a program reading the
 * log of a context on this machine sees.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/fs_context.h>
#include <vfs/kernel.h>

#define PAGE_SIZE 4096

struct constant_table {
	const char *name;
	unsigned int value;
};

static const struct constant_table common_set_sb_flag[] = {
	{ "dirsync",	SB_DIRSYNC },
	{ "lazytime",	SB_LAZYTIME },
	{ "mand",	SB_MANDLOCK },
	{ "posixacl",	SB_POSIXACL },
	{ "ro",		SB_RDONLY },
	{ "sync",	SB_SYNCHRONOUS },
	{ NULL, 0 },
};

static const struct constant_table common_clear_sb_flag[] = {
	{ "async",	SB_SYNCHRONOUS },
	{ "nolazytime",	SB_LAZYTIME },
	{ "nomand",	SB_MANDLOCK },
	{ "rw",		SB_RDONLY },
	{ NULL, 0 },
};

static unsigned int lookup_constant(const struct constant_table *tbl,
				    const char *name)
{
	for (; tbl->name; tbl++)
		if (!strcmp(name, tbl->name))
			return tbl->value;
	return 0;
}

/* Superblock flags are the VFS's, whatever the filesystem. */
int vfs_parse_sb_flag(struct fs_context *fc, const char *key)
{
	unsigned int token;

	token = lookup_constant(common_set_sb_flag, key);
	if (token) {
		fc->sb_flags |= token;
		fc->sb_flags_mask |= token;
		return 0;
	}
	token = lookup_constant(common_clear_sb_flag, key);
	if (token) {
		fc->sb_flags &= ~token;
		fc->sb_flags_mask |= token;
		return 0;
	}
	return -ENOPARAM;
}

int vfs_parse_fs_param_source(struct fs_context *fc, struct fs_parameter *param)
{
	if (strcmp(param->key, "source") != 0)
		return -ENOPARAM;
	if (param->type != fs_value_is_string)
		return invalf(fc, "Non-string source");
	if (fc->source)
		return invalf(fc, "Multiple sources");
	fc->fc_source = param->string;
	fc->source = fc->fc_source;
	param->string = NULL;
	return 0;
}

int fs_param_bad_value(struct fs_context *fc, struct fs_parameter *param)
{
	return invalfc(fc, "Bad value for '%s'", param->key);
}

int fc_append_option(struct fs_context *fc, const char *key, const char *value)
{
	size_t size = fc->fc_data_size;
	size_t len = strlen(key) + (value ? 1 + strlen(value) : 0);

	if (size + len + 2 > PAGE_SIZE)
		return invalf(fc, "VFS: Legacy: Cumulative options too large");
	if (strchr(key, ',') || (value && strchr(value, ',')))
		return invalf(fc, "VFS: Legacy: Option '%s' contained comma", key);
	if (!fc->fc_data) {
		fc->fc_data = kmalloc(PAGE_SIZE, GFP_KERNEL);
		if (!fc->fc_data)
			return -ENOMEM;
	}
	if (size)
		fc->fc_data[size++] = ',';
	size += (size_t)sprintf(fc->fc_data + size, value ? "%s=%s" : "%s", key, value);
	fc->fc_data_size = size;
	fc->data = fc->fc_data;
	return 0;
}

/*
 * legacy_parse_param - a filesystem without ->parse_param takes strings
 * and flags only, gathered into the data string mount(2) would pass.
 */
static int legacy_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	int ret = vfs_parse_fs_param_source(fc, param);

	if (ret != -ENOPARAM)
		return ret;
	/* fsconfig() refuses the other value types of a legacy context
	 * (EOPNOTSUPP) before they get here: no in-kernel caller in the
	 * model passes one. */
	return fc_append_option(fc, param->key,
				param->type == fs_value_is_string ? param->string : NULL);
}

int vfs_parse_fs_param(struct fs_context *fc, struct fs_parameter *param)
{
	int ret;

	ret = vfs_parse_sb_flag(fc, param->key);
	if (ret != -ENOPARAM)
		return ret;
	if (!fc->fs_type->parse_param)
		return legacy_parse_param(fc, param);
	ret = fc->fs_type->parse_param(fc, param);
	if (ret != -ENOPARAM)
		return ret;
	/* If the filesystem doesn't take any arguments, give it the
	 * default handling of source. */
	ret = vfs_parse_fs_param_source(fc, param);
	if (ret != -ENOPARAM)
		return ret;
	return invalfc(fc, "Unknown parameter '%s'", param->key);
}

/* ---- the message log ----------------------------------------------------- */

void logfc(struct fc_log *log, const char *prefix, char level, const char *fmt, ...)
{
	unsigned int logsize = ARRAY_SIZE(log->buffer);
	char msg[256];
	va_list va;
	u8 index;
	char *q;

	if (!log)
		return;		/* the kernel would printk() it */
	va_start(va, fmt);
	vsnprintf(msg, sizeof(msg), fmt, va);
	va_end(va);
	q = kasprintf(GFP_KERNEL, "%c %s%s%s\n", level, prefix ? prefix : "",
		      prefix ? ": " : "", msg);

	index = log->head & (logsize - 1);
	if ((u8)(log->head - log->tail) == logsize) {
		/* The buffer is full, discard the oldest message */
		if (log->need_free & (1 << index))
			kfree(log->buffer[index]);
		log->tail++;
	}
	log->buffer[index] = q ? q : (char *)"OOM: Can't store error string";
	if (q)
		log->need_free |= 1 << index;
	else
		log->need_free &= ~(1 << index);
	log->head++;
}

int fscontext_alloc_log(struct fs_context *fc)
{
	fc->log = kzalloc(sizeof(*fc->log), GFP_KERNEL);
	return fc->log ? 0 : -ENOMEM;
}

static void put_fc_log(struct fs_context *fc)
{
	struct fc_log *log = fc->log;
	unsigned int i;

	if (!log)
		return;
	for (i = 0; i < ARRAY_SIZE(log->buffer); i++)
		if (log->need_free & (1 << i))
			kfree(log->buffer[i]);
	kfree(log);
}

/* ---- making and freeing contexts ----------------------------------------- */

static struct fs_context *alloc_fs_context(struct file_system_type *fs_type,
					   struct dentry *reference,
					   unsigned int sb_flags,
					   enum fs_context_purpose purpose)
{
	struct fs_context_file *ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	struct fs_context *fc;

	if (!ff)
		return ERR_PTR(-ENOMEM);
	fc = &ff->fc;
	mutex_init(&ff->uapi_mutex);
	fc->purpose = purpose;
	fc->sb_flags = sb_flags;
	fc->fs_type = fs_type;
	if (reference) {
		fc->root = dget(reference);
		atomic_inc(&reference->d_sb->s_active);
	}
	return fc;
}

struct fs_context *fs_context_for_mount(struct file_system_type *fs_type,
					unsigned int sb_flags)
{
	return alloc_fs_context(fs_type, NULL, sb_flags, FS_CONTEXT_FOR_MOUNT);
}

struct fs_context *fs_context_for_reconfigure(struct dentry *dentry)
{
	return alloc_fs_context(dentry->d_sb->s_type, dentry->d_sb->s_root, 0,
				FS_CONTEXT_FOR_RECONFIGURE);
}

/* Drop the superblock a create or fspick() gave the context. */
static void fc_drop_root(struct fs_context *fc)
{
	if (fc->root) {
		struct super_block *sb = fc->root->d_sb;

		dput(fc->root);
		fc->root = NULL;
		deactivate_super(sb);
	}
}

static void fc_clear_params(struct fs_context *fc)
{
	kfree(fc->fc_data);
	fc->fc_data = NULL;
	fc->fc_data_size = 0;
	fc->data = NULL;
}

void put_fs_context(struct fs_context *fc)
{
	fc_drop_root(fc);
	fc_clear_params(fc);
	kfree(fc->fc_source);
	put_fc_log(fc);
	mutex_destroy(&fc_file(fc)->uapi_mutex);
	kfree(fc_file(fc));
}

/*
 * vfs_clean_context - after fsmount() or a reconfiguration the context
 * keeps its superblock and log, forgets its parameters, and waits to be
 * reinitialised for another reconfiguration (as fspick() leaves it).
 */
void vfs_clean_context(struct fs_context *fc)
{
	fc_clear_params(fc);
	kfree(fc->fc_source);
	fc->fc_source = NULL;
	fc->source = NULL;
	fc->exclusive = false;
	/* sb_flags_mask stays, as in the kernel. */
	fc->sb_flags = 0;
	fc->purpose = FS_CONTEXT_FOR_RECONFIGURE;
	fc->phase = FS_CONTEXT_AWAITING_RECONF;
}

int vfs_get_tree(struct fs_context *fc)
{
	int err;

	if (fc->root)
		return -EBUSY;
	fc->data = fc->fc_data;
	err = fc->fs_type->get_tree(fc);
	WARN_ON(!err && !fc->root);
	return err;
}
