/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * fanotify mount events (Linux 6.15+) on top of the system's
 * <linux/fanotify.h>: FAN_REPORT_MNT, FAN_MARK_MNTNS, FAN_MNT_ATTACH,
 * FAN_MNT_DETACH, FAN_EVENT_INFO_TYPE_MNT and struct
 * fanotify_event_info_mnt, as Linux 6.18 defines them, for headers older
 * than 6.15 (Debian 12's are 6.1's).  The system header comes first, as in
 * <vfsim/uapi/linux/mount.h>, so that a program reaching this file as
 * <linux/fanotify.h> keeps everything else the system defines.
 */
#ifndef _VFSIM_UAPI_LINUX_FANOTIFY_H
#define _VFSIM_UAPI_LINUX_FANOTIFY_H

#if defined(__has_include_next)
#if __has_include_next(<linux/fanotify.h>)
#include_next <linux/fanotify.h>
#endif
#endif

#include <linux/types.h>

#ifndef FAN_REPORT_FD_ERROR
#define FAN_REPORT_FD_ERROR	0x00002000	/* event->fd can report error (6.13) */
#endif
#ifndef FAN_REPORT_MNT
#define FAN_REPORT_MNT		0x00004000	/* Report mount events (6.15) */
#endif
#ifndef FAN_MARK_MNTNS
#define FAN_MARK_MNTNS		0x00000110	/* a mount namespace (6.15) */
#endif
#ifndef FAN_PRE_ACCESS
#define FAN_PRE_ACCESS		0x00100000	/* Pre-content access hook (6.14) */
#endif

#ifndef FAN_MNT_ATTACH
#define FAN_MNT_ATTACH		0x01000000	/* Mount was attached */
#define FAN_MNT_DETACH		0x02000000	/* Mount was detached */

/* A mount event's one info record: the mount's unique ID (statmount(2)). */
struct fanotify_event_info_mnt {
	struct fanotify_event_info_header hdr;
	__u64 mnt_id;
};
#endif

#ifndef FAN_EVENT_INFO_TYPE_MNT
#define FAN_EVENT_INFO_TYPE_MNT	7
#endif

#endif
