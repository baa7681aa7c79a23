/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * watch_mount(2) (seed 002, vfs/mount_notify.c): the validation rules and
 * errnos, in the order the syscall checks them (the watch_id, at_flags,
 * path and watch_fd checks it shares with watch_sb() are in
 * test_notify_watch_args.c), what a watch pins, and the REMOVAL records of
 * an explicit removal and of a dying mount.
 *
 * The removal record of an explicit removal carries the inode number of
 * the watched directory (errata B9, model fix); tmpfs numbers its inodes
 * from 1 in creation order, so a mount's root is 0x1 and the first
 * directory made in it 0x2.  A dying mount's REMOVAL carries its mount ID.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* The tree of every test: fx_notify_tree (common/fixtures.h), /mnt/a's
 * root, d and e being inodes 1, 2 and 3 of tmpfs "a". */

/* ---- the path walk ------------------------------------------------------------ */

/* A symlink to a directory puts the watch on the directory. */
VT_TEST(watch_mount, follows_symlinks, "empty", fx_notify_tree)
{
	int p[2];

	nt_pipe(t, 16, p);
	OK(vfsim_symlinkat(t, "/mnt/a/d", AT_FDCWD, "/link"));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/link", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 2), -EBUSY);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert(nt_records_are(t, p[0], "meta removal id=1 object=0x2\n"));
}

/*
 * Search permission on the directory itself (inode_permission(MAY_EXEC),
 * the syscall's own check) and on the way to it (the walk's), both
 * EACCES, and both before the watch_fd is looked at.
 *
 *   /priv      0700 root     (uid 1000 may not search it)
 *   `-sub      0755 root
 *   /mine      0700 uid 1000
 */
VT_TEST(watch_mount, search_permission, "empty", fx_notify_tree)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int p[2], up[2];

	nt_mkdirs(t, "/priv/sub");
	nt_mkdirs(t, "/mine");
	OK(vfsim_chmod(t, "/priv", 0700));
	OK(vfsim_chmod(t, "/mine", 0700));
	OK(vfsim_chown(t, "/mine", 1000, 1000));
	nt_pipe(t, 16, p);
	nt_pipe(u, 16, up);

	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/priv", 0, up[0], 1), -EACCES);
	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/priv/sub", 0, up[0], 1), -EACCES);
	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/priv", 0, 99, 1), -EACCES);
	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/priv", 0, up[0], -1), -EACCES);
	cr_assert_eq(vt_check(v), 0);
	/* no watch was left behind: the root mount still has no watch list */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/priv", 0, p[0], -1), -EBADSLT);

	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/mine", 0, up[0], 1), 0);
	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/mnt/a", 0, up[0], 2), 0);
	/* root has CAP_DAC_OVERRIDE */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/priv", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/priv/sub", 0, p[0], 2), 0);
	/* CAP_DAC_READ_SEARCH is enough to search */
	vfsim_task_set_caps(u, VFSIM_CAP_DAC_READ_SEARCH);
	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/priv/sub", 0, up[0], 3), 0);
	cr_assert_eq(vt_check(v), 0);
	vfsim_task_destroy(u);
	cr_assert_eq(vt_check(v), 0);
}

/* AT_EMPTY_PATH with a directory fd watches that directory; without the
 * flag an empty path is ENOENT.  Relative paths start at dfd. */
VT_TEST(watch_mount, empty_path_and_dfd, "empty", fx_notify_tree)
{
	long dfd;
	int p[2];

	nt_pipe(t, 16, p);
	dfd = vfsim_openat(t, AT_FDCWD, "/mnt/a", O_PATH | O_DIRECTORY, 0);
	OK(dfd);

	EXPECT(vfsim_watch_mount(t, (int)dfd, "", 0, p[0], 1), -ENOENT);
	EXPECT(vfsim_watch_mount(t, (int)dfd, "", AT_EMPTY_PATH, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 2), -EBUSY);
	EXPECT(vfsim_watch_mount(t, (int)dfd, "d", 0, p[0], 3), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 4), -EBUSY);
	/* AT_FDCWD with an empty path: the working directory */
	OK(vfsim_chdir(t, "/mnt/a/d/e"));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "", AT_EMPTY_PATH, p[0], 5), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d/e", 0, p[0], 6), -EBUSY);
	OK(vfsim_chdir(t, "/"));

	EXPECT(vfsim_watch_mount(t, (int)dfd, "", AT_EMPTY_PATH, p[0], -1), 0);
	EXPECT(vfsim_watch_mount(t, (int)dfd, "d", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d/e", 0, p[0], -1), 0);
	cr_assert(nt_records_are(t, p[0],
			         "meta removal id=1 object=0x1\n"
			         "meta removal id=3 object=0x2\n"
			         "meta removal id=5 object=0x3\n"));
	OK(vfsim_close(t, (int)dfd));
}

/*
 * AT_NO_AUTOMOUNT only drops LOOKUP_AUTOMOUNT; seed 002 keeps
 * LOOKUP_DIRECTORY, and a directory lookup triggers a terminal automount
 * by itself (fs/namei.c follow_automount(): LOOKUP_PARENT | DIRECTORY |
 * OPEN | CREATE | AUTOMOUNT).  So with or without the flag the automount
 * happens and the watch lands on the root of the new submount: the walk
 * from it gives EXPIRY without IN_SUBTREE, and its death a REMOVAL with
 * its mount ID.  (vfsim models the kernel walk; see also errata B3,
 * where watch_sb's lookup lost LOOKUP_DIRECTORY and so the automount.)
 *
 *   /                rootfs
 *   `-/mnt/auto      automount point -> tmpfs "auto" (a submount on demand)
 */
static void no_automount_case(unsigned int at_flags)
{
	unsigned int sub;
	int p[2];

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	cr_assert(nt_watch_automounts(t, vfsim_watch_mount, at_flags, p[0]));
	sub = nt_mnt_id(t, "/mnt/auto");
	cr_assert_neq(sub, nt_mnt_id(t, "/mnt"));
	/* the same pipe on the same (submount root) directory */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/auto", 0, p[0], 2), -EBUSY);
	cr_assert_eq(vt_check(v), 0);

	cr_assert_eq(vfsim_expire_mounts(v), 0);
	cr_assert_eq(vfsim_expire_mounts(v), 1);
	cr_assert(nt_records_are(t, p[0],
			         "mount expiry id=1 triggered_on=%u changed_mount=0\n"
			         "meta removal id=1 object=0x%x\n", sub, sub));
}

VT_TEST(watch_mount, no_automount_flag_still_automounts, "empty", NULL)
{
	no_automount_case(AT_NO_AUTOMOUNT);
}

VT_TEST(watch_mount, automount_triggered, "empty", NULL)
{
	no_automount_case(0);
}

/* ---- EBUSY --------------------------------------------------------------------- */

/*
 * One watch per (pipe, directory, mount): the same pipe on the same
 * directory again is EBUSY whatever the ID; another pipe, another
 * directory of the same mount, or the same directory seen through a bind
 * mount (another mount, another watch list) are fine.
 *
 *   /mnt/a    tmpfs "a"   (d in it)
 *   /mnt/b    bind of /mnt/a
 */
VT_TEST(watch_mount, ebusy, "empty", fx_notify_tree)
{
	int p[2], q[2];

	nt_pipes(t, 16, p, q, NULL);
	OK(vfsim_mount(t, "/mnt/a", "/mnt/b", NULL, MS_BIND, NULL));

	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), -EBUSY);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 9), -EBUSY);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d/", 0, p[0], 9), -EBUSY);
	/* the write end names the same queue */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[1], 9), -EBUSY);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d/e", 0, p[0], 3), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 4), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/b/d", 0, p[0], 5), 0);
	cr_assert_eq(vt_check(v), 0);

	/* the refused watches left nothing: d's only watch from p is ID 1 (a
	 * new mount is posted from the parent's root: S1) */
	nt_mount_and_touch(t, "/mnt/a/d/e");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=4 triggered_on=%u changed_mount=%u\n"
			         "mount setattr id=3 flags=in_subtree triggered_on=%u changed_mount=0\n"
			         "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n"
			         "mount setattr id=4 flags=in_subtree triggered_on=%u changed_mount=0\n",
			         nt_mnt_id(t, "/mnt/a"), nt_mnt_id(t, "/mnt/a/d/e"),
			         nt_mnt_id(t, "/mnt/a/d/e"), nt_mnt_id(t, "/mnt/a/d/e"),
			         nt_mnt_id(t, "/mnt/a/d/e")));
}

/*
 * A tmpfs mounted on /mnt/a/d/e and then changed (nt_mount_and_touch()):
 * the watch on /mnt/a/d through @fd (ID @id) hears only the change (the
 * NEW_MOUNT is posted from /mnt/a's root, above d: S1), @silent nothing.
 */
static void e_changed_heard_by(int silent, int fd, int id)
{
	nt_mount_and_touch(t, "/mnt/a/d/e");
	cr_assert(nt_records_are(t, silent, "%s", ""));
	cr_assert(nt_records_are(t, fd,
			         "mount setattr id=%d flags=in_subtree triggered_on=%u changed_mount=0\n",
			         id, nt_mnt_id(t, "/mnt/a/d/e")));
}

/* ---- removal ------------------------------------------------------------------- */

/*
 * watch_id -1 removes this pipe's watch on this directory: a 16-byte
 * REMOVAL record with the watch's ID and the directory's inode number;
 * EBADSLT when there is none (another pipe's, another directory's, or
 * a second removal), and nothing more arrives afterwards.
 */
VT_TEST(watch_mount, removal, "empty", fx_notify_tree)
{
	int p[2], q[2];

	nt_pipes(t, 16, p, q, NULL);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 7), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], 8), 0);

	/* the mount has a watch list now, but not for these */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d/e", 0, p[0], -1), -EBADSLT);
	/* a mount that never had a watch (errata B4, fixed) */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/b", 0, p[0], -1), -EBADSLT);
	cr_assert(nt_records_are(t, p[0], "%s", ""));

	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert(nt_records_are(t, p[0], "meta removal id=7 object=0x2\n"));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), -EBADSLT);
	cr_assert_eq(vt_check(v), 0);

	/* q's watch is still there, p's is gone */
	e_changed_heard_by(p[0], q[0], 8);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], -1), 0);
	cr_assert(nt_records_are(t, q[0], "meta removal id=8 object=0x2\n"));
	cr_assert_eq(vt_check(v), 0);
}

/* ---- the LSM hook ------------------------------------------------------------------- */

/*
 * security_watch_mount() is asked with the mount of the path; a refusal's
 * errno comes back and leaves no watch (nor a watch list: removal is
 * still EBADSLT, events reach nobody); removal does not ask.  (A positive
 * answer is a policy bug: a warning and a refusal, see test_fsinfo_lsm.)
 */
VT_TEST(watch_mount, lsm_denies, "empty", fx_notify_tree)
{
	struct nt_lsm_log log = { .ret = -EPERM };
	int p[2], q[2];

	nt_pipes(t, 16, p, q, NULL);
	vfsim_set_lsm(v, &nt_lsm_watch_mount_ops, &log);

	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), -EPERM);
	cr_assert_eq(log.calls, 1);
	cr_assert_eq(log.object, nt_mnt_id(t, "/mnt/a"));
	cr_assert_eq(log.uid, 0);
	log.ret = -EACCES;
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), -EACCES);
	log.ret = -ENOMEM;
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), -ENOMEM);
	cr_assert_eq(log.object, nt_mnt_id(t, "/"));
	cr_assert_eq(log.calls, 3);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), -EBADSLT);
	cr_assert_eq(log.calls, 3, "removal asked the LSM");
	/* the hook runs after the checks before it: they answer first */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/nope", 0, p[0], 1), -ENOENT);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, 99, 1), -EBADF);
	cr_assert_eq(log.calls, 3);

	/* allowed: q gets its watch; p, refused three times, has none */
	log.ret = 0;
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], 2), 0);
	cr_assert_eq(log.calls, 4);
	e_changed_heard_by(p[0], q[0], 2);
	vfsim_set_lsm(v, NULL, NULL);
}

/* ---- what a watch pins --------------------------------------------------------------- */

/*
 * A mount watch holds the directory's dentry and marks it
 * DCACHE_MOUNT_WATCH (the invariant checker matches marks and per-dentry
 * counts against the watches that exist); removing the watch lets go,
 * and the instance tears down without a leak either way: here with two
 * watches removed, one left to the pipe's close and one left to the
 * teardown.
 */
VT_TEST(watch_mount, pins_the_dentry, "empty", fx_notify_tree)
{
	int p[2], q[2], r[2];

	nt_pipes(t, 16, p, q, r, NULL);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d/e", 0, q[0], 3), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d/e", 0, r[0], 4), 0);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	/* closing the pipe releases q's last watch, with no record */
	OK(vfsim_close(t, q[0]));
	OK(vfsim_close(t, q[1]));
	cr_assert_eq(vt_check(v), 0);
	/* r's watch stays until the end: vt_finish() checks the teardown */
}

/* ---- REMOVAL when the watched mount dies ---------------------------------------------- */

/*
 * Unmounting /mnt/a ends the mount: each of its watchers gets a 16-byte
 * REMOVAL with the mount's ID (the newest watch first: the list is
 * LIFO); the UNMOUNT itself is posted on the parent, seen from /.
 *
 *   /              rootfs         <- q watches / (ID 9)
 *   `-/mnt/a       tmpfs "a"      <- p watches the root (ID 3) and d (ID 4)
 *       `-d
 */
VT_TEST(watch_mount, removal_when_the_mount_dies, "empty", fx_notify_tree)
{
	unsigned int a;
	int p[2], q[2];

	nt_pipes(t, 16, p, q, NULL);
	a = nt_mnt_id(t, "/mnt/a");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 3), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 4), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, q[0], 9), 0);

	EXPECT(vfsim_umount2(t, "/mnt/a", 0), 0);
	cr_assert(nt_records_are(t, p[0],
			         "meta removal id=4 object=0x%x\n"
			         "meta removal id=3 object=0x%x\n", a, a));
	cr_assert(nt_records_are(t, q[0], "mount unmount id=9 triggered_on=1 changed_mount=%u\n", a));
	cr_assert_eq(vt_check(v), 0);
	/* the watches are gone with the mount: /mnt/a is the root's again */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
}

/*
 * A lazy unmount detaches the mount but an open fd keeps it alive: its
 * watches live on (UNMOUNT on the parent now, REMOVAL only when the last
 * reference goes, in cleanup_mnt()).
 */
VT_TEST(watch_mount, removal_after_lazy_umount, "empty", fx_notify_tree)
{
	unsigned int a;
	long fd;
	int p[2];

	nt_pipe(t, 16, p);
	a = nt_mnt_id(t, "/mnt/a");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 5), 0);
	fd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d/e", O_PATH | O_DIRECTORY, 0);
	OK(fd);
	EXPECT(vfsim_umount2(t, "/mnt/a", MNT_DETACH), 0);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	OK(vfsim_close(t, (int)fd));
	cr_assert(nt_records_are(t, p[0], "meta removal id=5 object=0x%x\n", a));
	cr_assert_eq(vt_check(v), 0);
}

/*
 * The invariant checker while such a detached mount is alive: its watches
 * are real (they got the REMOVAL above) and must count.
 */
VT_TEST(watch_mount, invariants_hold_for_a_detached_watched_mount, "empty", fx_notify_tree)
{
	long fd;
	int p[2];

	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 5), 0);
	fd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d/e", O_PATH | O_DIRECTORY, 0);
	OK(fd);
	EXPECT(vfsim_umount2(t, "/mnt/a", MNT_DETACH), 0);
	cr_assert_eq(vt_check(v), 0);
	OK(vfsim_close(t, (int)fd));
	cr_assert_eq(vt_check(v), 0);
}
