/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The mount, mountpoint and dentry hashes grow with what they hold
 * (compat's hlist_table.h): each doubles when its entries outnumber its
 * buckets, at the same points in every run, every mount and dentry stays
 * reachable across a resize, and a resize whose allocation fails leaves
 * the old table working (the operation that asked for it still succeeds,
 * and the next one grows it).  Instances start from 2^1 buckets
 * (vfsim_options.mhash_shift = 1) so a few mounts cross several sizes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <vfs/kernel.h>

#include "common/check.h"
#include "common/vfstest.h"

static struct vfsim *boot_small(void)
{
	struct vfsim_options opts = { .mhash_shift = 1 };

	return vt_boot_with(&opts, "empty");
}

/* The smallest shift whose buckets hold @n entries at load factor 1. */
static unsigned int shift_for(unsigned long n)
{
	unsigned int s = 1;

	while ((1UL << s) < n)
		s++;
	return s;
}

static void mkdirs(struct vfsim_task *t, int from, int to)
{
	char path[32];

	for (int i = from; i < to; i++) {
		snprintf(path, sizeof(path), "/d%d", i);
		OK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
	}
}

static long mount_on(struct vfsim_task *t, int i)
{
	char path[32];

	snprintf(path, sizeof(path), "/d%d", i);
	return vfsim_mount(t, "tmpfs", path, "tmpfs", 0, NULL);
}

/* Every /d<i> below @n resolves to a mount of its own. */
static void check_reachable(struct vfsim_task *t, int n, long root_id)
{
	char path[32];

	for (int i = 0; i < n; i++) {
		long id;

		snprintf(path, sizeof(path), "/d%d", i);
		id = vfsim_path_mnt_id(t, path);
		cr_assert_gt(id, 0, "%s: %ld", path, id);
		cr_assert_neq(id, root_id, "%s lost its mount", path);
	}
}

Test(vfs_hash_grow, tables_double_as_mounts_come_and_stay_reachable)
{
	struct vfsim *v = boot_small();
	struct vfsim_task *t = vfsim_init_task(v);
	long root_id = vfsim_path_mnt_id(t, "/");
	int i;

	cr_assert_eq(v->mount_hashtable->shift, 1);
	cr_assert_eq(v->mountpoint_hashtable->shift, 1);
	cr_assert_eq(v->dentry_hashtable->shift, 3);
	mkdirs(t, 0, 300);
	for (i = 0; i < 300; i++) {
		OK(mount_on(t, i));
		/* i + 1 mounts on mountpoints: the mount hash's entries */
		cr_assert_eq(v->nr_mounted, (unsigned long)i + 1);
		cr_assert_eq(v->mount_hashtable->shift, shift_for((unsigned long)i + 1),
			     "after %d mounts", i + 1);
		/* i + 1 mountpoints, and while a mount is made one more
		 * (attach_recursive_mnt()'s for the new mount's root) */
		cr_assert_eq(v->nr_mountpoints, (unsigned long)i + 1);
		cr_assert_eq(v->mountpoint_hashtable->shift, shift_for((unsigned long)i + 2),
			     "mountpoint hash after %d mounts", i + 1);
	}
	cr_assert_eq(v->mount_hashtable->shift, 9);
	cr_assert_geq(v->dentry_hashtable->shift, shift_for(300));
	check_reachable(t, 300, root_id);
	cr_assert_eq(vt_check(v), 0);
	/* a recursive bind copies all 301 mounts: copy_tree()'s attaches grow
	 * the table in the middle of the copy */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/d0/copy", 0755));
	OK(vfsim_mount(t, "/", "/d0/copy", NULL, MS_BIND | MS_REC, NULL));
	cr_assert_eq(v->mount_hashtable->shift, shift_for(v->nr_mounted));
	cr_assert_eq(vfsim_path_mnt_id(t, "/d0/copy/d299") > 0, 1);
	cr_assert_neq(vfsim_path_mnt_id(t, "/d0/copy/d299"),
		      vfsim_path_mnt_id(t, "/d299"));
	OK(vfsim_umount2(t, "/d0/copy", MNT_DETACH));
	for (i = 0; i < 300; i++) {
		char path[32];

		snprintf(path, sizeof(path), "/d%d", i);
		OK(vfsim_umount2(t, path, 0));
	}
	cr_assert_eq(v->nr_mounted, 0);
	cr_assert_eq(v->nr_mountpoints, 0);
	/* The kernel never shrinks its hashes; neither does the model. */
	cr_assert_eq(v->mount_hashtable->shift, 10);
	cr_assert_eq(vt_finish(v), 0);
}

/* Dentries of a tmpfs: hashed by mkdir, unhashed when the tmpfs goes. */
Test(vfs_hash_grow, dentry_hash_doubles_with_dentries)
{
	struct vfsim *v = boot_small();
	struct vfsim_task *t = vfsim_init_task(v);
	unsigned long base;
	char path[32];

	OK(vfsim_mkdirat(t, AT_FDCWD, "/t", 0755));
	OK(vfsim_mount(t, "tmpfs", "/t", "tmpfs", 0, NULL));
	base = v->nr_hashed_dentries;
	for (int i = 0; i < 1000; i++) {
		snprintf(path, sizeof(path), "/t/d%d", i);
		OK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
	}
	cr_assert_eq(v->nr_hashed_dentries, base + 1000);
	cr_assert_eq(v->dentry_hashtable->shift, shift_for(base + 1000));
	for (int i = 0; i < 1000; i += 7) {
		snprintf(path, sizeof(path), "/t/d%d", i);
		EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), -EEXIST);
	}
	EXPECT(vfsim_path_mnt_id(t, "/t/d1000"), -ENOENT);
	OK(vfsim_umount2(t, "/t", 0));
	cr_assert_eq(v->nr_hashed_dentries, base);
	cr_assert_eq(vt_finish(v), 0);
}

/*
 * Fail each allocation of an operation that grows a table in turn (an
 * instance per attempt, the same calls before it).  An allocation whose
 * failure the operation survives is a resize's: the table keeps its size
 * and its entries, the invariants hold, and the next operation grows it.
 * Any other failure fails the operation with ENOMEM.  Returns the number
 * of resize failures seen.
 */
static unsigned int sweep_growth(void (*setup)(struct vfsim_task *t),
				 long (*op)(struct vfsim_task *t),
				 long (*next)(struct vfsim_task *t),
				 int reachable)
{
	unsigned int survived = 0;

	for (unsigned long n = 1; n < 100; n++) {
		struct vfsim *v = boot_small();
		struct vfsim_task *t = vfsim_init_task(v);
		struct vfsim_alloc_stats a, b;
		unsigned int ms, ps, ds;
		long ret;

		setup(t);
		ms = v->mount_hashtable->shift;
		ps = v->mountpoint_hashtable->shift;
		ds = v->dentry_hashtable->shift;
		vfsim_alloc_stats(v, &a);
		vfsim_fail_nth_alloc(v, n);
		ret = op(t);
		vfsim_fail_nth_alloc(v, 0);
		vfsim_alloc_stats(v, &b);
		if (b.failed_allocs == a.failed_allocs) {
			/* ran unfaulted: it grew something */
			OK(ret);
			cr_assert(v->mount_hashtable->shift > ms ||
				  v->mountpoint_hashtable->shift > ps ||
				  v->dentry_hashtable->shift > ds,
				  "the operation grows no table");
			cr_assert_eq(vt_finish(v), 0);
			break;
		}
		if (ret < 0) {
			cr_assert(ret == -ENOMEM || ret == -ENOSPC,
				  "alloc %lu: %ld", n, ret);
		} else {
			survived++;
			cr_assert(v->mount_hashtable->shift == ms ||
				  v->mountpoint_hashtable->shift == ps ||
				  v->dentry_hashtable->shift == ds,
				  "alloc %lu failed, yet every table grew", n);
			cr_assert_eq(vt_check(v), 0, "alloc %lu", n);
			check_reachable(t, reachable, vfsim_path_mnt_id(t, "/"));
			OK(next(t));
			cr_assert(v->mount_hashtable->shift > ms ||
				  v->mountpoint_hashtable->shift > ps ||
				  v->dentry_hashtable->shift > ds,
				  "the next operation did not grow the table");
		}
		cr_assert_eq(vt_finish(v), 0, "alloc %lu", n);
	}
	return survived;
}

/*
 * From 2^1 buckets: the second mount takes the mountpoint hash to 2^2 (3
 * mountpoints while it is made), the third the mount hash (3 mounts).
 */
static void setup_one_mount(struct vfsim_task *t)
{
	mkdirs(t, 0, 4);
	OK(mount_on(t, 0));
}

static void setup_two_mounts(struct vfsim_task *t)
{
	setup_one_mount(t);
	OK(mount_on(t, 1));
}

static long second_mount(struct vfsim_task *t) { return mount_on(t, 1); }
static long third_mount(struct vfsim_task *t) { return mount_on(t, 2); }
static long fourth_mount(struct vfsim_task *t) { return mount_on(t, 3); }

Test(vfs_hash_grow, failed_mountpoint_hash_growth_keeps_the_old_table)
{
	cr_assert_geq(sweep_growth(setup_one_mount, second_mount, third_mount, 2), 1);
}

Test(vfs_hash_grow, failed_mount_hash_growth_keeps_the_old_table)
{
	cr_assert_geq(sweep_growth(setup_two_mounts, third_mount, fourth_mount, 3), 1);
}

/* The dentry hash is full: the next mkdir grows it. */
static void setup_full_dentries(struct vfsim_task *t)
{
	struct vfsim *v = vfsim_task_kernel(t);
	int i = 0;
	char path[32];

	while (!hlist_table_full(v->dentry_hashtable, v->nr_hashed_dentries + 1)) {
		snprintf(path, sizeof(path), "/x%d", i++);
		OK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
	}
}

static long mkdir_y(struct vfsim_task *t) { return vfsim_mkdirat(t, AT_FDCWD, "/y", 0755); }
static long mkdir_z(struct vfsim_task *t) { return vfsim_mkdirat(t, AT_FDCWD, "/z", 0755); }

Test(vfs_hash_grow, failed_dentry_hash_growth_keeps_the_old_table)
{
	cr_assert_geq(sweep_growth(setup_full_dentries, mkdir_y, mkdir_z, 0), 1);
}
