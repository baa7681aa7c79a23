/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps over the mount operations, in the
 * manner of SQLite's test_malloc.c: for n = 1, 2, 3, ... build the starting
 * tree in a fresh instance, snapshot it, make the n-th allocation of the
 * operation fail, and check that
 *   - the operation returned -ENOMEM (or the errno the kernel gives for that
 *     allocation, see the per-case notes),
 *   - the mount tree is exactly the one before (every mount's id, parent,
 *     mountpoint, root, fstype, source, sb options and flags, attributes,
 *     propagation, peer group, master and expiry mark; the superblock unique
 *     ID and the change counter legitimately move and are left out),
 *   - vfsim_check_invariants() holds and no WARN_ON fired,
 *   - the same operation, run again without a fault, succeeds (a half-made
 *     state such as a stale mountpoint mark would make it fail),
 *   - vfsim_destroy_check() finds no leak.
 * The sweep stops at the first n whose fault did not fire; the operation
 * must then have succeeded.  Each sweep logs how many failure points it
 * covered.
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
#include "common/check.h"

/* ---- helpers -------------------------------------------------------------- */

/* A string describing every mount of @t's namespace (caller frees). */
static char *tree_snapshot(struct vfsim_task *t)
{
	char *s = vt_tree(t, VT_ALL);

	cr_assert_not_null(s, "vt_tree failed");
	return s;
}

static void check_clean(struct vfsim *v, const char *what, unsigned long n)
{
	char why[256] = "";

	cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), 0,
		     "%s n=%lu: invariant: %s", what, n, why);
	cr_assert_eq(vfsim_warn_count(v), 0, "%s n=%lu: WARN_ON fired", what, n);
}

/* ---- the cases ------------------------------------------------------------ */

struct sweep_case {
	const char *name;
	void (*setup)(struct vfsim *v, struct vfsim_task *t);
	long (*op)(struct vfsim *v, struct vfsim_task *t);
	/* besides -ENOMEM, the errno the op may give for a failed allocation */
	int alt_err;
	/* the op, once it succeeded, cannot simply be repeated */
	bool no_retry;
	/* the sweep must find at least this many failure points (0 means 1) */
	unsigned long min_points;
	/* the op allocates nothing: the sweep must find no failure point */
	bool allocates_nothing;
};

static void boot_empty(struct vfsim *v, struct vfsim_task **t)
{
	cr_assert_eq(vfsim_boot(v, "empty"), 0);
	*t = vfsim_init_task(v);
	cr_assert_not_null(*t);
}

/*
 *   /           rootfs
 *   └── /mnt/a  tmpfs "a"
 */
static void setup_one(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/b", 0755));
	OK(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, "mode=755"));
}

/*
 *   /              rootfs
 *   ├── /src       tmpfs "src"
 *   │   ├── /src/x     tmpfs "x"
 *   │   │   └── /src/x/y   tmpfs "y"
 *   │   └── /src/z     tmpfs "z"
 *   └── (/dst, an empty directory)
 */
static void setup_subtree(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	OK(vfsim_mkdirat(t, AT_FDCWD, "/src", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/dst", 0755));
	OK(vfsim_mount(t, "src", "/src", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/src/x", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/src/z", 0755));
	OK(vfsim_mount(t, "x", "/src/x", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/src/x/y", 0755));
	OK(vfsim_mount(t, "y", "/src/x/y", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "z", "/src/z", "tmpfs", 0, NULL));
}

/*
 *   /          rootfs
 *   ├── /a     tmpfs "shared"   shared:1
 *   ├── /b     bind of /a        shared:1   (peer of /a)
 *   ├── /c     bind of /a        master:1   (slave of /a's group)
 *   └── /src   tmpfs "src"       private
 * /a/m exists in the shared filesystem, so it is visible in /b and /c too.
 */
static void setup_shared(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/c", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/src", 0755));
	OK(vfsim_mount(t, "shared", "/a", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a/m", 0755));
	OK(vfsim_mount(t, NULL, "/a", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "/a", "/c", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, NULL, "/c", NULL, MS_SLAVE, NULL));
	OK(vfsim_mount(t, "src", "/src", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/src/d", 0755));
}

/* setup_shared, plus a mount on /a/m that propagated to /b/m and /c/m. */
static void setup_shared_mounted(struct vfsim *v, struct vfsim_task *t)
{
	setup_shared(v, t);
	OK(vfsim_mount(t, "/src", "/a/m", NULL, MS_BIND, NULL));
}

/* /mnt/auto is an automount point for tmpfs "auto". */
static void setup_auto(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mkautomount(t, "/mnt/auto", "tmpfs", "auto", "mode=700"));
}

/* setup_auto, triggered, and marked by one expiry pass. */
static void setup_auto_marked(struct vfsim *v, struct vfsim_task *t)
{
	setup_auto(v, t);
	OK(vfsim_path_mnt_id(t, "/mnt/auto/"));
	cr_assert_eq(vfsim_expire_mounts(v), 0);
}

static long op_mount(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "fresh", "/mnt/b", "tmpfs", MS_NOSUID,
			   "mode=700,size=1m,uid=1,gid=2");
}

static long op_bind(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "/mnt/a", "/mnt/b", NULL, MS_BIND, NULL);
}

static long op_rbind(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "/src", "/dst", NULL, MS_BIND | MS_REC, NULL);
}

static long op_bind_shared(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "/src", "/a/m", NULL, MS_BIND, NULL);
}

/* setup_shared, plus tmpfs "d" on /src/d: a two-mount source tree. */
static void setup_shared_tree(struct vfsim *v, struct vfsim_task *t)
{
	setup_shared(v, t);
	OK(vfsim_mount(t, "d", "/src/d", "tmpfs", 0, NULL));
}

static long op_rbind_shared(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "/src", "/a/m", NULL, MS_BIND | MS_REC, NULL);
}

static long op_move(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "/src", "/dst", NULL, MS_MOVE, NULL);
}

static long op_umount(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_umount2(t, "/mnt/a", 0);
}

static long op_umount_detach(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_umount2(t, "/src", MNT_DETACH);
}

static long op_umount_propagated(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_umount2(t, "/a/m", 0);
}

static long op_remount_ro(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY,
			   "size=2m");
}

static long op_setattr(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, NULL, "/mnt/a", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NOEXEC, NULL);
}

static long op_make_shared(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, NULL, "/mnt/a", NULL, MS_SHARED, NULL);
}

static long op_make_rshared(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, NULL, "/src", NULL, MS_SHARED | MS_REC, NULL);
}

static long op_mkdir(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mkdirat(t, AT_FDCWD, "/mnt/a/newdir", 0755);
}

static long op_mkdir_longname(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	/* longer than the inline name: the dentry allocates its name */
	return vfsim_mkdirat(t, AT_FDCWD,
			     "/mnt/a/a-name-longer-than-the-inline-dentry-name-buffer", 0755);
}

static long op_symlink(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_symlinkat(t, "/mnt/a", AT_FDCWD, "/mnt/a/link");
}

static long op_open_creat(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_openat(t, AT_FDCWD, "/mnt/a/file", O_CREAT | O_RDWR, 0644);
}

static long op_open_path(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_openat(t, AT_FDCWD, "/mnt/a", O_PATH | O_DIRECTORY, 0);
}

static long op_mkautomount(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mkautomount(t, "/mnt/a/auto", "tmpfs", "auto", "mode=700");
}

static long op_automount_walk(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_path_mnt_id(t, "/mnt/auto/");
}

static long op_expire(struct vfsim *v, struct vfsim_task *t)
{
	(void)t;
	return vfsim_expire_mounts(v);
}

/*
 *   /p       tmpfs "p"  shared:1         /q       bind of /p, shared:1
 *   └── c    tmpfs "c"  shared:2         └── c    copy of c
 *       └── g  tmpfs "g"  shared:3           └── g  copy of g
 */
static void setup_peers_tree(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/q", 0755));
	OK(vfsim_mount(t, "p", "/p", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, NULL, "/p", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(t, "/p", "/q", NULL, MS_BIND, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p/c", 0755));
	OK(vfsim_mount(t, "c", "/p/c", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p/c/g", 0755));
	OK(vfsim_mount(t, "g", "/p/c/g", "tmpfs", 0, NULL));
}

/* The lazy umount of /p/c takes /q/c and /q/c/g (propagate_umount). */
static long op_umount_detach_peers(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_umount2(t, "/p/c", MNT_DETACH);
}

/*
 *   /p  tmpfs "p" shared:1     /s  bind of /p, master:1
 *   ├── x  tmpfs "x"           ├── x  copy of x
 *   │                          │   └── (on x's root) tmpfs "top"
 *   └── d  (a directory)       └── d  tmpfs "m"
 */
static void setup_slave_covered(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/s", 0755));
	OK(vfsim_mount(t, "p", "/p", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, NULL, "/p", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(t, "/p", "/s", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, NULL, "/s", NULL, MS_SLAVE, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p/x", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p/d", 0755));
	OK(vfsim_mount(t, "x", "/p/x", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "top", "/s/x", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "m", "/s/d", "tmpfs", 0, NULL));
}

/* x's copy on /s/x goes; "top" is put back on /s/x (restore_mounts). */
static long op_umount_reparent(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_umount2(t, "/p/x", 0);
}

/* n's copy for /s/d is tucked under "m" (attach_recursive_mnt). */
static long op_mount_tucked(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "n", "/p/d", "tmpfs", 0, NULL);
}

/* setup_slave_covered with n mounted on /p/d: its copy is tucked under m. */
static void setup_slave_tucked(struct vfsim *v, struct vfsim_task *t)
{
	setup_slave_covered(v, t);
	OK(op_mount_tucked(v, t));
}

/* n and its copy go; m is put back on /s/d, parent /s (restore_mounts). */
static long op_umount_untuck(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_umount2(t, "/p/d", 0);
}

/* /a shared:1, /b a bind of /a made slave and then shared: master:1 and
 * shared:2 at once (the segfault of issue 11). */
static void setup_shared_slave(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755));
	OK(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, NULL, "/a", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, NULL, "/b", NULL, MS_SLAVE, NULL));
	OK(vfsim_mount(t, NULL, "/b", NULL, MS_SHARED, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a/x", 0755));
}

/* The copy for /b/x is a slave with a new peer group (CL_SLAVE |
 * CL_MAKE_SHARED): clone_mnt() allocates the group ID. */
static long op_mount_to_shared_slave(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL);
}

/* ---- the sweep ------------------------------------------------------------ */

static unsigned long sweep(const struct sweep_case *c)
{
	unsigned long n;

	for (n = 1;; n++) {
		struct vfsim *v = NULL;
		struct vfsim_task *t;
		char *before, *after;
		bool fired;
		long ret;

		cr_assert_eq(vfsim_create(NULL, &v), 0);
		boot_empty(v, &t);
		c->setup(v, t);
		before = tree_snapshot(t);

		vfsim_fail_nth_alloc(v, n);
		ret = c->op(v, t);
		fired = vfsim_alloc_fault_fired(v);
		vfsim_fail_nth_alloc(v, 0);

		if (fired) {
			cr_assert(ret == -ENOMEM || (c->alt_err && ret == -c->alt_err),
				  "%s n=%lu: returned %ld (%s), want -ENOMEM%s%s",
				  c->name, n, ret, vfsim_errno_name((int)-ret),
				  c->alt_err ? " or -" : "",
				  c->alt_err ? vfsim_errno_name(c->alt_err) : "");
			after = tree_snapshot(t);
			cr_assert_str_eq(after, before, "%s n=%lu: tree changed", c->name, n);
			free(after);
			check_clean(v, c->name, n);
			if (!c->no_retry) {
				ret = c->op(v, t);
				cr_assert(ret >= 0, "%s n=%lu: retry after the fault: %ld (%s)",
					  c->name, n, ret, vfsim_errno_name((int)-ret));
				check_clean(v, c->name, n);
			}
		} else {
			cr_assert(ret >= 0, "%s n=%lu: no fault, but %ld (%s)", c->name, n,
				  ret, vfsim_errno_name((int)-ret));
			check_clean(v, c->name, n);
		}
		free(before);
		cr_assert_eq(vfsim_destroy_check(v, stderr), 0,
			     "%s n=%lu: leak or teardown warning", c->name, n);
		if (!fired)
			break;
	}
	cr_log_info("%s: %lu allocation failure points", c->name, n - 1);
	fprintf(stderr, "sweep %-22s %4lu failure points\n", c->name, n - 1);
	return n - 1;
}

#define SWEEP(id, ...)							\
	Test(fault_alloc, id)						\
	{								\
		static const struct sweep_case c = { .name = #id, __VA_ARGS__ }; \
		unsigned long points = sweep(&c);			\
		if (c.allocates_nothing)				\
			cr_assert_eq(points, 0, "%s: %lu failure points, "	\
				     "none expected", c.name, points);	\
		else							\
			cr_assert_geq(points, c.min_points ? c.min_points : 1, \
				      "%s: only %lu failure points", c.name, \
				      points);				\
	}

/* New tmpfs mount with an option string: super, sb options, root inode and
 * dentry, mount, devname, mountpoint; plus the syscall's argument copies. */
SWEEP(mount, .setup = setup_one, .op = op_mount)
SWEEP(bind, .setup = setup_one, .op = op_bind)
SWEEP(rbind, .setup = setup_subtree, .op = op_rbind)
/* Bind onto /a/m with /a shared with peer /b and slave /c: propagate_mnt()
 * makes the copies for /b/m and /c/m, and all of them go or none. */
SWEEP(bind_shared, .setup = setup_shared, .op = op_bind_shared)
/* The same with a two-mount source tree: copy_tree() inside propagate_mnt(). */
SWEEP(rbind_shared, .setup = setup_shared_tree, .op = op_rbind_shared)
SWEEP(move, .setup = setup_subtree, .op = op_move)
SWEEP(umount, .setup = setup_one, .op = op_umount)
SWEEP(umount_detach, .setup = setup_subtree, .op = op_umount_detach)
SWEEP(umount_propagated, .setup = setup_shared_mounted, .op = op_umount_propagated)
/* 5.8's umount propagation: copies of a lazily unmounted subtree in the
 * peers, a covering mount re-parented, a tucked mount put back. */
SWEEP(umount_detach_peers, .setup = setup_peers_tree,
      .op = op_umount_detach_peers)
SWEEP(umount_reparent, .setup = setup_slave_covered, .op = op_umount_reparent,
      .no_retry = true)
SWEEP(umount_untuck, .setup = setup_slave_tucked, .op = op_umount_untuck,
      .no_retry = true)
/* The propagated copy is tucked under the slave's own mount; a failure
 * before the commit must leave no copy and the slave's mount in place. */
SWEEP(mount_tucked, .setup = setup_slave_covered, .op = op_mount_tucked,
      .min_points = 8)
SWEEP(mount_to_shared_slave, .setup = setup_shared_slave,
      .op = op_mount_to_shared_slave, .min_points = 8)
SWEEP(remount_ro, .setup = setup_one, .op = op_remount_ro)
SWEEP(setattr, .setup = setup_one, .op = op_setattr)
SWEEP(make_shared, .setup = setup_one, .op = op_make_shared)
SWEEP(make_rshared, .setup = setup_subtree, .op = op_make_rshared)
/* mkdir, symlink and O_CREAT: a failed inode allocation is -ENOSPC, as
 * ramfs_get_inode() failing is in ramfs_mknod() (fs/ramfs/inode.c). */
SWEEP(mkdir, .setup = setup_one, .op = op_mkdir, .alt_err = ENOSPC)
SWEEP(mkdir_longname, .setup = setup_one, .op = op_mkdir_longname,
      .alt_err = ENOSPC)
SWEEP(symlink, .setup = setup_one, .op = op_symlink, .alt_err = ENOSPC)
SWEEP(open_creat, .setup = setup_one, .op = op_open_creat, .alt_err = ENOSPC)
SWEEP(open_path, .setup = setup_one, .op = op_open_path)
SWEEP(mkautomount, .setup = setup_one, .op = op_mkautomount, .alt_err = ENOSPC)
SWEEP(automount_walk, .setup = setup_auto, .op = op_automount_walk)
/* The second pass unmounts the marked submount.  mark_mounts_for_expiry()
 * allocates nothing, so a pass cannot fail: if it ever allocates, this
 * fails, and the new failure must leave the submount marked and mounted. */
SWEEP(expire, .setup = setup_auto_marked, .op = op_expire, .no_retry = true,
      .allocates_nothing = true)
