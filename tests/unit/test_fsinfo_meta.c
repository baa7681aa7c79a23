/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Attribute tables (docs/fsinfo.md): the
 * filesystem's table before the common one, FSINFO_ATTR_FSINFO_ATTRIBUTES
 * without duplicates in that order, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO,
 * and the rules for Nth and Mth: ENODATA for a value an attribute cannot
 * have, EOPNOTSUPP for an attribute the object does not have.
 *
 * The tree is fx_fsinfo_tree (common/fixtures.h): rootfs, tmpfs "m" on
 * /m and fsinfotest "t" (VOLUME_NAME and four test attributes) on /t.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <criterion/criterion.h>

#include <fsinfo/internal.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* The common table's order, as §3.1 gives it. */
static const unsigned int common_order[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x08, 0x09,
	0x101, 0x100, 0x200, 0x201, 0x202, 0x203,
};

#define NCOMMON (sizeof(common_order) / sizeof(common_order[0]))

static void expect_list(const char *path, const unsigned int *want, size_t n)
{
	unsigned int got[64];
	long size = vt_fsinfo(t, path, FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, got,
			      sizeof(got));
	size_t i;

	EXPECT(size, n * sizeof(unsigned int));
	for (i = 0; i < n; i++)
		cr_assert_eq(got[i], want[i], "%s: [%zu] is %#x, want %#x", path, i,
			     got[i], want[i]);
}

VT_TEST(fsinfo_meta, common_table_order, "empty", fx_fsinfo_tree)
{
	size_t i;

	for (i = 0; i < NCOMMON; i++)
		cr_assert_eq(fsinfo_common_attributes[i].attr_id, common_order[i]);
	cr_assert_null(fsinfo_common_attributes[NCOMMON].get);
}

VT_TEST(fsinfo_meta, attributes_fs_table_first_no_duplicates, "empty", fx_fsinfo_tree)
{
	/* tmpfs (and rootfs) answer FEATURES themselves: it comes first and
	 * is not listed again with the common ones */
	unsigned int tmpfs[NCOMMON], testfs[NCOMMON + 5];
	size_t i, n = 0;

	tmpfs[n++] = FSINFO_ATTR_FEATURES;
	for (i = 0; i < NCOMMON; i++)
		if (common_order[i] != FSINFO_ATTR_FEATURES)
			tmpfs[n++] = common_order[i];
	expect_list("/m", tmpfs, n);
	expect_list("/", tmpfs, n);

	n = 0;
	testfs[n++] = FSINFO_ATTR_VOLUME_NAME;
	testfs[n++] = VT_ATTR_OPAQUE;
	testfs[n++] = VT_ATTR_STRING_N;
	testfs[n++] = VT_ATTR_VSTRUCT_NM;
	testfs[n++] = VT_ATTR_BAD_TYPE;
	for (i = 0; i < NCOMMON; i++)
		testfs[n++] = common_order[i];
	expect_list("/t", testfs, n);
}

struct info_case {
	unsigned int id, type, flags, size;
};

static void expect_info(const char *path, const struct info_case *c)
{
	struct fsinfo_attribute_info ai;

	memset(&ai, 0xbd, sizeof(ai));
	EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, c->id, 0, &ai,
			 sizeof(ai)), sizeof(ai));
	cr_assert_eq(ai.attr_id, c->id);
	cr_assert_eq(ai.type, c->type, "%#x: type %u", c->id, ai.type);
	cr_assert_eq(ai.flags, c->flags, "%#x: flags %u", c->id, ai.flags);
	cr_assert_eq(ai.size, c->size, "%#x: size %u", c->id, ai.size);
}

VT_TEST(fsinfo_meta, attribute_info, "empty", fx_fsinfo_tree)
{
	static const struct info_case common[] = {
		{ 0x00, FSINFO_TYPE_VSTRUCT, 0, 112 },
		{ 0x01, FSINFO_TYPE_VSTRUCT, 0, 48 },
		{ 0x02, FSINFO_TYPE_VSTRUCT, 0, 96 },
		{ 0x03, FSINFO_TYPE_VSTRUCT, 0, 32 },
		{ 0x04, FSINFO_TYPE_VSTRUCT, 0, 96 },
		{ 0x05, FSINFO_TYPE_STRING, 0, 0 },
		{ 0x06, FSINFO_TYPE_VSTRUCT, 0, 16 },
		{ 0x08, FSINFO_TYPE_VSTRUCT, 0, 12 },
		{ 0x09, FSINFO_TYPE_VSTRUCT, 0, 16 },
		{ 0x100, FSINFO_TYPE_VSTRUCT, FSINFO_FLAGS_N, 16 },
		{ 0x101, FSINFO_TYPE_LIST, 0, 4 },
		{ 0x200, FSINFO_TYPE_VSTRUCT, 0, 40 },
		{ 0x201, FSINFO_TYPE_STRING, 0, 0 },
		{ 0x202, FSINFO_TYPE_STRING, 0, 0 },
		{ 0x203, FSINFO_TYPE_LIST, 0, 8 },
	};
	static const struct info_case testfs[] = {
		{ 0x07, FSINFO_TYPE_STRING, 0, 0 },
		{ VT_ATTR_OPAQUE, FSINFO_TYPE_OPAQUE, 0, 0 },
		{ VT_ATTR_STRING_N, FSINFO_TYPE_STRING, FSINFO_FLAGS_N, 0 },
		{ VT_ATTR_VSTRUCT_NM, FSINFO_TYPE_VSTRUCT, FSINFO_FLAGS_NM, 8 },
		{ VT_ATTR_BAD_TYPE, 7, 0, 0 },
	};
	struct fsinfo_attribute_info ai;
	size_t i;

	for (i = 0; i < sizeof(common) / sizeof(common[0]); i++) {
		expect_info("/m", &common[i]);
		expect_info("/t", &common[i]);
	}
	for (i = 0; i < sizeof(testfs) / sizeof(testfs[0]); i++)
		expect_info("/t", &testfs[i]);
	/* not at this object, or not at all */
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x07, 0, &ai,
			 sizeof(ai)), -ENODATA);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x300, 0, &ai,
			 sizeof(ai)), -ENODATA);
	/* its own Mth is not looked at (the meta attributes skip the rules) */
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x00, 9, &ai,
			 sizeof(ai)), sizeof(ai));
}

VT_TEST(fsinfo_meta, attributes_ignores_nth_and_mth, "empty", fx_fsinfo_tree)
{
	unsigned int a[64], b[64];
	long n = vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, a, sizeof(a));

	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTES, 5, 7, b, sizeof(b)), n);
	cr_assert_eq(memcmp(a, b, (size_t)n), 0);
}

VT_TEST(fsinfo_meta, nth_mth_on_single_values, "empty", fx_fsinfo_tree)
{
	char buf[256];

	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_STATFS, 1, 0, buf, sizeof(buf)), -ENODATA);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_STATFS, 0, 1, buf, sizeof(buf)), -ENODATA);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_ID, 1, 0, buf, sizeof(buf)), -ENODATA);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_CHILDREN, 0, 3, buf, sizeof(buf)),
	       -ENODATA);
	/* also for the size only: the rule comes before the sizing */
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_STATFS, 1, 0, NULL, 0), -ENODATA);
	/* an attribute the object does not have stays EOPNOTSUPP at any N */
	cr_assert(VT_FSINFO_LACKS(t, "/m", FSINFO_ATTR_VOLUME_NAME, FSINFO_ATTR_AFS_CELL_NAME,
				  0xffffffff));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_NAME, 2, 0, buf, sizeof(buf)),
	       -EOPNOTSUPP);
}

VT_TEST(fsinfo_meta, n_and_nm_values, "empty", fx_fsinfo_tree)
{
	struct fsinfo_mount_child c;
	char buf[64];

	vt_testfs.n = 3;
	vt_testfs.m = 2;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_STRING_N, 0, 0, buf, sizeof(buf)), 7);
	cr_assert_eq(memcmp(buf, "value-0", 7), 0);
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_STRING_N, 2, 0, buf, sizeof(buf)), 7);
	cr_assert_eq(memcmp(buf, "value-2", 7), 0);
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_STRING_N, 3, 0, buf, sizeof(buf)), -ENODATA);
	/* an N attribute has no Mth */
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_STRING_N, 1, 1, buf, sizeof(buf)), -ENODATA);

	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_VSTRUCT_NM, 2, 1, &c, sizeof(c)), sizeof(c));
	cr_assert_eq(c.mnt_id, 2);
	cr_assert_eq(c.change_counter, 1);
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_VSTRUCT_NM, 2, 2, &c, sizeof(c)), -ENODATA);
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_VSTRUCT_NM, 3, 0, &c, sizeof(c)), -ENODATA);
	/* the size of an NM vstruct is known without asking the getter */
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_VSTRUCT_NM, 3, 0, NULL, 0), sizeof(c));
}

VT_TEST(fsinfo_meta, bad_value_type_is_enopkg, "empty", fx_fsinfo_tree)
{
	char buf[16];

	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_BAD_TYPE, 0, 0, buf, sizeof(buf)), -ENOPKG);
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_BAD_TYPE, 0, 0, NULL, 0), -ENOPKG);
}

/*
 * Walk every attribute of @path the way test-fsinfo does: ENODATA may end
 * the values only after the first (or for an attribute that has N or NM
 * values), EOPNOTSUPP only at (0, 0).
 */
static void enumerate_like_test_fsinfo(const char *path)
{
	unsigned int attrs[64];
	long n = vt_fsinfo(t, path, FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, attrs,
			   sizeof(attrs));
	long i;

	cr_assert_gt(n, 0);
	for (i = 0; i < n / 4; i++) {
		struct fsinfo_attribute_info ai;
		unsigned int nth, mth;
		static char buf[65536];

		if (attrs[i] >= 0x100 && attrs[i] <= 0x101)
			continue;
		EXPECT(vt_fsinfo(t, path, FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, attrs[i], 0,
				 &ai, sizeof(ai)), sizeof(ai));
		for (nth = 0; nth < 100; nth++) {
			long r = 0;

			for (mth = 0; mth < 100; mth++) {
				r = vt_fsinfo(t, path, attrs[i], nth, mth, buf, sizeof(buf));
				if (r < 0)
					break;
			}
			cr_assert(r == -ENODATA || r == -EOPNOTSUPP || r == -ENOPKG,
				  "%s %#x{%u,%u}: %ld", path, attrs[i], nth, mth, r);
			if (r == -EOPNOTSUPP || r == -ENOPKG)
				cr_assert(nth == 0 && mth == 0, "%#x{%u,%u}", attrs[i], nth, mth);
			if (r == -ENODATA && nth == 0 && mth == 0 &&
			    !(ai.flags & (FSINFO_FLAGS_N | FSINFO_FLAGS_NM)))
				/* only the root mount has no mount point */
				cr_assert(attrs[i] == FSINFO_ATTR_MOUNT_POINT &&
					  strcmp(path, "/") == 0, "%s %#x", path, attrs[i]);
			if (r != -ENODATA || mth == 0)
				break;
		}
	}
}

VT_TEST(fsinfo_meta, every_attribute_enumerates_cleanly, "empty", fx_fsinfo_tree)
{
	vt_testfs.n = 2;
	vt_testfs.m = 3;
	vt_testfs.volume_name = "vol";
	enumerate_like_test_fsinfo("/");
	enumerate_like_test_fsinfo("/m");
	enumerate_like_test_fsinfo("/t");
}
