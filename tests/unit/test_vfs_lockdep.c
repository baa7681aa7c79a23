/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The model's lock contract, checked by lockdep (compat/lockdep.c) on a
 * booted instance: taking namespace_sem under mount_lock, the opposite of
 * the order docs/internals.md writes, is reported with both orders; a
 * mount-hash lookup with none of namespace_sem, mount_lock and RCU trips
 * its assertion.  The deliberate warnings are counted, then forgiven so
 * that the end-of-test check still sees a clean instance.  Only where
 * lockdep is built (VFSIM_LOCKDEP).
 */
#include <string.h>

#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/lockdep.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/mount_api.h>

#include "common/fixtures.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t __attribute__((unused));

static struct ksim_ctx *prev;

/* Kernel code runs with its instance current, as an entry point makes it. */
static __attribute__((unused)) void enter(void)
{
	prev = ksim_ctx_switch(&v->ctx);
}

static __attribute__((unused)) void leave(void)
{
	ksim_ctx_switch(prev);
}

#ifdef CONFIG_LOCKDEP
/* The @n warnings the test provoked, and no more. */
static void forgive(unsigned long n)
{
	cr_assert_eq(vfsim_warn_count(v), n);
	atomic_long_set(&v->ctx.warnings, 0);
}
#endif

VT_TEST(vfs_lockdep, mount_lock_then_namespace_sem_is_an_inversion, "empty", NULL)
{
#ifndef CONFIG_LOCKDEP
	cr_skip_test("lockdep is not built here (VFSIM_LOCKDEP=OFF)");
#else
	enter();
	/* The documented order, whether or not booting took it already. */
	namespace_lock(v);
	lock_mount_hash(v);
	unlock_mount_hash(v);
	namespace_unlock(v);
	cr_assert_eq(vfsim_warn_count(v), 0);

	lock_mount_hash(v);
	namespace_lock(v);
	namespace_unlock(v);
	unlock_mount_hash(v);
	leave();

	cr_assert(strstr(lockdep_last_report(), "circular locking dependency"),
		  "%s", lockdep_last_report());
	cr_assert(strstr(lockdep_last_report(),
			 "takes &v->namespace_sem at "), "%s", lockdep_last_report());
	cr_assert(strstr(lockdep_last_report(), "while holding &v->mount_lock"));
	cr_assert(strstr(lockdep_last_report(), "but the opposite order was seen before"));
	forgive(1);
#endif
}

VT_TEST(vfs_lockdep, lookup_mnt_without_protection_is_reported, "empty", NULL)
{
#ifndef CONFIG_LOCKDEP
	cr_skip_test("lockdep is not built here (VFSIM_LOCKDEP=OFF)");
#else
	struct mount *root = v->init_mnt_ns->root;

	enter();
	rcu_read_lock();
	cr_assert_null(__lookup_mnt(&root->mnt, root->mnt.mnt_root));
	rcu_read_unlock();
	lock_mount_hash(v);
	cr_assert_null(__lookup_mnt(&root->mnt, root->mnt.mnt_root));
	unlock_mount_hash(v);
	down_read(&v->namespace_sem);
	cr_assert_null(__lookup_mnt(&root->mnt, root->mnt.mnt_root));
	up_read(&v->namespace_sem);
	cr_assert_eq(vfsim_warn_count(v), 0);

	cr_assert_null(__lookup_mnt(&root->mnt, root->mnt.mnt_root));
	leave();
	cr_assert(strstr(lockdep_last_report(), "__lookup_mnt() without"),
		  "%s", lockdep_last_report());
	forgive(1);
#endif
}
