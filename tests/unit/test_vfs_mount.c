/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mount(2) (vfs/namespace.c, fs/namespace.c of Linux 5.6): new mounts and
 * their errors, mount IDs, change counters, superblock unique IDs, several
 * instances side by side, bind, move, remount, per-mount attributes,
 * propagation-change errors and the fs.mount-max limit.
 *
 * Checked on Linux 6.18 (unshare -m, fresh tmpfs), same results unless
 * noted: an unknown fstype ENODEV; a missing target ENOENT (also for uid
 * 1000: the lookup comes before the capability check); a regular file as
 * the target of a tmpfs mount ENOTDIR; uid 1000 EPERM; a keyed superblock
 * (mqueue on 6.18) mounted twice on the same directory EBUSY; MS_MOVE into
 * the moved mount's own subtree ELOOP, of a directory that is not a mount
 * root EINVAL, of a mount whose parent is shared EINVAL; MS_SHARED|
 * MS_PRIVATE EINVAL, a propagation flag with MS_NOSUID EINVAL, on a
 * directory that is not a mount root EINVAL; MS_REMOUNT|MS_RDONLY makes
 * the superblock and that mount read-only and leaves a bind of it rw at
 * the mount level; MS_REMOUNT|MS_BIND replaces nosuid/nodev/noexec and
 * keeps the atime setting when none is given; MS_REMOUNT on a directory
 * that is not a mount root EINVAL; a bind skips submounts, MS_REC copies
 * them.
 *
 * Linux 5.8 gave proc one superblock per mount ("proc: allow to mount many
 * instances of proc in one pid namespace"), as the model has it: proc
 * mounted twice on one directory stacks.  mqueue keeps one superblock per
 * IPC namespace (the instance's): twice on one directory is EBUSY.
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
 *   /                 rootfs (1)
 *   |-/a              tmpfs "a" (2)
 *   |  `-/a           tmpfs "a2" (4), stacked
 *   |     `-/a/p2     proc (5), the same superblock as (3)
 *   |-/p              proc (3)
 *   `-/f              a regular file
 */
VT_TEST(vfs_mount, new_mount_errors, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	long fd;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/p", 0755), 0);
	fd = vfsim_openat(t, AT_FDCWD, "/f", O_CREAT | O_RDONLY, 0644);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);

	EXPECT(vfsim_mount(t, "x", "/a", "nosuchfs", 0, NULL), -ENODEV);
	EXPECT(vfsim_mount(t, "x", "/a", NULL, 0, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "x", "/nope", "tmpfs", 0, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "x", "/nope/deeper", "tmpfs", 0, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "x", "/f", "tmpfs", 0, NULL), -ENOTDIR);
	EXPECT(vfsim_mount(t, "x", "/a", "tmpfs", 0, "bogus=1"), -EINVAL);
	EXPECT(vfsim_mount(t, "x", "/a", "tmpfs", MS_NOUSER, NULL), -EINVAL);
	/* uid 1000: the lookup first, then the capability */
	EXPECT(vfsim_mount(u, "x", "/nope", "tmpfs", 0, NULL), -ENOENT);
	EXPECT(vfsim_mount(u, "x", "/a", "tmpfs", 0, NULL), -EPERM);
	EXPECT(vfsim_mount(u, NULL, "/a", NULL, MS_PRIVATE, NULL), -EPERM);
	EXPECT(vfsim_mount(u, "/a", "/p", NULL, MS_BIND, NULL), -EPERM);
	cr_assert_eq(vt_count_mounts(t), 1);
	/* CAP_SYS_ADMIN is what counts, not the uid */
	vfsim_task_set_caps(u, VFSIM_CAP_SYS_ADMIN);
	EXPECT(vfsim_mount(u, "a", "/a", "tmpfs", 0, NULL), 0);

	/* mqueue has one superblock per instance: twice on one dir is EBUSY */
	EXPECT(vfsim_mount(t, "mqueue", "/p", "mqueue", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "mqueue", "/p", "mqueue", 0, NULL), -EBUSY);
	/* through a symlink to it, too (the target is followed) */
	EXPECT(vfsim_symlinkat(t, "/p", AT_FDCWD, "/lp"), 0);
	EXPECT(vfsim_mount(t, "mqueue", "/lp", "mqueue", 0, NULL), -EBUSY);
	/* tmpfs makes a new superblock each time: stacking is fine; so does
	 * proc since 5.8 */
	EXPECT(vfsim_mount(t, "a2", "/a", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "proc", "/a", "proc", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "proc", "/a", "proc", 0, NULL), 0);
	EXPECT(vfsim_umount2(t, "/a", 0), 0);
	EXPECT(vfsim_umount2(t, "/a", 0), 0);
	/* the same mqueue superblock elsewhere is fine */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a/p2", 0755), 0);
	EXPECT(vfsim_mount(t, "mqueue", "/a/p2", "mqueue", 0, NULL), 0);
	{
		struct vt_mount m1, m2;

		cr_assert_eq(vt_mount_at(t, "/p", &m1), 0);
		cr_assert_eq(vt_mount_at(t, "/a/p2", &m2), 0);
		cr_assert_eq(m1.d.sb_unique_id, m2.d.sb_unique_id);
	}
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "2 1 /a tmpfs a\n"
		         "4 2 /a tmpfs a2\n"
		         "5 4 /a/p2 mqueue mqueue\n"
		         "3 1 /p mqueue mqueue\n"));
	vfsim_task_destroy(u);
}

/*
 *   /           rootfs (1)
 *   |-/a .. /f  tmpfs mounts; IDs as the steps below say
 */
VT_TEST(vfs_mount, ids_smallest_free, "empty", NULL)
{
	const char *dirs[] = { "/a", "/b", "/c", "/d", "/e", "/f" };
	size_t i;

	for (i = 0; i < 6; i++)
		EXPECT(vfsim_mkdirat(t, AT_FDCWD, dirs[i], 0755), 0);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "c", "/c", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/a"), 2);
	EXPECT(vfsim_path_mnt_id(t, "/b"), 3);
	EXPECT(vfsim_path_mnt_id(t, "/c"), 4);
	EXPECT(vfsim_umount2(t, "/b", 0), 0);
	EXPECT(vfsim_mount(t, "d", "/d", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/d"), 3);
	EXPECT(vfsim_umount2(t, "/c", 0), 0);
	EXPECT(vfsim_umount2(t, "/a", 0), 0);
	EXPECT(vfsim_mount(t, "e", "/e", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "f", "/f", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/e"), 2);
	EXPECT(vfsim_path_mnt_id(t, "/f"), 4);
	/* a failed mount takes no ID */
	EXPECT(vfsim_mount(t, "x", "/a", "tmpfs", 0, "bogus"), -EINVAL);
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/b"), 5);
	/* an ID held by a detached, still open mount is not free */
	{
		long fd = vfsim_openat(t, AT_FDCWD, "/b", O_PATH | O_DIRECTORY, 0);

		cr_assert_geq(fd, 0);
		EXPECT(vfsim_umount2(t, "/b", MNT_DETACH), 0);
		EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
		EXPECT(vfsim_path_mnt_id(t, "/a"), 6);
		EXPECT(vfsim_close(t, (int)fd), 0);
		EXPECT(vfsim_mount(t, "c", "/c", "tmpfs", 0, NULL), 0);
		EXPECT(vfsim_path_mnt_id(t, "/c"), 5);
	}
	cr_assert(vt_tree_is(t, VT_NOID,
		         "/ rootfs rootfs\n"
		         "/d tmpfs d\n"
		         "/e tmpfs e\n"
		         "/f tmpfs f\n"
		         "/a tmpfs a\n"
		         "/c tmpfs c\n"));
}

/*
 *   /               rootfs (1)
 *   |-/a            tmpfs "a" (2)
 *   |  `-/a/x       tmpfs "x" (3)
 *   `-/b            tmpfs "b" (4)
 *
 * mnt_change_counter (patch 02) goes up by one for each notification
 * posted on the mount: on the parent for each child attached (NEW_MOUNT,
 * MOVE_TO) or detached (UNMOUNT, MOVE_FROM); on the mount itself for an
 * attribute change (SETATTR) and a read-only flip (READONLY), so a
 * read-only setattr counts two.
 */
VT_TEST(vfs_mount, change_counter, "empty", NULL)
{
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755), 0);
	cr_assert_eq(vt_desc(t, 1).change_counter, 0);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	cr_assert_eq(vt_desc(t, 1).change_counter, 1);
	cr_assert_eq(vt_desc(t, 2).change_counter, 0);
	fx_tmpfs(t, "x", "/a/x");
	cr_assert_eq(vt_desc(t, 1).change_counter, 1);
	cr_assert_eq(vt_desc(t, 2).change_counter, 1);
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL), 0);
	cr_assert_eq(vt_desc(t, 1).change_counter, 2);
	/* failures change nothing */
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, "bogus"), -EINVAL);
	EXPECT(vfsim_umount2(t, "/a", 0), -EBUSY);
	cr_assert_eq(vt_desc(t, 1).change_counter, 2);
	cr_assert_eq(vt_desc(t, 2).change_counter, 1);

	/* setattr: +1 on the mount; read-only: +1 more; parent unchanged */
	EXPECT(vfsim_mount(t, NULL, "/b", NULL, MS_REMOUNT | MS_BIND | MS_NOSUID, NULL), 0);
	cr_assert_eq(vt_desc(t, 4).change_counter, 1);
	EXPECT(vfsim_mount(t, NULL, "/b", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), 0);
	cr_assert_eq(vt_desc(t, 4).change_counter, 3);
	EXPECT(vfsim_mount(t, NULL, "/b", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), 0);
	cr_assert_eq(vt_desc(t, 4).change_counter, 4);	/* already ro: SETATTR only */
	EXPECT(vfsim_mount(t, NULL, "/b", NULL, MS_REMOUNT | MS_BIND, NULL), 0);
	cr_assert_eq(vt_desc(t, 4).change_counter, 6);
	/* a superblock remount sets the mount's flags: SETATTR */
	EXPECT(vfsim_mount(t, NULL, "/b", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	cr_assert_eq(vt_desc(t, 4).change_counter, 7);
	cr_assert_eq(vt_desc(t, 1).change_counter, 2);

	/* move: MOVE_FROM on the old parent, MOVE_TO on the new one */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a/y", 0755), 0);
	EXPECT(vfsim_mount(t, "/b", "/a/y", NULL, MS_MOVE, NULL), 0);
	cr_assert_eq(vt_desc(t, 1).change_counter, 3);
	cr_assert_eq(vt_desc(t, 2).change_counter, 2);
	cr_assert_eq(vt_desc(t, 4).change_counter, 7);
	/* bind: NEW_MOUNT on the parent */
	EXPECT(vfsim_mount(t, "/a/x", "/b", NULL, MS_BIND, NULL), 0);
	cr_assert_eq(vt_desc(t, 1).change_counter, 4);
	/* umount of a tree: UNMOUNT on each unmounted mount's parent */
	EXPECT(vfsim_umount2(t, "/b", 0), 0);
	cr_assert_eq(vt_desc(t, 1).change_counter, 5);
	EXPECT(vfsim_umount2(t, "/a/y", 0), 0);
	cr_assert_eq(vt_desc(t, 2).change_counter, 3);
	EXPECT(vfsim_umount2(t, "/a", MNT_DETACH), 0);
	cr_assert_eq(vt_desc(t, 1).change_counter, 6);
	cr_assert(vt_tree_is(t, 0, "1 1 / rootfs rootfs\n"));
}

static void same_calls(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v);

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755), 0);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_umount2(t, "/a", 0), 0);
	EXPECT(vfsim_mount(t, "/b", "/a", NULL, MS_BIND, NULL), 0);
}

/*
 * Two instances, the same calls in each, interleaved:
 *   /        rootfs (1)
 *   |-/b     tmpfs "b" (3)
 *   `-/a     bind of /b (2)
 * then a third mount in the first only.
 */
Test(vfs_mount, instances_independent)
{
	struct vfsim *v1 = vt_boot("empty"), *v2 = vt_boot("empty");
	struct vfsim_task *t1 = vfsim_init_task(v1), *t2 = vfsim_init_task(v2);
	struct vt_mount m1, m2;
	char *s1, *s2;

	same_calls(v1);
	same_calls(v2);
	s1 = vt_tree(t1, VT_ATTR | VT_PROP | VT_SB);
	s2 = vt_tree(t2, VT_ATTR | VT_PROP | VT_SB);
	cr_assert_str_eq(s1, s2);
	cr_assert_str_eq(s1,
		"1 1 / rootfs rootfs rw private sb=rw\n"
		"3 1 /b tmpfs b rw private sb=rw\n"
		"2 1 /a tmpfs b rw private sb=rw\n");
	free(s1);
	free(s2);
	cr_assert_eq(vt_mount_at(t1, "/b", &m1), 0);
	cr_assert_eq(vt_mount_at(t2, "/b", &m2), 0);
	cr_assert_eq(m1.d.sb_unique_id, m2.d.sb_unique_id);
	cr_assert_eq(m1.d.change_counter, m2.d.change_counter);

	/* a mount in one is not in the other */
	EXPECT(vfsim_mkdirat(t1, AT_FDCWD, "/only1", 0755), 0);
	EXPECT(vfsim_mount(t1, "o", "/only1", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t2, "/only1"), -ENOENT);
	cr_assert_eq(vt_count_mounts(t1), 4);
	cr_assert_eq(vt_count_mounts(t2), 3);
	cr_assert_eq(vt_mount_id(t2, 4, &m2), -ENOENT);
	/* destroying one leaves the other working */
	cr_assert_eq(vt_finish(v1), 0);
	EXPECT(vfsim_umount2(t2, "/a", 0), 0);
	cr_assert_eq(vt_count_mounts(t2), 2);
	cr_assert_eq(vt_finish(v2), 0);
}

/*
 *   /                    rootfs (1)
 *   |-/src               tmpfs "src" (2), with /src/d/e
 *   |  `-/src/sub        tmpfs "sub" (3)
 *   |     `-/src/sub/in  tmpfs "in" (4)
 *   |-/nr                bind of /src            (5) - no submounts
 *   |-/r                 rbind of /src           (6, 7, 8)
 *   `-/d                 bind of /src/d: root /d (9)
 */
VT_TEST(vfs_mount, bind, "empty", NULL)
{
	struct vt_mount m;

	fx_dirs(t, "/src", "/nr", "/r", "/d", NULL);
	EXPECT(vfsim_mount(t, "src", "/src", "tmpfs", MS_NOEXEC, NULL), 0);
	EXPECT(vt_mkdir_p(t, "/src/d/e", 0755), 0);
	fx_tmpfs(t, "sub", "/src/sub");
	fx_tmpfs(t, "in", "/src/sub/in");

	EXPECT(vfsim_mount(t, "/src", "/nr", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_mount(t, "/src", "/r", NULL, MS_BIND | MS_REC, NULL), 0);
	EXPECT(vfsim_mount(t, "/src/d", "/d", NULL, MS_BIND, NULL), 0);
	/* the source must exist and be given */
	EXPECT(vfsim_mount(t, "/nope", "/d", NULL, MS_BIND, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "", "/d", NULL, MS_BIND, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/d", NULL, MS_BIND, NULL), -EINVAL);

	cr_assert(vt_tree_is(t, VT_ATTR,
		         "1 1 / rootfs rootfs rw\n"
		         "2 1 /src tmpfs src rw,noexec\n"
		         "3 2 /src/sub tmpfs sub rw\n"
		         "4 3 /src/sub/in tmpfs in rw\n"
		         "5 1 /nr tmpfs src rw,noexec\n"
		         "6 1 /r tmpfs src rw,noexec\n"
		         "7 6 /r/sub tmpfs sub rw\n"
		         "8 7 /r/sub/in tmpfs in rw\n"
		         "9 1 /d tmpfs src[/d] rw,noexec\n"));
	cr_assert_eq(vt_mount_at(t, "/d", &m), 0);
	cr_assert_str_eq(m.root, "/d");
	/* the bind shows the same directory */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d/e/new", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/src/d/e/new", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/nr/d/e/new", 0755), -EEXIST);
	/* in the non-recursive bind, /nr/sub is the plain directory */
	EXPECT(vfsim_path_mnt_id(t, "/nr/sub"), 5);
	EXPECT(vfsim_path_mnt_id(t, "/nr/sub/in"), -ENOENT);
	/* a bind of a bind of a subdirectory keeps the subdirectory root */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/src/d/e/bb", 0755), 0);
	EXPECT(vfsim_mount(t, "/d/e", "/src/d/e/bb", NULL, MS_BIND, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/src/d/e/bb", &m), 0);
	cr_assert_str_eq(m.root, "/d/e");
	cr_assert_eq(m.d.parent_id, 2);
}

/*
 *   /                  rootfs (1)
 *   |-/e               tmpfs "e" (2), with /e/x/y
 *   |-/sh              tmpfs "sh" (3), shared
 *   |  `-/sh/k         tmpfs "k" (4), shared (made under a shared mount)
 *   `-/dst             directory to move to
 */
VT_TEST(vfs_mount, move, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	long fd;

	fx_dirs(t, "/e", "/sh", "/dst/deeper", "/plain/dir", NULL);
	EXPECT(vfsim_mount(t, "e", "/e", "tmpfs", 0, NULL), 0);
	EXPECT(vt_mkdir_p(t, "/e/x/y", 0755), 0);
	EXPECT(vfsim_mount(t, "sh", "/sh", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/sh", NULL, MS_SHARED, NULL), 0);
	EXPECT(vt_mkdir_p(t, "/sh/k", 0755), 0);
	/* made under a shared mount, k is shared too (a new group) */
	EXPECT(vfsim_mount(t, "k", "/sh/k", "tmpfs", 0, NULL), 0);

	EXPECT(vfsim_mount(t, "/e", "/e/x/y", NULL, MS_MOVE, NULL), -ELOOP);
	EXPECT(vfsim_mount(t, "/e", "/e", NULL, MS_MOVE, NULL), -ELOOP);
	EXPECT(vfsim_mount(t, "/e/x", "/dst", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "/plain/dir", "/dst", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "/sh/k", "/dst", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "/", "/dst", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "/nope", "/dst", NULL, MS_MOVE, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "/e", "/nope", NULL, MS_MOVE, NULL), -ENOENT);
	EXPECT(vfsim_mount(u, "/e", "/dst", NULL, MS_MOVE, NULL), -EPERM);

	/* a move keeps the mount (same ID, same fd still works) */
	fd = vfsim_openat(t, AT_FDCWD, "/e/x", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_mount(t, "/e", "/dst/deeper", NULL, MS_MOVE, NULL), 0);
	EXPECT(vfsim_mkdirat(t, (int)fd, "moved", 0755), 0);
	EXPECT(vfsim_path_mnt_id(t, "/dst/deeper/x/moved"), 2);
	EXPECT(vfsim_path_mnt_id(t, "/e/x"), -ENOENT);
	EXPECT(vfsim_close(t, (int)fd), 0);
	/* moving the shared mount itself is fine (its parent is private) */
	EXPECT(vfsim_mount(t, "/sh", "/dst/deeper/x/y", NULL, MS_MOVE, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /dst/deeper tmpfs e private\n"
		         "3 2 /dst/deeper/x/y tmpfs sh shared:1\n"
		         "4 3 /dst/deeper/x/y/k tmpfs k shared:2\n"));
	vfsim_task_destroy(u);
}

/*
 *   /              rootfs (1)
 *   |-/m           tmpfs "m" (2)
 *   `-/m2          bind of /m (3): same superblock
 */
VT_TEST(vfs_mount, remount, "empty", NULL)
{
	struct vt_mount m;

	EXPECT(vt_mkdir_p(t, "/m", 0755), 0);
	EXPECT(vt_mkdir_p(t, "/m2", 0755), 0);
	EXPECT(vfsim_mount(t, "m", "/m", "tmpfs", MS_NOSUID, "mode=755"), 0);
	EXPECT(vt_mkdir_p(t, "/m/dir", 0755), 0);
	EXPECT(vfsim_mount(t, "/m", "/m2", NULL, MS_BIND, NULL), 0);

	/* sb read-only: both mounts' superblock is ro; the target mount
	 * gets the per-mount flags of the call (ro, and nosuid dropped),
	 * the other keeps its own */
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	cr_assert(vt_tree_is(t, VT_ATTR | VT_SB,
		         "1 1 / rootfs rootfs rw sb=rw\n"
		         "2 1 /m tmpfs m ro sb=ro\n"
		         "3 1 /m2 tmpfs m rw,nosuid sb=ro\n"));
	cr_assert_eq(vt_mount_at(t, "/m2", &m), 0);
	cr_assert_str_eq(m.sb_options, "ro,mode=755");
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m2/x", 0755), -EROFS);
	/* a superblock remount of a subdirectory is EINVAL */
	EXPECT(vfsim_mount(t, NULL, "/m/dir", NULL, MS_REMOUNT, NULL), -EINVAL);
	/* bad options fail and change nothing */
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "bogus"), -EINVAL);
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert(m.d.sb_flags & VFSIM_SB_RDONLY);
	/* back to rw through the bind */
	EXPECT(vfsim_mount(t, NULL, "/m2", NULL, MS_REMOUNT | MS_NOEXEC, NULL), 0);
	cr_assert(vt_tree_is(t, VT_ATTR | VT_SB,
		         "1 1 / rootfs rootfs rw sb=rw\n"
		         "2 1 /m tmpfs m ro sb=rw\n"
		         "3 1 /m2 tmpfs m rw,noexec sb=rw\n"));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m2/x", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/y", 0755), -EROFS);
	/* non-admin */
	{
		struct vfsim_task *u = vt_task(v, 1000, 1000);

		EXPECT(vfsim_mount(u, NULL, "/m", NULL, MS_REMOUNT, NULL), -EPERM);
		vfsim_task_destroy(u);
	}
}

/*
 *   /              rootfs (1)
 *   |-/m           tmpfs "m" (2)
 *   `-/m2          bind of /m (3)
 */
VT_TEST(vfs_mount, setattr, "empty", NULL)
{
	EXPECT(vt_mkdir_p(t, "/m", 0755), 0);
	EXPECT(vt_mkdir_p(t, "/m2", 0755), 0);
	EXPECT(vfsim_mount(t, "m", "/m", "tmpfs", 0, NULL), 0);
	EXPECT(vt_mkdir_p(t, "/m/dir", 0755), 0);
	EXPECT(vfsim_mount(t, "/m", "/m2", NULL, MS_BIND, NULL), 0);

	EXPECT(vfsim_mount(t, NULL, "/m2", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV |
			   MS_NOEXEC | MS_NOATIME, NULL), 0);
	cr_assert(vt_tree_is(t, VT_ATTR | VT_SB,
		         "1 1 / rootfs rootfs rw sb=rw\n"
		         "2 1 /m tmpfs m rw sb=rw\n"
		         "3 1 /m2 tmpfs m ro,nosuid,nodev,noexec,noatime sb=rw\n"));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m2/x", 0755), -EROFS);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/x", 0755), 0);
	/* no atime flag given: noatime is kept; the others are replaced */
	EXPECT(vfsim_mount(t, NULL, "/m2", NULL, MS_REMOUNT | MS_BIND | MS_NODEV, NULL), 0);
	cr_assert(vt_tree_is(t, VT_ATTR,
		         "1 1 / rootfs rootfs rw\n"
		         "2 1 /m tmpfs m rw\n"
		         "3 1 /m2 tmpfs m rw,nodev,noatime\n"));
	/* an atime flag replaces the atime setting */
	EXPECT(vfsim_mount(t, NULL, "/m2", NULL, MS_REMOUNT | MS_BIND | MS_STRICTATIME, NULL), 0);
	cr_assert(vt_tree_is(t, VT_ATTR,
		         "1 1 / rootfs rootfs rw\n"
		         "2 1 /m tmpfs m rw\n"
		         "3 1 /m2 tmpfs m rw,strictatime\n"));
	EXPECT(vfsim_mount(t, NULL, "/m2", NULL, MS_REMOUNT | MS_BIND | MS_RELATIME, NULL), 0);
	cr_assert(vt_tree_is(t, VT_ATTR,
		         "1 1 / rootfs rootfs rw\n"
		         "2 1 /m tmpfs m rw\n"
		         "3 1 /m2 tmpfs m rw\n"));
	/* not a mount root: EINVAL; non-admin: EPERM; no mount: ENOENT */
	EXPECT(vfsim_mount(t, NULL, "/m/dir", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL),
	       -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/nope", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL),
	       -ENOENT);
	{
		struct vfsim_task *u = vt_task(v, 1000, 1000);

		EXPECT(vfsim_mount(u, NULL, "/m2", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL),
		       -EPERM);
		vfsim_task_destroy(u);
	}
	/* the superblock's own state is untouched by all this */
	cr_assert(vt_tree_is(t, VT_SB,
		         "1 1 / rootfs rootfs sb=rw\n"
		         "2 1 /m tmpfs m sb=rw\n"
		         "3 1 /m2 tmpfs m sb=rw\n"));
}

/*
 *   /              rootfs (1)
 *   `-/s           tmpfs "s" (2), with /s/dir
 */
VT_TEST(vfs_mount, propagation_change_errors, "empty", NULL)
{
	fx_tmpfs(t, "s", "/s");
	EXPECT(vt_mkdir_p(t, "/s/dir", 0755), 0);
	EXPECT(vfsim_mount(t, NULL, "/s/dir", NULL, MS_SHARED, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/s", NULL, MS_SHARED | MS_PRIVATE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/s", NULL, MS_SLAVE | MS_UNBINDABLE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/s", NULL, MS_PRIVATE | MS_NOSUID, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/nope", NULL, MS_PRIVATE, NULL), -ENOENT);
	/* MS_REC and MS_SILENT are allowed with one type */
	EXPECT(vfsim_mount(t, NULL, "/s", NULL, MS_SHARED | MS_REC | MS_SILENT, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /s tmpfs s shared:1\n"));
}

/*
 *   /                  rootfs (1)
 *   |-/a               tmpfs "a" (2), with /a/sub
 *   |  `-/a/sub        tmpfs "sub" (3)
 *   `-/m1 .. /m9       what fits under mount_max
 */
VT_TEST(vfs_mount, mount_max, "empty", NULL)
{
	fx_dirs(t, "/a", "/b", "/c", NULL);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	fx_tmpfs(t, "sub", "/a/sub");
	vt_set_mount_max(v, 4);
	/* an rbind of two mounts does not fit (3 + 2 > 4) */
	EXPECT(vfsim_mount(t, "/a", "/b", NULL, MS_BIND | MS_REC, NULL), -ENOSPC);
	cr_assert_eq(vt_count_mounts(t), 3);
	/* one more does (3 + 1 = 4), then nothing */
	EXPECT(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_mount(t, "c", "/c", "tmpfs", 0, NULL), -ENOSPC);
	EXPECT(vfsim_mount(t, "/a", "/c", NULL, MS_BIND, NULL), -ENOSPC);
	cr_assert_eq(vt_count_mounts(t), 4);
	/* a move adds no mount */
	EXPECT(vfsim_mount(t, "/b", "/c", NULL, MS_MOVE, NULL), 0);
	/* freeing one makes room for one */
	EXPECT(vfsim_umount2(t, "/c", 0), 0);
	EXPECT(vfsim_mount(t, "c", "/c", "tmpfs", 0, NULL), 0);
	cr_assert(vt_tree_is(t, 0,
		         "1 1 / rootfs rootfs\n"
		         "2 1 /a tmpfs a\n"
		         "3 2 /a/sub tmpfs sub\n"
		         "4 1 /c tmpfs c\n"));
}

/*
 * The limit counts the propagated copies of a mount with it, as the
 * kernel's count_mounts() does through ns->pending_mounts:
 *
 *   /              rootfs (1)
 *   |-/a           tmpfs "a" (2), shared:1
 *   `-/b           bind of /a (3), shared:1 (a peer)
 *
 * With mount_max 4 a mount on /a/x would make two (one on /a/x, one on
 * /b/x): 3 + 2 > 4, ENOSPC, and nothing is left behind.
 */
VT_TEST(vfs_mount, mount_max_counts_propagated_copies, "empty", NULL)
{
	fx_shared_bind(t, "a", "/a", "/b", 0, 0);
	EXPECT(vt_mkdir_p(t, "/a/x", 0755), 0);
	vt_set_mount_max(v, 4);
	EXPECT(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL), -ENOSPC);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /a tmpfs a shared:1\n"
		         "3 1 /b tmpfs a shared:1\n"));
	cr_assert_eq(vt_check(v), 0);
	vt_set_mount_max(v, 5);
	EXPECT(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /a tmpfs a shared:1\n"
		         "4 2 /a/x tmpfs x shared:2\n"
		         "3 1 /b tmpfs a shared:1\n"
		         "5 3 /b/x tmpfs x shared:2\n"));
}
