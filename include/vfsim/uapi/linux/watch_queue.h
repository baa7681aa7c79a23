/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The watch_queue UAPI as Linux 5.8 merged it, with the v17 patch set's
 * additions (mount and superblock notifications).  Values and layouts are
 * the ABI; the sizes are checked by static assertions below.
 */
#ifndef _UAPI_LINUX_WATCH_QUEUE_H
#define _UAPI_LINUX_WATCH_QUEUE_H

/*
 * The system's <linux/watch_queue.h> (5.8's, without the patch set's mount
 * and superblock types) defines the same structures under the guard
 * _LINUX_WATCH_QUEUE_H.  Included before this one, it would give a page of
 * redefinition errors naming neither header, so say what happened instead;
 * included after, it is skipped, as this header defines its guard.
 */
#ifdef _LINUX_WATCH_QUEUE_H
#error "the system's <linux/watch_queue.h> was included before vfsim's: include <vfsim/vfsim.h> (or <vfsim/uapi/linux/watch_queue.h>) first, or not the system's at all"
#else
#define _LINUX_WATCH_QUEUE_H

#include <linux/types.h>
#include <linux/ioctl.h>
#ifndef O_EXCL
#include <fcntl.h>
#endif

#define O_NOTIFICATION_PIPE	O_EXCL	/* Parameter to pipe2() selecting notification pipe */

#define IOC_WATCH_QUEUE_SET_SIZE	_IO('W', 0x60)	/* Set the size in pages */
#define IOC_WATCH_QUEUE_SET_FILTER	_IO('W', 0x61)	/* Set the filter */

enum watch_notification_type {
	WATCH_TYPE_META		= 0,	/* Special record */
	WATCH_TYPE_KEY_NOTIFY	= 1,	/* Key change event notification */
	WATCH_TYPE_MOUNT_NOTIFY	= 2,	/* Mount topology change notification */
	WATCH_TYPE_SB_NOTIFY	= 3,	/* Superblock change */
	WATCH_TYPE___NR		= 4	/* (sic: three underscores, as v17 spells it) */
};

enum watch_meta_notification_subtype {
	WATCH_META_REMOVAL_NOTIFICATION	= 0,	/* Watched object was removed */
	WATCH_META_LOSS_NOTIFICATION	= 1,	/* Data loss occurred */
};

/* The header of every notification record. */
struct watch_notification {
	__u32			type:24;	/* enum watch_notification_type */
	__u32			subtype:8;	/* Type-specific subtype (filterable) */
	__u32			info;
#define WATCH_INFO_LENGTH	0x0000007f	/* Length of record */
#define WATCH_INFO_LENGTH__SHIFT 0
#define WATCH_INFO_ID		0x0000ff00	/* ID of watchpoint */
#define WATCH_INFO_ID__SHIFT	8
#define WATCH_INFO_TYPE_INFO	0xffff0000	/* Type-specific info */
#define WATCH_INFO_TYPE_INFO__SHIFT 16
#define WATCH_INFO_FLAG_0	0x00010000	/* Type-specific info, flag bit 0 */
#define WATCH_INFO_FLAG_1	0x00020000
#define WATCH_INFO_FLAG_2	0x00040000
#define WATCH_INFO_FLAG_3	0x00080000
#define WATCH_INFO_FLAG_4	0x00100000
#define WATCH_INFO_FLAG_5	0x00200000
#define WATCH_INFO_FLAG_6	0x00400000
#define WATCH_INFO_FLAG_7	0x00800000
};

/* Notification filtering rules (IOC_WATCH_QUEUE_SET_FILTER). */
struct watch_notification_type_filter {
	__u32	type;			/* Type to apply filter to */
	__u32	info_filter;		/* Filter on watch_notification::info */
	__u32	info_mask;		/* Mask of relevant bits in info_filter */
	__u32	subtype_filter[8];	/* Bitmask of subtypes to filter on */
};

struct watch_notification_filter {
	__u32	nr_filters;		/* Number of filters */
	__u32	__reserved;		/* Must be 0 */
/* A flexible array member, as in the kernel's header, which a system header
 * may have but ISO C++ lacks: a C++ harness that builds with -pedantic
 * includes this through <vfsim/vfsim.h>. */
#ifdef __cplusplus
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#ifdef __clang__
#pragma clang diagnostic ignored "-Wc99-extensions"
#endif
#endif
	struct watch_notification_type_filter filters[];
#ifdef __cplusplus
#pragma GCC diagnostic pop
#endif
};

/*
 * Extended watch removal notification: sent when a watch is removed; the
 * 16-byte form carries the ID of the object the watch was on.
 */
struct watch_notification_removal {
	struct watch_notification watch;
	__u64	id;		/* Type-dependent identifier */
};

/* Type of key/keyring change notification. */
enum key_notification_subtype {
	NOTIFY_KEY_INSTANTIATED	= 0, /* Key was instantiated (aux is error code) */
	NOTIFY_KEY_UPDATED	= 1, /* Key was updated */
	NOTIFY_KEY_LINKED	= 2, /* Key (aux) was added to watched keyring */
	NOTIFY_KEY_UNLINKED	= 3, /* Key (aux) was removed from watched keyring */
	NOTIFY_KEY_CLEARED	= 4, /* Keyring was cleared */
	NOTIFY_KEY_REVOKED	= 5, /* Key was revoked */
	NOTIFY_KEY_INVALIDATED	= 6, /* Key was invalidated */
	NOTIFY_KEY_SETATTR	= 7, /* Key's attributes got changed */
};

struct key_notification {
	struct watch_notification watch;
	__u32	key_id;		/* The key/keyring affected */
	__u32	aux;		/* Per-type auxiliary data */
};

/* Type of mount topology change notification (v17 patch 02). */
enum mount_notification_subtype {
	NOTIFY_MOUNT_NEW_MOUNT	= 0, /* New mount added */
	NOTIFY_MOUNT_UNMOUNT	= 1, /* Mount removed manually */
	NOTIFY_MOUNT_EXPIRY	= 2, /* Automount expired */
	NOTIFY_MOUNT_READONLY	= 3, /* Mount R/O state changed */
	NOTIFY_MOUNT_SETATTR	= 4, /* Mount attributes changed */
	NOTIFY_MOUNT_MOVE_FROM	= 5, /* Mount moved from here */
	NOTIFY_MOUNT_MOVE_TO	= 6, /* Mount moved to here (compare op_id) */
};

#define NOTIFY_MOUNT_IN_SUBTREE		WATCH_INFO_FLAG_0 /* Event not at the watched dentry */
#define NOTIFY_MOUNT_IS_RECURSIVE	WATCH_INFO_FLAG_1 /* Change applied recursively */
#define NOTIFY_MOUNT_IS_NOW_RO		WATCH_INFO_FLAG_2 /* Mount changed to R/O */
#define NOTIFY_MOUNT_IS_SUBMOUNT	WATCH_INFO_FLAG_3 /* New mount is submount */

struct mount_notification {
	struct watch_notification watch; /* WATCH_TYPE_MOUNT_NOTIFY */
	__u32	triggered_on;		/* The mount that the notify was on */
	__u32	changed_mount;		/* The mount that got changed */
};

/* Type of superblock notification (v17 patch 05). */
enum superblock_notification_type {
	NOTIFY_SUPERBLOCK_READONLY	= 0, /* Filesystem toggled between R/O and R/W */
	NOTIFY_SUPERBLOCK_ERROR		= 1, /* Error in filesystem or blockdev */
	NOTIFY_SUPERBLOCK_EDQUOT	= 2, /* EDQUOT notification */
	NOTIFY_SUPERBLOCK_NETWORK	= 3, /* Network status change */
};

#define NOTIFY_SUPERBLOCK_IS_NOW_RO	WATCH_INFO_FLAG_0 /* Superblock changed to R/O */

struct superblock_notification {
	struct watch_notification watch; /* WATCH_TYPE_SB_NOTIFY */
	__u64	sb_id;			/* 64-bit superblock ID [fsinfo_ids::f_sb_id] */
};

struct superblock_error_notification {
	struct superblock_notification s; /* subtype = notify_superblock_error */
	__u32	error_number;
	__u32	error_cookie;
};

#endif /* !_LINUX_WATCH_QUEUE_H */
#endif /* _UAPI_LINUX_WATCH_QUEUE_H */
