/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Customised: spinlock_t is a pthread mutex.  The model never sleeps under a
 * spinlock, and a mutex lets TSan and helgrind follow the lock order (and
 * lets a wait queue sleep on its lock with a condition variable).  It is
 * glibc's adaptive kind, which spins a little before it sleeps in the
 * kernel: sections under a spinlock are short, and two threads taking turns
 * at one (a poster and a reader at a pipe's rd_wait.lock) otherwise pay a
 * futex sleep and wake-up for most hand-overs.
 */
#ifndef _VFSIM_LINUX_SPINLOCK_H
#define _VFSIM_LINUX_SPINLOCK_H

#include <pthread.h>
#include <linux/kdefs.h>

typedef struct { pthread_mutex_t m; } spinlock_t;

#define __SPIN_LOCK_UNLOCKED(x) { PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP }
#define DEFINE_SPINLOCK(x) spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

static inline void spin_lock_init(spinlock_t *l)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(&l->m, &a);
	pthread_mutexattr_destroy(&a);
}
static inline void spin_lock_destroy(spinlock_t *l) { pthread_mutex_destroy(&l->m); }
static inline void spin_lock(spinlock_t *l) { pthread_mutex_lock(&l->m); }
static inline void spin_unlock(spinlock_t *l) { pthread_mutex_unlock(&l->m); }
static inline bool spin_trylock(spinlock_t *l) { return pthread_mutex_trylock(&l->m) == 0; }
#define spin_lock_irq spin_lock
#define spin_unlock_irq spin_unlock
#define spin_lock_bh spin_lock
#define spin_unlock_bh spin_unlock
#define spin_lock_irqsave(l, f) do { (void)(f); spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f) do { (void)(f); spin_unlock(l); } while (0)

#endif
