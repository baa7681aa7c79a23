/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B11 (docs/errata.md; patch 09, vfs_fsinfo_mount()): mount IDs
 * above INT_MAX.
 *
 * The bug.  The ID string is parsed with kstrtoul() into a long; an ID
 * above INT_MAX jumps to the exit with ret still 0 from the parse, so the
 * call "succeeds" with size 0 and copies nothing.  And because the
 * variable is a long, an ID above LONG_MAX wraps negative, passes the
 * INT_MAX test, and is truncated to an int: 0x8000000000000002 is mount 2.
 *
 * How it shows.  fsinfo(AT_FDCWD, "2147483648", {QUERY_MOUNT, MOUNT_INFO},
 * buf, 40) returns 0 with buf untouched; "0x8000000000000002" answers for
 * mount 2.
 *
 * What the model does.  By default any ID above INT_MAX (as an unsigned
 * number) is -EINVAL, the answer every other malformed ID gets (-ENOENT
 * would reveal less than EPERM does for IDs that are merely unused, and
 * such an ID is not a question about any mount).  VFSIM_QUIRK_B11 restores
 * both v17 behaviours.
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

static long by_id(struct vfsim_task *t, const char *id, struct fsinfo_mount_info *mi)
{
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};

	memset(mi, 0xbd, sizeof(*mi));
	return vfsim_fsinfo(t, AT_FDCWD, id, &p, mi, sizeof(*mi));
}

/* tmpfs "a" on /a: mount 2 */
static void build(struct vfsim *v)
{
	fx_tmpfs(vfsim_init_task(v), "a", "/a");
}

VT_TEST(errata, b11_large_ids_are_einval, "empty", build)
{
	struct fsinfo_mount_info mi;

	EXPECT(by_id(t, "2147483647", &mi), -EPERM);
	EXPECT(by_id(t, "2147483648", &mi), -EINVAL);
	EXPECT(by_id(t, "0xffffffff", &mi), -EINVAL);
	EXPECT(by_id(t, "0x8000000000000002", &mi), -EINVAL);
	EXPECT(by_id(t, "0xffffffffffffffff", &mi), -EINVAL);
	EXPECT(by_id(t, "2", &mi), sizeof(mi));
	cr_assert_eq(mi.mnt_id, 2);
}

VT_TEST(errata, b11_quirk_returns_zero_and_wraps, "empty", build)
{
	struct fsinfo_mount_info mi;
	unsigned char *b = (unsigned char *)&mi;

	vfsim_set_quirks(v, VFSIM_QUIRK_B11);
	EXPECT(by_id(t, "2147483648", &mi), 0);
	cr_assert_eq(b[0], 0xbd);
	cr_assert_eq(b[sizeof(mi) - 1], 0xbd);	/* not even the tail is cleared */
	EXPECT(by_id(t, "0xffffffff", &mi), 0);
	/* above LONG_MAX: negative, then cut to an int */
	EXPECT(by_id(t, "0x8000000000000002", &mi), sizeof(mi));
	cr_assert_eq(mi.mnt_id, 2);
	EXPECT(by_id(t, "0xffffffffffffffff", &mi), -EPERM);
}
