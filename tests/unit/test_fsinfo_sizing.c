/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How much of a value reaches the caller (docs/fsinfo.md):
 * the copy of min(value, buffer) bytes, the zeroed tail for vstructs only
 * (semantics note S6 pins strings on their own), the full size as the
 * return value; and vfs_fsinfo()'s resize loop: buffers rounded up to
 * 4096, -EMSGSIZE past INT_MAX, -ERESTARTSYS when a signal is pending.
 *
 * The tree is fx_fsinfo_tree (common/fixtures.h): tmpfs "m" on /m, with
 * /m/0 ... /m/599 mounted on in some tests, and fsinfotest "t" on /t,
 * whose opaque value the test sizes.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define FILL 0xbd

struct trunc_case {
	const char *what;
	const char *path;
	unsigned int attr;
	bool clears_tail;
};

/*
 * Ask for the value with buffers shorter than, equal to and longer than it
 * (each pre-filled with FILL) and check each against the full value.
 */
static void check_truncation(const struct trunc_case *c)
{
	unsigned char full[256], buf[256];
	long size = vt_fsinfo(t, c->path, c->attr, 0, 0, full, sizeof(full));
	size_t sizes[3], i, j;

	cr_assert_gt(size, 1, "%s: %ld", c->what, size);
	cr_assert_lt(size, 200, "%s", c->what);
	sizes[0] = (size_t)size - 1;
	sizes[1] = (size_t)size;
	sizes[2] = (size_t)size + 40;
	for (i = 0; i < 3; i++) {
		memset(buf, FILL, sizeof(buf));
		EXPECT(vt_fsinfo(t, c->path, c->attr, 0, 0, buf, sizes[i]), size);
		for (j = 0; j < sizeof(buf); j++) {
			int want;

			if (j < (size_t)size && j < sizes[i])
				want = full[j];
			else if (j < sizes[i] && c->clears_tail)
				want = 0;
			else
				want = FILL;
			cr_assert_eq(buf[j], want, "%s, buffer %zu: byte %zu is %#x, want %#x",
				     c->what, sizes[i], j, buf[j], want);
		}
	}
}

VT_TEST(fsinfo_sizing, truncation_and_tail_per_value_type, "empty", fx_fsinfo_tree)
{
	static const struct trunc_case cases[] = {
		{ "vstruct IDS", "/m", FSINFO_ATTR_IDS, true },
		{ "vstruct MOUNT_INFO", "/m", FSINFO_ATTR_MOUNT_INFO, true },
		{ "string VOLUME_ID", "/m", FSINFO_ATTR_VOLUME_ID, false },
		{ "string MOUNT_POINT", "/m", FSINFO_ATTR_MOUNT_POINT, false },
		{ "list MOUNT_CHILDREN", "/", FSINFO_ATTR_MOUNT_CHILDREN, false },
		{ "list ATTRIBUTES", "/m", FSINFO_ATTR_FSINFO_ATTRIBUTES, false },
		{ "opaque", "/t", VT_ATTR_OPAQUE, false },
	};
	size_t i;

	vt_testfs.opaque_size = 100;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_truncation(&cases[i]);
}

VT_TEST(fsinfo_sizing, attribute_info_tail_is_not_cleared, "empty", fx_fsinfo_tree)
{
	unsigned char buf[64];
	struct fsinfo_attribute_info *ai = (void *)buf;
	size_t i;

	memset(buf, FILL, sizeof(buf));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, FSINFO_ATTR_IDS, 0,
			 buf, sizeof(buf)), sizeof(*ai));
	cr_assert_eq(ai->attr_id, FSINFO_ATTR_IDS);
	for (i = sizeof(*ai); i < sizeof(buf); i++)
		cr_assert_eq(buf[i], FILL, "byte %zu", i);
}

VT_TEST(fsinfo_sizing, vstruct_size_only_is_exact, "empty", fx_fsinfo_tree)
{
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_STATFS, 0, 0, NULL, 0), 112);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_IDS, 0, 0, NULL, 0), 48);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_LIMITS, 0, 0, NULL, 0), 96);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_SUPPORTS, 0, 0, NULL, 0), 32);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_TIMESTAMP_INFO, 0, 0, NULL, 0), 96);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_UUID, 0, 0, NULL, 0), 16);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FEATURES, 0, 0, NULL, 0), 12);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_SB_NOTIFICATIONS, 0, 0, NULL, 0), 16);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_INFO, 0, 0, NULL, 0), 40);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0, 0, NULL, 0), 16);
}

VT_TEST(fsinfo_sizing, resize_loop_rounds_to_pages, "empty", fx_fsinfo_tree)
{
	void *buf = malloc(20000);

	/* an opaque value starts with a 4096-byte buffer ... */
	vt_testfs.opaque_size = 4096;
	vt_testfs.calls = 0;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, 20000), 4096);
	cr_assert_eq(vt_testfs.calls, 1);
	cr_assert_eq(vt_testfs.buf_sizes[0], 4096);
	/* ... and one byte more needs a second call with 8192 */
	vt_testfs.opaque_size = 4097;
	vt_testfs.calls = 0;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, 20000), 4097);
	cr_assert_eq(vt_testfs.calls, 2);
	cr_assert_eq(vt_testfs.buf_sizes[1], 8192);
	vt_testfs.opaque_size = 12289;
	vt_testfs.calls = 0;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, 20000), 12289);
	cr_assert_eq(vt_testfs.buf_sizes[1], 16384);
	cr_assert_eq(((unsigned char *)buf)[12288], 0x5a);
	/* an empty value: no buffer is made */
	vt_testfs.opaque_size = 0;
	vt_testfs.calls = 0;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, 20000), 0);
	cr_assert_eq(vt_testfs.calls, 1);
	free(buf);
}

VT_TEST(fsinfo_sizing, emsgsize_past_int_max, "empty", fx_fsinfo_tree)
{
	char buf[16];

	vt_testfs.opaque_size = INT_MAX;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, sizeof(buf)), -EMSGSIZE);
	/* the smallest size refused: one byte past the last page that fits
	 * below INT_MAX rounds up to 2^31 */
	vt_testfs.opaque_size = INT_MAX - 4094;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, sizeof(buf)), -EMSGSIZE);
	/* a getter that returns a negative size is an error, passed on */
	vt_testfs.opaque_size = -EIO;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, sizeof(buf)), -EIO);
}

VT_TEST(fsinfo_sizing, erestartsys_with_a_signal_pending, "empty", fx_fsinfo_tree)
{
	char buf[16];

	/* a value that never fits would loop until -EMSGSIZE; a pending
	 * signal stops it after the first resize */
	vt_testfs.opaque_grow = true;
	vt_testfs.calls = 0;
	vfsim_task_set_signal_pending(t, true);
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, sizeof(buf)), -512 /* -ERESTARTSYS */);
	cr_assert_eq(vt_testfs.calls, 1);
	/* a value that fits the first buffer does not look at signals */
	vt_testfs.opaque_grow = false;
	vt_testfs.opaque_size = 10;
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, sizeof(buf)), 10);
	vfsim_task_set_signal_pending(t, false);
}

VT_TEST(fsinfo_sizing, list_bigger_than_a_page, "empty", fx_fsinfo_tree)
{
	enum { N = 600 };
	struct fsinfo_mount_child *c = malloc((N + 1) * sizeof(*c));
	struct vt_mount m;
	char path[32];
	unsigned int i;
	long size;

	for (i = 0; i < N; i++) {
		snprintf(path, sizeof(path), "/m/%u", i);
		EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), 0);
		EXPECT(vfsim_mount(t, "x", path, "ramfs", 0, NULL), 0);
	}
	size = vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_CHILDREN, 0, 0, c,
			 (N + 1) * sizeof(*c));
	EXPECT(size, (N + 1) * sizeof(*c));
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert_eq(c[N].mnt_id, m.d.mnt_id);
	for (i = 0; i < N; i++) {
		snprintf(path, sizeof(path), "/m/%u", i);
		cr_assert_eq(vfsim_path_mnt_id(t, path), (long)c[i].mnt_id);
	}
	free(c);
}
