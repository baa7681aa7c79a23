/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Duplicated interface of struct rw_semaphore, on a pthread rwlock.  Macros
 * for lockdep's sake, as linux/mutex.h; a read acquisition is recorded as
 * one (two readers of one class nest without complaint, as glibc's
 * reader-preferring rwlock lets them).
 */
#ifndef _VFSIM_LINUX_RWSEM_H
#define _VFSIM_LINUX_RWSEM_H

#include <pthread.h>
#include <linux/kdefs.h>
#include <linux/lockdep_types.h>

struct rw_semaphore { pthread_rwlock_t l; __LOCKDEP_MAP_MEMBER };

static inline void __init_rwsem(struct rw_semaphore *s, const char *name,
				struct lock_class_key *key)
{
	pthread_rwlock_init(&s->l, NULL);
	__lockdep_init(&s->dep_map, name, key);
}
static inline void destroy_rwsem(struct rw_semaphore *s) { pthread_rwlock_destroy(&s->l); }
static inline void __down_read(struct rw_semaphore *s, unsigned int sub, const char *f, int ln)
{
	__lockdep_acquire(&s->dep_map, sub, false, true, f, ln);
	pthread_rwlock_rdlock(&s->l);
}
static inline void __down_write(struct rw_semaphore *s, unsigned int sub, const char *f, int ln)
{
	__lockdep_acquire(&s->dep_map, sub, false, false, f, ln);
	pthread_rwlock_wrlock(&s->l);
}
static inline void __up_rwsem(struct rw_semaphore *s, const char *f, int ln)
{
	__lockdep_release(&s->dep_map, f, ln);
	pthread_rwlock_unlock(&s->l);
}
static inline int __down_read_trylock(struct rw_semaphore *s, const char *f, int ln)
{
	if (pthread_rwlock_tryrdlock(&s->l))
		return 0;
	__lockdep_acquire(&s->dep_map, 0, true, true, f, ln);
	return 1;
}
static inline int __down_write_trylock(struct rw_semaphore *s, const char *f, int ln)
{
	if (pthread_rwlock_trywrlock(&s->l))
		return 0;
	__lockdep_acquire(&s->dep_map, 0, true, false, f, ln);
	return 1;
}

#define init_rwsem(s)		__init_rwsem(s, #s, __lockdep_key())
#define down_read(s)		__down_read(s, 0, __FILE__, __LINE__)
#define down_read_nested(s, subclass) __down_read(s, subclass, __FILE__, __LINE__)
#define down_write(s)		__down_write(s, 0, __FILE__, __LINE__)
#define down_write_nested(s, subclass) __down_write(s, subclass, __FILE__, __LINE__)
#define up_read(s)		__up_rwsem(s, __FILE__, __LINE__)
#define up_write(s)		__up_rwsem(s, __FILE__, __LINE__)
#define down_read_trylock(s)	__down_read_trylock(s, __FILE__, __LINE__)
#define down_write_trylock(s)	__down_write_trylock(s, __FILE__, __LINE__)

#endif
