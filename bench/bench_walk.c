/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_walk - the cost of a path walk, through the public API
 * (vfsim_path_mnt_id: syscall entry, getname's copy of the path through the
 * user-memory seam, the walk, path_put).
 *
 *   deep32   /c00/c01/.../c31, 32 directories on the root filesystem
 *   mounts8  /m1/m2/.../m8/x, each /m<i> a tmpfs mounted inside the
 *            previous one: the walk crosses 8 mounts
 *   root     "/" alone: the fixed cost of entry, getname and path_put
 *
 *   bench_walk [--n DIRS] [--iters I] [--seed S]
 * --n adds that many sibling directories next to each component of the
 * deep path (default 0), to load the dentry hash; --iters is the number of
 * lookups timed per path (default 200000).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <time.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_walk"
#include "bench.h"


static double time_lookup(struct vfsim_task *t, const char *path, unsigned long iters,
			  long want)
{
	unsigned long i;
	double t0;
	long r;

	/* warm up, and check the answer */
	for (i = 0; i < 1000; i++) {
		r = vfsim_path_mnt_id(t, path);
		if (r != want)
			die(path, r);
	}
	t0 = now_ns();
	for (i = 0; i < iters; i++)
		r = vfsim_path_mnt_id(t, path);
	(void)r;
	return (now_ns() - t0) / (double)iters;
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_walk [--n DIRS] [--iters I] [--seed S]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long iters = 200000, fill = 0, j;
	struct vfsim_options opts = { .seed = 1 };
	char deep[512], p[512], m8[128];
	struct vfsim *v;
	struct vfsim_task *t;
	long id8 = 0;
	int c;

	const struct bench_opt args[] = {
		{ "--n", .ul = &fill },
		{ "--iters", .ul = &iters },
		{ "--seed", .u64 = &opts.seed },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args) || !iters)
		usage();

	CHECK(vfsim_create(&opts, &v));
	CHECK(vfsim_boot(v, "empty"));
	t = vfsim_init_task(v);

	/* mkdir -p /c00/.../c31, with @fill siblings at each level */
	deep[0] = 0;
	for (c = 0; c < 32; c++) {
		size_t len = strlen(deep);

		for (j = 0; j < fill; j++) {
			snprintf(p, sizeof(p), "%s/s%lu", deep, j);
			CHECK(vfsim_mkdirat(t, AT_FDCWD, p, 0755));
		}
		snprintf(deep + len, sizeof(deep) - len, "/c%02d", c);
		CHECK(vfsim_mkdirat(t, AT_FDCWD, deep, 0755));
	}

	/* /m1/m2/.../m8/x, a tmpfs at each /m<i> */
	m8[0] = 0;
	for (c = 1; c <= 8; c++) {
		size_t len = strlen(m8);

		snprintf(m8 + len, sizeof(m8) - len, "/m%d", c);
		CHECK(vfsim_mkdirat(t, AT_FDCWD, m8, 0755));
		CHECK(vfsim_mount(t, "tmpfs", m8, "tmpfs", 0, NULL));
	}
	id8 = vfsim_path_mnt_id(t, m8);
	CHECK(id8);
	snprintf(m8 + strlen(m8), sizeof(m8) - strlen(m8), "/x");
	CHECK(vfsim_mkdirat(t, AT_FDCWD, m8, 0755));

	printf("# bench_walk iters=%lu siblings=%lu\n", iters, fill);
	row("walk.root", time_lookup(t, "/", iters, 1), "ns/lookup");
	row("walk.deep32", time_lookup(t, deep, iters, 1), "ns/lookup");
	row("walk.mounts8", time_lookup(t, m8, iters, id8), "ns/lookup");

	if (vfsim_destroy_check(v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
	return 0;
}
