/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S6 (docs/errata.md): string values and the caller's
 * buffer.
 *
 * The posted v17 code (patch 07, sys_fsinfo()): a string value comes
 * without a NUL and the rest of the caller's buffer is left as it was;
 * only a vstruct value zeroes the tail.  A caller that wants a C string
 * must use the returned length.
 * The model follows the code (ksys_fsinfo(), fsinfo/fsinfo.c); there is
 * no option to change it.
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

VT_TEST(errata, s6_strings_have_no_nul_and_keep_the_tail, "empty", fx_submount)
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
