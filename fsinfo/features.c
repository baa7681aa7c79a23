// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * FSINFO_ATTR_FEATURES for a filesystem that does not answer it itself
 * (patch 08): what the VFS can tell from the superblock alone.
 */
#include <fsinfo/internal.h>

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
