/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (common/fault_sweep.h) over
 * watch_mount() and watch_sb() (adding, with and without a watch list on
 * the object yet, and removing) and over mount-tree operations with
 * watchers in place.  Besides the sweep's own checks (-ENOMEM, the mount
 * tree as before, invariants, no WARN_ON, no leak):
 *   - the watches are as before: no watch was half-installed (the
 *     invariant checker matches DCACHE_MOUNT_WATCH and the per-dentry
 *     counts against the live watches), none was lost, and nothing was
 *     posted to any pipe;
 *   - the operation, run again without a fault, succeeds and posts
 *     exactly the records it posts in an unfaulted run (an extra dentry or
 *     superblock reference would leak or warn at teardown).
 * The watch calls' failed state is checked by adding or removing a watch:
 * their retry is made in a run of its own.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

/* The instance of the current run, and what setup made in it. */
static struct vfsim *v;
static struct vfsim_task *t;
static int p[2], q[2];
static unsigned long long sb_a;	/* the superblock of /mnt/a */
static unsigned long long sb_x;	/* the superblock of /mnt/a/d (if mounted) */
static unsigned int a, x;	/* mount IDs of /mnt/a and /mnt/a/d (if mounted) */

/* ---- setups ---------------------------------------------------------------- */

/* fx_notify_tree (/mnt/a, tmpfs "a", with d and d/e), and p and q two
 * notification pipes, nothing watched. */
static void setup_plain(struct fault_run *r)
{
	v = r->v;
	t = r->t;
	x = 0;
	sb_x = 0;
	nt_tree_and_pipes(v, p, q, &a, &sb_a);
}

/* setup_plain, and q watches /mnt/a (mount root) and its superblock:
 * both objects have watch lists. */
static void setup_listed(struct fault_run *r)
{
	setup_plain(r);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, q[0], 9), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, q[0], 9), 0);
}

/* setup_plain, and p watches /mnt/a/d and the superblock of /mnt/a. */
static void setup_watched(struct fault_run *r)
{
	setup_plain(r);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 2), 0);
}

/*
 * With watchers everywhere an operation on /mnt/a/d could reach:
 *   /                rootfs            <- p (ID 1)
 *   `-/mnt/a         tmpfs "a"         <- p (ID 2), q watches its sb (ID 3)
 *       `-d
 *   /dst             a directory of the root
 */
static void setup_tree_watched(struct fault_run *r)
{
	setup_plain(r);
	nt_mkdirs(t, "/dst");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, q[0], 3), 0);
}

/* setup_tree_watched plus tmpfs "x" on /mnt/a/d, watched on its root by
 * q (ID 4) and its superblock by q (ID 5). */
static void setup_x_watched(struct fault_run *r)
{
	setup_tree_watched(r);
	OK(vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
	x = nt_mnt_id(t, "/mnt/a/d");
	sb_x = nt_sb_id(t, "/mnt/a/d");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], 4), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, q[0], 5), 0);
	OK(nt_discard(t, p[0]));
	OK(nt_discard(t, q[0]));
}

/* setup_tree_watched plus an automount point /mnt/a/auto. */
static void setup_auto_watched(struct fault_run *r)
{
	setup_tree_watched(r);
	OK(vfsim_mkautomount(t, "/mnt/a/auto", "tmpfs", "auto", NULL));
}

/* setup_x_watched, x on the expiry list and marked by one pass. */
static void setup_x_marked(struct fault_run *r)
{
	setup_x_watched(r);
	OK(vfsim_mnt_set_expiry(t, "/mnt/a/d"));
	cr_assert_eq(vfsim_expire_mounts(v), 0);
}

/* ---- operations and what they leave --------------------------------------------- */

static long op_watch_mount(struct fault_run *r)
{
	return vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1);
}

static long op_unwatch_mount(struct fault_run *r)
{
	return vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1);
}

static long op_watch_sb(struct fault_run *r)
{
	return vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 2);
}

static long op_unwatch_sb(struct fault_run *r)
{
	return vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1);
}

/* After a failure: nothing was posted to either pipe. */
static void quiet(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0], "%s", ""), "%s %s: p", r->c->name, r->what);
	cr_assert(nt_records_are(t, q[0], "%s", ""), "%s %s: q", r->c->name, r->what);
}

/* p's watch a sweep of WATCH_SWEEPS() makes or removes (its case's .priv):
 * the call, a path to remove it by, its ID. */
struct watched {
	nt_watch_fn *watch;
	const char *path;
	int id;
	bool sb;		/* on the superblock of /mnt/a, not on d */
};

static const struct watched mount_watch = { vfsim_watch_mount, "/mnt/a/d", 1, false };
static const struct watched sb_watch = { vfsim_watch_sb, "/mnt/a", 2, true };

/* p holds exactly the REMOVAL record of @w's watch. */
static bool removal_of(const struct watched *w)
{
	return nt_records_are(t, p[0], "meta removal id=%d object=0x%llx\n", w->id,
			      w->sb ? sb_a : 2ULL);
}

/* @w's watch exists (@present) or not: removing it succeeds (with its
 * REMOVAL record) or is EBADSLT. */
static void check_watch(const struct watched *w, bool present)
{
	EXPECT(w->watch(t, AT_FDCWD, w->path, 0, p[0], -1), present ? 0 : -EBADSLT);
	if (present)
		cr_assert(removal_of(w));
}

static void watch_made(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	check_watch(r->c->priv, true);
}

static void watch_not_made(struct fault_run *r)
{
	quiet(r);
	check_watch(r->c->priv, false);
}

static void watch_removed(struct fault_run *r)
{
	cr_assert(removal_of(r->c->priv));
	check_watch(r->c->priv, false);
}

static void watch_kept(struct fault_run *r)
{
	quiet(r);
	check_watch(r->c->priv, true);
}

static long op_mount(struct fault_run *r)
{
	return vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, "mode=700,size=1m");
}

static void mounted(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         a, nt_mnt_id(t, "/mnt/a/d")));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
}

static long op_bind(struct fault_run *r)
{
	return vfsim_mount(t, "/mnt/a", "/dst", NULL, MS_BIND, NULL);
}

static void bound(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0], "mount new_mount id=1 triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(t, "/dst")));
}

static long op_umount(struct fault_run *r)
{
	return vfsim_umount2(t, "/mnt/a/d", 0);
}

static void unmounted(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0],
			         "mount unmount id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount unmount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         a, x));
	cr_assert(nt_records_are(t, q[0],
			         "meta removal id=4 object=0x%x\n"
			         "meta removal id=5 object=0x%llx\n",
			         x, sb_x));
}

static long op_move(struct fault_run *r)
{
	return vfsim_mount(t, "/mnt/a/d", "/dst", NULL, MS_MOVE, NULL);
}

static void moved(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0],
			         "mount move_from id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount move_from id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n"
			         "mount move_to id=1 triggered_on=1 changed_mount=%2$u\n", a, x));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
}

static long op_remount_ro(struct fault_run *r)
{
	return vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, "size=2m");
}

static void remounted_ro(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0],
			         "mount setattr id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=1 flags=in_subtree,is_now_ro triggered_on=%1$u changed_mount=0\n",
			         a));
	cr_assert(nt_records_are(t, q[0], "sb readonly id=3 flags=is_now_ro sb_id=0x%llx\n",
			         sb_a));
}

static long op_setattr(struct fault_run *r)
{
	return vfsim_mount(t, NULL, "/mnt/a", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID, NULL);
}

static void setattr_done(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0],
			         "mount readonly id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
			         "mount readonly id=1 flags=in_subtree,is_now_ro triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=1 flags=in_subtree,is_now_ro triggered_on=%1$u changed_mount=0\n",
			         a));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
}

static long op_automount(struct fault_run *r)
{
	return vfsim_path_mnt_id(t, "/mnt/a/auto/");
}

static void automounted(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=2 flags=is_submount triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=1 flags=in_subtree,is_submount triggered_on=%1$u "
			         "changed_mount=%2$u\n", a, nt_mnt_id(t, "/mnt/a/auto/")));
}

static long op_expire(struct fault_run *r)
{
	return vfsim_expire_mounts(v);
}

static void expired(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0],
			         "mount expiry id=2 flags=in_subtree triggered_on=%2$u changed_mount=0\n"
			         "mount expiry id=1 flags=in_subtree triggered_on=%2$u changed_mount=0\n"
			         "mount unmount id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount unmount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         a, x));
	cr_assert(nt_records_are(t, q[0],
			         "mount expiry id=4 triggered_on=%1$u changed_mount=0\n"
			         "meta removal id=4 object=0x%1$x\n"
			         "meta removal id=5 object=0x%2$llx\n", x, sb_x));
}

/* ---- the sweeps ------------------------------------------------------------------- */

/*
 * watch_@call where the object has no watch list yet (getname, the watch
 * list, the watch: at least 3 points) and where it has one (getname, the
 * watch: 2), and the removal of p's watch (1).
 */
#define WATCH_SWEEPS(call)						\
	FAULT_ALLOC_TEST(notify_fault_alloc, watch_##call##_first, .setup = setup_plain, \
			 .op = op_watch_##call, .min_allocs = 3,		\
			 .after_ok = watch_made, .after_fail = watch_not_made,	\
			 .retry_apart = true, .priv = &call##_watch)		\
	FAULT_ALLOC_TEST(notify_fault_alloc, watch_##call##_listed, .setup = setup_listed, \
			 .op = op_watch_##call, .min_allocs = 2,		\
			 .after_ok = watch_made, .after_fail = watch_not_made,	\
			 .retry_apart = true, .priv = &call##_watch)		\
	FAULT_ALLOC_TEST(notify_fault_alloc, unwatch_##call, .setup = setup_watched,	\
			 .op = op_unwatch_##call, .min_allocs = 1,		\
			 .after_ok = watch_removed, .after_fail = watch_kept,	\
			 .retry_apart = true, .priv = &call##_watch)

WATCH_SWEEPS(mount)
WATCH_SWEEPS(sb)
/* mount-tree operations with watchers on the way */
FAULT_ALLOC_TEST(notify_fault_alloc, mount_watched, .setup = setup_tree_watched,
		 .op = op_mount, .after_fail = quiet, .after_ok = mounted)
FAULT_ALLOC_TEST(notify_fault_alloc, bind_watched, .setup = setup_tree_watched,
		 .op = op_bind, .after_fail = quiet, .after_ok = bound)
FAULT_ALLOC_TEST(notify_fault_alloc, umount_watched, .setup = setup_x_watched,
		 .op = op_umount, .after_fail = quiet, .after_ok = unmounted)
FAULT_ALLOC_TEST(notify_fault_alloc, move_watched, .setup = setup_x_watched,
		 .op = op_move, .after_fail = quiet, .after_ok = moved)
FAULT_ALLOC_TEST(notify_fault_alloc, remount_ro_watched, .setup = setup_tree_watched,
		 .op = op_remount_ro, .after_fail = quiet, .after_ok = remounted_ro)
/* the path's copy (the change of flags itself allocates nothing) */
FAULT_ALLOC_TEST(notify_fault_alloc, setattr_watched, .setup = setup_tree_watched,
		 .op = op_setattr, .after_fail = quiet, .after_ok = setattr_done)
FAULT_ALLOC_TEST(notify_fault_alloc, automount_watched, .setup = setup_auto_watched,
		 .op = op_automount, .after_fail = quiet, .after_ok = automounted)
/* The second pass unmounts the marked x.  Expiry allocates nothing (see
 * test_vfs_fault_alloc.c's expire), and neither does posting its records:
 * the kernel posts under the watch list's spinlock, into the pipe's
 * preallocated ring, so a post cannot fail for memory. */
FAULT_ALLOC_TEST(notify_fault_alloc, expire_watched, .setup = setup_x_marked,
		 .op = op_expire, .after_fail = quiet, .after_ok = expired,
		 .allocates_nothing = true)
