/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The events of docs/notifications.md, each with its exact records (type,
 * subtype, info flags, triggered_on, changed_mount) and the counters they
 * move: notify_mount() at the points of seed 002 always bumps the
 * changed mount's mnt_change_counter (watched or not), notify_sb() and its
 * helpers always bump s_notify_counter.  Then the watch ID and flag bits
 * of info, bit by bit, as the default model places them and as the B8
 * quirk does.
 *
 * Mount IDs come from vfsim_path_mnt_id(); records are compared as the
 * lines vfsim_decode_record() prints.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <vfs/kernel.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/*
 * s_notify_counter has no public reader yet (fsinfo's
 * FSINFO_ATTR_SB_NOTIFICATIONS, seed 005, will be one): read it from the
 * instance, which a unit test may do.
 */
static int sb_notify_counter(uint64_t sb_id)
{
	struct super_block *sb;
	struct vfsim_entry e;
	int n = -1;

	vfsim_enter_kernel(&e, v);
	spin_lock(&v->sb_lock);
	list_for_each_entry(sb, &v->super_blocks, s_list)
		if (sb->s_unique_id == sb_id)
			n = atomic_read(&sb->s_notify_counter);
	spin_unlock(&v->sb_lock);
	vfsim_leave(&e);
	cr_assert_geq(n, 0, "no superblock %#llx", (unsigned long long)sb_id);
	return n;
}

/*
 *   /              rootfs (1)            <- p watches / (ID 1)
 *   |-/mnt/a       tmpfs "a"             <- q watches its root (ID 2)
 *   |   `-d
 *   `-/mnt/b, /mnt/c, /dst               directories of the root
 */
static int p[2], q[2];

static void setup(void)
{
	nt_mkdirs(t, "/mnt/a");
	nt_mkdirs(t, "/mnt/b");
	nt_mkdirs(t, "/mnt/c");
	nt_mkdirs(t, "/dst");
	OK(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, NULL));
	nt_mkdirs(t, "/mnt/a/d");
	nt_pipes(t, 64, p, q, NULL);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, q[0], 2), 0);
}

/* ---- NEW_MOUNT ------------------------------------------------------------------ */

/* Posted on the parent (triggered_on) about the new mount (changed_mount);
 * only the parent's counter moves. */
VT_TEST(events, new_mount, "empty", NULL)
{
	unsigned int a, x;
	uint64_t c_root, c_a;

	setup();
	a = nt_mnt_id(t, "/mnt/a");
	c_root = nt_counter(t, 1);
	c_a = nt_counter(t, a);

	OK(vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
	x = nt_mnt_id(t, "/mnt/a/d");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         a, x));
	cr_assert(nt_records_are(t, q[0], "mount new_mount id=2 triggered_on=%u changed_mount=%u\n",
			         a, x));
	cr_assert_eq(nt_counter(t, a), c_a + 1);
	cr_assert_eq(nt_counter(t, 1), c_root);
	cr_assert_eq(nt_counter(t, x), 0);

	/* on the root mount: the watch at / is on the changed mount's root */
	OK(vfsim_mount(t, "y", "/mnt/b", "tmpfs", 0, NULL));
	cr_assert(nt_records_are(t, p[0], "mount new_mount id=1 triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(t, "/mnt/b")));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
	cr_assert_eq(nt_counter(t, 1), c_root + 1);
}

/* IS_NOW_RO for a new mount of a read-only superblock (S4: the superblock's
 * SB_RDONLY decides, see tests/errata/test_s4_new_mount_ro_follows_the_sb.c). */
VT_TEST(events, new_mount_read_only, "empty", NULL)
{
	setup();
	OK(vfsim_mount(t, "ro", "/mnt/b", "tmpfs", MS_RDONLY, NULL));
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=is_now_ro triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(t, "/mnt/b")));
}

/*
 * IS_SUBMOUNT for an automount (SB_SUBMOUNT superblock), posted on the
 * mount holding the automount point when a walk triggers it.
 *
 *   /mnt/a          tmpfs "a"
 *   `-auto          automount point -> tmpfs "auto"
 */
VT_TEST(events, new_mount_submount, "empty", NULL)
{
	unsigned int a, sub;

	setup();
	a = nt_mnt_id(t, "/mnt/a");
	OK(vfsim_mkautomount(t, "/mnt/a/auto", "tmpfs", "auto", NULL));
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	sub = nt_mnt_id(t, "/mnt/a/auto/");	/* the slash triggers it */
	cr_assert_neq(sub, a);
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=in_subtree,is_submount triggered_on=%u "
			         "changed_mount=%u\n", a, sub));
	cr_assert(nt_records_are(t, q[0],
			         "mount new_mount id=2 flags=is_submount triggered_on=%u changed_mount=%u\n",
			         a, sub));
	cr_assert_eq(nt_counter(t, a), 1);
}

/*
 * A bind and a recursive bind post one NEW_MOUNT, for the top of the new
 * tree (attach_recursive_mnt()); the copies of a tree and the copies made
 * by propagation to peers are attached without one (seed 002 only
 * notifies source_mnt).
 *
 *   /src            tmpfs "src"  shared
 *   |-/src/x        tmpfs "x"
 *   /mnt/b          bind of /src  (a peer of /src)
 *   /dst            <- rbind of /src
 */
VT_TEST(events, new_mount_bind_and_propagation, "empty", NULL)
{
	unsigned int src;

	setup();
	fx_tmpfs(t, "src", "/src");
	nt_mkdirs(t, "/src/x");
	OK(vfsim_mount(t, NULL, "/src", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(t, "/src", "/mnt/b", NULL, MS_BIND, NULL));
	src = nt_mnt_id(t, "/src");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 triggered_on=1 changed_mount=%u\n"
			         "mount new_mount id=1 triggered_on=1 changed_mount=%u\n",
			         src, nt_mnt_id(t, "/mnt/b")));

	/* mounted on /src/x, propagated to /mnt/b/x: one record */
	OK(vfsim_mount(t, "x", "/src/x", "tmpfs", 0, NULL));
	cr_assert_neq(nt_mnt_id(t, "/mnt/b/x"), nt_mnt_id(t, "/mnt/b"));
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         src, nt_mnt_id(t, "/src/x")));

	/* the recursive bind copies /src and /src/x: one record */
	OK(vfsim_mount(t, "/src", "/dst", NULL, MS_BIND | MS_REC, NULL));
	cr_assert_neq(nt_mnt_id(t, "/dst/x"), nt_mnt_id(t, "/dst"));
	cr_assert(nt_records_are(t, p[0], "mount new_mount id=1 triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(t, "/dst")));
}

/* ---- UNMOUNT -------------------------------------------------------------------- */

/*
 * One UNMOUNT per mount a umount disconnects, each posted on its parent
 * while that is still attached: umount_tree() gathers the tree in reverse
 * walk order, so the leaves go first.  Each parent's counter moves once
 * per child.
 *
 *   /src             tmpfs "src"
 *   |-/src/x         tmpfs "x"
 *   | `-/src/x/y     tmpfs "y"
 *   `-/src/z         tmpfs "z"
 */
VT_TEST(events, unmount_recursive, "empty", NULL)
{
	unsigned int src, x, y, z;
	uint64_t c_root;

	setup();
	fx_tmpfs(t, "src", "/src");
	nt_mkdirs(t, "/src/x");
	nt_mkdirs(t, "/src/z");
	OK(vfsim_mount(t, "x", "/src/x", "tmpfs", 0, NULL));
	fx_tmpfs(t, "y", "/src/x/y");
	OK(vfsim_mount(t, "z", "/src/z", "tmpfs", 0, NULL));
	src = nt_mnt_id(t, "/src");
	x = nt_mnt_id(t, "/src/x");
	y = nt_mnt_id(t, "/src/x/y");
	z = nt_mnt_id(t, "/src/z");
	OK(nt_discard(t, p[0]));
	c_root = nt_counter(t, 1);
	cr_assert_eq(nt_counter(t, src), 2);
	cr_assert_eq(nt_counter(t, x), 1);

	/* busy with children: nothing happens */
	EXPECT(vfsim_umount2(t, "/src", 0), -EBUSY);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert_eq(nt_counter(t, 1), c_root);

	EXPECT(vfsim_umount2(t, "/src", MNT_DETACH), 0);
	cr_assert(nt_records_are(t, p[0],
			         "mount unmount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount unmount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount unmount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount unmount id=1 triggered_on=1 changed_mount=%u\n",
			         src, z, x, y, src, x, src));
	cr_assert_eq(nt_counter(t, 1), c_root + 1);
}

/* A plain umount of a leaf: one record, on the parent. */
VT_TEST(events, unmount, "empty", NULL)
{
	unsigned int a, x;
	uint64_t c_a;

	setup();
	a = nt_mnt_id(t, "/mnt/a");
	OK(vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
	x = nt_mnt_id(t, "/mnt/a/d");
	OK(nt_discard(t, p[0]));
	OK(nt_discard(t, q[0]));
	c_a = nt_counter(t, a);
	EXPECT(vfsim_umount2(t, "/mnt/a/d", 0), 0);
	cr_assert(nt_records_are(t, p[0],
			         "mount unmount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         a, x));
	cr_assert(nt_records_are(t, q[0], "mount unmount id=2 triggered_on=%u changed_mount=%u\n", a, x));
	cr_assert_eq(nt_counter(t, a), c_a + 1);
}

/*
 * A umount that propagates takes the copies in the peers with it: an
 * UNMOUNT for each (unlike the NEW_MOUNT, which only the original had),
 * the original first (propagate_umount() adds the copies after it).
 *
 *   /src        tmpfs "src"  shared      /mnt/b   bind of /src (peer)
 *   `-x         tmpfs "x"  -> copy on /mnt/b/x
 */
VT_TEST(events, unmount_propagated, "empty", NULL)
{
	unsigned int src, b, x, bx;

	setup();
	fx_tmpfs(t, "src", "/src");
	nt_mkdirs(t, "/src/x");
	OK(vfsim_mount(t, NULL, "/src", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(t, "/src", "/mnt/b", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "x", "/src/x", "tmpfs", 0, NULL));
	src = nt_mnt_id(t, "/src");
	b = nt_mnt_id(t, "/mnt/b");
	x = nt_mnt_id(t, "/src/x");
	bx = nt_mnt_id(t, "/mnt/b/x");
	OK(nt_discard(t, p[0]));

	EXPECT(vfsim_umount2(t, "/src/x", 0), 0);
	cr_assert(nt_records_are(t, p[0],
			         "mount unmount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount unmount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         src, x, b, bx));
	cr_assert_eq(nt_counter(t, b), 1);
}

/* ---- EXPIRY --------------------------------------------------------------------- */

/*
 * The first expiry pass marks, the second posts EXPIRY on the mount
 * itself (changed_mount 0) and then unmounts it (UNMOUNT on the parent).
 */
VT_TEST(events, expiry, "empty", NULL)
{
	unsigned int a;
	uint64_t c_a, c_root;

	setup();
	a = nt_mnt_id(t, "/mnt/a");
	OK(vfsim_mnt_set_expiry(t, "/mnt/a"));
	c_a = nt_counter(t, a);
	c_root = nt_counter(t, 1);

	cr_assert_eq(vfsim_expire_mounts(v), 0);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert_eq(nt_counter(t, a), c_a);

	cr_assert_eq(vfsim_expire_mounts(v), 1);
	cr_assert(nt_expired_heard(t, p[0], q[0], a));
	cr_assert_eq(nt_counter(t, 1), c_root + 1);
}

/* A use between the passes clears the mark: no EXPIRY then. */
VT_TEST(events, expiry_cancelled_by_use, "empty", NULL)
{
	long fd;

	setup();
	OK(vfsim_mnt_set_expiry(t, "/mnt/a"));
	cr_assert_eq(vfsim_expire_mounts(v), 0);
	fd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d", O_PATH | O_DIRECTORY, 0);
	OK(fd);
	OK(vfsim_close(t, (int)fd));
	cr_assert_eq(vfsim_expire_mounts(v), 0);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
}

/* ---- READONLY and SETATTR ------------------------------------------------------------- */

/*
 * A bind remount that flips the mount's read-only state posts READONLY
 * (IS_NOW_RO when it became read-only) and then SETATTR; one that leaves
 * it posts only SETATTR.  Both on the mount itself.
 */
VT_TEST(events, readonly, "empty", NULL)
{
	unsigned int a;
	uint64_t c_a;

	setup();
	a = nt_mnt_id(t, "/mnt/a");
	c_a = nt_counter(t, a);

	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	cr_assert(nt_records_are(t, q[0],
			         "mount readonly id=2 flags=is_now_ro triggered_on=%u changed_mount=0\n"
			         "mount setattr id=2 flags=is_now_ro triggered_on=%u changed_mount=0\n", a, a));
	cr_assert(nt_records_are(t, p[0],
			         "mount readonly id=1 flags=in_subtree,is_now_ro triggered_on=%u changed_mount=0\n"
			         "mount setattr id=1 flags=in_subtree,is_now_ro triggered_on=%u changed_mount=0\n",
			         a, a));
	cr_assert_eq(nt_counter(t, a), c_a + 2);

	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	cr_assert(nt_records_are(t, q[0],
			         "mount setattr id=2 flags=is_now_ro triggered_on=%u changed_mount=0\n", a));
	cr_assert_eq(nt_counter(t, a), c_a + 3);

	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND, NULL));
	cr_assert(nt_records_are(t, q[0],
			         "mount readonly id=2 triggered_on=%u changed_mount=0\n"
			         "mount setattr id=2 triggered_on=%u changed_mount=0\n", a, a));
	cr_assert_eq(nt_counter(t, a), c_a + 5);
	OK(nt_discard(t, p[0]));
}

/*
 * SETATTR after every remount, with IS_NOW_RO exactly when the mount's
 * flags end up read-only (errata B5 fixed: MNT_READONLY, not SB_RDONLY):
 * the bind remounts change the mount's own flags, the plain remount the
 * superblock's and the mount's.  A failed remount posts nothing.
 */
VT_TEST(events, setattr, "empty", NULL)
{
	static const struct {
		unsigned long flags;
		const char *data;
		const char *records;
	} steps[] = {
		{ MS_REMOUNT | MS_BIND | MS_NOSUID, NULL,
		  "mount setattr id=2 triggered_on=%u changed_mount=0\n" },
		{ MS_REMOUNT | MS_BIND | MS_NODEV | MS_NOEXEC, NULL,
		  "mount setattr id=2 triggered_on=%u changed_mount=0\n" },
		{ MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID, NULL,
		  "mount readonly id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
		  "mount setattr id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n" },
		{ MS_REMOUNT | MS_BIND | MS_NOSUID, NULL,
		  "mount readonly id=2 triggered_on=%1$u changed_mount=0\n"
		  "mount setattr id=2 triggered_on=%1$u changed_mount=0\n" },
		/* the superblock: reconfigure_super(), then the mount's flags */
		{ MS_REMOUNT | MS_RDONLY, NULL,
		  "mount setattr id=2 flags=is_now_ro triggered_on=%u changed_mount=0\n" },
		{ MS_REMOUNT, "size=1m",
		  "mount setattr id=2 triggered_on=%u changed_mount=0\n" },
		{ MS_REMOUNT | MS_RDONLY, "bogus=1", "" },
		{ MS_REMOUNT | MS_BIND | MS_RDONLY, NULL,
		  "mount readonly id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
		  "mount setattr id=2 flags=is_now_ro triggered_on=%1$u changed_mount=0\n" },
	};
	unsigned int a, i;
	uint64_t c_a;

	setup();
	a = nt_mnt_id(t, "/mnt/a");
	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		char want[NT_TEXT], got[NT_TEXT];
		long ret;

		c_a = nt_counter(t, a);
		ret = vfsim_mount(t, NULL, "/mnt/a", NULL, steps[i].flags, steps[i].data);
		if (steps[i].records[0])
			cr_assert_eq(ret, 0, "step %u: %ld", i, ret);
		else
			cr_assert_eq(ret, -EINVAL, "step %u: %ld", i, ret);
		snprintf(want, sizeof(want), steps[i].records, a);
		OK(nt_drain(t, q[0], got, sizeof(got)));
		cr_assert_str_eq(got, want, "step %u", i);
		cr_assert_eq(nt_counter(t, a),
			     c_a + (uint64_t)(steps[i].records[0] ?
					      1 + !!strstr(steps[i].records, "readonly") : 0),
			     "step %u: counter", i);
	}
	OK(nt_discard(t, p[0]));
}

/* ---- MOVE_FROM and MOVE_TO ------------------------------------------------------------- */

/*
 * MOVE_FROM on the old parent, MOVE_TO on the new one, both about the
 * moved mount; each parent's counter moves once.
 *
 *   before:  /mnt/a (tmpfs "a")  `- /mnt/a/d <- x        /dst (tmpfs "dst")
 *   after:   /mnt/a                                     /dst `- /dst/in <- x
 */
VT_TEST(events, move, "empty", NULL)
{
	unsigned int a, dst, x;
	uint64_t c_a, c_dst, c_x;

	setup();
	OK(vfsim_mount(t, "dst", "/dst", "tmpfs", 0, NULL));
	nt_mkdirs(t, "/dst/in");
	OK(vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
	a = nt_mnt_id(t, "/mnt/a");
	dst = nt_mnt_id(t, "/dst");
	x = nt_mnt_id(t, "/mnt/a/d");
	OK(nt_discard(t, p[0]));
	OK(nt_discard(t, q[0]));
	c_a = nt_counter(t, a);
	c_dst = nt_counter(t, dst);
	c_x = nt_counter(t, x);

	OK(vfsim_mount(t, "/mnt/a/d", "/dst/in", NULL, MS_MOVE, NULL));
	cr_assert_eq(nt_mnt_id(t, "/dst/in"), x);
	cr_assert(nt_records_are(t, p[0],
			         "mount move_from id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n"
			         "mount move_to id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         a, x, dst, x));
	cr_assert(nt_records_are(t, q[0], "mount move_from id=2 triggered_on=%u changed_mount=%u\n",
			         a, x));
	cr_assert_eq(nt_counter(t, a), c_a + 1);
	cr_assert_eq(nt_counter(t, dst), c_dst + 1);
	cr_assert_eq(nt_counter(t, x), c_x);

	/* and back under /mnt/a: q sees the MOVE_TO */
	OK(vfsim_mount(t, "/dst/in", "/mnt/a/d", NULL, MS_MOVE, NULL));
	cr_assert(nt_records_are(t, q[0], "mount move_to id=2 triggered_on=%u changed_mount=%u\n", a, x));
	OK(nt_discard(t, p[0]));
}

/* ---- superblock events -------------------------------------------------------------- */

/*
 * READONLY after every successful reconfigure (S5), IS_NOW_RO only for
 * RW -> RO; a failed reconfigure posts nothing.  s_notify_counter moves
 * with each.
 */
VT_TEST(events, sb_readonly, "empty", NULL)
{
	uint64_t sb;
	int s[2];

	setup();
	nt_pipe(t, 16, s);
	sb = nt_sb_id(t, "/mnt/a");
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, s[0], 4), 0);
	cr_assert_eq(sb_notify_counter(sb), 0);

	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT, "size=2m"));
	EXPECT(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, "bogus=1"), -EINVAL);
	/* a bind remount does not reconfigure the superblock */
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	cr_assert(nt_records_are(t, s[0],
			         "sb readonly id=4 flags=is_now_ro sb_id=0x%1$llx\n"
			         "sb readonly id=4 sb_id=0x%1$llx\n"
			         "sb readonly id=4 sb_id=0x%1$llx\n"
			         "sb readonly id=4 sb_id=0x%1$llx\n", (unsigned long long)sb));
	cr_assert_eq(sb_notify_counter(sb), 4);
	OK(nt_discard(t, p[0]));
	OK(nt_discard(t, q[0]));
}

/*
 * What a filesystem raises from below: ERROR (24 bytes, the error number
 * as given, cookie 0), EDQUOT, NETWORK (the status bits in info).  The
 * counter moves even with nobody watching.
 */
VT_TEST(events, sb_error_edquot_network, "empty", NULL)
{
	uint64_t sb, sb_root;
	int s[2];

	setup();
	nt_pipe(t, 16, s);
	sb = nt_sb_id(t, "/mnt/a");
	sb_root = nt_sb_id(t, "/");

	OK(vfsim_sb_error(t, "/mnt/a", EIO));
	cr_assert_eq(sb_notify_counter(sb), 1);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, s[0], 4), 0);

	OK(vfsim_sb_error(t, "/mnt/a/d", EIO));
	OK(vfsim_sb_error(t, "/mnt/a", 4095));
	OK(vfsim_sb_edquot(t, "/mnt/a"));
	OK(vfsim_sb_network(t, "/mnt/a", 0));
	OK(vfsim_sb_network(t, "/mnt/a", WATCH_INFO_FLAG_1 | WATCH_INFO_FLAG_7));
	/* another superblock */
	OK(vfsim_sb_error(t, "/", ENOSPC));
	cr_assert(nt_records_are(t, s[0],
			         "sb error id=4 sb_id=0x%1$llx error=5 cookie=0\n"
			         "sb error id=4 sb_id=0x%1$llx error=4095 cookie=0\n"
			         "sb edquot id=4 sb_id=0x%1$llx\n"
			         "sb network id=4 sb_id=0x%1$llx\n"
			         "sb network id=4 flags=flag1,flag7 sb_id=0x%1$llx\n",
			         (unsigned long long)sb));
	cr_assert_eq(sb_notify_counter(sb), 6);
	cr_assert_eq(sb_notify_counter(sb_root), 1);

	/* what the API refuses, and counts nothing for */
	EXPECT(vfsim_sb_error(t, "/mnt/a", 0), -EINVAL);
	EXPECT(vfsim_sb_error(t, "/mnt/a", -EIO), -EINVAL);
	EXPECT(vfsim_sb_error(t, "/mnt/a", 4096), -EINVAL);
	EXPECT(vfsim_sb_network(t, "/mnt/a", 1), -EINVAL);
	EXPECT(vfsim_sb_network(t, "/mnt/a", WATCH_INFO_ID), -EINVAL);
	EXPECT(vfsim_sb_error(t, "/nope", EIO), -ENOENT);
	EXPECT(vfsim_sb_edquot(t, "/nope"), -ENOENT);
	EXPECT(vfsim_sb_network(t, "/nope", 0), -ENOENT);
	cr_assert_eq(sb_notify_counter(sb), 6);
	cr_assert(nt_records_are(t, s[0], "%s", ""));
}

/* The counter counts every READONLY too, watched or not, and the mount
 * events never touch it. */
VT_TEST(events, sb_counter_unwatched, "empty", NULL)
{
	uint64_t sb;

	setup();
	sb = nt_sb_id(t, "/mnt/a");
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT, NULL));
	OK(vfsim_sb_edquot(t, "/mnt/a"));
	OK(vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	cr_assert_eq(sb_notify_counter(sb), 2);
	OK(nt_discard(t, p[0]));
	OK(nt_discard(t, q[0]));
}

/* ---- info, bit by bit ------------------------------------------------------------------- */

/* The raw records of @fd; their info words in @info, up to @max. */
static unsigned int read_infos(int fd, uint32_t *info, unsigned int max)
{
	unsigned char buf[4096];
	long len = nt_drain_raw(t, fd, 4096, buf, sizeof(buf));
	unsigned int n = 0;
	long off = 0;

	cr_assert_geq(len, 0);
	while (off < len) {
		struct watch_notification h;

		cr_assert_lt(n, max);
		memcpy(&h, buf + off, sizeof(h));
		info[n++] = h.info;
		cr_assert_geq(h.info & WATCH_INFO_LENGTH, 8);
		off += h.info & WATCH_INFO_LENGTH;
	}
	return n;
}

/* Every one of the 32 bits of @info against @want, named in the message. */
static void check_bits(uint32_t info, uint32_t want, const char *what)
{
	unsigned int bit;

	for (bit = 0; bit < 32; bit++)
		cr_assert_eq(!!(info & (1U << bit)), !!(want & (1U << bit)),
			     "%s: info %#010x, bit %u should be %u (want %#010x)", what,
			     info, bit, !!(want & (1U << bit)), want);
}

/*
 * For watch IDs 0, 1, 0x80 and 0xff: info = length (bits 0-6) | ID
 * (bits 8-15) | type flags (bits 16-23), bit 7 and bits 24-31 clear; in
 * a mount record (IN_SUBTREE and IS_NOW_RO here), an sb record (IS_NOW_RO)
 * and an explicit REMOVAL (no flags).  With the B8 quirk the ID moves to
 * bits 24-31 and WATCH_INFO_ID reads 0 (see tests/errata/test_b8_watch_id_shift.c).
 */
static void id_bits_case(uint64_t quirks, unsigned int shift)
{
	static const int ids[] = { 0, 1, 0x80, 0xff };
	unsigned int i;

	fx_tmpfs(t, "a", "/mnt/a");
	nt_mkdirs(t, "/mnt/a/d");
	vfsim_set_quirks(v, quirks);
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		uint32_t id = (uint32_t)ids[i] << shift, info[8];
		char what[64];
		int fds[2];

		nt_pipe(t, 16, fds);
		EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, fds[0], ids[i]), 0);
		EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, fds[0], ids[i]), 0);
		OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, NULL));
		EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, fds[0], -1), 0);
		cr_assert_eq(read_infos(fds[0], info, 8), 3);

		snprintf(what, sizeof(what), "sb readonly, id %#x", ids[i]);
		check_bits(info[0], 16 | id | NOTIFY_SUPERBLOCK_IS_NOW_RO, what);
		snprintf(what, sizeof(what), "mount setattr, id %#x", ids[i]);
		check_bits(info[1], 16 | id | NOTIFY_MOUNT_IN_SUBTREE | NOTIFY_MOUNT_IS_NOW_RO, what);
		snprintf(what, sizeof(what), "removal, id %#x", ids[i]);
		check_bits(info[2], 16 | id, what);
		if (shift == WATCH_INFO_ID__SHIFT)
			cr_assert_eq((info[1] & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT,
				     (uint32_t)ids[i]);
		else
			cr_assert_eq(info[1] & WATCH_INFO_ID, 0);

		EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, fds[0], -1), 0);
		OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT, NULL));
		OK(vfsim_close(t, fds[0]));
		OK(vfsim_close(t, fds[1]));
	}
	vfsim_set_quirks(v, 0);
}

VT_TEST(events, info_bits, "empty", NULL)
{
	id_bits_case(0, WATCH_INFO_ID__SHIFT);
}

VT_TEST(events, info_bits_quirk_b8, "empty", NULL)
{
	id_bits_case(VFSIM_QUIRK_B8, 24);
}

/* Each flag bit of a mount record on its own: IN_SUBTREE (FLAG_0),
 * IS_NOW_RO (FLAG_2), IS_SUBMOUNT (FLAG_3); IS_RECURSIVE (FLAG_1) never
 * (S3). */
VT_TEST(events, mount_flag_bits, "empty", NULL)
{
	uint32_t info[8];
	unsigned int n, i;
	int r[2];

	nt_mkdirs(t, "/mnt/a");
	nt_mkdirs(t, "/mnt/b");
	OK(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, NULL));
	nt_pipe(t, 16, r);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, r[0], 0), 0);
	OK(vfsim_mkautomount(t, "/mnt/a/auto", "tmpfs", "auto", NULL));
	nt_mkdirs(t, "/mnt/a/x");

	OK(vfsim_mount(t, "ro", "/mnt/a/x", "tmpfs", MS_RDONLY, NULL));	/* IS_NOW_RO */
	OK(vfsim_path_mnt_id(t, "/mnt/a/auto/"));				/* IS_SUBMOUNT */
	OK(vfsim_umount2(t, "/mnt/a/x", 0));					/* none */
	OK(vfsim_mount(t, NULL, "/mnt/a/auto", NULL,
			  MS_REMOUNT | MS_BIND | MS_NOEXEC, NULL));		/* IN_SUBTREE */
	n = read_infos(r[0], info, 8);
	cr_assert_eq(n, 4);
	check_bits(info[0], 16 | NOTIFY_MOUNT_IS_NOW_RO, "new ro mount");
	check_bits(info[1], 16 | NOTIFY_MOUNT_IS_SUBMOUNT, "automount");
	check_bits(info[2], 16, "unmount");
	check_bits(info[3], 16 | NOTIFY_MOUNT_IN_SUBTREE, "setattr below");
	for (i = 0; i < n; i++)
		cr_assert_eq(info[i] & NOTIFY_MOUNT_IS_RECURSIVE, 0);
}
