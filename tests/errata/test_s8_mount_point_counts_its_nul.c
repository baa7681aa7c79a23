/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S8 (docs/errata.md): MOUNT_POINT's length.
 *
 * The posted v17 code (patch 10, fsinfo_generic_mount_point()): the length
 * counts the NUL that ends the path (the kernel measures d_path()'s
 * result from its start to the end of the buffer), except for "/"
 * (printed with snprintf), and unlike every other string.
 * The model follows the code (fsinfo/namespace.c); there is no option to
 * change it.
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

VT_TEST(errata, s8_mount_point_counts_its_nul, "empty", fx_submount)
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
