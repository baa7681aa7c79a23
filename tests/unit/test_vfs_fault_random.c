/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Seeded random allocation failure over a scripted sequence of 200+ mixed
 * mount-tree operations.
 *
 * The script is first run with no faults: that reference run records each
 * operation's result and the mount tree after it.  Then, for each seed,
 * the script runs again with every allocation failing with probability 2%:
 *   - each result is either the reference result or -ENOMEM (-ENOSPC where
 *     the allocation is an inode, as in ramfs);
 *   - after a failure the tree is exactly what it was before the operation,
 *     the invariants hold and no WARN_ON fired; the operation is then
 *     retried (the faults stay armed, with a fresh derived seed) until it
 *     succeeds, so the run stays on the script;
 *   - after each operation the tree equals the reference run's (mount IDs
 *     included: IDs are smallest-free and failures give theirs back);
 *   - the instance is torn down without a leak.
 * Seeds are printed; set VFSIM_SEED to run one seed of your choice.
 *
 * Each round k of the script builds, under /r<k>:
 *
 *   /r<k>/a      tmpfs t<k>   shared:A
 *   │   └── m    tmpfs s<k>   (mounted after /r<k>/b and /r<k>/c exist,
 *   │                          so it propagates to b/m and c/m)
 *   /r<k>/b      bind of a     shared:A (peer)
 *   │   └── m    copy of s<k>
 *   /r<k>/c      bind of a     master:A (slave), later moved to /r<k>/e
 *   │   └── m    copy of s<k>
 *   /r<k>/d      rbind of a (a peer), then lazily unmounted, which takes
 *                a/m, b/m and c/m with it; m is then mounted again and
 *                unmounted (from a, b and c alike)
 *   /r<k>/auto   automount point (odd rounds), triggered and expired
 *
 * and exercises mkdir, symlink, open(O_CREAT), propagation changes, bind,
 * rbind, remount, setattr, walks through symlinks and mounts, umount,
 * umount -l, move, chdir and chmod.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/vfstest.h"

#define PPM 20000		/* 2% */
#define ROUNDS 9
#define MAX_RETRIES 1000

/* ---- snapshots -------------------------------------------------------------- */

/* A string describing every mount of @t's namespace (caller frees). */
static char *tree_snapshot(struct vfsim_task *t)
{
	char *s = vt_tree(t, VT_ALL);

	cr_assert_not_null(s, "vt_tree failed");
	return s;
}

/* ---- the script ------------------------------------------------------------- */

enum op_kind {
	OP_MKDIR, OP_SYMLINK, OP_OPEN_CREAT, OP_MOUNT, OP_BIND, OP_RBIND,
	OP_PROPAGATION, OP_REMOUNT, OP_SETATTR, OP_UMOUNT, OP_MOVE, OP_PATH_MNT_ID,
	OP_CHDIR, OP_CHMOD, OP_MKAUTOMOUNT, OP_EXPIRE,
};

struct op {
	enum op_kind kind;
	char a[64], b[64];
	unsigned long flags;
	const char *data;
};

static struct op script[ROUNDS * 32];
static unsigned int nops;

static struct op *add(enum op_kind kind, unsigned long flags, const char *data,
		      const char *fmt_a, const char *fmt_b, int k)
{
	struct op *o = &script[nops++];

	cr_assert(nops <= sizeof(script) / sizeof(script[0]));
	o->kind = kind;
	o->flags = flags;
	o->data = data;
	if (fmt_a)
		snprintf(o->a, sizeof(o->a), fmt_a, k);
	if (fmt_b)
		snprintf(o->b, sizeof(o->b), fmt_b, k);
	return o;
}

static void build_script(void)
{
	int k;

	nops = 0;
	for (k = 0; k < ROUNDS; k++) {
		add(OP_MKDIR, 0, NULL, "/r%d", NULL, k);
		add(OP_MKDIR, 0, NULL, "/r%d/a", NULL, k);
		add(OP_MKDIR, 0, NULL, "/r%d/b", NULL, k);
		add(OP_MKDIR, 0, NULL, "/r%d/c", NULL, k);
		add(OP_MKDIR, 0, NULL, "/r%d/d", NULL, k);
		add(OP_MKDIR, 0, NULL, "/r%d/e", NULL, k);
		add(OP_MOUNT, MS_NOSUID, "mode=755,size=1m", "t%d", "/r%d/a", k);
		add(OP_MKDIR, 0, NULL, "/r%d/a/m", NULL, k);
		add(OP_SYMLINK, 0, NULL, "/r%d/a", "/r%d/lnk", k);
		add(OP_OPEN_CREAT, 0, NULL, "/r%d/a/file-with-a-rather-long-name", NULL, k);
		add(OP_PROPAGATION, MS_SHARED, NULL, "/r%d/a", NULL, k);
		add(OP_BIND, 0, NULL, "/r%d/a", "/r%d/b", k);
		add(OP_BIND, 0, NULL, "/r%d/a", "/r%d/c", k);
		add(OP_PROPAGATION, MS_SLAVE, NULL, "/r%d/c", NULL, k);
		add(OP_MOUNT, 0, NULL, "s%d", "/r%d/a/m", k);
		add(OP_REMOUNT, MS_RDONLY, "size=2m", "/r%d/a/m", NULL, k);
		add(OP_SETATTR, MS_NOEXEC, NULL, "/r%d/b", NULL, k);
		add(OP_PATH_MNT_ID, 0, NULL, "/r%d/lnk/m", NULL, k);
		add(OP_RBIND, 0, NULL, "/r%d/a", "/r%d/d", k);
		add(OP_CHDIR, 0, NULL, "/r%d/d/m", NULL, k);
		add(OP_CHDIR, 0, NULL, "/", NULL, k);
		/* d is a peer of a: its lazy umount takes a/m, b/m and c/m
		 * too (Linux does; see tests/kernel/). */
		add(OP_UMOUNT, MNT_DETACH, NULL, "/r%d/d", NULL, k);
		add(OP_MOUNT, 0, NULL, "s%d", "/r%d/a/m", k);
		add(OP_UMOUNT, 0, NULL, "/r%d/a/m", NULL, k);
		add(OP_MOVE, 0, NULL, "/r%d/c", "/r%d/e", k);
		add(OP_PROPAGATION, MS_PRIVATE | MS_REC, NULL, "/r%d/e", NULL, k);
		add(OP_CHMOD, 0, NULL, "/r%d/b/m", NULL, k);
		if (k % 2) {
			add(OP_MKAUTOMOUNT, 0, NULL, "/r%d/auto", NULL, k);
			add(OP_PATH_MNT_ID, 0, NULL, "/r%d/auto/", NULL, k);
			add(OP_EXPIRE, 0, NULL, NULL, NULL, k);
			add(OP_EXPIRE, 0, NULL, NULL, NULL, k);
		}
	}
}

static long run_op(struct vfsim *v, struct vfsim_task *t, const struct op *o)
{
	long r;

	switch (o->kind) {
	case OP_MKDIR:
		return vfsim_mkdirat(t, AT_FDCWD, o->a, 0755);
	case OP_SYMLINK:
		return vfsim_symlinkat(t, o->a, AT_FDCWD, o->b);
	case OP_OPEN_CREAT:
		r = vfsim_openat(t, AT_FDCWD, o->a, O_CREAT | O_RDWR, 0644);
		if (r >= 0)
			r = vfsim_close(t, (int)r);
		return r;
	case OP_MOUNT:
		return vfsim_mount(t, o->a, o->b, "tmpfs", o->flags, o->data);
	case OP_BIND:
		return vfsim_mount(t, o->a, o->b, NULL, MS_BIND, NULL);
	case OP_RBIND:
		return vfsim_mount(t, o->a, o->b, NULL, MS_BIND | MS_REC, NULL);
	case OP_PROPAGATION:
		return vfsim_mount(t, NULL, o->a, NULL, o->flags, NULL);
	case OP_REMOUNT:
		return vfsim_mount(t, NULL, o->a, NULL, MS_REMOUNT | o->flags, o->data);
	case OP_SETATTR:
		return vfsim_mount(t, NULL, o->a, NULL, MS_REMOUNT | MS_BIND | o->flags,
				   NULL);
	case OP_UMOUNT:
		return vfsim_umount2(t, o->a, (int)o->flags);
	case OP_MOVE:
		return vfsim_mount(t, o->a, o->b, NULL, MS_MOVE, NULL);
	case OP_PATH_MNT_ID:
		return vfsim_path_mnt_id(t, o->a);
	case OP_CHDIR:
		return vfsim_chdir(t, o->a);
	case OP_CHMOD:
		return vfsim_chmod(t, o->a, 0700);
	case OP_MKAUTOMOUNT:
		return vfsim_mkautomount(t, o->a, "tmpfs", "auto", "mode=700");
	case OP_EXPIRE:
		return vfsim_expire_mounts(v);
	}
	return -EINVAL;
}

static bool creates_inode(enum op_kind kind)
{
	return kind == OP_MKDIR || kind == OP_SYMLINK || kind == OP_OPEN_CREAT ||
	       kind == OP_MKAUTOMOUNT;
}

/* ---- the reference run --------------------------------------------------- */

static long ref_ret[sizeof(script) / sizeof(script[0])];
static char *ref_tree[sizeof(script) / sizeof(script[0])];

static void new_instance(struct vfsim **v, struct vfsim_task **t)
{
	cr_assert_eq(vfsim_create(NULL, v), 0);
	cr_assert_eq(vfsim_boot(*v, "empty"), 0);
	*t = vfsim_init_task(*v);
	cr_assert_not_null(*t);
}

static void reference_run(void)
{
	struct vfsim *v;
	struct vfsim_task *t;
	char why[256] = "";
	unsigned int i;

	build_script();
	cr_assert_geq(nops, 200, "the script has %u operations", nops);
	new_instance(&v, &t);
	for (i = 0; i < nops; i++) {
		ref_ret[i] = run_op(v, t, &script[i]);
		cr_assert(ref_ret[i] >= 0, "reference op %u (kind %d, %s): %ld (%s)", i,
			  script[i].kind, script[i].a, ref_ret[i],
			  vfsim_errno_name((int)-ref_ret[i]));
		ref_tree[i] = tree_snapshot(t);
		cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), 0,
			     "reference op %u: %s", i, why);
	}
	/* Each pair of expiry passes marks, then unmounts, the submount. */
	for (i = 1; i < nops; i++)
		if (script[i].kind == OP_EXPIRE && script[i - 1].kind == OP_EXPIRE)
			cr_assert(ref_ret[i - 1] == 0 && ref_ret[i] == 1,
				  "expiry passes %u, %u: %ld, %ld", i - 1, i,
				  ref_ret[i - 1], ref_ret[i]);
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0);
}

/* ---- the faulty runs ------------------------------------------------------ */

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	return x ^ (x >> 33);
}

static void faulty_run(uint64_t seed)
{
	struct vfsim_alloc_stats st;
	struct vfsim *v;
	struct vfsim_task *t;
	unsigned long failures = 0;
	uint64_t arm = 0;
	unsigned int i;

	new_instance(&v, &t);
	for (i = 0; i < nops; i++) {
		const struct op *o = &script[i];
		char *before = tree_snapshot(t);
		unsigned int tries;
		long r;

		for (tries = 0;; tries++) {
			char why[256] = "";
			char *now;

			cr_assert(tries < MAX_RETRIES, "seed %#llx op %u: never succeeded",
				  (unsigned long long)seed, i);
			vfsim_fail_alloc_random(v, PPM, mix(seed + ++arm));
			r = run_op(v, t, o);
			vfsim_fail_alloc_random(v, 0, 0);

			cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), 0,
				     "seed %#llx op %u (%s) try %u: %s",
				     (unsigned long long)seed, i, o->a, tries, why);
			cr_assert_eq(vfsim_warn_count(v), 0, "seed %#llx op %u: WARN_ON",
				     (unsigned long long)seed, i);
			if (r >= 0) {
				cr_assert_eq(r, ref_ret[i], "seed %#llx op %u (%s): %ld, "
					     "reference %ld", (unsigned long long)seed, i,
					     o->a, r, ref_ret[i]);
				now = tree_snapshot(t);
				cr_assert_str_eq(now, ref_tree[i], "seed %#llx op %u (%s): "
						 "tree differs from the reference",
						 (unsigned long long)seed, i, o->a);
				free(now);
				break;
			}
			cr_assert(r == -ENOMEM || (r == -ENOSPC && creates_inode(o->kind)),
				  "seed %#llx op %u (kind %d, %s) try %u: %ld (%s)",
				  (unsigned long long)seed, i, o->kind, o->a, tries, r,
				  vfsim_errno_name((int)-r));
			failures++;
			now = tree_snapshot(t);
			cr_assert_str_eq(now, before, "seed %#llx op %u (%s): a failed "
					 "operation changed the tree",
					 (unsigned long long)seed, i, o->a);
			free(now);
		}
		free(before);
	}
	vfsim_alloc_stats(v, &st);
	cr_log_info("seed %#llx: %u operations, %lu failed with an injected fault "
		    "(%llu allocations failed)", (unsigned long long)seed, nops,
		    failures, (unsigned long long)st.failed_allocs);
	fprintf(stderr, "random seed %#llx: %u ops, %lu failed ops, %llu failed allocs\n",
		(unsigned long long)seed, nops, failures,
		(unsigned long long)st.failed_allocs);
	cr_assert_gt(failures, 0, "seed %#llx: no fault was injected",
		     (unsigned long long)seed);
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0, "seed %#llx: leak",
		     (unsigned long long)seed);
}

static void free_reference(void)
{
	unsigned int i;

	for (i = 0; i < nops; i++) {
		free(ref_tree[i]);
		ref_tree[i] = NULL;
	}
}

Test(fault_random, seeds)
{
	static const uint64_t seeds[] = { 1, 2, 3, 0x5eed, 0xdeadbeefcafeULL };
	const char *env = getenv("VFSIM_SEED");
	size_t i;

	reference_run();
	if (env && *env) {
		faulty_run(strtoull(env, NULL, 0));
	} else {
		for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++)
			faulty_run(seeds[i]);
	}
	free_reference();
}
