/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Semantics note S10 (docs/errata.md): superblock unique IDs.
 *
 * The posted v17 code (patch 04): a superblock's unique ID comes from the
 * monotonic clock when it is made: IDs increase, and an ID is never
 * reused, but no two boots give the same ones.
 * The model follows the code with the instance's virtual clock
 * (sb_alloc_unique_id(), vfs/super.c), which starts at
 * vfsim_options.sb_id_start or at a value derived from the seed: the IDs
 * increase and are never reused in an instance, and they are the same in
 * every run of the same calls (test_vfs_mount.c's instances_independent
 * compares two instances).
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/*
 *   /           rootfs
 *   |-/a        tmpfs "a"  } unique IDs strictly increasing in the
 *   |-/b        tmpfs "b"  } order the superblocks were made, never
 *   `-/c        tmpfs "c"  } reused after one is gone
 */
VT_TEST(errata, s10_sb_ids_increase_and_are_never_reused, "empty", NULL)
{
	struct vt_mount r, a, b, b2, c, bind;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/c", 0755), 0);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/", &r), 0);
	cr_assert_eq(vt_mount_at(t, "/a", &a), 0);
	cr_assert_eq(vt_mount_at(t, "/b", &b), 0);
	cr_assert_gt(r.d.sb_unique_id, 0);
	cr_assert_gt(a.d.sb_unique_id, r.d.sb_unique_id);
	cr_assert_gt(b.d.sb_unique_id, a.d.sb_unique_id);
	/* a bind shares the superblock and its ID */
	EXPECT(vfsim_mount(t, "/a", "/c", NULL, MS_BIND, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/c", &bind), 0);
	cr_assert_eq(bind.d.sb_unique_id, a.d.sb_unique_id);
	EXPECT(vfsim_umount2(t, "/c", 0), 0);
	/* the superblock of /b goes; a new one gets a larger ID */
	EXPECT(vfsim_umount2(t, "/b", 0), 0);
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/b", &b2), 0);
	cr_assert_gt(b2.d.sb_unique_id, b.d.sb_unique_id);
	/* a failed mount (a superblock made and thrown away) burns an ID at
	 * most: the next is still larger */
	EXPECT(vfsim_mount(t, "c", "/c", "tmpfs", 0, "bogus"), -EINVAL);
	EXPECT(vfsim_mount(t, "c", "/c", "tmpfs", 0, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/c", &c), 0);
	cr_assert_gt(c.d.sb_unique_id, b2.d.sb_unique_id);
}
