/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The allocation seam's per-thread jemalloc tcaches (compat/alloc_tcache.c):
 * each thread gets one per instance it allocates in, and gives it back when
 * it exits, when it needs the slot for another instance, or (first) when
 * the instance is torn down.  A tcache used after its arena is destroyed,
 * or one shared by two threads, corrupts the allocator, so the books are
 * checked here through tc_nr, the number of tcaches a heap has out.
 *
 * Skipped without jemalloc (sanitizer builds use libc malloc).
 */
#include <pthread.h>
#include <string.h>

#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/slab.h>

#include "common/ksim_fixture.h"

TestSuite(compat_tcache, .init = rcu_setup);

static bool have_jemalloc(void)
{
	return ksim_jemalloc_available();
}

/* A jemalloc context in @c; skips the test in a build without jemalloc. */
static void ctx_open(struct ksim_ctx *c)
{
	if (!have_jemalloc())
		cr_skip_test("no jemalloc in this build");
	cr_assert_eq(ksim_ctx_init(c, KSIM_ALLOC_JEMALLOC), 0);
}

/* A few allocations in @c from this thread; returns one kept live. */
static void *churn(struct ksim_ctx *c)
{
	struct ksim_ctx *prev = ksim_ctx_switch(c);
	void *keep = kmalloc(64, GFP_KERNEL);

	for (int i = 0; i < 100; i++)
		kfree(kzalloc((size_t)(i % 7 + 1) * 40, GFP_KERNEL));
	ksim_ctx_switch(prev);
	cr_assert_not_null(keep);
	return keep;
}

static void drop(struct ksim_ctx *c, void *p)
{
	struct ksim_ctx *prev = ksim_ctx_switch(c);

	kfree(p);
	ksim_ctx_switch(prev);
	cr_assert_eq(c->heap.live_objects, 0);
}

/* One thread in many instances keeps a tcache only for the recent ones */
Test(compat_tcache, slots_are_recycled_across_instances)
{
	enum { N = 9 };
	struct ksim_ctx c[N];
	void *keep[N];
	unsigned int out = 0;

	for (int i = 0; i < N; i++) {
		ctx_open(&c[i]);
		keep[i] = churn(&c[i]);
		cr_assert_eq(c[i].heap.tc_nr, 1, "instance %d has this thread's tcache", i);
	}
	for (int i = 0; i < N; i++)
		out += c[i].heap.tc_nr;
	cr_assert_leq(out, 4, "a thread holds a bounded number of tcaches (%u)", out);
	cr_assert_eq(c[N - 1].heap.tc_nr, 1, "the most recent instance keeps its own");
	/* frees into instances whose tcache went go straight to the arena */
	for (int i = 0; i < N; i++) {
		drop(&c[i], keep[i]);
		ksim_ctx_fini(&c[i]);
	}
}

struct worker {
	struct ksim_ctx *c;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int step;		/* main -> worker */
	int done;		/* worker -> main */
};

static void wait_step(struct worker *w, int *field, int value)
{
	pthread_mutex_lock(&w->lock);
	while (*field < value)
		pthread_cond_wait(&w->cond, &w->lock);
	pthread_mutex_unlock(&w->lock);
}

static void set_step(struct worker *w, int *field, int value)
{
	pthread_mutex_lock(&w->lock);
	*field = value;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
}

/* allocate in w->c, report, wait, allocate in w->c again, exit */
static void *worker_main(void *arg)
{
	struct worker *w = arg;

	ksim_rcu_thread_enter();	/* undone at thread exit */
	drop(w->c, churn(w->c));
	set_step(w, &w->done, 1);
	wait_step(w, &w->step, 1);
	drop(w->c, churn(w->c));
	set_step(w, &w->done, 2);
	wait_step(w, &w->step, 2);
	return NULL;
}

static void worker_init(struct worker *w, struct ksim_ctx *c)
{
	memset(w, 0, sizeof(*w));
	w->c = c;
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
}

/* Start @w's thread @t on @c and wait for its first allocations. */
static void worker_start(struct worker *w, struct ksim_ctx *c, pthread_t *t)
{
	worker_init(w, c);
	cr_assert_eq(pthread_create(t, NULL, worker_main, w), 0);
	wait_step(w, &w->done, 1);
}

/* A thread that exits gives its tcache back to the instance */
Test(compat_tcache, thread_exit_returns_its_tcache)
{
	struct ksim_ctx c;
	struct worker w;
	pthread_t t;

	ctx_open(&c);
	drop(&c, churn(&c));
	cr_assert_eq(c.heap.tc_nr, 1, "this thread's");
	worker_start(&w, &c, &t);
	cr_assert_eq(c.heap.tc_nr, 2, "this thread's and the worker's");
	set_step(&w, &w.step, 2);
	pthread_join(t, NULL);
	cr_assert_eq(c.heap.tc_nr, 1, "the worker's went with it");
	drop(&c, churn(&c));
	ksim_ctx_fini(&c);
}

/*
 * An instance torn down while another thread still remembers a tcache for
 * it: a new instance in the same memory (and likely given the same tcache
 * index by jemalloc) must not be mistaken for it, so the worker makes a new
 * tcache, and at exit gives back only that one, not this thread's.
 */
Test(compat_tcache, teardown_outruns_a_thread_that_used_it)
{
	struct ksim_ctx c;
	struct worker w;
	pthread_t t;

	ctx_open(&c);
	worker_start(&w, &c, &t);
	cr_assert_eq(c.heap.tc_nr, 1, "the worker's");
	ksim_ctx_fini(&c);			/* destroys the worker's tcache */

	ctx_open(&c);				/* same address, new instance */
	drop(&c, churn(&c));
	cr_assert_eq(c.heap.tc_nr, 1, "this thread's");
	set_step(&w, &w.step, 1);
	wait_step(&w, &w.done, 2);
	cr_assert_eq(c.heap.tc_nr, 2, "the worker made a new one");
	set_step(&w, &w.step, 2);
	pthread_join(t, NULL);
	cr_assert_eq(c.heap.tc_nr, 1, "only the worker's own went; this thread's stays");
	drop(&c, churn(&c));
	ksim_ctx_fini(&c);
}
