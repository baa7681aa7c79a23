/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B2 (docs/errata.md): watch_sb() with a watch_fd that is not
 * a notification pipe.
 *
 * The posted v17 code (patch 05, sys_watch_sb): the same as B1 in
 * watch_sb(): get_watch_queue()'s error is dropped and the call returns
 * 0 with no watch set.
 * The model by default: -EBADF for a closed fd, -EINVAL for any other.
 * VFSIM_QUIRK_B2 reproduces: the 0.  Neither sets a watch.
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

/* watch_mount has its own erratum (B1): it stays off */
static const struct nt_bad_fd_case b2 = {
	.watch = vfsim_watch_sb, .other = vfsim_watch_mount, .quirk = VFSIM_QUIRK_B2,
	.plain_end = 1,
};

static void b2_case(bool quirk)
{
	int p[2];

	nt_pipe(t, 16, p);
	cr_assert(nt_bad_watch_fd(v, t, &b2, quirk));
	/* no watch, no watch list: a READONLY reaches nobody */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
	nt_poke_sb(t, "/mnt/a");
	cr_assert(nt_records_are(t, p[0], "%s", ""));
}

VT_TEST_AND_QUIRK(errata, b2_watch_sb_bad_watch_fd, "empty", fx_notify_tree, b2_case)
