/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The lock checker (compat/lockdep.c): a wrong order, a missing lock, a
 * false rcu_dereference_protected() condition and an unannotated nesting
 * are reported as WARNs of the running instance; the orders the model is
 * allowed (trylocks, recursive reads, *_nested()) are not.  Everything
 * runs in one thread, in orders that cannot deadlock: lockdep reports what
 * could, before it does.  Only where lockdep is built (VFSIM_LOCKDEP: the
 * debug, asan and tsan presets); elsewhere each test says why it skips.
 * Criterion runs each test in a process of its own, so each starts with
 * an empty dependency graph.
 */
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/rwsem.h>
#include <linux/seqlock.h>
#include <linux/spinlock.h>

#include "common/ksim_fixture.h"

#ifdef CONFIG_LOCKDEP
#define NEED_LOCKDEP() do { } while (0)
#else
#define NEED_LOCKDEP() cr_skip_test("lockdep is not built here (VFSIM_LOCKDEP=OFF)")
#endif

TestSuite(compat_lockdep, .init = ctx_setup, .fini = ctx_finish);

#ifdef CONFIG_LOCKDEP
/* The report names @line of this file. */
static bool report_names_line(int line)
{
	char site[64];

	snprintf(site, sizeof(site), "test_compat_lockdep.c:%d", line);
	return strstr(lockdep_last_report(), site);
}
#endif

struct two_locks {
	struct mutex outer;
	struct mutex inner;
};

static __attribute__((unused)) void two_locks_init(struct two_locks *t)
{
	mutex_init(&t->outer);
	mutex_init(&t->inner);
}

Test(compat_lockdep, wrong_order_is_reported_with_both_orders)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	struct two_locks a, b;
	int l_outer, l_inner, l_inner2, l_outer2;

	two_locks_init(&a);
	two_locks_init(&b);
	/* The order learnt, on one pair of instances. */
	l_outer = __LINE__ + 1;
	mutex_lock(&a.outer);
	l_inner = __LINE__ + 1;
	mutex_lock(&a.inner);
	mutex_unlock(&a.inner);
	mutex_unlock(&a.outer);
	cr_assert_eq(warnings(), 0);

	/* Its opposite, on another pair of the same classes. */
	l_inner2 = __LINE__ + 1;
	mutex_lock(&b.inner);
	l_outer2 = __LINE__ + 1;
	mutex_lock(&b.outer);
	mutex_unlock(&b.outer);
	mutex_unlock(&b.inner);

	cr_assert_eq(warnings(), 1);
	cr_assert_eq(lockdep_reports(), 1);
	cr_assert(strstr(lockdep_last_report(), "circular locking dependency"),
		  "%s", lockdep_last_report());
	cr_assert(strstr(lockdep_last_report(), "&t->outer"));
	cr_assert(strstr(lockdep_last_report(), "&t->inner"));
	/* This acquisition and the lock it was under... */
	cr_assert(report_names_line(l_outer2), "%s", lockdep_last_report());
	cr_assert(report_names_line(l_inner2), "%s", lockdep_last_report());
	/* ...and where the opposite order was seen, with its stack. */
	cr_assert(report_names_line(l_inner), "%s", lockdep_last_report());
	cr_assert(report_names_line(l_outer), "%s", lockdep_last_report());
	cr_assert(strstr(lockdep_last_report(), "this thread's stack:"));
	cr_assert(strstr(lockdep_last_report(), "that stack:"));

	/* Once per pair of classes, as the kernel's once per boot. */
	mutex_lock(&b.inner);
	mutex_lock(&b.outer);
	mutex_unlock(&b.outer);
	mutex_unlock(&b.inner);
	cr_assert_eq(warnings(), 1);

	mutex_destroy(&a.outer);
	mutex_destroy(&a.inner);
	mutex_destroy(&b.outer);
	mutex_destroy(&b.inner);
#endif
}

/* A -> B -> C seen, then C -> A: the cycle goes through the graph. */
Test(compat_lockdep, inversion_through_a_third_class)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	struct mutex a, b;
	spinlock_t c;

	mutex_init(&a);
	mutex_init(&b);
	spin_lock_init(&c);
	mutex_lock(&a);
	mutex_lock(&b);
	mutex_unlock(&b);
	mutex_unlock(&a);
	mutex_lock(&b);
	spin_lock(&c);
	spin_unlock(&c);
	mutex_unlock(&b);
	cr_assert_eq(warnings(), 0);

	spin_lock(&c);
	mutex_lock(&a);
	mutex_unlock(&a);
	spin_unlock(&c);
	cr_assert_eq(warnings(), 1);
	mutex_destroy(&a);
	mutex_destroy(&b);
	spin_lock_destroy(&c);
#endif
}

Test(compat_lockdep, trylock_adds_no_dependency)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	struct two_locks t;

	two_locks_init(&t);
	mutex_lock(&t.outer);
	cr_assert(mutex_trylock(&t.inner));
	mutex_unlock(&t.inner);
	mutex_unlock(&t.outer);
	mutex_lock(&t.inner);
	mutex_lock(&t.outer);
	cr_assert(lockdep_is_held(&t.outer));
	mutex_unlock(&t.outer);
	mutex_unlock(&t.inner);
	cr_assert_eq(warnings(), 0);
	mutex_destroy(&t.outer);
	mutex_destroy(&t.inner);
#endif
}

Test(compat_lockdep, missing_lock_trips_lockdep_assert_held)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	struct mutex m;
	seqlock_t sl;
	struct rw_semaphore s;

	mutex_init(&m);
	seqlock_init(&sl);
	init_rwsem(&s);

	mutex_lock(&m);
	lockdep_assert_held(&m);
	mutex_unlock(&m);
	write_seqlock(&sl);
	lockdep_assert_held(&sl);
	write_sequnlock(&sl);
	down_write(&s);
	lockdep_assert_held_write(&s);
	up_write(&s);
	cr_assert_eq(warnings(), 0);

	lockdep_assert_held(&m);
	cr_assert_eq(warnings(), 1);
	lockdep_assert_held(&sl);
	cr_assert_eq(warnings(), 2);
	/* Held, but for reading. */
	down_read(&s);
	lockdep_assert_held(&s);
	cr_assert_eq(warnings(), 2);
	lockdep_assert_held_write(&s);
	cr_assert_eq(warnings(), 3);
	up_read(&s);
	mutex_lock(&m);
	lockdep_assert_not_held(&m);
	cr_assert_eq(warnings(), 4);
	mutex_unlock(&m);
	mutex_destroy(&m);
	destroy_rwsem(&s);
#endif
}

Test(compat_lockdep, rcu_dereference_protected_checks_its_condition)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	static int x = 1;
	int *p = &x;
	struct mutex m;

	mutex_init(&m);
	mutex_lock(&m);
	cr_assert_eq(rcu_dereference_protected(p, lockdep_is_held(&m)), &x);
	mutex_unlock(&m);
	cr_assert_eq(warnings(), 0);

	cr_assert_eq(rcu_dereference_protected(p, lockdep_is_held(&m)), &x);
	cr_assert_eq(warnings(), 1);
	cr_assert(strstr(lockdep_last_report(), "suspicious rcu_dereference_protected()"));

	/* rcu_dereference_check() also takes a read-side section. */
	rcu_read_lock();
	cr_assert_eq(rcu_dereference_check(p, lockdep_is_held(&m)), &x);
	rcu_read_unlock();
	cr_assert_eq(warnings(), 1);
	cr_assert_eq(rcu_dereference_check(p, lockdep_is_held(&m)), &x);
	cr_assert_eq(warnings(), 2);
	mutex_destroy(&m);
#endif
}

/* Two dentries' d_lock, parent then child: one class, nested. */
Test(compat_lockdep, one_class_twice_needs_a_subclass)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	word_spinlock_t l[2];

	for (int i = 0; i < 2; i++)
		spin_lock_init(&l[i]);
	spin_lock(&l[0]);
	spin_lock_nested(&l[1], SINGLE_DEPTH_NESTING);
	spin_unlock(&l[1]);
	spin_unlock(&l[0]);
	cr_assert_eq(warnings(), 0);

	spin_lock(&l[0]);
	spin_lock(&l[1]);
	spin_unlock(&l[1]);
	spin_unlock(&l[0]);
	cr_assert_eq(warnings(), 1);
	cr_assert(strstr(lockdep_last_report(), "recursive locking"));
	for (int i = 0; i < 2; i++)
		spin_lock_destroy(&l[i]);
#endif
}

/* Readers of one class nest; a writer under a reader of its class does not. */
Test(compat_lockdep, recursive_reads_are_fine)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	struct rw_semaphore s[2];

	for (int i = 0; i < 2; i++)
		init_rwsem(&s[i]);
	down_read(&s[0]);
	down_read(&s[1]);
	up_read(&s[1]);
	up_read(&s[0]);
	cr_assert_eq(warnings(), 0);

	down_read(&s[0]);
	down_write(&s[1]);
	up_write(&s[1]);
	up_read(&s[0]);
	cr_assert_eq(warnings(), 1);
	for (int i = 0; i < 2; i++)
		destroy_rwsem(&s[i]);
#endif
}

/* Thousands of instances of one init site are one class. */
Test(compat_lockdep, instances_share_their_class)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	struct mutex outer;
	unsigned int classes;

	mutex_init(&outer);
	mutex_lock(&outer);
	for (int i = 0; i < 10000; i++) {
		spinlock_t l;

		spin_lock_init(&l);
		spin_lock(&l);
		spin_unlock(&l);
		spin_lock_destroy(&l);
		if (i == 0)
			classes = lockdep_nr_classes();
	}
	cr_assert_eq(lockdep_nr_classes(), classes);
	mutex_unlock(&outer);
	mutex_destroy(&outer);
	cr_assert_eq(warnings(), 0);
#endif
}

/* A lock defined with an initialiser has a class of its own. */
static __attribute__((unused)) DEFINE_MUTEX(static_outer);
static __attribute__((unused)) DEFINE_SPINLOCK(static_inner);

Test(compat_lockdep, statically_defined_locks_are_checked)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	mutex_lock(&static_outer);
	spin_lock(&static_inner);
	spin_unlock(&static_inner);
	mutex_unlock(&static_outer);
	cr_assert_eq(warnings(), 0);
	spin_lock(&static_inner);
	mutex_lock(&static_outer);
	mutex_unlock(&static_outer);
	spin_unlock(&static_inner);
	cr_assert_eq(warnings(), 1);
	cr_assert(strstr(lockdep_last_report(), "static_outer"), "%s", lockdep_last_report());
#endif
}

Test(compat_lockdep, releasing_a_lock_not_held_is_reported)
{
	NEED_LOCKDEP();
#ifdef CONFIG_LOCKDEP
	word_spinlock_t l;

	spin_lock_init(&l);
	spin_unlock(&l);
	cr_assert_eq(warnings(), 1);
	cr_assert(strstr(lockdep_last_report(), "does not hold"));
	spin_lock_destroy(&l);
#endif
}
