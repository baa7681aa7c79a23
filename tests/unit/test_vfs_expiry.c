/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Mount expiry (mnt_set_expiry() and mark_mounts_for_expiry() of
 * fs/namespace.c, Linux 5.6) through vfsim_mnt_set_expiry() and
 * vfsim_expire_mounts(): an unused mount is marked by one pass and
 * unmounted by the next; any use in between (mntput() of a path in it)
 * clears the mark; a busy mount (an open fd, a submount) is never
 * unmounted; automounted submounts expire the same way and the automount
 * point mounts again afterwards.
 *
 * Linux has no syscall to put a mount on an expiry list (automounters do it
 * in the kernel: AFS, NFS referrals, CIFS DFS), so only the MNT_EXPIRE side
 * was checked on 6.18 (see test_vfs_umount.c); the passes follow the 5.6
 * source.
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
 *   /              rootfs (1)
 *   |-/e           tmpfs "e" (2): unused, on the expiry list
 *   `-/keep        tmpfs "keep" (3): not on the list
 */
VT_TEST(vfs_expiry, two_passes, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);

	EXPECT(vt_mkdir_p(t, "/e/d", 0755), 0);
	EXPECT(vt_mkdir_p(t, "/keep", 0755), 0);
	EXPECT(vfsim_expire_mounts(v), 0);	/* empty list */
	EXPECT(vfsim_mount(t, "e", "/e", "tmpfs", 0, NULL), 0);
	EXPECT(vt_mkdir_p(t, "/e/d", 0755), 0);
	EXPECT(vfsim_mount(t, "keep", "/keep", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mnt_set_expiry(u, "/e"), -EPERM);
	EXPECT(vfsim_mnt_set_expiry(t, "/e/d"), -EINVAL);
	EXPECT(vfsim_mnt_set_expiry(t, "/nope"), -ENOENT);
	EXPECT(vfsim_mnt_set_expiry(t, "/e"), 0);
	EXPECT(vfsim_mnt_set_expiry(t, "/e"), 0);	/* already on it */
	cr_assert(!vt_desc(t, 2).expiry_marked);

	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert(vt_desc(t, 2).expiry_marked);
	cr_assert(!vt_desc(t, 3).expiry_marked);
	EXPECT(vfsim_expire_mounts(v), 1);
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "3 1 /keep tmpfs keep\n"));
	EXPECT(vfsim_expire_mounts(v), 0);
	EXPECT(vfsim_expire_mounts(v), 0);
	vfsim_task_destroy(u);
}

/*
 *   /              rootfs (1)
 *   `-/e           tmpfs "e" (2), with /e/d
 */
VT_TEST(vfs_expiry, use_resets_the_mark, "empty", NULL)
{
	long fd;

	fx_tmpfs(t, "e", "/e");
	EXPECT(vt_mkdir_p(t, "/e/d", 0755), 0);
	EXPECT(vfsim_mnt_set_expiry(t, "/e"), 0);

	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert(vt_desc(t, 2).expiry_marked);
	/* passing through the mount is no use (the kernel's RCU walk takes
	 * no reference on it)... */
	EXPECT(vfsim_path_mnt_id(t, "/e/d/../.."), 1);
	cr_assert(vt_desc(t, 2).expiry_marked);
	/* ... a lookup that ends in it is (its caller puts the path) */
	EXPECT(vfsim_path_mnt_id(t, "/e/d"), 2);
	cr_assert(!vt_desc(t, 2).expiry_marked);
	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert(vt_desc(t, 2).expiry_marked);
	/* an open and a close: a use */
	fd = vfsim_openat(t, AT_FDCWD, "/e/d", O_RDONLY | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);
	cr_assert(!vt_desc(t, 2).expiry_marked);
	EXPECT(vfsim_expire_mounts(v), 0);	/* marked again */
	cr_assert(vt_desc(t, 2).expiry_marked);
	/* putting it on the list again is no use of it: the mark stays */
	EXPECT(vfsim_mnt_set_expiry(t, "/e"), 0);
	cr_assert(vt_desc(t, 2).expiry_marked);
	EXPECT(vfsim_expire_mounts(v), 1);
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
}

/*
 *   /              rootfs (1)
 *   |-/busy        tmpfs "busy" (2): an fd open on it
 *   `-/parent      tmpfs "parent" (3): a submount on it
 *      `-/parent/c tmpfs "c" (4), not on the list
 */
VT_TEST(vfs_expiry, busy_never_expires, "empty", NULL)
{
	long fd;
	int i;

	EXPECT(vt_mkdir_p(t, "/busy", 0755), 0);
	EXPECT(vt_mkdir_p(t, "/parent", 0755), 0);
	EXPECT(vfsim_mount(t, "busy", "/busy", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "parent", "/parent", "tmpfs", 0, NULL), 0);
	fx_tmpfs(t, "c", "/parent/c");
	EXPECT(vfsim_mnt_set_expiry(t, "/busy"), 0);
	EXPECT(vfsim_mnt_set_expiry(t, "/parent"), 0);
	fd = vfsim_openat(t, AT_FDCWD, "/busy", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);

	for (i = 0; i < 5; i++)
		EXPECT(vfsim_expire_mounts(v), 0);
	/* marked, but not unmounted */
	cr_assert(vt_desc(t, 2).expiry_marked);
	cr_assert(vt_desc(t, 3).expiry_marked);
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "2 1 /busy tmpfs busy\n"
		         "3 1 /parent tmpfs parent\n"
		         "4 3 /parent/c tmpfs c\n"));
	/* the submount goes: /parent is still marked and goes next pass */
	EXPECT(vfsim_umount2(t, "/parent/c", 0), 0);
	cr_assert(vt_desc(t, 3).expiry_marked);
	EXPECT(vfsim_expire_mounts(v), 1);
	/* the close is a use: one pass to mark, one to unmount */
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_expire_mounts(v), 0);
	EXPECT(vfsim_expire_mounts(v), 1);
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
}

/*
 *   /                    rootfs (1)
 *   `-/auto              tmpfs "auto" (2)
 *      |-/auto/cell      automount point -> tmpfs "cell" (3)
 *      `-/auto/other     automount point -> tmpfs "other" (4)
 */
VT_TEST(vfs_expiry, automounts_expire, "empty", NULL)
{
	long fd;

	fx_tmpfs(t, "auto", "/auto");
	EXPECT(vfsim_mkautomount(t, "/auto/cell", "tmpfs", "cell", NULL), 0);
	EXPECT(vfsim_mkautomount(t, "/auto/other", "tmpfs", "other", NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell/"), 3);
	EXPECT(vfsim_path_mnt_id(t, "/auto/other/"), 4);
	/* automounts are on the expiry list without being asked */
	cr_assert(!vt_desc(t, 3).expiry_marked);
	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert(vt_desc(t, 3).expiry_marked);
	cr_assert(vt_desc(t, 4).expiry_marked);
	/* keep "other" in use */
	fd = vfsim_openat(t, AT_FDCWD, "/auto/other", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_expire_mounts(v), 1);
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "2 1 /auto tmpfs auto\n"
		         "4 2 /auto/other tmpfs other\n"));
	/* the point works again: a new submount, with the freed ID */
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell"), 2);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/auto/cell/again", 0755), 0);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell/again"), 3);
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "2 1 /auto tmpfs auto\n"
		         "4 2 /auto/other tmpfs other\n"
		         "3 2 /auto/cell tmpfs cell\n"));
	/* and expires again */
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_expire_mounts(v), 0);
	EXPECT(vfsim_expire_mounts(v), 2);
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "2 1 /auto tmpfs auto\n"));
	/* unmounting the parent takes unused submounts with it (shrink) */
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell/"), 3);
	EXPECT(vfsim_umount2(t, "/auto", 0), 0);
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
}

/*
 * A walk that leaves RCU mode part-way (5.8's pick_link() does, before a
 * symlink whose atime needs an update) puts every reference it drops from
 * then on with mntput(): the mount of the link, and each level of a stack
 * it crosses, are used.  A walk that stays in RCU mode uses only the mount
 * it ends on.
 *
 *   /              rootfs (1)
 *   |-/e           tmpfs "e" (2), with the symlink /e/l -> /m
 *   `-/m           tmpfs "m1" (3)
 *     `-/m         tmpfs "m2" (4), on top of it
 */
VT_TEST(vfs_expiry, ref_walk_puts_are_uses, "empty", NULL)
{
	fx_tmpfs(t, "e", "/e");
	EXPECT(vfsim_symlinkat(t, "/m", AT_FDCWD, "/e/l"), 0);
	fx_tmpfs(t, "m1", "/m");
	EXPECT(vfsim_mnt_set_expiry(t, "/m"), 0);	/* the lower one */
	EXPECT(vfsim_mount(t, "m2", "/m", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mnt_set_expiry(t, "/e"), 0);
	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert(vt_desc(t, 2).expiry_marked);
	cr_assert(vt_desc(t, 3).expiry_marked);

	/* the link's first follow updates its atime (relatime: not newer
	 * than its mtime): out of RCU mode, so /e and the covered /m are
	 * put, each a use */
	EXPECT(vfsim_path_mnt_id(t, "/e/l/."), 4);
	cr_assert(!vt_desc(t, 2).expiry_marked);
	cr_assert(!vt_desc(t, 3).expiry_marked);

	/* now the atime is newer than the mtime and the ctime: the walk
	 * stays in RCU mode and uses neither */
	EXPECT(vfsim_expire_mounts(v), 0);
	EXPECT(vfsim_path_mnt_id(t, "/e/l/."), 4);
	cr_assert(vt_desc(t, 2).expiry_marked);
	cr_assert(vt_desc(t, 3).expiry_marked);

	/* a day later relatime updates it again */
	vfsim_clock_advance(v, 24ull * 3600 * 1000000000);
	EXPECT(vfsim_path_mnt_id(t, "/e/l/."), 4);
	cr_assert(!vt_desc(t, 2).expiry_marked);
	cr_assert(!vt_desc(t, 3).expiry_marked);

	/* noatime: never an update, so never out of RCU mode for it */
	EXPECT(vfsim_mount(t, NULL, "/e", NULL,
			   MS_REMOUNT | MS_BIND | MS_NOATIME, NULL), 0);
	EXPECT(vfsim_expire_mounts(v), 0);
	vfsim_clock_advance(v, 24ull * 3600 * 1000000000);
	EXPECT(vfsim_path_mnt_id(t, "/e/l/."), 4);
	cr_assert(vt_desc(t, 2).expiry_marked);

	/* ".." in ref-walk mode puts the child mount it climbs out of:
	 * /r -> e/d is followed for the first time (out of RCU mode), the
	 * walk crosses onto /e and climbs back out of it */
	EXPECT(vfsim_mount(t, NULL, "/e", NULL, MS_REMOUNT | MS_BIND, NULL), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/e/d", 0755), 0);
	EXPECT(vfsim_symlinkat(t, "e/d", AT_FDCWD, "/r"), 0);
	EXPECT(vfsim_expire_mounts(v), 0);
	cr_assert(vt_desc(t, 2).expiry_marked);
	EXPECT(vfsim_path_mnt_id(t, "/r/../.."), 1);
	cr_assert(!vt_desc(t, 2).expiry_marked);
	/* the same walk in RCU mode (the atime is new now): no use */
	EXPECT(vfsim_expire_mounts(v), 0);
	EXPECT(vfsim_path_mnt_id(t, "/r/../.."), 1);
	cr_assert(vt_desc(t, 2).expiry_marked);
}
