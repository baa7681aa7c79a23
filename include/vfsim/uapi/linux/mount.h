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

#endif /* _VFSIM_UAPI_LINUX_MOUNT_H */
