/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S5 (docs/errata.md): READONLY on every reconfigure.
 *
 * The posted v17 code (patch 05, reconfigure_super()): posts
 * NOTIFY_SUPERBLOCK_READONLY after every successful reconfigure, even when
 * the read-only state did not change.
 * The model follows the code, with no quirk; IS_NOW_RO only for a switch
 * from read-write to read-only.
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

VT_TEST(errata, s5_sb_readonly_on_every_reconfigure, "empty", fx_notify_tree)
{
	int p[2];

	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_RDONLY, "size=1m"));
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT, NULL));
	cr_assert(nt_records_are(t, p[0],
			         "sb readonly id=1 sb_id=0x%1$llx\n"
			         "sb readonly id=1 flags=is_now_ro sb_id=0x%1$llx\n"
			         "sb readonly id=1 sb_id=0x%1$llx\n"
			         "sb readonly id=1 sb_id=0x%1$llx\n", nt_sb_id(t, "/mnt/a")));
}
