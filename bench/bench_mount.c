/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_mount - the cost of a mount and an umount, in time and in memory.
 *
 * Boots an "empty" kernel, makes N directories /mnt/d<i>, then
 *   1. mounts N tmpfs on them and unmounts them again;
 *   2. mounts one tmpfs on /mnt/src and binds it N times onto /mnt/d<i>,
 *      then unmounts the binds.
 * Prints ns per operation (CLOCK_MONOTONIC around the whole loop, divided
 * by N) and the live bytes and objects each mount adds to the instance's
 * heap (vfsim_alloc_stats: bytes the kernel code asked for, without the
 * allocator's own headers and size-class rounding, reported separately).
 *
 * The namespace's mount limit (fs.mount-max, 100000 by default) is raised
 * to N + 16 through <vfs/kernel.h>, as a sysctl would.
 *
 *   bench_mount [--n N] [--iters I] [--seed S] [--mhash-shift K]
 * --iters repeats the whole measurement and reports the fastest run;
 * --seed only seeds the instance (nothing here is random).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <time.h>

#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_mount"
#include "bench.h"

/* The allocation seam's per-object header (struct kmem_hdr, compat/alloc.c). */
#define SEAM_HEADER_BYTES 48


struct result {
	double mkdir_ns, mount_ns, umount_ns, bind_ns, bind_umount_ns;
	double mount_bytes, mount_objs, bind_bytes, bind_objs;
};

static void run(unsigned long n, uint64_t seed, unsigned int mhash_shift,
		struct result *res)
{
	struct vfsim_options opts = { .seed = seed, .mhash_shift = mhash_shift };
	struct vfsim_alloc_stats a, b;
	struct vfsim *v;
	struct vfsim_task *t;
	char path[64];
	unsigned long i;
	double t0;

	CHECK(vfsim_create(&opts, &v));
	v->mount_max = (unsigned int)n + 16;
	CHECK(vfsim_boot(v, "empty"));
	t = vfsim_init_task(v);
	CHECK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	CHECK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/src", 0755));

	t0 = now_ns();
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
	}
	res->mkdir_ns = (now_ns() - t0) / (double)n;

	/* 1. tmpfs mounts */
	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &a);
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_mount(t, "tmpfs", path, "tmpfs", 0, NULL));
	}
	res->mount_ns = (now_ns() - t0) / (double)n;
	vfsim_alloc_stats(v, &b);
	res->mount_bytes = (double)(b.live_bytes - a.live_bytes) / (double)n;
	res->mount_objs = (double)(b.live_objects - a.live_objects) / (double)n;

	t0 = now_ns();
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_umount2(t, path, 0));
	}
	res->umount_ns = (now_ns() - t0) / (double)n;

	/* 2. bind mounts of one tmpfs */
	CHECK(vfsim_mount(t, "src", "/mnt/src", "tmpfs", 0, NULL));
	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &a);
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_mount(t, "/mnt/src", path, NULL, MS_BIND, NULL));
	}
	res->bind_ns = (now_ns() - t0) / (double)n;
	vfsim_alloc_stats(v, &b);
	res->bind_bytes = (double)(b.live_bytes - a.live_bytes) / (double)n;
	res->bind_objs = (double)(b.live_objects - a.live_objects) / (double)n;

	t0 = now_ns();
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_umount2(t, path, 0));
	}
	res->bind_umount_ns = (now_ns() - t0) / (double)n;

	if (vfsim_destroy_check(v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_mount [--n N] [--iters I] [--seed S] "
		"[--mhash-shift K]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long ns[2] = { 10000, 100000 }, nn = 2, iters = 1, k, j;
	unsigned int mhash_shift = 0;
	uint64_t seed = 1;

	const char *n_arg = NULL;	/* one N instead of the two defaults */
	const struct bench_opt args[] = {
		{ "--n", .str = &n_arg },
		{ "--iters", .ul = &iters },
		{ "--seed", .u64 = &seed },
		{ "--mhash-shift", .ui = &mhash_shift },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args))
		usage();
	if (n_arg) {
		ns[0] = strtoul(n_arg, NULL, 0);
		nn = 1;
	}
	if (!iters)
		iters = 1;

	for (k = 0; k < nn; k++) {
		struct result best = { 0 }, r;
		unsigned long n = ns[k];

		if (!n)
			usage();
		for (j = 0; j < iters; j++) {
			run(n, seed, mhash_shift, &r);
			if (!j || r.mount_ns < best.mount_ns)
				best = r;
		}
		printf("# bench_mount n=%lu iters=%lu mhash_shift=%u%s\n", n, iters,
		       mhash_shift, mhash_shift ? "" : " (default)");
		row("mkdir", best.mkdir_ns, "ns/op");
		row("tmpfs.mount", best.mount_ns, "ns/op");
		row("tmpfs.umount", best.umount_ns, "ns/op");
		row("tmpfs.live_bytes", best.mount_bytes, "B/mount");
		row("tmpfs.live_objects", best.mount_objs, "objects/mount");
		row("tmpfs.with_seam_headers", best.mount_bytes +
		    best.mount_objs * SEAM_HEADER_BYTES, "B/mount");
		row("bind.mount", best.bind_ns, "ns/op");
		row("bind.umount", best.bind_umount_ns, "ns/op");
		row("bind.live_bytes", best.bind_bytes, "B/mount");
		row("bind.live_objects", best.bind_objs, "objects/mount");
		row("bind.with_seam_headers", best.bind_bytes +
		    best.bind_objs * SEAM_HEADER_BYTES, "B/mount");
	}
	return 0;
}
