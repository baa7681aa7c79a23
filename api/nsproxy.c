// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public fork, exit, unshare and setns (vfs/fork.c, vfs/nsproxy.c). */
#include <api/api.h>

int vfsim_task_fork(struct vfsim_task *parent, unsigned long clone_flags,
		    struct vfsim_task **child)
{
	struct task_struct *t = NULL;
	struct vfsim_entry e;
	int err;

	if (!child)
		return -EINVAL;
	*child = NULL;
	if (!parent || !T(parent)->kernel->booted)
		return -EINVAL;
	vfsim_enter(&e, T(parent));
	err = task_fork(T(parent), clone_flags, &t);
	vfsim_leave(&e);
	*child = (struct vfsim_task *)t;
	return err;
}

void vfsim_task_exit(struct vfsim_task *t)
{
	struct vfsim_entry e;

	if (!t || T(t) == T(t)->kernel->init_task)
		return;
	vfsim_enter(&e, T(t));
	task_exit(T(t));
	vfsim_leave(&e);
}

long vfsim_unshare(struct vfsim_task *t, unsigned long flags)
{
	return VFSIM_SYSCALL(t, ksys_unshare(flags));
}

long vfsim_setns(struct vfsim_task *t, int fd, int nstype)
{
	return VFSIM_SYSCALL(t, ksys_setns(fd, nstype));
}

int vfsim_task_pid(const struct vfsim_task *t)
{
	return t ? ((const struct task_struct *)t)->pid : -1;
}
