/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Fault sweeps over pivot_root(2) (common/fault_sweep.h): every allocation
 * it makes (the two names, put_old's mountpoint, the fanotify events its
 * namespace_unlock() reports) and every user copy (the two paths) made to
 * fail in turn.  A failure leaves the tree, the task's root and cwd as
 * they were, nothing allocated, the invariants true; the call then
 * succeeds.  A failed fanotify event allocation loses the event, not the
 * call (fsnotify_mnt(), vfs/fanotify.c): that run succeeds.
 *
 *   /               rootfs
 *   `-/host         tmpfs "host": the init task's root and cwd
 *      `-/host/new  tmpfs "new", with /host/new/old
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/uapi/linux/fanotify.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"

static void setup(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	fx_tmpfs(t, "host", "/host");
	OK(vfsim_chroot(t, "/host"));
	OK(vfsim_chdir(t, "/"));
	fx_tmpfs(t, "new", "/new");
	OK(vfsim_mkdirat(t, AT_FDCWD, "/new/old", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/new/etc", 0755));
}

/* ... and a fanotify group watching the namespace, and a mount watch. */
static void setup_watched(struct fault_run *r)
{
	struct vfsim_task *t = r->t;
	long ns, fd;
	int fds[2];

	setup(r);
	ns = vfsim_open_mntns(t, 0);
	OK(ns);
	fd = vfsim_fanotify_init(t, FAN_REPORT_MNT | FAN_NONBLOCK, O_RDONLY);
	OK(fd);
	OK(vfsim_fanotify_mark(t, (int)fd, FAN_MARK_ADD | FAN_MARK_MNTNS,
			       FAN_MNT_ATTACH | FAN_MNT_DETACH, (int)ns, NULL));
	OK(vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK));
	OK(vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_SIZE, 16));
	OK(vfsim_watch_mount(t, AT_FDCWD, "/", 0, fds[0], 1));
}

/* ... with the cwd on new_root, for pivot_root(".", "."). */
static void setup_in_new(struct fault_run *r)
{
	setup(r);
	OK(vfsim_chdir(r->t, "/new"));
}

/* The new root is "/" and the cwd, the old one on /old. */
static void pivoted(struct fault_run *r)
{
	EXPECT(vfsim_mkdirat(r->t, AT_FDCWD, "/etc", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(r->t, AT_FDCWD, "etc", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(r->t, AT_FDCWD, "/old/new", 0755), -EEXIST);
}

/* The root and cwd are where they were: "/new" is still below "/"; or,
 * if only an event was lost, the pivot is whole. */
static void root_unchanged(struct fault_run *r)
{
	if (r->ret == 0) {
		pivoted(r);
		return;
	}
	EXPECT(vfsim_mkdirat(r->t, AT_FDCWD, "/new/etc", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(r->t, AT_FDCWD, "new/etc", 0755), -EEXIST);
}

/* The same for pivot_root(".", "."): the cwd is still on new_root. */
static void cwd_unchanged(struct fault_run *r)
{
	EXPECT(vfsim_mkdirat(r->t, AT_FDCWD, "/new/etc", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(r->t, AT_FDCWD, "etc", 0755), -EEXIST);
}

static long op_pivot(struct fault_run *r)
{
	return vfsim_pivot_root(r->t, "/new", "/new/old");
}

static long op_pivot_args(struct fault_run *r)
{
	return vfsim_pivot_root(r->t, r->args[0], r->args[1]);
}

static long op_dot_dot(struct fault_run *r)
{
	return vfsim_pivot_root(r->t, ".", ".");
}

/* A fault in a fanotify event's allocation: the call succeeded. */
static bool event_lost(struct fault_run *r)
{
	return r->ret == 0;
}

/* getname() twice and put_old's mountpoint: at least three points. */
FAULT_ALLOC_TEST(pivot_root_fault, alloc, .setup = setup, .op = op_pivot,
		 .frees_all = true, .after_fail = root_unchanged,
		 .after_ok = pivoted, .min_allocs = 3)
FAULT_ALLOC_TEST(pivot_root_fault, alloc_dot_dot, .setup = setup_in_new,
		 .op = op_dot_dot, .frees_all = true, .after_fail = cwd_unchanged,
		 .min_allocs = 3)
/* Two more points: the fanotify events of the two moved mounts. */
FAULT_ALLOC_TEST(pivot_root_fault, alloc_watched, .setup = setup_watched,
		 .op = op_pivot, .after_fail = root_unchanged, .after_ok = pivoted,
		 .partial_ok = event_lost, .min_allocs = 5)
/* new_root is copied in first, then put_old. */
FAULT_UACCESS_TEST(pivot_root_fault, uaccess, .setup = setup, .op = op_pivot_args,
		   .nargs = 2, .args = { "/new", "/new/old" }, .copies = 2,
		   .copy_order = { 0, 1 }, .after_fail = root_unchanged,
		   .after_ok = pivoted)
