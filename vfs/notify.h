/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The notification hooks of seeds 002 and 003 as the mount code calls them.
 * notify_mount() always bumps the mount's change counter (patch 02 does so
 * whether or not notifications are configured); the record is built and
 * posted only with CONFIG_MOUNT_NOTIFICATIONS, which the notifications
 * issue turns on together with post_mount_notification().
 */
#ifndef _VFSIM_VFS_NOTIFY_H
#define _VFSIM_VFS_NOTIFY_H

#include <uapi/linux/watch_queue.h>
#include <vfs/mount.h>

#ifdef CONFIG_MOUNT_NOTIFICATIONS
void post_mount_notification(struct mount *changed, struct mount_notification *notify);
void mount_notify_release(struct mount *mnt);
#else
static inline void mount_notify_release(struct mount *mnt) { (void)mnt; }
#endif

#define watch_sizeof(STRUCT) (sizeof(STRUCT) << WATCH_INFO_LENGTH__SHIFT)

static inline void notify_mount(struct mount *changed, struct mount *aux,
				enum mount_notification_subtype subtype,
				u32 info_flags)
{
	atomic_inc(&changed->mnt_change_counter);
#ifdef CONFIG_MOUNT_NOTIFICATIONS
	{
		struct mount_notification n = {
			.watch.type	= WATCH_TYPE_MOUNT_NOTIFY,
			.watch.subtype	= subtype,
			.watch.info	= info_flags | watch_sizeof(n),
			.triggered_on	= (u32)changed->mnt_id,
			.changed_mount	= aux ? (u32)aux->mnt_id : 0,
		};

		post_mount_notification(changed, &n);
	}
#else
	(void)aux;
	(void)subtype;
	(void)info_flags;
#endif
}

#endif
