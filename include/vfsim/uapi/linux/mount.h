/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The patch set's additions to <linux/mount.h>: patch 12 adds the
 * MOUNT_PROPAGATION_* values that FSINFO_ATTR_MOUNT_INFO reports.
 *
 * Everything else in that header (MS_*, fsopen(), MOUNT_ATTR_*) is the
 * system's, so this file includes the system header first rather than
 * replacing it: whether it is reached as <uapi/linux/mount.h> inside vfsim
 * or as <linux/mount.h> by a program whose include path puts vfsim's UAPI
 * directory first, glibc's <sys/mount.h> and <linux/mount.h> keep working.
 * The guard is our own for the same reason.
 */
#ifndef _VFSIM_UAPI_LINUX_MOUNT_H
#define _VFSIM_UAPI_LINUX_MOUNT_H

#if defined(__has_include_next)
#if __has_include_next(<linux/mount.h>)
#include_next <linux/mount.h>
#endif
#endif

/* Mount attributes, as 5.6 has them, for systems whose headers lack them. */
#ifndef MOUNT_ATTR_RDONLY
#define MOUNT_ATTR_RDONLY	0x00000001
#define MOUNT_ATTR_NOSUID	0x00000002
#define MOUNT_ATTR_NODEV	0x00000004
#define MOUNT_ATTR_NOEXEC	0x00000008
#define MOUNT_ATTR__ATIME	0x00000070
#define MOUNT_ATTR_RELATIME	0x00000000
#define MOUNT_ATTR_NOATIME	0x00000010
#define MOUNT_ATTR_STRICTATIME	0x00000020
#define MOUNT_ATTR_NODIRATIME	0x00000080
#endif

/* Propagation of a mount (patch 12); shared and slave may both be set. */
#ifndef MOUNT_PROPAGATION_UNBINDABLE
#define MOUNT_PROPAGATION_UNBINDABLE	0x00000001
#define MOUNT_PROPAGATION_SLAVE		0x00000002
#define MOUNT_PROPAGATION_PRIVATE	0x00000000
#define MOUNT_PROPAGATION_SHARED	0x00000004
#endif

/*
 * statmount(2) and listmount(2), Linux 6.8 onwards, as 6.18's
 * <linux/mount.h> lays them out (the model's 5.8 base has neither; see
 * docs/statmount.md).  Each group is guarded on its first name, so a
 * newer system header that already has it wins.
 */
#ifndef MNT_ID_REQ_SIZE_VER0
#include <linux/types.h>

struct mnt_id_req {
	__u32 size;		/* sizeof(struct mnt_id_req) the caller knows */
	union {
		__u32 spare;	/* 6.8's name */
		__u32 mnt_ns_fd;	/* a mount namespace fd (6.18) */
	};
	__u64 mnt_id;		/* a unique mount ID, or LSMT_ROOT */
	__u64 param;		/* statmount: STATMOUNT_*; listmount: last ID */
	__u64 mnt_ns_id;	/* VER1: the namespace, 0 for the caller's */
};

#define MNT_ID_REQ_SIZE_VER0	24	/* sizeof first published struct */
#define MNT_ID_REQ_SIZE_VER1	32	/* sizeof second published struct */

struct statmount {
	__u32 size;		/* Total size, including strings */
	__u32 mnt_opts;		/* [str] Options (comma separated, escaped) */
	__u64 mask;		/* What results were written */
	__u32 sb_dev_major;	/* Device ID */
	__u32 sb_dev_minor;
	__u64 sb_magic;		/* ..._SUPER_MAGIC */
	__u32 sb_flags;		/* SB_{RDONLY,SYNCHRONOUS,DIRSYNC,LAZYTIME} */
	__u32 fs_type;		/* [str] Filesystem type */
	__u64 mnt_id;		/* Unique ID of mount */
	__u64 mnt_parent_id;	/* Unique ID of parent (for root == mnt_id) */
	__u32 mnt_id_old;	/* Reused IDs used in proc/.../mountinfo */
	__u32 mnt_parent_id_old;
	__u64 mnt_attr;		/* MOUNT_ATTR_... */
	__u64 mnt_propagation;	/* MS_{SHARED,SLAVE,PRIVATE,UNBINDABLE} */
	__u64 mnt_peer_group;	/* ID of shared peer group */
	__u64 mnt_master;	/* Mount receives propagation from this ID */
	__u64 propagate_from;	/* Propagation from in current namespace */
	__u32 mnt_root;		/* [str] Root of mount relative to root of fs */
	__u32 mnt_point;	/* [str] Mountpoint relative to current root */
	__u64 mnt_ns_id;	/* ID of the mount namespace */
	__u32 fs_subtype;	/* [str] Subtype of fs_type (if any) */
	__u32 sb_source;	/* [str] Source string of the mount */
	__u32 opt_num;		/* Number of fs options */
	__u32 opt_array;	/* [str] Array of nul terminated fs options */
	__u32 opt_sec_num;	/* Number of security options */
	__u32 opt_sec_array;	/* [str] Array of nul terminated security options */
	__u64 supported_mask;	/* Mask flags that this kernel supports */
	__u32 mnt_uidmap_num;	/* Number of uid mappings */
	__u32 mnt_uidmap;	/* [str] Array of uid mappings */
	__u32 mnt_gidmap_num;	/* Number of gid mappings */
	__u32 mnt_gidmap;	/* [str] Array of gid mappings */
	__u64 __spare2[43];
	char str[];		/* Variable size part containing strings */
};

#define LSMT_ROOT		0xffffffffffffffff	/* root mount */
#define LISTMOUNT_REVERSE	(1 << 0)	/* List later mounts first */
#endif

/* @mask bits of struct statmount, and the request mask (mnt_id_req.param). */
#ifndef STATMOUNT_SB_BASIC
#define STATMOUNT_SB_BASIC		0x00000001U	/* Want/got sb_... */
#define STATMOUNT_MNT_BASIC		0x00000002U	/* Want/got mnt_... */
#define STATMOUNT_PROPAGATE_FROM	0x00000004U	/* Want/got propagate_from */
#define STATMOUNT_MNT_ROOT		0x00000008U	/* Want/got mnt_root  */
#define STATMOUNT_MNT_POINT		0x00000010U	/* Want/got mnt_point */
#define STATMOUNT_FS_TYPE		0x00000020U	/* Want/got fs_type */
#define STATMOUNT_MNT_NS_ID		0x00000040U	/* Want/got mnt_ns_id */
#endif
#ifndef STATMOUNT_MNT_OPTS
#define STATMOUNT_MNT_OPTS		0x00000080U	/* Want/got mnt_opts */
#endif
#ifndef STATMOUNT_FS_SUBTYPE
#define STATMOUNT_FS_SUBTYPE		0x00000100U	/* Want/got fs_subtype */
#define STATMOUNT_SB_SOURCE		0x00000200U	/* Want/got sb_source */
#define STATMOUNT_OPT_ARRAY		0x00000400U	/* Want/got opt_... */
#define STATMOUNT_OPT_SEC_ARRAY		0x00000800U	/* Want/got opt_sec... */
#endif
#ifndef STATMOUNT_SUPPORTED_MASK
#define STATMOUNT_SUPPORTED_MASK	0x00001000U	/* Want/got supported mask flags */
#endif
#ifndef STATMOUNT_MNT_UIDMAP
#define STATMOUNT_MNT_UIDMAP		0x00002000U	/* Want/got uidmap... */
#define STATMOUNT_MNT_GIDMAP		0x00004000U	/* Want/got gidmap... */
#endif

/* Mount attributes newer than 5.6, as statmount's mnt_attr reports them. */
#ifndef MOUNT_ATTR_IDMAP
#define MOUNT_ATTR_IDMAP	0x00100000	/* Idmap mount to @userns_fd */
#endif
#ifndef MOUNT_ATTR_NOSYMFOLLOW
#define MOUNT_ATTR_NOSYMFOLLOW	0x00200000	/* Do not follow symlinks */
#endif

#ifdef __cplusplus
#define VFSIM_UAPI_ASSERT_ static_assert
#else
#define VFSIM_UAPI_ASSERT_ _Static_assert
#endif
VFSIM_UAPI_ASSERT_(sizeof(struct mnt_id_req) == MNT_ID_REQ_SIZE_VER1, "mnt_id_req");
VFSIM_UAPI_ASSERT_(sizeof(struct statmount) == 512, "statmount size");
VFSIM_UAPI_ASSERT_(__builtin_offsetof(struct statmount, mnt_id) == 40, "statmount.mnt_id");
VFSIM_UAPI_ASSERT_(__builtin_offsetof(struct statmount, mnt_root) == 104, "statmount.mnt_root");
VFSIM_UAPI_ASSERT_(__builtin_offsetof(struct statmount, mnt_ns_id) == 112, "statmount.mnt_ns_id");
VFSIM_UAPI_ASSERT_(__builtin_offsetof(struct statmount, supported_mask) == 144, "statmount.supported_mask");
VFSIM_UAPI_ASSERT_(__builtin_offsetof(struct statmount, mnt_gidmap) == 164, "statmount.mnt_gidmap");
VFSIM_UAPI_ASSERT_(__builtin_offsetof(struct statmount, str) == 512, "statmount.str");
#undef VFSIM_UAPI_ASSERT_

/*
 * The new mount API (fsopen, fsconfig, fsmount, fspick, open_tree,
 * move_mount: Linux 5.2; mount_setattr: 5.12), with the values of Linux
 * 6.18's <linux/mount.h>.  Debian 12's headers (6.1) have most of them;
 * what came later is defined here only where the system header lacks it.
 * The fsconfig commands are an enum there, so they are tested through
 * FSOPEN_CLOEXEC, which came with them; FSCONFIG_CMD_CREATE_EXCL (6.6) is
 * a macro of the same value whether or not the enum has it.
 */
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE		1
#define OPEN_TREE_CLOEXEC	02000000	/* O_CLOEXEC */
#endif

#ifndef MOVE_MOUNT_F_SYMLINKS
#define MOVE_MOUNT_F_SYMLINKS		0x00000001
#define MOVE_MOUNT_F_AUTOMOUNTS		0x00000002
#define MOVE_MOUNT_F_EMPTY_PATH		0x00000004
#define MOVE_MOUNT_T_SYMLINKS		0x00000010
#define MOVE_MOUNT_T_AUTOMOUNTS		0x00000020
#define MOVE_MOUNT_T_EMPTY_PATH		0x00000040
#endif
#ifndef MOVE_MOUNT_SET_GROUP
#define MOVE_MOUNT_SET_GROUP		0x00000100	/* 5.15 */
#endif
#ifndef MOVE_MOUNT_BENEATH
#define MOVE_MOUNT_BENEATH		0x00000200	/* 6.5 */
#endif

#ifndef FSOPEN_CLOEXEC
#define FSOPEN_CLOEXEC		0x00000001

enum fsconfig_command {
	FSCONFIG_SET_FLAG	= 0,
	FSCONFIG_SET_STRING	= 1,
	FSCONFIG_SET_BINARY	= 2,
	FSCONFIG_SET_PATH	= 3,
	FSCONFIG_SET_PATH_EMPTY	= 4,
	FSCONFIG_SET_FD		= 5,
	FSCONFIG_CMD_CREATE	= 6,
	FSCONFIG_CMD_RECONFIGURE = 7,
};
#endif
#ifndef FSCONFIG_CMD_CREATE_EXCL
#define FSCONFIG_CMD_CREATE_EXCL 8	/* 6.6 */
#endif

#ifndef FSPICK_CLOEXEC
#define FSPICK_CLOEXEC		0x00000001
#define FSPICK_SYMLINK_NOFOLLOW	0x00000002
#define FSPICK_NO_AUTOMOUNT	0x00000004
#define FSPICK_EMPTY_PATH	0x00000008
#endif

#ifndef FSMOUNT_CLOEXEC
#define FSMOUNT_CLOEXEC		0x00000001
#endif

#ifndef MOUNT_ATTR_IDMAP
#define MOUNT_ATTR_IDMAP	0x00100000	/* 5.12 */
#endif
#ifndef MOUNT_ATTR_NOSYMFOLLOW
#define MOUNT_ATTR_NOSYMFOLLOW	0x00200000	/* 5.10 */
#endif

#ifndef MOUNT_ATTR_SIZE_VER0
#include <linux/types.h>
struct mount_attr {
	__u64 attr_set;
	__u64 attr_clr;
	__u64 propagation;
	__u64 userns_fd;
};
#define MOUNT_ATTR_SIZE_VER0	32
#endif

#endif /* _VFSIM_UAPI_LINUX_MOUNT_H */
