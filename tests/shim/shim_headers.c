// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * With the shim's flags, the system's headers and the patch set's UAPI
 * headers live together: <linux/mount.h> is vfsim's, which extends the
 * system's (#include_next) rather than replacing it, so glibc's
 * <sys/mount.h> and <linux/fs.h>, which include it, still compile; and the
 * force-included shim.h leaves the program's _GNU_SOURCE working.  This
 * file includes <sys/mount.h> first, shim_headers_order.c the other way
 * round.  Compiling is most of the test; main() checks a few values.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/fsinfo.h>
#include <linux/watch_queue.h>
#if __has_include(<linux/windows.h>)
#include <linux/windows.h>
#endif

#ifndef _VFSIM_UAPI_LINUX_MOUNT_H
#error "<linux/mount.h> is not vfsim's: the UAPI directory is not first"
#endif
#ifndef _UAPI_LINUX_FSINFO_H
#error "<linux/fsinfo.h> is not vfsim's"
#endif

/* _GNU_SOURCE took effect although shim.h came first. */
_Static_assert(AT_NO_AUTOMOUNT == 0x800, "AT_NO_AUTOMOUNT");
_Static_assert(O_PATH != 0, "O_PATH");
/* The system's part of <linux/mount.h> and ours. */
_Static_assert(MS_RDONLY == 1 && MS_BIND == 4096, "MS_*");
_Static_assert(MOUNT_ATTR_NOSUID == 2, "MOUNT_ATTR_*");
_Static_assert(MOUNT_PROPAGATION_SHARED == 4, "MOUNT_PROPAGATION_*");
/* The patch set's syscall numbers. */
_Static_assert(__NR_watch_mount == 439 && SYS_watch_mount == 439, "watch_mount");
_Static_assert(__NR_watch_sb == 440 && SYS_watch_sb == 440, "watch_sb");
_Static_assert(__NR_fsinfo == 441 && SYS_fsinfo == 441, "fsinfo");
_Static_assert(O_NOTIFICATION_PIPE == O_EXCL, "O_NOTIFICATION_PIPE");
_Static_assert(sizeof(struct fsinfo_params) == 48, "fsinfo_params");

int shim_headers_order(void);

int main(void)
{
	if (shim_headers_order() != 0)
		return 1;
	/* A libc call through the shim, host side. */
	if (syscall(SYS_getppid) != getppid())
		return 1;
	printf("shim_headers: 2 passed, 0 failed\n");
	return 0;
}
