// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The common attribute table, in v17's order: that order is the order of
 * FSINFO_ATTR_FSINFO_ATTRIBUTES for a filesystem without a table of its
 * own (FSINFO_ATTR_VOLUME_NAME has no common getter: only filesystems with
 * a volume name offer it).
 */
#include <linux/bug.h>
#include <fsinfo/internal.h>

/*
 * The two meta attributes need a getter to be table entries, but
 * fsinfo_get_attribute() answers them before it looks at any getter.
 */
static int fsinfo_meta_attribute(struct path *path, struct fsinfo_context *ctx)
{
	WARN_ON(1);
	return -EOPNOTSUPP;
}

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
