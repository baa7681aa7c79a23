/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S2 (docs/errata.md): what triggered_on names.
 *
 * The posted v17 code (patch 02): the commit message says triggered_on is
 * the mount the watch is on; the code (and the UAPI comment) make it the
 * mount the event was posted on.
 * The model follows the code, with no quirk: a watch on / (mount 1) hears
 * of a change deep down with triggered_on = that mount.
 *
 * Every test starts from fx_notify_tree (common/fixtures.h): /mnt/a a
 * tmpfs whose root, d and e are inodes 1, 2 and 3, /mnt/b, /f, /lnk.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

VT_TEST(errata, s2_triggered_on_is_the_changed_mount, "empty", fx_notify_tree)
{
	unsigned int a;
	int p[2];

	a = nt_mnt_id(t, "/mnt/a");
	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	nt_touch(t, "/mnt/a");
	cr_assert(nt_records_are(t, p[0],
			         "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n", a));
	cr_assert_neq(a, 1);
}
