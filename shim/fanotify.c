// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fanotify mount events through the shim (docs/shim.md, "The successors'
 * calls"): fanotify_init() and fanotify_mark(), as glibc's functions and
 * as syscall() 300 and 301, go to the model, whose groups report only
 * mount events (FAN_REPORT_MNT, docs/fanotify.md); and an open of the
 * caller's mount-namespace file, /proc/self/ns/mnt, gives the model's
 * namespace file, which is what FAN_MARK_MNTNS and statmount's mnt_ns_fd
 * want.  Reading and closing the group are the model fd's read() and
 * close().  From inside the model (shim_passthrough()) they are ENOSYS.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

static long new_fd(long ret)
{
	return ret < 0 ? ret : VFSIM_SHIM_FD(ret);
}

static bool is_own_mntns(const char *path)
{
	char own[64];

	if (strcmp(path, "/proc/self/ns/mnt") == 0 ||
	    strcmp(path, "/proc/thread-self/ns/mnt") == 0)
		return true;
	snprintf(own, sizeof(own), "/proc/%d/ns/mnt", (int)getpid());
	return strcmp(path, own) == 0;
}

bool shim_mntns_open(const char *path, int flags, int *fd)
{
	struct vfsim_task *t;
	long ret;

	if (shim_passthrough() || !path || !is_own_mntns(path))
		return false;
	shim_enter();
	t = shim_task();
	ret = t ? vfsim_open_mntns(t, (unsigned int)(flags & O_CLOEXEC)) : -ENOSYS;
	shim_leave();
	*fd = (int)new_fd(shim_ret(ret));
	return true;
}

long shim_model_fanotify_init(unsigned int flags, unsigned int event_f_flags)
{
	struct vfsim_task *t;
	long ret;

	if (shim_passthrough()) {
		errno = ENOSYS;
		return -1;
	}
	shim_enter();
	t = shim_task();
	ret = t ? vfsim_fanotify_init(t, flags, event_f_flags) : -ENOSYS;
	shim_leave();
	return new_fd(shim_ret(ret));
}

long shim_model_fanotify_mark(int fd, unsigned int flags, uint64_t mask, int dfd,
			      const char *path)
{
	struct vfsim_task *t;
	long ret;

	if (shim_passthrough()) {
		errno = ENOSYS;
		return -1;
	}
	shim_enter();
	t = shim_task();
	ret = t ? vfsim_fanotify_mark(t, shim_model_fd(fd), flags, mask,
				      shim_model_dfd(dfd), path) : -ENOSYS;
	shim_leave();
	return shim_ret(ret);
}

SHIM_EXPORT int fanotify_init(unsigned int flags, unsigned int event_f_flags)
{
	return (int)shim_model_fanotify_init(flags, event_f_flags);
}

SHIM_EXPORT int fanotify_mark(int fd, unsigned int flags, uint64_t mask, int dfd,
			      const char *path)
{
	return (int)shim_model_fanotify_mark(fd, flags, mask, dfd, path);
}
