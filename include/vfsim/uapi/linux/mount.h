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
