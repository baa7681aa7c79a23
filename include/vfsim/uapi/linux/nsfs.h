/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The nsfs ioctls of mount namespace files as Linux 6.18 defines them
 * (include/uapi/linux/nsfs.h), on top of the system's <linux/nsfs.h>,
 * whose older versions lack NS_GET_MNTNS_ID (6.10).  The system header
 * comes first, as in <vfsim/uapi/linux/fanotify.h>.
 */
#ifndef _VFSIM_UAPI_LINUX_NSFS_H
#define _VFSIM_UAPI_LINUX_NSFS_H

#if defined(__has_include_next)
#if __has_include_next(<linux/nsfs.h>)
#include_next <linux/nsfs.h>
#endif
#endif

#include <linux/ioctl.h>
#include <linux/types.h>

#ifndef NSIO
#define NSIO 0xb7
#endif
#ifndef NS_GET_NSTYPE
#define NS_GET_NSTYPE		_IO(NSIO, 0x3)
#endif
#ifndef NS_GET_MNTNS_ID
/* The 64-bit ID of a mount namespace (statmount's mnt_ns_id). */
#define NS_GET_MNTNS_ID		_IOR(NSIO, 0x5, __u64)
#endif

#endif
