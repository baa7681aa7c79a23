/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B3 (docs/errata.md): watch_sb()'s path walk.
 *
 * The posted v17 code (patch 05, sys_watch_sb): the path is looked up
 * with at_flags where the lookup flags belong, so the LOOKUP_DIRECTORY |
 * LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT (| LOOKUP_EMPTY) it computed are never
 * used.  It shows as: a final symlink not followed (the watch lands on
 * the superblock holding the link), a regular file accepted, an empty
 * path -ENOENT even with AT_EMPTY_PATH, an automount point not triggered.
 * The model by default: walks with the computed lookup flags.
 * VFSIM_QUIRK_B3 reproduces: the walk with at_flags.
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

VT_TEST(errata, b3_watch_sb_lookup_flags, "empty", fx_notify_tree)
{
	int p[2], q[2];
	long dfd;

	nt_pipes(t, 16, p, q, NULL);
	OK(vfsim_mkautomount(t, "/mnt/auto", "tmpfs", "auto", NULL));
	dfd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d", O_PATH | O_DIRECTORY, 0);
	OK(dfd);

	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/lnk", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/f", 0, q[0], 2), -ENOTDIR);
	EXPECT(vfsim_watch_sb(t, (int)dfd, "", AT_EMPTY_PATH, p[0], 3), -EBUSY);
	cr_assert_eq(vt_count_mounts(t), 2);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/auto", 0, q[0], 4), 0);
	cr_assert_eq(vt_count_mounts(t), 3, "the automount did not happen");
	nt_poke_sb(t, "/mnt/a");
	nt_poke_sb(t, "/mnt/auto");
	nt_poke_sb(t, "/");
	cr_assert(nt_records_are(t, p[0], "sb readonly id=1 sb_id=0x%llx\n", nt_sb_id(t, "/mnt/a")));
	cr_assert(nt_records_are(t, q[0], "sb readonly id=4 sb_id=0x%llx\n", nt_sb_id(t, "/mnt/auto")));
	OK(vfsim_close(t, (int)dfd));
}

VT_TEST(errata, b3_watch_sb_lookup_flags_quirk, "empty", fx_notify_tree)
{
	int p[2], q[2], r[2];
	long dfd;

	nt_pipes(t, 16, p, q, r, NULL);
	OK(vfsim_mkautomount(t, "/mnt/auto", "tmpfs", "auto", NULL));
	dfd = vfsim_openat(t, AT_FDCWD, "/x", O_CREAT | O_RDWR, 0755);
	OK(dfd);
	OK(vfsim_close(t, (int)dfd));
	dfd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d", O_PATH | O_DIRECTORY, 0);
	OK(dfd);
	vfsim_set_quirks(v, VFSIM_QUIRK_B3);

	/* /lnk itself: the root filesystem's superblock */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/lnk", 0, p[0], 1), 0);
	/* a regular file: no directory check.  The MAY_EXEC check stays, so a
	 * file without x bits is EACCES even for root, an executable one is
	 * taken (the same superblock as /lnk's: EBUSY on p) */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/f", 0, q[0], 2), -EACCES);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/x", 0, p[0], 2), -EBUSY);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/x", 0, q[0], 2), 0);
	/* AT_EMPTY_PATH (0x1000) is no LOOKUP_EMPTY */
	EXPECT(vfsim_watch_sb(t, (int)dfd, "", AT_EMPTY_PATH, r[0], 3), -ENOENT);
	/* no LOOKUP_DIRECTORY/AUTOMOUNT: the point stays untriggered */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/auto", 0, r[0], 4), 0);
	cr_assert_eq(vt_count_mounts(t), 2, "the automount happened");
	vfsim_set_quirks(v, 0);

	nt_poke_sb(t, "/mnt/a");
	nt_poke_sb(t, "/");
	cr_assert(nt_records_are(t, p[0], "sb readonly id=1 sb_id=0x%llx\n", nt_sb_id(t, "/")));
	cr_assert(nt_records_are(t, q[0], "sb readonly id=2 sb_id=0x%llx\n", nt_sb_id(t, "/")));
	cr_assert(nt_records_are(t, r[0], "sb readonly id=4 sb_id=0x%llx\n", nt_sb_id(t, "/")));
	OK(vfsim_close(t, (int)dfd));
	cr_assert_eq(vt_check(v), 0);
}
