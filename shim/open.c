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

/* Which libc function the program called, for the opens not routed. */
enum open_entry {
	OPEN, OPEN64, OPEN_2, OPEN64_2,
	OPENAT, OPENAT64, OPENAT_2, OPENAT64_2,
};

/*
 * Every interposed open ends here: the model's fd if the rule routes the
 * open there, else the result of the libc function @entry, called with the
 * arguments the program gave it (the _2 ones take no mode).
 */
static int open_routed(enum open_entry entry, int dfd, const char *path,
		       int flags, mode_t mode)
{
	const struct shim_real *real;
	bool routed;
	long fd;
	int mfd;

	if (dfd == AT_FDCWD && shim_mountinfo_open(path, flags, &mfd))
		return mfd;
	if (dfd == AT_FDCWD && shim_mntns_open(path, flags, &mfd))
		return mfd;
	fd = shim_model_openat(dfd, path, flags, mode, &routed);
	if (routed)
		return (int)fd;
	real = shim_real();
	switch (entry) {
	case OPEN:
		return real->open(path, flags, mode);
	case OPEN64:
		return real->open64(path, flags, mode);
	case OPEN_2:
		return real->open_2(path, flags);
	case OPEN64_2:
		return real->open64_2(path, flags);
	case OPENAT:
		return real->openat(dfd, path, flags, mode);
	case OPENAT64:
		return real->openat64(dfd, path, flags, mode);
	case OPENAT_2:
		return real->openat_2(dfd, path, flags);
	case OPENAT64_2:
		return real->openat64_2(dfd, path, flags);
	}
	errno = EINVAL;		/* not reached: the switch names every entry */
	return -1;
}

SHIM_EXPORT int open(const char *path, int flags, ...)
{
	mode_t mode;

	OPEN_MODE(flags, mode);
	return open_routed(OPEN, AT_FDCWD, path, flags, mode);
}

SHIM_EXPORT int open64(const char *path, int flags, ...)
{
	mode_t mode;

	OPEN_MODE(flags, mode);
	return open_routed(OPEN64, AT_FDCWD, path, flags, mode);
}

SHIM_EXPORT int __open_2(const char *path, int flags)
{
	return open_routed(OPEN_2, AT_FDCWD, path, flags, 0);
}

SHIM_EXPORT int __open64_2(const char *path, int flags)
{
	return open_routed(OPEN64_2, AT_FDCWD, path, flags, 0);
}

SHIM_EXPORT int openat(int dfd, const char *path, int flags, ...)
{
	mode_t mode;

	OPEN_MODE(flags, mode);
	return open_routed(OPENAT, dfd, path, flags, mode);
}

SHIM_EXPORT int openat64(int dfd, const char *path, int flags, ...)
{
	mode_t mode;

	OPEN_MODE(flags, mode);
	return open_routed(OPENAT64, dfd, path, flags, mode);
}

SHIM_EXPORT int __openat_2(int dfd, const char *path, int flags)
{
	return open_routed(OPENAT_2, dfd, path, flags, 0);
}

SHIM_EXPORT int __openat64_2(int dfd, const char *path, int flags)
{
	return open_routed(OPENAT64_2, dfd, path, flags, 0);
}
