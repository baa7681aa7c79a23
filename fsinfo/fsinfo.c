// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The common table's superblock attributes (patches 07 and 13): values
 * read from the superblock and its ->statfs, for any filesystem that does
 * not answer them itself.
 */
#include <stdio.h>
#include <sys/sysmacros.h>

#include <fsinfo/internal.h>

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
int fsinfo_generic_statfs(struct path *path, struct fsinfo_context *ctx)
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
int fsinfo_generic_ids(struct path *path, struct fsinfo_context *ctx)
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

int fsinfo_generic_volume_id(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_string(path->dentry->d_sb->s_id, ctx);
}

int fsinfo_generic_volume_uuid(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_volume_uuid *p = ctx->buffer;

	memcpy(p, &path->dentry->d_sb->s_uuid, sizeof(*p));
	return sizeof(*p);
}

/* SB_NOTIFICATIONS (patch 13): the counter notify_sb() bumps. */
int fsinfo_generic_sb_notifications(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_sb_notifications *p = ctx->buffer;
	struct super_block *sb = path->dentry->d_sb;

	p->watch_id = sb->s_unique_id;
	p->notify_counter = (__u32)atomic_read(&sb->s_notify_counter);
	return sizeof(*p);
}
