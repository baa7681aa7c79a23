/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S9 (docs/errata.md): MOUNT_CHILDREN's last record.
 *
 * The posted v17 code (patch 10, fsinfo_generic_mount_children()): the
 * list ends with one more record, for the queried mount itself, so a
 * caller learns its change counter in the same call.
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

VT_TEST(errata, s9_children_end_with_the_mount_itself, "empty", fx_submount)
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
