/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Countdown fault sweeps: see fault_sweep.h. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>
#include <criterion/logging.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/vfstest.h"

/* expected(): "one of the case's errnos" (an exact value is never this). */
#define FAULT_ERRNOS LONG_MIN

/* What a run does besides faulting: one run does both, unless the case
 * wants its retry apart. */
enum {
	RUN_AFTER_FAIL = 1 << 0,	/* call .after_fail if the fault fired */
	RUN_RETRY = 1 << 1,		/* retry a failed op */
};

uint64_t fault_live_objects(struct vfsim *v)
{
	struct vfsim_alloc_stats st;

	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &st);
	return st.live_objects;
}

char *fault_ret_and_text(const struct fault_run *r, const char *text)
{
	char *s = NULL;

	cr_assert_geq(asprintf(&s, "%ld\n%s", r->ret, text ? text : ""), 0);
	return s;
}

static char *snapshot(struct fault_run *r)
{
	char *s = r->c->snapshot ? r->c->snapshot(r) : vt_tree(r->t, VT_ALL);

	cr_assert_not_null(s, "%s %s: no snapshot", r->c->name, r->what);
	return s;
}

static size_t arg_size(const struct fault_case *c, unsigned int i)
{
	return i == 0 && c->buf_size ? c->buf_size : strlen(c->args[i]) + 1;
}

static void describe(struct fault_run *r, bool apart)
{
	static const char *const probe[] = {
		[FAULT_ARG_NULL] = "NULL", [FAULT_ARG_LOW] = "low pointer",
		[FAULT_ARG_UNMAPPED] = "unmapped", [FAULT_ARG_TAIL] = "tail unmapped",
	};
	const char *tag = apart ? " (retry run)" : "";

	switch (r->kind) {
	case FAULT_NONE:
		snprintf(r->what_buf, sizeof(r->what_buf), "reference run");
		break;
	case FAULT_ALLOC:
		snprintf(r->what_buf, sizeof(r->what_buf), "alloc n=%lu%s", r->n, tag);
		break;
	case FAULT_UACCESS:
		snprintf(r->what_buf, sizeof(r->what_buf), "uaccess n=%lu after=%zu%s", r->n,
			 r->after, tag);
		break;
	default:
		snprintf(r->what_buf, sizeof(r->what_buf), "arg %u %s%s", r->arg, probe[r->kind],
			 tag);
		break;
	}
	r->what = r->what_buf;
}

static void run_begin(struct fault_run *r, const struct fault_case *c, enum fault_kind kind,
		      unsigned long n, size_t after, unsigned int arg, bool apart)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	r->c = c;
	r->kind = kind;
	r->n = n;
	r->after = after;
	r->arg = arg;
	describe(r, apart);
	cr_assert_eq(vfsim_create(c->options, &r->v), 0);
	cr_assert_eq(vfsim_boot(r->v, c->tree ? c->tree : "empty"), 0, "%s: boot", c->name);
	r->t = vfsim_init_task(r->v);
	/* "User memory": our own copies, which the seam may mark unmapped. */
	for (i = 0; i < c->nargs; i++) {
		r->bufs[i] = i == 0 && c->buf_size ? calloc(1, c->buf_size) : strdup(c->args[i]);
		cr_assert_not_null(r->bufs[i]);
		r->args[i] = r->bufs[i];
	}
	if (c->setup)
		c->setup(r);
	r->before = snapshot(r);
	if (c->frees_all)
		r->live = fault_live_objects(r->v);
}

static void run_end(struct fault_run *r)
{
	unsigned int i;

	if (r->c->cleanup)
		r->c->cleanup(r);
	vfsim_uaccess_remap_all(r->v);
	cr_assert_eq(vfsim_destroy_check(r->v, stderr), 0, "%s %s: leak or teardown warning",
		     r->c->name, r->what);
	for (i = 0; i < FAULT_MAXARGS; i++)
		free(r->bufs[i]);
	free(r->before);
}

/* A probe of an argument faults unless the case says the call copies
 * nothing, or takes NULL for "absent". */
static bool arg_probe_fires(const struct fault_case *c, enum fault_kind kind, unsigned int arg)
{
	if (c->copies_nothing)
		return false;
	return !(kind == FAULT_ARG_NULL && c->null_ret[arg] == FAULT_SUCCEEDS);
}

static void arm(struct fault_run *r)
{
	char *buf = r->bufs[r->arg];

	switch (r->kind) {
	case FAULT_NONE:
		break;
	case FAULT_ALLOC:
		vfsim_fail_nth_alloc(r->v, r->n);
		break;
	case FAULT_UACCESS:
		vfsim_fail_nth_uaccess(r->v, r->n, r->after);
		break;
	case FAULT_ARG_NULL:
		r->args[r->arg] = NULL;
		break;
	case FAULT_ARG_LOW:
		r->args[r->arg] = (void *)(uintptr_t)16;
		break;
	case FAULT_ARG_UNMAPPED:
		cr_assert_eq(vfsim_uaccess_unmap(r->v, buf, arg_size(r->c, r->arg)), 0);
		break;
	case FAULT_ARG_TAIL:
		cr_assert_geq(strlen(buf), 3, "%s: argument %u too short to cut", r->c->name,
			      r->arg);
		cr_assert_eq(vfsim_uaccess_unmap(r->v, buf + 3, strlen(buf) - 2), 0);
		break;
	}
}

/* Whether the fault hit; the instance unfaulted again either way. */
static bool disarm(struct fault_run *r)
{
	bool fired;

	switch (r->kind) {
	case FAULT_NONE:
		fired = false;
		break;
	case FAULT_ALLOC:
		fired = vfsim_alloc_fault_fired(r->v);
		vfsim_fail_nth_alloc(r->v, 0);
		break;
	case FAULT_UACCESS:
		fired = vfsim_uaccess_fault_fired(r->v);
		vfsim_fail_nth_uaccess(r->v, 0, 0);
		break;
	default:
		fired = arg_probe_fires(r->c, r->kind, r->arg);
		vfsim_uaccess_remap_all(r->v);
		break;
	}
	return fired;
}

static long arg_result(long v)
{
	return v ? v : FAULT_ERRNOS;
}

/* What the op must have returned: an exact value, FAULT_SUCCEEDS, or
 * FAULT_ERRNOS. */
static long expected(struct fault_run *r)
{
	const struct fault_case *c = r->c;

	if (!r->fired)
		return c->want ? c->want(r) : FAULT_SUCCEEDS;
	switch (r->kind) {
	case FAULT_UACCESS:
		if (c->want)
			return c->want(r);
		/* a string cut short: what the call makes of its first bytes */
		if (r->after && c->nargs && r->n <= FAULT_MAXARGS)
			return arg_result(c->tail_ret[c->copy_order[r->n - 1]]);
		return FAULT_ERRNOS;
	case FAULT_ARG_NULL:
		return arg_result(c->null_ret[r->arg]);
	case FAULT_ARG_TAIL:
		return arg_result(c->tail_ret[r->arg]);
	default:
		return FAULT_ERRNOS;
	}
}

static bool errno_allowed(struct fault_run *r)
{
	const struct fault_case *c = r->c;
	int dflt = r->kind == FAULT_ALLOC ? ENOMEM : EFAULT;
	unsigned int i;

	if (!c->errnos[0])
		return r->ret == -dflt;
	for (i = 0; i < sizeof(c->errnos) / sizeof(c->errnos[0]) && c->errnos[i]; i++)
		if (r->ret == -c->errnos[i])
			return true;
	return false;
}

static void check_ret(struct fault_run *r, long want)
{
	const char *name = r->c->name;

	if (want == FAULT_SUCCEEDS)
		cr_assert_geq(r->ret, 0, "%s %s: %ld (%s), want success", name, r->what, r->ret,
			      check_errname(r->ret));
	else if (want != FAULT_ERRNOS)
		cr_assert_eq(r->ret, want, "%s %s: %ld (%s), want %ld (%s)", name, r->what,
			     r->ret, check_errname(r->ret), want, check_errname(want));
	else
		cr_assert(errno_allowed(r) ||
			  (r->ret >= 0 && r->c->partial_ok && r->c->partial_ok(r)),
			  "%s %s: %ld (%s), not an error the case allows", name, r->what,
			  r->ret, check_errname(r->ret));
}

static void check_clean(struct fault_run *r)
{
	char why[256] = "";

	cr_assert_eq(vfsim_check_invariants(r->v, why, sizeof(why)), 0, "%s %s: invariant: %s",
		     r->c->name, r->what, why);
	cr_assert_eq(vfsim_warn_count(r->v), 0, "%s %s: WARN_ON fired", r->c->name, r->what);
}

/* A failed op (or one that changes nothing) left the state as it was. */
static void check_state(struct fault_run *r)
{
	char *now;

	if (r->ret >= 0 && !r->c->changes_nothing)
		return;
	now = snapshot(r);
	cr_assert_str_eq(now, r->before, "%s %s: the state changed", r->c->name, r->what);
	free(now);
	if (r->c->frees_all)
		cr_assert_eq(fault_live_objects(r->v), r->live, "%s %s: allocations left behind",
			     r->c->name, r->what);
}

static char *outcome(struct fault_run *r)
{
	char *what = r->c->outcome(r), *s;

	cr_assert_not_null(what);
	cr_assert_neq(asprintf(&s, "ret=%ld\n%s", r->ret, what), -1);
	free(what);
	return s;
}

/* After a success: what an unfaulted run leaves. */
static void check_ok(struct fault_run *r, const char *reference)
{
	if (reference) {
		char *got = outcome(r);

		cr_assert_str_eq(got, reference, "%s %s: not what an unfaulted run gives",
				 r->c->name, r->what);
		free(got);
	}
	if (r->c->after_ok) {
		r->c->after_ok(r);
		check_clean(r);
	}
}

static void retry(struct fault_run *r, const char *reference)
{
	unsigned int i;

	for (i = 0; i < FAULT_MAXARGS; i++)
		r->args[i] = r->bufs[i];
	vfsim_uaccess_remap_all(r->v);
	r->fired = false;
	r->ret = r->c->op(r);
	if (r->c->check_retry)
		r->c->check_retry(r);
	else
		check_ret(r, expected(r));
	check_clean(r);
	if (r->ret >= 0)
		check_ok(r, reference);
}

static bool run_once(const struct fault_case *c, enum fault_kind kind, unsigned long n,
		     size_t after, unsigned int arg, unsigned int what, const char *reference)
{
	struct fault_run r;
	bool fired;

	run_begin(&r, c, kind, n, after, arg, !(what & RUN_AFTER_FAIL));
	arm(&r);
	r.ret = c->op(&r);
	fired = r.fired = disarm(&r);
	check_ret(&r, expected(&r));
	check_state(&r);
	check_clean(&r);
	if (!fired) {
		check_ok(&r, reference);
	} else {
		if ((what & RUN_AFTER_FAIL) && c->after_fail) {
			c->after_fail(&r);
			check_clean(&r);
		}
		if ((what & RUN_RETRY) && r.ret < 0 && !c->no_retry)
			retry(&r, reference);
	}
	run_end(&r);
	return fired;
}

/* One run faulted as told, checked; and its retry apart if need be. */
static bool probe(const struct fault_case *c, enum fault_kind kind, unsigned long n,
		  size_t after, unsigned int arg, const char *reference)
{
	bool apart = c->retry_apart && !c->no_retry;
	bool fired = run_once(c, kind, n, after, arg,
			      RUN_AFTER_FAIL | (apart ? 0 : RUN_RETRY), reference);

	if (fired && apart)
		cr_assert(run_once(c, kind, n, after, arg, RUN_RETRY, reference),
			  "%s: the same fault did not fire twice", c->name);
	return fired;
}

/* What an unfaulted run gives, if the case compares it. */
static char *reference_outcome(const struct fault_case *c)
{
	struct fault_run r;
	char *s;

	if (!c->outcome)
		return NULL;
	run_begin(&r, c, FAULT_NONE, 0, 0, 0, false);
	r.ret = c->op(&r);
	check_ret(&r, expected(&r));
	s = outcome(&r);
	run_end(&r);
	return s;
}

static unsigned long countdown(const struct fault_case *c, enum fault_kind kind, size_t after,
			       const char *reference)
{
	unsigned long n = 1;

	while (probe(c, kind, n, after, 0, reference))
		n++;
	return n - 1;
}

unsigned long fault_sweep_alloc(const struct fault_case *c)
{
	char *reference = reference_outcome(c);
	unsigned long points = countdown(c, FAULT_ALLOC, 0, reference);

	free(reference);
	cr_log_info("%s: %lu allocation failure points", c->name, points);
	fprintf(stderr, "fault_sweep %-32s %4lu allocation failure points\n", c->name, points);
	if (c->allocates_nothing)
		cr_assert_eq(points, 0, "%s: %lu allocation failure points, but the case says "
			     "it allocates nothing", c->name, points);
	else
		cr_assert_geq(points, c->min_allocs ? c->min_allocs : 1,
			      "%s: only %lu allocation failure points", c->name, points);
	return points;
}

unsigned long fault_sweep_uaccess(const struct fault_case *c)
{
	static const enum fault_kind string_probes[] = {
		FAULT_ARG_NULL, FAULT_ARG_LOW, FAULT_ARG_UNMAPPED, FAULT_ARG_TAIL,
	};
	char *reference = reference_outcome(c);
	unsigned long n0, n3;
	unsigned int i, k;

	for (i = 0; i < c->nargs; i++) {
		bool buffer = i == 0 && c->buf_size;

		/* a buffer: NULL may mean "none" (SET_FILTER), and it has
		 * no string tail */
		for (k = buffer ? 1 : 0; k < (buffer ? 3 : 4); k++)
			probe(c, string_probes[k], 1, 0, i, reference);
	}
	n0 = countdown(c, FAULT_UACCESS, 0, reference);
	n3 = countdown(c, FAULT_UACCESS, 3, reference);
	free(reference);
	cr_log_info("%s: %lu user copies (%lu cut short after 3 bytes)", c->name, n0, n3);
	fprintf(stderr, "fault_sweep %-32s %4lu user copies (%lu cut short)\n", c->name, n0, n3);
	if (c->copies_nothing) {
		cr_assert_eq(n0, 0, "%s: %lu user copies, but the case says it copies nothing",
			     c->name, n0);
	} else {
		cr_assert_eq(n0, c->copies, "%s: %lu user copies, want %u", c->name, n0,
			     c->copies);
	}
	cr_assert_eq(n3, n0, "%s: %lu copies cut short, %lu at once", c->name, n3, n0);
	return n0;
}
