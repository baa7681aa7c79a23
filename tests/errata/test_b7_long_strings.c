/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B7 (docs/errata.md; patch 07, fsinfo_string()): strings
 * longer than 4095 bytes.
 *
 * The bug.  A string attribute's buffer is 4096 bytes (the sizing pass's
 * guess) and fsinfo_string() cuts the string to the buffer less one byte,
 * returning the cut length, so the value is silently 4095 bytes long; the
 * resize loop never runs for it.  The cover letter says strings may now be
 * longer than 4K.  MOUNT_POINT does not go through fsinfo_string(): its
 * path is built into the same 4096 bytes and fails with -ENAMETOOLONG.
 *
 * How it shows.  A 10000-character volume name comes back as 4095 bytes,
 * with 4095 returned; a mount whose mount point is more than 4095 bytes
 * below its parent's root cannot be asked where it is.
 *
 * What the model does.  By default fsinfo_string() returns the full length
 * and the resize loop grows the buffer; MOUNT_POINT asks for a bigger
 * buffer on -ENAMETOOLONG.  VFSIM_QUIRK_B7 restores the cut and the error.
 */
#include <errno.h>
#include <fcntl.h>
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

#define LONG_NAME 10000

static char *long_name(void)
{
	char *s = malloc(LONG_NAME + 1);
	size_t i;

	for (i = 0; i < LONG_NAME; i++)
		s[i] = (char)('a' + i % 26);
	s[LONG_NAME] = 0;
	return s;
}

/*
 * /t: fsinfotest with the long volume name; /deep/<17 x 250 chars>/m:
 * a tmpfs whose mount point is 4274 bytes below the root.
 */
static void build(struct vfsim *v, struct vfsim_task *t, char *deep, size_t len)
{
	char comp[251];
	unsigned int i;

	cr_assert_eq(vt_register_testfs(v), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/t", 0755), 0);
	EXPECT(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL), 0);
	memset(comp, 'd', 250);
	comp[250] = 0;
	snprintf(deep, len, "/deep");
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/deep", 0755), 0);
	EXPECT(vfsim_chdir(t, "/deep"), 0);
	for (i = 0; i < 17; i++) {
		EXPECT(vfsim_mkdirat(t, AT_FDCWD, comp, 0755), 0);
		EXPECT(vfsim_chdir(t, comp), 0);
		strncat(deep, "/", len - strlen(deep) - 1);
		strncat(deep, comp, len - strlen(deep) - 1);
	}
	fx_tmpfs(t, "m", "m");
	strncat(deep, "/m", len - strlen(deep) - 1);
}

static long mount_point_here(struct vfsim_task *t, char *buf, size_t len)
{
	/* the cwd is the directory holding "m": query it by a short path */
	return vt_fsinfo(t, "m", FSINFO_ATTR_MOUNT_POINT, 0, 0, buf, len);
}

VT_TEST(errata, b7_long_strings_grow_the_buffer, "empty", NULL)
{
	char *name = long_name(), *buf = malloc(20000), deep[8192];

	vt_testfs.volume_name = name;
	build(v, t, deep, sizeof(deep));
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, 20000), LONG_NAME);
	cr_assert_eq(memcmp(buf, name, LONG_NAME), 0);
	EXPECT(mount_point_here(t, buf, 20000), strlen(deep) + 1);
	cr_assert_str_eq(buf, deep);
	cr_assert_gt(strlen(deep), 4095);
	/* a string of exactly the buffer's size needs no NUL room */
	name[4096] = 0;
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, 20000), 4096);
	free(buf);
	free(name);
}

VT_TEST(errata, b7_quirk_cuts_at_4095, "empty", NULL)
{
	char *name = long_name(), *buf = malloc(20000), deep[8192];

	vfsim_set_quirks(v, VFSIM_QUIRK_B7);
	vt_testfs.volume_name = name;
	build(v, t, deep, sizeof(deep));
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, 20000), 4095);
	cr_assert_eq(memcmp(buf, name, 4095), 0);
	EXPECT(mount_point_here(t, buf, 20000), -ENAMETOOLONG);
	/* short strings are not affected */
	vt_testfs.volume_name = "short";
	EXPECT(vt_fsinfo(t, "/t", FSINFO_ATTR_VOLUME_NAME, 0, 0, buf, 20000), 5);
	free(buf);
	free(name);
}
