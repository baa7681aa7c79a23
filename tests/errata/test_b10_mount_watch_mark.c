/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B10 (docs/errata.md): DCACHE_MOUNT_WATCH after the last watch.
 *
 * The posted v17 code (patch 02): every watch_mount() sets
 * DCACHE_MOUNT_WATCH on the dentry and nothing clears it, so the mark
 * outlives the last watch on the directory: every walk through it then
 * looks for watches there in vain (no wrong records: posting still
 * matches watch IDs), and the mark is never cleaned up.
 * The model by default: a per-dentry count of mount watches; the last one
 * going clears the mark, and the invariant checker insists on it.
 * VFSIM_QUIRK_B10 reproduces: the mark stays (the checker tolerates it
 * while the quirk is on; switching the quirk off lets it see the stale
 * mark).
 *
 * Every test starts from fx_notify_tree (common/fixtures.h): /mnt/a a
 * tmpfs whose root, d and e are inodes 1, 2 and 3, /mnt/b, /f, /lnk.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

VT_TEST(errata, b10_mark_cleared, "empty", fx_notify_tree)
{
	int p[2], q[2];

	nt_pipes(t, 16, p, q, NULL);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, q[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	/* q's watch goes with q's pipe */
	OK(vfsim_close(t, q[0]));
	OK(vfsim_close(t, q[1]));
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 3), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	OK(nt_discard(t, p[0]));
}

VT_TEST(errata, b10_mark_cleared_quirk, "empty", fx_notify_tree)
{
	char why[256] = "";
	int p[2];

	nt_pipe(t, 16, p);
	vfsim_set_quirks(v, VFSIM_QUIRK_B10);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	/* the stale mark: no watch matches it, nothing is posted */
	nt_mount_and_touch(t, "/mnt/a/d/e");
	cr_assert(nt_records_are(t, p[0], "meta removal id=1 object=0x2\n"));

	vfsim_set_quirks(v, 0);
	cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), -EUCLEAN);
	cr_assert_not_null(strstr(why, "DCACHE_MOUNT_WATCH with no watch"), "%s", why);
	vfsim_set_quirks(v, VFSIM_QUIRK_B10);
	/* a new watch on the marked directory counts as usual */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 2), 0);
	cr_assert_eq(vt_check(v), 0);
	vfsim_set_quirks(v, 0);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(vt_check(v), 0);
	OK(nt_discard(t, p[0]));
}
