/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The fsinfo() UAPI of the patch set "VFS: Filesystem information and
 * notifications [ver #17]": every attribute ID, flag, value type and
 * structure as v17 defines them (patches 07-10, 12, 13, 15-17), and nothing
 * that came later (FSINFO_ATTR_FSINFO of v16, MOUNT_POINT_FULL and
 * MOUNT_TOPOLOGY of v18+, the params_size argument of v19+).
 *
 * Plain C with no dependency on the rest of vfsim, so that a program written
 * for the patch set compiles against it unchanged.  The sizes and offsets
 * are checked by static assertions in fsinfo/uapi_layout.c.
 */
#ifndef _UAPI_LINUX_FSINFO_H
#define _UAPI_LINUX_FSINFO_H

#include <linux/types.h>
#include <linux/socket.h>

/*
 * Attribute IDs (params->request).  Some attributes have several values,
 * selected by params->Nth (and ->Mth).
 */
#define FSINFO_ATTR_STATFS		0x00	/* statfs()-like state (vstruct) */
#define FSINFO_ATTR_IDS			0x01	/* identifiers (vstruct) */
#define FSINFO_ATTR_LIMITS		0x02	/* limits (vstruct) */
#define FSINFO_ATTR_SUPPORTS		0x03	/* statx/ioctl support (vstruct) */
#define FSINFO_ATTR_TIMESTAMP_INFO	0x04	/* timestamp range, granularity (vstruct) */
#define FSINFO_ATTR_VOLUME_ID		0x05	/* volume ID (string) */
#define FSINFO_ATTR_VOLUME_UUID		0x06	/* volume UUID (vstruct) */
#define FSINFO_ATTR_VOLUME_NAME		0x07	/* volume name (string) */
#define FSINFO_ATTR_FEATURES		0x08	/* feature bits (vstruct) */
#define FSINFO_ATTR_SB_NOTIFICATIONS	0x09	/* superblock notification state (vstruct) */

#define FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO 0x100	/* what attribute Nth is (vstruct) */
#define FSINFO_ATTR_FSINFO_ATTRIBUTES	0x101	/* IDs of the attributes here (list) */

#define FSINFO_ATTR_MOUNT_INFO		0x200	/* the mount object (vstruct) */
#define FSINFO_ATTR_MOUNT_DEVNAME	0x201	/* the mount's device name (string) */
#define FSINFO_ATTR_MOUNT_POINT		0x202	/* mountpoint within the parent (string) */
#define FSINFO_ATTR_MOUNT_CHILDREN	0x203	/* child mounts, then this one (list) */

#define FSINFO_ATTR_AFS_CELL_NAME	0x300	/* AFS cell (string) */
#define FSINFO_ATTR_AFS_SERVER_NAME	0x301	/* UUID of the Nth server (string) */
#define FSINFO_ATTR_AFS_SERVER_ADDRESSES 0x302	/* addresses of the Nth server (list) */

#define FSINFO_ATTR_EXT4_TIMESTAMPS	0x400	/* ext4 superblock times (vstruct) */

#define FSINFO_ATTR_NFS_INFO		0x500	/* NFS version and transport (vstruct) */
#define FSINFO_ATTR_NFS_SERVER_NAME	0x501	/* server host name (string) */
#define FSINFO_ATTR_NFS_SERVER_ADDRESSES 0x502	/* server address (list) */
#define FSINFO_ATTR_NFS_GSSAPI_NAME	0x503	/* GSSAPI acceptor (string) */

/*
 * The optional parameter block.  A NULL params pointer means: STATFS,
 * Nth = Mth = 0, a path query with at_flags 0.  Reserved fields must be 0.
 */
struct fsinfo_params {
	__u32	at_flags;	/* AT_SYMLINK_NOFOLLOW, AT_NO_AUTOMOUNT, AT_EMPTY_PATH */
	__u32	flags;		/* FSINFO_FLAGS_* */
#define FSINFO_FLAGS_QUERY_MASK	0x0007	/* which kind of object is queried: */
#define FSINFO_FLAGS_QUERY_PATH	0x0000	/* - dfd + pathname + at_flags */
#define FSINFO_FLAGS_QUERY_FD	0x0001	/* - the file open on dfd (pathname NULL) */
#define FSINFO_FLAGS_QUERY_MOUNT 0x0002	/* - pathname is a mount ID, dfd the anchor */
	__u32	request;	/* attribute ID */
	__u32	Nth;		/* which value */
	__u32	Mth;		/* which value within the Nth set */
	__u32	__reserved32[1];
	__u64	__reserved[3];
};

enum fsinfo_value_type {
	FSINFO_TYPE_VSTRUCT	= 0,	/* struct whose size is its version */
	FSINFO_TYPE_STRING	= 1,	/* text without a NUL */
	FSINFO_TYPE_OPAQUE	= 2,	/* blob */
	FSINFO_TYPE_LIST	= 3,	/* array of fixed-size elements */
};

/* FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, Nth = the attribute ID asked about. */
struct fsinfo_attribute_info {
	unsigned int		attr_id;
	enum fsinfo_value_type	type;
	unsigned int		flags;
#define FSINFO_FLAGS_N		0x01	/* the attribute has N values */
#define FSINFO_FLAGS_NM		0x02	/* ... N sets of M values */
	unsigned int		size;	/* struct or element size; 0 otherwise */
};

#define FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO__STRUCT struct fsinfo_attribute_info
#define FSINFO_ATTR_FSINFO_ATTRIBUTES__STRUCT __u32

/* A 128-bit number as two 64-bit halves in the machine's order. */
struct fsinfo_u128 {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	__u64	hi;
	__u64	lo;
#else
	__u64	lo;
	__u64	hi;
#endif
};

/* FSINFO_ATTR_MOUNT_INFO */
struct fsinfo_mount_info {
	__u64	f_sb_id;	/* the superblock's unique ID */
	__u32	mnt_id;		/* usable with FSINFO_FLAGS_QUERY_MOUNT */
	__u32	parent_id;	/* == mnt_id at the caller's root or when unreachable */
	__u32	group_id;	/* peer group if shared, else 0 */
	__u32	master_id;	/* master's peer group if a slave, else 0 */
	__u32	from_id;	/* dominating peer group, if not the master */
	__u32	attr;		/* MOUNT_ATTR_* */
	__u32	change_counter;	/* changes applied to the mount */
	__u32	propagation;	/* MOUNT_PROPAGATION_* */
};

#define FSINFO_ATTR_MOUNT_INFO__STRUCT struct fsinfo_mount_info

/*
 * One element of FSINFO_ATTR_MOUNT_CHILDREN.  The list ends with an extra
 * element for the queried mount itself.
 */
struct fsinfo_mount_child {
	__u32	mnt_id;
	__u32	change_counter;
};

#define FSINFO_ATTR_MOUNT_CHILDREN__STRUCT struct fsinfo_mount_child

/* FSINFO_ATTR_STATFS */
struct fsinfo_statfs {
	struct fsinfo_u128 f_blocks;	/* blocks in the filesystem */
	struct fsinfo_u128 f_bfree;	/* free blocks */
	struct fsinfo_u128 f_bavail;	/* free blocks for unprivileged users */
	struct fsinfo_u128 f_files;	/* file nodes */
	struct fsinfo_u128 f_ffree;	/* free file nodes */
	struct fsinfo_u128 f_favail;	/* free file nodes for unprivileged users */
	__u64	f_bsize;		/* optimal block size */
	__u64	f_frsize;		/* fragment size */
};

#define FSINFO_ATTR_STATFS__STRUCT struct fsinfo_statfs

/* FSINFO_ATTR_IDS */
struct fsinfo_ids {
	char	f_fs_name[15 + 1];	/* filesystem type name */
	__u64	f_fsid;			/* statfs()'s f_fsid */
	__u64	f_sb_id;		/* superblock unique ID, as in notifications */
	__u32	f_fstype;		/* magic number (linux/magic.h) */
	__u32	f_dev_major;		/* device, as statx() st_dev_* */
	__u32	f_dev_minor;
	__u32	__padding[1];
};

#define FSINFO_ATTR_IDS__STRUCT struct fsinfo_ids

/* FSINFO_ATTR_LIMITS */
struct fsinfo_limits {
	struct fsinfo_u128 max_file_size;
	struct fsinfo_u128 max_ino;
	__u64	max_uid;
	__u64	max_gid;
	__u64	max_projid;
	__u64	max_hard_links;
	__u64	max_xattr_body_len;
	__u32	max_xattr_name_len;
	__u32	max_filename_len;
	__u32	max_symlink_len;
	__u32	max_dev_major;
	__u32	max_dev_minor;
	__u32	__padding[1];
};

#define FSINFO_ATTR_LIMITS__STRUCT struct fsinfo_limits

/* FSINFO_ATTR_SUPPORTS */
struct fsinfo_supports {
	__u64	stx_attributes;		/* statx stx_attributes bits that can be set */
	__u32	stx_mask;		/* statx stx_mask bits that can be set */
	__u32	fs_ioc_getflags;	/* FS_IOC_GETFLAGS bits that may be returned */
	__u32	fs_ioc_setflags_set;	/* FS_IOC_SETFLAGS bits that may be set */
	__u32	fs_ioc_setflags_clear;	/* FS_IOC_SETFLAGS bits that may be cleared */
	__u32	win_file_attrs;		/* Windows FILE_* attributes (linux/windows.h) */
	__u32	__padding[1];
};

#define FSINFO_ATTR_SUPPORTS__STRUCT struct fsinfo_supports

/* FSINFO_ATTR_FEATURES: one bit per feature, bit f in byte f / 8. */
enum fsinfo_feature {
	FSINFO_FEAT_IS_KERNEL_FS	= 0,
	FSINFO_FEAT_IS_BLOCK_FS		= 1,
	FSINFO_FEAT_IS_FLASH_FS		= 2,
	FSINFO_FEAT_IS_NETWORK_FS	= 3,
	FSINFO_FEAT_IS_AUTOMOUNTER_FS	= 4,
	FSINFO_FEAT_IS_MEMORY_FS	= 5,
	FSINFO_FEAT_AUTOMOUNTS		= 6,
	FSINFO_FEAT_ADV_LOCKS		= 7,
	FSINFO_FEAT_MAND_LOCKS		= 8,
	FSINFO_FEAT_LEASES		= 9,
	FSINFO_FEAT_UIDS		= 10,
	FSINFO_FEAT_GIDS		= 11,
	FSINFO_FEAT_PROJIDS		= 12,
	FSINFO_FEAT_STRING_USER_IDS	= 13,
	FSINFO_FEAT_GUID_USER_IDS	= 14,
	FSINFO_FEAT_WINDOWS_ATTRS	= 15,
	FSINFO_FEAT_USER_QUOTAS		= 16,
	FSINFO_FEAT_GROUP_QUOTAS	= 17,
	FSINFO_FEAT_PROJECT_QUOTAS	= 18,
	FSINFO_FEAT_XATTRS		= 19,
	FSINFO_FEAT_JOURNAL		= 20,
	FSINFO_FEAT_DATA_IS_JOURNALLED	= 21,
	FSINFO_FEAT_O_SYNC		= 22,
	FSINFO_FEAT_O_DIRECT		= 23,
	FSINFO_FEAT_VOLUME_ID		= 24,
	FSINFO_FEAT_VOLUME_UUID		= 25,
	FSINFO_FEAT_VOLUME_NAME		= 26,
	FSINFO_FEAT_VOLUME_FSID		= 27,
	FSINFO_FEAT_IVER_ALL_CHANGE	= 28,
	FSINFO_FEAT_IVER_DATA_CHANGE	= 29,
	FSINFO_FEAT_IVER_MONO_INCR	= 30,
	FSINFO_FEAT_DIRECTORIES		= 31,
	FSINFO_FEAT_SYMLINKS		= 32,
	FSINFO_FEAT_HARD_LINKS		= 33,
	FSINFO_FEAT_HARD_LINKS_1DIR	= 34,
	FSINFO_FEAT_DEVICE_FILES	= 35,
	FSINFO_FEAT_UNIX_SPECIALS	= 36,
	FSINFO_FEAT_RESOURCE_FORKS	= 37,
	FSINFO_FEAT_NAME_CASE_INDEP	= 38,
	FSINFO_FEAT_NAME_NON_UTF8	= 39,
	FSINFO_FEAT_NAME_HAS_CODEPAGE	= 40,
	FSINFO_FEAT_SPARSE		= 41,
	FSINFO_FEAT_NOT_PERSISTENT	= 42,
	FSINFO_FEAT_NO_UNIX_MODE	= 43,
	FSINFO_FEAT_HAS_ATIME		= 44,
	FSINFO_FEAT_HAS_BTIME		= 45,
	FSINFO_FEAT_HAS_CTIME		= 46,
	FSINFO_FEAT_HAS_MTIME		= 47,
	FSINFO_FEAT_HAS_ACL		= 48,
	FSINFO_FEAT_HAS_INODE_NUMBERS	= 49,
	FSINFO_FEAT__NR
};

struct fsinfo_features {
	__u32	nr_features;	/* FSINFO_FEAT__NR of the kernel that answered */
	__u8	features[(FSINFO_FEAT__NR + 7) / 8];
};

#define FSINFO_ATTR_FEATURES__STRUCT struct fsinfo_features

/* Granularity in seconds = gran_mantissa * 10^gran_exponent. */
struct fsinfo_timestamp_one {
	__s64	minimum;	/* earliest representable time, seconds */
	__s64	maximum;	/* latest representable time, seconds */
	__u16	gran_mantissa;
	__s8	gran_exponent;
	__u8	__padding[5];
};

/* FSINFO_ATTR_TIMESTAMP_INFO */
struct fsinfo_timestamp_info {
	struct fsinfo_timestamp_one	atime;
	struct fsinfo_timestamp_one	mtime;
	struct fsinfo_timestamp_one	ctime;
	struct fsinfo_timestamp_one	btime;
};

#define FSINFO_ATTR_TIMESTAMP_INFO__STRUCT struct fsinfo_timestamp_info

/* FSINFO_ATTR_VOLUME_UUID */
struct fsinfo_volume_uuid {
	__u8	uuid[16];
};

#define FSINFO_ATTR_VOLUME_UUID__STRUCT struct fsinfo_volume_uuid

/* FSINFO_ATTR_SB_NOTIFICATIONS */
struct fsinfo_sb_notifications {
	__u64	watch_id;	/* the superblock's ID in notification records */
	__u32	notify_counter;	/* superblock notifications posted so far */
	__u32	__reserved[1];
};

#define FSINFO_ATTR_SB_NOTIFICATIONS__STRUCT struct fsinfo_sb_notifications

/* One element of FSINFO_ATTR_AFS_SERVER_ADDRESSES: a sockaddr_rxrpc. */
struct fsinfo_afs_server_address {
	struct __kernel_sockaddr_storage address;
};

#define FSINFO_ATTR_AFS_SERVER_ADDRESSES__STRUCT struct fsinfo_afs_server_address

/* FSINFO_ATTR_EXT4_TIMESTAMPS, in seconds since the epoch. */
struct fsinfo_ext4_timestamps {
	__u64	mkfs_time;
	__u64	mount_time;
	__u64	write_time;
	__u64	last_check_time;
	__u64	first_error_time;
	__u64	last_error_time;
};

#define FSINFO_ATTR_EXT4_TIMESTAMPS__STRUCT struct fsinfo_ext4_timestamps

/* FSINFO_ATTR_NFS_INFO */
struct fsinfo_nfs_info {
	__u32	version;
	__u32	minor_version;
	__u32	transport_proto;	/* IPPROTO_* */
};

#define FSINFO_ATTR_NFS_INFO__STRUCT struct fsinfo_nfs_info

/* One element of FSINFO_ATTR_NFS_SERVER_ADDRESSES. */
struct fsinfo_nfs_server_address {
	struct __kernel_sockaddr_storage address;
};

#define FSINFO_ATTR_NFS_SERVER_ADDRESSES__STRUCT struct fsinfo_nfs_server_address

#endif /* _UAPI_LINUX_FSINFO_H */
