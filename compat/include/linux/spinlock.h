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
#include <linux/lockdep_types.h>

typedef struct { pthread_mutex_t m; __LOCKDEP_MAP_MEMBER } spinlock_t;

/*
 * A lock of one word, the size of the kernel's spinlock_t, for a field of
 * objects there are millions of (a dentry's d_lock), where a 40-byte mutex
 * would be a fifth of the object.  A pthread spinlock: TSan follows it as
 * it follows a mutex, and it is only for locks no wait queue sleeps on.
 * The spin_* calls take either kind.
 */
typedef struct { pthread_spinlock_t s; __LOCKDEP_MAP_MEMBER } word_spinlock_t;

#define __SPIN_LOCK_UNLOCKED(x) { .m = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP, __DEP_MAP_INIT(x) }
#define DEFINE_SPINLOCK(x) spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

/*
 * Each call names where it was made (@f, @ln) for lockdep's reports; the
 * checker is told before the lock is taken, so an inversion is reported
 * before it can deadlock.  Without CONFIG_LOCKDEP the names are unused.
 */
static inline void __mutex_spin_lock_init(spinlock_t *l, const char *name,
					  struct lock_class_key *key)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(&l->m, &a);
	pthread_mutexattr_destroy(&a);
	__lockdep_init(&l->dep_map, name, key);
}
static inline void __mutex_spin_lock_destroy(spinlock_t *l) { pthread_mutex_destroy(&l->m); }
static inline void __mutex_spin_lock(spinlock_t *l, unsigned int sub, const char *f, int ln)
{
	__lockdep_acquire(&l->dep_map, sub, false, false, f, ln);
	pthread_mutex_lock(&l->m);
}
static inline void __mutex_spin_unlock(spinlock_t *l, const char *f, int ln)
{
	__lockdep_release(&l->dep_map, f, ln);
	pthread_mutex_unlock(&l->m);
}
static inline bool __mutex_spin_trylock(spinlock_t *l, const char *f, int ln)
{
	if (pthread_mutex_trylock(&l->m))
		return false;
	__lockdep_acquire(&l->dep_map, 0, true, false, f, ln);
	return true;
}

static inline void __word_spin_lock_init(word_spinlock_t *l, const char *name,
					 struct lock_class_key *key)
{
	pthread_spin_init(&l->s, PTHREAD_PROCESS_PRIVATE);
	__lockdep_init(&l->dep_map, name, key);
}
static inline void __word_spin_lock_destroy(word_spinlock_t *l) { pthread_spin_destroy(&l->s); }
static inline void __word_spin_lock(word_spinlock_t *l, unsigned int sub, const char *f, int ln)
{
	__lockdep_acquire(&l->dep_map, sub, false, false, f, ln);
	pthread_spin_lock(&l->s);
}
static inline void __word_spin_unlock(word_spinlock_t *l, const char *f, int ln)
{
	__lockdep_release(&l->dep_map, f, ln);
	pthread_spin_unlock(&l->s);
}
static inline bool __word_spin_trylock(word_spinlock_t *l, const char *f, int ln)
{
	if (pthread_spin_trylock(&l->s))
		return false;
	__lockdep_acquire(&l->dep_map, 0, true, false, f, ln);
	return true;
}

#define __SPIN_CALL(op, l, ...) _Generic((l),				\
	spinlock_t *: __mutex_##op,					\
	word_spinlock_t *: __word_##op)(l, ##__VA_ARGS__)
/* A lock initialised here, in a class of its own named @name. */
#define __spin_lock_init_named(l, name, key) __SPIN_CALL(spin_lock_init, l, name, key)
#define spin_lock_init(l)	__spin_lock_init_named(l, #l, __lockdep_key())
#define spin_lock_destroy(l)	__SPIN_CALL(spin_lock_destroy, l)
#define spin_lock(l)		__SPIN_CALL(spin_lock, l, 0, __FILE__, __LINE__)
/* Two locks of one class held together, as the kernel's annotation. */
#define spin_lock_nested(l, subclass) __SPIN_CALL(spin_lock, l, subclass, __FILE__, __LINE__)
#define spin_unlock(l)		__SPIN_CALL(spin_unlock, l, __FILE__, __LINE__)
#define spin_trylock(l)		__SPIN_CALL(spin_trylock, l, __FILE__, __LINE__)
#define spin_lock_irq spin_lock
#define spin_unlock_irq spin_unlock
#define spin_lock_bh spin_lock
#define spin_unlock_bh spin_unlock
#define spin_lock_irqsave(l, f) do { (void)(f); spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f) do { (void)(f); spin_unlock(l); } while (0)

#endif
