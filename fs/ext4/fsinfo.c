// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsinfo() for ext4 (patch 16): the volume label and the superblock's
 * times.  Everything else (the block-device features, quotas, limits,
 * nanosecond timestamps, the UUID) the common table reads from the
 * superblock, as it does for the real ext4.
 */
#include <string.h>

#include <fsinfo/fsinfo.h>

#include "ext4.h"

/*
 * The 16-byte label as it is on disk; a full label has no NUL and relies
 * on the zeroed kernel buffer (a string's buffer is never under 4096
 * bytes) for strlen() to stop.
 */
static int ext4_fsinfo_get_volume_name(struct path *path, struct fsinfo_context *ctx)
{
	const struct ext4_super_block *es = EXT4_SB(path->dentry->d_sb)->s_es;

	memcpy(ctx->buffer, es->s_volume_name, sizeof(es->s_volume_name));
	return (int)strlen(ctx->buffer);
}

/* Each time is its low word | its _hi byte << 32 (errors.c changes them
 * under s_umount, which fsinfo() does not take). */
static int ext4_fsinfo_get_timestamps(struct path *path, struct fsinfo_context *ctx)
{
	const struct ext4_super_block *es = EXT4_SB(path->dentry->d_sb)->s_es;
	struct fsinfo_ext4_timestamps *ts = ctx->buffer;

#define Z(R, S) R = READ_ONCE(S) | (((u64)READ_ONCE(S##_hi)) << 32)
	Z(ts->mkfs_time,	es->s_mkfs_time);
	Z(ts->mount_time,	es->s_mtime);
	Z(ts->write_time,	es->s_wtime);
	Z(ts->last_check_time,	es->s_lastcheck);
	Z(ts->first_error_time,	es->s_first_error_time);
	Z(ts->last_error_time,	es->s_last_error_time);
#undef Z
	return sizeof(*ts);
}

static const struct fsinfo_attribute ext4_fsinfo_attributes[] = {
	FSINFO_STRING	(FSINFO_ATTR_VOLUME_NAME,	ext4_fsinfo_get_volume_name),
	FSINFO_VSTRUCT	(FSINFO_ATTR_EXT4_TIMESTAMPS,	ext4_fsinfo_get_timestamps),
	{}
};

int ext4_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_get_attribute(path, ctx, ext4_fsinfo_attributes);
}
