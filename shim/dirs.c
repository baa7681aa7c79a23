// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The interposed calls on directories and names (docs/shim.md,
 * "Directories and names"): unlink(), unlinkat(), rmdir(), rename(),
 * renameat(), renameat2(), link(), linkat(), readlink(), readlinkat(),
 * access(), faccessat(), utimensat(), futimens() and getdents64() go to
 * the model by the rule of the opens (route.c): a file's name is the
 * model's when files are (VFSIM_SHIM_OPEN=all) and the path rule says so,
 * or when it is relative to a model directory fd; rmdir() and
 * unlinkat(AT_REMOVEDIR) follow the path rule alone, as mkdir() does, and
 * getdents64() and futimens() a model fd.  Otherwise a program that makes
 * and removes its temporary files on the host (mkstemp(), then unlink())
 * would remove them in the model.  A rename or link between a model name
 * and a host name is EXDEV, as one between two filesystems is.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* libc's @fn, looked up once (as mounts.c's). */
#define NEXT(fn)							\
	({								\
		static __typeof__(&fn) p_;				\
		__typeof__(&fn) q_ = __atomic_load_n(&p_, __ATOMIC_ACQUIRE); \
		if (!q_) {						\
			q_ = (__typeof__(&fn))shim_next(#fn);		\
			__atomic_store_n(&p_, q_, __ATOMIC_RELEASE);	\
		}							\
		q_;							\
	})

#define ROUTE(call)							\
	({								\
		struct vfsim_task *t;					\
		long ret_;						\
									\
		shim_enter();						\
		t = shim_task();					\
		ret_ = t ? (call) : -ENOSYS;				\
		shim_leave();						\
		shim_ret(ret_);						\
	})

/* A name of a file (or of anything) is the model's: see above. */
bool shim_name_is_model(int dfd, const char *path)
{
	if (!shim_path_is_model(dfd, path))
		return false;
	if (dfd != AT_FDCWD && shim_is_model_fd(dfd))
		return true;
	return shim_open_rule() == SHIM_OPEN_ALL;
}

/* unlinkat's rule: a directory's name by the path rule alone. */
bool shim_unlink_is_model(int dfd, const char *path, int flags)
{
	if (flags & AT_REMOVEDIR)
		return shim_path_is_model(dfd, path);
	return shim_name_is_model(dfd, path);
}

long shim_model_unlinkat(int dfd, const char *path, int flags)
{
	return ROUTE(vfsim_unlinkat(t, shim_model_dfd(dfd), path, flags));
}

/* Both names the model's, or EXDEV if only one is (-1 from neither). */
static int two_paths(int odfd, const char *old, int ndfd, const char *new)
{
	bool o = shim_name_is_model(odfd, old), n = shim_name_is_model(ndfd, new);

	if (o && n)
		return 1;
	if (o || n) {
		errno = EXDEV;
		return 0;
	}
	return -1;
}

long shim_model_renameat2(int odfd, const char *old, int ndfd, const char *new,
			  unsigned int flags)
{
	return ROUTE(vfsim_renameat2(t, shim_model_dfd(odfd), old, shim_model_dfd(ndfd),
				     new, flags));
}

long shim_model_linkat(int odfd, const char *old, int ndfd, const char *new, int flags)
{
	return ROUTE(vfsim_linkat(t, shim_model_dfd(odfd), old, shim_model_dfd(ndfd),
				  new, flags));
}

long shim_model_readlinkat(int dfd, const char *path, char *buf, size_t size)
{
	return ROUTE(vfsim_readlinkat(t, shim_model_dfd(dfd), path, buf, size));
}

long shim_model_faccessat2(int dfd, const char *path, int mode, int flags)
{
	return ROUTE(vfsim_faccessat2(t, shim_model_dfd(dfd), path, mode, flags));
}

long shim_model_utimensat(int dfd, const char *path, const struct timespec times[2],
			  int flags)
{
	return ROUTE(vfsim_utimensat(t, shim_model_dfd(dfd), path, times, flags));
}

long shim_model_getdents64(int fd, void *buf, size_t len)
{
	return ROUTE(vfsim_getdents64(t, shim_model_fd(fd), buf, len));
}

SHIM_EXPORT int unlinkat(int dfd, const char *path, int flags)
{
	if (shim_unlink_is_model(dfd, path, flags))
		return (int)shim_model_unlinkat(dfd, path, flags);
	return NEXT(unlinkat)(dfd, path, flags);
}

SHIM_EXPORT int unlink(const char *path)
{
	if (shim_name_is_model(AT_FDCWD, path))
		return (int)shim_model_unlinkat(AT_FDCWD, path, 0);
	return NEXT(unlink)(path);
}

SHIM_EXPORT int rmdir(const char *path)
{
	if (shim_path_is_model(AT_FDCWD, path))
		return (int)shim_model_unlinkat(AT_FDCWD, path, AT_REMOVEDIR);
	return NEXT(rmdir)(path);
}

SHIM_EXPORT int renameat2(int odfd, const char *old, int ndfd, const char *new,
			  unsigned int flags)
{
	int which = two_paths(odfd, old, ndfd, new);

	if (which > 0)
		return (int)shim_model_renameat2(odfd, old, ndfd, new, flags);
	if (!which)
		return -1;
	return NEXT(renameat2)(odfd, old, ndfd, new, flags);
}

SHIM_EXPORT int renameat(int odfd, const char *old, int ndfd, const char *new)
{
	int which = two_paths(odfd, old, ndfd, new);

	if (which > 0)
		return (int)shim_model_renameat2(odfd, old, ndfd, new, 0);
	if (!which)
		return -1;
	return NEXT(renameat)(odfd, old, ndfd, new);
}

SHIM_EXPORT int rename(const char *old, const char *new)
{
	int which = two_paths(AT_FDCWD, old, AT_FDCWD, new);

	if (which > 0)
		return (int)shim_model_renameat2(AT_FDCWD, old, AT_FDCWD, new, 0);
	if (!which)
		return -1;
	return NEXT(rename)(old, new);
}

SHIM_EXPORT int linkat(int odfd, const char *old, int ndfd, const char *new, int flags)
{
	int which = two_paths(odfd, old, ndfd, new);

	if (which > 0)
		return (int)shim_model_linkat(odfd, old, ndfd, new, flags);
	if (!which)
		return -1;
	return NEXT(linkat)(odfd, old, ndfd, new, flags);
}

SHIM_EXPORT int link(const char *old, const char *new)
{
	int which = two_paths(AT_FDCWD, old, AT_FDCWD, new);

	if (which > 0)
		return (int)shim_model_linkat(AT_FDCWD, old, AT_FDCWD, new, 0);
	if (!which)
		return -1;
	return NEXT(link)(old, new);
}

SHIM_EXPORT ssize_t readlinkat(int dfd, const char *path, char *buf, size_t size)
{
	if (shim_name_is_model(dfd, path))
		return shim_model_readlinkat(dfd, path, buf, size);
	return NEXT(readlinkat)(dfd, path, buf, size);
}

SHIM_EXPORT ssize_t readlink(const char *path, char *buf, size_t size)
{
	if (shim_name_is_model(AT_FDCWD, path))
		return shim_model_readlinkat(AT_FDCWD, path, buf, size);
	return NEXT(readlink)(path, buf, size);
}

SHIM_EXPORT int faccessat(int dfd, const char *path, int mode, int flags)
{
	if (shim_name_is_model(dfd, path))
		return (int)shim_model_faccessat2(dfd, path, mode, flags);
	return NEXT(faccessat)(dfd, path, mode, flags);
}

SHIM_EXPORT int access(const char *path, int mode)
{
	if (shim_name_is_model(AT_FDCWD, path))
		return (int)shim_model_faccessat2(AT_FDCWD, path, mode, 0);
	return NEXT(access)(path, mode);
}

SHIM_EXPORT int utimensat(int dfd, const char *path, const struct timespec times[2],
			  int flags)
{
	if (shim_name_is_model(dfd, path))
		return (int)shim_model_utimensat(dfd, path, times, flags);
	return NEXT(utimensat)(dfd, path, times, flags);
}

SHIM_EXPORT int futimens(int fd, const struct timespec times[2])
{
	if (shim_is_model_fd(fd))
		return (int)shim_model_utimensat(fd, NULL, times, 0);
	return NEXT(futimens)(fd, times);
}

SHIM_EXPORT ssize_t getdents64(int fd, void *buf, size_t len)
{
	if (shim_is_model_fd(fd))
		return shim_model_getdents64(fd, buf, len);
	return NEXT(getdents64)(fd, buf, len);
}
