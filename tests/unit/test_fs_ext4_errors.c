/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An error on the simulated ext4 (vfsim_sb_error() into ->report_error,
 * fs/ext4/super.c), as __ext4_error() handles one: the error is saved in
 * the superblock (last error time, first error time if its low word is 0,
 * write time if still writable), the ERROR record is posted, then
 * errors= acts:
 *   continue    nothing more;
 *   remount-ro  the filesystem is aborted and made read-only directly
 *               (SB_RDONLY, not reconfigure_super()), with a READONLY
 *               record carrying IS_NOW_RO; no mount record, since no
 *               mount's flags change; -EROFS for writes and for a remount
 *               read-write from then on;
 *   panic       a simulated oops; the filesystem stays as it was.
 * On a read-only filesystem only the saving and the ERROR record happen.
 *
 *   /            rootfs          <- q: watch_mount on / (ID 2)
 *   `-/mnt       ext4 /dev/vda1  <- p: watch_sb (ID 1)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/notifytest.h"

#define NOW 1582243200ULL

static struct vfsim *v;
static struct vfsim_task *t;
static int p[2], q[2];
static unsigned long long sb;

static void setup(unsigned long flags, const char *data)
{
	nt_mkdirs(t, "/mnt");
	OK(vfsim_mount(t, "/dev/vda1", "/mnt", "ext4", flags, data));
	sb = nt_sb_id(t, "/mnt");
	nt_pipes(t, 32, p, q, NULL);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, q[0], 2), 0);
}

static struct fsinfo_ext4_timestamps timestamps(void)
{
	struct fsinfo_ext4_timestamps ts;

	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_EXT4_TIMESTAMPS, 0, 0, &ts, sizeof(ts)),
	       sizeof(ts));
	return ts;
}

static unsigned int notify_counter(void)
{
	struct fsinfo_sb_notifications n;

	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &n, sizeof(n)),
	       sizeof(n));
	return n.notify_counter;
}

static bool sb_ro(void)
{
	struct vt_mount m;

	cr_assert_eq(vt_mount_at(t, "/mnt", &m), 0);
	return m.d.sb_flags & 1;
}

/* The mount's own attributes (fsinfo MOUNT_INFO): what a mount record would say. */
static unsigned int mount_attr(void)
{
	struct fsinfo_mount_info mi;

	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_MOUNT_INFO, 0, 0, &mi, sizeof(mi)), sizeof(mi));
	return mi.attr;
}

/* ---- errors=continue ---------------------------------------------------------- */

VT_TEST(fs_ext4_errors, continue_records_the_error, "empty", NULL)
{
	struct fsinfo_ext4_timestamps ts;

	setup(0, "first_error_time=100,last_error_time=200,write_time=300");
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	cr_assert(nt_records_are(t, p[0], "sb error id=1 sb_id=0x%llx error=5 cookie=0\n", sb));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
	ts = timestamps();
	cr_assert_eq(ts.first_error_time, 100, "there was a first error already");
	cr_assert_eq(ts.last_error_time, NOW);
	cr_assert_eq(ts.write_time, NOW, "the commit of save_error_info()");
	cr_assert_not(sb_ro());
	cr_assert_eq(notify_counter(), 1);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/still-writable", 0755));
	/* any error number the VFS lets through */
	EXPECT(vfsim_sb_error(t, "/mnt", 4095), 0);
	EXPECT(vfsim_sb_error(t, "/mnt", 0), -EINVAL);
	cr_assert(nt_records_are(t, p[0], "sb error id=1 sb_id=0x%llx error=4095 cookie=0\n", sb));
	cr_assert_eq(notify_counter(), 2);
}

/* No first error yet: the first error time is the last one, both halves. */
VT_TEST(fs_ext4_errors, first_error, "empty", NULL)
{
	struct fsinfo_ext4_timestamps ts;

	setup(0, "errors=continue");
	ts = timestamps();
	cr_assert_eq(ts.first_error_time, 0);
	cr_assert_eq(ts.last_error_time, 0);
	EXPECT(vfsim_sb_error(t, "/mnt", ENOSPC), 0);
	ts = timestamps();
	cr_assert_eq(ts.first_error_time, NOW);
	cr_assert_eq(ts.last_error_time, NOW);
	cr_assert(nt_records_are(t, p[0], "sb error id=1 sb_id=0x%llx error=28 cookie=0\n", sb));
}

/*
 * ext4 asks "was there a first error?" of the low word alone: a first
 * error time of 2^32 (low word 0, high byte 1) counts as none and is
 * overwritten; 2^32 + 1 is kept.
 */
VT_TEST(fs_ext4_errors, first_error_low_word_only, "empty", NULL)
{
	setup(0, "first_error_time=4294967296,last_error_time=4294967296");
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	cr_assert_eq(timestamps().first_error_time, NOW);
	OK(vfsim_umount2(t, "/mnt", 0));
	OK(vfsim_mount(t, "/dev/vda2", "/mnt", "ext4", 0, "first_error_time=4294967297"));
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	cr_assert_eq(timestamps().first_error_time, 4294967297ULL);
	cr_assert_eq(timestamps().last_error_time, NOW);
}

/* ---- errors=remount-ro ------------------------------------------------------------ */

VT_TEST(fs_ext4_errors, remount_ro, "empty", NULL)
{
	struct fsinfo_ext4_timestamps ts;
	char *tree;

	setup(0, "errors=remount-ro,write_time=5");
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	/* ERROR, then READONLY with IS_NOW_RO; nothing for the mount watch */
	cr_assert(nt_records_are(t, p[0],
			         "sb error id=1 sb_id=0x%llx error=5 cookie=0\n"
			         "sb readonly id=1 flags=is_now_ro sb_id=0x%llx\n", sb, sb));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
	cr_assert_eq(notify_counter(), 2);
	cr_assert(sb_ro());
	cr_assert_eq(mount_attr() & 0x01, 0, "the mount is not MOUNT_ATTR_RDONLY");
	tree = vt_tree(t, VT_ATTR | VT_SB | VT_NOID);
	cr_assert_str_eq(tree, "/ rootfs rootfs rw sb=rw\n/mnt ext4 /dev/vda1 rw sb=ro\n");
	free(tree);
	/* the error was committed while still writable */
	ts = timestamps();
	cr_assert_eq(ts.write_time, NOW);
	cr_assert_eq(ts.first_error_time, NOW);
	cr_assert_eq(ts.last_error_time, NOW);

	/* read-only now */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/mnt/x", 0755), -EROFS);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/mnt/f", O_CREAT | O_WRONLY, 0644), -EROFS);
	/* and aborted: it cannot be made writable again */
	EXPECT(vfsim_mount(t, NULL, "/mnt", NULL, MS_REMOUNT, NULL), -EROFS);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	/* staying read-only is a reconfigure like any other (S5) */
	EXPECT(vfsim_mount(t, NULL, "/mnt", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	cr_assert(nt_records_are(t, p[0], "sb readonly id=1 sb_id=0x%llx\n", sb));
	/* the remount's MS_RDONLY made the mount read-only: that is a mount
	 * record (the error was not) */
	cr_assert(nt_records_are(t, q[0],
			         "mount setattr id=2 flags=in_subtree,is_now_ro triggered_on=%u changed_mount=0\n",
			         nt_mnt_id(t, "/mnt")));

	/* a second error: saved and posted; it is read-only already */
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	cr_assert(nt_records_are(t, p[0], "sb error id=1 sb_id=0x%llx error=5 cookie=0\n", sb));
	cr_assert(sb_ro());
}

/* Mounted read-only from the start: the error is saved (no write time)
 * and posted; nothing is aborted, so it can go read-write later. */
VT_TEST(fs_ext4_errors, remount_ro_on_a_read_only_mount, "empty", NULL)
{
	struct fsinfo_ext4_timestamps ts;

	setup(MS_RDONLY, "errors=remount-ro,write_time=5");
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	cr_assert(nt_records_are(t, p[0], "sb error id=1 sb_id=0x%llx error=5 cookie=0\n", sb));
	ts = timestamps();
	cr_assert_eq(ts.write_time, 5);
	cr_assert_eq(ts.last_error_time, NOW);
	EXPECT(vfsim_mount(t, NULL, "/mnt", NULL, MS_REMOUNT, NULL), 0);
	cr_assert(nt_records_are(t, p[0], "sb readonly id=1 sb_id=0x%llx\n", sb));
	cr_assert_not(sb_ro());
	cr_assert_eq(timestamps().write_time, NOW);
}

/* Every mount of the superblock sees it go read-only; the watch through
 * one of them hears it once. */
VT_TEST(fs_ext4_errors, remount_ro_shared_superblock, "empty", NULL)
{
	setup(0, "errors=remount-ro");
	nt_mkdirs(t, "/again");
	OK(vfsim_mount(t, "/dev/vda1", "/again", "ext4", 0, NULL));
	cr_assert(nt_records_are(t, q[0], "mount new_mount id=2 triggered_on=%u changed_mount=%u\n",
			         nt_mnt_id(t, "/"), nt_mnt_id(t, "/again")));
	EXPECT(vfsim_sb_error(t, "/again", EIO), 0);
	cr_assert(nt_records_are(t, p[0],
			         "sb error id=1 sb_id=0x%llx error=5 cookie=0\n"
			         "sb readonly id=1 flags=is_now_ro sb_id=0x%llx\n", sb, sb));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/mnt/x", 0755), -EROFS);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/again/x", 0755), -EROFS);
	/* a new mount of the device must be read-only now */
	nt_mkdirs(t, "/third");
	EXPECT(vfsim_mount(t, "/dev/vda1", "/third", "ext4", 0, NULL), -EBUSY);
	cr_assert(nt_records_are(t, q[0], "%s", ""));
}

/* ---- errors=panic --------------------------------------------------------------------- */

static char oops_seen[256];
static int oops_count;

static void record_oops(void *arg, const char *function, const char *reason)
{
	(void)arg;
	oops_count++;
	snprintf(oops_seen, sizeof(oops_seen), "%s: %s", function, reason);
}

VT_TEST(fs_ext4_errors, panic_is_a_simulated_oops, "empty", NULL)
{
	setup(0, "errors=panic");
	vfsim_set_oops_hook(v, record_oops, NULL);
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	cr_assert_eq(oops_count, 1);
	cr_assert_str_eq(oops_seen,
			 "ext4_handle_error: EXT4-fs (device vda1): panic forced after error");
	cr_assert(nt_records_are(t, p[0], "sb error id=1 sb_id=0x%llx error=5 cookie=0\n", sb));
	cr_assert_eq(timestamps().last_error_time, NOW);
	/* the model goes on: nothing else changed */
	cr_assert_not(sb_ro());
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/x", 0755));
	EXPECT(vfsim_mount(t, NULL, "/mnt", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	/* read-only: no panic */
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	cr_assert_eq(oops_count, 1);
	vfsim_set_oops_hook(v, NULL, NULL);
}

/* ---- other superblocks --------------------------------------------------------------- */

/* The hook is ext4's: an error on another superblock is the generic post. */
VT_TEST(fs_ext4_errors, other_superblocks_untouched, "empty", NULL)
{
	struct fsinfo_ext4_timestamps ts;

	setup(0, "errors=remount-ro");
	fx_tmpfs(t, "tmpfs", "/tmp");
	nt_discard(t, q[0]);
	EXPECT(vfsim_sb_error(t, "/tmp", EIO), 0);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	ts = timestamps();
	cr_assert_eq(ts.last_error_time, 0);
	cr_assert_not(sb_ro());
}
