// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsinfo() for tmpfs, ramfs and rootfs: their features.  Everything else
 * the common table answers from the superblock and ->statfs.
 */
#include <fsinfo/fsinfo.h>

#include "internal.h"

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
