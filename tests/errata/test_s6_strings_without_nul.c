/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The semantics notes of the errata list that concern fsinfo(), each
 * followed as posted (the model has no option to change them):
 *
 * S6  String values come without a NUL, and the rest of the caller's
 *     buffer is left as it was; only vstruct values zero the tail.  A
 *     caller that wants a C string must use the returned length.
 * S8  MOUNT_POINT's length counts the NUL that ends the path (the kernel
 *     measures d_path()'s result from its start to the end of the buffer),
 *     except for "/" (printed with snprintf), and unlike every other
 *     string.
 * S9  MOUNT_CHILDREN ends with one more record, for the queried mount
 *     itself, so a caller learns its change counter in the same call.
 *
 *   /            rootfs
 *   `-/m         tmpfs "m"
 *      `-/m/k    tmpfs "k"
 */
#include <errno.h>
#include <fcntl.h>
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
	fx_tmpfs(t, "m", "/m");
	fx_tmpfs(t, "k", "/m/k");
}

VT_TEST(fsinfo_semantics, s6_strings_have_no_nul_and_keep_the_tail, "empty", setup)
{
	unsigned char buf[32];
	size_t i;

	memset(buf, 'X', sizeof(buf));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_DEVNAME, 0, 0, buf, sizeof(buf)), 1);
	cr_assert_eq(buf[0], 'm');
	for (i = 1; i < sizeof(buf); i++)
		cr_assert_eq(buf[i], 'X', "byte %zu", i);
	memset(buf, 'X', sizeof(buf));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_ID, 0, 0, buf, sizeof(buf)), 5);
	cr_assert_eq(memcmp(buf, "tmpfsXXX", 8), 0);
	/* a vstruct clears what it does not fill */
	memset(buf, 'X', sizeof(buf));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_UUID, 0, 0, buf, sizeof(buf)), 16);
	for (i = 0; i < sizeof(buf); i++)
		cr_assert_eq(buf[i], 0, "byte %zu", i);
}

VT_TEST(fsinfo_semantics, s8_mount_point_counts_its_nul, "empty", setup)
{
	char buf[16];
	struct vfsim_task *u;

	memset(buf, 'X', sizeof(buf));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_POINT, 0, 0, buf, sizeof(buf)), 3);
	cr_assert_eq(memcmp(buf, "/m\0X", 4), 0);
	EXPECT(vt_fsinfo(t, "/m/k", FSINFO_ATTR_MOUNT_POINT, 0, 0, buf, sizeof(buf)), 3);
	cr_assert_eq(memcmp(buf, "/k\0", 3), 0);
	/* but "/" (the caller's root mount) does not */
	u = vt_task(v, 0, 1);
	EXPECT(vfsim_chroot(u, "/m"), 0);
	memset(buf, 'X', sizeof(buf));
	EXPECT(vt_fsinfo(u, "/", FSINFO_ATTR_MOUNT_POINT, 0, 0, buf, sizeof(buf)), 1);
	cr_assert_eq(memcmp(buf, "/X", 2), 0);
	vfsim_task_destroy(u);
	/* a buffer one byte short gets the path without its NUL */
	memset(buf, 'X', sizeof(buf));
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_POINT, 0, 0, buf, 2), 3);
	cr_assert_eq(memcmp(buf, "/mX", 3), 0);
}

VT_TEST(fsinfo_semantics, s9_children_end_with_the_mount_itself, "empty", setup)
{
	struct fsinfo_mount_child c[4];
	struct vt_mount m, k;

	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert_eq(vt_mount_at(t, "/m/k", &k), 0);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_CHILDREN, 0, 0, c, sizeof(c)), 16);
	cr_assert_eq(c[0].mnt_id, k.d.mnt_id);
	cr_assert_eq(c[1].mnt_id, m.d.mnt_id);
	cr_assert_eq(c[1].change_counter, m.d.change_counter);
	/* a mount with no children: only itself */
	EXPECT(vt_fsinfo(t, "/m/k", FSINFO_ATTR_MOUNT_CHILDREN, 0, 0, c, sizeof(c)), 8);
	cr_assert_eq(c[0].mnt_id, k.d.mnt_id);
}
