/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * post_mount_notification(), the rootward walk of seed 002 (docs/notifications.md):
 * it starts at the root of the mount the event is posted on (the
 * parent, for a new mount, an unmount or a move), posts wherever the
 * dentry carries DCACHE_MOUNT_WATCH in a mount that has watchers (to the
 * watches on exactly that directory of that mount), jumps to the mount
 * root when a mount has none, sets IN_SUBTREE after the first step,
 * crosses from each mount root to its mountpoint, and stops at the global
 * root.  Each test draws its tree; "<- P (ID n)" marks a watch.
 *
 * Then what surrounds the walk: a rename racing it (the seqlock retry
 * posts the first pass's records again), the watch_queue's filters on
 * mount and sb records, and loss in a small ring.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <vfs/kernel.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"
#include "common/wqtest.h"

static struct vfsim *v;
static struct vfsim_task *t;


/* Below a mounted /a: tmpfs "b" on /a/b, "c" on /a/b/c, and "o" on
 * /other; the IDs of /a, /a/b and /a/b/c. */
static void mount_b_c_and_other(unsigned int *a, unsigned int *b, unsigned int *c)
{
	fx_tmpfs(t, "b", "/a/b");
	fx_tmpfs(t, "c", "/a/b/c");
	fx_tmpfs(t, "o", "/other");
	*a = nt_mnt_id(t, "/a");
	*b = nt_mnt_id(t, "/a/b");
	*c = nt_mnt_id(t, "/a/b/c");
}

/*
 *   /                    rootfs (1)   <- P (ID 1)
 *   `-/a                 tmpfs "a"
 *      `-/a/b            tmpfs "b"
 *         `-/a/b/c       tmpfs "c"
 *   /other               tmpfs "o"
 *
 * Everything below / reaches it; IN_SUBTREE is clear only for events
 * posted on the root mount itself.
 */
VT_TEST(walk, watch_at_root, "empty", NULL)
{
	unsigned int a, b, c, o;
	int p[2];

	nt_pipe(t, 64, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	fx_tmpfs(t, "a", "/a");
	mount_b_c_and_other(&a, &b, &c);
	o = nt_mnt_id(t, "/other");
	nt_touch(t, "/a/b/c");
	nt_touch(t, "/");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 triggered_on=1 changed_mount=%u\n"
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount new_mount id=1 triggered_on=1 changed_mount=%u\n"
			         "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n"
			         "mount setattr id=1 triggered_on=1 changed_mount=0\n",
			         a, a, b, b, c, o, c));
}

/*
 *   /                    rootfs
 *   |-/a                 tmpfs "a"   <- P (ID 2), on its root
 *   |  `-/a/b            tmpfs "b"
 *   |     `-/a/b/c       tmpfs "c"
 *   `-/other             tmpfs "o"
 *
 * Events posted on a (a new mount on it, a change of a itself) arrive
 * without IN_SUBTREE, those further down with it, and those elsewhere
 * (on the root, or on /other) not at all.
 */
VT_TEST(walk, watch_at_mount_root, "empty", NULL)
{
	unsigned int a, b, c;
	int p[2];

	nt_pipe(t, 64, p);
	fx_tmpfs(t, "a", "/a");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a", 0, p[0], 2), 0);
	mount_b_c_and_other(&a, &b, &c);
	nt_touch(t, "/a");
	nt_touch(t, "/a/b/c");
	nt_touch(t, "/other");
	nt_touch(t, "/");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=2 triggered_on=%u changed_mount=%u\n"
			         "mount new_mount id=2 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount setattr id=2 triggered_on=%u changed_mount=0\n"
			         "mount setattr id=2 flags=in_subtree triggered_on=%u changed_mount=0\n",
			         a, b, b, c, a, c));
}

/*
 * S1: a watch on a directory that is not a mount root.
 *
 *   /                          rootfs
 *   `-/a                       tmpfs "a"
 *      `-dir                   <- P (ID 3), a plain directory of a
 *         |-/a/dir/x           tmpfs "x"    mounted directly below dir
 *         |  `-/a/dir/x/y      tmpfs "y"
 *         `-sub
 *            `-/a/dir/sub/z    tmpfs "z"
 *
 * Mounting x, z or anything on dir itself is posted on a and walked from
 * a's root, which is above dir: P sees none of them.  Events posted on x
 * (y's NEW_MOUNT and UNMOUNT, a change of x) walk up from x's root
 * through its mountpoint, dir's child, and so reach dir.
 */
VT_TEST(walk, watch_at_plain_directory, "empty", NULL)
{
	unsigned int x, y;
	int p[2];

	nt_pipe(t, 64, p);
	fx_tmpfs(t, "a", "/a");
	nt_mkdirs(t, "/a/dir/sub");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a/dir", 0, p[0], 3), 0);

	fx_tmpfs(t, "x", "/a/dir/x");
	fx_tmpfs(t, "z", "/a/dir/sub/z");
	nt_touch(t, "/a");
	cr_assert(nt_records_are(t, p[0], "%s", ""));

	fx_tmpfs(t, "y", "/a/dir/x/y");
	x = nt_mnt_id(t, "/a/dir/x");
	y = nt_mnt_id(t, "/a/dir/x/y");
	nt_touch(t, "/a/dir/x");
	nt_touch(t, "/a/dir/x/y");
	EXPECT(vfsim_umount2(t, "/a/dir/x/y", 0), 0);
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=3 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount setattr id=3 flags=in_subtree triggered_on=%u changed_mount=0\n"
			         "mount setattr id=3 flags=in_subtree triggered_on=%u changed_mount=0\n"
			         "mount unmount id=3 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         x, y, x, y, x, y));

	EXPECT(vfsim_umount2(t, "/a/dir/x", 0), 0);
	EXPECT(vfsim_umount2(t, "/a/dir/sub/z", 0), 0);
	OK(vfsim_mount(t, "on-dir", "/a/dir", "tmpfs", 0, NULL));
	cr_assert(nt_records_are(t, p[0], "%s", ""));
}

/*
 * Nested watches, one event: each watch on the way gets a record, the
 * deepest first; IN_SUBTREE is clear only for the watch on the root of
 * the mount the event is posted on.
 *
 *   /                    rootfs       <- P (ID 1), R (ID 1)
 *   `-/a                 tmpfs "a"    <- Q (ID 2), R (ID 2)
 *      `-/a/b            tmpfs "b"    <- S (ID 3), R (ID 3)
 *         `-/a/b/c       tmpfs "c"    (new)
 */
VT_TEST(walk, nested_mounts, "empty", NULL)
{
	unsigned int b, c;
	int p[2], q[2], r[2], s[2];

	nt_pipes(t, 64, p, q, r, s, NULL);
	fx_tmpfs(t, "a", "/a");
	fx_tmpfs(t, "b", "/a/b");
	nt_mkdirs(t, "/a/b/c");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a", 0, q[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a/b", 0, s[0], 3), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, r[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a", 0, r[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a/b", 0, r[0], 3), 0);
	b = nt_mnt_id(t, "/a/b");

	OK(vfsim_mount(t, "c", "/a/b/c", "tmpfs", 0, NULL));
	c = nt_mnt_id(t, "/a/b/c");
	cr_assert(nt_records_are(t, s[0], "mount new_mount id=3 triggered_on=%u changed_mount=%u\n", b, c));
	cr_assert(nt_records_are(t, q[0],
			         "mount new_mount id=2 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         b, c));
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         b, c));
	cr_assert(nt_records_are(t, r[0],
			         "mount new_mount id=3 triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=2 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=1 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         b, c));

	/* an event on c itself: every watch is above its root */
	nt_touch(t, "/a/b/c");
	cr_assert(nt_records_are(t, r[0],
			         "mount setattr id=3 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=2 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=1 flags=in_subtree triggered_on=%1$u changed_mount=0\n", c));
	OK(nt_discard(t, p[0]));
	OK(nt_discard(t, q[0]));
	OK(nt_discard(t, s[0]));
}

/*
 * A moved subtree takes its events to the new place.
 *
 *   before                            after MS_MOVE /src -> /dst/in
 *   /            rootfs               /            rootfs
 *   |-/src       tmpfs "src"          |-src        (the directory again)  <- P (ID 1)
 *   |  `-/src/x  tmpfs "x"            `-/dst       tmpfs "dst"           <- Q (ID 2)
 *   `-/dst       tmpfs "dst"             `-/dst/in     src
 *      `-in                                 `-/dst/in/x   x
 *
 * P watches the root filesystem's directory src (placed before src was
 * mounted on it), Q the root of dst.
 */
VT_TEST(walk, moved_subtree, "empty", NULL)
{
	unsigned int src, x, dst;
	int p[2], q[2];

	nt_pipes(t, 64, p, q, NULL);
	nt_mkdirs(t, "/src");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/src", 0, p[0], 1), 0);
	OK(vfsim_mount(t, "src", "/src", "tmpfs", 0, NULL));
	fx_tmpfs(t, "x", "/src/x");
	fx_tmpfs(t, "dst", "/dst");
	nt_mkdirs(t, "/dst/in");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/dst", 0, q[0], 2), 0);
	src = nt_mnt_id(t, "/src");
	x = nt_mnt_id(t, "/src/x");
	dst = nt_mnt_id(t, "/dst");

	/* P is on the way up from src (its mountpoint): S1 hides the NEW_MOUNT
	 * of src, posted from the root's root */
	nt_touch(t, "/src/x");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n",
			         src, x, x));
	cr_assert(nt_records_are(t, q[0], "%s", ""));

	OK(vfsim_mount(t, "/src", "/dst/in", NULL, MS_MOVE, NULL));
	cr_assert_eq(nt_mnt_id(t, "/dst/in/x"), x);
	/* MOVE_FROM is posted on the root mount, from its root: not via src */
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert(nt_records_are(t, q[0], "mount move_to id=2 triggered_on=%u changed_mount=%u\n",
			         dst, src));

	nt_touch(t, "/dst/in/x");
	nt_touch(t, "/dst/in");
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert(nt_records_are(t, q[0],
			         "mount setattr id=2 flags=in_subtree triggered_on=%u changed_mount=0\n"
			         "mount setattr id=2 flags=in_subtree triggered_on=%u changed_mount=0\n",
			         x, src));
}

/*
 * An automount, its expiry, and the next automount.
 *
 *   /                        rootfs                  <- P (ID 1)
 *   `-/mnt
 *      `-/mnt/auto           automount point
 *          => tmpfs "auto"   submount, on the expiry list   <- Q (ID 2), on its root
 *             `-/mnt/auto/in tmpfs "in"
 */
VT_TEST(walk, expired_automount, "empty", NULL)
{
	unsigned int sub, sub2, in;
	int p[2], q[2];

	nt_pipes(t, 64, p, q, NULL);
	nt_mkdirs(t, "/mnt");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	OK(vfsim_mkautomount(t, "/mnt/auto", "tmpfs", "auto", NULL));
	sub = nt_mnt_id(t, "/mnt/auto/");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/auto", 0, q[0], 2), 0);
	fx_tmpfs(t, "in", "/mnt/auto/in");
	in = nt_mnt_id(t, "/mnt/auto/in");
	EXPECT(vfsim_umount2(t, "/mnt/auto/in", 0), 0);
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=is_submount triggered_on=1 changed_mount=%u\n"
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount unmount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         sub, sub, in, sub, in));
	cr_assert(nt_records_are(t, q[0],
			         "mount new_mount id=2 triggered_on=%u changed_mount=%u\n"
			         "mount unmount id=2 triggered_on=%u changed_mount=%u\n", sub, in, sub, in));

	cr_assert_eq(vfsim_expire_mounts(v), 0);
	cr_assert_eq(vfsim_expire_mounts(v), 1);
	cr_assert(nt_expired_heard(t, p[0], q[0], sub));

	/* walking in again mounts a new submount; Q's watch died with the old */
	sub2 = nt_mnt_id(t, "/mnt/auto/");
	nt_touch(t, "/mnt/auto");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=is_submount triggered_on=1 changed_mount=%u\n"
			         "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n",
			         sub2, sub2));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
}

/*
 * Two mounts of one superblock: a watch belongs to the mount it was
 * placed through, and a walk only posts to the watches of the mounts it
 * passes.  P and Q watch the same directory (one dentry, two marks
 * counted) through different mounts.
 *
 *   /a               tmpfs "a"
 *   |  `-d           <- P (ID 1) through a
 *   |     `-/a/d/m   tmpfs "m"
 *   /b               bind of /a
 *      `-d           <- Q (ID 2) through b
 *         `-/b/d/n   tmpfs "n"
 */
VT_TEST(walk, bind_mounts_same_superblock, "empty", NULL)
{
	unsigned int m, n;
	int p[2], q[2];

	nt_pipes(t, 64, p, q, NULL);
	fx_tmpfs(t, "a", "/a");
	nt_mkdirs(t, "/a/d/m");
	nt_mkdirs(t, "/a/d/n");
	nt_mkdirs(t, "/b");
	OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/b/d", 0, q[0], 2), 0);
	cr_assert_eq(vt_check(v), 0);
	OK(vfsim_mount(t, "m", "/a/d/m", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "n", "/b/d/n", "tmpfs", 0, NULL));
	m = nt_mnt_id(t, "/a/d/m");
	n = nt_mnt_id(t, "/b/d/n");
	cr_assert_eq(vfsim_path_mnt_id(t, "/b/d/m"), nt_mnt_id(t, "/b"));

	nt_touch(t, "/a/d/m");
	nt_touch(t, "/b/d/n");
	cr_assert(nt_records_are(t, p[0],
			         "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n", m));
	cr_assert(nt_records_are(t, q[0],
			         "mount setattr id=2 flags=in_subtree triggered_on=%u changed_mount=0\n", n));

	/* P's removal leaves d marked for Q */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a/d", 0, p[0], -1), 0);
	cr_assert(nt_records_are(t, p[0], "meta removal id=1 object=0x2\n"));
	cr_assert_eq(vt_check(v), 0);
	nt_touch(t, "/a/d/m");
	nt_touch(t, "/b/d/n");
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert(nt_records_are(t, q[0],
			         "mount setattr id=2 flags=in_subtree triggered_on=%u changed_mount=0\n", n));
}

/*
 * A bind of a subdirectory: the mount's root is not its superblock's
 * root, and the walk leaves it at its root (mnt_root), never climbing to
 * the rest of the filesystem.  (The escape stop proper, a dentry that
 * reaches its superblock's root without passing the mount root, needs a
 * rename moving a directory out from under the bind's root; the API has
 * no rename, so it cannot be built here.)
 *
 *   /                      rootfs                 <- R (ID 3)
 *   |-/a                   tmpfs "a"              <- Q (ID 2), its root (the sb root)
 *   |  `-sub               <- S (ID 4) through a
 *   |     `-deep
 *   `-/c                   bind of /a/sub (root: sub)   <- P (ID 1), on its root
 *      `-deep
 *         `-/c/deep/m      tmpfs "m"
 */
VT_TEST(walk, bind_of_a_subdirectory, "empty", NULL)
{
	unsigned int c, m;
	int p[2], q[2], r[2], s[2];

	nt_pipes(t, 64, p, q, r, s, NULL);
	fx_tmpfs(t, "a", "/a");
	nt_mkdirs(t, "/a/sub/deep");
	nt_mkdirs(t, "/c");
	OK(vfsim_mount(t, "/a/sub", "/c", NULL, MS_BIND, NULL));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/c", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a", 0, q[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, r[0], 3), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a/sub", 0, s[0], 4), 0);
	OK(vfsim_mount(t, "m", "/c/deep", "tmpfs", 0, NULL));
	c = nt_mnt_id(t, "/c");
	m = nt_mnt_id(t, "/c/deep");

	nt_touch(t, "/c/deep");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 triggered_on=%u changed_mount=%u\n"
			         "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n",
			         c, m, m));
	cr_assert(nt_records_are(t, r[0],
			         "mount new_mount id=3 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount setattr id=3 flags=in_subtree triggered_on=%u changed_mount=0\n",
			         c, m, m));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
	cr_assert(nt_records_are(t, s[0], "%s", ""));
}

/*
 * The walk ends at the global root (the namespace root is its own
 * parent), not at a task's root: a watch placed by a chrooted task on its
 * "/" is on the directory /jail, and records reach both it and /, once.
 *
 *   /                      rootfs       <- P (ID 1), init's /
 *   `-/jail                             <- Q (ID 2), the chrooted task's /
 *      `-/jail/m           tmpfs "m"
 *         `-/jail/m/x      tmpfs "x"    (new)
 */
VT_TEST(walk, global_root_stop, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 0, 0);
	unsigned int m;
	int p[2], q[2];

	nt_pipe(t, 64, p);
	nt_mkdirs(t, "/jail");
	fx_tmpfs(t, "m", "/jail/m");
	nt_mkdirs(t, "/jail/m/x");
	OK(vfsim_chroot(u, "/jail"));
	OK(vfsim_chdir(u, "/"));
	nt_pipe(u, 64, q);
	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/", 0, q[0], 2), 0);
	EXPECT(vfsim_watch_mount(u, AT_FDCWD, "/..", 0, q[0], 3), -EBUSY);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	m = nt_mnt_id(t, "/jail/m");

	OK(vfsim_mount(t, "x", "/jail/m/x", "tmpfs", 0, NULL));
	cr_assert(nt_records_are(u, q[0],
			         "mount new_mount id=2 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         m, nt_mnt_id(t, "/jail/m/x")));
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         m, nt_mnt_id(t, "/jail/m/x")));
	/* posted on the root mount: one step, at the global root */
	nt_touch(t, "/");
	cr_assert(nt_records_are(t, p[0], "mount setattr id=1 triggered_on=1 changed_mount=0\n"));
	cr_assert(nt_records_are(u, q[0], "%s", ""));
	vfsim_task_destroy(u);
}

/*
 * A rename racing the lockless pass (forced by the test seam after the
 * walk's first step) makes read_seqbegin_or_lock() go round again under
 * rename_lock.  As posted, the records the first pass posted are not
 * taken back: each watcher on the way gets them twice.  The locked pass
 * cannot race, so one forced race costs one retry.  A walk of one step
 * (an event on the root mount) ends before the race point.
 *
 *   /                  rootfs       <- P (ID 7)
 *   `-/a               tmpfs "a"    <- P (ID 3)
 *      `-/a/b          tmpfs "b"
 *         `-/a/b/c     tmpfs "c"    (new)
 */
/* The tree above, with /a/b/c mounted when @c_mounted (else only the
 * directory); @p watches / (ID 7) and /a (ID 3). */
static void race_tree(int p[2], bool c_mounted)
{
	nt_pipe(t, 64, p);
	fx_tmpfs(t, "a", "/a");
	fx_tmpfs(t, "b", "/a/b");
	if (c_mounted)
		fx_tmpfs(t, "c", "/a/b/c");
	else
		nt_mkdirs(t, "/a/b/c");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 7), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a", 0, p[0], 3), 0);
}

VT_TEST(walk, rename_race_retries, "empty", NULL)
{
	unsigned long retries;
	unsigned int b, c;
	int p[2];

	race_tree(p, false);
	b = nt_mnt_id(t, "/a/b");
	retries = vfsim_mount_walk_retries(v);

	vfsim_testing_rename_race(v, 1);
	OK(vfsim_mount(t, "c", "/a/b/c", "tmpfs", 0, NULL));
	c = nt_mnt_id(t, "/a/b/c");
	cr_assert_eq(vfsim_mount_walk_retries(v), retries + 1);
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=3 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=7 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=3 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n"
			         "mount new_mount id=7 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n",
			         b, c));

	/* no race: once */
	nt_touch(t, "/a/b/c");
	cr_assert_eq(vfsim_mount_walk_retries(v), retries + 1);
	cr_assert(nt_records_are(t, p[0],
			         "mount setattr id=3 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=7 flags=in_subtree triggered_on=%1$u changed_mount=0\n", c));

	/* an event on the root mount: one step, the race stays pending */
	vfsim_testing_rename_race(v, 1);
	nt_touch(t, "/");
	cr_assert_eq(vfsim_mount_walk_retries(v), retries + 1);
	cr_assert(nt_records_are(t, p[0], "mount setattr id=7 triggered_on=1 changed_mount=0\n"));
	nt_touch(t, "/a/b/c");
	cr_assert_eq(vfsim_mount_walk_retries(v), retries + 2);
	cr_assert(nt_records_are(t, p[0],
			         "mount setattr id=3 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=7 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=3 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=7 flags=in_subtree triggered_on=%1$u changed_mount=0\n", c));
	vfsim_testing_rename_race(v, 0);
	cr_assert_eq(vt_check(v), 0);
}

/*
 * vfsim_testing_rename_race(v, n) races "each of the next n lockless
 * passes" (include/vfsim/testing.h): with n = 2, the walk of one event
 * retries once (its locked pass cannot race) and leaves the second race
 * to the next event's walk, which retries too.  Same tree as above.
 */
VT_TEST(walk, rename_race_counts_passes, "empty", NULL)
{
	unsigned long retries;
	unsigned int b, c;
	int p[2];

	race_tree(p, true);
	b = nt_mnt_id(t, "/a/b");
	c = nt_mnt_id(t, "/a/b/c");
	retries = vfsim_mount_walk_retries(v);

	vfsim_testing_rename_race(v, 2);
	nt_touch(t, "/a/b/c");
	cr_assert_eq(vfsim_mount_walk_retries(v), retries + 1);
	nt_touch(t, "/a/b");
	cr_assert_eq(vfsim_mount_walk_retries(v), retries + 2,
		     "the second race was not left for the second walk");
	cr_assert(nt_records_are(t, p[0],
			         "mount setattr id=3 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=7 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=3 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=7 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=3 flags=in_subtree triggered_on=%2$u changed_mount=0\n"
			         "mount setattr id=7 flags=in_subtree triggered_on=%2$u changed_mount=0\n"
			         "mount setattr id=3 flags=in_subtree triggered_on=%2$u changed_mount=0\n"
			         "mount setattr id=7 flags=in_subtree triggered_on=%2$u changed_mount=0\n",
			         c, b));
	vfsim_testing_rename_race(v, 0);
	cr_assert_eq(vt_check(v), 0);
}

/*
 * The filter of the patch set's watch_test sample (docs/vfsim-command.md) on a
 * pipe with a mount watch at / and an sb watch on /mnt: every mount
 * subtype but MOVE_FROM; of the sb records only READONLY with IS_NOW_RO.
 * REMOVAL records bypass filters.
 *
 *   /                rootfs         <- mount watch (ID 2)
 *   |-/mnt           tmpfs "mnt"    <- sb watch (ID 3)
 *   |-/src           tmpfs "src"
 *   `-/dst           a directory
 */
VT_TEST(walk, watch_test_filter, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(3);
	unsigned int src, mnt;
	uint64_t sb;
	int p[2];

	wqt_rule(f, 0, WATCH_TYPE_KEY_NOTIFY, 0xffffffff, 0, 0);
	wqt_rule(f, 1, WATCH_TYPE_MOUNT_NOTIFY, 0xffffffff & ~(1U << NOTIFY_MOUNT_MOVE_FROM), 0, 0);
	wqt_rule(f, 2, WATCH_TYPE_SB_NOTIFY, 1U << NOTIFY_SUPERBLOCK_READONLY,
		 NOTIFY_SUPERBLOCK_IS_NOW_RO, NOTIFY_SUPERBLOCK_IS_NOW_RO);
	nt_pipe(t, 64, p);
	EXPECT(wqt_set_filter(t, p[0], f), 0);
	free(f);
	fx_tmpfs(t, "mnt", "/mnt");
	fx_tmpfs(t, "src", "/src");
	nt_mkdirs(t, "/dst");
	src = nt_mnt_id(t, "/src");
	mnt = nt_mnt_id(t, "/mnt");
	sb = nt_sb_id(t, "/mnt");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt", 0, p[0], 3), 0);

	OK(vfsim_mount(t, "/src", "/dst", NULL, MS_MOVE, NULL));
	OK(vfsim_mount(t, NULL, "/mnt", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	OK(vfsim_mount(t, NULL, "/mnt", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	OK(vfsim_mount(t, NULL, "/mnt", NULL, MS_REMOUNT, NULL));
	OK(vfsim_sb_error(t, "/mnt", EIO));
	OK(vfsim_sb_edquot(t, "/mnt"));
	OK(vfsim_sb_network(t, "/mnt", NOTIFY_SUPERBLOCK_IS_NOW_RO));
	EXPECT(vfsim_umount2(t, "/mnt", 0), 0);
	cr_assert(nt_records_are(t, p[0],
			         "mount move_to id=2 triggered_on=1 changed_mount=%1$u\n"
			         "sb readonly id=3 flags=is_now_ro sb_id=0x%2$llx\n"
			         "mount setattr id=2 flags=in_subtree,is_now_ro triggered_on=%3$u changed_mount=0\n"
			         "mount setattr id=2 flags=in_subtree,is_now_ro triggered_on=%3$u changed_mount=0\n"
			         "mount setattr id=2 flags=in_subtree triggered_on=%3$u changed_mount=0\n"
			         "mount unmount id=2 triggered_on=1 changed_mount=%3$u\n"
			         "meta removal id=3 object=0x%2$llx\n",
			         src, (unsigned long long)sb, mnt));
}

/*
 * A filter on the info bits a walk writes: the watch ID (WATCH_INFO_ID,
 * set per watch before the filter looks) and IN_SUBTREE.
 *
 *   /                rootfs         <- P (ID 1)
 *   `-/a             tmpfs "a"      <- P (ID 2)
 *      `-/a/b        tmpfs "b"
 */
VT_TEST(walk, filter_on_id_and_in_subtree, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	unsigned int a, b;
	int p[2];

	nt_pipe(t, 64, p);
	fx_tmpfs(t, "a", "/a");
	nt_mkdirs(t, "/a/b");
	a = nt_mnt_id(t, "/a");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a", 0, p[0], 2), 0);

	/* only watch 2's records */
	wqt_rule(f, 0, WATCH_TYPE_MOUNT_NOTIFY, 0xffffffff, WATCH_INFO_ID, 2 << WATCH_INFO_ID__SHIFT);
	EXPECT(wqt_set_filter(t, p[0], f), 0);
	fx_tmpfs(t, "b", "/a/b");
	b = nt_mnt_id(t, "/a/b");
	nt_touch(t, "/a/b");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=2 triggered_on=%u changed_mount=%u\n"
			         "mount setattr id=2 flags=in_subtree triggered_on=%u changed_mount=0\n",
			         a, b, b));

	/* only records with IN_SUBTREE clear: events on a watched mount root */
	wqt_rule(f, 0, WATCH_TYPE_MOUNT_NOTIFY, 0xffffffff, NOTIFY_MOUNT_IN_SUBTREE, 0);
	EXPECT(wqt_set_filter(t, p[0], f), 0);
	nt_touch(t, "/a/b");
	nt_touch(t, "/a");
	nt_touch(t, "/");
	cr_assert(nt_records_are(t, p[0],
			         "mount setattr id=2 triggered_on=%u changed_mount=0\n"
			         "mount setattr id=1 triggered_on=1 changed_mount=0\n", a));
	free(f);
}

/*
 * A ring of one slot: the first record of a burst stays, the rest are
 * lost, and a LOSS record follows the survivor.  After that the ring
 * works again.  Nothing of the walk changes: the loss is the queue's.
 *
 *   /                rootfs         <- P (ID 1, one slot), P2 (ID 4, two slots)
 *   |-/a, /b, /c     tmpfs          (new, one after the other)
 *   `-/x             tmpfs          <- P2 (ID 5)
 *      `-y           <- P2 (ID 6)
 *        `-/x/y/z    tmpfs "y"
 */
VT_TEST(walk, loss_in_a_small_ring, "empty", NULL)
{
	unsigned int a, y;
	int p[2], p2[2];

	nt_pipe(t, 1, p);
	nt_pipe(t, 2, p2);
	nt_mkdirs(t, "/a");
	nt_mkdirs(t, "/b");
	nt_mkdirs(t, "/c");
	fx_tmpfs(t, "x", "/x");
	nt_mkdirs(t, "/x/y/z");
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p2[0], 4), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/x", 0, p2[0], 5), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/x/y", 0, p2[0], 6), 0);

	OK(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "c", "/c", "tmpfs", 0, NULL));
	a = nt_mnt_id(t, "/a");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 triggered_on=1 changed_mount=%u\n"
			         "meta loss id=0\n", a));
	OK(vfsim_umount2(t, "/a", 0));
	cr_assert(nt_records_are(t, p[0], "mount unmount id=1 triggered_on=1 changed_mount=%u\n", a));

	/* one event, three watches on the way, two slots: the outermost is lost */
	OK(vfsim_mount(t, "y", "/x/y/z", "tmpfs", 0, NULL));
	y = nt_mnt_id(t, "/x/y/z");
	OK(nt_discard(t, p2[0]));
	nt_touch(t, "/x/y/z");
	cr_assert(nt_records_are(t, p2[0],
			         "mount setattr id=6 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "mount setattr id=5 flags=in_subtree triggered_on=%1$u changed_mount=0\n"
			         "meta loss id=0\n", y));
	OK(nt_discard(t, p[0]));
}

/*
 * While no mount of the instance has a watch list, the rootward walk is
 * not taken (it would post nothing; bench_stack): events still move the
 * changed mount's counter, the first watch list anywhere brings the walk
 * back, and the lists go with their mounts.
 */
VT_TEST(walk, no_watch_list_no_walk, "empty", NULL)
{
	unsigned int a, b, c;
	uint64_t before;
	char text[4096];
	int p[2];

	fx_tmpfs(t, "a", "/a");
	mount_b_c_and_other(&a, &b, &c);
	cr_assert_eq(atomic_long_read(&v->mount_watch_lists), 0);
	before = nt_counter(t, c);
	nt_touch(t, "/a/b/c");
	cr_assert_eq(nt_counter(t, c), before + 1, "the counter moves, watched or not");

	nt_pipe(t, 64, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a/b", 0, p[0], 5), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a", 0, p[0], 6), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/a", 0, p[0], -1), 0);
	cr_assert_eq(atomic_long_read(&v->mount_watch_lists), 2,
		     "a list stays with its mount when its last watch goes");
	nt_touch(t, "/a/b/c");
	cr_assert_eq(nt_counter(t, c), before + 2);
	cr_assert(nt_records_are(t, p[0],
			         "meta removal id=6 object=0x1\n"
			         "mount setattr id=5 flags=in_subtree triggered_on=%u changed_mount=0\n", c));

	OK(vfsim_umount2(t, "/a", MNT_DETACH));
	vfsim_rcu_barrier();
	cr_assert_eq(atomic_long_read(&v->mount_watch_lists), 0);
	nt_drain(t, p[0], text, sizeof(text));
	nt_touch(t, "/other");
	cr_assert_eq(nt_drain(t, p[0], text, sizeof(text)), 0, "nothing posted: %s", text);
}
