// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Fault sweeps over fanotify mount events (common/fault_sweep.h): every
 * allocation of fanotify_init(), the namespace file's open and
 * fanotify_mark() made to fail in turn, and every user copy of read(),
 * FIONREAD and a mark's path made to fault: each gives -ENOMEM or -EFAULT,
 * leaves the tree as it was, the invariants true and no leak.  An event
 * that cannot be allocated is lost with FAN_Q_OVERFLOW saying so, and the
 * mount operation that raised it succeeds.
 *
 * The fds the setups leave: 3 the namespace file, 4 the group (report_mnt,
 * nonblock) with a mark for attach and detach on it.
 *
 *   /            rootfs
 *   `-/a         tmpfs "a"
 *     `-/a/x     tmpfs "x"
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>

#include <vfsim/uapi/linux/fanotify.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"

#define MNT_EVENTS (FAN_MNT_ATTACH | FAN_MNT_DETACH)

static void setup_tree(struct fault_run *r)
{
	fx_tmpfs(r->t, "a", "/a");
	fx_tmpfs(r->t, "x", "/a/x");
	fx_dirs(r->t, "/b", NULL);
}

/* fd 3: the namespace file, fd 4: a group, no mark yet */
static void setup_group(struct fault_run *r)
{
	setup_tree(r);
	EXPECT(vfsim_open_mntns(r->t, 0), 3);
	EXPECT(vfsim_fanotify_init(r->t, FAN_REPORT_MNT | FAN_NONBLOCK, 0), 4);
}

/* and the mark */
static void setup_watched(struct fault_run *r)
{
	setup_group(r);
	OK(vfsim_fanotify_mark(r->t, 4, FAN_MARK_ADD | FAN_MARK_MNTNS, MNT_EVENTS, 3, NULL));
}

/* and one event queued (the detach of /a/x) */
static void setup_queued(struct fault_run *r)
{
	setup_watched(r);
	OK(vfsim_umount2(r->t, "/a/x", 0));
}

/* ---- the calls ------------------------------------------------------------ */

static long op_init(struct fault_run *r)
{
	return vfsim_fanotify_init(r->t, FAN_REPORT_MNT, 0);
}

static long op_open_mntns(struct fault_run *r)
{
	return vfsim_open_mntns(r->t, 0);
}

static long op_mark(struct fault_run *r)
{
	return vfsim_fanotify_mark(r->t, 4, FAN_MARK_ADD | FAN_MARK_MNTNS, MNT_EVENTS, 3, NULL);
}

static long op_mark_remove(struct fault_run *r)
{
	return vfsim_fanotify_mark(r->t, 4, FAN_MARK_REMOVE | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   3, NULL);
}

static long op_mark_flush(struct fault_run *r)
{
	return vfsim_fanotify_mark(r->t, 4, FAN_MARK_FLUSH | FAN_MARK_MNTNS, 0, AT_FDCWD, NULL);
}

/* A path that is no namespace: -EINVAL once it is looked up. */
static long op_mark_path(struct fault_run *r)
{
	long ret = vfsim_fanotify_mark(r->t, 4, FAN_MARK_ADD | FAN_MARK_MNTNS, MNT_EVENTS,
				       AT_FDCWD, r->args[0]);

	return ret == -EINVAL ? 0 : ret < 0 ? ret : -EPROTO;
}

static long op_mount_watched(struct fault_run *r)
{
	return vfsim_mount(r->t, "y", "/b", "tmpfs", 0, NULL);
}

static long op_close_group(struct fault_run *r)
{
	return vfsim_close(r->t, 4);
}

static long op_read(struct fault_run *r)
{
	return vfsim_read(r->t, 4, r->args[0], 80);
}

static long op_fionread(struct fault_run *r)
{
	return vfsim_ioctl(r->t, 4, FIONREAD, (unsigned long)r->args[0]);
}

/* The event was not allocated: FAN_Q_OVERFLOW in its place, once. */
static bool event_lost(struct fault_run *r)
{
	struct fanotify_event_metadata md[4];
	long n;

	if (r->ret != 0)
		return false;
	n = vfsim_read(r->t, 4, md, sizeof(md));
	cr_assert_eq(n, (long)FAN_EVENT_METADATA_LEN, "%s: read %ld", r->what, n);
	cr_assert_eq(md[0].mask, FAN_Q_OVERFLOW, "%s: mask %#llx", r->what,
		     (unsigned long long)md[0].mask);
	return true;
}

/* ---- allocation sweeps ----------------------------------------------------- */

/* the group, its overflow event, anon_inodefs on first use (superblock,
 * root, mount, IDs, names), the file's inode, dentry and file, the fd table */
FAULT_ALLOC_TEST(fanotify_fault_alloc, init, .setup = setup_tree, .op = op_init,
		 .min_allocs = 10)
/* and once anon_inodefs is there: the group, the overflow event, the
 * file's inode, dentry and file */
FAULT_ALLOC_TEST(fanotify_fault_alloc, init_second, .setup = setup_group, .op = op_init,
		 .min_allocs = 5, .frees_all = true)
/* anon_inodefs on first use, inode, dentry, file */
FAULT_ALLOC_TEST(fanotify_fault_alloc, open_mntns, .setup = setup_tree, .op = op_open_mntns,
		 .min_allocs = 8)
/* the mark */
FAULT_ALLOC_TEST(fanotify_fault_alloc, mark_add, .setup = setup_group, .op = op_mark,
		 .min_allocs = 1, .frees_all = true)
/* the path's name */
FAULT_ALLOC_TEST(fanotify_fault_alloc, mark_path, .setup = setup_group, .op = op_mark_path,
		 .nargs = 1, .args = { "/a/x" }, .min_allocs = 1, .frees_all = true)
FAULT_ALLOC_TEST(fanotify_fault_alloc, mark_remove, .setup = setup_watched,
		 .op = op_mark_remove, .allocates_nothing = true)
FAULT_ALLOC_TEST(fanotify_fault_alloc, mark_flush, .setup = setup_watched,
		 .op = op_mark_flush, .allocates_nothing = true)
/* the mount's allocations, then the event's: a lost event is an overflow */
FAULT_ALLOC_TEST(fanotify_fault_alloc, mount_watched, .setup = setup_watched,
		 .op = op_mount_watched, .min_allocs = 10, .partial_ok = event_lost)
FAULT_ALLOC_TEST(fanotify_fault_alloc, close_group, .setup = setup_queued,
		 .op = op_close_group, .allocates_nothing = true, .no_retry = true)
FAULT_ALLOC_TEST(fanotify_fault_alloc, read, .setup = setup_queued, .op = op_read,
		 .buf_size = 80, .nargs = 1, .allocates_nothing = true, .no_retry = true)

/* ---- user-copy sweeps ------------------------------------------------------ */

/* the metadata, then the mount record: a fault loses the event (6.18) */
FAULT_UACCESS_TEST(fanotify_fault_uaccess, read, .setup = setup_queued, .op = op_read,
		   .buf_size = 80, .nargs = 1, .copies = 2, .no_retry = true)
FAULT_UACCESS_TEST(fanotify_fault_uaccess, fionread, .setup = setup_queued,
		   .op = op_fionread, .buf_size = 4, .nargs = 1, .copies = 1)
FAULT_UACCESS_TEST(fanotify_fault_uaccess, mark_path, .setup = setup_group,
		   .op = op_mark_path, FAULT_ONE_PATH("/a/x"),
		   .null_ret = { -EBADF })	/* no path: the mark is of AT_FDCWD, no fd */
