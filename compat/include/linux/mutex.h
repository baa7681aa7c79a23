/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Duplicated interface, pthread implementation.  The calls are macros so
 * that lockdep (linux/lockdep_types.h) learns where each was made and
 * mutex_init() gets a lock class per call site.
 */
#ifndef _VFSIM_LINUX_MUTEX_H
#define _VFSIM_LINUX_MUTEX_H

#include <pthread.h>
#include <linux/kdefs.h>
#include <linux/lockdep_types.h>

struct mutex { pthread_mutex_t m; __LOCKDEP_MAP_MEMBER };

#define __MUTEX_INITIALIZER(x) { .m = PTHREAD_MUTEX_INITIALIZER, __DEP_MAP_INIT(x) }
#define DEFINE_MUTEX(x) struct mutex x = __MUTEX_INITIALIZER(x)

static inline void __mutex_init(struct mutex *l, const char *name, struct lock_class_key *key)
{
	pthread_mutex_init(&l->m, NULL);
	__lockdep_init(&l->dep_map, name, key);
}
static inline void mutex_destroy(struct mutex *l) { pthread_mutex_destroy(&l->m); }
static inline void __mutex_lock(struct mutex *l, unsigned int sub, const char *f, int ln)
{
	__lockdep_acquire(&l->dep_map, sub, false, false, f, ln);
	pthread_mutex_lock(&l->m);
}
static inline void __mutex_unlock(struct mutex *l, const char *f, int ln)
{
	__lockdep_release(&l->dep_map, f, ln);
	pthread_mutex_unlock(&l->m);
}
static inline int __mutex_trylock(struct mutex *l, const char *f, int ln)
{
	if (pthread_mutex_trylock(&l->m))
		return 0;
	__lockdep_acquire(&l->dep_map, 0, true, false, f, ln);
	return 1;
}

#define mutex_init(l)		__mutex_init(l, #l, __lockdep_key())
#define mutex_lock(l)		__mutex_lock(l, 0, __FILE__, __LINE__)
#define mutex_lock_nested(l, subclass) __mutex_lock(l, subclass, __FILE__, __LINE__)
#define mutex_unlock(l)		__mutex_unlock(l, __FILE__, __LINE__)
#define mutex_trylock(l)	__mutex_trylock(l, __FILE__, __LINE__)

#endif
