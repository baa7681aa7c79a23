/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The mount data of the simulated ext4 (ext4_parse_options(),
 * fs/ext4/super.c) and what a mount makes of it: every malformed option
 * is -EINVAL and leaves nothing behind; the source is the "device" (s_id
 * is its last component, a second mount of it finds the same superblock
 * and must agree on read-only, -EBUSY otherwise, as mount_bdev() says); a
 * remount may change errors=, checks and ignores what the disk says, wants
 * ro/rw in its flags, and refreshes the mount and write times as
 * ext4_remount() does.
 *
 *   /            rootfs
 *   |-/a         ext4 (per test)
 *   `-/b         ext4 (per test)
 */
#include <errno.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

#define NOW 1582243200ULL

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755), 0);
}

static void label(const char *path, const char *want)
{
	char buf[32];
	long n = vt_fsinfo(t, path, FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, sizeof(buf));

	cr_assert_eq(n, (long)strlen(want), "%s: %ld", path, n);
	cr_assert_eq(memcmp(buf, want, strlen(want)), 0);
}

static struct fsinfo_ext4_timestamps timestamps(const char *path)
{
	struct fsinfo_ext4_timestamps ts;

	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_EXT4_TIMESTAMPS, 0, 0, &ts, sizeof(ts)),
	       sizeof(ts));
	return ts;
}

static uint64_t sb_id(const char *path)
{
	struct vt_mount m;

	cr_assert_eq(vt_mount_at(t, path, &m), 0);
	return m.d.sb_unique_id;
}

VT_TEST(fs_ext4_options, malformed_data_is_einval, "empty", setup)
{
	static const char *const bad[] = {
		"bogus", "LABEL=x", "label", " label=x", "=x", "label=a,uuid",
		"label=12345678901234567",
		"uuid", "uuid=",
		"uuid=0123456789abcdef0123456789abcdef",	/* no hyphens */
		"uuid=01234567-89ab-cdef-0123-456789abcdeg",	/* not hex */
		"uuid=01234567-89ab-cdef-0123-456789abcde",	/* 35 */
		"uuid=01234567-89ab-cdef-0123-456789abcdef0",	/* 37 */
		"uuid=0123456-789ab-cdef-0123-456789abcdef",	/* hyphen moved */
		"uuid={01234567-89ab-cdef-0123-456789abcdef}",
		"mkfs_time", "mkfs_time=", "mkfs_time=-1", "mkfs_time=+1",
		"mkfs_time=1099511627776", "mkfs_time=0x10", "mkfs_time=1 ",
		"mount_time=abc", "write_time=99999999999999999999999",
		"lastcheck=1.5", "first_error_time=", "last_error_time=-0",
		"last_check_time=1",
		"errors", "errors=", "errors=remount", "errors=Continue",
		"errors=remount-ro,bogus", "errors=panic ",
		"ro=1", "rw=0", "ro=",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_eq(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0, bad[i]), -EINVAL,
			     "\"%s\"", bad[i]);
	cr_assert_eq(vt_count_mounts(t), 1);
	/* nothing was left half made: the device mounts afterwards */
	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0, "label=ok"), 0);
	label("/a", "ok");
}

VT_TEST(fs_ext4_options, source_required, "empty", setup)
{
	EXPECT(vfsim_mount(t, NULL, "/a", "ext4", 0, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "", "/a", "ext4", 0, NULL), -EINVAL);
	cr_assert_eq(vt_count_mounts(t), 1);
}

/* Empty options are skipped; a later option wins; every option at once. */
VT_TEST(fs_ext4_options, well_formed, "empty", setup)
{
	struct fsinfo_ext4_timestamps ts;
	struct vt_mount m;

	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0,
			   ",label=one,,label=two,uuid=00000000-0000-0000-0000-000000000001,"
			   "mkfs_time=1,mount_time=2,write_time=3,lastcheck=4,"
			   "first_error_time=5,last_error_time=6,errors=panic,"
			   "errors=remount-ro,ro,rw,"), 0);
	label("/a", "two");
	ts = timestamps("/a");
	cr_assert_eq(ts.mkfs_time, 1);
	cr_assert_eq(ts.mount_time, 2);
	cr_assert_eq(ts.write_time, 3);
	cr_assert_eq(ts.last_check_time, 4);
	cr_assert_eq(ts.first_error_time, 5);
	cr_assert_eq(ts.last_error_time, 6);
	cr_assert_eq(vt_mount_at(t, "/a", &m), 0);
	cr_assert_eq(m.d.sb_flags & 1, 0, "rw came last");
	/* the superblock's options are the data, as for the other filesystems */
	cr_assert_str_eq(m.sb_options,
			 "rw,,label=one,,label=two,uuid=00000000-0000-0000-0000-000000000001,"
			 "mkfs_time=1,mount_time=2,write_time=3,lastcheck=4,"
			 "first_error_time=5,last_error_time=6,errors=panic,"
			 "errors=remount-ro,ro,rw,");
	cr_assert_str_eq(m.fstype, "ext4");
	cr_assert_str_eq(m.source, "/dev/vda1");
}

/* "ro" in the data overrides MS_RDONLY's absence, "rw" its presence. */
VT_TEST(fs_ext4_options, ro_rw_in_data, "empty", setup)
{
	struct vt_mount m;

	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0, "ro"), 0);
	cr_assert_eq(vt_mount_at(t, "/a", &m), 0);
	cr_assert_eq(m.d.sb_flags & 1, 1);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a/x", 0755), -EROFS);
	EXPECT(vfsim_mount(t, "/dev/vdb", "/b", "ext4", MS_RDONLY, "rw"), 0);
	cr_assert_eq(vt_mount_at(t, "/b", &m), 0);
	cr_assert_eq(m.d.sb_flags & 1, 0);
	/* MS_RDONLY still makes the mount read-only */
	cr_assert_eq(m.d.attr & VFSIM_ATTR_RDONLY, VFSIM_ATTR_RDONLY);
}

/*
 * The volume ID is the disk's name (bdevname()), whatever path named it:
 * an absent /dev/<disk> stands for the simulated disk, a block node for
 * the disk of its number (/dev/mapper/vg-root below is 254:17, vdb1).
 * What names no disk is refused as get_tree_bdev() refuses it.
 */
VT_TEST(fs_ext4_options, volume_id_from_source, "empty", setup)
{
	static const struct { const char *src, *id; } c[] = {
		{ "/dev/vda1", "vda1" },
		{ "/dev/sdc15", "sdc15" },
		{ "/dev/mapper/vg-root", "vdb1" },
	};
	char buf[64];
	size_t i;

	EXPECT(vfsim_mkdir_p(t, AT_FDCWD, "/dev/mapper", 0755), 0);
	EXPECT(vfsim_mknodat(t, AT_FDCWD, "/dev/mapper/vg-root", S_IFBLK | 0600,
			     makedev(254, 17)), 0);
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		EXPECT(vfsim_mount(t, c[i].src, "/a", "ext4", 0, NULL), 0);
		memset(buf, 0, sizeof(buf));
		EXPECT(vt_fsinfo(t, "/a", FSINFO_ATTR_VOLUME_ID, 0, 0, buf, sizeof(buf)),
		       (long)strlen(c[i].id));
		cr_assert_str_eq(buf, c[i].id);
		EXPECT(vfsim_umount2(t, "/a", 0), 0);
	}
	/* not a path, not a disk name, a directory, a disk name too long */
	EXPECT(vfsim_mount(t, "vdb2", "/a", "ext4", 0, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "/dev/", "/a", "ext4", 0, NULL), -ENOTBLK);
	EXPECT(vfsim_mount(t, "/dev/vdb16", "/a", "ext4", 0, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "/dev/xda", "/a", "ext4", 0, NULL), -ENOENT);
}

/*
 * One device, one superblock: the second mount's data is checked but
 * describes nothing (the disk was read by the first), and it must agree
 * on read-only.  Another device is another superblock.
 */
VT_TEST(fs_ext4_options, same_source_same_superblock, "empty", setup)
{
	struct vt_mount ma, mb;

	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0, "label=first"), 0);
	EXPECT(vfsim_mount(t, "/dev/vda1", "/b", "ext4", 0, "bogus"), -EINVAL);
	EXPECT(vfsim_mount(t, "/dev/vda1", "/b", "ext4", MS_RDONLY, NULL), -EBUSY);
	EXPECT(vfsim_mount(t, "/dev/vda1", "/b", "ext4", 0, "ro"), -EBUSY);
	EXPECT(vfsim_mount(t, "/dev/vda1", "/b", "ext4", 0, "label=second,mkfs_time=9"), 0);
	cr_assert_eq(sb_id("/a"), sb_id("/b"));
	label("/b", "first");
	cr_assert_eq(timestamps("/b").mkfs_time, 0);
	cr_assert_eq(vt_mount_at(t, "/a", &ma), 0);
	cr_assert_eq(vt_mount_at(t, "/b", &mb), 0);
	cr_assert_str_eq(mb.sb_options, "rw,label=first");
	cr_assert_neq(ma.d.mnt_id, mb.d.mnt_id);
	/* the superblock outlives the first mount */
	EXPECT(vfsim_umount2(t, "/a", 0), 0);
	label("/b", "first");
	EXPECT(vfsim_umount2(t, "/b", 0), 0);
	/* and goes with the last: the device is read afresh */
	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", MS_RDONLY, "label=third"), 0);
	label("/a", "third");
	/* a read-only superblock takes read-only mounts only */
	EXPECT(vfsim_mount(t, "/dev/vda1", "/b", "ext4", 0, NULL), -EBUSY);
	EXPECT(vfsim_mount(t, "/dev/vda1", "/b", "ext4", 0, "ro"), 0);
	cr_assert_eq(sb_id("/a"), sb_id("/b"));
	EXPECT(vfsim_umount2(t, "/b", 0), 0);
	EXPECT(vfsim_mount(t, "/dev/vda2", "/b", "ext4", 0, "label=other"), 0);
	cr_assert_neq(sb_id("/a"), sb_id("/b"));
	label("/b", "other");
}

/* ---- remount ------------------------------------------------------------------------ */

VT_TEST(fs_ext4_options, remount_checks_and_ignores_the_disk, "empty", setup)
{
	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0, "label=root,mkfs_time=7"), 0);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, "bogus"), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, "label=12345678901234567"), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, "label=new,mkfs_time=8"), 0);
	label("/a", "root");
	cr_assert_eq(timestamps("/a").mkfs_time, 7);
	/* read-only belongs in the flags */
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, "ro"), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, "rw"), -EINVAL);
}

/*
 * Going read-only commits the superblock while still writable (the write
 * time moves); going read-write again is ext4_setup_super(): mount and
 * write times.  The mount data's times start elsewhere so that the
 * moves show.
 */
VT_TEST(fs_ext4_options, remount_times, "empty", setup)
{
	struct fsinfo_ext4_timestamps ts;

	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0, "mount_time=1,write_time=2"), 0);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, NULL), 0);	/* rw to rw */
	ts = timestamps("/a");
	cr_assert_eq(ts.mount_time, 1);
	cr_assert_eq(ts.write_time, 2);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	ts = timestamps("/a");
	cr_assert_eq(ts.mount_time, 1);
	cr_assert_eq(ts.write_time, NOW);
	EXPECT(vfsim_umount2(t, "/a", 0), 0);

	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", MS_RDONLY,
			   "mount_time=1,write_time=2"), 0);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	ts = timestamps("/a");
	cr_assert_eq(ts.mount_time, 1);
	cr_assert_eq(ts.write_time, 2);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, NULL), 0);
	ts = timestamps("/a");
	cr_assert_eq(ts.mount_time, NOW);
	cr_assert_eq(ts.write_time, NOW);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a/x", 0755), 0);
}

/* errors= at remount changes what the next error does. */
VT_TEST(fs_ext4_options, remount_errors, "empty", setup)
{
	struct vt_mount m;

	EXPECT(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0, NULL), 0);
	EXPECT(vfsim_sb_error(t, "/a", EIO), 0);
	cr_assert_eq(vt_mount_at(t, "/a", &m), 0);
	cr_assert_eq(m.d.sb_flags & 1, 0, "errors=continue is the default");
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, "errors=remount-ro"), 0);
	EXPECT(vfsim_sb_error(t, "/a", EIO), 0);
	cr_assert_eq(vt_mount_at(t, "/a", &m), 0);
	cr_assert_eq(m.d.sb_flags & 1, 1);
	/* the abort outlives errors=: still -EROFS for read-write, and the
	 * failed remount changed nothing */
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT, "errors=continue"), -EROFS);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT | MS_RDONLY, "errors=continue"), 0);
}
