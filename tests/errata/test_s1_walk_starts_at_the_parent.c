/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S1 (docs/errata.md): where the mount walk starts.
 *
 * The posted v17 code (patch 02, post_mount_notification()): the walk
 * starts at the root of the mount the event is posted on, which for a new
 * mount, an unmount or a move is the parent.  The cover letter promises
 * every event in the subtree; the code gives a watch on a directory that
 * is not a mount root nothing about mounts made or removed directly below
 * it.
 * The model follows the code; there is no quirk.  (test_notify_walk.c
 * has the full tree.)
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

VT_TEST(errata, s1_plain_directory_misses_direct_mounts, "empty", fx_notify_tree)
{
	int p[2];

	nt_mkdirs(t, "/mnt/a/d/x");
	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	OK(vfsim_mount(t, "x", "/mnt/a/d/x", "tmpfs", 0, NULL));
	EXPECT(vfsim_umount2(t, "/mnt/a/d/x", 0), 0);
	OK(vfsim_mount(t, "x", "/mnt/a/d/x", "tmpfs", 0, NULL));
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	fx_tmpfs(t, "y", "/mnt/a/d/x/y");
	cr_assert(nt_records_are(t, p[0],
			         "mount new_mount id=1 flags=in_subtree triggered_on=%u changed_mount=%u\n",
			         nt_mnt_id(t, "/mnt/a/d/x"), nt_mnt_id(t, "/mnt/a/d/x/y")));
}
