/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B1 (docs/errata.md): watch_mount() with a watch_fd that is
 * not a notification pipe.
 *
 * The posted v17 code (patch 02, sys_watch_mount): get_watch_queue()
 * fails, but ret still holds 0 from inode_permission(), so the call
 * returns 0 and sets no watch: the caller believes it is watching and
 * never hears anything.
 * The model by default: -EBADF for a closed fd, -EINVAL for an fd that is
 * not a notification pipe (watch_queue_fd_error(), vfs/mount_notify.c).
 * VFSIM_QUIRK_B1 reproduces: the 0.  Neither sets a watch.
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

/* watch_sb has its own erratum (B2): it stays off */
static const struct nt_bad_fd_case b1 = {
	.watch = vfsim_watch_mount, .other = vfsim_watch_sb, .quirk = VFSIM_QUIRK_B1,
	.plain_end = 0,
};

static void b1_case(bool quirk)
{
	int p[2];

	nt_pipe(t, 16, p);
	cr_assert(nt_bad_watch_fd(v, t, &b1, quirk));
	/* no watch, no watch list */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
}

VT_TEST_AND_QUIRK(errata, b1_watch_mount_bad_watch_fd, "empty", fx_notify_tree, b1_case)
