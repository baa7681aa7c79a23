// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The interposed libc functions on fds: pipe2(), read(), write(), close(),
 * ioctl().  A model fd (VFSIM_SHIM_FD_BASE and up) goes to the model, and
 * so does pipe2() with O_NOTIFICATION_PIPE; anything else is libc's call,
 * untouched, without starting the model.
 *
 * pipe() is not interposed: without flags it is never a notification
 * pipe.  Neither are fcntl(), dup*(), fstat(), poll() and the rest: on a
 * model fd the host answers them with EBADF (docs/shim.md).
 */
#define _GNU_SOURCE
/* A fortified inline read() would clash with the definition here. */
#undef _FORTIFY_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <vfsim/uapi/linux/watch_queue.h>

#include "internal.h"

SHIM_EXPORT int pipe2(int fds[2], int flags)
{
	if ((flags & O_NOTIFICATION_PIPE) && !shim_passthrough())
		return (int)shim_model_pipe2(fds, flags);
	return shim_real()->pipe2(fds, flags);
}

SHIM_EXPORT ssize_t read(int fd, void *buf, size_t len)
{
	if (shim_is_model_fd(fd)) {
		shim_read_gate(fd);
		return shim_model_read(fd, buf, len);
	}
	return shim_real()->read(fd, buf, len);
}

/* read() of a program built with _FORTIFY_SOURCE and a buffer of known
 * size. */
SHIM_EXPORT ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen)
{
	if (shim_is_model_fd(fd)) {
		if (len > buflen) {
			/* What glibc's __chk_fail() does. */
			fputs("*** buffer overflow detected ***: terminated\n", stderr);
			abort();
		}
		shim_read_gate(fd);
		return shim_model_read(fd, buf, len);
	}
	return shim_real()->read_chk(fd, buf, len, buflen);
}

SHIM_EXPORT ssize_t write(int fd, const void *buf, size_t len)
{
	if (shim_is_model_fd(fd))
		return shim_model_write(fd, buf, len);
	return shim_real()->write(fd, buf, len);
}

SHIM_EXPORT int close(int fd)
{
	if (shim_is_model_fd(fd))
		return (int)shim_model_close(fd);
	return shim_real()->close(fd);
}

/* The argument is whatever the caller passed, an int or a pointer: read
 * and passed on as one register's worth. */
SHIM_EXPORT int ioctl(int fd, unsigned long cmd, ...)
{
	unsigned long arg;
	va_list ap;

	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	if (shim_is_model_fd(fd))
		return (int)shim_model_ioctl(fd, cmd, arg);
	return shim_real()->ioctl(fd, cmd, arg);
}
