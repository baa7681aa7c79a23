// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The watch_queue ABI checked at build time: sizes and offsets of every
 * record and filter structure, and the constants user programs compile in.
 * The uapi header itself stays plain C, as the kernel's does.
 */
#include <stddef.h>
#include <sys/ioctl.h>

#include <uapi/linux/watch_queue.h>

#define CHECK_SIZE(type, n) _Static_assert(sizeof(type) == (n), "sizeof " #type)
#define CHECK_OFF(type, field, n) \
	_Static_assert(offsetof(type, field) == (n), #type "." #field)

CHECK_SIZE(struct watch_notification, 8);
CHECK_OFF(struct watch_notification, info, 4);

CHECK_SIZE(struct watch_notification_removal, 16);
CHECK_OFF(struct watch_notification_removal, id, 8);

CHECK_SIZE(struct watch_notification_type_filter, 44);
CHECK_OFF(struct watch_notification_type_filter, info_filter, 4);
CHECK_OFF(struct watch_notification_type_filter, info_mask, 8);
CHECK_OFF(struct watch_notification_type_filter, subtype_filter, 12);

CHECK_SIZE(struct watch_notification_filter, 8);
CHECK_OFF(struct watch_notification_filter, __reserved, 4);
CHECK_OFF(struct watch_notification_filter, filters, 8);

CHECK_SIZE(struct key_notification, 16);
CHECK_OFF(struct key_notification, key_id, 8);
CHECK_OFF(struct key_notification, aux, 12);

CHECK_SIZE(struct mount_notification, 16);
CHECK_OFF(struct mount_notification, triggered_on, 8);
CHECK_OFF(struct mount_notification, changed_mount, 12);

CHECK_SIZE(struct superblock_notification, 16);
CHECK_OFF(struct superblock_notification, sb_id, 8);

CHECK_SIZE(struct superblock_error_notification, 24);
CHECK_OFF(struct superblock_error_notification, error_number, 16);
CHECK_OFF(struct superblock_error_notification, error_cookie, 20);

_Static_assert(O_NOTIFICATION_PIPE == 0x80, "O_NOTIFICATION_PIPE is O_EXCL");
_Static_assert(IOC_WATCH_QUEUE_SET_SIZE == 0x5760, "IOC_WATCH_QUEUE_SET_SIZE");
_Static_assert(IOC_WATCH_QUEUE_SET_FILTER == 0x5761, "IOC_WATCH_QUEUE_SET_FILTER");
_Static_assert(WATCH_TYPE___NR == 4, "v17 has four watch types");
_Static_assert(WATCH_INFO_FLAG_7 == 0x00800000, "flag bits 16..23");

