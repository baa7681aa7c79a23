/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S3 (docs/errata.md): NOTIFY_MOUNT_IS_RECURSIVE.
 *
 * The posted v17 code (patch 02): defines the flag and sets it nowhere.
 * The model follows it, with no quirk: never set, not for a recursive
 * bind, a recursive propagation change, a recursive (lazy) unmount or a
 * move of a tree.
 *
 * Every test starts from fx_notify_tree (common/fixtures.h): /mnt/a a
 * tmpfs whose root, d and e are inodes 1, 2 and 3, /mnt/b, /f, /lnk.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

VT_TEST(errata, s3_is_recursive_never_set, "empty", fx_notify_tree)
{
	unsigned char buf[4096];
	long len, off;
	int p[2], n = 0;

	nt_mkdirs(t, "/dst");
	nt_mkdirs(t, "/mv");
	nt_pipe(t, 64, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	fx_tmpfs(t, "src", "/src");
	fx_tmpfs(t, "x", "/src/x");
	OK(vfsim_mount(t, "/src", "/dst", NULL, MS_BIND | MS_REC, NULL));
	OK(vfsim_mount(t, NULL, "/dst", NULL, MS_SHARED | MS_REC, NULL));
	OK(vfsim_mount(t, "/dst", "/mv", NULL, MS_MOVE, NULL));
	OK(vfsim_umount2(t, "/mv", MNT_DETACH));
	OK(vfsim_umount2(t, "/src", MNT_DETACH));

	len = nt_drain_raw(t, p[0], sizeof(buf), buf, sizeof(buf));
	cr_assert_gt(len, 0);
	for (off = 0; off < len; n++) {
		struct watch_notification h;

		memcpy(&h, buf + off, sizeof(h));
		cr_assert_eq(h.type, WATCH_TYPE_MOUNT_NOTIFY);
		cr_assert_eq(h.info & NOTIFY_MOUNT_IS_RECURSIVE, 0, "record %d: %#x", n, h.info);
		off += h.info & WATCH_INFO_LENGTH;
	}
	/* new src, x, the rbind; move from, to; unmount x, mv and x, src */
	cr_assert_eq(n, 9, "%d records", n);
}
