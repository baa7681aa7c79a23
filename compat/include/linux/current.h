/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * `current`, and the per-thread kernel context behind it.  The syscall entry
 * code of the model sets both for the duration of a call; the compat layer
 * reaches the running instance's heap, user-memory state and warning
 * counter through ksim_ctx.
 */
#ifndef _VFSIM_LINUX_CURRENT_H
#define _VFSIM_LINUX_CURRENT_H

struct task_struct;
struct ksim_ctx;

extern __thread struct task_struct *ksim_current_task;
extern __thread struct ksim_ctx *ksim_cur_ctx;

static inline struct task_struct *get_current(void) { return ksim_current_task; }
#define current get_current()

#endif
