// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsinfo() (the kernel's fs/fsinfo.c: patch 07, with patches 08, 09 and 13),
 * in the patch's order: the common table's superblock getters, the common
 * table, the attribute-table lookup and the two meta attributes that
 * describe the tables, vfs_fsinfo() with its buffer-growing loop, the three
 * kinds of query, and the system call.  The mount attributes and the
 * lookup of a mount by ID are the kernel's fs/namespace.c: namespace.c.
 *
 * A query may pass through two tables, the filesystem's and the common
 * one, so a table that does not know the attribute answers -EOPNOTSUPP to
 * let the next one try; the meta attributes answer -EOPNOTSUPP on purpose
 * from every table, to collect from all of them.
 *
 * Errata B6, B7 and B11 (docs/errata.md) are fixed here by default, with
 * their quirks for v17's behaviour.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/sysmacros.h>

#include <linux/bug.h>
#include <linux/kstrtox.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <fsinfo/internal.h>
#include <vfs/namei.h>
#include <vfs/security.h>

#define XATTR_NAME_MAX	255
#define XATTR_SIZE_MAX	65536
/* glibc's <sys/stat.h> has the statx bits with _GNU_SOURCE. */
#ifndef STATX_BASIC_STATS
#define STATX_BASIC_STATS	0x000007ffU
#endif
#ifndef STATX_ATTR_AUTOMOUNT
#define STATX_ATTR_AUTOMOUNT	0x00001000ULL
#endif

/*
 * fsinfo_string - a string value: its length without the NUL.
 *
 * v17 cuts the string to the buffer less one byte, and the buffer of a
 * string is never more than 4096 bytes, so a longer string is silently cut
 * to 4095 (erratum B7).  The model returns the full length instead; when
 * that does not fit, vfs_fsinfo() grows the buffer and asks again.
 */
int fsinfo_string(const char *s, struct fsinfo_context *ctx)
{
	char *p = ctx->buffer;
	size_t len;

	if (!s)
		return 0;
	len = strlen(s);
	if (vfsim_quirk(current_kernel(), 7) && ctx->buf_size)
		len = min_t(size_t, len, ctx->buf_size - 1);
	if (len > INT_MAX)
		return -EMSGSIZE;
	if (!ctx->want_size_only && len <= ctx->buf_size) {
		memcpy(p, s, len);
		if (len < ctx->buf_size)
			p[len] = 0;
	}
	return (int)len;
}

/*
 * STATFS: the ->statfs numbers in 128-bit fields.  f_favail repeats
 * f_ffree, as the posted code does: statfs has no separate count of the
 * file nodes available to unprivileged users.
 */
static int fsinfo_generic_statfs(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_statfs *p = ctx->buffer;
	struct kstatfs buf;
	int ret;

	ret = vfs_statfs(path, &buf);
	if (ret < 0)
		return ret;

	p->f_blocks.lo	= buf.f_blocks;
	p->f_bfree.lo	= buf.f_bfree;
	p->f_bavail.lo	= buf.f_bavail;
	p->f_files.lo	= buf.f_files;
	p->f_ffree.lo	= buf.f_ffree;
	p->f_favail.lo	= buf.f_ffree;
	p->f_bsize	= (__u64)buf.f_bsize;
	p->f_frsize	= (__u64)buf.f_frsize;
	return sizeof(*p);
}

/* IDS: a filesystem without ->statfs still has its names and numbers. */
static int fsinfo_generic_ids(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_ids *p = ctx->buffer;
	struct super_block *sb;
	struct kstatfs buf;
	int ret;

	ret = vfs_statfs(path, &buf);
	if (ret < 0 && ret != -ENOSYS)
		return ret;
	if (ret == 0)
		memcpy(&p->f_fsid, &buf.f_fsid, sizeof(p->f_fsid));

	sb = path->dentry->d_sb;
	p->f_fstype	= (__u32)sb->s_magic;
	p->f_dev_major	= major(sb->s_dev);
	p->f_dev_minor	= minor(sb->s_dev);
	p->f_sb_id	= sb->s_unique_id;
	snprintf(p->f_fs_name, sizeof(p->f_fs_name), "%s", sb->s_type->name);
	return sizeof(*p);
}

int fsinfo_generic_limits(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_limits *p = ctx->buffer;
	struct super_block *sb = path->dentry->d_sb;

	p->max_file_size.hi	= 0;
	p->max_file_size.lo	= (__u64)sb->s_maxbytes;
	p->max_ino.hi		= 0;
	p->max_ino.lo		= UINT_MAX;
	p->max_hard_links	= sb->s_max_links;
	p->max_uid		= UINT_MAX;
	p->max_gid		= UINT_MAX;
	p->max_projid		= UINT_MAX;
	p->max_filename_len	= NAME_MAX;
	p->max_symlink_len	= PATH_MAX;
	p->max_xattr_name_len	= XATTR_NAME_MAX;
	p->max_xattr_body_len	= XATTR_SIZE_MAX;
	p->max_dev_major	= 0xffffff;
	p->max_dev_minor	= 0xff;
	return sizeof(*p);
}

int fsinfo_generic_supports(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_supports *p = ctx->buffer;
	struct super_block *sb = path->dentry->d_sb;

	p->stx_mask = STATX_BASIC_STATS;
	if (sb->s_d_op && sb->s_d_op->d_automount)
		p->stx_attributes |= STATX_ATTR_AUTOMOUNT;
	return sizeof(*p);
}

/*
 * TIMESTAMP_INFO: the whole 64-bit range, whatever s_time_min/max say (as
 * posted), and the granularity as a power of ten from s_time_gran.
 */
int fsinfo_generic_timestamp_info(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_timestamp_info *p = ctx->buffer;
	struct super_block *sb = path->dentry->d_sb;
	struct fsinfo_timestamp_one *ts[] = { &p->atime, &p->mtime, &p->ctime, &p->btime };
	s8 exponent = 0;
	size_t i;

	if (sb->s_time_gran < 1000000000) {
		if (sb->s_time_gran < 1000)
			exponent = -9;
		else if (sb->s_time_gran < 1000000)
			exponent = -6;
		else
			exponent = -3;
	}
	for (i = 0; i < ARRAY_SIZE(ts); i++) {
		ts[i]->minimum = INT64_MIN;
		ts[i]->maximum = INT64_MAX;
		ts[i]->gran_mantissa = 1;
		ts[i]->gran_exponent = exponent;
	}
	return sizeof(*p);
}

static int fsinfo_generic_volume_uuid(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_volume_uuid *p = ctx->buffer;

	memcpy(p, &path->dentry->d_sb->s_uuid, sizeof(*p));
	return sizeof(*p);
}

static int fsinfo_generic_volume_id(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_string(path->dentry->d_sb->s_id, ctx);
}

/*
 * FEATURES for a filesystem that does not answer it itself (patch 08):
 * what the VFS can tell from the superblock alone.
 */
int fsinfo_generic_features(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_features *p = ctx->buffer;
	struct super_block *sb = path->dentry->d_sb;

	fsinfo_init_features(p);
	/* The model has no block or MTD devices: a filesystem type that
	 * needs a device (FS_REQUIRES_DEV) stands for "has s_bdev". */
	if (sb->s_type->fs_flags & FS_REQUIRES_DEV)
		fsinfo_set_feature(p, FSINFO_FEAT_IS_BLOCK_FS);

	if (sb->s_quota_types & QTYPE_MASK_USR)
		fsinfo_set_feature(p, FSINFO_FEAT_USER_QUOTAS);
	if (sb->s_quota_types & QTYPE_MASK_GRP)
		fsinfo_set_feature(p, FSINFO_FEAT_GROUP_QUOTAS);
	if (sb->s_quota_types & QTYPE_MASK_PRJ)
		fsinfo_set_feature(p, FSINFO_FEAT_PROJECT_QUOTAS);
	if (sb->s_d_op && sb->s_d_op->d_automount)
		fsinfo_set_feature(p, FSINFO_FEAT_AUTOMOUNTS);
	if (sb->s_id[0])
		fsinfo_set_feature(p, FSINFO_FEAT_VOLUME_ID);

	fsinfo_set_feature(p, FSINFO_FEAT_HAS_ATIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_CTIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_MTIME);
	return sizeof(*p);
}

/* SB_NOTIFICATIONS (patch 13): the counter notify_sb() bumps. */
static int fsinfo_generic_sb_notifications(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_sb_notifications *p = ctx->buffer;
	struct super_block *sb = path->dentry->d_sb;

	p->watch_id = sb->s_unique_id;
	p->notify_counter = (__u32)atomic_read(&sb->s_notify_counter);
	return sizeof(*p);
}

/* ---- the common table ---------------------------------------------------- */

/*
 * The two meta attributes need a getter to be table entries, but
 * fsinfo_get_attribute() answers them before it looks at any getter.
 */
static int fsinfo_meta_attribute(struct path *path, struct fsinfo_context *ctx)
{
	WARN_ON(1);
	return -EOPNOTSUPP;
}

/*
 * In v17's order: that order is the order of FSINFO_ATTR_FSINFO_ATTRIBUTES
 * for a filesystem without a table of its own.  FSINFO_ATTR_VOLUME_NAME
 * has no common getter: only filesystems with a volume name offer it.  The
 * mount attributes are namespace.c's.  Not static, unlike the kernel's, so
 * that a test can check the order.
 */
const struct fsinfo_attribute fsinfo_common_attributes[] = {
	FSINFO_VSTRUCT	(FSINFO_ATTR_STATFS,		fsinfo_generic_statfs),
	FSINFO_VSTRUCT	(FSINFO_ATTR_IDS,		fsinfo_generic_ids),
	FSINFO_VSTRUCT	(FSINFO_ATTR_LIMITS,		fsinfo_generic_limits),
	FSINFO_VSTRUCT	(FSINFO_ATTR_SUPPORTS,		fsinfo_generic_supports),
	FSINFO_VSTRUCT	(FSINFO_ATTR_TIMESTAMP_INFO,	fsinfo_generic_timestamp_info),
	FSINFO_STRING	(FSINFO_ATTR_VOLUME_ID,		fsinfo_generic_volume_id),
	FSINFO_VSTRUCT	(FSINFO_ATTR_VOLUME_UUID,	fsinfo_generic_volume_uuid),
	FSINFO_VSTRUCT	(FSINFO_ATTR_FEATURES,		fsinfo_generic_features),
	FSINFO_VSTRUCT	(FSINFO_ATTR_SB_NOTIFICATIONS,	fsinfo_generic_sb_notifications),

	FSINFO_LIST	(FSINFO_ATTR_FSINFO_ATTRIBUTES,	fsinfo_meta_attribute),
	FSINFO_VSTRUCT_N(FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, fsinfo_meta_attribute),

	FSINFO_VSTRUCT	(FSINFO_ATTR_MOUNT_INFO,	fsinfo_generic_mount_info),
	FSINFO_STRING	(FSINFO_ATTR_MOUNT_DEVNAME,	fsinfo_generic_mount_devname),
	FSINFO_STRING	(FSINFO_ATTR_MOUNT_POINT,	fsinfo_generic_mount_point),
	FSINFO_LIST	(FSINFO_ATTR_MOUNT_CHILDREN,	fsinfo_generic_mount_children),
	{}
};

/* ---- attribute tables ---------------------------------------------------- */

/*
 * The attribute is in the table: check Nth/Mth against its multiplicity,
 * then answer the sizing pass (no buffer) from the type alone, or call the
 * getter.
 */
static int fsinfo_get_this_attribute(struct path *path,
				     struct fsinfo_context *ctx,
				     const struct fsinfo_attribute *attr)
{
	unsigned int buf_size;

	if (ctx->Nth != 0 && !(attr->flags & (FSINFO_FLAGS_N | FSINFO_FLAGS_NM)))
		return -ENODATA;
	if (ctx->Mth != 0 && !(attr->flags & FSINFO_FLAGS_NM))
		return -ENODATA;

	switch (attr->type) {
	case FSINFO_TYPE_VSTRUCT:
		ctx->clear_tail = true;
		buf_size = attr->size;
		break;
	case FSINFO_TYPE_STRING:
	case FSINFO_TYPE_OPAQUE:
	case FSINFO_TYPE_LIST:
		buf_size = FSINFO_NORMAL_ATTR_MAX_SIZE;
		break;
	default:
		return -ENOPKG;
	}

	if (ctx->buf_size < buf_size)
		return (int)buf_size;
	return attr->get(path, ctx);
}

/*
 * Add @attr's ID to the FSINFO_ATTR_FSINFO_ATTRIBUTES list unless it is
 * there already.  Without room (the sizing pass has none) it only counts,
 * and so counts an ID that two tables share twice (erratum B6).
 */
static void fsinfo_attributes_insert(struct fsinfo_context *ctx,
				     const struct fsinfo_attribute *attr)
{
	__u32 *p = ctx->buffer;
	unsigned int i;

	if (ctx->usage >= ctx->buf_size ||
	    ctx->buf_size - ctx->usage < sizeof(__u32)) {
		ctx->usage += sizeof(__u32);
		return;
	}

	for (i = 0; i < ctx->usage / sizeof(__u32); i++)
		if (p[i] == attr->attr_id)
			return;

	p[i] = attr->attr_id;
	ctx->usage += sizeof(__u32);
}

static int fsinfo_list_attributes(struct fsinfo_context *ctx,
				  const struct fsinfo_attribute *attributes)
{
	const struct fsinfo_attribute *a;

	for (a = attributes; a->get; a++)
		fsinfo_attributes_insert(ctx, a);
	return -EOPNOTSUPP;	/* on to the next table */
}

/* FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO: Nth names the attribute described. */
static int fsinfo_get_attribute_info(struct fsinfo_context *ctx,
				     const struct fsinfo_attribute *attributes)
{
	struct fsinfo_attribute_info *p = ctx->buffer;
	const struct fsinfo_attribute *a;

	if (!ctx->buf_size)
		return sizeof(*p);

	for (a = attributes; a->get; a++) {
		if (a->attr_id == ctx->Nth) {
			p->attr_id = a->attr_id;
			p->type = a->type;
			p->flags = a->flags;
			p->size = a->size;
			return sizeof(*p);
		}
	}
	return -EOPNOTSUPP;	/* perhaps the next table has it */
}

int fsinfo_get_attribute(struct path *path, struct fsinfo_context *ctx,
			 const struct fsinfo_attribute *attributes)
{
	const struct fsinfo_attribute *a;

	switch (ctx->requested_attr) {
	case FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO:
		return fsinfo_get_attribute_info(ctx, attributes);
	case FSINFO_ATTR_FSINFO_ATTRIBUTES:
		return fsinfo_list_attributes(ctx, attributes);
	default:
		for (a = attributes; a->get; a++)
			if (a->attr_id == ctx->requested_attr)
				return fsinfo_get_this_attribute(path, ctx, a);
		return -EOPNOTSUPP;
	}
}

/* ---- the query ----------------------------------------------------------- */

/* The filesystem's table first, then the common one. */
static int fsinfo_call(struct path *path, struct fsinfo_context *ctx)
{
	const struct super_operations *sop = path->dentry->d_sb->s_op;
	int ret;

	if (sop && sop->fsinfo) {
		ret = sop->fsinfo(path, ctx);
		if (ret != -EOPNOTSUPP)
			return ret;
	}
	ret = fsinfo_get_attribute(path, ctx, fsinfo_common_attributes);
	if (ret != -EOPNOTSUPP)
		return ret;

	/* The meta attributes went through every table. */
	switch (ctx->requested_attr) {
	case FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO:
		return -ENODATA;
	case FSINFO_ATTR_FSINFO_ATTRIBUTES:
		return (int)ctx->usage;
	default:
		return -EOPNOTSUPP;
	}
}

/*
 * vfs_fsinfo - the value of ctx->requested_attr (Nth, Mth) at @path.
 *
 * Returns the value's size, with the value in ctx->buffer (which the
 * caller kvfree()s), or -errno: -EOPNOTSUPP for an attribute the object
 * does not have, -ENODATA for a value (Nth, Mth) it does not have,
 * -EMSGSIZE for a value beyond INT_MAX, -ERESTARTSYS if a signal came
 * while the buffer had to grow, -ENOMEM, or the LSM's refusal.
 *
 * With ctx->want_size_only v17 answers from the sizing pass alone, which
 * for strings, lists and opaque values is the 4096-byte guess rather than
 * their size (erratum B6): the model fetches those values to measure them,
 * unless the instance has the B6 quirk.  A vstruct's size is exact either
 * way.
 */
static int vfs_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	int ret;

	ret = security_sb_statfs(path->dentry);
	if (ret)
		return ret;

	ctx->buf_size = 0;
	ret = fsinfo_call(path, ctx);
	if (ret < 0)
		return ret;
	if (ctx->want_size_only &&
	    (ctx->clear_tail || vfsim_quirk(current_kernel(), 6)))
		return ret;
	if (ret == 0)
		return 0;	/* nothing to fetch */
	ctx->buf_size = (unsigned int)ret;

	do {
		if (ctx->buf_size > INT_MAX)
			return -EMSGSIZE;
		ctx->buffer = kvzalloc(ctx->buf_size, GFP_KERNEL);
		if (!ctx->buffer)
			return -ENOMEM;

		ctx->usage = 0;
		ret = fsinfo_call(path, ctx);
		if (ret < 0)
			return ret;
		if ((unsigned int)ret <= ctx->buf_size)
			return ret;	/* it fitted */

		ctx->buf_size = round_up((unsigned int)ret, PAGE_SIZE);
		kvfree(ctx->buffer);
		ctx->buffer = NULL;
	} while (!signal_pending(current));

	return -ERESTARTSYS;
}

/*
 * What fsinfo() queries (patches 07 and 09): a path, the file open on an
 * fd (O_PATH fds included), or a mount given by its ID.
 *
 * A path query follows symlinks and triggers automounts unless at_flags
 * say otherwise.  (The kernel retries once with LOOKUP_REVAL on -ESTALE;
 * no filesystem of the model goes stale, so there is no retry.)
 */
static int vfs_fsinfo_path(int dfd, const char __user *pathname,
		    unsigned int at_flags, struct fsinfo_context *ctx)
{
	unsigned int lookup_flags;
	struct path path;
	int ret;

	ret = at_flags_to_lookup_flags(at_flags,
				       AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH,
				       &lookup_flags);
	if (ret)
		return ret;
	ret = user_path_at(dfd, pathname, lookup_flags, &path);
	if (ret)
		return ret;
	ret = vfs_fsinfo(&path, ctx);
	path_put(&path);
	return ret;
}

static int vfs_fsinfo_fd(unsigned int fd, struct fsinfo_context *ctx)
{
	struct file *f = fget_raw(fd);
	int ret;

	if (!f)
		return -EBADF;
	ret = vfs_fsinfo(&f->f_path, ctx);
	fput(f);
	return ret;
}

/*
 * The mount ID comes as a string of at most 31 characters in the kernel's
 * number syntax (decimal, 0x-hex, 0-octal).
 *
 * v17 parses it into a long and returns 0 (copying nothing: ret is still
 * 0 from the parse) when it is above INT_MAX (erratum B11); an ID above
 * LONG_MAX wraps negative there, slips past that test and is truncated to
 * an int.  With the B11 quirk the model does exactly that; otherwise an ID
 * that cannot be a mount ID is -EINVAL, like any other malformed ID.
 */
static int vfs_fsinfo_mount(int dfd, const char __user *filename,
		     struct fsinfo_context *ctx)
{
	unsigned long mnt_id = 0;
	struct file *f = NULL;
	struct path path;
	char *name;
	int ret;

	if (!filename)
		return -EINVAL;

	name = strndup_user(filename, 32);
	if (IS_ERR(name))
		return (int)PTR_ERR(name);
	ret = kstrtoul(name, 0, &mnt_id);
	if (ret < 0)
		goto out_name;
	if (vfsim_quirk(current_kernel(), 11)) {
		if ((long)mnt_id > INT_MAX)
			goto out_name;
	} else if (mnt_id > INT_MAX) {
		ret = -EINVAL;
		goto out_name;
	}

	if (dfd != AT_FDCWD) {
		ret = -EBADF;
		f = fget_raw((unsigned int)dfd);
		if (!f)
			goto out_name;
	}

	ret = lookup_mount_object(f ? &f->f_path : NULL, (int)mnt_id, &path);
	if (ret < 0)
		goto out_fd;

	ret = vfs_fsinfo(&path, ctx);
	path_put(&path);
out_fd:
	if (f)
		fput(f);
out_name:
	kfree(name);
	return ret;
}

/* ---- the system call (patch 07, with patch 09's query by mount ID) ------- */

/*
 * ksys_fsinfo - fsinfo(dfd, pathname, params, buffer, buf_size).
 *
 * Copies min(value size, buf_size) bytes of the value to @user_buffer
 * and returns the value's full size.  The rest of the buffer is zeroed
 * for a vstruct only, so that a caller built against a shorter version
 * of the struct reads zeros, not stale bytes, in the fields it did not
 * get; a string, list or opaque value leaves it as it was (semantics
 * note S6; strings come without a NUL).
 */
long ksys_fsinfo(int dfd, const char __user *pathname,
		 const struct fsinfo_params __user *params,
		 void __user *user_buffer, size_t user_buf_size)
{
	struct fsinfo_context ctx;
	struct fsinfo_params user_params;
	unsigned int at_flags = 0;
	size_t result_size;
	int ret;

	if (!user_buffer && user_buf_size)
		return -EINVAL;
	if (user_buffer && !user_buf_size)
		return -EINVAL;
	if (user_buf_size > UINT_MAX)
		return -EOVERFLOW;

	memset(&ctx, 0, sizeof(ctx));
	ctx.requested_attr = FSINFO_ATTR_STATFS;
	if (user_buf_size == 0)
		ctx.want_size_only = true;

	if (params) {
		if (copy_from_user(&user_params, params, sizeof(user_params)))
			return -EFAULT;
		if (user_params.__reserved32[0] ||
		    user_params.__reserved[0] ||
		    user_params.__reserved[1] ||
		    user_params.__reserved[2] ||
		    (user_params.flags & ~FSINFO_FLAGS_QUERY_MASK))
			return -EINVAL;
		at_flags = user_params.at_flags;
		ctx.flags = user_params.flags;
		ctx.requested_attr = user_params.request;
		ctx.Nth = user_params.Nth;
		ctx.Mth = user_params.Mth;
	}

	switch (ctx.flags & FSINFO_FLAGS_QUERY_MASK) {
	case FSINFO_FLAGS_QUERY_PATH:
		ret = vfs_fsinfo_path(dfd, pathname, at_flags, &ctx);
		break;
	case FSINFO_FLAGS_QUERY_FD:
		if (pathname)
			return -EINVAL;
		ret = vfs_fsinfo_fd((unsigned int)dfd, &ctx);
		break;
	case FSINFO_FLAGS_QUERY_MOUNT:
		ret = vfs_fsinfo_mount(dfd, pathname, &ctx);
		break;
	default:
		return -EINVAL;
	}
	if (ret < 0)
		goto error;

	result_size = min_t(size_t, (size_t)ret, user_buf_size);
	if (result_size > 0 &&
	    copy_to_user(user_buffer, ctx.buffer, result_size) != 0) {
		ret = -EFAULT;
		goto error;
	}
	if (ctx.clear_tail && user_buf_size > result_size &&
	    clear_user((char __user *)user_buffer + result_size,
		       user_buf_size - result_size) != 0)
		ret = -EFAULT;

error:
	kvfree(ctx.buffer);
	return ret;
}
