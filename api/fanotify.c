// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public fanotify calls and the namespace file (vfs/fanotify.c, vfs/nsfs.c). */
#include <api/api.h>
#include <vfs/fanotify.h>
#include <vfs/nsfs.h>

long vfsim_fanotify_init(struct vfsim_task *t, unsigned int flags,
			 unsigned int event_f_flags)
{
	return VFSIM_SYSCALL(t, ksys_fanotify_init(flags, event_f_flags));
}

long vfsim_fanotify_mark(struct vfsim_task *t, int fanotify_fd, unsigned int flags,
			 uint64_t mask, int dfd, const char *pathname)
{
	return VFSIM_SYSCALL(t, ksys_fanotify_mark(fanotify_fd, flags, mask, dfd,
						   pathname));
}

long vfsim_open_mntns(struct vfsim_task *t, unsigned int flags)
{
	return VFSIM_SYSCALL(t, ksys_open_mntns(T(t), flags));
}

long vfsim_open_task_mntns(struct vfsim_task *t, struct vfsim_task *target,
			   unsigned int flags)
{
	if (!target)
		return -EINVAL;
	return VFSIM_SYSCALL(t, ksys_open_mntns(T(target), flags));
}
