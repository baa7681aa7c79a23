/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What every benchmark program shares: the clock, dying on an unexpected
 * error, and the one-row output format.  Define BENCH_NAME before
 * including this.
 */
#ifndef VFSIM_BENCH_H
#define VFSIM_BENCH_H

#include <stdio.h>
#include <stdlib.h>
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

static inline void die(const char *what, long err)
{
	fprintf(stderr, BENCH_NAME ": %s: %ld (%s)\n", what, err,
		vfsim_errno_name((int)-err) ? vfsim_errno_name((int)-err) : "?");
	exit(1);
}

#define CHECK(expr) do { long __r = (long)(expr); if (__r < 0) die(#expr, __r); } while (0)

static inline __attribute__((unused)) void row(const char *name, double value,
					       const char *unit)
{
	printf("%-28s %12.1f %s\n", name, value, unit);
}

#endif
