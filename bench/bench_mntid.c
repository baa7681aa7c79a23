/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench_mntid - mount-ID lookup against a bare rculfhash lookup.
 *
 * Builds N tmpfs mounts (default 10,000), then times, in the same run:
 *   mnt_find_by_id   the model's lookup (vfs/namespace.c), under
 *                    rcu_read_lock(), keys = every mount ID, shuffled
 *   lfht.bare        a cds_lfht of our own with the same flags, initial
 *                    size, node count, hash function and keys, whose nodes
 *                    are small { key, cds_lfht_node } records
 *   lfht.padded      the same with nodes as large as struct mount, the key
 *                    at the same offset from the cds_lfht_node: separates
 *                    the cost of the larger, scattered nodes from the cost
 *                    of the model's code
 *   vfsim_mount_by_id  the public API, which also snapshots the mount
 *                    (paths, options) into caller-visible strings
 * (the fastest of five interleaved rounds each) and prints ns per lookup and
 * the ratio of mnt_find_by_id to lfht.bare
 * (target: within 2x).
 *
 *   bench_mntid [--n N] [--iters I] [--seed S]
 * --iters: lookups timed per variant (default 2,000,000); --seed: key order.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_mntid"
#include "bench.h"


/* The model's hash of a mount ID (mnt_id_hash(), vfs/namespace.c). */
static unsigned long id_hash(int id)
{
	return (unsigned long)id * 0x9e3779b97f4a7c15ULL;
}

/* ---- the bare table ----------------------------------------------------- */

struct bare_node {
	int key;
	struct cds_lfht_node node;
};

/* As large as struct mount, with the key as far from the node as mnt_id is
 * from mnt_id_node. */
struct padded_node {
	struct cds_lfht_node node;
	char pad[offsetof(struct mount, mnt_id) - offsetof(struct mount, mnt_id_node) -
		 sizeof(struct cds_lfht_node)];
	int key;
	char tail[sizeof(struct mount) - offsetof(struct mount, mnt_id) - sizeof(int)];
};

static int bare_match(struct cds_lfht_node *node, const void *key)
{
	return caa_container_of(node, struct bare_node, node)->key == *(const int *)key;
}

static int padded_match(struct cds_lfht_node *node, const void *key)
{
	return caa_container_of(node, struct padded_node, node)->key == *(const int *)key;
}

static struct cds_lfht *new_table(void)
{
	/* the same parameters as the model's table (vfs/core.c) */
	struct cds_lfht *ht = cds_lfht_new(64, 64, 0,
					   CDS_LFHT_AUTO_RESIZE | CDS_LFHT_ACCOUNTING,
					   NULL);

	if (!ht)
		die("cds_lfht_new", -ENOMEM);
	return ht;
}

/* ---- key order ------------------------------------------------------------ */

static uint64_t rng;

static uint64_t xorshift(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void shuffle(int *a, unsigned long n)
{
	unsigned long i;

	for (i = n - 1; i > 0; i--) {
		unsigned long j = xorshift() % (i + 1);
		int tmp = a[i];

		a[i] = a[j];
		a[j] = tmp;
	}
}

static int count_cb(const struct vfsim_mount_desc *m, void *arg)
{
	*(unsigned long *)arg += m->mnt_id;
	return 0;
}

/*
 * Time the three lookups over @iters shuffled keys: five rounds, the
 * variants interleaved, the fastest round of each counts (the machine has
 * 2 cores and other work on them).
 */
static void time_all(struct vfsim *v, struct cds_lfht *ht_bare,
		     struct cds_lfht *ht_padded, const int *keys, unsigned long n,
		     unsigned long iters, unsigned long *sump, double *tm,
		     double *tb, double *tp)
{
	double t_model, t_bare, t_padded, t0;
	unsigned long i, sum = *sump;

	t_model = t_bare = t_padded = 1e30;
	for (int round = 0; round < 5; round++) {
		double d;

		t0 = now_ns();
		rcu_read_lock();
		for (i = 0; i < iters; i++)
			sum += (unsigned long)mnt_find_by_id(v, keys[i % n])->mnt_id;
		rcu_read_unlock();
		d = (now_ns() - t0) / (double)iters;
		t_model = d < t_model ? d : t_model;

		t0 = now_ns();
		rcu_read_lock();
		for (i = 0; i < iters; i++) {
			struct cds_lfht_iter it;
			const int *key = &keys[i % n];

			cds_lfht_lookup(ht_bare, id_hash(*key), bare_match, key, &it);
			sum -= (unsigned long)caa_container_of(cds_lfht_iter_get_node(&it),
							       struct bare_node, node)->key;
		}
		rcu_read_unlock();
		d = (now_ns() - t0) / (double)iters;
		t_bare = d < t_bare ? d : t_bare;

		t0 = now_ns();
		rcu_read_lock();
		for (i = 0; i < iters; i++) {
			struct cds_lfht_iter it;
			const int *key = &keys[i % n];

			cds_lfht_lookup(ht_padded, id_hash(*key), padded_match, key, &it);
			sum += (unsigned long)caa_container_of(cds_lfht_iter_get_node(&it),
							       struct padded_node, node)->key;
		}
		rcu_read_unlock();
		d = (now_ns() - t0) / (double)iters;
		t_padded = d < t_padded ? d : t_padded;
	}

	*sump = sum;
	*tm = t_model;
	*tb = t_bare;
	*tp = t_padded;
}

static void report(const char *phase, double t_model, double t_bare, double t_padded)
{
	char name[64];

	snprintf(name, sizeof(name), "%s.mnt_find_by_id", phase);
	row(name, t_model, "ns/lookup");
	snprintf(name, sizeof(name), "%s.lfht.bare", phase);
	row(name, t_bare, "ns/lookup");
	snprintf(name, sizeof(name), "%s.lfht.padded", phase);
	row(name, t_padded, "ns/lookup");
	snprintf(name, sizeof(name), "%s.ratio.model_vs_bare", phase);
	row(name, t_model / t_bare, "x (target <= 2)");
	snprintf(name, sizeof(name), "%s.ratio.model_vs_padded", phase);
	row(name, t_model / t_padded, "x");
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_mntid [--n N] [--iters I] [--seed S]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long n = 10000, iters = 2000000, i, sum = 0, api_iters;
	struct vfsim_options opts = { .seed = 1 };
	struct bare_node *bare;
	struct padded_node **padded;
	struct cds_lfht *ht_bare, *ht_padded;
	struct vfsim *v;
	struct vfsim_task *t;
	double t_model, t_bare, t_padded, t_api, t0;
	unsigned long buckets;
	char path[64];
	int *keys;

	const struct bench_opt args[] = {
		{ "--n", .ul = &n },
		{ "--iters", .ul = &iters },
		{ "--seed", .u64 = &opts.seed },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args) || !n || !iters)
		usage();
	rng = opts.seed ? opts.seed : 1;

	/* the model: N tmpfs mounts, IDs 2..N+1 (the root is 1) */
	CHECK(vfsim_create(&opts, &v));
	v->mount_max = (unsigned int)n + 16;
	CHECK(vfsim_boot(v, "empty"));
	t = vfsim_init_task(v);
	CHECK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	keys = calloc(n, sizeof(*keys));
	if (!keys)
		die("calloc", -ENOMEM);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/mnt/d%lu", i);
		CHECK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
		CHECK(vfsim_mount(t, "tmpfs", path, "tmpfs", 0, NULL));
		keys[i] = (int)vfsim_path_mnt_id(t, path);
		CHECK(keys[i]);
	}

	/* the bare tables: the same keys, inserted in the same order */
	ksim_rcu_thread_enter();
	ht_bare = new_table();
	ht_padded = new_table();
	bare = calloc(n, sizeof(*bare));
	padded = calloc(n, sizeof(*padded));
	if (!bare || !padded)
		die("calloc", -ENOMEM);
	rcu_read_lock();
	for (i = 0; i < n; i++) {
		bare[i].key = keys[i];
		cds_lfht_node_init(&bare[i].node);
		cds_lfht_add(ht_bare, id_hash(keys[i]), &bare[i].node);
		padded[i] = calloc(1, sizeof(**padded));
		if (!padded[i])
			die("calloc", -ENOMEM);
		padded[i]->key = keys[i];
		cds_lfht_node_init(&padded[i]->node);
		cds_lfht_add(ht_padded, id_hash(keys[i]), &padded[i]->node);
	}
	rcu_read_unlock();
	vfsim_rcu_barrier();	/* let the automatic resizes finish */

	shuffle(keys, n);

	/* warm-up pass over every key, checking the answers */
	rcu_read_lock();
	for (i = 0; i < n; i++) {
		struct cds_lfht_iter it;
		struct mount *m = mnt_find_by_id(v, keys[i]);

		if (!m || m->mnt_id != keys[i])
			die("mnt_find_by_id", -ENOENT);
		cds_lfht_lookup(ht_bare, id_hash(keys[i]), bare_match, &keys[i], &it);
		if (!cds_lfht_iter_get_node(&it))
			die("bare lookup", -ENOENT);
		cds_lfht_lookup(ht_padded, id_hash(keys[i]), padded_match, &keys[i], &it);
		if (!cds_lfht_iter_get_node(&it))
			die("padded lookup", -ENOENT);
	}
	rcu_read_unlock();

	printf("# bench_mntid n=%lu iters=%lu seed=%llu\n", n, iters,
	       (unsigned long long)opts.seed);
	/* 1. as built: each table as large as its automatic resizes made it */
	time_all(v, ht_bare, ht_padded, keys, n, iters, &sum, &t_model, &t_bare, &t_padded);
	report("built", t_model, t_bare, t_padded);

	/* 2. all three forced to the same bucket count (the next power of two
	 * >= N), synchronously: the like-for-like comparison */
	for (buckets = 1; buckets < n; buckets <<= 1)
		;
	cds_lfht_resize(v->mnt_id_ht, buckets);
	cds_lfht_resize(ht_bare, buckets);
	cds_lfht_resize(ht_padded, buckets);
	time_all(v, ht_bare, ht_padded, keys, n, iters, &sum, &t_model, &t_bare, &t_padded);
	report("resized", t_model, t_bare, t_padded);

	api_iters = iters / 20 ? iters / 20 : 1;
	t0 = now_ns();
	for (i = 0; i < api_iters; i++)
		CHECK(vfsim_mount_by_id(t, (unsigned int)keys[i % n], count_cb, &sum));
	t_api = (now_ns() - t0) / (double)api_iters;

	row("vfsim_mount_by_id", t_api, "ns/call");
	if (sum == 42)	/* keep the lookups from being optimised away */
		printf("#\n");

	/* tear down */
	rcu_read_lock();
	for (i = 0; i < n; i++) {
		cds_lfht_del(ht_bare, &bare[i].node);
		cds_lfht_del(ht_padded, &padded[i]->node);
	}
	rcu_read_unlock();
	synchronize_rcu();
	if (cds_lfht_destroy(ht_bare, NULL) || cds_lfht_destroy(ht_padded, NULL))
		die("cds_lfht_destroy", -EBUSY);
	for (i = 0; i < n; i++)
		free(padded[i]);
	free(padded);
	free(bare);
	free(keys);
	if (vfsim_destroy_check(v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
	return 0;
}
