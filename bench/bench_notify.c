/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_notify - the cost of one mount event against the depth of the
 * mount tree: the rootward walk of post_mount_notification() (seed 002).
 *
 *   /m/m/.../m     D tmpfs mounts, each on the directory "m" of the one
 *                  below; the event is a SETATTR of the deepest mount, so
 *                  the walk climbs through all D + 1 mounts to the root.
 *
 * D = 1, 8, 64, 512, and three ways of watching:
 *   none   no watch anywhere: at each mount the walk sees no watch list
 *          and jumps to the mount's root, then to its mountpoint;
 *   root   one watch on "/": the same, then one record posted at the top;
 *   deep   one watch on the deepest mount's root: a record posted at the
 *          first step, then the same climb.
 *
 * Two measurements of the same event:
 *   api     the public call: vfsim_mount(".", MS_REMOUNT | MS_BIND, ...)
 *           flipping nosuid, run from inside the deepest mount so that the
 *           path walk is one step at every depth: syscall entry, getname,
 *           s_umount, set_mount_attributes() and notify_mount();
 *   direct  notify_mount(deepest, NULL, NOTIFY_MOUNT_SETATTR, 0) called in
 *           a loop inside one kernel entry (internal headers): the counter
 *           and the walk alone.
 *   chase   no event at all: the loads the walk cannot avoid, mnt_parent
 *           and mnt_watchers of each mount from the deepest to the root,
 *           as a bare loop: the memory latency of the climb, the floor
 *           of what "direct" can cost (its "watch" column is the same).
 * A watched pipe (512 notes) is drained every 256 events, outside the
 * timed batches.  Each figure is the fastest of --rounds rounds.  The
 * cost per level is the slope between depths (least squares over all
 * depths, and between neighbouring depths, which shows whether it is
 * linear).
 *
 *   bench_notify [--n MAXDEPTH] [--depth D] [--iters I] [--rounds R] [--seed S]
 * --depth D measures that one depth only (for perf), --n stops at MAXDEPTH.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <time.h>

#include <uapi/linux/watch_queue.h>
#include <api/api.h>
#include <vfs/namei.h>
#include <vfs/notify.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_notify"
#include "bench.h"

#define BATCH 256
#define NOTES 512

static const unsigned int depths[] = { 1, 8, 64, 512 };
#define NDEPTHS (sizeof(depths) / sizeof(depths[0]))

enum watch_kind { W_NONE, W_ROOT, W_DEEP, NKINDS };
static const char *const kind_names[NKINDS] = { "none", "root", "deep" };

enum method { M_API, M_DIRECT, M_CHASE, NMETHODS };
static const char *const method_names[NMETHODS] = { "api", "direct", "chase" };


/* Read the pipe empty; returns the records' bytes. */
static long drain(struct vfsim_task *t, int fd)
{
	static unsigned char buf[NOTES * 16];
	long n, total = 0;

	while ((n = vfsim_read(t, fd, buf, sizeof(buf))) > 0)
		total += n;
	if (n != -EAGAIN)
		die("drain", n);
	return total;
}

/* @iters SETATTR events by the public call, in batches; ns per event. */
static double time_api(struct vfsim_task *t, int fd, unsigned long iters, bool watched)
{
	unsigned long i, done = 0;
	double total = 0;

	while (done < iters) {
		unsigned long n = iters - done < BATCH ? iters - done : BATCH;
		double t0 = now_ns();

		for (i = 0; i < n; i++) {
			unsigned long nosuid = (done + i) & 1 ? MS_NOSUID : 0;
			long r = vfsim_mount(t, "none", ".", NULL,
					     MS_REMOUNT | MS_BIND | nosuid, NULL);

			if (r)
				die("remount", r);
		}
		total += now_ns() - t0;
		done += n;
		if (watched && drain(t, fd) != (long)n * 16)
			die("drain: not one record per event", 0);
	}
	return total / (double)iters;
}

/* The same number of notify_mount() calls inside one kernel entry. */
static double time_direct(struct vfsim_task *t, int fd, unsigned long iters, bool watched)
{
	unsigned long i, done = 0;
	double total = 0;

	while (done < iters) {
		unsigned long n = iters - done < BATCH ? iters - done : BATCH;
		struct vfsim_entry e;
		struct path here;
		struct mount *m;
		double t0;

		vfsim_enter(&e, T(t));
		if (kern_path(".", LOOKUP_FOLLOW, &here))
			die("kern_path", -ENOENT);
		m = real_mount(here.mnt);
		t0 = now_ns();
		for (i = 0; i < n; i++)
			notify_mount(m, NULL, NOTIFY_MOUNT_SETATTR, 0);
		total += now_ns() - t0;
		path_put(&here);
		vfsim_leave(&e);
		done += n;
		if (watched && drain(t, fd) != (long)n * 16)
			die("drain: not one record per event", 0);
	}
	return total / (double)iters;
}

/* The floor: the climb's dependent loads alone. */
static double time_chase(struct vfsim_task *t, unsigned long iters)
{
	struct vfsim_entry e;
	struct path here;
	struct mount *m, *deepest;
	uintptr_t sum = 0;
	unsigned long i;
	double t0, total;

	vfsim_enter(&e, T(t));
	if (kern_path(".", LOOKUP_FOLLOW, &here))
		die("kern_path", -ENOENT);
	deepest = real_mount(here.mnt);
	rcu_read_lock();
	t0 = now_ns();
	for (i = 0; i < iters; i++) {
		for (m = deepest; ; m = READ_ONCE(m->mnt_parent)) {
			sum += (uintptr_t)rcu_dereference(m->mnt_watchers);
			if (READ_ONCE(m->mnt_parent) == m)
				break;
		}
	}
	total = now_ns() - t0;
	rcu_read_unlock();
	path_put(&here);
	vfsim_leave(&e);
	if (sum == 1)	/* keep the loads */
		printf("#\n");
	return total / (double)iters;
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_notify [--n MAXDEPTH] [--depth D] [--iters I] "
		"[--rounds R] [--seed S]\n");
	exit(2);
}

/* Least-squares slope of y over x, for the first @n points. */
static double slope(const double *x, const double *y, unsigned int n)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		sx += x[i];
		sy += y[i];
		sxx += x[i] * x[i];
		sxy += x[i] * y[i];
	}
	return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

int main(int argc, char **argv)
{
	unsigned long iters = 20000, maxdepth = 512, rounds = 5, only = 0;
	struct vfsim_options opts = { .seed = 1 };
	/* [method][kind][depth] */
	static double ns[NMETHODS][NKINDS][NDEPTHS];
	unsigned int nd = 0, first = 0, d, k, m, r;

	const struct bench_opt args[] = {
		{ "--n", .ul = &maxdepth },
		{ "--depth", .ul = &only },
		{ "--iters", .ul = &iters },
		{ "--rounds", .ul = &rounds },
		{ "--seed", .u64 = &opts.seed },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args) || !iters || !rounds)
		usage();
	while (nd < NDEPTHS && depths[nd] <= maxdepth)
		nd++;
	if (only) {
		for (d = 0; d < NDEPTHS && depths[d] != only; d++)
			;
		if (d == NDEPTHS)
			usage();
		first = d;
		nd = d + 1;
	} else if (nd < 2) {
		usage();
	}

	printf("# bench_notify iters=%lu rounds=%lu (fastest round shown)\n", iters, rounds);
	for (d = first; d < nd; d++) {
		struct vfsim *v;
		struct vfsim_task *t;
		int fds[2];

		CHECK(vfsim_create(&opts, &v));
		CHECK(vfsim_boot(v, "empty"));
		t = vfsim_init_task(v);
		/* One step at a time from inside each new mount: building the
		 * tree costs O(D), not O(D^2) path walks. */
		for (unsigned int level = 0; level < depths[d]; level++) {
			CHECK(vfsim_mkdirat(t, AT_FDCWD, "m", 0755));
			CHECK(vfsim_mount(t, "tmpfs", "m", "tmpfs", 0, NULL));
			CHECK(vfsim_chdir(t, "m"));
		}
		CHECK(vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK));
		CHECK(vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_SIZE, NOTES));

		for (k = 0; k < NKINDS; k++) {
			const char *where = k == W_ROOT ? "/" : ".";

			if (k != W_NONE)
				CHECK(vfsim_watch_mount(t, AT_FDCWD, where, 0, fds[0], 1));
			for (m = 0; m < NMETHODS; m++) {
				double best = 0;

				if (m == M_CHASE && k != W_NONE)
					continue;	/* no event, nothing posted */

				for (r = 0; r < rounds; r++) {
					double x = m == M_API ?
						time_api(t, fds[0], iters, k != W_NONE) :
						m == M_DIRECT ?
						time_direct(t, fds[0], iters, k != W_NONE) :
						time_chase(t, iters);

					if (r == 0 || x < best)
						best = x;
				}
				ns[m][k][d] = best;
			}
			if (k != W_NONE) {
				CHECK(vfsim_watch_mount(t, AT_FDCWD, where, 0, fds[0], -1));
				drain(t, fds[0]);
			}
		}
		CHECK(vfsim_close(t, fds[0]));
		CHECK(vfsim_close(t, fds[1]));
		CHECK(vfsim_chdir(t, "/"));
		if (vfsim_destroy_check(v, stderr))
			die("vfsim_destroy_check", -EUCLEAN);
	}

	printf("%-8s %-6s %5s %12s\n", "method", "watch", "depth", "ns/event");
	for (m = 0; m < NMETHODS; m++)
		for (k = 0; k < (m == M_CHASE ? 1u : NKINDS); k++)
			for (d = first; d < nd; d++)
				printf("%-8s %-6s %5u %12.1f\n", method_names[m], kind_names[k],
				       depths[d], ns[m][k][d]);
	if (nd - first < 2)
		return 0;

	printf("\n%-8s %-6s %12s  %s\n", "method", "watch", "ns/level", "between depths");
	for (m = 0; m < NMETHODS; m++) {
		for (k = 0; k < (m == M_CHASE ? 1u : NKINDS); k++) {
			double x[NDEPTHS];

			for (d = 0; d < nd; d++)
				x[d] = depths[d];
			printf("%-8s %-6s %12.2f ", method_names[m], kind_names[k],
			       slope(x, ns[m][k], nd));
			for (d = 1; d < nd; d++)
				printf(" %u-%u: %.2f", depths[d - 1], depths[d],
				       (ns[m][k][d] - ns[m][k][d - 1]) /
				       (double)(depths[d] - depths[d - 1]));
			printf("\n");
		}
	}
	return 0;
}
