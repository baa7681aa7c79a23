/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What every benchmark program shares: the clock, dying on an unexpected
 * error, the "--NAME VALUE" command line, and the one-row output format.
 * Define BENCH_NAME before including this.
 */
#ifndef VFSIM_BENCH_H
#define VFSIM_BENCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vfsim/vfsim.h>

#ifndef BENCH_NAME
#error "define BENCH_NAME before including bench.h"
#endif

static inline double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/*
 * CPU time of the calling thread: what a single-threaded loop costs
 * without the time the scheduler gave other processes meanwhile (this
 * machine is shared; wall-clock figures of one loop swung 3x with load).
 */
static inline __attribute__((unused)) double cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline void die(const char *what, long err)
{
	fprintf(stderr, BENCH_NAME ": %s: %ld (%s)\n", what, err,
		vfsim_errno_name((int)-err) ? vfsim_errno_name((int)-err) : "?");
	exit(1);
}

#define CHECK(expr) do { long __r = (long)(expr); if (__r < 0) die(#expr, __r); } while (0)

/* One "--NAME VALUE" option: the one pointer set says what VALUE is. */
struct bench_opt {
	const char *name;	/* with its "--" */
	unsigned long *ul;	/* strtoul(VALUE, NULL, 0) */
	unsigned int *ui;	/* the same, cut to unsigned int */
	uint64_t *u64;		/* strtoull(VALUE, NULL, 0) */
	const char **str;	/* VALUE itself */
};

/*
 * Every benchmark takes only "--NAME VALUE" pairs, so one reader serves
 * them all.  False for a NAME not in @opts (which a NULL name ends) or
 * without a VALUE: the caller prints its usage.
 */
static inline __attribute__((unused)) bool
bench_args(int argc, char **argv, const struct bench_opt *opts)
{
	for (int i = 1; i < argc; i += 2) {
		const struct bench_opt *o = opts;
		const char *value = argv[i + 1];

		while (o->name && strcmp(o->name, argv[i]) != 0)
			o++;
		if (!o->name || i + 1 >= argc)
			return false;
		if (o->ul)
			*o->ul = strtoul(value, NULL, 0);
		else if (o->ui)
			*o->ui = (unsigned int)strtoul(value, NULL, 0);
		else if (o->u64)
			*o->u64 = strtoull(value, NULL, 0);
		else
			*o->str = value;
	}
	return true;
}

/*
 * "--n N[,N...]": up to @max sizes into @ns (any after those are left
 * out).  Returns how many, or 0 for a list that is not one (a zero, a
 * stray character): the caller prints its usage.
 */
static inline __attribute__((unused)) unsigned long
bench_n_list(const char *arg, unsigned long *ns, unsigned long max)
{
	unsigned long nn;
	char *end;

	for (nn = 0; nn < max; nn++) {
		ns[nn] = strtoul(arg, &end, 0);
		if (!ns[nn] || end == arg)
			return 0;
		if (!*end)
			return nn + 1;
		if (*end != ',')
			return 0;
		arg = end + 1;
	}
	return max;
}

/* "--clock cpu|wall": the clock a benchmark times with, NULL for neither. */
static inline __attribute__((unused)) double (*bench_clock(const char *name))(void)
{
	if (!strcmp(name, "cpu"))
		return cpu_ns;
	if (!strcmp(name, "wall"))
		return now_ns;
	return NULL;
}

static inline __attribute__((unused)) void row(const char *name, double value,
					       const char *unit)
{
	printf("%-28s %12.1f %s\n", name, value, unit);
}

/* A ratio, with two decimals. */
static inline __attribute__((unused)) void row_ratio(const char *name, double value)
{
	printf("%-28s %12.2f x\n", name, value);
}

#endif
