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

/* ---- statmount/listmount (Linux 6.8), in case the headers lack them ------ */

#ifndef __NR_statmount
#if defined(__x86_64__)
#define __NR_statmount 457
#define __NR_listmount 458
#endif
#endif

/* Version 0 of the request (MNT_ID_REQ_SIZE_VER0 = 24 bytes). */
struct bench_mnt_id_req {
	uint32_t size;
	uint32_t spare;
	uint64_t mnt_id;
	uint64_t param;
};

/* The fixed part of struct statmount as 6.8 defines it. */
struct bench_statmount {
	uint32_t size;
	uint32_t __spare1;
	uint64_t mask;
	uint32_t sb_dev_major;
	uint32_t sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags;
	uint32_t fs_type;
	uint64_t mnt_id;
	uint64_t mnt_parent_id;
	uint32_t mnt_id_old;
	uint32_t mnt_parent_id_old;
	uint64_t mnt_attr;
	uint64_t mnt_propagation;
	uint64_t mnt_peer_group;
	uint64_t mnt_master;
	uint64_t propagate_from;
	uint32_t mnt_root;
	uint32_t mnt_point;
	uint64_t __spare2[50];
	char str[];
};

#define BENCH_STATMOUNT_SB_BASIC	0x1
#define BENCH_STATMOUNT_MNT_BASIC	0x2
#define BENCH_LSMT_ROOT			0xffffffffffffffffULL

static long host_statmount(uint64_t id, struct bench_statmount *sm)
{
#ifdef __NR_statmount
	struct bench_mnt_id_req req = {
		.size = sizeof(req), .mnt_id = id,
		.param = BENCH_STATMOUNT_SB_BASIC | BENCH_STATMOUNT_MNT_BASIC,
	};

	return syscall(__NR_statmount, &req, sm, sizeof(*sm), 0);
#else
	(void)id; (void)sm;
	errno = ENOSYS;
	return -1;
#endif
}

static long host_listmount(uint64_t parent, uint64_t last, uint64_t *ids,
			   size_t nr)
{
#ifdef __NR_listmount
	struct bench_mnt_id_req req = {
		.size = sizeof(req), .mnt_id = parent, .param = last,
	};

	return syscall(__NR_listmount, &req, ids, nr, 0);
#else
	(void)parent; (void)last; (void)ids; (void)nr;
	errno = ENOSYS;
	return -1;
#endif
}

/* ---- the model ------------------------------------------------------------ */

struct model {
	struct vfsim *v;
	struct vfsim_task *t;
	int fd;				/* O_PATH on /a/b/c/d */
	char root_id[16];		/* the root mount's ID, as fsinfo wants it */
	unsigned int root_mnt_id;
	unsigned int *queue;		/* the walk's breadth-first queue */
	struct fsinfo_mount_child *kids;
	size_t kids_cap;		/* elements */
	unsigned long n;
};

static long model_mount_info(struct model *m, const char *id,
			     struct fsinfo_mount_info *mi)
{
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};

	return vfsim_fsinfo(m->t, AT_FDCWD, id, &p, mi, sizeof(*mi));
}

static void model_open(struct model *m, unsigned long n, uint64_t seed)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_MOUNT_INFO };
	struct fsinfo_mount_info mi;
	char path[64];

	memset(m, 0, sizeof(*m));
	m->n = n;
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
	m->queue = calloc(n + 16, sizeof(*m->queue));
	m->kids_cap = n + 16;
	m->kids = calloc(m->kids_cap, sizeof(*m->kids));
	if (!m->queue || !m->kids)
		die("calloc", -ENOMEM);
}

static void model_close(struct model *m)
{
	free(m->queue);
	free(m->kids);
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
		CHECK(model_mount_info(m, m->root_id, &mi));
	return (now_ns() - t0) / (double)iters;
}

/* The ID as fsinfo() wants it, without snprintf()'s cost in the loop. */
static void format_id(char *buf, unsigned int id)
{
	char tmp[16];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + id % 10);
		id /= 10;
	} while (id);
	while (n)
		*buf++ = tmp[--n];
	*buf = 0;
}

/*
 * Breadth first from the root mount: MOUNT_CHILDREN of each mount (whose
 * list ends with the mount itself) and MOUNT_INFO of each.  Returns ns per
 * mount; *visited counts them.
 */
static double model_walk(struct model *m, unsigned long *visited)
{
	struct fsinfo_params pc = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = FSINFO_ATTR_MOUNT_CHILDREN,
	};
	struct fsinfo_mount_info mi;
	unsigned long head = 0, tail = 0;
	char id[16];
	double t0 = now_ns();

	m->queue[tail++] = m->root_mnt_id;
	while (head < tail) {
		long size, nr;

		format_id(id, m->queue[head++]);
		CHECK(model_mount_info(m, id, &mi));
		size = vfsim_fsinfo(m->t, AT_FDCWD, id, &pc, m->kids,
				    m->kids_cap * sizeof(*m->kids));
		CHECK(size);
		if ((size_t)size > m->kids_cap * sizeof(*m->kids))
			die("MOUNT_CHILDREN larger than the table", -EMSGSIZE);
		nr = size / (long)sizeof(*m->kids) - 1;	/* the last is itself */
		for (long i = 0; i < nr; i++) {
			if (tail >= m->n + 16)
				die("more mounts than made", -EUCLEAN);
			m->queue[tail++] = m->kids[i].mnt_id;
		}
	}
	*visited = tail;
	return (now_ns() - t0) / (double)tail;
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

/* listmount of the whole namespace, in chunks, then statmount of each. */
static double host_walk(struct host *h, unsigned long *visited)
{
	struct bench_statmount sm;
	uint64_t last = 0;
	size_t nr = 0;
	double t0 = now_ns();

	for (;;) {
		long got = host_listmount(BENCH_LSMT_ROOT, last, h->ids + nr,
					  h->ids_cap - nr);

		if (got < 0)
			die("listmount", -errno);
		nr += (size_t)got;
		if (!got || nr == h->ids_cap)
			break;
		last = h->ids[nr - 1];
	}
	for (size_t i = 0; i < nr; i++)
		if (host_statmount(h->ids[i], &sm) < 0)
			die("statmount", -errno);
	*visited = nr;
	return (now_ns() - t0) / (double)(nr ? nr : 1);
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
				r = min_of(r, model_walk(&m, &mv));
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
		mod[F_WALK] = min_of(mod[F_WALK], model_walk(&m, &mv));
		if (h.have_statmount) {
			hst[F_ID] = min_of(hst[F_ID], host_call(&h, F_ID, iters));
			hst[F_WALK] = min_of(hst[F_WALK], host_walk(&h, &hv));
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
