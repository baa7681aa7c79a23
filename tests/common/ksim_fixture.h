/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A Criterion fixture for tests that drive the compat layer directly: a
 * bare kernel context (heap, user-memory seam, warning counter) made
 * current for the test, and a finish that drains grace periods and insists
 * nothing is left live.  Header-only: each test program gets its own.
 */
#ifndef VFSIM_TESTS_KSIM_FIXTURE_H
#define VFSIM_TESTS_KSIM_FIXTURE_H

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <compat/ksim.h>
#include <linux/rcupdate.h>

static struct ksim_ctx ctx;
static struct ksim_ctx *prev_ctx;

static __attribute__((unused)) void ctx_setup(void)
{
	ksim_rcu_thread_enter();
	cr_assert_eq(ksim_ctx_init(&ctx, KSIM_ALLOC_LIBC), 0);
	prev_ctx = ksim_ctx_switch(&ctx);
}

/* Grace periods drained, nothing live, then the context goes away. */
static __attribute__((unused)) void ctx_finish(void)
{
	rcu_barrier();
	cr_assert_eq(ksim_heap_report(&ctx.heap, stderr), 0, "direct context leaked");
	cr_assert_eq(ctx.heap.live_objects, 0);
	cr_assert_eq(ctx.heap.live_bytes, 0);
	ksim_ctx_switch(prev_ctx);
	ksim_ctx_fini(&ctx);
}

/* For suites that use whole instances: only register the thread. */
static __attribute__((unused)) void rcu_setup(void)
{
	ksim_rcu_thread_enter();
}

static __attribute__((unused)) long warnings(void)
{
	return atomic_long_read(&ctx.warnings);
}

/* Every one of the @n bytes at @p is @c. */
static __attribute__((unused)) bool all_bytes(const void *p, int c, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i] != (unsigned char)c)
			return false;
	return true;
}

#endif
