/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * fsinfo() of a mount given by its ID (FSINFO_FLAGS_QUERY_MOUNT, patch 09,
 * docs/fsinfo.md): the ID string's syntax, what may be looked at (a
 * mount whose root connects to the caller's root, or to dfd's directory),
 * and that the mount's root is what is queried, so that covered mounts
 * can be seen.  IDs above INT_MAX are erratum B11 (its own suite).
 *
 *   /                    rootfs (1)
 *   |-/a                 tmpfs "a" (2)
 *   |  `-/a/in           tmpfs "in" (4)
 *   |-/b                 tmpfs "b" (3), then covered by tmpfs "b2" (5)
 *   `-/c                 a directory (chroot target in some tests)
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	fx_dirs(t, "/a", "/b", "/c", NULL);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL), 0);
	fx_tmpfs(t, "in", "/a/in");
	EXPECT(vfsim_mount(t, "b2", "/b", "tmpfs", 0, NULL), 0);
}

/* MOUNT_INFO of the mount named @id as task @tk with @dfd: its mnt_id or -errno. */
static long id_of(struct vfsim_task *tk, int dfd, const char *id)
{
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = FSINFO_ATTR_MOUNT_INFO,
		.at_flags = 0xffffffff,	/* ignored for this kind of query */
	};
	struct fsinfo_mount_info mi;
	long ret = vfsim_fsinfo(tk, dfd, id, &p, &mi, sizeof(mi));

	return ret < 0 ? ret : (long)mi.mnt_id;
}

VT_TEST(fsinfo_mount_id, id_syntax, "empty", setup)
{
	EXPECT(id_of(t, AT_FDCWD, "2"), 2);
	EXPECT(id_of(t, AT_FDCWD, "0x3"), 3);
	EXPECT(id_of(t, AT_FDCWD, "0X3"), 3);
	EXPECT(id_of(t, AT_FDCWD, "04"), 4);
	EXPECT(id_of(t, AT_FDCWD, "+2"), 2);
	EXPECT(id_of(t, AT_FDCWD, "2\n"), 2);
	/* 31 characters is the most the kernel copies in */
	EXPECT(id_of(t, AT_FDCWD, "0000000000000000000000000000002"), 2);
	EXPECT(id_of(t, AT_FDCWD, "00000000000000000000000000000002"), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, ""), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, " 2"), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, "-2"), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, "2x"), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, "2\n\n"), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, "08"), -EINVAL);	/* octal */
	EXPECT(id_of(t, AT_FDCWD, "0x"), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, "0xg"), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, "/a"), -EINVAL);
	/* beyond 64 bits */
	EXPECT(id_of(t, AT_FDCWD, "18446744073709551616"), -ERANGE);
	EXPECT(id_of(t, AT_FDCWD, NULL), -EINVAL);
	EXPECT(id_of(t, AT_FDCWD, (const char *)8), -EFAULT);
}

VT_TEST(fsinfo_mount_id, missing_or_gone_is_eperm, "empty", setup)
{
	/* 0 is never a mount ID in the model; 6 is not in use */
	EXPECT(id_of(t, AT_FDCWD, "0"), -EPERM);
	EXPECT(id_of(t, AT_FDCWD, "6"), -EPERM);
	EXPECT(id_of(t, AT_FDCWD, "2147483647"), -EPERM);
	/* unmounted: the ID is free again */
	EXPECT(vfsim_umount2(t, "/a/in", 0), 0);
	EXPECT(id_of(t, AT_FDCWD, "4"), -EPERM);
}

VT_TEST(fsinfo_mount_id, lazily_unmounted_but_pinned_is_eperm, "empty", setup)
{
	long fd = vfsim_openat(t, AT_FDCWD, "/a/in", O_RDONLY | O_DIRECTORY, 0);

	cr_assert_geq(fd, 0);
	EXPECT(vfsim_umount2(t, "/a/in", MNT_DETACH), 0);
	/* the mount lives on (the fd pins it) but is out of the tree */
	EXPECT(id_of(t, AT_FDCWD, "4"), -EPERM);
	EXPECT(vfsim_close(t, (int)fd), 0);
}

VT_TEST(fsinfo_mount_id, covered_mount_is_reachable_by_id, "empty", setup)
{
	struct vt_mount m;

	/* the path finds the top of the stack ... */
	cr_assert_eq(vt_mount_at(t, "/b", &m), 0);
	cr_assert_eq(m.d.mnt_id, 5);
	/* ... the ID finds the one below, through its root dentry */
	EXPECT(id_of(t, AT_FDCWD, "3"), 3);
	{
		char dev[64];

		EXPECT(vt_fsinfo_mnt(t, 3, FSINFO_ATTR_MOUNT_DEVNAME, dev, sizeof(dev)), 1);
		cr_assert_eq(dev[0], 'b');
	}
}

VT_TEST(fsinfo_mount_id, only_below_the_callers_root, "empty", setup)
{
	struct vfsim_task *u = vt_task(v, 0, 1);

	EXPECT(vfsim_chroot(u, "/a"), 0);
	/* the root of the chroot and what is below it */
	EXPECT(id_of(u, AT_FDCWD, "2"), 2);
	EXPECT(id_of(u, AT_FDCWD, "4"), 4);
	/* siblings and the parent are outside */
	EXPECT(id_of(u, AT_FDCWD, "1"), -EPERM);
	EXPECT(id_of(u, AT_FDCWD, "3"), -EPERM);
	EXPECT(id_of(u, AT_FDCWD, "5"), -EPERM);
	/* the init task still sees everything */
	EXPECT(id_of(t, AT_FDCWD, "5"), 5);
	vfsim_task_destroy(u);
}

VT_TEST(fsinfo_mount_id, chroot_into_a_plain_directory, "empty", setup)
{
	struct vfsim_task *u = vt_task(v, 0, 1);

	/* /c is a directory of the root mount: mount 1's root is above it */
	EXPECT(vfsim_chroot(u, "/c"), 0);
	EXPECT(id_of(u, AT_FDCWD, "1"), -EPERM);
	EXPECT(id_of(u, AT_FDCWD, "2"), -EPERM);
	fx_tmpfs(t, "m", "/c/m");
	EXPECT(id_of(u, AT_FDCWD, "6"), 6);
	vfsim_task_destroy(u);
}

VT_TEST(fsinfo_mount_id, anchored_at_dfd, "empty", setup)
{
	long fa = vfsim_openat(t, AT_FDCWD, "/a", O_PATH, 0);
	long fin = vfsim_openat(t, AT_FDCWD, "/a/in", O_PATH, 0);

	cr_assert_geq(fa, 0);
	cr_assert_geq(fin, 0);
	EXPECT(id_of(t, (int)fa, "2"), 2);
	EXPECT(id_of(t, (int)fa, "4"), 4);
	EXPECT(id_of(t, (int)fa, "1"), -EPERM);
	EXPECT(id_of(t, (int)fa, "3"), -EPERM);
	EXPECT(id_of(t, (int)fin, "2"), -EPERM);
	EXPECT(id_of(t, 777, "2"), -EBADF);
	EXPECT(id_of(t, -1, "2"), -EBADF);
	EXPECT(vfsim_close(t, (int)fa), 0);
	EXPECT(vfsim_close(t, (int)fin), 0);
}

VT_TEST(fsinfo_mount_id, mount_root_is_what_is_queried, "empty", setup)
{
	char mp[64];

	/* the root of mount 4 is /a/in: its mount point is "/in" in mount 2 */
	EXPECT(vt_fsinfo_mnt(t, 4, FSINFO_ATTR_MOUNT_POINT, mp, sizeof(mp)), 4);
	cr_assert_str_eq(mp, "/in");
}
