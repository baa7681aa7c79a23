// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public calls on files with data and on filesystems' space. */
#include <api/api.h>
#include <vfs/syscalls.h>

long vfsim_pread(struct vfsim_task *t, int fd, void *buf, size_t len, int64_t pos)
{
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF : ksys_pread64((unsigned int)fd, buf, len, pos));
}

long vfsim_pwrite(struct vfsim_task *t, int fd, const void *buf, size_t len, int64_t pos)
{
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF : ksys_pwrite64((unsigned int)fd, buf, len, pos));
}

int64_t vfsim_lseek(struct vfsim_task *t, int fd, int64_t offset, int whence)
{
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF :
			     ksys_lseek((unsigned int)fd, offset, (unsigned int)whence));
}

long vfsim_truncate(struct vfsim_task *t, const char *path, int64_t length)
{
	return VFSIM_SYSCALL(t, do_sys_truncate(path, length));
}

long vfsim_ftruncate(struct vfsim_task *t, int fd, int64_t length)
{
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF : do_sys_ftruncate((unsigned int)fd, length));
}

long vfsim_fallocate(struct vfsim_task *t, int fd, int mode, int64_t offset, int64_t len)
{
	return VFSIM_SYSCALL(t, ksys_fallocate(fd, mode, offset, len));
}

long vfsim_fsync(struct vfsim_task *t, int fd)
{
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF : do_fsync((unsigned int)fd, 0));
}

long vfsim_fdatasync(struct vfsim_task *t, int fd)
{
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF : do_fsync((unsigned int)fd, 1));
}

long vfsim_poll(struct vfsim_task *t, struct pollfd *fds, unsigned int nfds)
{
	return VFSIM_SYSCALL(t, do_sys_poll(fds, nfds));
}

long vfsim_statfs(struct vfsim_task *t, const char *path, struct statfs *buf)
{
	return VFSIM_SYSCALL(t, user_statfs(path, buf));
}

long vfsim_fstatfs(struct vfsim_task *t, int fd, struct statfs *buf)
{
	return VFSIM_SYSCALL(t, fd_statfs(fd, buf));
}
