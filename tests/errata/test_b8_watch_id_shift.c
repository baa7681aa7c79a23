/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B8 (docs/errata.md): where a record carries the watch ID.
 *
 * The posted v17 code (patches 02 and 05): watch->info_id = watch_id <<
 * 24, while WATCH_INFO_ID is bits 8-15: records carry the ID in bits
 * 24-31 of info, where (info & WATCH_INFO_ID) >> 8 reads 0 (the sample's
 * "i=02000010").  And since post_watch_notification() clears only
 * WATCH_INFO_ID before inserting each watch's info_id into the one record
 * it reuses, along a walk the high byte collects the IDs of all the
 * watches posted to so far (1, then 1|2 = 3 below).
 * The model by default: shifts by WATCH_INFO_ID__SHIFT (8).
 * VFSIM_QUIRK_B8 reproduces: the shift by 24, with the same accumulation
 * (fixed when the watch is made).  test_notify_events.c checks the bits
 * one by one.
 *
 * Every test starts from fx_notify_tree (common/fixtures.h): /mnt/a a
 * tmpfs whose root, d and e are inodes 1, 2 and 3, /mnt/b, /f, /lnk.
 */
#include <errno.h>
#include <fcntl.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void b8_case(bool quirk)
{
	unsigned int a, x;
	int p[2];

	a = nt_mnt_id(t, "/mnt/a");
	nt_pipe(t, 16, p);
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B8 : 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 5), 0);
	OK(vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
	x = nt_mnt_id(t, "/mnt/a/d");
	OK(vfsim_sb_edquot(t, "/mnt/a"));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	if (quirk)
		cr_assert(nt_records_are(t, p[0],
				         "mount new_mount id=0 info=0x01000010 triggered_on=%1$u changed_mount=%2$u\n"
				         "mount new_mount id=0 flags=in_subtree info=0x03010010 triggered_on=%1$u changed_mount=%2$u\n"
				         "sb edquot id=0 info=0x05000010 sb_id=0x%3$llx\n"
				         "meta removal id=0 info=0x01000010 object=0x1\n",
				         a, x, nt_sb_id(t, "/mnt/a")));
	else
		cr_assert(nt_records_are(t, p[0],
				         "mount new_mount id=1 triggered_on=%1$u changed_mount=%2$u\n"
				         "mount new_mount id=2 flags=in_subtree triggered_on=%1$u changed_mount=%2$u\n"
				         "sb edquot id=5 sb_id=0x%3$llx\n"
				         "meta removal id=1 object=0x1\n",
				         a, x, nt_sb_id(t, "/mnt/a")));
	/* quirks change while no mount watch is in place */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	vfsim_set_quirks(v, 0);
	OK(nt_discard(t, p[0]));
}

VT_TEST_AND_QUIRK(errata, b8_watch_id_shift, "empty", fx_notify_tree, b8_case)
