// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsinfo() for proc: a kernel interface, not storage.  Its features say
 * so; everything else comes from the common table.
 */
#include <fsinfo/fsinfo.h>

#include "internal.h"

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
