/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Torture for the growing hashes (compat's hlist_table.h): each round
 * makes an instance whose mount and mountpoint hashes start at 2^1
 * buckets (vfsim_options.mhash_shift = 1), and one thread fills it with
 * ROUND_MOUNTS directories and a tmpfs on each, doubling the mount,
 * mountpoint and dentry hashes eight times or so, while walker threads
 * with tasks of their own look up random /d<i> (d_lookup() in the dentry
 * hash, then lookup_mnt() in the mount hash) and open and close them.
 * Then the mounter unmounts everything, the walkers stop, the invariants
 * must hold and the instance must tear down with nothing leaked.  Under
 * TSan a resize that a reader could see half done is a reported race.
 *
 * A walk finds /d<i> missing (ENOENT: not made yet), a directory of the
 * root filesystem (not mounted yet, or unmounted again) or a mount of
 * its own; any other result is an error.
 *
 *   stress_mount_hash [--seconds N] [--threads N] [--seed N]
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <time.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/stress.h"

#define ROUND_MOUNTS 384

static struct vfsim *v;
static int stop;

struct worker {
	pthread_t th;
	uint64_t rng;
	struct stress_counts n;
};

static void *mounter(void *arg)
{
	static const int ok[] = { 0 };
	struct worker *w = arg;
	struct vfsim_task *t = vfsim_init_task(v);
	char path[32];

	for (int i = 0; i < ROUND_MOUNTS; i++) {
		snprintf(path, sizeof(path), "/d%d", i);
		stress_tally(&w->n, "mkdir", path, vfsim_mkdirat(t, AT_FDCWD, path, 0755), ok);
		stress_tally(&w->n, "mount", path,
			     vfsim_mount(t, "tmpfs", path, "tmpfs", 0, NULL), ok);
	}
	for (int i = 0; i < ROUND_MOUNTS; i++) {
		snprintf(path, sizeof(path), "/d%d", i);
		/* lazily: a walker may hold it open */
		stress_tally(&w->n, "umount", path, vfsim_umount2(t, path, MNT_DETACH), ok);
	}
	return NULL;
}

static void walk_step(void *arg, struct vfsim_task *t, struct stress_held *held)
{
	struct worker *w = arg;
	unsigned int op = (unsigned int)(stress_rand(&w->rng) % 8);
	char path[32];
	long ret;

	snprintf(path, sizeof(path), "/d%u",
		 (unsigned int)(stress_rand(&w->rng) % ROUND_MOUNTS));
	if (op < 6) {
		ret = stress_walk(&w->n, t, path);
		if (ret == 0)
			stress_error("mount ID 0", path, ret);
	} else if (op == 6) {
		stress_hold(&w->n, t, held, path);
	} else if (held->n) {
		stress_release_one(&w->n, t, held);
	}
}

static void *walker(void *arg)
{
	struct worker *w = arg;

	stress_walker(v, &stop, &w->n, walk_step, w);
	return NULL;
}

int main(int argc, char **argv)
{
	struct stress_args a;
	struct worker *w;
	unsigned long rounds = 0, i;
	double end;
	struct timespec ts;
	char why[256];

	/* a mounter and at least one walker */
	stress_parse(argc, argv, "stress_mount_hash", 2, NULL, NULL, &a);
	w = calloc(a.threads, sizeof(*w));
	if (!w)
		return 1;
	stress_quiesce_init();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	end = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9 + a.seconds;
	do {
		struct vfsim_options opts = { .seed = a.seed + rounds, .mhash_shift = 1 };
		if (vfsim_create(&opts, &v) || vfsim_boot(v, "empty")) {
			fprintf(stderr, "stress_mount_hash: cannot make an instance\n");
			return 1;
		}
		__atomic_store_n(&stop, 0, __ATOMIC_RELAXED);
		for (i = 0; i < a.threads; i++) {
			w[i].rng = a.seed ^ (rounds * 1000 + i + 1);
			if (pthread_create(&w[i].th, NULL, i ? walker : mounter, &w[i]))
				return 1;
		}
		pthread_join(w[0].th, NULL);
		__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
		for (i = 1; i < a.threads; i++)
			pthread_join(w[i].th, NULL);
		if (vfsim_check_invariants(v, why, sizeof(why)))
			stress_error("invariants", why, 0);
		rounds++;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		if ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9 >= end || stress_nr_errors)
			break;
		if (vfsim_warn_count(v))
			stress_error("warnings", "", (long)vfsim_warn_count(v));
		if (vfsim_destroy_check(v, stderr))
			stress_error("leak", "", 0);
	} while (1);
	for (i = 0; i < a.threads; i++)
		printf("stress_mount_hash: thread %lu: %lu ops, %lu ok, %lu expected errors\n",
		       i, w[i].n.ops, w[i].n.ok, w[i].n.expected_err);
	printf("stress_mount_hash: %lu rounds of %d mounts from 2^1 buckets\n",
	       rounds, ROUND_MOUNTS);
	free(w);
	return stress_end(v, "stress_mount_hash", a.seed);
}
