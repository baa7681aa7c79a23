/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every fsinfo() attribute of the simulated ext4, values pinned: its own
 * table (patch 16: VOLUME_NAME from the 16-byte label, EXT4_TIMESTAMPS
 * composed as low word | _hi byte << 32) and what the common table reads
 * from an ext4 superblock (block-device and quota features, 16 TiB files,
 * 65000 links, nanosecond granularity over the whole 64-bit range, the
 * UUID, the fsid folded from it, s_id from the device name).
 *
 *   /            rootfs (0:1)
 *   `-/mnt       ext4 "/dev/vda1" (0:2), label "root"
 *
 * "Now" is the model's realtime clock at boot, 2020-02-21 00:00:00 UTC,
 * which a test's few thousand syscalls (1 us each) do not move by a second.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <fs/ext4/ext4.h>
#include <vfs/kernel.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

#define NOW 1582243200ULL
#define UUID "01234567-89ab-cdef-0011-223344556677"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m2", 0755), 0);
}

static void mount_root(const char *data)
{
	EXPECT(vfsim_mount(t, "/dev/vda1", "/mnt", "ext4", 0, data), 0);
}

static void timestamps(const char *path, struct fsinfo_ext4_timestamps *ts)
{
	memset(ts, 0xbd, sizeof(*ts));
	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_EXT4_TIMESTAMPS, 0, 0, ts, sizeof(*ts)),
	       sizeof(*ts));
}

/* The superblock behind @path, for what fsinfo() does not show. */
static struct super_block *sb_of(const char *path)
{
	struct vt_mount m;
	struct super_block *sb, *found = NULL;
	struct vfsim_entry e;

	cr_assert_eq(vt_mount_at(t, path, &m), 0);
	vfsim_enter_kernel(&e, v);
	spin_lock(&v->sb_lock);
	list_for_each_entry(sb, &v->super_blocks, s_list)
		if (sb->s_unique_id == m.d.sb_unique_id)
			found = sb;
	spin_unlock(&v->sb_lock);
	vfsim_leave(&e);
	cr_assert_not_null(found);
	return found;
}

/* ---- the common table on ext4 ------------------------------------------------- */

VT_TEST(fs_ext4_attrs, statfs, "empty", setup)
{
	struct fsinfo_statfs s;
	long fd;

	mount_root("label=root");
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_STATFS, 0, 0, &s, sizeof(s)), sizeof(s));
	/* 1 GiB of 4 KiB blocks less 8192 of metadata and journal; 5% reserved */
	cr_assert_eq(s.f_blocks.lo, 253952);
	cr_assert_eq(s.f_bfree.lo, 253952);
	cr_assert_eq(s.f_bavail.lo, 240845);
	cr_assert_eq(s.f_files.lo, 65536);
	/* inodes 1..11 are taken: the reserved ones, the root (2), lost+found (11) */
	cr_assert_eq(s.f_ffree.lo, 65525);
	cr_assert_eq(s.f_favail.lo, 65525);
	cr_assert_eq(s.f_blocks.hi | s.f_bfree.hi | s.f_files.hi, 0);
	cr_assert_eq(s.f_bsize, 4096);
	cr_assert_eq(s.f_frsize, 4096);
	/* a new file takes inode 12 */
	fd = vfsim_openat(t, AT_FDCWD, "/mnt/f", O_CREAT | O_RDONLY, 0644);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_STATFS, 0, 0, &s, sizeof(s)), sizeof(s));
	cr_assert_eq(s.f_ffree.lo, 65524);
}

VT_TEST(fs_ext4_attrs, ids, "empty", setup)
{
	struct fsinfo_ids ids;
	struct vt_mount m;

	mount_root("uuid=" UUID);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	cr_assert_str_eq(ids.f_fs_name, "ext4");
	cr_assert_eq(ids.f_fstype, 0xef53);
	/* an anonymous device: rootfs has 0:1 */
	cr_assert_eq(ids.f_dev_major, 0);
	cr_assert_eq(ids.f_dev_minor, 2);
	/* ext4_statfs(): the two little-endian halves of the UUID xor'ed */
	cr_assert_eq(ids.f_fsid, 0x98abfecd54673201ULL, "%#llx",
		     (unsigned long long)ids.f_fsid);
	cr_assert_eq(vt_mount_at(t, "/mnt", &m), 0);
	cr_assert_eq(ids.f_sb_id, m.d.sb_unique_id);
}

VT_TEST(fs_ext4_attrs, limits, "empty", setup)
{
	struct fsinfo_limits l;

	mount_root(NULL);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_LIMITS, 0, 0, &l, sizeof(l)), sizeof(l));
	/* ext4_max_size() for 4 KiB blocks: (2^32 - 1) blocks */
	cr_assert_eq(l.max_file_size.lo, 17592186040320ULL);
	cr_assert_eq(l.max_file_size.hi, 0);
	cr_assert_eq(l.max_ino.lo, UINT32_MAX);
	cr_assert_eq(l.max_ino.hi, 0);
	cr_assert_eq(l.max_hard_links, 65000);	/* EXT4_LINK_MAX */
	cr_assert(vt_generic_limits_are(&l));
}

VT_TEST(fs_ext4_attrs, supports, "empty", setup)
{
	struct fsinfo_supports s;

	mount_root(NULL);
	memset(&s, 0xbd, sizeof(s));
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_SUPPORTS, 0, 0, &s, sizeof(s)), sizeof(s));
	cr_assert_eq(s.stx_mask, 0x7ff);	/* STATX_BASIC_STATS */
	cr_assert_eq(s.stx_attributes, 0);
	cr_assert_eq(s.fs_ioc_getflags, 0);
	cr_assert_eq(s.fs_ioc_setflags_set, 0);
	cr_assert_eq(s.fs_ioc_setflags_clear, 0);
	cr_assert_eq(s.win_file_attrs, 0);
}

/*
 * Patch 16 leaves TIMESTAMP_INFO to the common table: the whole 64-bit
 * range (as posted, whatever s_time_min/max say) at 10^-9 s, from
 * s_time_gran 1.  The superblock has ext4's range for 256-byte inodes all
 * the same.
 */
VT_TEST(fs_ext4_attrs, timestamp_info, "empty", setup)
{
	struct fsinfo_timestamp_info ti;
	const struct fsinfo_timestamp_one *one[] = { &ti.atime, &ti.mtime, &ti.ctime, &ti.btime };
	struct super_block *sb;
	size_t i;

	mount_root(NULL);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_TIMESTAMP_INFO, 0, 0, &ti, sizeof(ti)),
	       sizeof(ti));
	for (i = 0; i < 4; i++) {
		cr_assert_eq(one[i]->minimum, INT64_MIN);
		cr_assert_eq(one[i]->maximum, INT64_MAX);
		cr_assert_eq(one[i]->gran_mantissa, 1);
		cr_assert_eq(one[i]->gran_exponent, -9);
	}
	sb = sb_of("/mnt");
	cr_assert_eq(sb->s_time_gran, 1);
	cr_assert_eq(sb->s_time_min, INT32_MIN);
	cr_assert_eq(sb->s_time_max, 15032385535LL);	/* 2446-05-10 */
	cr_assert_eq(sb->s_maxbytes, 17592186040320LL);
}

VT_TEST(fs_ext4_attrs, volume_id_is_the_device_name, "empty", setup)
{
	char id[64];

	mount_root(NULL);
	memset(id, 0xbd, sizeof(id));
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_VOLUME_ID, 0, 0, id, sizeof(id)), 4);
	cr_assert_eq(memcmp(id, "vda1", 4), 0);
	cr_assert_eq((unsigned char)id[4], 0xbd, "no NUL (S6)");
	/* the mount's device name is the source as given */
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_MOUNT_DEVNAME, 0, 0, id, sizeof(id)), 9);
	cr_assert_eq(memcmp(id, "/dev/vda1", 9), 0);
}

VT_TEST(fs_ext4_attrs, volume_uuid, "empty", setup)
{
	static const unsigned char want[16] = {
		0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
		0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	};
	struct fsinfo_volume_uuid u;

	mount_root("uuid=" UUID);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_VOLUME_UUID, 0, 0, &u, sizeof(u)), sizeof(u));
	cr_assert_eq(memcmp(&u, want, 16), 0);
	/* upper case parses to the same bytes; no uuid= is the nil UUID */
	EXPECT(vfsim_mount(t, "/dev/vdb", "/m2", "ext4", 0,
			   "uuid=01234567-89AB-CDEF-0011-223344556677"), 0);
	EXPECT(vt_fsinfo(t, "/m2", FSINFO_ATTR_VOLUME_UUID, 0, 0, &u, sizeof(u)), sizeof(u));
	cr_assert_eq(memcmp(&u, want, 16), 0);
	EXPECT(vfsim_umount2(t, "/m2", 0), 0);
	EXPECT(vfsim_mount(t, "/dev/vdc", "/m2", "ext4", 0, NULL), 0);
	memset(&u, 0xbd, sizeof(u));
	EXPECT(vt_fsinfo(t, "/m2", FSINFO_ATTR_VOLUME_UUID, 0, 0, &u, sizeof(u)), sizeof(u));
	cr_assert_eq(memcmp(&u, (unsigned char[16]){ 0 }, 16), 0);
}

/*
 * The generic FEATURES (patch 16 has no FEATURES of its own): a block
 * filesystem, ext4's three quota types, a volume ID, a/c/mtime; not
 * VOLUME_NAME or VOLUME_UUID, which the generic code does not know of.
 */
VT_TEST(fs_ext4_attrs, features, "empty", setup)
{
	static const unsigned char want[7] = { 0x02, 0x00, 0x07, 0x01, 0x00, 0xd0, 0x00 };
	struct fsinfo_features f;

	mount_root("label=root,uuid=" UUID);
	memset(&f, 0xbd, sizeof(f));
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert_eq(f.nr_features, 50);
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_IS_BLOCK_FS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_USER_QUOTAS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_GROUP_QUOTAS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_PROJECT_QUOTAS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_VOLUME_ID));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_HAS_ATIME));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_HAS_CTIME));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_HAS_MTIME));
	cr_assert_not(vt_has_feature(&f, FSINFO_FEAT_VOLUME_NAME));
	cr_assert_not(vt_has_feature(&f, FSINFO_FEAT_IS_MEMORY_FS));
	cr_assert_eq(memcmp(f.features, want, sizeof(want)), 0,
		     "%02x %02x %02x %02x %02x %02x %02x", f.features[0], f.features[1],
		     f.features[2], f.features[3], f.features[4], f.features[5],
		     f.features[6]);
}

VT_TEST(fs_ext4_attrs, sb_notifications, "empty", setup)
{
	struct fsinfo_sb_notifications n;
	struct vt_mount m;

	mount_root(NULL);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &n, sizeof(n)),
	       sizeof(n));
	cr_assert_eq(vt_mount_at(t, "/mnt", &m), 0);
	cr_assert_eq(n.watch_id, m.d.sb_unique_id);
	cr_assert_eq(n.notify_counter, 0);
	EXPECT(vfsim_sb_error(t, "/mnt", EIO), 0);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &n, sizeof(n)),
	       sizeof(n));
	cr_assert_eq(n.notify_counter, 1);
}

/* ---- the meta attributes: ext4's table first ------------------------------------ */

VT_TEST(fs_ext4_attrs, attribute_list, "empty", setup)
{
	static const uint32_t want[] = {
		0x07, 0x400,
		0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x08, 0x09,
		0x101, 0x100, 0x200, 0x201, 0x202, 0x203,
	};
	uint32_t got[64];

	mount_root(NULL);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, got, sizeof(got)),
	       sizeof(want));
	cr_assert_eq(memcmp(got, want, sizeof(want)), 0);
}

VT_TEST(fs_ext4_attrs, attribute_info, "empty", setup)
{
	struct fsinfo_attribute_info ai;

	mount_root(NULL);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x7, 0, &ai, sizeof(ai)),
	       sizeof(ai));
	cr_assert_eq(ai.attr_id, 0x7);
	cr_assert_eq(ai.type, FSINFO_TYPE_STRING);
	cr_assert_eq(ai.flags, 0);
	cr_assert_eq(ai.size, 0);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x400, 0, &ai, sizeof(ai)),
	       sizeof(ai));
	cr_assert_eq(ai.attr_id, 0x400);
	cr_assert_eq(ai.type, FSINFO_TYPE_VSTRUCT);
	cr_assert_eq(ai.flags, 0);
	cr_assert_eq(ai.size, 48);
	/* the other filesystems' attributes are not ext4's */
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x300, 0, &ai, sizeof(ai)),
	       -ENODATA);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_NFS_INFO, 0, 0, &ai, sizeof(ai)), -EOPNOTSUPP);
	/* single-valued: no Nth */
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_EXT4_TIMESTAMPS, 1, 0, &ai, sizeof(ai)), -ENODATA);
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_VOLUME_NAME, 1, 0, &ai, sizeof(ai)), -ENODATA);
}

/* ---- VOLUME_NAME ------------------------------------------------------------------ */

VT_TEST(fs_ext4_attrs, volume_name, "empty", setup)
{
	char buf[64];

	mount_root("label=root");
	cr_assert(vt_fsinfo_string_is(t, "/mnt", FSINFO_ATTR_VOLUME_NAME, 0, "root"));
	/* tmpfs has none: VOLUME_NAME has no generic getter */
	EXPECT(vfsim_mount(t, "m2", "/m2", "tmpfs", 0, NULL), 0);
	EXPECT(vt_fsinfo(t, "/m2", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, sizeof(buf)), -EOPNOTSUPP);
}

VT_TEST(fs_ext4_attrs, volume_name_empty_and_absent, "empty", setup)
{
	char buf[16];

	mount_root("label=");
	memset(buf, 0xbd, sizeof(buf));
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, sizeof(buf)), 0);
	cr_assert_eq((unsigned char)buf[0], 0xbd, "nothing copied");
	EXPECT(vfsim_mount(t, "/dev/vdb", "/m2", "ext4", 0, NULL), 0);
	EXPECT(vt_fsinfo(t, "/m2", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, sizeof(buf)), 0);
}

/*
 * A 16-byte label fills s_volume_name with no NUL: strlen() stops in the
 * zeroed kernel buffer, so the length is 16.  A short user buffer gets
 * the first bytes and the full length (S6: no NUL, tail untouched).
 */
VT_TEST(fs_ext4_attrs, volume_name_full_16, "empty", setup)
{
	char buf[32];

	mount_root("label=ABCDEFGHIJKLMNOP");
	cr_assert(vt_fsinfo_string_is(t, "/mnt", FSINFO_ATTR_VOLUME_NAME, 0, "ABCDEFGHIJKLMNOP"));
	memset(buf, 0xbd, sizeof(buf));
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, 8), 16);
	cr_assert_eq(memcmp(buf, "ABCDEFGH", 8), 0);
	cr_assert_eq((unsigned char)buf[8], 0xbd);
	/* the size-only query measures it (B6 fixed) */
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_VOLUME_NAME, 0, 0, NULL, 0), 16);
}

/* The limit is 16 bytes, not characters: eight two-byte UTF-8 letters fit. */
VT_TEST(fs_ext4_attrs, volume_name_bytes, "empty", setup)
{
	char buf[32];

	mount_root("label=\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
	EXPECT(vt_fsinfo(t, "/mnt", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, sizeof(buf)), 16);
	EXPECT(vfsim_mount(t, "/dev/vdb", "/m2", "ext4", 0,
			   "label=\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9x"),
	       -EINVAL);
	/* label text is anything but a comma, '=' included */
	EXPECT(vfsim_mount(t, "/dev/vdb", "/m2", "ext4", 0, "label=a=b c"), 0);
	cr_assert(vt_fsinfo_string_is(t, "/m2", FSINFO_ATTR_VOLUME_NAME, 0, "a=b c"));
}

/* ---- EXT4_TIMESTAMPS ------------------------------------------------------------ */

/* Without times in the mount data: mkfs, check and error times 0; a
 * read-write mount stamps the mount time and its commit the write time. */
VT_TEST(fs_ext4_attrs, timestamps_default_rw, "empty", setup)
{
	struct fsinfo_ext4_timestamps ts;

	mount_root(NULL);
	timestamps("/mnt", &ts);
	cr_assert_eq(ts.mkfs_time, 0);
	cr_assert_eq(ts.mount_time, NOW);
	cr_assert_eq(ts.write_time, NOW);
	cr_assert_eq(ts.last_check_time, 0);
	cr_assert_eq(ts.first_error_time, 0);
	cr_assert_eq(ts.last_error_time, 0);
}

/* A read-only mount writes nothing: no write time; the model still has
 * the mount time (it has no earlier one to keep).  "ro" in the data and
 * MS_RDONLY do the same. */
VT_TEST(fs_ext4_attrs, timestamps_default_ro, "empty", setup)
{
	struct fsinfo_ext4_timestamps ts;
	struct vt_mount m;

	EXPECT(vfsim_mount(t, "/dev/vda1", "/mnt", "ext4", MS_RDONLY, NULL), 0);
	timestamps("/mnt", &ts);
	cr_assert_eq(ts.mount_time, NOW);
	cr_assert_eq(ts.write_time, 0);
	EXPECT(vfsim_mount(t, "/dev/vdb", "/m2", "ext4", 0, "ro"), 0);
	timestamps("/m2", &ts);
	cr_assert_eq(ts.mount_time, NOW);
	cr_assert_eq(ts.write_time, 0);
	cr_assert_eq(vt_mount_at(t, "/m2", &m), 0);
	cr_assert(m.d.sb_flags & 1, "SB_RDONLY");
	cr_assert_eq(m.d.attr & VFSIM_ATTR_RDONLY, 0, "the mount itself is not read-only");
}

/*
 * §4.2's composition, each time its own pattern: 2^32 (low word 0, high
 * byte 1), 2^40 - 1 (the largest: all 40 bits), 2^32 - 1 (low word only),
 * 0x1234567890, 2^32 + 1, 1.  The stored halves are checked too: the
 * superblock really keeps a 32-bit word and an 8-bit byte.
 */
VT_TEST(fs_ext4_attrs, timestamps_low_high, "empty", setup)
{
	struct fsinfo_ext4_timestamps ts;
	const struct ext4_super_block *es;

	mount_root("mkfs_time=4294967296,mount_time=1099511627775,write_time=4294967295,"
		   "lastcheck=78187493520,first_error_time=4294967297,last_error_time=1");
	timestamps("/mnt", &ts);
	cr_assert_eq(ts.mkfs_time, 4294967296ULL);
	cr_assert_eq(ts.mount_time, 1099511627775ULL);
	cr_assert_eq(ts.write_time, 4294967295ULL);
	cr_assert_eq(ts.last_check_time, 0x1234567890ULL);
	cr_assert_eq(ts.first_error_time, 4294967297ULL);
	cr_assert_eq(ts.last_error_time, 1);

	es = EXT4_SB(sb_of("/mnt"))->s_es;
	cr_assert_eq(es->s_mkfs_time, 0);
	cr_assert_eq(es->s_mkfs_time_hi, 1);
	cr_assert_eq(es->s_mtime, 0xffffffffU);
	cr_assert_eq(es->s_mtime_hi, 0xff);
	cr_assert_eq(es->s_wtime, 0xffffffffU);
	cr_assert_eq(es->s_wtime_hi, 0);
	cr_assert_eq(es->s_lastcheck, 0x34567890U);
	cr_assert_eq(es->s_lastcheck_hi, 0x12);
	cr_assert_eq(es->s_first_error_time, 1);
	cr_assert_eq(es->s_first_error_time_hi, 1);
	cr_assert_eq(es->s_last_error_time, 1);
	cr_assert_eq(es->s_last_error_time_hi, 0);
}

VT_TEST(fs_ext4_attrs, timestamps_zero_and_max_accepted, "empty", setup)
{
	struct fsinfo_ext4_timestamps ts;

	mount_root("mkfs_time=0,mount_time=0,write_time=0,lastcheck=01099511627775");
	timestamps("/mnt", &ts);
	cr_assert_eq(ts.mkfs_time, 0);
	cr_assert_eq(ts.mount_time, 0);
	cr_assert_eq(ts.write_time, 0);
	cr_assert_eq(ts.last_check_time, 1099511627775ULL);
	/* one more does not fit 40 bits */
	EXPECT(vfsim_mount(t, "/dev/vdb", "/m2", "ext4", 0, "lastcheck=1099511627776"), -EINVAL);
}
