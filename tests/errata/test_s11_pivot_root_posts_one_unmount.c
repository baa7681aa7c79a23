/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S11 (docs/errata.md): what v17 posts for pivot_root(2).
 *
 * Patch 02 adds no notify_mount() call to pivot_root(); it posts through
 * the helpers pivot_root() calls.  umount_mnt() posts
 * NOTIFY_MOUNT_UNMOUNT, so detaching new_root from its parent posts an
 * UNMOUNT on that parent with new_root as changed_mount, although the
 * mount is not unmounted but moved to the root's place; the two
 * attach_mnt() calls (the old root onto put_old, new_root onto the root's
 * parent) post nothing, and no MOVE_FROM/MOVE_TO pair is posted as for a
 * move.  Only the parent's change counter moves.  The model follows the
 * code; there is no quirk.  (6.15's fanotify, a separate mechanism,
 * reports both mounts as moved: test_vfs_pivot_root.c.)
 *
 *   /               rootfs
 *   `-/host         tmpfs "host": the init task's root and cwd
 *      `-/host/new  tmpfs "new", with /host/new/old
 */
#include <errno.h>
#include <fcntl.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void host(struct vfsim *vv)
{
	struct vfsim_task *it = vfsim_init_task(vv);

	fx_tmpfs(it, "host", "/host");
	OK(vfsim_chroot(it, "/host"));
	OK(vfsim_chdir(it, "/"));
	fx_tmpfs(it, "new", "/new");
	OK(vfsim_mkdirat(it, AT_FDCWD, "/new/old", 0755));
}

VT_TEST(errata, s11_pivot_root_posts_one_unmount, "empty", host)
{
	unsigned int host_id = nt_mnt_id(t, "/"), new_id = nt_mnt_id(t, "/new");
	uint64_t c_host = nt_counter(t, host_id), c_new = nt_counter(t, new_id);
	uint64_t c_rootfs = nt_counter(t, 1);
	int p[2], q[2];

	nt_pipe(t, 16, p);
	nt_pipe(t, 16, q);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_mount(t, AT_FDCWD, "/new", 0, q[0], 2), 0);
	OK(vfsim_pivot_root(t, "/new", "/new/old"));
	cr_assert(nt_records_are(t, p[0],
				 "mount unmount id=1 triggered_on=%u changed_mount=%u\n",
				 host_id, new_id));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
	cr_assert_eq(nt_counter(t, host_id), c_host + 1);
	cr_assert_eq(nt_counter(t, new_id), c_new);
	cr_assert_eq(nt_counter(t, 1), c_rootfs);
	/* both watches stay on their mounts, which are where they moved:
	 * a mount made below the new root is posted to the new root's */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/x", 0755));
	OK(vfsim_mount(t, "x", "/x", "tmpfs", 0, NULL));
	cr_assert(nt_records_are(t, q[0],
				 "mount new_mount id=2 triggered_on=%u changed_mount=%u\n",
				 new_id, nt_mnt_id(t, "/x")));
	cr_assert(nt_records_are(t, p[0], "%s", ""));
}
