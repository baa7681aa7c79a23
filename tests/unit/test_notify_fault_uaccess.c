/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User-copy fault sweeps (common/fault_sweep.h) over watch_mount() and
 * watch_sb(), adding and removing, and over mount and umount with watchers
 * in place.  For each path argument: NULL (-EFAULT, also with
 * AT_EMPTY_PATH: getname() faults before the flag is looked at), a
 * pointer into the NULL page, the string wholly unmapped, its tail
 * unmapped; then a countdown over all the call's user copies, faulting at
 * once and after 3 bytes.  After every fault, besides the sweep's own
 * checks (-EFAULT, the tree as before, invariants, no WARN_ON, no leak):
 *   - no watch was added or lost, and no record was posted;
 *   - the call, made again with its arguments whole, succeeds and posts
 *     what it posts unfaulted (in a run of its own when the check of the
 *     failed state removes watches).
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

/* VT_TEST's instance; the current run's init task (VT_TEST's too), and
 * what setup made in it. */
static struct vfsim *v;
static struct vfsim_task *t;
static int p[2], q[2];
static unsigned long long sb_a;
static unsigned int a;

/* ---- setups ------------------------------------------------------------------ */

/*
 * fx_notify_tree, and p and q two notification pipes; with setup_watched:
 *
 *   /                rootfs            <- p (ID 1)
 *   `-/mnt/a         tmpfs "a"         <- p (ID 2) on its root and (ID 3) its sb
 *       `-d
 */
static void setup_plain(struct fault_run *r)
{
	t = r->t;
	nt_tree_and_pipes(r->v, p, q, &a, &sb_a);
}

static void setup_watched(struct fault_run *r)
{
	setup_plain(r);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 3), 0);
}

/* ---- the calls, and the states they leave --------------------------------------- */

static long op_watch_mount(struct fault_run *r)
{
	return vfsim_watch_mount(t, AT_FDCWD, r->args[0], 0, q[0], 4);
}

static long op_unwatch_mount(struct fault_run *r)
{
	return vfsim_watch_mount(t, AT_FDCWD, r->args[0], 0, p[0], -1);
}

static long op_watch_sb(struct fault_run *r)
{
	return vfsim_watch_sb(t, AT_FDCWD, r->args[0], 0, q[0], 5);
}

static long op_unwatch_sb(struct fault_run *r)
{
	return vfsim_watch_sb(t, AT_FDCWD, r->args[0], 0, p[0], -1);
}

static long op_mount(struct fault_run *r)
{
	return vfsim_mount(t, r->args[0], r->args[1], "tmpfs", 0, NULL);
}

static long op_umount(struct fault_run *r)
{
	return vfsim_umount2(t, r->args[0], 0);
}

/* After a fault: nothing was posted to either pipe. */
static void quiet(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0], "%s", ""), "%s %s: p", r->c->name, r->what);
	cr_assert(nt_records_are(t, q[0], "%s", ""), "%s %s: q", r->c->name, r->what);
}

/* q has no watch on /mnt/a/d nor on a's superblock */
static void q_unwatched(struct fault_run *r)
{
	quiet(r);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], -1), -EBADSLT);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, q[0], -1), -EBADSLT);
}

static void q_watches_d(struct fault_run *r)
{
	cr_assert(nt_records_are(t, q[0], "%s", ""));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], -1), 0);
	cr_assert(nt_records_are(t, q[0], "meta removal id=4 object=0x2\n"));
}

static void q_watches_sb(struct fault_run *r)
{
	cr_assert(nt_records_are(t, q[0], "%s", ""));
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, q[0], -1), 0);
	cr_assert(nt_records_are(t, q[0], "meta removal id=5 object=0x%llx\n", sb_a));
}

/* p's three watches are all in place */
static void p_watches(void)
{
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	cr_assert(nt_records_are(t, p[0],
			         "meta removal id=1 object=0x1\n"
			         "meta removal id=2 object=0x1\n"
			         "meta removal id=3 object=0x%llx\n", sb_a));
}

static void p_unwatched_root(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0], "meta removal id=2 object=0x1\n"));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
}

static void p_unwatched_sb(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0], "meta removal id=3 object=0x%llx\n", sb_a));
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
}

static void p_unchanged(struct fault_run *r)
{
	quiet(r);
	p_watches();
}

static void mounted(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=2 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         a, nt_mnt_id(t, "/mnt/a/d")));
	p_watches();
}

static void unmounted(struct fault_run *r)
{
	cr_assert(nt_records_are(t, p[0], "mount unmount id=1 triggered_on=1 changed_mount=%u\n"
			         "meta removal id=2 object=0x%x\n"
			         "meta removal id=3 object=0x%llx\n", a, a, sb_a));
}

/* ---- the sweeps ------------------------------------------------------------------ */

/*
 * One path argument, copied once: watch_@call on /mnt/a/d where the
 * object has a watch list (setup_watched) and where it has none yet, so
 * that the first watch makes one (setup_plain); and the removal of p's
 * watch on @unwatch_path.
 */
#define WATCH_SWEEPS(call, unwatch_path, q_watches, p_unwatched)		\
	FAULT_UACCESS_TEST(notify_fault_uaccess, watch_##call, .setup = setup_watched,	\
			   .op = op_watch_##call, FAULT_ONE_PATH("/mnt/a/d"),	\
			   .after_fail = q_unwatched, .after_ok = q_watches)	\
	FAULT_UACCESS_TEST(notify_fault_uaccess, watch_##call##_first, .setup = setup_plain, \
			   .op = op_watch_##call, FAULT_ONE_PATH("/mnt/a/d"),	\
			   .after_fail = q_unwatched, .after_ok = q_watches)	\
	FAULT_UACCESS_TEST(notify_fault_uaccess, unwatch_##call, .setup = setup_watched, \
			   .op = op_unwatch_##call, FAULT_ONE_PATH(unwatch_path),	\
			   .after_fail = p_unchanged, .after_ok = p_unwatched,	\
			   .retry_apart = true)

WATCH_SWEEPS(mount, "/mnt/a", q_watches_d, p_unwatched_root)
WATCH_SWEEPS(sb, "/mnt/a/d", q_watches_sb, p_unwatched_sb)
/* source and target, and the type, a user string too; a NULL source is
 * no fault (copy_mount_string() gives NULL for it, and tmpfs needs none) */
FAULT_UACCESS_TEST(notify_fault_uaccess, mount_watched, .setup = setup_watched,
		   .op = op_mount, .nargs = 2, .args = { "xsource", "/mnt/a/d" }, .copies = 3,
		   .null_ret = { FAULT_SUCCEEDS },
		   .after_fail = p_unchanged, .after_ok = mounted, .retry_apart = true)
FAULT_UACCESS_TEST(notify_fault_uaccess, umount_watched, .setup = setup_watched,
		   .op = op_umount, FAULT_ONE_PATH("/mnt/a"),
		   .after_fail = p_unchanged, .after_ok = unmounted, .retry_apart = true)

/* AT_EMPTY_PATH does not make a NULL path acceptable (getname() faults
 * first), for adding or removing. */
VT_TEST(notify_fault_uaccess, null_path_with_at_empty_path, "empty", NULL)
{
	long dfd;
	int p[2];

	nt_pipe(t, 16, p);
	dfd = vfsim_openat(t, AT_FDCWD, "/", O_PATH | O_DIRECTORY, 0);
	OK(dfd);
	EXPECT(vfsim_watch_mount(t, (int)dfd, NULL, AT_EMPTY_PATH, p[0], 1), -EFAULT);
	EXPECT(vfsim_watch_sb(t, (int)dfd, NULL, AT_EMPTY_PATH, p[0], 1), -EFAULT);
	EXPECT(vfsim_watch_mount(t, (int)dfd, NULL, AT_EMPTY_PATH, p[0], -1), -EFAULT);
	EXPECT(vfsim_watch_sb(t, (int)dfd, NULL, AT_EMPTY_PATH, p[0], -1), -EFAULT);
	EXPECT(vfsim_watch_mount(t, (int)dfd, "", AT_EMPTY_PATH, p[0], -1), -EBADSLT);
	OK(vfsim_close(t, (int)dfd));
}
