/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Regression tests for the errata of seeds 002 and 003
 * (/work/shared/spec/errata.md): for each bug the default (fixed)
 * behaviour and, with the erratum's VFSIM_QUIRK_* flag, the posted one;
 * for each semantics note the posted behaviour the model follows.  Each
 * test opens with the bug, how it shows, and what the model does.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* The tree of every test: fx_notify_tree (common/fixtures.h), /mnt/a's
 * root, d and e being inodes 1, 2 and 3 of tmpfs "a". */

/* A superblock READONLY record for the watchers of @path's superblock. */
static void poke_sb(const char *path)
{
	OK(vfsim_mount(t, NULL, path, NULL, MS_REMOUNT, NULL));
}

static unsigned long long sb_of(const char *path)
{
	return (unsigned long long)nt_sb_id(t, path);
}

/* ---- B1 --------------------------------------------------------------------------- */

/*
 * B1 (seed 002, sys_watch_mount): when watch_fd names no notification
 * queue, get_watch_queue() fails but ret still holds 0 from
 * inode_permission(), so the call returns 0 and sets no watch.
 * Shows as: watch_mount(..., bad fd, ...) == 0 and no records ever.
 * Model: -EBADF for a closed fd, -EINVAL for an fd that is not a
 * notification pipe; the quirk returns 0.  Neither sets a watch.
 */
static void b1_case(bool quirk)
{
	int p[2], plain[2];

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	OK(vfsim_pipe2(t, plain, 0));
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B1 : 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, 99, 1), quirk ? 0 : -EBADF);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, plain[0], 1), quirk ? 0 : -EINVAL);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, plain[0], -1), quirk ? 0 : -EINVAL);
	/* watch_sb has its own erratum (B2) */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, 99, 1), -EBADF);
	vfsim_set_quirks(v, 0);
	cr_assert_eq(vt_check(v), 0);
	/* no watch, no watch list */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
	OK(vfsim_close(t, plain[0]));
	OK(vfsim_close(t, plain[1]));
}

VT_TEST(errata, b1_watch_mount_bad_watch_fd, "empty", NULL)
{
	b1_case(false);
}

VT_TEST(errata, b1_watch_mount_bad_watch_fd_quirk, "empty", NULL)
{
	b1_case(true);
}

/* ---- B2 --------------------------------------------------------------------------- */

/*
 * B2 (seed 003, sys_watch_sb): the same as B1 in watch_sb.
 * Shows as: watch_sb(..., bad fd, ...) == 0, no watch.
 * Model: -EBADF / -EINVAL; the quirk returns 0.
 */
static void b2_case(bool quirk)
{
	int p[2], plain[2];

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	OK(vfsim_pipe2(t, plain, 0));
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B2 : 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, 99, 1), quirk ? 0 : -EBADF);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, plain[1], 1), quirk ? 0 : -EINVAL);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, plain[1], -1), quirk ? 0 : -EINVAL);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, 99, 1), -EBADF);
	vfsim_set_quirks(v, 0);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
	poke_sb("/mnt/a");
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	OK(vfsim_close(t, plain[0]));
	OK(vfsim_close(t, plain[1]));
}

VT_TEST(errata, b2_watch_sb_bad_watch_fd, "empty", NULL)
{
	b2_case(false);
}

VT_TEST(errata, b2_watch_sb_bad_watch_fd_quirk, "empty", NULL)
{
	b2_case(true);
}

/* ---- B3 --------------------------------------------------------------------------- */

/*
 * B3 (seed 003, sys_watch_sb): the path is looked up with at_flags where
 * the lookup flags belong, so the computed LOOKUP_DIRECTORY |
 * LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT (| LOOKUP_EMPTY) are never used.
 * Shows as: a final symlink is not followed (the watch lands on the
 * superblock holding the link), a regular file is accepted, an empty path
 * is ENOENT even with AT_EMPTY_PATH, an automount point is not triggered.
 * Model: the lookup flags are used; the quirk passes at_flags.
 */
VT_TEST(errata, b3_watch_sb_lookup_flags, "empty", NULL)
{
	int p[2], q[2];
	long dfd;

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	nt_pipe(t, 16, q);
	OK(vfsim_mkautomount(t, "/mnt/auto", "tmpfs", "auto", NULL));
	dfd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d", O_PATH | O_DIRECTORY, 0);
	OK(dfd);

	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/lnk", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/f", 0, q[0], 2), -ENOTDIR);
	EXPECT(vfsim_watch_sb(t, (int)dfd, "", AT_EMPTY_PATH, p[0], 3), -EBUSY);
	cr_assert_eq(vt_count_mounts(t), 2);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/auto", 0, q[0], 4), 0);
	cr_assert_eq(vt_count_mounts(t), 3, "the automount did not happen");
	poke_sb("/mnt/a");
	poke_sb("/mnt/auto");
	poke_sb("/");
	cr_assert(nt_records_are(t, p[0], "sb readonly id=1 sb_id=0x%llx\n", sb_of("/mnt/a")));
	cr_assert(nt_records_are(t, q[0], "sb readonly id=4 sb_id=0x%llx\n", sb_of("/mnt/auto")));
	OK(vfsim_close(t, (int)dfd));
}

VT_TEST(errata, b3_watch_sb_lookup_flags_quirk, "empty", NULL)
{
	int p[2], q[2], r[2];
	long dfd;

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	nt_pipe(t, 16, q);
	nt_pipe(t, 16, r);
	OK(vfsim_mkautomount(t, "/mnt/auto", "tmpfs", "auto", NULL));
	dfd = vfsim_openat(t, AT_FDCWD, "/x", O_CREAT | O_RDWR, 0755);
	OK(dfd);
	OK(vfsim_close(t, (int)dfd));
	dfd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d", O_PATH | O_DIRECTORY, 0);
	OK(dfd);
	vfsim_set_quirks(v, VFSIM_QUIRK_B3);

	/* /lnk itself: the root filesystem's superblock */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/lnk", 0, p[0], 1), 0);
	/* a regular file: no directory check.  The MAY_EXEC check stays, so a
	 * file without x bits is EACCES even for root, an executable one is
	 * taken (the same superblock as /lnk's: EBUSY on p) */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/f", 0, q[0], 2), -EACCES);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/x", 0, p[0], 2), -EBUSY);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/x", 0, q[0], 2), 0);
	/* AT_EMPTY_PATH (0x1000) is no LOOKUP_EMPTY */
	EXPECT(vfsim_watch_sb(t, (int)dfd, "", AT_EMPTY_PATH, r[0], 3), -ENOENT);
	/* no LOOKUP_DIRECTORY/AUTOMOUNT: the point stays untriggered */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/auto", 0, r[0], 4), 0);
	cr_assert_eq(vt_count_mounts(t), 2, "the automount happened");
	vfsim_set_quirks(v, 0);

	poke_sb("/mnt/a");
	poke_sb("/");
	cr_assert(nt_records_are(t, p[0], "sb readonly id=1 sb_id=0x%llx\n", sb_of("/")));
	cr_assert(nt_records_are(t, q[0], "sb readonly id=2 sb_id=0x%llx\n", sb_of("/")));
	cr_assert(nt_records_are(t, r[0], "sb readonly id=4 sb_id=0x%llx\n", sb_of("/")));
	OK(vfsim_close(t, (int)dfd));
	cr_assert_eq(vt_check(v), 0);
}

/* ---- B4 --------------------------------------------------------------------------- */

struct oops_log {
	unsigned int calls;
	char function[64];
	char reason[256];
};

static void oops_hook(void *arg, const char *function, const char *reason)
{
	struct oops_log *log = arg;

	log->calls++;
	snprintf(log->function, sizeof(log->function), "%s", function);
	snprintf(log->reason, sizeof(log->reason), "%s", reason);
}

/*
 * B4 (seeds 002 and 003, removal with watch_id -1): when the mount
 * (mnt_watchers) or superblock (s_watchers) never had a watch,
 * remove_watch_from_object() is called on a NULL list and takes its lock:
 * a NULL pointer dereference, a kernel oops.
 * Shows as: an oops in remove_watch_from_object() from watch_mount/
 * watch_sb(..., -1) on a never-watched object.
 * Model: -EBADSLT.  The quirk calls the instance's oops hook with the
 * function and the reason and fails the call with -EFAULT; the process
 * and the model go on (invariants hold, later calls work).  An object
 * that once had a watch has a (possibly empty) list: plain EBADSLT.
 */
static void b4_case(bool quirk)
{
	struct oops_log log = { 0 };
	long want = quirk ? -EFAULT : -EBADSLT;
	int p[2];

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	vfsim_set_oops_hook(v, oops_hook, &log);
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B4 : 0);

	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), want);
	cr_assert_eq(log.calls, quirk ? 1 : 0);
	if (quirk) {
		cr_assert_str_eq(log.function, "remove_watch_from_object");
		cr_assert_not_null(strstr(log.reason, "NULL pointer dereference"), "%s", log.reason);
	}
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), want);
	cr_assert_eq(log.calls, quirk ? 2 : 0);
	cr_assert_eq(vt_check(v), 0);

	/* once watched, the lists exist: EBADSLT with or without the quirk */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), -EBADSLT);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), -EBADSLT);
	cr_assert_eq(log.calls, quirk ? 2 : 0);
	cr_assert(nt_records_are(t, p[0],
			         "meta removal id=1 object=0x2\n"
			         "meta removal id=2 object=0x%llx\n", sb_of("/mnt/a")));

	/* without a hook the oops goes to stderr; still -EFAULT */
	vfsim_set_oops_hook(v, NULL, NULL);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], -1), want);
	vfsim_set_quirks(v, 0);
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST(errata, b4_removal_never_watched, "empty", NULL)
{
	b4_case(false);
}

VT_TEST(errata, b4_removal_never_watched_quirk, "empty", NULL)
{
	b4_case(true);
}

/* ---- B5 --------------------------------------------------------------------------- */

/*
 * B5 (seed 002, set_mount_attributes()): IS_NOW_RO is set when
 * mnt_flags & SB_RDONLY; SB_RDONLY is 1, which among mount flags is
 * MNT_NOSUID.
 * Shows as: a nosuid remount reports "now read-only" in its SETATTR, a
 * read-only one does not (its READONLY record, from mnt_make_readonly(),
 * is right either way).
 * Model: tests MNT_READONLY; the quirk tests SB_RDONLY.
 */
static void b5_case(bool quirk)
{
	unsigned int a;
	int p[2];

	fx_notify_tree(v);
	a = nt_mnt_id(t, "/mnt/a");
	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B5 : 0);
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_NOSUID, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL,
			  MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID, NULL));
	vfsim_set_quirks(v, 0);
	if (quirk)
		cr_assert(nt_records_are(t, p[0],
				         "mount setattr id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
				         "mount readonly id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
				         "mount setattr id=1 triggered_on=%1$u changed_mount=0\n"
				         "mount setattr id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n", a));
	else
		cr_assert(nt_records_are(t, p[0],
				         "mount setattr id=1 triggered_on=%1$u changed_mount=0\n"
				         "mount readonly id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
				         "mount setattr id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
				         "mount setattr id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n", a));
}

VT_TEST(errata, b5_setattr_is_now_ro, "empty", NULL)
{
	b5_case(false);
}

VT_TEST(errata, b5_setattr_is_now_ro_quirk, "empty", NULL)
{
	b5_case(true);
}

/* ---- B8 --------------------------------------------------------------------------- */

/*
 * B8 (seeds 002 and 003): watch->info_id = watch_id << 24, but
 * WATCH_INFO_ID is bits 8-15.
 * Shows as: records carry the ID in bits 24-31 of info and
 * (info & WATCH_INFO_ID) >> 8 reads 0 (the sample's "i=02000010").  And
 * since post_watch_notification() clears only WATCH_INFO_ID before
 * inserting each watch's info_id into the one record it reuses, along a
 * walk the high byte collects the IDs of all the watches posted to so
 * far (1, then 1|2 = 3 below).
 * Model: shifts by WATCH_INFO_ID__SHIFT; the quirk by 24, with the same
 * accumulation.  (test_notify_events.c checks the bits one by one.)
 *
 *   /              <- P (ID 2)
 *   `-/mnt/a       tmpfs "a"   <- P (ID 1)
 *       `-d        <- /mnt/a/d: tmpfs "x" (new)
 */
static void b8_case(bool quirk)
{
	unsigned int a, x;
	int p[2];

	fx_notify_tree(v);
	a = nt_mnt_id(t, "/mnt/a");
	nt_pipe(t, 16, p);
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B8 : 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 5), 0);
	OK(vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
	x = nt_mnt_id(t, "/mnt/a/d");
	OK(vfsim_sb_edquot(t, "/mnt/a"));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	if (quirk)
		cr_assert(nt_records_are(t, p[0],
				         "mount new_mount id=0 info=0x01000010 triggered_on=%1$u changed_mount=%2$u\n"
				         "mount new_mount id=0 flags=in_subtree info=0x03010010 triggered_on=%1$u changed_mount=%2$u\n"
				         "sb edquot id=0 info=0x05000010 sb_id=0x%3$llx\n"
				         "meta removal id=0 info=0x01000010 object=0x1\n",
				         a, x, sb_of("/mnt/a")));
	else
		cr_assert(nt_records_are(t, p[0],
				         "mount new_mount id=1 triggered_on=%1$u changed_mount=%2$u\n"
				         "mount new_mount id=2 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n"
				         "sb edquot id=5 sb_id=0x%3$llx\n"
				         "meta removal id=1 object=0x1\n",
				         a, x, sb_of("/mnt/a")));
	/* quirks change while no mount watch is in place */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	vfsim_set_quirks(v, 0);
	OK(nt_discard(t, p[0]));
}

VT_TEST(errata, b8_watch_id_shift, "empty", NULL)
{
	b8_case(false);
}

VT_TEST(errata, b8_watch_id_shift_quirk, "empty", NULL)
{
	b8_case(true);
}

/* ---- B9 --------------------------------------------------------------------------- */

/* The 64-bit object of the one 16-byte REMOVAL record @fd must hold. */
static uint64_t removal_object(int fd)
{
	struct watch_notification_removal r;
	unsigned char buf[64];
	long n = nt_drain_raw(t, fd, sizeof(buf), buf, sizeof(buf));

	cr_assert_eq(n, 16, "want one 16-byte record, got %ld bytes", n);
	memcpy(&r, buf, sizeof(r));
	cr_assert_eq(r.watch.type, WATCH_TYPE_META);
	cr_assert_eq(r.watch.subtype, WATCH_META_REMOVAL_NOTIFICATION);
	cr_assert_eq(r.watch.info & WATCH_INFO_LENGTH, 16);
	return r.id;
}

/*
 * B9 (seed 002, explicit removal of a mount watch): the REMOVAL record's
 * id is the watch's key, the kernel address of the dentry: an address
 * leak, and different from run to run.
 * Shows as: "meta removal ... object=0x<heap address>".
 * Model: mount watches are keyed by the directory's inode number, which
 * the watcher can stat(); the record carries it (0x2 for /mnt/a/d).  The
 * quirk keys by the dentry's address: still a 16-byte record, the same
 * value for the same directory, but not the inode number.
 */
VT_TEST(errata, b9_removal_id, "empty", NULL)
{
	int p[2];

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(removal_object(p[0]), 2);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	cr_assert_eq(removal_object(p[0]), 1);
}

VT_TEST(errata, b9_removal_id_quirk, "empty", NULL)
{
	uint64_t first, again, other;
	int p[2];

	fx_notify_tree(v);
	nt_mkdirs(t, "/mnt/a/d/e");
	nt_pipe(t, 16, p);
	vfsim_set_quirks(v, VFSIM_QUIRK_B9);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	first = removal_object(p[0]);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	again = removal_object(p[0]);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	other = removal_object(p[0]);
	cr_assert_eq(first, again);
	cr_assert_neq(first, other);
	cr_assert_neq(first, 2, "the quirk gave the inode number");
	cr_assert_neq(other, 1, "the quirk gave the inode number");
	cr_assert_gt(first, 0xffff, "not an address: %#llx", (unsigned long long)first);

	/* the walk posts by the same key: events still arrive */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	OK(vfsim_mount(t, "x", "/mnt/a/d/e", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a/d/e", NULL, MS_REMOUNT | MS_BIND | MS_NOEXEC, NULL));
	cr_assert(nt_records_are(t, p[0], "mount setattr id=1 flags=in_subtree triggered_on=%u "
			         "changed_mount=0\n", nt_mnt_id(t, "/mnt/a/d/e")));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(removal_object(p[0]), first);
	vfsim_set_quirks(v, 0);
}

/* ---- B10 -------------------------------------------------------------------------- */

/*
 * B10 (seed 002): DCACHE_MOUNT_WATCH is set on the dentry by every
 * watch_mount() and never cleared, so the mark outlives the last watch
 * on the directory.
 * Shows as: a dentry marked with no watch: every walk through it then
 * looks for watches there in vain (no wrong records: posting still
 * matches watch IDs), and the mark is never cleaned up.
 * Model: a per-dentry count of mount watches, the last one going clears
 * the mark; the invariant checker insists on it.  The quirk keeps the
 * mark (the checker tolerates it while the quirk is on): switching the
 * quirk off afterwards lets the checker see the stale mark.
 */
VT_TEST(errata, b10_mark_cleared, "empty", NULL)
{
	int p[2], q[2];

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	nt_pipe(t, 16, q);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	/* q's watch goes with q's pipe */
	OK(vfsim_close(t, q[0]));
	OK(vfsim_close(t, q[1]));
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 3), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	OK(nt_discard(t, p[0]));
}

VT_TEST(errata, b10_mark_cleared_quirk, "empty", NULL)
{
	char why[256] = "";
	int p[2];

	fx_notify_tree(v);
	nt_mkdirs(t, "/mnt/a/d/e");
	nt_pipe(t, 16, p);
	vfsim_set_quirks(v, VFSIM_QUIRK_B10);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	/* the stale mark: no watch matches it, nothing is posted */
	OK(vfsim_mount(t, "x", "/mnt/a/d/e", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a/d/e", NULL, MS_REMOUNT | MS_BIND | MS_NOEXEC, NULL));
	cr_assert(nt_records_are(t, p[0], "meta removal id=1 object=0x2\n"));

	vfsim_set_quirks(v, 0);
	cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), -EUCLEAN);
	cr_assert_not_null(strstr(why, "DCACHE_MOUNT_WATCH with no watch"), "%s", why);
	vfsim_set_quirks(v, VFSIM_QUIRK_B10);
	/* a new watch on the marked directory counts as usual */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 2), 0);
	cr_assert_eq(vt_check(v), 0);
	vfsim_set_quirks(v, 0);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	OK(nt_discard(t, p[0]));
}

/* ---- S1 --------------------------------------------------------------------------- */

/*
 * S1 (seed 002, post_mount_notification()): the walk starts at the root
 * of the mount the event is posted on, which for a new mount, an unmount
 * or a move is the parent.  The cover letter promises every event in the
 * subtree; the code gives a watch on a directory that is not a mount root
 * nothing about mounts made or removed directly below it.
 * Model: follows the code.  (test_notify_walk.c has the full tree.)
 *
 *   /mnt/a          tmpfs "a"
 *   `-d             <- P (ID 1)
 *     `-/mnt/a/d/x  tmpfs "x"  (not seen)
 *        `-y        tmpfs "y"  (seen: posted on x, walked through d)
 */
VT_TEST(errata, s1_plain_directory_misses_direct_mounts, "empty", NULL)
{
	int p[2];

	fx_notify_tree(v);
	nt_mkdirs(t, "/mnt/a/d/x");
	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	OK(vfsim_mount(t, "x", "/mnt/a/d/x", "tmpfs", 0, NULL));
	EXPECT(vfsim_umount2(t, "/mnt/a/d/x", 0), 0);
	OK(vfsim_mount(t, "x", "/mnt/a/d/x", "tmpfs", 0, NULL));
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	fx_tmpfs(t, "y", "/mnt/a/d/x/y");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         nt_mnt_id(t, "/mnt/a/d/x"), nt_mnt_id(t, "/mnt/a/d/x/y")));
}

/* ---- S2 --------------------------------------------------------------------------- */

/*
 * S2 (seed 002): the commit message says triggered_on is the mount the
 * watch is on; the code (and the uapi comment) make it the mount the
 * event was posted on.
 * Model: follows the code: a watch on / (mount 1) hears of a change deep
 * down with triggered_on = that mount.
 */
VT_TEST(errata, s2_triggered_on_is_the_changed_mount, "empty", NULL)
{
	unsigned int a;
	int p[2];

	fx_notify_tree(v);
	a = nt_mnt_id(t, "/mnt/a");
	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_NOEXEC, NULL));
	cr_assert(nt_records_are(t, p[0],
			         "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n", a));
	cr_assert_neq(a, 1);
}

/* ---- S3 --------------------------------------------------------------------------- */

/*
 * S3 (seed 002): NOTIFY_MOUNT_IS_RECURSIVE is defined but no path sets
 * it.
 * Model: never sets it, not for a recursive bind, a recursive propagation
 * change, a recursive (lazy) unmount or a move of a tree.
 *
 *   /src         tmpfs "src"
 *   `-/src/x     tmpfs "x"
 *   /dst, /mv    directories        <- P (ID 1) on /
 */
VT_TEST(errata, s3_is_recursive_never_set, "empty", NULL)
{
	unsigned char buf[4096];
	long len, off;
	int p[2], n = 0;

	fx_notify_tree(v);
	nt_mkdirs(t, "/dst");
	nt_mkdirs(t, "/mv");
	nt_pipe(t, 64, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	fx_tmpfs(t, "src", "/src");
	fx_tmpfs(t, "x", "/src/x");
	OK(vfsim_mount(t, "/src", "/dst", NULL, MS_BIND | MS_REC, NULL));
	OK(vfsim_mount(t, NULL, "/dst", NULL, MS_SHARED | MS_REC, NULL));
	OK(vfsim_mount(t, "/dst", "/mv", NULL, MS_MOVE, NULL));
	OK(vfsim_umount2(t, "/mv", MNT_DETACH));
	OK(vfsim_umount2(t, "/src", MNT_DETACH));

	len = nt_drain_raw(t, p[0], sizeof(buf), buf, sizeof(buf));
	cr_assert_gt(len, 0);
	for (off = 0; off < len; n++) {
		struct watch_notification h;

		memcpy(&h, buf + off, sizeof(h));
		cr_assert_eq(h.type, WATCH_TYPE_MOUNT_NOTIFY);
		cr_assert_eq(h.info & NOTIFY_MOUNT_IS_RECURSIVE, 0, "record %d: %#x", n, h.info);
		off += h.info & WATCH_INFO_LENGTH;
	}
	/* new src, x, the rbind; move from, to; unmount x, mv and x, src */
	cr_assert_eq(n, 9, "%d records", n);
}

/* ---- S4 --------------------------------------------------------------------------- */

/*
 * S4 (seed 002, new mount): IS_NOW_RO on NEW_MOUNT follows the
 * superblock's SB_RDONLY, not the new mount's own read-only flag.
 * Shows as: a read-only bind of a read-write filesystem is reported
 * without IS_NOW_RO; a read-write bind of a read-only filesystem with it.
 * Model: follows the code.
 *
 *   /mnt/a     tmpfs "a" (rw sb), bind-remounted ro
 *   /mnt/b     <- bind of /mnt/a: ro mount, rw sb
 *   /ro        tmpfs "ro" (ro sb)
 *   /rw        bind of /ro, bind-remounted rw: rw mount, ro sb
 *   /c         <- bind of /rw: rw mount, ro sb
 */
VT_TEST(errata, s4_new_mount_is_now_ro_follows_sb, "empty", NULL)
{
	struct vt_mount m;
	int p[2];

	fx_notify_tree(v);
	nt_mkdirs(t, "/ro");
	nt_mkdirs(t, "/rw");
	nt_mkdirs(t, "/c");
	nt_pipe(t, 64, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	OK(vfsim_mount(t, "ro", "/ro", "tmpfs", MS_RDONLY, NULL));
	OK(vfsim_mount(t, "/ro", "/rw", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, NULL, "/rw", NULL, MS_REMOUNT | MS_BIND, NULL));
	OK(nt_discard(t, p[0]));

	OK(vfsim_mount(t, "/mnt/a", "/mnt/b", NULL, MS_BIND, NULL));
	cr_assert_eq(vt_mount_at(t, "/mnt/b", &m), 0);
	cr_assert_eq(m.d.attr & VFSIM_ATTR_RDONLY, VFSIM_ATTR_RDONLY);
	cr_assert_eq(m.d.sb_flags & VFSIM_SB_RDONLY, 0);
	cr_assert(nt_records_are(t, p[0], "mount new_mount id=1 triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(t, "/mnt/b")));

	OK(vfsim_mount(t, "/rw", "/c", NULL, MS_BIND, NULL));
	cr_assert_eq(vt_mount_at(t, "/c", &m), 0);
	cr_assert_eq(m.d.attr & VFSIM_ATTR_RDONLY, 0);
	cr_assert_eq(m.d.sb_flags & VFSIM_SB_RDONLY, VFSIM_SB_RDONLY);
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=is_now_ro triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(t, "/c")));
}

/* ---- S5 --------------------------------------------------------------------------- */

/*
 * S5 (seed 003, reconfigure_super()): NOTIFY_SUPERBLOCK_READONLY is posted
 * after every successful reconfigure, even when the read-only state did
 * not change.
 * Model: follows the code; IS_NOW_RO only for a switch from read-write to
 * read-only.
 */
VT_TEST(errata, s5_sb_readonly_on_every_reconfigure, "empty", NULL)
{
	int p[2];

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, "size=1m"));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT, NULL));
	cr_assert(nt_records_are(t, p[0],
			         "sb readonly id=1 sb_id=0x%1$llx\n"
			         "sb readonly id=1 flags=is_now_ro sb_id=0x%1$llx\n"
			         "sb readonly id=1 sb_id=0x%1$llx\n"
			         "sb readonly id=1 sb_id=0x%1$llx\n", sb_of("/mnt/a")));
}
