/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_mount - the cost of a mount, an umount and a lookup against the
 * number of mounts, in time and in memory.
 *
 * For each N, boots an "empty" kernel, makes N directories /mnt/d<i>, then
 *   1. mounts N tmpfs on them; looks up --lookups paths /mnt/d<i> (i drawn
 *      from --seed), each walk crossing into the tmpfs; unmounts them;
 *   2. mounts one tmpfs on /mnt/src and binds it N times onto /mnt/d<i>,
 *      looks the binds up the same way, then unmounts them.
 * Prints ns per operation (the thread's CPU time around the whole loop,
 * divided by its length: --clock wall for CLOCK_MONOTONIC), then the ratio of each figure at every N to the first
 * N's: with the mount, mountpoint and dentry hashes growing with what
 * they hold, per-operation cost should not grow with N.
 *
 * Memory per mount (vfsim_alloc_stats live deltas across the N mounts):
 * "objects" are the kernel objects a mount adds (bytes the kernel code
 * asked for: struct mount, its name, superblock, root dentry and inode,
 * mountpoint); "hash_buckets" is what the mount and mountpoint hashes
 * grew by meanwhile, spread over the N mounts; "with_seam_headers" adds
 * the allocation seam's per-object header to the objects.  Not counted:
 * the mount-ID index's buckets (rculfhash, outside the seam) and the
 * allocator's size-class rounding.
 *
 * The namespace's mount limit (fs.mount-max, 100000 by default) is raised
 * to N + 16 (vfsim_options.mount_max), as the sysctl would.
 *
 * --host 1 (root) runs the same two loops on the running kernel, in a
 * forked child with a mount namespace of its own (/ made rprivate, a
 * tmpfs on /tmp/bench_mount.<pid> holding the N directories), for each N
 * up to --host-max (100,000; each host tmpfs costs the kernel several
 * KiB), raising fs.mount-max for the run when N needs it and putting it
 * back after.  A lookup there is statx(2) of the path (a walk into the
 * mount, as vfsim_path_mnt_id() is); its ratio across N says how much of
 * the model's growth is the memory hierarchy's, which the kernel pays too.
 *
 *   bench_mount [--n N[,N...]] [--iters I] [--seed S] [--lookups L]
 *               [--clock cpu|wall] [--host 0|1] [--host-max N]
 * Default N: 10000,100000,1000000 (about 40 s on an idle core, 2 GB).
 * --iters repeats each N and keeps the fastest run of each figure.
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

#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_mount"
#include "bench.h"
#include "bench_host.h"

/* The allocation seam's bytes in front of each object (struct kmem_hdr,
 * compat/alloc.c): 16 in release builds, 48 in tracked heaps. */
static double seam_header_bytes;
#define MAX_NS 8

static double (*clock_ns)(void) = cpu_ns;

enum { F_MKDIR, F_MOUNT, F_LOOKUP, F_UMOUNT, F_BIND, F_BIND_LOOKUP,
       F_BIND_UMOUNT, NR_TIMES };

static const char *const time_names[NR_TIMES] = {
	"mkdir", "tmpfs.mount", "tmpfs.lookup", "tmpfs.umount",
	"bind.mount", "bind.lookup", "bind.umount",
};

struct result {
	double ns[NR_TIMES];
	double mount_bytes, mount_objs, mount_buckets;
	double bind_bytes, bind_objs, bind_buckets;
	unsigned int mhash_shift, dhash_shift;
};

/* Bytes of the mount and mountpoint hashes' bucket arrays. */
static double mhash_bytes(const struct vfsim *v)
{
	return (double)(sizeof(struct hlist_head) <<
			v->mount_hashtable->shift) +
	       (double)(sizeof(struct hlist_head) <<
			v->mountpoint_hashtable->shift);
}

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* @lookups walks of /mnt/d<i>, random i: each must end on a mount. */
static double time_lookups(struct vfsim_task *t, unsigned long n,
			   unsigned long lookups, uint64_t seed)
{
	uint64_t s = seed * 0x9e3779b97f4a7c15ULL + 1;
	char path[64];
	unsigned long i;
	double t0 = clock_ns();

	for (i = 0; i < lookups; i++) {
		long r;

		snprintf(path, sizeof(path), "/mnt/d%lu", (unsigned long)(xorshift(&s) % n));
		r = vfsim_path_mnt_id(t, path);
		if (r <= 1)
			die(path, r < 0 ? r : -EINVAL);
	}
	return (clock_ns() - t0) / (double)lookups;
}

static double mount_n(struct vfsim_task *t, unsigned long n, const char *src,
		      const char *type, unsigned long flags)
{
	char path[64];
	unsigned long i;
	double t0 = clock_ns();

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_mount(t, src, path, type, flags, NULL));
	}
	return (clock_ns() - t0) / (double)n;
}

static double umount_n(struct vfsim_task *t, unsigned long n)
{
	char path[64];
	unsigned long i;
	double t0 = clock_ns();

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_umount2(t, path, 0));
	}
	return (clock_ns() - t0) / (double)n;
}

static void run(unsigned long n, unsigned long lookups, uint64_t seed,
		struct result *res)
{
	struct vfsim_options opts = { .seed = seed, .mount_max = (unsigned int)n + 16 };
	struct vfsim_alloc_stats a, b;
	struct vfsim *v;
	struct vfsim_task *t;
	char path[64];
	unsigned long i;
	double t0, h;

	CHECK(vfsim_create(&opts, &v));
	seam_header_bytes = (double)ksim_heap_hdr_size(&v->ctx.heap);
	CHECK(vfsim_boot(v, "empty"));
	t = vfsim_init_task(v);
	CHECK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	CHECK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/src", 0755));

	t0 = clock_ns();
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
	}
	res->ns[F_MKDIR] = (clock_ns() - t0) / (double)n;

	/* 1. tmpfs mounts */
	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &a);
	h = mhash_bytes(v);
	res->ns[F_MOUNT] = mount_n(t, n, "tmpfs", "tmpfs", 0);
	vfsim_rcu_barrier();	/* the hashes' old bucket arrays */
	vfsim_alloc_stats(v, &b);
	res->mount_buckets = (mhash_bytes(v) - h) / (double)n;
	res->mount_bytes = (double)(b.live_bytes - a.live_bytes) / (double)n -
			   res->mount_buckets;
	res->mount_objs = (double)(b.live_objects - a.live_objects) / (double)n;
	res->ns[F_LOOKUP] = time_lookups(t, n, lookups, seed);
	res->ns[F_UMOUNT] = umount_n(t, n);

	/* 2. bind mounts of one tmpfs */
	CHECK(vfsim_mount(t, "src", "/mnt/src", "tmpfs", 0, NULL));
	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &a);
	h = mhash_bytes(v);
	res->ns[F_BIND] = mount_n(t, n, "/mnt/src", NULL, MS_BIND);
	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &b);
	res->bind_buckets = (mhash_bytes(v) - h) / (double)n;
	res->bind_bytes = (double)(b.live_bytes - a.live_bytes) / (double)n -
			  res->bind_buckets;
	res->bind_objs = (double)(b.live_objects - a.live_objects) / (double)n;
	res->ns[F_BIND_LOOKUP] = time_lookups(t, n, lookups, seed);
	res->ns[F_BIND_UMOUNT] = umount_n(t, n);

	res->mhash_shift = v->mount_hashtable->shift;
	res->dhash_shift = v->dentry_hashtable->shift;
	if (vfsim_destroy_check(v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
}

/* ---- the same loops on the running kernel (--host 1) ---------------------- */

static bool host_mount_n(const char *dir, unsigned long n, const char *src,
			 const char *type, unsigned long flags, double *ns)
{
	char path[96];
	unsigned long i;
	double t0 = clock_ns();

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/d%lu", dir, i);
		if (mount(src, path, type, flags, NULL))
			return false;
	}
	*ns = (clock_ns() - t0) / (double)n;
	return true;
}

static bool host_umount_n(const char *dir, unsigned long n, double *ns)
{
	char path[96];
	unsigned long i;
	double t0 = clock_ns();

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/d%lu", dir, i);
		if (umount2(path, 0))
			return false;
	}
	*ns = (clock_ns() - t0) / (double)n;
	return true;
}

/* statx(2) of random <dir>/d<i>: the walk crosses into each mount, whose
 * root must differ from the directory's (a mount ID other than @dir's). */
static bool host_lookups(const char *dir, unsigned long n, unsigned long lookups,
			 uint64_t seed, double *ns)
{
	uint64_t s = seed * 0x9e3779b97f4a7c15ULL + 1;
	struct statx base, sx;
	char path[96];
	unsigned long i;
	double t0;

	if (statx(AT_FDCWD, dir, 0, STATX_MNT_ID, &base))
		return false;
	t0 = clock_ns();
	for (i = 0; i < lookups; i++) {
		snprintf(path, sizeof(path), "%s/d%lu", dir,
			 (unsigned long)(xorshift(&s) % n));
		if (statx(AT_FDCWD, path, 0, STATX_MNT_ID, &sx) ||
		    sx.stx_mnt_id == base.stx_mnt_id)
			return false;
	}
	*ns = (clock_ns() - t0) / (double)lookups;
	return true;
}

struct host_args {
	unsigned long n, lookups;
	uint64_t seed;
};

/* The model's two loops on the host, in @dir (bench_host.h). */
static bool host_loops(const char *dir, void *arg, void *res)
{
	const struct host_args *h = arg;
	unsigned long n = h->n, i;
	char path[96], src[96];
	struct result *c = res;
	double t0;

	memset(c, 0, sizeof(*c));
	snprintf(src, sizeof(src), "%s/src", dir);
	if (mkdir(src, 0755))
		return false;
	t0 = clock_ns();
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/d%lu", dir, i);
		if (mkdir(path, 0755))
			return false;
	}
	c->ns[F_MKDIR] = (clock_ns() - t0) / (double)n;
	return host_mount_n(dir, n, "tmpfs", "tmpfs", 0, &c->ns[F_MOUNT]) &&
	       host_lookups(dir, n, h->lookups, h->seed, &c->ns[F_LOOKUP]) &&
	       host_umount_n(dir, n, &c->ns[F_UMOUNT]) &&
	       !mount("src", src, "tmpfs", 0, NULL) &&
	       host_mount_n(dir, n, src, NULL, MS_BIND, &c->ns[F_BIND]) &&
	       host_lookups(dir, n, h->lookups, h->seed, &c->ns[F_BIND_LOOKUP]) &&
	       host_umount_n(dir, n, &c->ns[F_BIND_UMOUNT]);
}

static long read_mount_max(void)
{
	FILE *f = fopen("/proc/sys/fs/mount-max", "r");
	long v = -1;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

static bool write_mount_max(long v)
{
	FILE *f = fopen("/proc/sys/fs/mount-max", "w");
	bool ok;

	if (!f)
		return false;
	ok = fprintf(f, "%ld\n", v) > 0;
	return fclose(f) == 0 && ok;
}

/* False (and why in @why) if the host cannot run it. */
static bool run_host(unsigned long n, unsigned long lookups, uint64_t seed,
		     struct result *r, const char **why)
{
	struct host_args h = { .n = n, .lookups = lookups, .seed = seed };
	long max = read_mount_max(), need = (long)n + 1024;
	bool ok;

	*why = "not root, or no mount namespaces";
	if (max < 0)
		return false;
	if (max < need && !write_mount_max(need)) {
		*why = "cannot raise fs.mount-max";
		return false;
	}
	ok = bench_host_run(host_loops, &h, r, sizeof(*r));
	if (max < need)
		write_mount_max(max);
	return ok;
}

static void print_times(const char *who, unsigned long n, const struct result *b)
{
	char name[64];

	printf("# %s n=%lu\n", who, n);
	for (unsigned long f = 0; f < NR_TIMES; f++) {
		snprintf(name, sizeof(name), "%s.%s", who, time_names[f]);
		row(name, b->ns[f], "ns/op");
	}
}

static void print_ratios(const char *who, const unsigned long *ns,
			 unsigned long nn, const struct result *best)
{
	char name[64];

	for (unsigned long k = 1; k < nn; k++) {
		printf("# %s: per-operation cost at n=%lu over n=%lu (targets: 1.5 at "
		       "100,000, 2 at 1,000,000)\n", who, ns[k], ns[0]);
		for (unsigned long f = 0; f < NR_TIMES; f++) {
			snprintf(name, sizeof(name), "%s.ratio.%s", who, time_names[f]);
			row_ratio(name, best[k].ns[f] / best[0].ns[f]);
		}
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_mount [--n N[,N...]] [--iters I] [--seed S] "
		"[--lookups L] [--clock cpu|wall] [--host 0|1] [--host-max N]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long ns[MAX_NS] = { 10000, 100000, 1000000 }, nn = 3;
	unsigned long iters = 1, lookups = 100000, host = 0, host_max = 100000, k, j, f;
	static struct result best[MAX_NS], host_best[MAX_NS];
	unsigned long host_ns[MAX_NS], host_nn = 0;
	const char *n_arg = NULL, *clock_arg = "cpu";
	double wall0 = now_ns(), cpu0 = cpu_ns();
	uint64_t seed = 1;
	const struct bench_opt args[] = {
		{ "--n", .str = &n_arg },
		{ "--iters", .ul = &iters },
		{ "--seed", .u64 = &seed },
		{ "--lookups", .ul = &lookups },
		{ "--clock", .str = &clock_arg },
		{ "--host", .ul = &host },
		{ "--host-max", .ul = &host_max },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args))
		usage();
	if (n_arg && !(nn = bench_n_list(n_arg, ns, MAX_NS)))
		usage();
	if (!iters)
		iters = 1;
	if (!lookups)
		usage();
	clock_ns = bench_clock(clock_arg);
	if (!clock_ns)
		usage();

	for (k = 0; k < nn; k++) {
		struct result r, *b = &best[k];
		unsigned long n = ns[k];

		for (j = 0; j < iters; j++) {
			run(n, lookups, seed, &r);
			if (!j) {
				*b = r;
				continue;
			}
			for (f = 0; f < NR_TIMES; f++)
				if (r.ns[f] < b->ns[f])
					b->ns[f] = r.ns[f];
		}
		printf("# bench_mount n=%lu iters=%lu lookups=%lu clock=%s: hashes "
		       "grown to 2^%u mount/mountpoint, 2^%u dentry buckets\n", n,
		       iters, lookups, clock_arg, b->mhash_shift, b->dhash_shift);
		for (f = 0; f < NR_TIMES; f++)
			row(time_names[f], b->ns[f], "ns/op");
		row("tmpfs.objects", b->mount_bytes, "B/mount");
		row("tmpfs.objects.count", b->mount_objs, "objects/mount");
		row("seam_header", seam_header_bytes, "B/object");
		row("tmpfs.with_seam_headers", b->mount_bytes +
		    b->mount_objs * seam_header_bytes, "B/mount");
		row("tmpfs.hash_buckets", b->mount_buckets, "B/mount");
		row("bind.objects", b->bind_bytes, "B/mount");
		row("bind.objects.count", b->bind_objs, "objects/mount");
		row("bind.with_seam_headers", b->bind_bytes +
		    b->bind_objs * seam_header_bytes, "B/mount");
		row("bind.hash_buckets", b->bind_buckets, "B/mount");
		fflush(stdout);
	}
	print_ratios("model", ns, nn, best);
	/* How busy the machine was: 1.0 when this process had a core to
	 * itself (before the host runs, whose time is its children's). */
	row_ratio("load.wall_over_cpu", (now_ns() - wall0) / (cpu_ns() - cpu0));
	for (k = 0; host && k < nn && ns[k] <= host_max; k++) {
		struct result r, *b = &host_best[host_nn];
		const char *why;

		for (j = 0; j < iters; j++) {
			if (!run_host(ns[k], lookups, seed, &r, &why)) {
				printf("# host: cannot run n=%lu (%s)\n", ns[k], why);
				host = 0;
				break;
			}
			if (!j) {
				*b = r;
				continue;
			}
			for (f = 0; f < NR_TIMES; f++)
				if (r.ns[f] < b->ns[f])
					b->ns[f] = r.ns[f];
		}
		if (!host)
			break;
		host_ns[host_nn++] = ns[k];
		print_times("host", ns[k], b);
		fflush(stdout);
	}
	print_ratios("host", host_ns, host_nn, host_best);
	return 0;
}
