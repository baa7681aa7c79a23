/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown fault sweeps, in the manner of SQLite's test_malloc.c: for
 * n = 1, 2, 3, ... a fresh instance, the case's setup, a snapshot of the
 * state, the n-th allocation (or user copy) of the operation made to fail,
 * and then
 *   - the result is one the case allows for that failure (-ENOMEM, or
 *     -EFAULT, unless the case says otherwise);
 *   - a failed operation left the state as it was: the case's snapshot
 *     (by default the mount tree, vt_tree(VT_ALL)) is unchanged, and for
 *     .frees_all the instance holds as many live objects as before;
 *   - vfsim_check_invariants() holds and no WARN_ON fired;
 *   - the case's own checks of what a failure leaves (.after_fail);
 *   - the operation, run again without a fault, succeeds (.no_retry if it
 *     cannot be repeated), gives what a run that never saw a fault gives
 *     (.outcome) and leaves what such a run leaves (.after_ok);
 *   - vfsim_destroy_check() finds no leak and no teardown warning.
 * The sweep stops at the first n whose fault did not fire: the operation
 * then ran unfaulted and must have succeeded.  It prints how many failure
 * points it found, and asserts the case's claim about that number: at
 * least .min_allocs, or exactly .copies, or, with .allocates_nothing or
 * .copies_nothing, none at all (a claim the case explains in a comment).
 *
 * The user-copy sweep first probes each user-memory argument (.args):
 * NULL, a pointer into the NULL page, the memory wholly unmapped and (for
 * a string) its tail from byte 3 unmapped; then two countdowns over all
 * the user copies of the call, the fault at once and after 3 bytes (a
 * copy cut short).  Each probe is a run like a countdown's, checked the
 * same way.
 *
 * The helpers assert with Criterion: for the suites only.  Every fault_
 * name is test-side and has no kernel counterpart.
 */
#ifndef VFSIM_TESTS_COMMON_FAULT_SWEEP_H
#define VFSIM_TESTS_COMMON_FAULT_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <criterion/criterion.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define FAULT_MAXARGS 4
/* In .null_ret and .tail_ret, and from .want: any result >= 0. */
#define FAULT_SUCCEEDS 1

/* How a run is faulted. */
enum fault_kind {
	FAULT_NONE,		/* not at all: a reference run, the end of a countdown */
	FAULT_ALLOC,		/* the n-th allocation fails */
	FAULT_UACCESS,		/* the n-th user copy faults after .after bytes */
	FAULT_ARG_NULL,		/* argument .arg is NULL */
	FAULT_ARG_LOW,		/* argument .arg points into the NULL page */
	FAULT_ARG_UNMAPPED,	/* argument .arg's memory is unmapped */
	FAULT_ARG_TAIL,		/* argument .arg's bytes from 3 on are unmapped */
};

struct fault_case;

/* One run, as the case's callbacks see it. */
struct fault_run {
	const struct fault_case *c;
	struct vfsim *v;
	struct vfsim_task *t;		/* v's init task */
	enum fault_kind kind;
	unsigned long n;		/* the failure point (countdowns); 1 for a probe */
	size_t after;			/* FAULT_UACCESS: bytes copied before the fault */
	unsigned int arg;		/* FAULT_ARG_*: which argument */
	bool fired;			/* the fault hit the operation */
	long ret;			/* the operation's result (after a retry, the retry's) */
	const char *what;		/* "alloc n=3" and so on, for messages */
	/* The user memory the operation passes: copies of .args (or a
	 * .buf_size buffer as args[0]), which a probe may replace or unmap. */
	void *args[FAULT_MAXARGS];

	/* private to fault_sweep.c */
	char *bufs[FAULT_MAXARGS];
	char *before;
	uint64_t live;
	char what_buf[64];
};

struct fault_case {
	const char *name;
	const char *tree;			/* booted; NULL: "empty" */
	const struct vfsim_options *options;	/* NULL: the defaults */
	void (*setup)(struct fault_run *r);	/* may be NULL */
	long (*op)(struct fault_run *r);
	void (*cleanup)(struct fault_run *r);	/* after each run; may be NULL */

	/* ---- what a failure may give and must leave ---- */
	/* The errnos (positive) a failed allocation or copy may give; none
	 * given: ENOMEM for an allocation, EFAULT for a copy. */
	int errnos[4];
	/* A result >= 0 a fault may still give: the work done before it (a
	 * write cut short).  The state is then not compared. */
	bool (*partial_ok)(struct fault_run *r);
	/* The state a failure must not change (malloc()ed); NULL: the mount
	 * tree, vt_tree(VT_ALL). */
	char *(*snapshot)(struct fault_run *r);
	bool frees_all;		/* a failure leaves no allocation behind */
	bool changes_nothing;	/* not even a success changes the snapshot
				   (nor, with .frees_all, the live objects) */
	void (*after_fail)(struct fault_run *r);	/* after a fault fired */
	void (*after_ok)(struct fault_run *r);		/* after a success */
	/* .after_fail changes what a retry would see: the retry is made in
	 * a run of its own, faulted the same way. */
	bool retry_apart;
	bool no_retry;		/* a failed op cannot simply be run again */
	/* Checks a retry's result instead of "it succeeds". */
	void (*check_retry)(struct fault_run *r);
	/* What a success leaves that the case can see (malloc()ed): equal
	 * to a reference run's, the result included. */
	char *(*outcome)(struct fault_run *r);

	/* ---- the allocation sweep ---- */
	unsigned long min_allocs;	/* at least this many points (0: 1) */
	bool allocates_nothing;		/* the claim: none at all */

	/* ---- the user-copy sweep ---- */
	unsigned int copies;		/* exactly this many copies */
	bool copies_nothing;		/* the claim: none at all */
	/* The result when copy r->n faults after r->after bytes, or for an
	 * unfaulted run (r->fired false): an exact value or FAULT_SUCCEEDS.
	 * NULL: -EFAULT (.tail_ret for a string cut short), and success. */
	long (*want)(struct fault_run *r);
	unsigned int nargs;			/* user-memory arguments */
	const char *args[FAULT_MAXARGS];	/* strings, copied for each run */
	size_t buf_size;	/* or: args[0] is a zeroed buffer of this size */
	/* the result with args[i] NULL, and with its tail unmapped:
	 * 0 for -EFAULT, FAULT_SUCCEEDS, or a -errno */
	long null_ret[FAULT_MAXARGS], tail_ret[FAULT_MAXARGS];
	/* which argument the call copies in first, second, ... */
	unsigned int copy_order[FAULT_MAXARGS];

	const void *priv;	/* the case's own data */
};

/* The allocation sweep; returns the number of failure points. */
unsigned long fault_sweep_alloc(const struct fault_case *c);
/* The argument probes and the user-copy sweep; returns the number of
 * copies. */
unsigned long fault_sweep_uaccess(const struct fault_case *c);

/*
 * FAULT_ALLOC_TEST(suite, name, fields...), FAULT_UACCESS_TEST(...): a
 * Criterion test that sweeps the case { .name = "name", fields... }.
 */
#define FAULT_ALLOC_TEST(suite, id, ...)				\
	Test(suite, id)							\
	{								\
		static const struct fault_case c = { .name = #id, __VA_ARGS__ }; \
		fault_sweep_alloc(&c);					\
	}
#define FAULT_UACCESS_TEST(suite, id, ...)				\
	Test(suite, id)							\
	{								\
		static const struct fault_case c = { .name = #id, __VA_ARGS__ }; \
		fault_sweep_uaccess(&c);				\
	}

/* Fields of a case whose one user-memory argument is the path @path,
 * copied once (every fault of it is -EFAULT). */
#define FAULT_ONE_PATH(path) .nargs = 1, .args = { path }, .copies = 1

/* An .outcome of an operation that prints: "RESULT\nTEXT" (@text NULL
 * as ""), malloc()ed. */
char *fault_ret_and_text(const struct fault_run *r, const char *text);

/* Live objects of @v once deferred frees are done. */
uint64_t fault_live_objects(struct vfsim *v);

#endif
