// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bench_fsinfo - the model's fsinfo() against the host's statfs family and,
 * where the running kernel has them, statmount()/listmount(), in one run:
 *
 *   statfs.fd      fsinfo(STATFS, QUERY_FD) of an O_PATH fd  | fstatfs(2)
 *   statfs.path    fsinfo(STATFS) of /a/b/c/d                | statfs(2) of
 *                  (4 components)                              /tmp/<dir>/a/b
 *   mount_info.id  fsinfo(MOUNT_INFO, QUERY_MOUNT "<id>")     | statmount(2)
 *                                                              SB_BASIC|MNT_BASIC
 *   walk           of a table of N tmpfs mounts (default 10,000): from the
 *                  root mount, MOUNT_CHILDREN of each mount + MOUNT_INFO of
 *                  each, breadth first | one listmount(2) of the whole
 *                  namespace (LSMT_ROOT) + statmount(2) of each ID.  Reported
 *                  per mount visited.
 *
 * The host walk runs in a private mount namespace of our own
 * (unshare(CLONE_NEWNS), everything made private so nothing propagates
 * out) holding N tmpfs mounts on directories of a tmpfs under /tmp, like
 * the model's table; without the privilege it walks the mounts the host
 * has and says so.  The namespace dies with the process.
 *
 * Each figure is the fastest of --rounds interleaved rounds of --iters
 * calls (CLOCK_MONOTONIC around the loop); the ratios are model / host.
 * Targets: every model call at most 0.25 of the host's, the path query at
 * most 0.5.
 *
 *   bench_fsinfo [--n N] [--iters I] [--rounds R] [--seed S] [--only WHAT]
 * --only statfs.fd|statfs.path|mount_info.id|walk runs the model side of
 * one figure alone, for perf; --seed only seeds the instance.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <uapi/linux/fsinfo.h>
#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_fsinfo"
#include "bench.h"
#include "fsinfo_walk.h"
#include "host_statmount.h"

/* ---- the model ------------------------------------------------------------ */

struct model {
	struct vfsim *v;
	struct vfsim_task *t;
	int fd;				/* O_PATH on /a/b/c/d */
	char root_id[16];		/* the root mount's ID, as fsinfo wants it */
	unsigned int root_mnt_id;
	struct fsinfo_walk walk;
};

static void model_open(struct model *m, unsigned long n, uint64_t seed)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_MOUNT_INFO };
	struct fsinfo_mount_info mi;
	char path[64];

	memset(m, 0, sizeof(*m));
	CHECK(vfsim_create(&(struct vfsim_options){ .seed = seed }, &m->v));
	m->v->mount_max = (unsigned int)n + 16;
	CHECK(vfsim_boot(m->v, "empty"));
	m->t = vfsim_init_task(m->v);
	CHECK(vfsim_mkdirat(m->t, AT_FDCWD, "/a", 0755));
	CHECK(vfsim_mkdirat(m->t, AT_FDCWD, "/a/b", 0755));
	CHECK(vfsim_mkdirat(m->t, AT_FDCWD, "/a/b/c", 0755));
	CHECK(vfsim_mkdirat(m->t, AT_FDCWD, "/a/b/c/d", 0755));
	CHECK(m->fd = (int)vfsim_openat(m->t, AT_FDCWD, "/a/b/c/d", O_PATH, 0));
	CHECK(vfsim_mkdirat(m->t, AT_FDCWD, "/mnt", 0755));
	for (unsigned long i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_mkdirat(m->t, AT_FDCWD, path, 0755));
		CHECK(vfsim_mount(m->t, "tmpfs", path, "tmpfs", 0, NULL));
	}
	CHECK(vfsim_fsinfo(m->t, AT_FDCWD, "/", &p, &mi, sizeof(mi)));
	m->root_mnt_id = mi.mnt_id;
	snprintf(m->root_id, sizeof(m->root_id), "%u", mi.mnt_id);
	fsinfo_walk_init(&m->walk, m->t, n);
}

static void model_close(struct model *m)
{
	fsinfo_walk_fini(&m->walk);
	CHECK(vfsim_close(m->t, m->fd));
	if (vfsim_destroy_check(m->v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
}

static double model_statfs_fd(struct model *m, unsigned long iters)
{
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_FD, .request = FSINFO_ATTR_STATFS,
	};
	struct fsinfo_statfs st;
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++)
		CHECK(vfsim_fsinfo(m->t, m->fd, NULL, &p, &st, sizeof(st)));
	return (now_ns() - t0) / (double)iters;
}

static double model_statfs_path(struct model *m, unsigned long iters)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_STATFS };
	struct fsinfo_statfs st;
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++)
		CHECK(vfsim_fsinfo(m->t, AT_FDCWD, "/a/b/c/d", &p, &st, sizeof(st)));
	return (now_ns() - t0) / (double)iters;
}

static double model_mount_info_id(struct model *m, unsigned long iters)
{
	struct fsinfo_mount_info mi;
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++)
		CHECK(fsinfo_mount_info_by_id(m->t, m->root_id, &mi));
	return (now_ns() - t0) / (double)iters;
}

/* The figures, and the host call each is measured against. */
enum { F_FD, F_PATH, F_ID, F_WALK, F__NR };

static const char *const fig_name[F__NR] = {
	"statfs.fd", "statfs.path", "mount_info.id", "walk",
};
static const char *const host_name[F__NR] = {
	"fstatfs", "statfs", "statmount", "listmount+statmount",
};

/* ---- the host --------------------------------------------------------------- */

struct host {
	char dir[64];		/* /tmp/bench_fsinfo.<pid> */
	char path[96];		/* <dir>/a/b: 4 components */
	int fd;
	int have_statmount;
	uint64_t root_id;	/* of the mount the statmount row asks about */
	uint64_t *ids;
	size_t ids_cap;
	unsigned long made;	/* mounts made in our namespace (0: walked the host's) */
	const char *walk_note;
};

/* A private namespace with N tmpfs mounts under dir/m: all or nothing. */
static void host_make_mounts(struct host *h, unsigned long n)
{
	char path[128];

	if (unshare(CLONE_NEWNS) < 0) {
		h->walk_note = "unshare(CLONE_NEWNS) failed: the host's own mounts";
		return;
	}
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		die("mount --make-rprivate /", -errno);
	snprintf(path, sizeof(path), "%s/m", h->dir);
	if (mkdir(path, 0755) < 0 || mount("bench", path, "tmpfs", 0, NULL) < 0)
		die("tmpfs on <dir>/m", -errno);
	for (unsigned long i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/m/d%lu", h->dir, i);
		if (mkdir(path, 0755) < 0)
			die("mkdir", -errno);
		if (mount("bench", path, "tmpfs", 0, NULL) < 0) {
			fprintf(stderr, BENCH_NAME ": host mount %lu: %s; walking %lu\n",
				i, strerror(errno), i);
			break;
		}
		h->made++;
	}
	h->walk_note = "private namespace: tmpfs on <dir>/m + N tmpfs under it";
}

static void host_open(struct host *h, unsigned long n)
{
	struct bench_statmount sm;
	char p[128];

	memset(h, 0, sizeof(*h));
	snprintf(h->dir, sizeof(h->dir), "/tmp/bench_fsinfo.%d", (int)getpid());
	snprintf(p, sizeof(p), "%s/a", h->dir);
	snprintf(h->path, sizeof(h->path), "%s/a/b", h->dir);
	if (mkdir(h->dir, 0755) < 0 || mkdir(p, 0755) < 0 || mkdir(h->path, 0755) < 0)
		die("mkdir /tmp/bench_fsinfo.<pid>/a/b", -errno);
	h->fd = open(h->path, O_PATH | O_DIRECTORY);
	if (h->fd < 0)
		die("open O_PATH", -errno);

	if (host_statmount(0, &sm) < 0 && errno == ENOSYS) {
		h->have_statmount = 0;
		return;
	}
	h->have_statmount = 1;
	host_make_mounts(h, n);
	h->ids_cap = n + 4096;
	h->ids = calloc(h->ids_cap, sizeof(*h->ids));
	if (!h->ids)
		die("calloc", -ENOMEM);
	/* the namespace's root mount, for the single statmount row */
	if (host_listmount(BENCH_LSMT_ROOT, 0, h->ids, 1) != 1)
		die("listmount", -errno);
	h->root_id = h->ids[0];
	if (host_statmount(h->root_id, &sm) < 0)
		die("statmount", -errno);
}

static void host_close(struct host *h)
{
	char p[128];

	close(h->fd);
	free(h->ids);
	/* the namespace and its mounts go with the process; the directories: */
	if (h->made) {
		snprintf(p, sizeof(p), "%s/m", h->dir);
		umount2(p, MNT_DETACH);
		rmdir(p);
	}
	rmdir(h->path);
	snprintf(p, sizeof(p), "%s/a", h->dir);
	rmdir(p);
	rmdir(h->dir);
}

/*
 * One host call of figure @fig, @iters times: a branch per call costs
 * nothing next to a system call, and one loop serves the three calls.
 */
static double host_call(struct host *h, int fig, unsigned long iters)
{
	struct bench_statmount sm;
	struct statfs st;
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++) {
		int r = fig == F_FD ? fstatfs(h->fd, &st) :
			fig == F_PATH ? statfs(h->path, &st) :
			host_statmount(h->root_id, &sm);

		if (r < 0)
			die(host_name[fig], -errno);
	}
	return (now_ns() - t0) / (double)iters;
}

/* ---- driver ----------------------------------------------------------------- */

static const double target[F__NR] = { 0.25, 0.5, 0.25, 0.25 };

static double min_of(double best, double x)
{
	return best == 0 || x < best ? x : best;
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_fsinfo [--n N] [--iters I] [--rounds R] "
		"[--seed S] [--only statfs.fd|statfs.path|mount_info.id|walk]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long n = 10000, iters = 200000, rounds = 5, mv = 0, hv = 0;
	double mod[F__NR] = { 0 }, hst[F__NR] = { 0 };
	const char *only = NULL;
	uint64_t seed = 1;
	struct model m;
	struct host h;

	const struct bench_opt args[] = {
		{ "--n", .ul = &n },
		{ "--iters", .ul = &iters },
		{ "--rounds", .ul = &rounds },
		{ "--seed", .u64 = &seed },
		{ "--only", .str = &only },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args) || !iters || !rounds)
		usage();

	model_open(&m, n, seed);
	if (only) {
		double r = 0;

		if (!strcmp(only, "statfs.fd"))
			r = model_statfs_fd(&m, iters * rounds);
		else if (!strcmp(only, "statfs.path"))
			r = model_statfs_path(&m, iters * rounds);
		else if (!strcmp(only, "mount_info.id"))
			r = model_mount_info_id(&m, iters * rounds);
		else if (!strcmp(only, "walk"))
			for (unsigned long k = 0; k < rounds; k++)
				r = min_of(r, fsinfo_walk(&m.walk, m.root_mnt_id, &mv));
		else
			usage();
		row(only, r, "ns/call");
		model_close(&m);
		return 0;
	}

	host_open(&h, n);
	for (unsigned long k = 0; k < rounds; k++) {
		mod[F_FD] = min_of(mod[F_FD], model_statfs_fd(&m, iters));
		hst[F_FD] = min_of(hst[F_FD], host_call(&h, F_FD, iters));
		mod[F_PATH] = min_of(mod[F_PATH], model_statfs_path(&m, iters));
		hst[F_PATH] = min_of(hst[F_PATH], host_call(&h, F_PATH, iters));
		mod[F_ID] = min_of(mod[F_ID], model_mount_info_id(&m, iters));
		mod[F_WALK] = min_of(mod[F_WALK], fsinfo_walk(&m.walk, m.root_mnt_id, &mv));
		if (h.have_statmount) {
			hst[F_ID] = min_of(hst[F_ID], host_call(&h, F_ID, iters));
			hst[F_WALK] = min_of(hst[F_WALK], host_statmount_walk(h.ids, h.ids_cap, &hv));
		}
	}

	printf("# bench_fsinfo n=%lu iters=%lu rounds=%lu (best of rounds)\n",
	       n, iters, rounds);
	printf("# model walk: %lu mounts (MOUNT_INFO + MOUNT_CHILDREN each)\n", mv);
	if (h.have_statmount)
		printf("# host walk: %lu mounts, one listmount + statmount each (%s)\n",
		       hv, h.walk_note);
	else
		printf("# host: statmount/listmount: ENOSYS, rows skipped\n");
	printf("%-16s %12s  %-20s %12s %8s %7s\n", "# figure", "model ns",
	       "host call", "host ns", "ratio", "target");
	for (int f = 0; f < F__NR; f++) {
		if (!hst[f]) {
			printf("%-16s %12.1f  %-20s %12s %8s %7s\n", fig_name[f],
			       mod[f], host_name[f], "ENOSYS", "-", "-");
			continue;
		}
		printf("%-16s %12.1f  %-20s %12.1f %8.3f %7.2f %s\n", fig_name[f],
		       mod[f], host_name[f], hst[f], mod[f] / hst[f], target[f],
		       mod[f] / hst[f] <= target[f] ? "ok" : "MISSED");
	}

	host_close(&h);
	model_close(&m);
	return 0;
}
