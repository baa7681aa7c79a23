// SPDX-License-Identifier: LGPL-2.1-or-later
/* shim_headers.c with <linux/mount.h> before <sys/mount.h>. */
#define _GNU_SOURCE
#include <linux/watch_queue.h>
#include <linux/fsinfo.h>
#include <linux/mount.h>
#include <linux/fs.h>
#include <sys/mount.h>
#include <fcntl.h>

_Static_assert(MOUNT_PROPAGATION_SLAVE == 2, "MOUNT_PROPAGATION_*");
_Static_assert(MS_REMOUNT == 32, "MS_*");
_Static_assert(AT_EMPTY_PATH == 0x1000, "AT_EMPTY_PATH");

int shim_headers_order(void);

int shim_headers_order(void)
{
	return FSINFO_ATTR_MOUNT_INFO == 0x200 ? 0 : 1;
}
