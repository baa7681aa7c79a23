/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Torture for the mount tree: one thread mounts and unmounts tmpfs on a few
 * directories of an "empty" instance (MNT_DETACH now and then, stacking
 * mounts up to a small depth, making a directory in the new mount), walker
 * threads with tasks of their own resolve paths, open them (holding the fd
 * across a few operations, so plain umounts meet EBUSY) and close, and a
 * checker runs vfsim_check_invariants() every millisecond.
 *
 * The checker takes namespace_sem for writing, so the tree holds still, but
 * its "mnt_count equals holders" rule counts only the holders at rest (tree,
 * children, task roots/cwds/fds): a syscall in flight holds references of
 * its own (the path being walked, a file not yet installed), so a check
 * racing one reports a false mismatch.  The checker therefore runs at
 * quiescent points: every operation holds `quiesce` for reading, the
 * checker takes it for writing (writer-preferring, or the walkers would
 * starve it).  --unquiesced runs it concurrently anyway, to reproduce that
 * (and, under TSan, its unlocked read of other tasks' fd tables).
 *
 *   /            rootfs of "empty"
 *   ├── m0       <- tmpfs <- tmpfs ...   (up to MAX_DEPTH stacked)
 *   │   └── x    (made in the top tmpfs, sometimes)
 *   ├── m1 ... m3
 *
 * Only the errnos races explain are accepted (ENOENT, EBUSY, EINVAL,
 * EEXIST); anything else, an invariant violation or a warning fails.  At
 * the end everything is unmounted and the instance must tear down clean.
 *
 *   stress_mounts [--seconds N] [--threads N] [--seed N] [--unquiesced]
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <time.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/stress.h"

#define NDIRS 4
#define MAX_DEPTH 3

static struct vfsim *v;
static bool unquiesced;
static int stop;

struct worker {
	pthread_t th;
	int id;
	uint64_t rng;
	struct stress_counts n;
};



static void dir_path(char *buf, size_t len, unsigned int d, bool sub)
{
	snprintf(buf, len, "/m%u%s", d, sub ? "/x" : "");
}

/* The only thread that changes the tree, so it knows the stacking depth. */
static void *mounter(void *arg)
{
	static const int mount_ok[] = { 0 };
	static const int umount_ok[] = { EBUSY, 0 };
	static const int mkdir_ok[] = { EEXIST, 0 };
	struct worker *w = arg;
	struct vfsim_task *t = vfsim_init_task(v);
	unsigned int depth[NDIRS] = { 0 };
	char path[32];

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		unsigned int d = (unsigned int)(stress_rand(&w->rng) % NDIRS);
		unsigned int op = (unsigned int)(stress_rand(&w->rng) % 10);
		long ret;

		dir_path(path, sizeof(path), d, false);
		if (op < 4) {
			if (depth[d] >= MAX_DEPTH)
				continue;
			ret = STRESS_OP(vfsim_mount(t, "none", path, "tmpfs", 0, NULL));
			stress_tally(&w->n, "mount", path, ret, mount_ok);
			if (ret == 0)
				depth[d]++;
		} else if (op < 8) {
			int flags = stress_rand(&w->rng) % 4 == 0 ? MNT_DETACH : 0;

			ret = STRESS_OP(vfsim_umount2(t, path, flags));
			if (!depth[d]) {
				/* not a mountpoint: EINVAL and nothing else */
				if (ret != -EINVAL)
					stress_error("umount of a plain directory", path, ret);
				w->n.ops++;
				w->n.expected_err++;
				continue;
			}
			if (flags == MNT_DETACH && ret)
				stress_error("umount(MNT_DETACH)", path, ret);
			stress_tally(&w->n, "umount", path, ret, umount_ok);
			if (ret == 0)
				depth[d]--;
		} else {
			if (!depth[d])
				continue;	/* /mN/x is only ever made in a tmpfs */
			dir_path(path, sizeof(path), d, true);
			ret = STRESS_OP(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
			stress_tally(&w->n, "mkdir", path, ret, mkdir_ok);
		}
	}

	/* unmount everything, lazily: walkers may still hold fds */
	for (unsigned int d = 0; d < NDIRS; d++) {
		dir_path(path, sizeof(path), d, false);
		while (depth[d]) {
			long ret = STRESS_OP(vfsim_umount2(t, path, MNT_DETACH));

			if (ret) {
				stress_error("final umount", path, ret);
				break;
			}
			depth[d]--;
		}
		if (STRESS_OP(vfsim_umount2(t, path, 0)) != -EINVAL)
			stress_error("still mounted at the end", path, 0);
	}
	return NULL;
}

static void walk_step(void *arg, struct vfsim_task *t, struct stress_held *held)
{
	struct worker *w = arg;
	unsigned int d = (unsigned int)(stress_rand(&w->rng) % NDIRS);
	unsigned int op = (unsigned int)(stress_rand(&w->rng) % 8);
	char path[32];
	long ret;

	dir_path(path, sizeof(path), d, op & 1);
	if (op < 4) {
		ret = stress_walk(&w->n, t, path);
		if (ret == 0)
			stress_error("mount ID 0", path, ret);
	} else if (op < 7) {
		stress_hold(&w->n, t, held, path);
	} else if (held->n) {
		stress_release_one(&w->n, t, held);
	} else {
		stress_walk(&w->n, t, "/");
	}
}

static void *walker(void *arg)
{
	struct worker *w = arg;

	stress_walker(v, &stop, &w->n, walk_step, w);
	return NULL;
}

static void *checker(void *arg)
{
	struct worker *w = arg;

	stress_check_loop(v, &stop, unquiesced, &w->n);
	return NULL;
}

static int count_mount(const struct vfsim_mount_desc *m, void *arg)
{
	(void)m;
	(*(unsigned int *)arg)++;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long nthreads;
	double seconds;
	uint64_t seed;
	struct stress_args a;
	struct worker *w;
	unsigned int nmounts = 0;
	char path[32], why[256];

	/* at least a mounter, the checker and one walker */
	stress_parse(argc, argv, "stress_mounts", 3, "--unquiesced", &unquiesced, &a);
	seconds = a.seconds;
	nthreads = a.threads;
	seed = a.seed;

	if (vfsim_create(&(struct vfsim_options){ .seed = seed }, &v) ||
	    vfsim_boot(v, "empty")) {
		fprintf(stderr, "stress_mounts: cannot make an instance\n");
		return 1;
	}
	for (unsigned int d = 0; d < NDIRS; d++) {
		long ret;

		dir_path(path, sizeof(path), d, false);
		ret = vfsim_mkdirat(vfsim_init_task(v), AT_FDCWD, path, 0755);
		if (ret) {
			stress_error("mkdir", path, ret);
			return 1;
		}
	}

	stress_quiesce_init();
	w = calloc(nthreads, sizeof(*w));
	if (!w)
		return 1;
	for (unsigned long i = 0; i < nthreads; i++) {
		void *(*fn)(void *) = i == 0 ? mounter : i == 1 ? checker : walker;

		w[i].id = (int)i;
		w[i].rng = seed ^ (0x9e3779b97f4a7c15ULL * (i + 1));
		if (pthread_create(&w[i].th, NULL, fn, &w[i])) {
			fprintf(stderr, "stress_mounts: pthread_create failed\n");
			return 1;
		}
	}
	stress_run_for(seconds, &stop);
	for (unsigned long i = 0; i < nthreads; i++) {
		pthread_join(w[i].th, NULL);
		printf("stress_mounts: thread %lu (%s): %lu ops, %lu ok, %lu expected errors\n",
		       i, i == 0 ? "mounter" : i == 1 ? "checker" : "walker",
		       w[i].n.ops, w[i].n.ok, w[i].n.expected_err);
	}
	free(w);

	if (vfsim_check_invariants(v, why, sizeof(why)))
		stress_error("invariant at the end", why, 0);
	vfsim_for_each_mount(vfsim_init_task(v), count_mount, &nmounts);
	if (nmounts != 1)
		stress_error("mounts left besides the root", NULL, (long)nmounts - 1);
	return stress_end(v, "stress_mounts", seed);
}
