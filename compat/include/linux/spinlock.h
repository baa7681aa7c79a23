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

/*
 * A lock of one word, the size of the kernel's spinlock_t, for a field of
 * objects there are millions of (a dentry's d_lock), where a 40-byte mutex
 * would be a fifth of the object.  A pthread spinlock: TSan follows it as
 * it follows a mutex, and it is only for locks no wait queue sleeps on.
 * The spin_* calls take either kind.
 */
typedef struct { pthread_spinlock_t s; } word_spinlock_t;

#define __SPIN_LOCK_UNLOCKED(x) { PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP }
#define DEFINE_SPINLOCK(x) spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

static inline void __mutex_spin_lock_init(spinlock_t *l)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(&l->m, &a);
	pthread_mutexattr_destroy(&a);
}
static inline void __mutex_spin_lock_destroy(spinlock_t *l) { pthread_mutex_destroy(&l->m); }
static inline void __mutex_spin_lock(spinlock_t *l) { pthread_mutex_lock(&l->m); }
static inline void __mutex_spin_unlock(spinlock_t *l) { pthread_mutex_unlock(&l->m); }
static inline bool __mutex_spin_trylock(spinlock_t *l) { return pthread_mutex_trylock(&l->m) == 0; }

static inline void __word_spin_lock_init(word_spinlock_t *l)
{
	pthread_spin_init(&l->s, PTHREAD_PROCESS_PRIVATE);
}
static inline void __word_spin_lock_destroy(word_spinlock_t *l) { pthread_spin_destroy(&l->s); }
static inline void __word_spin_lock(word_spinlock_t *l) { pthread_spin_lock(&l->s); }
static inline void __word_spin_unlock(word_spinlock_t *l) { pthread_spin_unlock(&l->s); }
static inline bool __word_spin_trylock(word_spinlock_t *l) { return pthread_spin_trylock(&l->s) == 0; }

#define __SPIN_CALL(op, l) _Generic((l),				\
	spinlock_t *: __mutex_##op,					\
	word_spinlock_t *: __word_##op)(l)
#define spin_lock_init(l)	__SPIN_CALL(spin_lock_init, l)
#define spin_lock_destroy(l)	__SPIN_CALL(spin_lock_destroy, l)
#define spin_lock(l)		__SPIN_CALL(spin_lock, l)
#define spin_unlock(l)		__SPIN_CALL(spin_unlock, l)
#define spin_trylock(l)		__SPIN_CALL(spin_trylock, l)
#define spin_lock_irq spin_lock
#define spin_unlock_irq spin_unlock
#define spin_lock_bh spin_lock
#define spin_unlock_bh spin_unlock
#define spin_lock_irqsave(l, f) do { (void)(f); spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f) do { (void)(f); spin_unlock(l); } while (0)

#endif
