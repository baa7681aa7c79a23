/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B9 (docs/errata.md): the REMOVAL record of a mount watch.
 *
 * The posted v17 code (patch 02, explicit removal of a mount watch): the
 * record's id is the watch's key, the kernel address of the watched
 * dentry: an address leak, and different from run to run ("meta removal
 * ... object=0x<heap address>").
 * The model by default: mount watches are keyed by the directory's inode
 * number, which the watcher can stat(); the record carries it (0x2 for
 * /mnt/a/d).
 * VFSIM_QUIRK_B9 reproduces: the key is the dentry's address: still a
 * 16-byte record, the same value for the same directory, but not the
 * inode number.
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

/* The 64-bit object of the one 16-byte REMOVAL record @fd must hold. */
static uint64_t removal_object(int fd)
{
	struct watch_notification_removal r;
	unsigned char buf[64];
	long n = nt_drain_raw(t, fd, sizeof(buf), buf, sizeof(buf));

	cr_assert_eq(n, 16, "want one 16-byte record, got %ld bytes", n);
	memcpy(&r, buf, sizeof(r));
	cr_assert_eq(r.watch.type, WATCH_TYPE_META);
	cr_assert_eq(r.watch.subtype, WATCH_META_REMOVAL_NOTIFICATION);
	cr_assert_eq(r.watch.info & WATCH_INFO_LENGTH, 16);
	return r.id;
}

VT_TEST(errata, b9_removal_id, "empty", fx_notify_tree)
{
	int p[2];

	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(removal_object(p[0]), 2);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	cr_assert_eq(removal_object(p[0]), 1);
}

VT_TEST(errata, b9_removal_id_quirk, "empty", fx_notify_tree)
{
	uint64_t first, again, other;
	int p[2];

	nt_pipe(t, 16, p);
	vfsim_set_quirks(v, VFSIM_QUIRK_B9);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	first = removal_object(p[0]);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	again = removal_object(p[0]);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	other = removal_object(p[0]);
	cr_assert_eq(first, again);
	cr_assert_neq(first, other);
	cr_assert_neq(first, 2, "the quirk gave the inode number");
	cr_assert_neq(other, 1, "the quirk gave the inode number");
	cr_assert_gt(first, 0xffff, "not an address: %#llx", (unsigned long long)first);

	/* the walk posts by the same key: events still arrive */
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], 1), 0);
	nt_mount_and_touch(t, "/mnt/a/d/e");
	cr_assert(nt_records_are(t, p[0], "mount setattr id=1 flags=in_subtree triggered_on=%u "
			         "changed_mount=0\n", nt_mnt_id(t, "/mnt/a/d/e")));
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/mnt/a/d", 0, p[0], -1), 0);
	cr_assert_eq(removal_object(p[0]), first);
	vfsim_set_quirks(v, 0);
}
