// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public /proc/PID/{uid_map,gid_map,setgroups} writes (vfs/user_namespace.c). */
#include <api/api.h>

long vfsim_write_uid_map(struct vfsim_task *t, struct vfsim_task *target,
			 const char *text, size_t len)
{
	if (!t || !target || T(target)->kernel != T(t)->kernel)
		return -EINVAL;
	return VFSIM_SYSCALL(t, proc_map_write(T(target), USERNS_UID_MAP, text, len));
}

long vfsim_write_gid_map(struct vfsim_task *t, struct vfsim_task *target,
			 const char *text, size_t len)
{
	if (!t || !target || T(target)->kernel != T(t)->kernel)
		return -EINVAL;
	return VFSIM_SYSCALL(t, proc_map_write(T(target), USERNS_GID_MAP, text, len));
}

long vfsim_write_setgroups(struct vfsim_task *t, struct vfsim_task *target,
			   const char *text, size_t len)
{
	if (!t || !target || T(target)->kernel != T(t)->kernel)
		return -EINVAL;
	return VFSIM_SYSCALL(t, proc_setgroups_write(T(target), text, len));
}

long vfsim_task_ns_uid(const struct vfsim_task *t)
{
	const struct task_struct *task = (const struct task_struct *)t;

	if (!t)
		return -1;
	return from_kuid_munged(task->cred.user_ns, task->cred.uid);
}
