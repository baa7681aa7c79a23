/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the stress programs share: the command line of liburcu's torture
 * tests (--seconds N --threads N --seed N), printed so a run can be
 * replayed, and splitmix64 for per-thread streams derived from the seed.
 */
#ifndef VFSIM_TESTS_STRESS_H
#define VFSIM_TESTS_STRESS_H

#include <stdbool.h>
#include <stdint.h>

struct stress_args {
	unsigned long seconds;
	unsigned long threads;
	uint64_t seed;		/* default: the time, printed */
};

/*
 * stress_parse - parse the common flags (and, if @extra_flag is not NULL,
 * that one boolean flag into *@extra_set); at least @min_threads threads.
 * Prints "PROG: seed S threads T seconds N"; exits 2 on a bad command line.
 */
void stress_parse(int argc, char **argv, const char *prog,
		  unsigned long min_threads, const char *extra_flag,
		  bool *extra_set, struct stress_args *a);

/* splitmix64: the next number of the stream in *@s. */
uint64_t stress_rand(uint64_t *s);

/* Errors seen so far: the program fails if any. */
extern unsigned long stress_nr_errors;

/* Count an error and print "PROG: WHAT DETAIL: RET (ERRNAME)". */
void stress_error(const char *what, const char *detail, long ret);

/* What one thread did: calls, successes, errors a race explains. */
struct stress_counts {
	unsigned long ops, ok, expected_err;
};

/* Tally @ret: success, one of the errnos in @allowed (0-ended) that a race
 * explains, or an error. */
void stress_tally(struct stress_counts *c, const char *what, const char *detail,
		  long ret, const int *allowed);

#endif
