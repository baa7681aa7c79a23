/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B4 (docs/errata.md): removing a watch from an object that
 * never had one.
 *
 * The posted v17 code (patches 02 and 05, watch_id -1): when the mount
 * (mnt_watchers) or the superblock (s_watchers) never had a watch,
 * remove_watch_from_object() is called on a NULL list and takes its
 * lock: a NULL pointer dereference, a kernel oops.
 * The model by default: -EBADSLT.  An object that once had a watch has a
 * (possibly empty) list: plain -EBADSLT either way.
 * VFSIM_QUIRK_B4 reproduces the oops as the model does for a crash: the
 * instance's oops hook is called with the function and the reason, and
 * the call fails with -EFAULT; the process and the model go on
 * (invariants hold, later calls work).
 *
 * Every test starts from fx_notify_tree (common/fixtures.h): /mnt/a a
 * tmpfs whose root, d and e are inodes 1, 2 and 3, /mnt/b, /f, /lnk.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void b4_case(bool quirk)
{
	struct vt_oops_log log = { 0 };
	long want = quirk ? -EFAULT : -EBADSLT;
	int p[2];

	nt_pipe(t, 16, p);
	vfsim_set_oops_hook(v, vt_oops_hook, &log);
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B4 : 0);

	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), want);
	cr_assert_eq(log.calls, quirk ? 1 : 0);
	if (quirk) {
		cr_assert_str_eq(log.function, "remove_watch_from_object");
		cr_assert_not_null(strstr(log.reason, "NULL pointer dereference"), "%s", log.reason);
	}
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), want);
	cr_assert_eq(log.calls, quirk ? 2 : 0);
	cr_assert_eq(vt_check(v), 0);

	/* once watched, the lists exist: EBADSLT with or without the quirk */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), -EBADSLT);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), -EBADSLT);
	cr_assert_eq(log.calls, quirk ? 2 : 0);
	cr_assert(nt_records_are(t, p[0],
			         "meta removal id=1 object=0x2\n"
			         "meta removal id=2 object=0x%llx\n", nt_sb_id(t, "/mnt/a")));

	/* without a hook the oops goes to stderr; still -EFAULT */
	vfsim_set_oops_hook(v, NULL, NULL);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], -1), want);
	vfsim_set_quirks(v, 0);
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST_AND_QUIRK(errata, b4_removal_never_watched, "empty", fx_notify_tree, b4_case)
