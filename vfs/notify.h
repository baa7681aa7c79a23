/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The notification hooks of seeds 002 and 003 as the mount and superblock
 * code calls them.  Both CONFIG options are on in the model.
 */
#ifndef _VFSIM_VFS_NOTIFY_H
#define _VFSIM_VFS_NOTIFY_H

#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/watch_queue.h>

#define CONFIG_MOUNT_NOTIFICATIONS 1
#define CONFIG_SB_NOTIFICATIONS 1

/* mount_notify.c */
void post_mount_notification(struct mount *changed, struct mount_notification *notify);
/* A dying mount's watchers get REMOVAL records (cleanup of the mount). */
void mount_notify_release(struct mount *mnt);
long ksys_watch_mount(int dfd, const char __user *filename, unsigned int at_flags,
		      int watch_fd, int watch_id);

long watch_queue_fd_error(int watch_fd, long err, unsigned int quirk);
long watch_remove_from_null_list(const char *function);

/* super.c: superblock notifications */
void post_sb_notification(struct super_block *s, struct superblock_notification *n);
long ksys_watch_sb(int dfd, const char __user *filename, unsigned int at_flags,
		   int watch_fd, int watch_id);
/* What a filesystem raises, on the superblock of a path (public API). */
long sb_raise_event(const char __user *pathname, int what, int arg);

/* The watch ID's place in info: bits 8-15, or 24-31 as posted (B8). */
static inline u32 watch_info_id(struct vfsim *v, int watch_id)
{
	return (u32)watch_id << (vfsim_quirk(v, 8) ? 24 : WATCH_INFO_ID__SHIFT);
}

/*
 * notify_mount - record a change to @changed (the counter always moves)
 * and post it rootwards from @changed; @aux is the other mount involved.
 */
static inline void notify_mount(struct mount *changed, struct mount *aux,
				enum mount_notification_subtype subtype,
				u32 info_flags)
{
	atomic_inc(&changed->mnt_change_counter);
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
}

static inline void notify_sb(struct super_block *s,
			     enum superblock_notification_type subtype, u32 info)
{
	atomic_inc(&s->s_notify_counter);
	if (unlikely(READ_ONCE(s->s_watchers))) {
		struct superblock_notification n = {
			.watch.type	= WATCH_TYPE_SB_NOTIFY,
			.watch.subtype	= subtype,
			.watch.info	= watch_sizeof(n) | info,
			.sb_id		= s->s_unique_id,
		};

		post_sb_notification(s, &n);
	}
}

/* Returns @error, so a filesystem can write "return notify_sb_error(...)". */
static inline int notify_sb_error(struct super_block *s, int error)
{
	atomic_inc(&s->s_notify_counter);
	if (unlikely(READ_ONCE(s->s_watchers))) {
		struct superblock_error_notification n = {
			.s.watch.type	 = WATCH_TYPE_SB_NOTIFY,
			.s.watch.subtype = NOTIFY_SUPERBLOCK_ERROR,
			.s.watch.info	 = watch_sizeof(n),
			.s.sb_id	 = s->s_unique_id,
			.error_number	 = (u32)error,
			.error_cookie	 = 0,
		};

		post_sb_notification(s, &n.s);
	}
	return error;
}

/* The quota helper, spelt as the patch spells it. */
static inline int notify_sb_EQDUOT(struct super_block *s)
{
	atomic_inc(&s->s_notify_counter);
	if (unlikely(READ_ONCE(s->s_watchers))) {
		struct superblock_notification n = {
			.watch.type	= WATCH_TYPE_SB_NOTIFY,
			.watch.subtype	= NOTIFY_SUPERBLOCK_EDQUOT,
			.watch.info	= watch_sizeof(n),
			.sb_id		= s->s_unique_id,
		};

		post_sb_notification(s, &n);
	}
	return -EDQUOT;
}

#endif
