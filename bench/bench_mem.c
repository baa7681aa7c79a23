/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_mem - what an instance costs in memory.
 *
 * For an "empty" and a "default" instance (created and booted, nothing
 * else): the heap one holds by the allocation seam's count
 * (vfsim_alloc_stats: live bytes the kernel code asked for, live objects,
 * and rculfhash's buckets outside the seam), the part of it that is the
 * mount, mountpoint and dentry hashes' bucket arrays at their boot size,
 * and the resident memory each adds to the process: /proc/self/statm's
 * resident pages before and after making --n of them, divided by --n
 * (so the seam's headers, jemalloc's arena per instance, its size-class
 * rounding and page granularity are in it).  Then --idle instances (10,000)
 * booted with the default tree and kept in one process, with the jemalloc
 * seam (the default: an arena each for the first 64 live instances, then
 * shared arenas, compat/alloc.c; the rows say how many could be made) and
 * with libc's malloc: the heap per instance by the seam's count (live
 * bytes, and with the seam's headers), RSS per instance, the whole
 * process's RSS, and the CPU time to make and destroy each.
 *
 *   bench_mem [--n N] [--idle N] [--iters I] [--seed S]
 * --iters repeats each figure and keeps the smallest.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_mem"
#include "bench.h"

/* The allocation seam's bytes in front of each object (struct kmem_hdr,
 * compat/alloc.c): 16 in release builds, 48 in tracked heaps. */
static double seam_header_bytes;

static double rss_bytes(void)
{
	unsigned long size = 0, resident = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (!f)
		die("/proc/self/statm", -EIO);
	if (fscanf(f, "%lu %lu", &size, &resident) != 2)
		die("/proc/self/statm", -EIO);
	fclose(f);
	return (double)resident * (double)sysconf(_SC_PAGESIZE);
}

static struct vfsim *make(const char *tree, uint64_t seed)
{
	struct vfsim_options opts = { .seed = seed };
	struct vfsim *v;

	CHECK(vfsim_create(&opts, &v));
	CHECK(vfsim_boot(v, tree));
	return v;
}

static double buckets(const struct vfsim *v)
{
	return (double)((sizeof(struct hlist_head) << v->mount_hashtable->shift) +
			(sizeof(struct hlist_head) << v->mountpoint_hashtable->shift) +
			(sizeof(struct hlist_head) << v->dentry_hashtable->shift));
}

struct result {
	double heap, objects, external, buckets, rss;
};

/* One instance's heap; then @n of them at once for the RSS. */
static void measure(const char *tree, unsigned long n, uint64_t seed,
		    struct vfsim **vs, struct result *r)
{
	struct vfsim_alloc_stats st;
	double before;
	unsigned long i;

	vs[0] = make(tree, seed);
	seam_header_bytes = (double)ksim_heap_hdr_size(&vs[0]->ctx.heap);
	vfsim_rcu_barrier();
	vfsim_alloc_stats(vs[0], &st);
	r->heap = (double)st.live_bytes;
	r->objects = (double)st.live_objects;
	r->external = (double)st.external_bytes;
	r->buckets = buckets(vs[0]);
	vfsim_destroy(vs[0]);

	/* warm: the first instances also pay for what stays (arenas kept
	 * for reuse, thread caches) */
	for (i = 0; i < n / 10 + 1; i++)
		vs[i] = make(tree, seed);
	for (i = 0; i < n / 10 + 1; i++)
		vfsim_destroy(vs[i]);
	before = rss_bytes();
	for (i = 0; i < n; i++)
		vs[i] = make(tree, seed);
	r->rss = (rss_bytes() - before) / (double)n;
	for (i = 0; i < n; i++)
		vfsim_destroy(vs[i]);
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_mem [--n N] [--idle N] [--iters I] [--seed S]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long n = 1000, idle = 10000, iters = 1, i, j, k;
	static const char *const trees[] = { "empty", "default" };
	struct vfsim **vs;
	uint64_t seed = 1;
	const struct bench_opt args[] = {
		{ "--n", .ul = &n },
		{ "--idle", .ul = &idle },
		{ "--iters", .ul = &iters },
		{ "--seed", .u64 = &seed },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args) || !n || !idle)
		usage();
	if (!iters)
		iters = 1;
	vs = calloc(n > idle ? n : idle, sizeof(*vs));
	if (!vs)
		die("calloc", -ENOMEM);

	printf("# bench_mem n=%lu idle=%lu iters=%lu\n", n, idle, iters);
	for (k = 0; k < 2; k++) {
		struct result best = { 0 }, r;
		char name[64];

		for (j = 0; j < iters; j++) {
			measure(trees[k], n, seed, vs, &r);
			if (!j || r.rss < best.rss)
				best = r;
		}
		snprintf(name, sizeof(name), "%s.heap", trees[k]);
		row(name, best.heap, "B/instance");
		snprintf(name, sizeof(name), "%s.heap.objects", trees[k]);
		row(name, best.objects, "objects/instance");
		if (!k)
			row("seam_header", seam_header_bytes, "B/object");
		snprintf(name, sizeof(name), "%s.heap.with_seam_headers", trees[k]);
		row(name, best.heap + best.objects * seam_header_bytes, "B/instance");
		snprintf(name, sizeof(name), "%s.heap.hash_buckets", trees[k]);
		row(name, best.buckets, "B/instance");
		snprintf(name, sizeof(name), "%s.heap.external", trees[k]);
		row(name, best.external, "B/instance");
		snprintf(name, sizeof(name), "%s.rss", trees[k]);
		row(name, best.rss, "B/instance");
	}

	/* --idle default instances side by side, with each allocator */
	for (k = 0; k < 2; k++) {
		static const char *const names[] = { "jemalloc", "libc" };
		static const enum vfsim_allocator kinds[] = {
			VFSIM_ALLOC_JEMALLOC, VFSIM_ALLOC_LIBC,
		};
		double before = rss_bytes(), t0 = cpu_ns(), made, rss, heap, objects;
		char name[64];

		for (i = 0; i < idle; i++) {
			struct vfsim_options opts = { .seed = seed, .allocator = kinds[k] };
			int err = vfsim_create(&opts, &vs[i]);

			if (err) {
				printf("# %s: vfsim_create failed at instance %lu: %d (%s)\n",
				       names[k], i + 1, err, vfsim_errno_name(-err) ?
				       vfsim_errno_name(-err) : "?");
				break;
			}
			CHECK(vfsim_boot(vs[i], "default"));
		}
		made = (cpu_ns() - t0) / (double)(i ? i : 1);
		rss = rss_bytes();
		heap = objects = 0;
		for (j = 0; j < i; j++) {
			struct vfsim_alloc_stats st;

			vfsim_alloc_stats(vs[j], &st);
			heap += (double)st.live_bytes;
			objects += (double)st.live_objects;
		}
		snprintf(name, sizeof(name), "idle.%s.instances", names[k]);
		row(name, (double)i, "instances");
		snprintf(name, sizeof(name), "idle.%s.heap", names[k]);
		row(name, heap / (double)(i ? i : 1), "B/instance");
		snprintf(name, sizeof(name), "idle.%s.heap.with_headers", names[k]);
		row(name, (heap + objects * seam_header_bytes) / (double)(i ? i : 1),
		    "B/instance");
		snprintf(name, sizeof(name), "idle.%s.rss", names[k]);
		row(name, (rss - before) / (double)(i ? i : 1), "B/instance");
		snprintf(name, sizeof(name), "idle.%s.rss.process", names[k]);
		row(name, rss / 1048576.0, "MiB");
		snprintf(name, sizeof(name), "idle.%s.create_boot", names[k]);
		row(name, made / 1000.0, "us/instance");
		t0 = cpu_ns();
		for (j = 0; j < i; j++)
			vfsim_destroy(vs[j]);
		snprintf(name, sizeof(name), "idle.%s.destroy", names[k]);
		row(name, (cpu_ns() - t0) / (double)(i ? i : 1) / 1000.0, "us/instance");
		fflush(stdout);
	}
	free(vs);
	return 0;
}
