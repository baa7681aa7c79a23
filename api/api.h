/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the public API files: entering the kernel as a task. */
#ifndef _VFSIM_VFS_API_H
#define _VFSIM_VFS_API_H

#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

static inline struct task_struct *T(struct vfsim_task *t)
{
	return (struct task_struct *)t;
}

/* Run @expr as task @t; a NULL or unbooted task gets -EINVAL. */
#define VFSIM_SYSCALL(t, expr) ({					\
	struct vfsim_entry __e;						\
	long __ret;							\
	if (!(t) || !T(t)->kernel->booted)				\
		__ret = -EINVAL;					\
	else {								\
		vfsim_enter(&__e, T(t));				\
		__ret = (expr);						\
		vfsim_leave(&__e);					\
	}								\
	__ret;								\
})

#endif
