// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public pipe, read/write/ioctl and test-object calls. */
#include <linux/bug.h>
#include <api/api.h>
#include <vfs/syscalls.h>
#include <vfsim/testing.h>
#include <vfs/test_source.h>

long vfsim_pipe2(struct vfsim_task *t, int fds[2], int flags)
{
	return VFSIM_SYSCALL(t, do_pipe2(fds, flags));
}

long vfsim_read(struct vfsim_task *t, int fd, void *buf, size_t len)
{
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF : ksys_read((unsigned int)fd, buf, len));
}

long vfsim_write(struct vfsim_task *t, int fd, const void *buf, size_t len)
{
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF : ksys_write((unsigned int)fd, buf, len));
}

long vfsim_ioctl(struct vfsim_task *t, int fd, unsigned long cmd, unsigned long arg)
{
	/* The kernel's ioctl takes an unsigned int command. */
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF :
			     ksys_ioctl((unsigned int)fd, (unsigned int)cmd, arg));
}

long vfsim_test_watch(struct vfsim_task *t, int watch_fd, uint64_t object, int watch_id)
{
	return VFSIM_SYSCALL(t, test_object_watch(watch_fd, object, watch_id));
}

long vfsim_test_unwatch(struct vfsim_task *t, int watch_fd, uint64_t object)
{
	return VFSIM_SYSCALL(t, test_object_unwatch(watch_fd, object));
}

long vfsim_test_post(struct vfsim_task *t, uint64_t object, const void *record)
{
	return VFSIM_SYSCALL(t, test_object_post(object, record));
}

long vfsim_test_destroy_object(struct vfsim_task *t, uint64_t object)
{
	return VFSIM_SYSCALL(t, test_object_destroy(object));
}
