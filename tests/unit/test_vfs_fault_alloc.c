/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps over the mount operations
 * (common/fault_sweep.h): each failure returns -ENOMEM (or the errno the
 * kernel gives for that allocation, see the per-case notes) and leaves the
 * mount tree exactly as it was (every mount's id, parent, mountpoint,
 * root, fstype, source, sb options and flags, attributes, propagation,
 * peer group, master and expiry mark; the superblock unique ID and the
 * change counter legitimately move and are left out: VT_ALL), the
 * invariants true and no WARN_ON; the operation then succeeds when run
 * again (a half-made state such as a stale mountpoint mark would make it
 * fail), and the instance tears down leak-free.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"

/* ---- the cases ------------------------------------------------------------ */

/*
 *   /           rootfs
 *   └── /mnt/a  tmpfs "a"
 */
static void setup_one(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/b", 0755));
	OK(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, "mode=755"));
}

/* fx_rbind_source: /src with x (and x/y) and z mounted in it, and /dst. */
static void setup_subtree(struct fault_run *r)
{
	fx_rbind_source(r->v);
}

/*
 * fx_peers_and_slave, and a private tmpfs "src" with a directory d:
 *
 *   /              rootfs
 *   |-/a           tmpfs "a"    shared:1, with /a/x
 *   |-/b           bind of /a   shared:1 (a peer)
 *   |-/s           bind of /a   master:1 (a slave)
 *   `-/src         tmpfs "src"  private, with /src/d
 */
static void setup_shared(struct fault_run *r)
{
	fx_peers_and_slave(r->v);
	fx_tmpfs(r->t, "src", "/src");
	OK(vfsim_mkdirat(r->t, AT_FDCWD, "/src/d", 0755));
}

/* setup_shared, plus a mount on /a/x that propagated to /b/x and /s/x. */
static void setup_shared_mounted(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	setup_shared(r);
	OK(vfsim_mount(t, "/src", "/a/x", NULL, MS_BIND, NULL));
}

/* fx_automount: /mnt/auto, an automount point for tmpfs "auto". */
static void setup_auto(struct fault_run *r)
{
	fx_automount(r->v);
}

/* setup_auto, triggered, and marked by one expiry pass. */
static void setup_auto_marked(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	setup_auto(r);
	OK(vfsim_path_mnt_id(t, "/mnt/auto/"));
	cr_assert_eq(vfsim_expire_mounts(r->v), 0);
}

static long op_mount(struct fault_run *r)
{
	return vfsim_mount(r->t, "fresh", "/mnt/b", "tmpfs", MS_NOSUID,
			   "mode=700,size=1m,uid=1,gid=2");
}

static long op_bind(struct fault_run *r)
{
	return vfsim_mount(r->t, "/mnt/a", "/mnt/b", NULL, MS_BIND, NULL);
}

static long op_rbind(struct fault_run *r)
{
	return vfsim_mount(r->t, "/src", "/dst", NULL, MS_BIND | MS_REC, NULL);
}

static long op_bind_shared(struct fault_run *r)
{
	return vfsim_mount(r->t, "/src", "/a/x", NULL, MS_BIND, NULL);
}

/* setup_shared, plus tmpfs "d" on /src/d: a two-mount source tree. */
static void setup_shared_tree(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	setup_shared(r);
	OK(vfsim_mount(t, "d", "/src/d", "tmpfs", 0, NULL));
}

static long op_rbind_shared(struct fault_run *r)
{
	return vfsim_mount(r->t, "/src", "/a/x", NULL, MS_BIND | MS_REC, NULL);
}

static long op_move(struct fault_run *r)
{
	return vfsim_mount(r->t, "/src", "/dst", NULL, MS_MOVE, NULL);
}

static long op_umount(struct fault_run *r)
{
	return vfsim_umount2(r->t, "/mnt/a", 0);
}

static long op_umount_detach(struct fault_run *r)
{
	return vfsim_umount2(r->t, "/src", MNT_DETACH);
}

static long op_umount_propagated(struct fault_run *r)
{
	return vfsim_umount2(r->t, "/a/x", 0);
}

static long op_remount_ro(struct fault_run *r)
{
	return vfsim_mount(r->t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY,
			   "size=2m");
}

static long op_setattr(struct fault_run *r)
{
	return vfsim_mount(r->t, NULL, "/mnt/a", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NOEXEC, NULL);
}

static long op_make_shared(struct fault_run *r)
{
	return vfsim_mount(r->t, NULL, "/mnt/a", NULL, MS_SHARED, NULL);
}

static long op_make_rshared(struct fault_run *r)
{
	return vfsim_mount(r->t, NULL, "/src", NULL, MS_SHARED | MS_REC, NULL);
}

static long op_mkdir(struct fault_run *r)
{
	return vfsim_mkdirat(r->t, AT_FDCWD, "/mnt/a/newdir", 0755);
}

static long op_mkdir_longname(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	/* longer than the inline name: the dentry allocates its name */
	return vfsim_mkdirat(t, AT_FDCWD,
			     "/mnt/a/a-name-longer-than-the-inline-dentry-name-buffer", 0755);
}

static long op_symlink(struct fault_run *r)
{
	return vfsim_symlinkat(r->t, "/mnt/a", AT_FDCWD, "/mnt/a/link");
}

static long op_open_creat(struct fault_run *r)
{
	return vfsim_openat(r->t, AT_FDCWD, "/mnt/a/file", O_CREAT | O_RDWR, 0644);
}

/* through a dangling symlink: the name the link's body makes, then the file */
static void setup_dangling(struct fault_run *r)
{
	setup_one(r);
	OK(vfsim_symlinkat(r->t, "file", AT_FDCWD, "/mnt/a/link"));
}

static long op_open_creat_link(struct fault_run *r)
{
	return vfsim_openat(r->t, AT_FDCWD, "/mnt/a/link", O_CREAT | O_RDWR, 0644);
}

static long op_open_path(struct fault_run *r)
{
	return vfsim_openat(r->t, AT_FDCWD, "/mnt/a", O_PATH | O_DIRECTORY, 0);
}

static long op_mkautomount(struct fault_run *r)
{
	return vfsim_mkautomount(r->t, "/mnt/a/auto", "tmpfs", "auto", "mode=700");
}

static long op_automount_walk(struct fault_run *r)
{
	return vfsim_path_mnt_id(r->t, "/mnt/auto/");
}

static long op_expire(struct fault_run *r)
{
	return vfsim_expire_mounts(r->v);
}

/*
 *   /p       tmpfs "p"  shared:1         /q       bind of /p, shared:1
 *   └── c    tmpfs "c"  shared:2         └── c    copy of c
 *       └── g  tmpfs "g"  shared:3           └── g  copy of g
 */
static void setup_peers_tree(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	fx_shared_bind(t, "p", "/p", "/q", 0, 0);
	fx_tmpfs(t, "c", "/p/c");
	fx_tmpfs(t, "g", "/p/c/g");
}

/* The lazy umount of /p/c takes /q/c and /q/c/g (propagate_umount). */
static long op_umount_detach_peers(struct fault_run *r)
{
	return vfsim_umount2(r->t, "/p/c", MNT_DETACH);
}

/*
 *   /p  tmpfs "p" shared:1     /s  bind of /p, master:1
 *   ├── x  tmpfs "x"           ├── x  copy of x
 *   │                          │   └── (on x's root) tmpfs "top"
 *   └── d  (a directory)       └── d  tmpfs "m"
 */
static void setup_slave_covered(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	fx_shared_bind(t, "p", "/p", "/s", MS_SLAVE, 0);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p/x", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/p/d", 0755));
	OK(vfsim_mount(t, "x", "/p/x", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "top", "/s/x", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "m", "/s/d", "tmpfs", 0, NULL));
}

/* x's copy on /s/x goes; "top" is put back on /s/x (restore_mounts). */
static long op_umount_reparent(struct fault_run *r)
{
	return vfsim_umount2(r->t, "/p/x", 0);
}

/* n's copy for /s/d is tucked under "m" (attach_recursive_mnt). */
static long op_mount_tucked(struct fault_run *r)
{
	return vfsim_mount(r->t, "n", "/p/d", "tmpfs", 0, NULL);
}

/* setup_slave_covered with n mounted on /p/d: its copy is tucked under m. */
static void setup_slave_tucked(struct fault_run *r)
{
	setup_slave_covered(r);
	OK(op_mount_tucked(r));
}

/* n and its copy go; m is put back on /s/d, parent /s (restore_mounts). */
static long op_umount_untuck(struct fault_run *r)
{
	return vfsim_umount2(r->t, "/p/d", 0);
}

/* /a shared:1, /b a bind of /a made slave and then shared: master:1 and
 * shared:2 at once (the segfault of issue 11). */
static void setup_shared_slave(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	fx_shared_bind(t, "a", "/a", "/b", MS_SLAVE, MS_SHARED);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a/x", 0755));
}

/* The copy for /b/x is a slave with a new peer group (CL_SLAVE |
 * CL_MAKE_SHARED): clone_mnt() allocates the group ID. */
static long op_mount_to_shared_slave(struct fault_run *r)
{
	return vfsim_mount(r->t, "x", "/a/x", "tmpfs", 0, NULL);
}

/* ---- the sweeps --------------------------------------------------------- */

/* New tmpfs mount with an option string: super, sb options, root inode and
 * dentry, mount, devname, mountpoint; plus the syscall's argument copies. */
FAULT_ALLOC_TEST(fault_alloc, mount, .setup = setup_one, .op = op_mount)
FAULT_ALLOC_TEST(fault_alloc, bind, .setup = setup_one, .op = op_bind)
FAULT_ALLOC_TEST(fault_alloc, rbind, .setup = setup_subtree, .op = op_rbind)
/* Bind onto /a/x with /a shared with peer /b and slave /s: propagate_mnt()
 * makes the copies for /b/x and /s/x, and all of them go or none. */
FAULT_ALLOC_TEST(fault_alloc, bind_shared, .setup = setup_shared, .op = op_bind_shared)
/* The same with a two-mount source tree: copy_tree() inside propagate_mnt(). */
FAULT_ALLOC_TEST(fault_alloc, rbind_shared, .setup = setup_shared_tree, .op = op_rbind_shared)
FAULT_ALLOC_TEST(fault_alloc, move, .setup = setup_subtree, .op = op_move)
FAULT_ALLOC_TEST(fault_alloc, umount, .setup = setup_one, .op = op_umount)
FAULT_ALLOC_TEST(fault_alloc, umount_detach, .setup = setup_subtree, .op = op_umount_detach)
FAULT_ALLOC_TEST(fault_alloc, umount_propagated, .setup = setup_shared_mounted,
		 .op = op_umount_propagated)
/* 5.8's umount propagation: copies of a lazily unmounted subtree in the
 * peers, a covering mount re-parented, a tucked mount put back.  The two
 * last unmount what the first run's check made of them: not repeated. */
FAULT_ALLOC_TEST(fault_alloc, umount_detach_peers, .setup = setup_peers_tree,
		 .op = op_umount_detach_peers)
FAULT_ALLOC_TEST(fault_alloc, umount_reparent, .setup = setup_slave_covered,
		 .op = op_umount_reparent, .no_retry = true)
FAULT_ALLOC_TEST(fault_alloc, umount_untuck, .setup = setup_slave_tucked,
		 .op = op_umount_untuck, .no_retry = true)
/* The propagated copy is tucked under the slave's own mount; a failure
 * before the commit must leave no copy and the slave's mount in place. */
FAULT_ALLOC_TEST(fault_alloc, mount_tucked, .setup = setup_slave_covered,
		 .op = op_mount_tucked, .min_allocs = 8)
FAULT_ALLOC_TEST(fault_alloc, mount_to_shared_slave, .setup = setup_shared_slave,
		 .op = op_mount_to_shared_slave, .min_allocs = 8)
FAULT_ALLOC_TEST(fault_alloc, remount_ro, .setup = setup_one, .op = op_remount_ro)
FAULT_ALLOC_TEST(fault_alloc, setattr, .setup = setup_one, .op = op_setattr)
FAULT_ALLOC_TEST(fault_alloc, make_shared, .setup = setup_one, .op = op_make_shared)
FAULT_ALLOC_TEST(fault_alloc, make_rshared, .setup = setup_subtree, .op = op_make_rshared)
/* mkdir, symlink and O_CREAT: a failed inode allocation is -ENOSPC, as
 * ramfs_get_inode() failing is in ramfs_mknod() (fs/ramfs/inode.c). */
FAULT_ALLOC_TEST(fault_alloc, mkdir, .setup = setup_one, .op = op_mkdir,
		 .errnos = { ENOMEM, ENOSPC })
FAULT_ALLOC_TEST(fault_alloc, mkdir_longname, .setup = setup_one, .op = op_mkdir_longname,
		 .errnos = { ENOMEM, ENOSPC })
FAULT_ALLOC_TEST(fault_alloc, symlink, .setup = setup_one, .op = op_symlink,
		 .errnos = { ENOMEM, ENOSPC })
FAULT_ALLOC_TEST(fault_alloc, open_creat, .setup = setup_one, .op = op_open_creat,
		 .errnos = { ENOMEM, ENOSPC })
FAULT_ALLOC_TEST(fault_alloc, open_creat_link, .setup = setup_dangling,
		 .op = op_open_creat_link, .errnos = { ENOMEM, ENOSPC }, .min_allocs = 6)
FAULT_ALLOC_TEST(fault_alloc, open_path, .setup = setup_one, .op = op_open_path)
FAULT_ALLOC_TEST(fault_alloc, mkautomount, .setup = setup_one, .op = op_mkautomount,
		 .errnos = { ENOMEM, ENOSPC })
FAULT_ALLOC_TEST(fault_alloc, automount_walk, .setup = setup_auto, .op = op_automount_walk)
/* The second pass unmounts the marked submount.  mark_mounts_for_expiry()
 * and umount_tree() allocate nothing (the kernel expires mounts under
 * namespace_lock and mount_lock, where it cannot sleep to allocate), so a
 * pass cannot fail: if it ever allocates, this fails, and the new failure
 * must leave the submount marked and mounted. */
FAULT_ALLOC_TEST(fault_alloc, expire, .setup = setup_auto_marked, .op = op_expire,
		 .no_retry = true, .allocates_nothing = true)
