/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Interruptible sleeps (wait_event_interruptible()).  The sleeper publishes
 * the queue it sleeps on in its task under sig_lock before testing its
 * condition under the queue's lock; set_signal_pending() sets the flag and
 * then wakes that queue under the same two locks in the same order, so a
 * signal made pending at any moment either is seen by the test or wakes the
 * sleeper.  The sleeper withdraws before it returns, so the waker never
 * touches a queue whose object (a pipe) may have gone.
 */
#ifndef _VFSIM_VFS_SCHED_WAIT_H
#define _VFSIM_VFS_SCHED_WAIT_H

#include <linux/wait_queue.h>
#include <vfs/task.h>

static inline void prepare_to_wait_task(struct task_struct *t, wait_queue_head_t *wq)
{
	spin_lock(&t->sig_lock);
	t->sleeping_on = wq;
	spin_unlock(&t->sig_lock);
}

static inline void finish_wait_task(struct task_struct *t)
{
	spin_lock(&t->sig_lock);
	t->sleeping_on = NULL;
	spin_unlock(&t->sig_lock);
}

/*
 * Sleep on @wq until @condition (tested under wq->lock) holds: 0, or
 * -ERESTARTSYS if a signal is or becomes pending first.
 */
#define wait_event_interruptible(wq, condition) ({			\
	struct task_struct *__t = current;				\
	int __ret = 0;							\
									\
	prepare_to_wait_task(__t, &(wq));				\
	spin_lock(&(wq).lock);						\
	for (;;) {							\
		if (condition)						\
			break;						\
		if (signal_pending(__t)) {				\
			__ret = -ERESTARTSYS;				\
			break;						\
		}							\
		pthread_cond_wait(&(wq).cond, &(wq).lock.m);		\
	}								\
	spin_unlock(&(wq).lock);					\
	finish_wait_task(__t);						\
	__ret;								\
})

#define wait_event_interruptible_exclusive wait_event_interruptible

#endif
