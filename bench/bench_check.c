/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_check - what `vfsim run --check` costs: a scenario that makes
 * --mounts mounts (100,000 by default, the namespace's limit: the root
 * and 99,999 tmpfs mounts, each on a new directory, --fan of them under
 * each of the first level's), run on a fresh instance without the check
 * and with it (vfsim_scenario_run(), opts.check: vfsim_check_changed()
 * after every line and a full check at the end).  Issue 30's target: the
 * checked run within 3x the plain one (it was quadratic: 10,000 mounts
 * took 9.3 s).
 *
 *   bench_check [--mounts N] [--fan N] [--clock cpu|wall]
 *
 * Prints both times in seconds and their ratio.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* open_memstream() */
#endif
#include <stdio.h>
#include <stdlib.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_check"
#include "bench.h"

/* The scenario's text: first-level mounts /aI, then /aI/bJ under each. */
static char *scenario(unsigned long mounts, unsigned long fan, size_t *len)
{
	unsigned long tops = (mounts + fan - 1) / fan, made = 0, i, j;
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (!f)
		die("open_memstream", -12);
	for (i = 0; i < tops && made < mounts; i++, made++)
		fprintf(f, "mkdir /a%lu\nmount tmpfs none /a%lu\n", i, i);
	for (i = 0; i < tops; i++)
		for (j = 0; j < fan && made < mounts; j++, made++)
			fprintf(f, "mkdir /a%lu/b%lu\nmount tmpfs none /a%lu/b%lu\n",
				i, j, i, j);
	if (fclose(f))
		die("the scenario's text", -12);
	return text;
}

static double run(const char *text, size_t len, bool check, double (*clock)(void))
{
	const struct vfsim_scenario_opts opts = { .name = "check.scn", .check = check };
	struct vfsim *v;
	double t0, t1;
	FILE *in;
	int status;

	CHECK(vfsim_create(NULL, &v));
	CHECK(vfsim_boot(v, "empty"));
	in = fmemopen((char *)text, len, "r");
	if (!in)
		die("fmemopen", -12);
	t0 = clock();
	status = vfsim_scenario_run(v, in, stdout, &opts);
	t1 = clock();
	fclose(in);
	if (status)
		die("the scenario", -status);
	vfsim_destroy(v);
	return (t1 - t0) / 1e9;
}

int main(int argc, char **argv)
{
	unsigned long mounts = 99999, fan = 316;
	const char *clock_name = "cpu";
	const struct bench_opt opts[] = {
		{ "--mounts", .ul = &mounts },
		{ "--fan", .ul = &fan },
		{ "--clock", .str = &clock_name },
		{ .name = NULL },
	};
	double (*clock)(void);
	double plain, checked;
	size_t len;
	char *text;

	if (!bench_args(argc, argv, opts) || !mounts || !fan ||
	    !(clock = bench_clock(clock_name))) {
		fprintf(stderr, "usage: " BENCH_NAME " [--mounts N] [--fan N] [--clock cpu|wall]\n");
		return 2;
	}
	text = scenario(mounts, fan, &len);
	plain = run(text, len, false, clock);
	checked = run(text, len, true, clock);
	free(text);
	printf("%lu mounts (%lu under each of the first level's), %s time\n",
	       mounts + 1, fan, clock_name);
	printf("%-28s %12.3f s\n", "run", plain);
	printf("%-28s %12.3f s\n", "run --check", checked);
	row_ratio("--check / plain", checked / plain);
	return 0;
}
