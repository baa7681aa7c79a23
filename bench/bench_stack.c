/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_stack - N tmpfs mounts stacked on one directory, then unmounted.
 *
 * Boots "empty", makes /mnt, mounts N tmpfs on /mnt (each lands on top of
 * the previous one: lock_mount() follows the stack) and unmounts /mnt N
 * times (the top each time).  Prints ns per mount and per umount (the
 * thread's CPU time over the whole loop: the machine is shared; --clock
 * wall for CLOCK_MONOTONIC) at each N, the ratio of each N's cost per
 * mount to the first N's, and the cost per stacked level (least squares
 * over the N: cost per mount against the mean depth N/2).
 *
 * Neither the model nor Linux does this in linear time: every path walk
 * to /mnt crosses the whole stack (follow_managed() here, 5.8's
 * __follow_mount_rcu() there: one hash lookup per level), and every
 * mount event's notification walk (v17's post_mount_notification())
 * climbs it, unless no mount of the instance has a watch list (as
 * here).  What the figure shows is the cost per level; --host runs
 * the same loop with mount(2)/umount2(2) in a private mount namespace
 * (root only), so the two can be compared in one run.
 *
 *   bench_stack [--n N[,N...]] [--iters I] [--seed S] [--clock cpu|wall]
 *               [--host 0|1]
 * Default N: 1000,10000,20000 (about 20 s of CPU).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_stack"
#include "bench.h"
#include "bench_host.h"

#define MAX_NS 8

static double (*clock_ns)(void) = cpu_ns;

struct result {
	double mount_ns, umount_ns;
};

static void run_model(unsigned long n, uint64_t seed, struct result *r)
{
	struct vfsim_options opts = { .seed = seed, .mount_max = (unsigned int)n + 16 };
	struct vfsim_task *t;
	struct vfsim *v;
	unsigned long i;
	double t0;

	CHECK(vfsim_create(&opts, &v));
	CHECK(vfsim_boot(v, "empty"));
	t = vfsim_init_task(v);
	CHECK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	t0 = clock_ns();
	for (i = 0; i < n; i++)
		CHECK(vfsim_mount(t, "tmpfs", "/mnt", "tmpfs", 0, NULL));
	r->mount_ns = (clock_ns() - t0) / (double)n;
	t0 = clock_ns();
	for (i = 0; i < n; i++)
		CHECK(vfsim_umount2(t, "/mnt", 0));
	r->umount_ns = (clock_ns() - t0) / (double)n;
	if (vfsim_umount2(t, "/mnt", 0) != -EINVAL)
		die("the stack is not empty", -EINVAL);
	if (vfsim_destroy_check(v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
}

/* The same on the host (bench_host.h): N tmpfs stacked on @dir. */
static bool host_stack(const char *dir, void *arg, void *res)
{
	unsigned long n = *(unsigned long *)arg, i;
	struct result *c = res;
	double t0;

	t0 = clock_ns();
	for (i = 0; i < n; i++)
		if (mount("t", dir, "tmpfs", 0, NULL))
			return false;
	c->mount_ns = (clock_ns() - t0) / (double)n;
	t0 = clock_ns();
	for (i = 0; i < n; i++)
		if (umount2(dir, 0))
			return false;
	c->umount_ns = (clock_ns() - t0) / (double)n;
	return true;
}

/* Least squares slope of @y against @x. */
static double slope(const double *x, const double *y, unsigned long k)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0;

	for (unsigned long i = 0; i < k; i++) {
		sx += x[i];
		sy += y[i];
		sxx += x[i] * x[i];
		sxy += x[i] * y[i];
	}
	return (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

static void report(const char *who, const unsigned long *ns, unsigned long nn,
		   const struct result *best)
{
	double depth[MAX_NS], cost[MAX_NS];
	char name[64];

	for (unsigned long k = 0; k < nn; k++) {
		printf("# %s n=%lu\n", who, ns[k]);
		snprintf(name, sizeof(name), "%s.mount", who);
		row(name, best[k].mount_ns, "ns/mount");
		snprintf(name, sizeof(name), "%s.umount", who);
		row(name, best[k].umount_ns, "ns/umount");
		snprintf(name, sizeof(name), "%s.both", who);
		row(name, best[k].mount_ns + best[k].umount_ns, "ns/mount");
		depth[k] = (double)ns[k] / 2;
		cost[k] = best[k].mount_ns + best[k].umount_ns;
	}
	for (unsigned long k = 1; k < nn; k++) {
		snprintf(name, sizeof(name), "%s.ratio.%lu/%lu", who, ns[k], ns[0]);
		row_ratio(name, cost[k] / cost[0]);
	}
	if (nn > 1) {
		snprintf(name, sizeof(name), "%s.per_level", who);
		row(name, slope(depth, cost, nn), "ns/level");
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_stack [--n N[,N...]] [--iters I] [--seed S] "
		"[--clock cpu|wall] [--host 0|1]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long ns[MAX_NS] = { 1000, 10000, 20000 }, nn = 3;
	unsigned long iters = 1, host = 0, k, j;
	struct result best[MAX_NS], r;
	const char *n_arg = NULL, *clock_arg = "cpu";
	uint64_t seed = 1;
	const struct bench_opt args[] = {
		{ "--n", .str = &n_arg },
		{ "--iters", .ul = &iters },
		{ "--seed", .u64 = &seed },
		{ "--clock", .str = &clock_arg },
		{ "--host", .ul = &host },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args))
		usage();
	if (n_arg && !(nn = bench_n_list(n_arg, ns, MAX_NS)))
		usage();
	if (!iters)
		iters = 1;
	clock_ns = bench_clock(clock_arg);
	if (!clock_ns)
		usage();

	printf("# bench_stack iters=%lu clock=%s: N tmpfs stacked on /mnt, "
	       "then unmounted\n", iters, clock_arg);
	for (k = 0; k < nn; k++) {
		for (j = 0; j < iters; j++) {
			run_model(ns[k], seed, &r);
			if (!j || r.mount_ns + r.umount_ns <
				  best[k].mount_ns + best[k].umount_ns)
				best[k] = r;
		}
	}
	report("model", ns, nn, best);
	fflush(stdout);
	if (!host)
		return 0;
	for (k = 0; k < nn; k++) {
		for (j = 0; j < iters; j++) {
			if (!bench_host_run(host_stack, &ns[k], &r, sizeof(r))) {
				printf("# host: cannot stack mounts (needs root and "
				       "mount namespaces): skipped\n");
				return 0;
			}
			if (!j || r.mount_ns + r.umount_ns <
				  best[k].mount_ns + best[k].umount_ns)
				best[k] = r;
		}
	}
	report("host", ns, nn, best);
	return 0;
}
