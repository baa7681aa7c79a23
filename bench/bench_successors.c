// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bench_successors - v17's calls beside the calls Linux has instead, on
 * the same model, and those calls on the host, in one run
 * (docs/successors.md):
 *
 *   query   what one mount is: fsinfo(MOUNT_INFO, QUERY_MOUNT "<id>") |
 *           statmount(SB_BASIC | MNT_BASIC) of its unique ID, on the model |
 *           the same statmount(2) on the host
 *   walk    every mount of a table of N tmpfs mounts (default 10,000),
 *           per mount: fsinfo MOUNT_CHILDREN + MOUNT_INFO breadth first |
 *           listmount(LSMT_ROOT) in pages + statmount of each, on the
 *           model | the same on the host
 *   notify  one tmpfs mounted on a directory and unmounted, and the
 *           events read, per cycle: watch_mount() on "/" and a
 *           notification pipe (two records) | fanotify FAN_REPORT_MNT
 *           with a mount-namespace mark (FAN_MNT_ATTACH, FAN_MNT_DETACH:
 *           two records), on the model | on the host
 *
 * The host side runs in a private mount namespace of its own (everything
 * made private; N tmpfs mounts on directories of a tmpfs under /tmp) and
 * needs root and Linux 6.8 (statmount) and 6.15 (fanotify mount events);
 * a column it cannot measure says why.  Each figure is the fastest of
 * --rounds interleaved rounds (CLOCK_MONOTONIC around the loop).  No
 * targets: the figures say what each design costs on the same tree.
 *
 *   bench_successors [--n N] [--iters I] [--rounds R]
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
#include <sys/syscall.h>
#include <unistd.h>

#include <uapi/linux/fsinfo.h>
#include <uapi/linux/watch_queue.h>
#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_successors"
#include "bench.h"
#include "fsinfo_walk.h"
#include "host_statmount.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U	/* Linux 6.8; glibc 2.36 lacks it */
#endif

/* fanotify mount events (Linux 6.15); Debian 12's headers are 6.1's. */
#define BENCH_FAN_NONBLOCK	0x00000002
#define BENCH_FAN_REPORT_MNT	0x00004000
#define BENCH_FAN_MARK_ADD	0x00000001
#define BENCH_FAN_MARK_REMOVE	0x00000002
#define BENCH_FAN_MARK_MNTNS	0x00000110
#define BENCH_FAN_MNT_ATTACH	0x01000000ULL
#define BENCH_FAN_MNT_DETACH	0x02000000ULL
#define BENCH_NR_fanotify_init	300
#define BENCH_NR_fanotify_mark	301

enum { R_QUERY, R_WALK, R_NOTIFY, R__NR };
enum { C_V17, C_NEW, C_HOST, C__NR };

static const char *const row_name[R__NR] = { "query", "walk", "notify" };
static const char *const row_unit[R__NR] = { "ns/call", "ns/mount", "ns/cycle" };

/* ---- the model --------------------------------------------------------------- */

struct model {
	struct vfsim *v;
	struct vfsim_task *t;
	char root_id[16];		/* the root mount's 32-bit ID, for fsinfo */
	unsigned int root_mnt_id;
	uint64_t root_unique;		/* and its unique ID, for statmount */
	struct fsinfo_walk walk;
	uint64_t *ids;
	size_t ids_cap;
	int pipe[2];			/* watch_mount() on "/" */
	int ns, fan;			/* the namespace file, a FAN_REPORT_MNT group */
};

static void model_open(struct model *m, unsigned long n)
{
	struct statx stx;
	char path[64];

	memset(m, 0, sizeof(*m));
	CHECK(vfsim_create(&(struct vfsim_options){ .seed = 1 }, &m->v));
	m->v->mount_max = (unsigned int)n + 16;
	CHECK(vfsim_boot(m->v, "empty"));
	m->t = vfsim_init_task(m->v);
	CHECK(vfsim_mkdirat(m->t, AT_FDCWD, "/mnt", 0755));
	CHECK(vfsim_mkdirat(m->t, AT_FDCWD, "/w", 0755));
	for (unsigned long i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_mkdirat(m->t, AT_FDCWD, path, 0755));
		CHECK(vfsim_mount(m->t, "tmpfs", path, "tmpfs", 0, NULL));
	}
	CHECK(vfsim_statx(m->t, AT_FDCWD, "/", 0, STATX_MNT_ID, &stx));
	m->root_mnt_id = (unsigned int)stx.stx_mnt_id;
	fsinfo_walk_format_id(m->root_id, m->root_mnt_id);
	CHECK(vfsim_statx(m->t, AT_FDCWD, "/", 0, STATX_MNT_ID_UNIQUE, &stx));
	m->root_unique = stx.stx_mnt_id;
	fsinfo_walk_init(&m->walk, m->t, n);
	m->ids_cap = n + 16;
	m->ids = calloc(m->ids_cap, sizeof(*m->ids));
	if (!m->ids)
		die("calloc", -ENOMEM);
	CHECK(vfsim_pipe2(m->t, m->pipe, O_NOTIFICATION_PIPE | O_NONBLOCK));
	CHECK(vfsim_ioctl(m->t, m->pipe[0], IOC_WATCH_QUEUE_SET_SIZE, 16));
	CHECK(vfsim_watch_mount(m->t, AT_FDCWD, "/", 0, m->pipe[0], 1));
	CHECK(m->ns = (int)vfsim_open_mntns(m->t, 0));
	CHECK(m->fan = (int)vfsim_fanotify_init(m->t, BENCH_FAN_REPORT_MNT | BENCH_FAN_NONBLOCK,
						O_RDONLY));
}

/* Each design watches only during its own row: the fanotify mark is
 * added and the v17 watch removed for the fanotify row, and back. */
static void model_fan_mark(struct model *m, unsigned int cmd)
{
	CHECK(vfsim_fanotify_mark(m->t, m->fan, cmd | BENCH_FAN_MARK_MNTNS,
				  BENCH_FAN_MNT_ATTACH | BENCH_FAN_MNT_DETACH, m->ns, NULL));
}

static void model_close(struct model *m)
{
	fsinfo_walk_fini(&m->walk);
	free(m->ids);
	CHECK(vfsim_close(m->t, m->pipe[0]));
	CHECK(vfsim_close(m->t, m->pipe[1]));
	CHECK(vfsim_close(m->t, m->fan));
	CHECK(vfsim_close(m->t, m->ns));
	if (vfsim_destroy_check(m->v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
}

static long model_statmount(struct model *m, uint64_t id, struct statmount *sm)
{
	struct mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER0, .mnt_id = id,
		.param = STATMOUNT_SB_BASIC | STATMOUNT_MNT_BASIC,
	};

	return vfsim_statmount(m->t, &req, sm, sizeof(*sm), 0);
}

static double model_query_v17(struct model *m, unsigned long iters)
{
	struct fsinfo_mount_info mi;
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++)
		CHECK(fsinfo_mount_info_by_id(m->t, m->root_id, &mi));
	return (now_ns() - t0) / (double)iters;
}

static double model_query_new(struct model *m, unsigned long iters)
{
	struct statmount sm;
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++)
		CHECK(model_statmount(m, m->root_unique, &sm));
	return (now_ns() - t0) / (double)iters;
}

/* listmount(LSMT_ROOT) in pages of 4,096 IDs, then statmount of each. */
static double model_walk_new(struct model *m, unsigned long *visited)
{
	struct statmount sm;
	size_t nr = 0;
	double t0 = now_ns();

	for (;;) {
		struct mnt_id_req req = {
			.size = MNT_ID_REQ_SIZE_VER0, .mnt_id = LSMT_ROOT,
			.param = nr ? m->ids[nr - 1] : 0,
		};
		size_t want = m->ids_cap - nr < 4096 ? m->ids_cap - nr : 4096;
		long got = vfsim_listmount(m->t, &req, m->ids + nr, want, 0);

		CHECK(got);
		nr += (size_t)got;
		if ((size_t)got < want || nr == m->ids_cap)
			break;
	}
	for (size_t i = 0; i < nr; i++)
		CHECK(model_statmount(m, m->ids[i], &sm));
	*visited = nr;
	return (now_ns() - t0) / (double)(nr ? nr : 1);
}

/* mount + umount on /w, then the two records read in one read(). */
static double model_notify_v17(struct model *m, unsigned long iters)
{
	char buf[256];
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++) {
		CHECK(vfsim_mount(m->t, "tmpfs", "/w", "tmpfs", 0, NULL));
		CHECK(vfsim_umount2(m->t, "/w", 0));
		if (vfsim_read(m->t, m->pipe[0], buf, sizeof(buf)) <= 0)
			die("watch_mount: no records", -EUCLEAN);
	}
	return (now_ns() - t0) / (double)iters;
}

/* The same cycle read from the fanotify group: two 40-byte events. */
static double model_notify_new(struct model *m, unsigned long iters)
{
	char buf[256];
	double t0;

	CHECK(vfsim_watch_mount(m->t, AT_FDCWD, "/", 0, m->pipe[0], -1));
	model_fan_mark(m, BENCH_FAN_MARK_ADD);
	t0 = now_ns();
	for (unsigned long i = 0; i < iters; i++) {
		CHECK(vfsim_mount(m->t, "tmpfs", "/w", "tmpfs", 0, NULL));
		CHECK(vfsim_umount2(m->t, "/w", 0));
		if (vfsim_read(m->t, m->fan, buf, sizeof(buf)) != 80)
			die("fanotify: not two events", -EUCLEAN);
	}
	t0 = (now_ns() - t0) / (double)iters;
	model_fan_mark(m, BENCH_FAN_MARK_REMOVE);
	CHECK(vfsim_watch_mount(m->t, AT_FDCWD, "/", 0, m->pipe[0], 1));
	return t0;
}

/* ---- the host ---------------------------------------------------------------- */

struct host {
	char dir[64];			/* /tmp/bench_successors.<pid> */
	char w[96];			/* <dir>/w: the notify row's mountpoint */
	const char *why_not;		/* NULL: measured */
	const char *fan_why_not;
	uint64_t root_id;
	uint64_t *ids;
	size_t ids_cap;
	int fan;
};

static void host_open(struct host *h, unsigned long n)
{
	struct bench_statmount sm;
	char path[128];

	memset(h, 0, sizeof(*h));
	h->fan = -1;
	if (host_statmount(0, &sm) < 0 && errno == ENOSYS) {
		h->why_not = "no statmount(2)";
		return;
	}
	if (unshare(CLONE_NEWNS) < 0) {
		h->why_not = "unshare(CLONE_NEWNS) refused (not root?)";
		return;
	}
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		die("mount --make-rprivate /", -errno);
	snprintf(h->dir, sizeof(h->dir), "/tmp/bench_successors.%d", (int)getpid());
	snprintf(h->w, sizeof(h->w), "%s/w", h->dir);
	if (mkdir(h->dir, 0755) < 0 || mount("bench", h->dir, "tmpfs", 0, NULL) < 0 ||
	    mkdir(h->w, 0755) < 0)
		die("tmpfs on /tmp/bench_successors.<pid>", -errno);
	for (unsigned long i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/d%lu", h->dir, i);
		if (mkdir(path, 0755) < 0 || mount("bench", path, "tmpfs", 0, NULL) < 0)
			die("host mount", -errno);
	}
	h->ids_cap = n + 4096;
	h->ids = calloc(h->ids_cap, sizeof(*h->ids));
	if (!h->ids)
		die("calloc", -ENOMEM);
	if (host_listmount(BENCH_LSMT_ROOT, 0, h->ids, 1) != 1)
		die("listmount", -errno);
	h->root_id = h->ids[0];

	h->fan = (int)syscall(BENCH_NR_fanotify_init,
			      BENCH_FAN_REPORT_MNT | BENCH_FAN_NONBLOCK, O_RDONLY);
	if (h->fan < 0) {
		h->fan_why_not = "fanotify_init(FAN_REPORT_MNT) refused (before 6.15?)";
		return;
	}
	if (syscall(BENCH_NR_fanotify_mark, h->fan,
		    BENCH_FAN_MARK_ADD | BENCH_FAN_MARK_MNTNS,
		    BENCH_FAN_MNT_ATTACH | BENCH_FAN_MNT_DETACH, AT_FDCWD,
		    "/proc/self/ns/mnt") < 0)
		die("fanotify_mark(FAN_MARK_MNTNS)", -errno);
}

static void host_close(struct host *h)
{
	char path[128];

	if (h->fan >= 0)
		close(h->fan);
	free(h->ids);
	if (!h->dir[0])
		return;
	/* the namespace and its mounts go with the process; the directory: */
	snprintf(path, sizeof(path), "%s", h->dir);
	umount2(path, MNT_DETACH);
	rmdir(path);
}

static double host_query(struct host *h, unsigned long iters)
{
	struct bench_statmount sm;
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++)
		if (host_statmount(h->root_id, &sm) < 0)
			die("statmount", -errno);
	return (now_ns() - t0) / (double)iters;
}

static double host_notify(struct host *h, unsigned long iters)
{
	char buf[256];
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++) {
		if (mount("bench", h->w, "tmpfs", 0, NULL) < 0 || umount2(h->w, 0) < 0)
			die("host mount/umount", -errno);
		if (read(h->fan, buf, sizeof(buf)) <= 0)
			die("fanotify: no records", -errno);
	}
	return (now_ns() - t0) / (double)iters;
}

/* ---- driver ------------------------------------------------------------------ */

static double min_of(double best, double x)
{
	return best == 0 || x < best ? x : best;
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_successors [--n N] [--iters I] [--rounds R]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long n = 10000, iters = 100000, rounds = 5, mv = 0, nv = 0, hv = 0;
	double fig[R__NR][C__NR] = { { 0 } };
	const char *why[R__NR][C__NR] = { { NULL } };
	struct model m;
	struct host h;
	const struct bench_opt args[] = {
		{ "--n", .ul = &n },
		{ "--iters", .ul = &iters },
		{ "--rounds", .ul = &rounds },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args) || !n || !iters || !rounds)
		usage();

	model_open(&m, n);
	host_open(&h, n);
	for (int r = 0; r < R__NR; r++)
		if (h.why_not)
			why[r][C_HOST] = h.why_not;
	if (!h.why_not && h.fan_why_not)
		why[R_NOTIFY][C_HOST] = h.fan_why_not;

	for (unsigned long k = 0; k < rounds; k++) {
		fig[R_QUERY][C_V17] = min_of(fig[R_QUERY][C_V17], model_query_v17(&m, iters));
		fig[R_QUERY][C_NEW] = min_of(fig[R_QUERY][C_NEW], model_query_new(&m, iters));
		fig[R_WALK][C_V17] = min_of(fig[R_WALK][C_V17],
					    fsinfo_walk(&m.walk, m.root_mnt_id, &mv));
		fig[R_WALK][C_NEW] = min_of(fig[R_WALK][C_NEW], model_walk_new(&m, &nv));
		fig[R_NOTIFY][C_V17] = min_of(fig[R_NOTIFY][C_V17],
					      model_notify_v17(&m, iters / 10));
		fig[R_NOTIFY][C_NEW] = min_of(fig[R_NOTIFY][C_NEW],
					      model_notify_new(&m, iters / 10));
		if (!why[R_QUERY][C_HOST]) {
			fig[R_QUERY][C_HOST] = min_of(fig[R_QUERY][C_HOST], host_query(&h, iters));
			fig[R_WALK][C_HOST] = min_of(fig[R_WALK][C_HOST],
						     host_statmount_walk(h.ids, h.ids_cap, &hv));
		}
		if (!why[R_NOTIFY][C_HOST])
			fig[R_NOTIFY][C_HOST] = min_of(fig[R_NOTIFY][C_HOST],
						       host_notify(&h, iters / 10));
	}
	if (mv != nv)
		die("the two walks of the model saw different tables", -EUCLEAN);

	printf("# bench_successors n=%lu iters=%lu rounds=%lu (best of rounds)\n",
	       n, iters, rounds);
	printf("# walks: model %lu mounts (both calls), host %lu\n", mv, hv);
	printf("%-8s %-9s %16s %16s %16s\n", "# row", "unit",
	       "model v17", "model successor", "host successor");
	for (int r = 0; r < R__NR; r++) {
		printf("%-8s %-9s", row_name[r], row_unit[r]);
		for (int c = 0; c < C__NR; c++)
			if (why[r][c])
				printf(" %16s", "-");
			else
				printf(" %16.1f", fig[r][c]);
		printf("\n");
	}
	printf("# v17 calls: fsinfo(MOUNT_INFO), fsinfo walk, watch_mount; "
	       "successors: statmount, listmount+statmount, fanotify FAN_REPORT_MNT\n");
	for (int r = 0; r < R__NR; r++)
		for (int c = 0; c < C__NR; c++)
			if (why[r][c] && (c != C_HOST || r == R_NOTIFY || r == R_QUERY))
				printf("# %s, %s: %s\n", row_name[r],
				       c == C_HOST ? "host" : "model successor", why[r][c]);

	host_close(&h);
	model_close(&m);
	return 0;
}
