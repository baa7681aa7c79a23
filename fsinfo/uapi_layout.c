// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fsinfo() ABI of v17, checked at compile time: every structure's size
 * and the offsets a caller relies on (x86_64 layouts; the patch set's own
 * numbers).  Here rather than in the UAPI header, which stays plain C for
 * the programs that include it.
 */
#include <stddef.h>

#include <uapi/linux/fsinfo.h>
#include <uapi/linux/mount.h>

#define SIZE(s, n)	_Static_assert(sizeof(struct s) == (n), "sizeof(struct " #s ")")
#define OFF(s, f, n)	_Static_assert(offsetof(struct s, f) == (n), #s "." #f)

/* attribute IDs and flags */
_Static_assert(FSINFO_ATTR_STATFS == 0x00 && FSINFO_ATTR_IDS == 0x01 &&
	       FSINFO_ATTR_LIMITS == 0x02 && FSINFO_ATTR_SUPPORTS == 0x03 &&
	       FSINFO_ATTR_TIMESTAMP_INFO == 0x04 && FSINFO_ATTR_VOLUME_ID == 0x05 &&
	       FSINFO_ATTR_VOLUME_UUID == 0x06 && FSINFO_ATTR_VOLUME_NAME == 0x07 &&
	       FSINFO_ATTR_FEATURES == 0x08 && FSINFO_ATTR_SB_NOTIFICATIONS == 0x09,
	       "superblock attribute IDs");
_Static_assert(FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO == 0x100 &&
	       FSINFO_ATTR_FSINFO_ATTRIBUTES == 0x101, "meta attribute IDs");
_Static_assert(FSINFO_ATTR_MOUNT_INFO == 0x200 && FSINFO_ATTR_MOUNT_DEVNAME == 0x201 &&
	       FSINFO_ATTR_MOUNT_POINT == 0x202 && FSINFO_ATTR_MOUNT_CHILDREN == 0x203,
	       "mount attribute IDs (v18 moved CHILDREN to 0x204)");
_Static_assert(FSINFO_ATTR_AFS_CELL_NAME == 0x300 && FSINFO_ATTR_AFS_SERVER_NAME == 0x301 &&
	       FSINFO_ATTR_AFS_SERVER_ADDRESSES == 0x302, "AFS attribute IDs");
_Static_assert(FSINFO_ATTR_EXT4_TIMESTAMPS == 0x400, "ext4 attribute ID");
_Static_assert(FSINFO_ATTR_NFS_INFO == 0x500 && FSINFO_ATTR_NFS_SERVER_NAME == 0x501 &&
	       FSINFO_ATTR_NFS_SERVER_ADDRESSES == 0x502 && FSINFO_ATTR_NFS_GSSAPI_NAME == 0x503,
	       "NFS attribute IDs");
_Static_assert(FSINFO_FLAGS_QUERY_MASK == 0x7 && FSINFO_FLAGS_QUERY_PATH == 0 &&
	       FSINFO_FLAGS_QUERY_FD == 1 && FSINFO_FLAGS_QUERY_MOUNT == 2, "query kinds");
_Static_assert(FSINFO_FLAGS_N == 1 && FSINFO_FLAGS_NM == 2, "multiplicity flags");
_Static_assert(FSINFO_TYPE_VSTRUCT == 0 && FSINFO_TYPE_STRING == 1 &&
	       FSINFO_TYPE_OPAQUE == 2 && FSINFO_TYPE_LIST == 3, "value types");
_Static_assert(FSINFO_FEAT_IS_KERNEL_FS == 0 && FSINFO_FEAT_VOLUME_ID == 24 &&
	       FSINFO_FEAT_NAME_CASE_INDEP == 38 && FSINFO_FEAT_NAME_NON_UTF8 == 39 &&
	       FSINFO_FEAT_HAS_INODE_NUMBERS == 49 && FSINFO_FEAT__NR == 50,
	       "feature numbering (v19+ inserts NAME_CASE_FOLD at 39)");
_Static_assert(MOUNT_PROPAGATION_UNBINDABLE == 1 && MOUNT_PROPAGATION_SLAVE == 2 &&
	       MOUNT_PROPAGATION_PRIVATE == 0 && MOUNT_PROPAGATION_SHARED == 4,
	       "propagation bits");
_Static_assert(MOUNT_ATTR_RDONLY == 0x01 && MOUNT_ATTR_NOSUID == 0x02 &&
	       MOUNT_ATTR_NODEV == 0x04 && MOUNT_ATTR_NOEXEC == 0x08 &&
	       MOUNT_ATTR_RELATIME == 0x00 && MOUNT_ATTR_NOATIME == 0x10 &&
	       MOUNT_ATTR_STRICTATIME == 0x20 && MOUNT_ATTR_NODIRATIME == 0x80,
	       "mount attribute bits");

SIZE(fsinfo_params, 48);
OFF(fsinfo_params, at_flags, 0);
OFF(fsinfo_params, flags, 4);
OFF(fsinfo_params, request, 8);
OFF(fsinfo_params, Nth, 12);
OFF(fsinfo_params, Mth, 16);
OFF(fsinfo_params, __reserved32, 20);
OFF(fsinfo_params, __reserved, 24);

SIZE(fsinfo_attribute_info, 16);
OFF(fsinfo_attribute_info, attr_id, 0);
OFF(fsinfo_attribute_info, type, 4);
OFF(fsinfo_attribute_info, flags, 8);
OFF(fsinfo_attribute_info, size, 12);

SIZE(fsinfo_u128, 16);
OFF(fsinfo_u128, lo, 0);	/* little-endian */
OFF(fsinfo_u128, hi, 8);

SIZE(fsinfo_statfs, 112);
OFF(fsinfo_statfs, f_bfree, 16);
OFF(fsinfo_statfs, f_favail, 80);
OFF(fsinfo_statfs, f_bsize, 96);
OFF(fsinfo_statfs, f_frsize, 104);

SIZE(fsinfo_ids, 48);
OFF(fsinfo_ids, f_fsid, 16);
OFF(fsinfo_ids, f_sb_id, 24);
OFF(fsinfo_ids, f_fstype, 32);
OFF(fsinfo_ids, f_dev_major, 36);
OFF(fsinfo_ids, f_dev_minor, 40);

SIZE(fsinfo_limits, 96);
OFF(fsinfo_limits, max_ino, 16);
OFF(fsinfo_limits, max_uid, 32);
OFF(fsinfo_limits, max_hard_links, 56);
OFF(fsinfo_limits, max_xattr_body_len, 64);
OFF(fsinfo_limits, max_xattr_name_len, 72);
OFF(fsinfo_limits, max_filename_len, 76);
OFF(fsinfo_limits, max_symlink_len, 80);
OFF(fsinfo_limits, max_dev_major, 84);
OFF(fsinfo_limits, max_dev_minor, 88);

SIZE(fsinfo_supports, 32);
OFF(fsinfo_supports, stx_mask, 8);
OFF(fsinfo_supports, fs_ioc_getflags, 12);
OFF(fsinfo_supports, win_file_attrs, 24);

SIZE(fsinfo_features, 12);
OFF(fsinfo_features, features, 4);
_Static_assert(sizeof(((struct fsinfo_features *)0)->features) == 7, "features[7]");

SIZE(fsinfo_timestamp_one, 24);
OFF(fsinfo_timestamp_one, maximum, 8);
OFF(fsinfo_timestamp_one, gran_mantissa, 16);
OFF(fsinfo_timestamp_one, gran_exponent, 18);
SIZE(fsinfo_timestamp_info, 96);
OFF(fsinfo_timestamp_info, mtime, 24);
OFF(fsinfo_timestamp_info, ctime, 48);
OFF(fsinfo_timestamp_info, btime, 72);

SIZE(fsinfo_volume_uuid, 16);

SIZE(fsinfo_mount_info, 40);
OFF(fsinfo_mount_info, mnt_id, 8);
OFF(fsinfo_mount_info, parent_id, 12);
OFF(fsinfo_mount_info, group_id, 16);
OFF(fsinfo_mount_info, master_id, 20);
OFF(fsinfo_mount_info, from_id, 24);
OFF(fsinfo_mount_info, attr, 28);
OFF(fsinfo_mount_info, change_counter, 32);
OFF(fsinfo_mount_info, propagation, 36);

SIZE(fsinfo_mount_child, 8);
OFF(fsinfo_mount_child, change_counter, 4);

SIZE(fsinfo_sb_notifications, 16);
OFF(fsinfo_sb_notifications, notify_counter, 8);

SIZE(fsinfo_afs_server_address, 128);
SIZE(fsinfo_ext4_timestamps, 48);
OFF(fsinfo_ext4_timestamps, last_error_time, 40);
SIZE(fsinfo_nfs_info, 12);
OFF(fsinfo_nfs_info, transport_proto, 8);
SIZE(fsinfo_nfs_server_address, 128);
