// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The interposed open family: open(), openat(), their 64-bit names and
 * the _FORTIFY_SOURCE entry points (__open_2 and friends).  Which opens go
 * to the model is the rule of shim_model_openat() (route.c, docs/shim.md);
 * the rest reach the same libc function the program called.
 */
#define _GNU_SOURCE
/* Fortified inline open() would clash with the definitions here. */
#undef _FORTIFY_SOURCE
#include <stdarg.h>

#include "internal.h"

/* As glibc's __OPEN_NEEDS_MODE: the mode argument is there only then. */
static bool open_needs_mode(int flags)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE;
}

/* Read the optional mode of an open call whose last fixed argument was
 * @flags. */
#define OPEN_MODE(flags, mode)						\
	do {								\
		va_list ap_;						\
									\
		(mode) = 0;						\
		if (open_needs_mode(flags)) {				\
			va_start(ap_, flags);				\
			(mode) = (mode_t)va_arg(ap_, int);		\
			va_end(ap_);					\
		}							\
	} while (0)

SHIM_EXPORT int open(const char *path, int flags, ...)
{
	bool routed;
	mode_t mode;
	long fd;

	OPEN_MODE(flags, mode);
	fd = shim_model_openat(AT_FDCWD, path, flags, mode, &routed);
	if (routed)
		return (int)fd;
	return shim_real()->open(path, flags, mode);
}

SHIM_EXPORT int open64(const char *path, int flags, ...)
{
	bool routed;
	mode_t mode;
	long fd;

	OPEN_MODE(flags, mode);
	fd = shim_model_openat(AT_FDCWD, path, flags, mode, &routed);
	if (routed)
		return (int)fd;
	return shim_real()->open64(path, flags, mode);
}

SHIM_EXPORT int __open_2(const char *path, int flags)
{
	bool routed;
	long fd = shim_model_openat(AT_FDCWD, path, flags, 0, &routed);

	if (routed)
		return (int)fd;
	return shim_real()->open_2(path, flags);
}

SHIM_EXPORT int __open64_2(const char *path, int flags)
{
	bool routed;
	long fd = shim_model_openat(AT_FDCWD, path, flags, 0, &routed);

	if (routed)
		return (int)fd;
	return shim_real()->open64_2(path, flags);
}

SHIM_EXPORT int openat(int dfd, const char *path, int flags, ...)
{
	bool routed;
	mode_t mode;
	long fd;

	OPEN_MODE(flags, mode);
	fd = shim_model_openat(dfd, path, flags, mode, &routed);
	if (routed)
		return (int)fd;
	return shim_real()->openat(dfd, path, flags, mode);
}

SHIM_EXPORT int openat64(int dfd, const char *path, int flags, ...)
{
	bool routed;
	mode_t mode;
	long fd;

	OPEN_MODE(flags, mode);
	fd = shim_model_openat(dfd, path, flags, mode, &routed);
	if (routed)
		return (int)fd;
	return shim_real()->openat64(dfd, path, flags, mode);
}

SHIM_EXPORT int __openat_2(int dfd, const char *path, int flags)
{
	bool routed;
	long fd = shim_model_openat(dfd, path, flags, 0, &routed);

	if (routed)
		return (int)fd;
	return shim_real()->openat_2(dfd, path, flags);
}

SHIM_EXPORT int __openat64_2(int dfd, const char *path, int flags)
{
	bool routed;
	long fd = shim_model_openat(dfd, path, flags, 0, &routed);

	if (routed)
		return (int)fd;
	return shim_real()->openat64_2(dfd, path, flags);
}
