/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Wait queues (include/linux/wait.h; renamed because linux/wait.h is a UAPI
 * header name).  A wait queue head is its lock plus a condition variable:
 * the kernel wakes sleepers under wq->lock, and so does the model, so a
 * sleeper that tests its condition under the same lock cannot miss a
 * wake-up.  The interruptible sleep itself is in vfs/sched_wait.h because
 * it needs the task's signal state.
 */
#ifndef _VFSIM_LINUX_WAIT_QUEUE_H
#define _VFSIM_LINUX_WAIT_QUEUE_H

#include <pthread.h>
#include <linux/spinlock.h>

typedef struct wait_queue_head {
	spinlock_t lock;
	pthread_cond_t cond;
} wait_queue_head_t;

/* A macro: each call site's lock is a lock class of its own, as Linux's. */
#define init_waitqueue_head(wq) do {					\
	wait_queue_head_t *__wq = (wq);					\
									\
	__spin_lock_init_named(&__wq->lock, #wq, __lockdep_key());	\
	pthread_cond_init(&__wq->cond, NULL);				\
} while (0)

static inline void destroy_waitqueue_head(wait_queue_head_t *wq)
{
	pthread_cond_destroy(&wq->cond);
	spin_lock_destroy(&wq->lock);
}

/* Caller holds wq->lock. */
static inline void wake_up_all_locked(wait_queue_head_t *wq)
{
	pthread_cond_broadcast(&wq->cond);
}

static inline void wake_up_interruptible_all(wait_queue_head_t *wq)
{
	spin_lock(&wq->lock);
	pthread_cond_broadcast(&wq->cond);
	spin_unlock(&wq->lock);
}

/*
 * Wake @wq's sleepers after its lock was dropped: the change they wait for
 * was made under the lock, so a sleeper either saw it or was already
 * waiting on the condition variable when the lock came free, and is woken.
 * A condition-variable wake-up can be a system call: done under the lock,
 * it keeps the lock held for all of it, and everyone spinning for the lock
 * gives up and sleeps too.  The caller keeps @wq alive.
 */
static inline void wake_up_all_unlocked(wait_queue_head_t *wq)
{
	pthread_cond_broadcast(&wq->cond);
}

#define wake_up_interruptible wake_up_interruptible_all
#define wake_up_interruptible_sync_poll_locked(wq, mask) wake_up_all_locked(wq)

#endif
