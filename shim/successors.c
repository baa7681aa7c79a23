// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The calls Linux has instead of v17's (docs/shim.md, "The successors'
 * calls"), as libc functions: glibc 2.36's fsopen(), fsconfig(),
 * fsmount(), fspick(), open_tree(), move_mount(), mount_setattr() and
 * statx().  (statmount() and listmount() have no glibc wrapper: programs
 * reach them through syscall(), syscall.c.)
 *
 * The mount calls always go to the model, never to the host, as mount(2)
 * does: a program run as root must not change the real system's mounts
 * because it was built against the shim.  Called from inside the model
 * (shim_passthrough()), they fail with ENOSYS.  statx() goes to the model
 * when the path is the model's (the path rule, paths.c) or, with an empty
 * path, the fd is a model fd; the rest is libc's.
 */
#define _GNU_SOURCE
#include <sys/stat.h>

#include "internal.h"

/* The mount calls as the model's, or ENOSYS from inside the model. */
#define MODEL_ONLY(call)						\
	({								\
		long r_;						\
									\
		if (shim_passthrough()) {				\
			errno = ENOSYS;					\
			r_ = -1;					\
		} else {						\
			r_ = (call);					\
		}							\
		(int)r_;						\
	})

struct mount_attr;

SHIM_EXPORT int fsopen(const char *fs_name, unsigned int flags)
{
	return MODEL_ONLY(shim_model_fsopen(fs_name, flags));
}

SHIM_EXPORT int fsconfig(int fd, unsigned int cmd, const char *key,
			 const void *value, int aux)
{
	return MODEL_ONLY(shim_model_fsconfig(fd, cmd, key, value, aux));
}

SHIM_EXPORT int fsmount(int fd, unsigned int flags, unsigned int attr_flags)
{
	return MODEL_ONLY(shim_model_fsmount(fd, flags, attr_flags));
}

SHIM_EXPORT int fspick(int dfd, const char *path, unsigned int flags)
{
	return MODEL_ONLY(shim_model_fspick(dfd, path, flags));
}

SHIM_EXPORT int open_tree(int dfd, const char *path, unsigned int flags)
{
	return MODEL_ONLY(shim_model_open_tree(dfd, path, flags));
}

SHIM_EXPORT int move_mount(int from_dfd, const char *from_path, int to_dfd,
			   const char *to_path, unsigned int flags)
{
	return MODEL_ONLY(shim_model_move_mount(from_dfd, from_path, to_dfd, to_path,
						flags));
}

SHIM_EXPORT int mount_setattr(int dfd, const char *path, unsigned int flags,
			      struct mount_attr *attr, size_t size)
{
	return MODEL_ONLY(shim_model_mount_setattr(dfd, path, flags, attr, size));
}

SHIM_EXPORT int statx(int dfd, const char *path, int flags, unsigned int mask,
		      struct statx *buf)
{
	static __typeof__(&statx) next;
	__typeof__(&statx) fn;

	if (shim_path_is_model(dfd, path))
		return (int)shim_model_statx(dfd, path, flags, mask, buf);
	fn = __atomic_load_n(&next, __ATOMIC_ACQUIRE);
	if (!fn) {
		fn = (__typeof__(&statx))shim_next("statx");
		__atomic_store_n(&next, fn, __ATOMIC_RELEASE);
	}
	return fn(dfd, path, flags, mask, buf);
}
