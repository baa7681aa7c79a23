/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B5 (docs/errata.md): SETATTR's "now read-only" flag.
 *
 * The posted v17 code (patch 02, set_mount_attributes()): sets
 * NOTIFY_MOUNT_IS_NOW_RO when mnt_flags & SB_RDONLY; SB_RDONLY is 1,
 * which among mount flags is MNT_NOSUID.  So a nosuid remount reports
 * "now read-only" in its SETATTR and a read-only one does not (its
 * READONLY record, from mnt_make_readonly(), is right either way).
 * The model by default: tests MNT_READONLY.
 * VFSIM_QUIRK_B5 reproduces: the test of SB_RDONLY.
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

static void b5_case(bool quirk)
{
	unsigned int a;
	int p[2];

	a = nt_mnt_id(t, "/mnt/a");
	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	vfsim_set_quirks(v, quirk ? VFSIM_QUIRK_B5 : 0);
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_NOSUID, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL,
			  MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID, NULL));
	vfsim_set_quirks(v, 0);
	if (quirk)
		cr_assert(nt_records_are(t, p[0],
				         "mount setattr id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
				         "mount readonly id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
				         "mount setattr id=1 triggered_on=%1$u changed_mount=0\n"
				         "mount setattr id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n", a));
	else
		cr_assert(nt_records_are(t, p[0],
				         "mount setattr id=1 triggered_on=%1$u changed_mount=0\n"
				         "mount readonly id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
				         "mount setattr id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n"
				         "mount setattr id=1 flags=is_now_ro triggered_on=%1$u changed_mount=0\n", a));
}

VT_TEST_AND_QUIRK(errata, b5_setattr_is_now_ro, "empty", fx_notify_tree, b5_case)
