/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The superblock attributes of the common table (patches 07, 08, 13):
 * STATFS, IDS, LIMITS, SUPPORTS, TIMESTAMP_INFO, VOLUME_ID, VOLUME_UUID,
 * FEATURES (generic, and the filesystems' own with
 * fsinfo_set_unix_features()), SB_NOTIFICATIONS; their values come from
 * the model's superblocks.
 *
 *   /          rootfs
 *   |-/m       tmpfs "m"
 *   |-/p       proc
 *   |-/t       fsinfotest "t"
 *   `-/b       fsinfotestblk "/dev/vt0" (FS_REQUIRES_DEV)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	cr_assert_eq(vt_register_testfs(v), 0);
	fx_dirs(t, "/m", "/p", "/t", "/b", NULL);
	EXPECT(vfsim_mount(t, "m", "/m", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "proc", "/p", "proc", 0, NULL), 0);
}

VT_TEST(fsinfo_attrs_sb, statfs_from_the_filesystem, "empty", setup)
{
	struct fsinfo_statfs s;

	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_STATFS, 0, 0, &s, sizeof(s)), sizeof(s));
	/* tmpfs: half of the model's 8 GiB "RAM" in 4 KiB blocks */
	cr_assert_eq(s.f_blocks.lo, 1048576);
	cr_assert_eq(s.f_blocks.hi, 0);
	cr_assert_eq(s.f_bfree.lo, 1048576);
	cr_assert_eq(s.f_bavail.lo, 1048576);
	cr_assert_eq(s.f_files.lo, 1 << 20);
	/* f_favail repeats f_ffree (statfs has no favail) */
	cr_assert_eq(s.f_favail.lo, s.f_ffree.lo);
	cr_assert_eq(s.f_bsize, 4096);
	cr_assert_eq(s.f_frsize, 4096);
	/* a new file uses an inode */
	cr_assert(vt_create_takes_a_file_node(t, "/m", "/m/f"));
}

VT_TEST(fsinfo_attrs_sb, statfs_and_ids_without_statfs_op, "empty", setup)
{
	struct fsinfo_statfs s;
	struct fsinfo_ids ids;
	struct vt_mount m;

	vt_testfs.no_statfs = true;
	EXPECT(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL), 0);
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_STATFS, 0, 0, &s, sizeof(s)), -ENOSYS);
	/* IDS does without it */
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	cr_assert_str_eq(ids.f_fs_name, "fsinfotest");
	cr_assert_eq(ids.f_fsid, 0);
	cr_assert_eq(vt_mount_at(t, "/t", &m), 0);
	cr_assert_eq(ids.f_sb_id, m.d.sb_unique_id);
}

VT_TEST(fsinfo_attrs_sb, ids, "empty", setup)
{
	struct fsinfo_ids ids, ids2;
	struct vt_mount m;

	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	cr_assert_str_eq(ids.f_fs_name, "tmpfs");
	cr_assert_eq(ids.f_fstype, 0x01021994);	/* TMPFS_MAGIC */
	cr_assert_eq(ids.f_dev_major, 0);
	cr_assert_eq(ids.f_dev_minor, 2);	/* anonymous devices from 1 */
	cr_assert_eq(ids.f_fsid, 0);
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert_eq(ids.f_sb_id, m.d.sb_unique_id);
	/* proc */
	EXPECT(vt_fsinfo(t, "/p", FSINFO_ATTR_IDS, 0, 0, &ids2, sizeof(ids2)), sizeof(ids2));
	cr_assert_str_eq(ids2.f_fs_name, "proc");
	cr_assert_eq(ids2.f_fstype, 0x9fa0);
	cr_assert_gt(ids2.f_sb_id, ids.f_sb_id);
}

VT_TEST(fsinfo_attrs_sb, limits, "empty", setup)
{
	struct fsinfo_limits l;

	vt_testfs.max_links = 65000;
	EXPECT(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL), 0);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_LIMITS, 0, 0, &l, sizeof(l)), sizeof(l));
	cr_assert_eq(l.max_file_size.lo, INT64_MAX);
	cr_assert_eq(l.max_file_size.hi, 0);
	cr_assert_eq(l.max_ino.lo, UINT32_MAX);
	cr_assert_eq(l.max_hard_links, 0);
	cr_assert(vt_generic_limits_are(&l));
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_LIMITS, 0, 0, &l, sizeof(l)), sizeof(l));
	cr_assert_eq(l.max_hard_links, 65000);
}

VT_TEST(fsinfo_attrs_sb, supports_and_automount_bit, "empty", setup)
{
	struct fsinfo_supports s;

	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_SUPPORTS, 0, 0, &s, sizeof(s)), sizeof(s));
	cr_assert_eq(s.stx_mask, 0x7ff);	/* STATX_BASIC_STATS */
	cr_assert_eq(s.stx_attributes, 0);
	vt_testfs.automounts = true;
	EXPECT(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL), 0);
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_SUPPORTS, 0, 0, &s, sizeof(s)), sizeof(s));
	cr_assert_eq(s.stx_attributes, 0x1000);	/* STATX_ATTR_AUTOMOUNT */
}

static void expect_gran(const char *path, int exponent)
{
	struct fsinfo_timestamp_info ti;
	const struct fsinfo_timestamp_one *one[] = { &ti.atime, &ti.mtime, &ti.ctime, &ti.btime };
	size_t i;

	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_TIMESTAMP_INFO, 0, 0, &ti, sizeof(ti)),
	       sizeof(ti));
	for (i = 0; i < 4; i++) {
		cr_assert_eq(one[i]->minimum, INT64_MIN);
		cr_assert_eq(one[i]->maximum, INT64_MAX);
		cr_assert_eq(one[i]->gran_mantissa, 1);
		cr_assert_eq(one[i]->gran_exponent, exponent, "%s: %d", path,
			     one[i]->gran_exponent);
	}
}

VT_TEST(fsinfo_attrs_sb, timestamp_granularity, "empty", setup)
{
	static const struct { unsigned int gran; int exp; } g[] = {
		{ 1, -9 }, { 999, -9 }, { 1000, -6 }, { 999999, -6 },
		{ 1000000, -3 }, { 999999999, -3 }, { 1000000000, 0 },
	};
	size_t i;
	char dir[32];

	expect_gran("/m", -9);
	for (i = 0; i < sizeof(g) / sizeof(g[0]); i++) {
		snprintf(dir, sizeof(dir), "/t%zu", i);
		EXPECT(vfsim_mkdirat(t, AT_FDCWD, dir, 0755), 0);
		vt_testfs.time_gran = g[i].gran;
		EXPECT(vfsim_mount(t, "t", dir, "fsinfotest", 0, NULL), 0);
		expect_gran(dir, g[i].exp);
	}
}

VT_TEST(fsinfo_attrs_sb, volume_id_and_uuid, "empty", setup)
{
	char id[64];
	struct fsinfo_volume_uuid u;
	static const struct fsinfo_volume_uuid zero;

	memset(id, 0xbd, sizeof(id));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_ID, 0, 0, id, sizeof(id)), 5);
	cr_assert_eq(memcmp(id, "tmpfs", 5), 0);
	EXPECT(vt_fsinfo(t, "/p", FSINFO_ATTR_VOLUME_ID, 0, 0, id, sizeof(id)), 4);
	cr_assert_eq(memcmp(id, "proc", 4), 0);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_UUID, 0, 0, &u, sizeof(u)), sizeof(u));
	cr_assert_eq(memcmp(&u, &zero, sizeof(u)), 0);
}

VT_TEST(fsinfo_attrs_sb, features_of_tmpfs_and_proc, "empty", setup)
{
	static const unsigned int unix_bits[] = {
		FSINFO_FEAT_UIDS, FSINFO_FEAT_GIDS, FSINFO_FEAT_DIRECTORIES,
		FSINFO_FEAT_SYMLINKS, FSINFO_FEAT_HARD_LINKS, FSINFO_FEAT_DEVICE_FILES,
		FSINFO_FEAT_UNIX_SPECIALS, FSINFO_FEAT_SPARSE, FSINFO_FEAT_HAS_ATIME,
		FSINFO_FEAT_HAS_CTIME, FSINFO_FEAT_HAS_MTIME,
		FSINFO_FEAT_HAS_INODE_NUMBERS,
	};
	struct fsinfo_features f;
	unsigned int bit, nset = 0;
	size_t i;

	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert_eq(f.nr_features, FSINFO_FEAT__NR);
	for (i = 0; i < sizeof(unix_bits) / sizeof(unix_bits[0]); i++)
		cr_assert(vt_has_feature(&f, unix_bits[i]), "unix feature %u", unix_bits[i]);
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_IS_MEMORY_FS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_NOT_PERSISTENT));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_ADV_LOCKS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_VOLUME_ID));
	for (bit = 0; bit < 56; bit++)
		nset += vt_has_feature(&f, bit);
	cr_assert_eq(nset, 16);

	EXPECT(vt_fsinfo(t, "/p", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_IS_KERNEL_FS));
	cr_assert(!vt_has_feature(&f, FSINFO_FEAT_IS_MEMORY_FS));
	cr_assert(!vt_has_feature(&f, FSINFO_FEAT_HARD_LINKS));
}

VT_TEST(fsinfo_attrs_sb, generic_features, "empty", setup)
{
	struct fsinfo_features f;
	unsigned int bit, nset = 0;

	/* fsinfotest has no FEATURES of its own: the common getter answers */
	EXPECT(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL), 0);
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert_eq(f.nr_features, 50);
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_VOLUME_ID));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_HAS_ATIME));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_HAS_CTIME));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_HAS_MTIME));
	for (bit = 0; bit < 56; bit++)
		nset += vt_has_feature(&f, bit);
	cr_assert_eq(nset, 4);

	/* a block filesystem with quotas and automount points */
	vt_testfs.quota_types = 7;
	vt_testfs.automounts = true;
	EXPECT(vfsim_mount(t, "/dev/vt0", "/b", "fsinfotestblk", 0, NULL), 0);
	EXPECT(vt_fsinfo(t, "/b", FSINFO_ATTR_FEATURES, 0, 0, &f, sizeof(f)), sizeof(f));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_IS_BLOCK_FS));
	cr_assert(!vt_has_feature(&f, FSINFO_FEAT_IS_FLASH_FS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_USER_QUOTAS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_GROUP_QUOTAS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_PROJECT_QUOTAS));
	cr_assert(vt_has_feature(&f, FSINFO_FEAT_AUTOMOUNTS));
	/* the bytes: bit f in byte f / 8, the last byte's spare bit clear */
	cr_assert_eq(f.features[0], 1U << FSINFO_FEAT_IS_BLOCK_FS |
		     1U << FSINFO_FEAT_AUTOMOUNTS);
	cr_assert_eq(f.features[6] & ~3U, 0);
}

VT_TEST(fsinfo_attrs_sb, sb_notifications_follow_the_counter, "empty", setup)
{
	struct fsinfo_sb_notifications n;
	struct fsinfo_mount_info mi;
	struct fsinfo_ids ids;

	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &n, sizeof(n)),
	       sizeof(n));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_IDS, 0, 0, &ids, sizeof(ids)), sizeof(ids));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_INFO, 0, 0, &mi, sizeof(mi)), sizeof(mi));
	/* one superblock ID in all three */
	cr_assert_eq(n.watch_id, ids.f_sb_id);
	cr_assert_eq(n.watch_id, mi.f_sb_id);
	cr_assert_eq(n.notify_counter, 0);
	cr_assert_eq(n.__reserved[0], 0);
	/* what notify_sb() will do: count each superblock notification */
	vt_bump_sb_notify_counter(t, "/m");
	vt_bump_sb_notify_counter(t, "/m");
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &n, sizeof(n)),
	       sizeof(n));
	cr_assert_eq(n.notify_counter, 2);
	/* per superblock */
	EXPECT(vt_fsinfo(t, "/p", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, &n, sizeof(n)),
	       sizeof(n));
	cr_assert_eq(n.notify_counter, 0);
}
