/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * umount2(2) (vfs/namespace.c, fs/namespace.c of Linux 5.6): busy mounts,
 * lazy detach, the errors, MNT_EXPIRE and UMOUNT_NOFOLLOW.
 *
 * Checked on Linux 6.18 (unshare -m, fresh tmpfs), same results: umount
 * of a directory that is no mount point EINVAL, of a directory below a
 * mount root EINVAL; UMOUNT_NOFOLLOW on a symlink to a mount EINVAL; an
 * open fd, a cwd inside or a submount EBUSY; MNT_EXPIRE|MNT_DETACH EINVAL;
 * MNT_EXPIRE with a submount EBUSY, then EAGAIN, EAGAIN again after a stat
 * of a file in the mount (a use clears the mark), EBUSY with an fd open,
 * EAGAIN after the close, then success; MNT_DETACH of a busy mount
 * succeeds and the fd still works (mkdirat through it); uid 1000 EPERM;
 * an unknown flag EINVAL, even for uid 1000 (the flags are checked first).
 * The namespace root cannot be tried on Linux without unmounting /; the
 * model's root is MNT_LOCKED as init_mount_tree() makes rootfs (5.6).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/*
 *   /               rootfs (1)
 *   `-/a            tmpfs "a" (2), with /a/d
 *      `-/a/sub     tmpfs "sub" (3) for a while
 */
VT_TEST(vfs_umount, busy, "empty", NULL)
{
	struct vfsim_task *w = vt_task(v, 0, 0);
	long fd;

	fx_tmpfs(t, "a", "/a");
	EXPECT(vt_mkdir_p(t, "/a/d", 0755), 0);

	/* an open fd */
	fd = vfsim_openat(t, AT_FDCWD, "/a/d", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_umount2(t, "/a", 0), -EBUSY);
	EXPECT(vfsim_umount2(t, "/a", MNT_FORCE), -EBUSY);
	EXPECT(vfsim_close(t, (int)fd), 0);
	/* another task's cwd inside */
	EXPECT(vfsim_chdir(w, "/a/d"), 0);
	EXPECT(vfsim_umount2(t, "/a", 0), -EBUSY);
	EXPECT(vfsim_chdir(w, "/"), 0);
	/* our own cwd at the mount root */
	EXPECT(vfsim_chdir(t, "/a"), 0);
	EXPECT(vfsim_umount2(t, "/a", 0), -EBUSY);
	EXPECT(vfsim_chdir(t, "/"), 0);
	/* another task's root (chroot) inside */
	EXPECT(vfsim_chroot(w, "/a/d"), 0);
	EXPECT(vfsim_umount2(t, "/a", 0), -EBUSY);
	vfsim_task_destroy(w);
	/* a submount */
	fx_tmpfs(t, "sub", "/a/sub");
	EXPECT(vfsim_umount2(t, "/a", 0), -EBUSY);
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "2 1 /a tmpfs a\n"
		         "3 2 /a/sub tmpfs sub\n"));
	EXPECT(vfsim_umount2(t, "/a/sub", 0), 0);
	EXPECT(vfsim_umount2(t, "/a", 0), 0);
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
	EXPECT(vfsim_umount2(t, "/a", 0), -EINVAL);
}

/*
 *   /               rootfs (1)
 *   `-/a            tmpfs "a" (2), detached while fd f holds it
 *      `-/a/sub     tmpfs "sub" (3), detached with it
 */
VT_TEST(vfs_umount, detach_busy, "empty", NULL)
{
	struct vfsim_alloc_stats before, during, after;	/* live objects */
	long fd, fdsub;

	EXPECT(vt_mkdir_p(t, "/a", 0755), 0);
	vfsim_alloc_stats(v, &before);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	fx_tmpfs(t, "sub", "/a/sub");
	EXPECT(vt_mkdir_p(t, "/a/sub/in", 0755), 0);

	fd = vfsim_openat(t, AT_FDCWD, "/a", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	fdsub = vfsim_openat(t, AT_FDCWD, "/a/sub/in", O_RDONLY | O_DIRECTORY, 0);
	cr_assert_geq(fdsub, 0);
	EXPECT(vfsim_umount2(t, "/a", MNT_DETACH), 0);
	/* gone from the tree, both */
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
	EXPECT(vfsim_path_mnt_id(t, "/a/sub"), -ENOENT);
	cr_assert_eq(vt_check(v), 0);
	/* still usable through the fd; ".." stops at the detached root */
	EXPECT(vfsim_mkdirat(t, (int)fd, "made-after-detach", 0755), 0);
	EXPECT(vfsim_mkdirat(t, (int)fd, "made-after-detach", 0755), -EEXIST);
	/* the submount was disconnected: /a's "sub" is the plain dir now */
	EXPECT(vfsim_mkdirat(t, (int)fd, "sub/in", 0755), 0);
	EXPECT(vfsim_mkdirat(t, (int)fdsub, "x", 0755), 0);
	EXPECT(vfsim_mkdirat(t, (int)fdsub, "../in/x", 0755), -EEXIST);
	/* IDs of the detached mounts are still taken */
	EXPECT(vfsim_mount(t, "n", "/a", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/a"), 4);
	EXPECT(vfsim_umount2(t, "/a", 0), 0);
	/* closing the fds frees them (leak check at the end) */
	EXPECT(vfsim_close(t, (int)fd), 0);
	vfsim_alloc_stats(v, &during);
	EXPECT(vfsim_close(t, (int)fdsub), 0);
	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &after);
	/* the last close took the two detached mounts, their superblocks
	 * and trees with it (vt_finish() checks that nothing is left) */
	cr_assert_lt(after.live_objects, during.live_objects);
	cr_assert_lt(after.live_objects, before.live_objects + 4);
	EXPECT(vfsim_mount(t, "n", "/a", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/a"), 2);
	/* detaching an unbusy mount is immediate */
	EXPECT(vfsim_umount2(t, "/a", MNT_DETACH), 0);
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
}

/*
 *   /               rootfs (1), MNT_LOCKED
 *   |-/a            tmpfs "a" (2), with /a/d
 *   |-/plain        a directory
 *   `-/la -> /a
 */
VT_TEST(vfs_umount, errors, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);

	EXPECT(vt_mkdir_p(t, "/a", 0755), 0);
	EXPECT(vt_mkdir_p(t, "/plain", 0755), 0);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	EXPECT(vt_mkdir_p(t, "/a/d", 0755), 0);
	EXPECT(vfsim_symlinkat(t, "/a", AT_FDCWD, "/la"), 0);

	EXPECT(vfsim_umount2(t, "/plain", 0), -EINVAL);
	EXPECT(vfsim_umount2(t, "/a/d", 0), -EINVAL);
	EXPECT(vfsim_umount2(t, "/nope", 0), -ENOENT);
	/* the namespace root: MNT_LOCKED */
	EXPECT(vfsim_umount2(t, "/", 0), -EINVAL);
	EXPECT(vfsim_umount2(t, "/", MNT_DETACH), -EINVAL);
	EXPECT(vfsim_umount2(t, "/a/..", 0), -EINVAL);
	/* non-admin; unknown flags first */
	EXPECT(vfsim_umount2(u, "/a", 0), -EPERM);
	EXPECT(vfsim_umount2(u, "/a", MNT_DETACH), -EPERM);
	EXPECT(vfsim_umount2(u, "/a", 0x100), -EINVAL);
	EXPECT(vfsim_umount2(t, "/a", 0x100), -EINVAL);
	EXPECT(vfsim_umount2(t, "/a", -1), -EINVAL);
	/* UMOUNT_NOFOLLOW: a symlink to a mount is not followed */
	EXPECT(vfsim_umount2(t, "/la", UMOUNT_NOFOLLOW), -EINVAL);
	EXPECT(vfsim_umount2(t, "/la", 0), 0);
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
	vfsim_task_destroy(u);
}

/*
 *   /               rootfs (1)
 *   `-/e            tmpfs "e" (2), with /e/d
 *      `-/e/s       tmpfs "s" (3) for a while
 */
VT_TEST(vfs_umount, expire, "empty", NULL)
{
	struct vt_mount m;
	long fd;

	fx_tmpfs(t, "e", "/e");
	EXPECT(vt_mkdir_p(t, "/e/d", 0755), 0);
	fx_tmpfs(t, "s", "/e/s");

	EXPECT(vfsim_umount2(t, "/e", MNT_EXPIRE | MNT_DETACH), -EINVAL);
	EXPECT(vfsim_umount2(t, "/e", MNT_EXPIRE | MNT_FORCE), -EINVAL);
	/* a submount makes it busy */
	EXPECT(vfsim_umount2(t, "/e", MNT_EXPIRE), -EBUSY);
	EXPECT(vfsim_umount2(t, "/e/s", 0), 0);
	/* first call marks: EAGAIN; the mark shows */
	EXPECT(vfsim_umount2(t, "/e", MNT_EXPIRE), -EAGAIN);
	cr_assert_eq(vt_mount_id(t, 2, &m), 0);
	cr_assert(m.d.expiry_marked);
	/* a lookup ending in the mount is a use: it clears the mark */
	EXPECT(vfsim_path_mnt_id(t, "/e/d"), 2);
	cr_assert_eq(vt_mount_id(t, 2, &m), 0);
	cr_assert(!m.d.expiry_marked);
	EXPECT(vfsim_umount2(t, "/e", MNT_EXPIRE), -EAGAIN);
	/* busy with an fd: EBUSY, and the mark stays */
	fd = vfsim_openat(t, AT_FDCWD, "/e/d", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_umount2(t, "/e", MNT_EXPIRE), -EBUSY);
	EXPECT(vfsim_close(t, (int)fd), 0);	/* a use: mark cleared */
	EXPECT(vfsim_umount2(t, "/e", MNT_EXPIRE), -EAGAIN);
	/* marked and unused: the second call unmounts */
	EXPECT(vfsim_umount2(t, "/e", MNT_EXPIRE), 0);
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
	/* the task's root cannot be expired */
	EXPECT(vfsim_umount2(t, "/", MNT_EXPIRE), -EINVAL);
}

/*
 *   /               rootfs (1)
 *   |-/t            tmpfs "t" (2)
 *   |  `-/t/u       tmpfs "u" (3)
 *   |     `-/t/u/v  tmpfs "v" (4)
 *   `-/w            tmpfs "w" (5)
 *
 * A whole subtree goes with MNT_DETACH; the counters of the mounts left
 * behind say so: UNMOUNT is posted on the parent of each mount unmounted.
 */
VT_TEST(vfs_umount, subtree_and_counters, "empty", NULL)
{
	struct vt_mount root, w;

	EXPECT(vt_mkdir_p(t, "/t", 0755), 0);
	EXPECT(vt_mkdir_p(t, "/w", 0755), 0);
	EXPECT(vfsim_mount(t, "t", "/t", "tmpfs", 0, NULL), 0);
	fx_tmpfs(t, "u", "/t/u");
	fx_tmpfs(t, "v", "/t/u/v");
	EXPECT(vfsim_mount(t, "w", "/w", "tmpfs", 0, NULL), 0);
	cr_assert_eq(vt_mount_id(t, 1, &root), 0);
	cr_assert_eq(root.d.change_counter, 2);

	EXPECT(vfsim_umount2(t, "/t", 0), -EBUSY);
	EXPECT(vfsim_umount2(t, "/t", MNT_DETACH), 0);
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "5 1 /w tmpfs w\n"));
	cr_assert_eq(vt_mount_id(t, 1, &root), 0);
	cr_assert_eq(root.d.change_counter, 3);
	cr_assert_eq(vt_mount_id(t, 5, &w), 0);
	cr_assert_eq(w.d.change_counter, 0);
	/* the IDs of the whole subtree are free again */
	EXPECT(vfsim_mount(t, "t", "/t", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/t"), 2);
}
