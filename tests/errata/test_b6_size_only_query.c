/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B6 (docs/errata.md; patch 07, vfs_fsinfo()): the size-only
 * query.
 *
 * The bug.  fsinfo(dfd, path, params, NULL, 0) is documented to return
 * "the data size", but v17 answers it from the sizing pass, which never
 * calls a string, list or opaque getter and guesses 4096 for all of them.
 * For FSINFO_ATTR_FSINFO_ATTRIBUTES the sizing pass counts every table's
 * entries, so an attribute in both the filesystem's and the common table
 * is counted twice; and FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO answers 16 even
 * for an attribute that does not exist.
 *
 * How it shows.  Size-only of VOLUME_ID ("tmpfs") gives 4096, not 5; of
 * MOUNT_CHILDREN 4096 whatever the number of children (so a caller that
 * sizes its buffer this way truncates a longer list); of ATTRIBUTES on
 * tmpfs 64 where the list is 60 bytes (FEATURES counted twice).
 *
 * What the model does.  By default it measures: a size-only query of a
 * string, list, opaque or meta attribute runs the fetch pass and returns
 * the value's real size (a vstruct's size is exact from its table entry
 * and is answered without fetching).  VFSIM_QUIRK_B6 restores v17's
 * answers.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void build(struct vfsim *v)
{
	unsigned int i;
	char path[16];

	cr_assert_eq(vt_register_testfs(v), 0);
	fx_tmpfs(t, "m", "/m");
	for (i = 0; i < 700; i++) {
		snprintf(path, sizeof(path), "/m/%u", i);
		EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), 0);
		EXPECT(vfsim_mount(t, "x", path, "ramfs", 0, NULL), 0);
	}
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/t", 0755), 0);
	vt_testfs.opaque_size = 10000;
	EXPECT(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL), 0);
}

VT_TEST(errata, b6_size_only_is_the_real_size, "empty", build)
{
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_ID, 0, 0, NULL, 0), 5);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_POINT, 0, 0, NULL, 0), 3);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_CHILDREN, 0, 0, NULL, 0), 701 * 8);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, NULL, 0), 15 * 4);
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, NULL, 0), 10000);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x05, 0, NULL, 0), 16);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x07, 0, NULL, 0),
	       -ENODATA);
	/* vstructs as before */
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_INFO, 0, 0, NULL, 0), 40);
	/* errors a fetch finds are errors of the size-only query too */
	EXPECT(vt_fsinfo(t, "/", FSINFO_ATTR_MOUNT_POINT, 0, 0, NULL, 0), -ENODATA);
}

VT_TEST(errata, b6_quirk_answers_from_the_sizing_pass, "empty", build)
{
	vfsim_set_quirks(v, VFSIM_QUIRK_B6);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_VOLUME_ID, 0, 0, NULL, 0), 4096);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_POINT, 0, 0, NULL, 0), 4096);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_CHILDREN, 0, 0, NULL, 0), 4096);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, NULL, 0), 16 * 4);
	EXPECT(vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, NULL, 0), 4096);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO, 0x07, 0, NULL, 0), 16);
	EXPECT(vt_fsinfo(t, "/", FSINFO_ATTR_MOUNT_POINT, 0, 0, NULL, 0), 4096);
	EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_INFO, 0, 0, NULL, 0), 40);
	/* a real fetch is the same either way */
	{
		static struct fsinfo_mount_child c[702];

		EXPECT(vt_fsinfo(t, "/m", FSINFO_ATTR_MOUNT_CHILDREN, 0, 0, c, sizeof(c)),
		       701 * 8);
	}
}
