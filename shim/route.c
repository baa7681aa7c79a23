// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The calls that go to the model: fds and dirfds translated from the
 * program's numbering, results given back as libc gives them (-1 and
 * errno).  All run as the model's init task, between shim_enter() and
 * shim_leave() (internal.h).
 */
#define _GNU_SOURCE
#include <limits.h>
#include <sys/mount.h>	/* FSCONFIG_* (glibc 2.36) */

#include "internal.h"

/* The model's answer to @call, made as task t; ENOSYS if there is no
 * model (setting it up failed): what a kernel without the call says. */
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

long shim_fsinfo(int dfd, const char *path, const void *params, void *buf,
		 size_t size)
{
	/* For FSINFO_FLAGS_QUERY_FD the dfd is the fd queried: translated
	 * the same way. */
	return ROUTE(vfsim_fsinfo(t, shim_model_dfd(dfd), path, params, buf, size));
}

long shim_watch(bool sb, int dfd, const char *path, unsigned int at_flags,
		int watch_fd, int watch_id)
{
	long ret;

	if (sb)
		ret = ROUTE(vfsim_watch_sb(t, shim_model_dfd(dfd), path, at_flags,
					   shim_model_fd(watch_fd), watch_id));
	else
		ret = ROUTE(vfsim_watch_mount(t, shim_model_dfd(dfd), path, at_flags,
					      shim_model_fd(watch_fd), watch_id));
	if (ret == 0)
		shim_driver_watch(watch_id == -1 ? -1 : 1);
	return ret;
}

long shim_model_pipe2(int fds[2], int flags)
{
	long ret = ROUTE(vfsim_pipe2(t, fds, flags));

	if (ret < 0)
		return ret;
	fds[0] = VFSIM_SHIM_FD(fds[0]);
	fds[1] = VFSIM_SHIM_FD(fds[1]);
	return 0;
}

long shim_model_read(int fd, void *buf, size_t len)
{
	return ROUTE(vfsim_read(t, shim_model_fd(fd), buf, len));
}

long shim_model_write(int fd, const void *buf, size_t len)
{
	return ROUTE(vfsim_write(t, shim_model_fd(fd), buf, len));
}

long shim_model_close(int fd)
{
	return ROUTE(vfsim_close(t, shim_model_fd(fd)));
}

long shim_model_ioctl(int fd, unsigned long cmd, unsigned long arg)
{
	return ROUTE(vfsim_ioctl(t, shim_model_fd(fd), cmd, arg));
}

/*
 * The open rule (docs/shim.md): relative to a model fd → the model;
 * relative to a host fd → the host; otherwise (AT_FDCWD, or open()) as
 * VFSIM_SHIM_OPEN says: dirs (default) takes O_PATH and O_DIRECTORY opens
 * but not O_TMPFILE (whose bits include O_DIRECTORY, and which creates a
 * host file), all takes every one, none takes none.
 */
static bool open_is_for_model(int dfd, int flags)
{
	if (shim_passthrough())
		return false;
	if (shim_is_model_fd(dfd))
		return true;
	if (dfd != AT_FDCWD)
		return false;
	switch (shim_open_rule()) {
	case SHIM_OPEN_ALL:
		return true;
	case SHIM_OPEN_NONE:
		return false;
	case SHIM_OPEN_DIRS:
		break;
	}
	if ((flags & O_TMPFILE) == O_TMPFILE)
		return false;
	return (flags & (O_PATH | O_DIRECTORY)) != 0;
}

long shim_model_openat(int dfd, const char *path, int flags, mode_t mode,
		       bool *routed)
{
	long ret;

	*routed = open_is_for_model(dfd, flags);
	if (!*routed)
		return 0;
	ret = ROUTE(vfsim_openat(t, shim_model_dfd(dfd), path, flags, mode));
	return ret < 0 ? ret : VFSIM_SHIM_FD(ret);
}

long shim_model_mount(const char *source, const char *target, const char *fstype,
		      unsigned long flags, const void *data)
{
	return ROUTE(vfsim_mount(t, source, target, fstype, flags, data));
}

long shim_model_umount2(const char *target, int flags)
{
	return ROUTE(vfsim_umount2(t, target, flags));
}

long shim_model_pivot_root(const char *new_root, const char *put_old)
{
	return ROUTE(vfsim_pivot_root(t, new_root, put_old));
}

long shim_model_chdir(const char *path)
{
	long ret = ROUTE(vfsim_chdir(t, path));

	if (ret == 0)
		shim_set_cwd_model(true);
	return ret;
}

long shim_model_fchdir(int fd)
{
	long ret = ROUTE(vfsim_fchdir(t, shim_model_fd(fd)));

	if (ret == 0)
		shim_set_cwd_model(true);
	return ret;
}

long shim_model_chroot(const char *path)
{
	return ROUTE(vfsim_chroot(t, path));
}

long shim_model_mkdirat(int dfd, const char *path, mode_t mode)
{
	return ROUTE(vfsim_mkdirat(t, shim_model_dfd(dfd), path, mode));
}

long shim_model_symlinkat(const char *target, int dfd, const char *path)
{
	return ROUTE(vfsim_symlinkat(t, target, shim_model_dfd(dfd), path));
}

long shim_model_mknodat(int dfd, const char *path, mode_t mode, dev_t dev)
{
	return ROUTE(vfsim_mknodat(t, shim_model_dfd(dfd), path, mode, dev));
}

/*
 * The new mount API, statmount(), listmount() and statx() (docs/shim.md,
 * "The successors' calls").  The mount calls always go to the model: a
 * dfd, fd or path is the model's, a host fd is EBADF where the model looks
 * at it.  The fds they return (fs_context fds, detached trees) are model
 * fds, shown above the base.  Pointers are passed on unread: the model's
 * user-copy seam judges them (EFAULT).
 */
static long shim_new_fd(long ret)
{
	return ret < 0 ? ret : VFSIM_SHIM_FD(ret);
}

long shim_model_fsopen(const char *fs_name, unsigned int flags)
{
	return shim_new_fd(ROUTE(vfsim_fsopen(t, fs_name, flags)));
}

/*
 * fsconfig() refuses a negative fd, aux fd or aux dfd (but AT_FDCWD) with
 * EINVAL before it looks one up, so a host fd cannot become -1 there as
 * elsewhere: it becomes a number no model fd ever has (the model's fds
 * stay below 1024), which the model finds closed: EBADF, as the kernel
 * says for a closed fd.  Negative fds (AT_FDCWD) are passed on as they
 * are.
 */
static int fsconfig_fd(int fd)
{
	if (fd >= VFSIM_SHIM_FD_BASE)
		return fd - VFSIM_SHIM_FD_BASE;
	return fd < 0 ? fd : INT_MAX;
}

/* FSCONFIG_SET_FD's aux is an fd, FSCONFIG_SET_PATH{,_EMPTY}'s a dfd;
 * every other command wants aux 0, passed on as it is for the model to
 * judge. */
long shim_model_fsconfig(int fd, unsigned int cmd, const char *key,
			 const void *value, int aux)
{
	if (cmd == FSCONFIG_SET_FD || cmd == FSCONFIG_SET_PATH ||
	    cmd == FSCONFIG_SET_PATH_EMPTY)
		aux = fsconfig_fd(aux);
	return ROUTE(vfsim_fsconfig(t, fsconfig_fd(fd), cmd, key, value, aux));
}

long shim_model_fsmount(int fs_fd, unsigned int flags, unsigned int attr_flags)
{
	return shim_new_fd(ROUTE(vfsim_fsmount(t, shim_model_fd(fs_fd), flags,
					       attr_flags)));
}

long shim_model_fspick(int dfd, const char *path, unsigned int flags)
{
	return shim_new_fd(ROUTE(vfsim_fspick(t, shim_model_dfd(dfd), path, flags)));
}

long shim_model_open_tree(int dfd, const char *path, unsigned int flags)
{
	return shim_new_fd(ROUTE(vfsim_open_tree(t, shim_model_dfd(dfd), path, flags)));
}

long shim_model_move_mount(int from_dfd, const char *from_path, int to_dfd,
			   const char *to_path, unsigned int flags)
{
	return ROUTE(vfsim_move_mount(t, shim_model_dfd(from_dfd), from_path,
				      shim_model_dfd(to_dfd), to_path, flags));
}

long shim_model_mount_setattr(int dfd, const char *path, unsigned int flags,
			      struct mount_attr *attr, size_t size)
{
	return ROUTE(vfsim_mount_setattr(t, shim_model_dfd(dfd), path, flags, attr,
					 size));
}

long shim_model_statmount(const struct mnt_id_req *req, struct statmount *buf,
			  size_t size, unsigned int flags)
{
	return ROUTE(vfsim_statmount(t, req, buf, size, flags));
}

long shim_model_listmount(const struct mnt_id_req *req, uint64_t *ids, size_t nr,
			  unsigned int flags)
{
	return ROUTE(vfsim_listmount(t, req, ids, nr, flags));
}

long shim_model_statx(int dfd, const char *path, int flags, unsigned int mask,
		      struct statx *buf)
{
	return ROUTE(vfsim_statx(t, shim_model_dfd(dfd), path, flags, mask, buf));
}
