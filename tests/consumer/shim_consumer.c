/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program of the patch set's kind, outside the project, built against an
 * installed vfsim with `pkg-config --cflags --libs vfsim-shim` and with
 * find_package(vfsim) + vfsim::shim by `make install-check`: the headers
 * are <linux/...>, the calls are pipe2(), ioctl(), syscall(), read() and
 * close().  The shim does not route mount(2): the mount that raises the
 * event goes through vfsim_shim_task() and the library.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/fsinfo.h>
#include <linux/mount.h>
#include <linux/watch_queue.h>

#include <vfsim/vfsim.h>

/* <linux/mount.h> is the patch set's, on top of the system's. */
_Static_assert(MOUNT_PROPAGATION_SHARED == 4 && MS_BIND == 4096, "linux/mount.h");

static long fsinfo(int dfd, const char *path, struct fsinfo_params *params,
		   void *buf, size_t size)
{
	return syscall(__NR_fsinfo, dfd, path, params, buf, size);
}

static unsigned int mnt_id(const char *path)
{
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_PATH,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};
	struct fsinfo_mount_info mi;

	if (fsinfo(AT_FDCWD, path, &p, &mi, sizeof(mi)) != sizeof(mi)) {
		perror("fsinfo");
		return 0;
	}
	return mi.mnt_id;
}

int main(void)
{
	struct mount_notification n;
	unsigned int root;
	int fds[2];

	if (pipe2(fds, O_NOTIFICATION_PIPE) < 0 ||
	    ioctl(fds[0], IOC_WATCH_QUEUE_SET_SIZE, 4) < 0 ||
	    syscall(__NR_watch_mount, AT_FDCWD, "/", 0, fds[0], 0x01) < 0) {
		perror("notification pipe");
		return 1;
	}
	root = mnt_id("/");
	if (!root)
		return 1;
	if (vfsim_mount(vfsim_shim_task(), "none", "/mnt", "tmpfs", 0, NULL) < 0) {
		fprintf(stderr, "vfsim_mount failed\n");
		return 1;
	}
	if (read(fds[0], &n, sizeof(n)) != sizeof(n)) {
		perror("read");
		return 1;
	}
	printf("record type %u subtype %u on mount %u: mount %u (fsinfo: /mnt is %u)\n",
	       (unsigned int)n.watch.type, (unsigned int)n.watch.subtype,
	       n.triggered_on, n.changed_mount, mnt_id("/mnt"));
	if (n.watch.type != WATCH_TYPE_MOUNT_NOTIFY ||
	    n.watch.subtype != NOTIFY_MOUNT_NEW_MOUNT || n.triggered_on != root ||
	    n.changed_mount != mnt_id("/mnt"))
		return 1;
	return close(fds[0]) == 0 && close(fds[1]) == 0 ? 0 : 1;
}
