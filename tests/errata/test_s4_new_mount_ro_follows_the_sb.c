/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S4 (docs/errata.md): IS_NOW_RO on a new mount.
 *
 * The posted v17 code (patch 02, new mount): NOTIFY_MOUNT_IS_NOW_RO on
 * NEW_MOUNT follows the superblock's SB_RDONLY, not the new mount's own
 * read-only flag: a read-only bind of a read-write filesystem is reported
 * without it, a read-write bind of a read-only filesystem with it.
 * The model follows the code; there is no quirk.
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

VT_TEST(errata, s4_new_mount_is_now_ro_follows_sb, "empty", fx_notify_tree)
{
	struct vt_mount m;
	int p[2];

	nt_mkdirs(t, "/ro");
	nt_mkdirs(t, "/rw");
	nt_mkdirs(t, "/c");
	nt_pipe(t, 64, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	OK(vfsim_mount(t, NULL, "/mnt/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	OK(vfsim_mount(t, "ro", "/ro", "tmpfs", MS_RDONLY, NULL));
	OK(vfsim_mount(t, "/ro", "/rw", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, NULL, "/rw", NULL, MS_REMOUNT | MS_BIND, NULL));
	OK(nt_discard(t, p[0]));

	OK(vfsim_mount(t, "/mnt/a", "/mnt/b", NULL, MS_BIND, NULL));
	cr_assert_eq(vt_mount_at(t, "/mnt/b", &m), 0);
	cr_assert_eq(m.d.attr & VFSIM_ATTR_RDONLY, VFSIM_ATTR_RDONLY);
	cr_assert_eq(m.d.sb_flags & VFSIM_SB_RDONLY, 0);
	cr_assert(nt_records_are(t, p[0], "mount new_mount id=1 triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(t, "/mnt/b")));

	OK(vfsim_mount(t, "/rw", "/c", NULL, MS_BIND, NULL));
	cr_assert_eq(vt_mount_at(t, "/c", &m), 0);
	cr_assert_eq(m.d.attr & VFSIM_ATTR_RDONLY, 0);
	cr_assert_eq(m.d.sb_flags & VFSIM_SB_RDONLY, VFSIM_SB_RDONLY);
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=is_now_ro triggered_on=1 changed_mount=%u\n",
			         nt_mnt_id(t, "/c")));
}
