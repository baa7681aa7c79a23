/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_lifecycle - what a fresh tree costs a test harness: an instance
 * made, booted and destroyed, against what the host costs for the same
 * isolation.
 *
 *   model   vfsim_create + vfsim_boot(TREE) + vfsim_destroy, and each part
 *   reset   an instance made with VFSIM_ALLOC_SNAPSHOT, booted and saved
 *           once (vfsim_snapshot), then put back (vfsim_reset) after a
 *           tmpfs mounted on a new directory (what a test or a fuzz input
 *           leaves behind); the reset alone is timed (issue 16's target:
 *           at most 20 us for the default tree)
 *   host    a forked child: unshare(CLONE_NEWNS), / made private, seven
 *           tmpfs mounts on a scratch directory (the default tree's seven
 *           filesystems, as stand-ins), exit; the parent waits.  Needs
 *           root; skipped (and said) otherwise.
 *
 *   bench_lifecycle [--iters N] [--tree default|empty]
 *
 * Prints microseconds per fresh tree for both and the ratio model/host
 * (issue 16's target: at most 0.1).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* unshare() */
#endif
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_lifecycle"
#include "bench.h"

static void usage(void)
{
	fprintf(stderr, "usage: " BENCH_NAME " [--iters N] [--tree default|empty]\n");
	exit(2);
}

/* create + boot + destroy, @iters times; the parts' means in @part[3]. */
static double model(unsigned long iters, const char *tree, double part[3])
{
	double t0, t1, t2, t3, total = 0;
	unsigned long i;

	part[0] = part[1] = part[2] = 0;
	for (i = 0; i < iters; i++) {
		struct vfsim *v;

		t0 = now_ns();
		CHECK(vfsim_create(NULL, &v));
		t1 = now_ns();
		CHECK(vfsim_boot(v, tree));
		t2 = now_ns();
		vfsim_destroy(v);
		t3 = now_ns();
		part[0] += t1 - t0;
		part[1] += t2 - t1;
		part[2] += t3 - t2;
		total += t3 - t0;
	}
	for (i = 0; i < 3; i++)
		part[i] /= (double)iters;
	return total / (double)iters;
}

/* vfsim_reset() after a mkdir and a mount, @iters times: mean ns of the reset. */
static double model_reset(unsigned long iters, const char *tree)
{
	const struct vfsim_options opts = { .allocator = VFSIM_ALLOC_SNAPSHOT };
	struct vfsim_task *t;
	struct vfsim *v;
	double t0, total = 0;
	unsigned long i;

	CHECK(vfsim_create(&opts, &v));
	CHECK(vfsim_boot(v, tree));
	CHECK(vfsim_snapshot(v));
	for (i = 0; i < iters; i++) {
		t = vfsim_init_task(v);
		CHECK(vfsim_mkdirat(t, AT_FDCWD, "/bench", 0755));
		CHECK(vfsim_mount(t, "none", "/bench", "tmpfs", 0, NULL));
		t0 = now_ns();
		CHECK(vfsim_reset(v));
		total += now_ns() - t0;
	}
	vfsim_destroy(v);
	return total / (double)iters;
}

/* The child's part: a namespace of its own with seven mounts, then exit. */
static int host_child(const char *scratch)
{
	static const char *const dirs[] = { "r", "r/proc", "r/home", "r/tmp",
					    "r/mnt", "r/afs", "r/home/m" };
	char path[512];
	size_t i;

	if (unshare(CLONE_NEWNS) < 0 ||
	    mount("none", "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return 1;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", scratch, dirs[i]);
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return 1;
		if (mount("tmpfs", path, "tmpfs", 0, NULL) < 0)
			return 1;
	}
	return 0;
}

static double host(unsigned long iters, const char *scratch)
{
	double t0 = now_ns();
	unsigned long i;

	for (i = 0; i < iters; i++) {
		int status;
		pid_t pid = fork();

		if (pid < 0)
			die("fork", -errno);
		if (pid == 0)
			_exit(host_child(scratch));
		if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			return -1;
	}
	return (now_ns() - t0) / (double)iters;
}

int main(int argc, char **argv)
{
	unsigned long iters = 2000;
	const char *tree = "default";
	char scratch[] = "/tmp/bench_lifecycle.XXXXXX";
	double part[3], m, r, h = -1;
	const struct bench_opt args[] = {
		{ "--iters", .ul = &iters },
		{ "--tree", .str = &tree },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args) || !iters)
		usage();
	m = model(iters, tree, part);
	row("model create", part[0] / 1e3, "us");
	row("model boot", part[1] / 1e3, "us");
	row("model destroy", part[2] / 1e3, "us");
	row("model fresh tree", m / 1e3, "us");
	r = model_reset(iters, tree);
	row("model reset", r / 1e3, "us");
	printf("%-28s %12.3f %s\n", "ratio reset/fresh tree", r / m, "(reset target <= 20 us)");

	if (geteuid() == 0 && mkdtemp(scratch)) {
		/* the host is much slower: a tenth of the iterations will do */
		char r[sizeof(scratch) + 2];

		h = host(iters / 10 ? iters / 10 : 1, scratch);
		/* the children's mounts went with them; their first mkdir did not */
		snprintf(r, sizeof(r), "%s/r", scratch);
		rmdir(r);
		rmdir(scratch);
	}
	if (h < 0) {
		printf("host fresh tree: not measured (needs root and unshare)\n");
		return 0;
	}
	row("host fresh tree", h / 1e3, "us");
	printf("%-28s %12.3f %s\n", "ratio model/host", m / h, "(target <= 0.1)");
	return 0;
}
