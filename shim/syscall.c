// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * syscall(): the patch set's calls go to the model; pipe2, read, write,
 * close, ioctl, open and openat made through syscall() follow the same
 * rules as the libc functions; every other number is libc's syscall(),
 * given six arguments as the kernel always receives six registers.
 *
 * The numbers are x86_64's 439..441, which later kernels gave to
 * faccessat2, process_madvise and epoll_pwait2: a program calling those
 * through syscall() reaches the model instead (docs/shim.md).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <sys/syscall.h>

#include <vfsim/uapi/linux/watch_queue.h>

#include "internal.h"

static long sys_openat(int dfd, const char *path, int flags, mode_t mode,
		       const long a[6], long nr)
{
	bool routed;
	long fd = shim_model_openat(dfd, path, flags, mode, &routed);

	if (routed)
		return fd;
	return shim_real()->syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/*
 * Six arguments are read whatever the caller passed, as glibc's assembly
 * syscall() reads six registers' worth.  On x86_64 the sixth is the first
 * slot of the caller's stack arguments, which AddressSanitizer (clang's)
 * reports as an underflow when the caller passed fewer: not instrumented.
 */
SHIM_EXPORT __attribute__((no_sanitize("address"))) long syscall(long nr, ...)
{
	long a[6];
	va_list ap;
	int i;

	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);

	if (shim_passthrough())
		goto host;
	switch (nr) {
	case __NR_fsinfo:
		return shim_fsinfo((int)a[0], (const char *)a[1],
				   (const void *)a[2], (void *)a[3], (size_t)a[4]);
	case __NR_watch_mount:
	case __NR_watch_sb:
		return shim_watch(nr == __NR_watch_sb, (int)a[0],
				  (const char *)a[1], (unsigned int)a[2],
				  (int)a[3], (int)a[4]);
	case SYS_pipe2:
		if ((int)a[1] & O_NOTIFICATION_PIPE)
			return shim_model_pipe2((int *)a[0], (int)a[1]);
		break;
	case SYS_read:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_read((int)a[0], (void *)a[1], (size_t)a[2]);
		break;
	case SYS_write:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_write((int)a[0], (const void *)a[1],
						(size_t)a[2]);
		break;
	case SYS_close:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_close((int)a[0]);
		break;
	case SYS_ioctl:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_ioctl((int)a[0], (unsigned long)a[1],
						(unsigned long)a[2]);
		break;
#ifdef SYS_open
	case SYS_open:
		return sys_openat(AT_FDCWD, (const char *)a[0], (int)a[1],
				  (mode_t)a[2], a, nr);
#endif
	case SYS_openat:
		return sys_openat((int)a[0], (const char *)a[1], (int)a[2],
				  (mode_t)a[3], a, nr);
	}
host:
	return shim_real()->syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}
