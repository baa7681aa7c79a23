/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Filesystem contexts of the new mount API (include/linux/fs_context.h):
 * the parameters fsconfig() hands a filesystem, the phases a context goes
 * through, and the message log read() returns from an fs_context fd.
 *
 * The model's filesystems take their options as one comma-separated data
 * string (struct fs_context's ->data).  A filesystem with ->parse_param
 * (tmpfs, ramfs) checks each parameter as 6.18's do and keeps the good ones
 * in that string; one without it (ext4, nfs, afs) gets the string built as
 * the kernel's legacy_fs_context builds it, and judges it at
 * FSCONFIG_CMD_CREATE.  Either way get_tree and ->reconfigure parse what
 * mount(2) would have passed them.
 */
#ifndef _VFSIM_VFS_FS_CONTEXT_H
#define _VFSIM_VFS_FS_CONTEXT_H

#include <linux/mutex.h>
#include <vfs/fs.h>

/* "Parameter not known to the filesystem": the VFS carries on with it. */
#define ENOPARAM 519

enum fs_value_type {
	fs_value_is_undefined,
	fs_value_is_flag,		/* FSCONFIG_SET_FLAG */
	fs_value_is_string,		/* FSCONFIG_SET_STRING */
	fs_value_is_blob,		/* FSCONFIG_SET_BINARY */
	fs_value_is_filename,		/* FSCONFIG_SET_PATH{,_EMPTY} */
	fs_value_is_file,		/* FSCONFIG_SET_FD */
};

struct filename;
struct file;

struct fs_parameter {
	const char *key;
	enum fs_value_type type;
	union {
		char *string;
		void *blob;
		struct filename *name;
		struct file *file;
	};
	size_t size;
	int dirfd;
};

enum fs_context_phase {
	FS_CONTEXT_CREATE_PARAMS,	/* loading params for sb creation */
	FS_CONTEXT_CREATING,		/* a superblock is being created */
	FS_CONTEXT_AWAITING_MOUNT,	/* superblock created, awaiting fsmount() */
	FS_CONTEXT_AWAITING_RECONF,	/* awaiting reinitialisation for reconfiguration */
	FS_CONTEXT_RECONF_PARAMS,	/* loading params for reconfiguration */
	FS_CONTEXT_RECONFIGURING,	/* reconfiguring the superblock */
	FS_CONTEXT_FAILED,		/* a create or reconfigure failed */
};

/*
 * The message ring of a context (8 entries, the oldest dropped when full).
 * need_free marks the entries that were allocated; a message that could
 * not be is replaced by a constant one, as in the kernel.
 */
struct fc_log {
	u8 head;
	u8 tail;
	u8 need_free;
	char *buffer[8];
};

/*
 * A context of fsopen() or fspick(): the context, and the mutex fsconfig(),
 * fsmount() and read() take around it (the kernel's fc->uapi_mutex).
 */
struct fs_context_file {
	struct fs_context fc;
	struct mutex uapi_mutex;
};

static inline struct fs_context_file *fc_file(struct fs_context *fc)
{
	return container_of(fc, struct fs_context_file, fc);
}

void logfc(struct fc_log *log, const char *prefix, char level, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#define errorf(fc, fmt, ...) logfc((fc)->log, NULL, 'e', fmt, ## __VA_ARGS__)
#define errorfc(fc, fmt, ...) \
	logfc((fc)->log, (fc)->fs_type->name, 'e', fmt, ## __VA_ARGS__)
#define warnfc(fc, fmt, ...) \
	logfc((fc)->log, (fc)->fs_type->name, 'w', fmt, ## __VA_ARGS__)
#define invalf(fc, fmt, ...) (errorf(fc, fmt, ## __VA_ARGS__), -EINVAL)
#define invalfc(fc, fmt, ...) (errorfc(fc, fmt, ## __VA_ARGS__), -EINVAL)

struct fs_context *fs_context_for_mount(struct file_system_type *fs_type,
					unsigned int sb_flags);
struct fs_context *fs_context_for_reconfigure(struct dentry *dentry);
int fscontext_alloc_log(struct fs_context *fc);
/* A superblock-flag word ("ro", "sync"...) into fc->sb_flags: 0, or
 * -ENOPARAM for any other word. */
int vfs_parse_sb_flag(struct fs_context *fc, const char *key);
void put_fs_context(struct fs_context *fc);
void vfs_clean_context(struct fs_context *fc);
int vfs_parse_fs_param(struct fs_context *fc, struct fs_parameter *param);
int vfs_parse_fs_param_source(struct fs_context *fc, struct fs_parameter *param);
int vfs_get_tree(struct fs_context *fc);
/* 6.18's fs_param_bad_value(): "<fs>: Bad value for '<key>'", -EINVAL. */
int fs_param_bad_value(struct fs_context *fc, struct fs_parameter *param);

/*
 * Keep @key (and =@value, if not NULL) in the context's data string for
 * get_tree or ->reconfigure to parse: -ENOMEM, or the legacy limits
 * (a page, no commas) reported as the kernel's legacy_parse_param() does.
 */
int fc_append_option(struct fs_context *fc, const char *key, const char *value);

#endif
