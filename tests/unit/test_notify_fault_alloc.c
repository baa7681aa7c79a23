/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (as test_vfs_fault_alloc.c) over
 * watch_mount() and watch_sb() (adding, with and without a watch list on
 * the object yet, and removing) and over mount-tree operations with
 * watchers in place.  For n = 1, 2, ...: a fresh instance, the case's
 * setup, the n-th allocation of the operation fails, and then
 *   - the operation returned -ENOMEM;
 *   - the mount tree is as before (vt_tree VT_ALL);
 *   - the watches are as before: no watch was half-installed (the
 *     invariant checker matches DCACHE_MOUNT_WATCH and the per-dentry
 *     counts against the live watches), none was lost, and nothing was
 *     posted to any pipe;
 *   - the operation, run again without a fault, succeeds and posts
 *     exactly the records it posts in an unfaulted run;
 *   - vfsim_destroy_check() finds no leak (an extra dentry or superblock
 *     reference would leak or warn at teardown).
 * The sweep stops at the first n whose fault did not fire.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>
#include <criterion/logging.h>

#include "common/notifytest.h"
#include "common/check.h"

struct env {
	struct vfsim *v;
	struct vfsim_task *t;
	int p[2], q[2];
	unsigned long long sb_a;	/* the superblock of /mnt/a */
	unsigned long long sb_x;	/* the superblock of /mnt/a/d (if mounted) */
	unsigned int a, x;		/* mount IDs of /mnt/a and /mnt/a/d (if mounted) */
};

struct sweep_case {
	const char *name;
	void (*setup)(struct env *e);
	long (*op)(struct env *e);
	/* Checks of what the op left: after a success (the records it posted,
	 * the watches it made or removed), and for the watch calls after a
	 * failure (the watches as they were; the pipes being empty and the
	 * tree unchanged are checked for every case). */
	void (*expect_ok)(struct env *e);
	void (*expect_failed)(struct env *e);
};

/* ---- setups ---------------------------------------------------------------- */

/*
 *   /                rootfs
 *   `-/mnt/a         tmpfs "a"
 *       `-d
 *         `-e
 *   p, q: notification pipes, nothing watched
 */
static void setup_plain(struct env *e)
{
	struct vfsim_task *t = e->t;

	nt_mkdirs(t, "/mnt/a");
	OK(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, NULL));
	nt_mkdirs(t, "/mnt/a/d/e");
	nt_pipe(t, 32, e->p);
	nt_pipe(t, 32, e->q);
	e->a = nt_mnt_id(t, "/mnt/a");
	e->sb_a = (unsigned long long)nt_sb_id(t, "/mnt/a");
}

/* setup_plain, and q watches /mnt/a (mount root) and its superblock:
 * both objects have watch lists. */
static void setup_listed(struct env *e)
{
	setup_plain(e);
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a", 0, e->q[0], 9), 0);
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a", 0, e->q[0], 9), 0);
}

/* setup_plain, and p watches /mnt/a/d and the superblock of /mnt/a. */
static void setup_watched(struct env *e)
{
	setup_plain(e);
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a/d", 0, e->p[0], 1), 0);
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], 2), 0);
}

/*
 * With watchers everywhere an operation on /mnt/a/d could reach:
 *   /                rootfs            <- p (ID 1)
 *   `-/mnt/a         tmpfs "a"         <- p (ID 2), q watches its sb (ID 3)
 *       `-d
 *   /dst             a directory of the root
 */
static void setup_tree_watched(struct env *e)
{
	setup_plain(e);
	nt_mkdirs(e->t, "/dst");
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/", 0, e->p[0], 1), 0);
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], 2), 0);
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a", 0, e->q[0], 3), 0);
}

/* setup_tree_watched plus tmpfs "x" on /mnt/a/d, watched on its root by
 * q (ID 4) and its superblock by q (ID 5). */
static void setup_x_watched(struct env *e)
{
	setup_tree_watched(e);
	OK(vfsim_mount(e->t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
	e->x = nt_mnt_id(e->t, "/mnt/a/d");
	e->sb_x = (unsigned long long)nt_sb_id(e->t, "/mnt/a/d");
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a/d", 0, e->q[0], 4), 0);
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a/d", 0, e->q[0], 5), 0);
	OK(nt_discard(e->t, e->p[0]));
	OK(nt_discard(e->t, e->q[0]));
}

/* setup_tree_watched plus an automount point /mnt/a/auto. */
static void setup_auto_watched(struct env *e)
{
	setup_tree_watched(e);
	OK(vfsim_mkautomount(e->t, "/mnt/a/auto", "tmpfs", "auto", NULL));
}

/* setup_x_watched, x on the expiry list and marked by one pass. */
static void setup_x_marked(struct env *e)
{
	setup_x_watched(e);
	OK(vfsim_mnt_set_expiry(e->t, "/mnt/a/d"));
	cr_assert_eq(vfsim_expire_mounts(e->v), 0);
}

/* ---- operations and what they leave --------------------------------------------- */

static long op_watch_mount(struct env *e)
{
	return vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a/d", 0, e->p[0], 1);
}

static long op_unwatch_mount(struct env *e)
{
	return vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a/d", 0, e->p[0], -1);
}

static long op_watch_sb(struct env *e)
{
	return vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a/d", 0, e->p[0], 2);
}

static long op_unwatch_sb(struct env *e)
{
	return vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a/d", 0, e->p[0], -1);
}

/* A mount watch of p on /mnt/a/d exists (@present) or not. */
static void check_mount_watch(struct env *e, bool present)
{
	EXPECT(vfsim_watch_mount(e->t, AT_FDCWD, "/mnt/a/d", 0, e->p[0], -1),
	       present ? 0 : -EBADSLT);
	if (present)
		cr_assert(nt_records_are(e->t, e->p[0], "meta removal id=1 object=0x2\n"));
}

static void check_sb_watch(struct env *e, bool present)
{
	EXPECT(vfsim_watch_sb(e->t, AT_FDCWD, "/mnt/a", 0, e->p[0], -1),
	       present ? 0 : -EBADSLT);
	if (present)
		cr_assert(nt_records_are(e->t, e->p[0], "meta removal id=2 object=0x%llx\n", e->sb_a));
}

static void mount_watch_made(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0], "%s", ""));
	check_mount_watch(e, true);
}

static void mount_watch_not_made(struct env *e)
{
	check_mount_watch(e, false);
}

static void mount_watch_removed(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0], "meta removal id=1 object=0x2\n"));
	check_mount_watch(e, false);
}

static void mount_watch_kept(struct env *e)
{
	check_mount_watch(e, true);
}

static void sb_watch_made(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0], "%s", ""));
	check_sb_watch(e, true);
}

static void sb_watch_not_made(struct env *e)
{
	check_sb_watch(e, false);
}

static void sb_watch_removed(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0], "meta removal id=2 object=0x%llx\n", e->sb_a));
	check_sb_watch(e, false);
}

static void sb_watch_kept(struct env *e)
{
	check_sb_watch(e, true);
}

static long op_mount(struct env *e)
{
	return vfsim_mount(e->t, "x", "/mnt/a/d", "tmpfs", 0, "mode=700,size=1m");
}

static void mounted(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0],
			         "mount new_mount id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         e->a, nt_mnt_id(e->t, "/mnt/a/d")));
	cr_assert(nt_records_are(e->t, e->q[0], "%s", ""));
}

static long op_bind(struct env *e)
{
	return vfsim_mount(e->t, "/mnt/a", "/dst", NULL, MS_BIND, NULL);
}

static void bound(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0], "mount new_mount id=1 triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(e->t, "/dst")));
}

static long op_umount(struct env *e)
{
	return vfsim_umount2(e->t, "/mnt/a/d", 0);
}

static void unmounted(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0],
			         "mount unmount id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount unmount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         e->a, e->x));
	cr_assert(nt_records_are(e->t, e->q[0],
			         "meta removal id=4 object=0x%x\n"
			         "meta removal id=5 object=0x%llx\n",
			         e->x, e->sb_x));
}

static long op_move(struct env *e)
{
	return vfsim_mount(e->t, "/mnt/a/d", "/dst", NULL, MS_MOVE, NULL);
}

static void moved(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0],
			         "mount move_from id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount move_from id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n"
			         "mount move_to id=1 triggered_on=1 changed_mount=%2$u\n", e->a, e->x));
	cr_assert(nt_records_are(e->t, e->q[0], "%s", ""));
}

static long op_remount_ro(struct env *e)
{
	return vfsim_mount(e->t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, "size=2m");
}

static void remounted_ro(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0],
			         "mount setattr id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=1 flags=in_subtree,is_now_ro triggered_on=%1$u changed_mount=0\n",
			         e->a));
	cr_assert(nt_records_are(e->t, e->q[0], "sb readonly id=3 flags=is_now_ro sb_id=0x%llx\n",
			         e->sb_a));
}

static long op_setattr(struct env *e)
{
	return vfsim_mount(e->t, NULL, "/mnt/a", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID, NULL);
}

static void setattr_done(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0],
			         "mount readonly id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
			         "mount readonly id=1 flags=in_subtree,is_now_ro triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=1 flags=in_subtree,is_now_ro triggered_on=%1$u changed_mount=0\n",
			         e->a));
	cr_assert(nt_records_are(e->t, e->q[0], "%s", ""));
}

static long op_automount(struct env *e)
{
	return vfsim_path_mnt_id(e->t, "/mnt/a/auto/");
}

static void automounted(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0],
			         "mount new_mount id=2 flags=is_submount triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=1 flags=in_subtree,is_submount triggered_on=%1$u "
			         "changed_mount=%2$u\n", e->a, nt_mnt_id(e->t, "/mnt/a/auto/")));
}

static long op_expire(struct env *e)
{
	return vfsim_expire_mounts(e->v);
}

static void expired(struct env *e)
{
	cr_assert(nt_records_are(e->t, e->p[0],
			         "mount expiry id=2 flags=in_subtree triggered_on=%2$u changed_mount=0\n"
			         "mount expiry id=1 flags=in_subtree triggered_on=%2$u changed_mount=0\n"
			         "mount unmount id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount unmount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         e->a, e->x));
	cr_assert(nt_records_are(e->t, e->q[0],
			         "mount expiry id=4 triggered_on=%1$u changed_mount=0\n"
			         "meta removal id=4 object=0x%1$x\n"
			         "meta removal id=5 object=0x%2$llx\n", e->x, e->sb_x));
}

/* ---- the sweep --------------------------------------------------------------------- */

static void check_clean(struct env *e, const char *what, unsigned long n)
{
	char why[256] = "";

	cr_assert_eq(vfsim_check_invariants(e->v, why, sizeof(why)), 0,
		     "%s n=%lu: invariant: %s", what, n, why);
	cr_assert_eq(vfsim_warn_count(e->v), 0, "%s n=%lu: WARN_ON fired", what, n);
}

static unsigned long sweep(const struct sweep_case *c)
{
	unsigned long n;

	for (n = 1;; n++) {
		struct env e = { 0 };
		char *before, *after;
		bool fired;
		long ret;

		cr_assert_eq(vfsim_create(NULL, &e.v), 0);
		cr_assert_eq(vfsim_boot(e.v, "empty"), 0);
		e.t = vfsim_init_task(e.v);
		c->setup(&e);
		before = vt_tree(e.t, VT_ALL);
		cr_assert_not_null(before);

		vfsim_fail_nth_alloc(e.v, n);
		ret = c->op(&e);
		fired = vfsim_alloc_fault_fired(e.v);
		vfsim_fail_nth_alloc(e.v, 0);

		if (fired) {
			cr_assert_eq(ret, -ENOMEM, "%s n=%lu: %ld (%s), want -ENOMEM", c->name, n,
				     ret, vfsim_errno_name((int)-ret));
			after = vt_tree(e.t, VT_ALL);
			cr_assert_str_eq(after, before, "%s n=%lu: tree changed", c->name, n);
			free(after);
			check_clean(&e, c->name, n);
			cr_assert(nt_records_are(e.t, e.p[0], "%s", ""));
			cr_assert(nt_records_are(e.t, e.q[0], "%s", ""));
			if (c->expect_failed) {
				c->expect_failed(&e);
				check_clean(&e, c->name, n);
				/* the failed-state check may have changed things:
				 * start over for the retry */
				free(before);
				cr_assert_eq(vfsim_destroy_check(e.v, stderr), 0,
					     "%s n=%lu: leak", c->name, n);
				continue;
			}
			ret = c->op(&e);
			cr_assert_geq(ret, 0, "%s n=%lu: retry: %ld (%s)", c->name, n, ret,
				      vfsim_errno_name((int)-ret));
		} else {
			cr_assert_geq(ret, 0, "%s n=%lu: no fault, but %ld (%s)", c->name, n, ret,
				      vfsim_errno_name((int)-ret));
		}
		check_clean(&e, c->name, n);
		c->expect_ok(&e);
		check_clean(&e, c->name, n);
		free(before);
		cr_assert_eq(vfsim_destroy_check(e.v, stderr), 0, "%s n=%lu: leak", c->name, n);
		if (!fired)
			break;
	}
	cr_log_info("%s: %lu allocation failure points", c->name, n - 1);
	fprintf(stderr, "sweep %-22s %4lu failure points\n", c->name, n - 1);
	return n - 1;
}

/* The watch calls: the failed state is checked in one run, the retry in
 * the next (the check itself adds or removes a watch). */
static unsigned long sweep_watch(const struct sweep_case *c)
{
	struct sweep_case failed = *c, retried = *c;
	unsigned long a, b;

	retried.expect_failed = NULL;
	a = sweep(&failed);
	b = sweep(&retried);
	cr_assert_eq(a, b);
	return a;
}

#define SWEEP(id, min, ...)						\
	Test(notify_fault_alloc, id)					\
	{								\
		static const struct sweep_case c = { .name = #id, __VA_ARGS__ }; \
		unsigned long points = c.expect_failed ? sweep_watch(&c) : sweep(&c); \
		cr_assert_geq((long)points, (long)(min), "%s: only %lu failure points", \
			      #id, points);					\
	}

/* getname, the watch list, the watch */
SWEEP(watch_mount_first, 3, .setup = setup_plain, .op = op_watch_mount,
      .expect_ok = mount_watch_made, .expect_failed = mount_watch_not_made)
/* getname, the watch */
SWEEP(watch_mount_listed, 2, .setup = setup_listed, .op = op_watch_mount,
      .expect_ok = mount_watch_made, .expect_failed = mount_watch_not_made)
SWEEP(unwatch_mount, 1, .setup = setup_watched, .op = op_unwatch_mount,
      .expect_ok = mount_watch_removed, .expect_failed = mount_watch_kept)
SWEEP(watch_sb_first, 3, .setup = setup_plain, .op = op_watch_sb,
      .expect_ok = sb_watch_made, .expect_failed = sb_watch_not_made)
SWEEP(watch_sb_listed, 2, .setup = setup_listed, .op = op_watch_sb,
      .expect_ok = sb_watch_made, .expect_failed = sb_watch_not_made)
SWEEP(unwatch_sb, 1, .setup = setup_watched, .op = op_unwatch_sb,
      .expect_ok = sb_watch_removed, .expect_failed = sb_watch_kept)
/* mount-tree operations with watchers on the way */
SWEEP(mount_watched, 1, .setup = setup_tree_watched, .op = op_mount, .expect_ok = mounted)
SWEEP(bind_watched, 1, .setup = setup_tree_watched, .op = op_bind, .expect_ok = bound)
SWEEP(umount_watched, 1, .setup = setup_x_watched, .op = op_umount, .expect_ok = unmounted)
SWEEP(move_watched, 1, .setup = setup_x_watched, .op = op_move, .expect_ok = moved)
SWEEP(remount_ro_watched, 1, .setup = setup_tree_watched, .op = op_remount_ro,
      .expect_ok = remounted_ro)
SWEEP(setattr_watched, 0, .setup = setup_tree_watched, .op = op_setattr,
      .expect_ok = setattr_done)
SWEEP(automount_watched, 1, .setup = setup_auto_watched, .op = op_automount,
      .expect_ok = automounted)
SWEEP(expire_watched, 0, .setup = setup_x_marked, .op = op_expire, .expect_ok = expired)
