/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Customised lockdep assertions (include/linux/lockdep.h).  With
 * CONFIG_LOCKDEP they ask the checker (compat/lockdep.c) whether this
 * thread holds the lock and WARN if not; without it they compile to
 * nothing and lockdep_is_held() is true, as in a kernel without lockdep.
 * They take any of the compat lock types, a seqlock_t meaning its lock.
 */
#ifndef _VFSIM_LINUX_LOCKDEP_H
#define _VFSIM_LINUX_LOCKDEP_H

#include <linux/bug.h>
#include <linux/lockdep_types.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/seqlock.h>
#include <linux/spinlock.h>

#ifdef CONFIG_LOCKDEP

#define __lock_dep_map(l) _Generic((l),					\
	spinlock_t *: &((spinlock_t *)(void *)(l))->dep_map,		\
	word_spinlock_t *: &((word_spinlock_t *)(void *)(l))->dep_map,	\
	struct mutex *: &((struct mutex *)(void *)(l))->dep_map,	\
	struct rw_semaphore *: &((struct rw_semaphore *)(void *)(l))->dep_map, \
	seqlock_t *: &((seqlock_t *)(void *)(l))->lock.dep_map)

#define lockdep_is_held(l)	lock_is_held(__lock_dep_map(l))
#define lockdep_assert_held(l) \
	WARN(!lockdep_is_held(l), "lockdep_assert_held(" #l ") but it is not held")
#define lockdep_assert_held_write(l) \
	WARN(!lock_is_held_write(__lock_dep_map(l)), \
	     "lockdep_assert_held_write(" #l ") but it is not held for writing")
#define lockdep_assert_not_held(l) \
	WARN(lockdep_is_held(l), "lockdep_assert_not_held(" #l ") but it is held")

/* The text of lockdep's last report (empty: none yet), for tests. */
const char *lockdep_last_report(void);
/* Reports made by this process so far. */
unsigned long lockdep_reports(void);
/* Lock classes known so far (one per init site and subclass). */
unsigned int lockdep_nr_classes(void);

#else

#define lockdep_is_held(l)		((void)(l), 1)
#define lockdep_assert_held(l)		do { (void)(l); } while (0)
#define lockdep_assert_held_write(l)	do { (void)(l); } while (0)
#define lockdep_assert_not_held(l)	do { (void)(l); } while (0)

#endif

#endif
