// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The interposed calls that change or walk the mount tree (docs/shim.md,
 * "Mounts"): mount(), umount(), umount2() always go to the model, never to
 * the host; chdir(), chroot(), mkdir(), symlink() and statfs() go to the
 * model when the path is the model's (paths.c), fchdir() and fstatfs()
 * when the fd is; pivot_root() always goes to the model, as mount() does.
 * With passthrough the mount calls fail with ENOSYS: a program run as
 * root must not change the real system's mounts because it was built
 * against the shim.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/uapi/linux/mount.h>

#include "internal.h"

void *shim_next(const char *name)
{
	void *p = dlsym(RTLD_NEXT, name);

	if (!p) {
		fprintf(stderr, "vfsim-shim: %s not found in the libraries after "
			"libvfsim-shim: %s\n", name, dlerror());
		abort();
	}
	return p;
}

/* libc's @fn, looked up once (a benign race: every thread finds the same). */
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

static long enosys(void)
{
	errno = ENOSYS;
	return -1;
}

SHIM_EXPORT int mount(const char *source, const char *target,
		      const char *fstype, unsigned long flags, const void *data)
{
	if (shim_passthrough())
		return (int)enosys();
	return (int)shim_model_mount(source, target, fstype, flags, data);
}

SHIM_EXPORT int umount2(const char *target, int flags)
{
	if (shim_passthrough())
		return (int)enosys();
	return (int)shim_model_umount2(target, flags);
}

SHIM_EXPORT int umount(const char *target)
{
	return umount2(target, 0);
}

SHIM_EXPORT int chdir(const char *path)
{
	int ret;

	if (shim_path_is_model(AT_FDCWD, path))
		return (int)shim_model_chdir(path);
	ret = NEXT(chdir)(path);
	if (ret == 0 && !shim_passthrough())
		shim_set_cwd_model(false);
	return ret;
}

SHIM_EXPORT int fchdir(int fd)
{
	int ret;

	if (shim_is_model_fd(fd))
		return (int)shim_model_fchdir(fd);
	ret = NEXT(fchdir)(fd);
	if (ret == 0 && !shim_passthrough())
		shim_set_cwd_model(false);
	return ret;
}

SHIM_EXPORT int chroot(const char *path)
{
	if (shim_path_is_model(AT_FDCWD, path))
		return (int)shim_model_chroot(path);
	return NEXT(chroot)(path);
}

SHIM_EXPORT int mkdirat(int dfd, const char *path, mode_t mode)
{
	if (shim_path_is_model(dfd, path))
		return (int)shim_model_mkdirat(dfd, path, mode);
	return NEXT(mkdirat)(dfd, path, mode);
}

SHIM_EXPORT int mkdir(const char *path, mode_t mode)
{
	if (shim_path_is_model(AT_FDCWD, path))
		return (int)shim_model_mkdirat(AT_FDCWD, path, mode);
	return NEXT(mkdir)(path, mode);
}

SHIM_EXPORT int symlinkat(const char *target, int dfd, const char *path)
{
	if (shim_path_is_model(dfd, path))
		return (int)shim_model_symlinkat(target, dfd, path);
	return NEXT(symlinkat)(target, dfd, path);
}

SHIM_EXPORT int symlink(const char *target, const char *path)
{
	if (shim_path_is_model(AT_FDCWD, path))
		return (int)shim_model_symlinkat(target, AT_FDCWD, path);
	return NEXT(symlink)(target, path);
}

SHIM_EXPORT int mknodat(int dfd, const char *path, mode_t mode, dev_t dev)
{
	if (shim_path_is_model(dfd, path))
		return (int)shim_model_mknodat(dfd, path, mode, dev);
	return NEXT(mknodat)(dfd, path, mode, dev);
}

SHIM_EXPORT int mknod(const char *path, mode_t mode, dev_t dev)
{
	if (shim_path_is_model(AT_FDCWD, path))
		return (int)shim_model_mknodat(AT_FDCWD, path, mode, dev);
	return NEXT(mknod)(path, mode, dev);
}

SHIM_EXPORT int statfs(const char *path, struct statfs *buf)
{
	if (shim_path_is_model(AT_FDCWD, path))
		return (int)shim_model_statfs(AT_FDCWD, path, buf);
	return NEXT(statfs)(path, buf);
}

SHIM_EXPORT int fstatfs(int fd, struct statfs *buf)
{
	if (shim_is_model_fd(fd))
		return (int)shim_model_statfs(fd, NULL, buf);
	return NEXT(fstatfs)(fd, buf);
}

/* On LP64 the two structures are the same. */
_Static_assert(sizeof(struct statfs) == sizeof(struct statfs64),
	       "struct statfs64 differs from struct statfs");

SHIM_EXPORT int statfs64(const char *path, struct statfs64 *buf)
{
	if (shim_path_is_model(AT_FDCWD, path))
		return (int)shim_model_statfs(AT_FDCWD, path, (struct statfs *)buf);
	return NEXT(statfs64)(path, buf);
}

SHIM_EXPORT int fstatfs64(int fd, struct statfs64 *buf)
{
	if (shim_is_model_fd(fd))
		return (int)shim_model_statfs(fd, NULL, (struct statfs *)buf);
	return NEXT(fstatfs64)(fd, buf);
}

/* pivot_root(): the model's, as mount() is; never the host's. */
SHIM_EXPORT int pivot_root(const char *new_root, const char *put_old)
{
	if (shim_passthrough())
		return (int)enosys();
	return (int)shim_model_pivot_root(new_root, put_old);
}
