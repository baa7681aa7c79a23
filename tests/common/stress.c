// SPDX-License-Identifier: LGPL-2.1-or-later
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vfsim/vfsim.h>

#include "common/stress.h"

static void usage(const char *prog, const char *extra_flag)
{
	fprintf(stderr, "usage: %s [--seconds N] [--threads N] [--seed N]%s%s%s\n",
		prog, extra_flag ? " [" : "", extra_flag ? extra_flag : "",
		extra_flag ? "]" : "");
	exit(2);
}

unsigned long stress_nr_errors;
static const char *stress_prog = "stress";

void stress_error(const char *what, const char *detail, long ret)
{
	__atomic_add_fetch(&stress_nr_errors, 1, __ATOMIC_RELAXED);
	fprintf(stderr, "%s: %s %s: %ld (%s)\n", stress_prog, what, detail ? detail : "",
		ret, ret < 0 && vfsim_errno_name((int)-ret) ? vfsim_errno_name((int)-ret) : "-");
}

void stress_tally(struct stress_counts *c, const char *what, const char *detail,
		  long ret, const int *allowed)
{
	c->ops++;
	if (ret >= 0) {
		c->ok++;
		return;
	}
	for (; *allowed; allowed++)
		if (ret == -*allowed) {
			c->expected_err++;
			return;
		}
	stress_error(what, detail, ret);
}

void stress_parse(int argc, char **argv, const char *prog,
		  unsigned long min_threads, const char *extra_flag,
		  bool *extra_set, struct stress_args *a)
{
	a->seconds = 1;
	a->threads = 4;
	a->seed = (uint64_t)time(NULL);
	for (int i = 1; i < argc; i++) {
		if (extra_flag && !strcmp(argv[i], extra_flag)) {
			*extra_set = true;
			continue;
		}
		if (i + 1 >= argc)
			usage(prog, extra_flag);
		if (!strcmp(argv[i], "--seconds"))
			a->seconds = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--threads"))
			a->threads = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--seed"))
			a->seed = strtoull(argv[++i], NULL, 0);
		else
			usage(prog, extra_flag);
	}
	if (a->threads < min_threads)
		a->threads = min_threads;
	stress_prog = prog;
	printf("%s: seed %" PRIu64 " threads %lu seconds %lu\n", prog, a->seed,
	       a->threads, a->seconds);
	fflush(stdout);
}

uint64_t stress_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
