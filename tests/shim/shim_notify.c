// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A notification round trip through the shim, written as a program of the
 * patch set would be: pipe2(O_NOTIFICATION_PIPE), the watch_queue ioctls,
 * watch_mount()/watch_sb()/fsinfo() through syscall(), read() and close().
 * The events are raised through vfsim_shim_task() and the public API, as
 * a filesystem or another task would raise them (shim_mounts.c makes its
 * own with mount(2)).  Run with VFSIM_SHIM_SCENARIO =
 * notify.scn, which makes /mnt/shim.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/fsinfo.h>
#include <linux/watch_queue.h>

#include <vfsim/vfsim.h>

#include "shim_check.h"

static long fsinfo(int dfd, const char *path, struct fsinfo_params *params,
		   void *buf, size_t size)
{
	return syscall(__NR_fsinfo, dfd, path, params, buf, size);
}

static long watch_mount(int dfd, const char *path, unsigned int at_flags,
			int watch_fd, int watch_id)
{
	return syscall(__NR_watch_mount, dfd, path, at_flags, watch_fd, watch_id);
}

static long watch_sb(int dfd, const char *path, unsigned int at_flags,
		     int watch_fd, int watch_id)
{
	return syscall(__NR_watch_sb, dfd, path, at_flags, watch_fd, watch_id);
}

/* fsinfo(MOUNT_INFO) of @path relative to @dfd (or of the fd @dfd). */
static long mount_info(int dfd, const char *path, unsigned int query,
		       struct fsinfo_mount_info *mi)
{
	struct fsinfo_params p = {
		.flags = query,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};

	return fsinfo(dfd, path, &p, mi, sizeof(*mi));
}

static uint64_t sb_id(const char *path)
{
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_PATH,
		.request = FSINFO_ATTR_IDS,
	};
	struct fsinfo_ids ids;

	CHECK(fsinfo(AT_FDCWD, path, &p, &ids, sizeof(ids)) == sizeof(ids));
	return ids.f_sb_id;
}

struct reader {
	int fd;
	long ret;
	struct mount_notification rec;
};

static void *blocking_read(void *arg)
{
	struct reader *r = arg;

	r->ret = read(r->fd, &r->rec, sizeof(r->rec));
	return NULL;
}

static void check_mount_record(const struct mount_notification *n,
			       unsigned int subtype, unsigned int id,
			       unsigned int triggered_on, unsigned int changed)
{
	CHECK(n->watch.type == WATCH_TYPE_MOUNT_NOTIFY);
	CHECK(n->watch.subtype == subtype);
	CHECK((n->watch.info & WATCH_INFO_LENGTH) == sizeof(*n));
	CHECK((n->watch.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT == id);
	CHECK(n->triggered_on == triggered_on);
	CHECK(n->changed_mount == changed);
}

int main(void)
{
	struct fsinfo_mount_info root, shim, by_fd;
	struct superblock_error_notification se;
	struct mount_notification mn;
	struct vfsim_task *t;
	struct reader r;
	pthread_t thr;
	int fds[2], nb[2], sys_fds[2], dfd, n;
	char c = 'x';

	/* The pipe is the model's, in its fd range. */
	CHECK(pipe2(fds, O_NOTIFICATION_PIPE) == 0);
	CHECK(fds[0] >= VFSIM_SHIM_FD_BASE && fds[1] >= VFSIM_SHIM_FD_BASE);
	CHECK(ioctl(fds[0], IOC_WATCH_QUEUE_SET_SIZE, 16) == 0);
	CHECK_ERR(ioctl(fds[0], IOC_WATCH_QUEUE_SET_SIZE, 16), EBUSY);
	CHECK_ERR(ioctl(fds[0], 0x1234), ENOTTY);
	CHECK_ERR(write(fds[1], &c, 1), EXDEV);
	CHECK(ioctl(fds[0], FIONREAD, &n) == 0 && n == 0);

	/* The scenario ran: /mnt/shim is there. */
	t = vfsim_shim_task();
	CHECK(t != NULL);
	CHECK(vfsim_shim_instance() == vfsim_task_kernel(t));
	CHECK(mount_info(AT_FDCWD, "/", FSINFO_FLAGS_QUERY_PATH, &root) ==
	      sizeof(root));

	/* watch_mount() on the root of "/"'s mount sees a mount on
	 * /mnt/shim (the event is posted on the parent mount, whose root the
	 * walk starts from: S1 in docs/notifications.md). */
	CHECK(watch_mount(AT_FDCWD, "/", 0, fds[0], 0x42) == 0);
	CHECK_ERR(watch_mount(AT_FDCWD, "/", 0, fds[0], 0x42), EBUSY);
	CHECK(vfsim_mount(t, "shimsrc", "/mnt/shim", "tmpfs", 0, NULL) == 0);
	CHECK(mount_info(AT_FDCWD, "/mnt/shim", FSINFO_FLAGS_QUERY_PATH, &shim) ==
	      sizeof(shim));
	CHECK(shim.mnt_id != root.mnt_id);
	CHECK(ioctl(fds[0], FIONREAD, &n) == 0 && n == sizeof(mn));
	CHECK(read(fds[0], &mn, sizeof(mn)) == sizeof(mn));
	check_mount_record(&mn, NOTIFY_MOUNT_NEW_MOUNT, 0x42, root.mnt_id,
			   shim.mnt_id);
	CHECK(ioctl(fds[0], FIONREAD, &n) == 0 && n == 0);

	/* watch_sb() on the new superblock; an error raised from below. */
	CHECK(watch_sb(AT_FDCWD, "/mnt/shim", 0, fds[0], 0x43) == 0);
	CHECK(vfsim_sb_error(t, "/mnt/shim", EIO) == 0);
	CHECK(read(fds[0], &se, sizeof(se)) == sizeof(se));
	CHECK(se.s.watch.type == WATCH_TYPE_SB_NOTIFY);
	CHECK(se.s.watch.subtype == NOTIFY_SUPERBLOCK_ERROR);
	CHECK((se.s.watch.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT == 0x43);
	CHECK(se.s.sb_id == sb_id("/mnt/shim"));
	CHECK(se.s.sb_id == shim.f_sb_id);
	CHECK(se.error_number == EIO);

	/* A blocking read in another thread returns the next event, whether
	 * it started before the unmount or not. */
	r.fd = fds[0];
	CHECK(pthread_create(&thr, NULL, blocking_read, &r) == 0);
	CHECK(vfsim_umount2(t, "/mnt/shim", 0) == 0);
	CHECK(pthread_join(thr, NULL) == 0);
	CHECK(r.ret == sizeof(r.rec));
	check_mount_record(&r.rec, NOTIFY_MOUNT_UNMOUNT, 0x42, root.mnt_id,
			   shim.mnt_id);

	/* open() of a directory goes to the model (VFSIM_SHIM_OPEN unset);
	 * fsinfo() by that fd and relative to it. */
	dfd = open("/mnt", O_PATH | O_DIRECTORY);
	CHECK(dfd >= VFSIM_SHIM_FD_BASE);
	CHECK(mount_info(dfd, NULL, FSINFO_FLAGS_QUERY_FD, &by_fd) == sizeof(by_fd));
	CHECK(by_fd.mnt_id == root.mnt_id);
	CHECK(mount_info(dfd, "shim", FSINFO_FLAGS_QUERY_PATH, &by_fd) ==
	      sizeof(by_fd));
	CHECK(by_fd.mnt_id == root.mnt_id);
	/* A host fd is no model fd: EBADF where the kernel looks at it, and
	 * not for an absolute path, where it does not. */
	CHECK_ERR(mount_info(0, "shim", FSINFO_FLAGS_QUERY_PATH, &by_fd), EBADF);
	CHECK_ERR(mount_info(0, NULL, FSINFO_FLAGS_QUERY_FD, &by_fd), EBADF);
	CHECK(mount_info(0, "/mnt", FSINFO_FLAGS_QUERY_PATH, &by_fd) ==
	      sizeof(by_fd));
	CHECK_ERR(watch_mount(AT_FDCWD, "/mnt", 0, 0, 1), EBADF);
	CHECK(close(dfd) == 0);
	CHECK_ERR(close(dfd), EBADF);

	/* O_NONBLOCK, and the same calls made through syscall(). */
	CHECK(pipe2(nb, O_NOTIFICATION_PIPE | O_NONBLOCK) == 0);
	CHECK(ioctl(nb[0], IOC_WATCH_QUEUE_SET_SIZE, 1) == 0);
	CHECK_ERR(read(nb[0], &mn, sizeof(mn)), EAGAIN);
	CHECK(syscall(SYS_pipe2, sys_fds, O_NOTIFICATION_PIPE) == 0);
	CHECK(sys_fds[0] >= VFSIM_SHIM_FD_BASE);
	CHECK(syscall(SYS_ioctl, sys_fds[0], IOC_WATCH_QUEUE_SET_SIZE, 1) == 0);
	CHECK(watch_mount(AT_FDCWD, "/", 0, sys_fds[0], 7) == 0);
	CHECK(vfsim_mount(t, "again", "/mnt/shim", "tmpfs", 0, NULL) == 0);
	CHECK(syscall(SYS_read, sys_fds[0], &mn, sizeof(mn)) == sizeof(mn));
	CHECK(mn.watch.type == WATCH_TYPE_MOUNT_NOTIFY);
	CHECK((mn.watch.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT == 7);
	CHECK_ERR(syscall(SYS_write, sys_fds[1], &c, 1), EXDEV);
	CHECK(syscall(SYS_close, sys_fds[0]) == 0);
	CHECK(syscall(SYS_close, sys_fds[1]) == 0);
	CHECK_ERR(syscall(SYS_close, sys_fds[0]), EBADF);

	CHECK(close(nb[0]) == 0 && close(nb[1]) == 0);
	CHECK(close(fds[0]) == 0 && close(fds[1]) == 0);
	CHECK_ERR(read(fds[0], &mn, sizeof(mn)), EBADF);
	CHECKS_DONE("shim_notify");
}
