// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * open_tree(): an O_PATH fd on a path, or (OPEN_TREE_CLONE) on a detached
 * copy of its mount, with AT_RECURSIVE the mounts below it too; the copy
 * is freed on the last close unless move_mount() attached it.  And
 * fsinfo() on a detached mount, as v17 answers: MOUNT_INFO names the
 * mount its own parent (it cannot be reached from the caller's root),
 * MOUNT_POINT has no data, a query by its ID is EPERM.
 *
 *   /            rootfs
 *   |-/a         tmpfs "a"
 *   | `-/a/x     tmpfs "x"
 *   |   `-/a/x/y tmpfs "y"
 *   `-/n         (directory)
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void tree(struct vfsim *vm)
{
	struct vfsim_task *it = vfsim_init_task(vm);

	fx_tmpfs(it, "a", "/a");
	fx_tmpfs(it, "x", "/a/x");
	fx_tmpfs(it, "y", "/a/x/y");
	fx_dirs(it, "/n", "/a/d", NULL);
	OK(vfsim_symlinkat(it, "/a", AT_FDCWD, "/la"));
}

#define THE_TREE "/ rootfs rootfs\n/a tmpfs a\n/a/x tmpfs x\n/a/x/y tmpfs y\n"

VT_TEST(open_tree, refusals, "empty", tree)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	long fd;

	EXPECT(vfsim_open_tree(t, AT_FDCWD, "/a", 0x10000000), -EINVAL);
	EXPECT(vfsim_open_tree(t, AT_FDCWD, "/a", AT_RECURSIVE), -EINVAL);
	EXPECT(vfsim_open_tree(u, AT_FDCWD, "/a", OPEN_TREE_CLONE), -EPERM);
	EXPECT(vfsim_open_tree(t, AT_FDCWD, "/nonexist", OPEN_TREE_CLONE), -ENOENT);
	EXPECT(vfsim_open_tree(t, AT_FDCWD, "", OPEN_TREE_CLONE), -ENOENT);
	EXPECT(vfsim_open_tree(t, 100, "a", OPEN_TREE_CLONE), -EBADF);
	/* without OPEN_TREE_CLONE anyone may have an O_PATH fd */
	fd = vfsim_open_tree(u, AT_FDCWD, "/a", OPEN_TREE_CLOEXEC);
	OK(fd);
	OK(vfsim_close(u, (int)fd));
	/* an unbindable mount is not cloned */
	OK(vfsim_mount(t, "none", "/a/x/y", NULL, MS_UNBINDABLE, NULL));
	EXPECT(vfsim_open_tree(t, AT_FDCWD, "/a/x/y", OPEN_TREE_CLONE), -EINVAL);
	/* nor a detached tree's mount (5.8; 6.15 allows it) */
	fd = vfsim_open_tree(t, AT_FDCWD, "/a/x", OPEN_TREE_CLONE);
	OK(fd);
	EXPECT(vfsim_open_tree(t, (int)fd, "", OPEN_TREE_CLONE | AT_EMPTY_PATH), -EINVAL);
	OK(vfsim_close(t, (int)fd));
	vfsim_task_destroy(u);
	cr_assert(vt_tree_is(t, VT_NOID, THE_TREE));
}

/* A plain open_tree() fd is an O_PATH fd: a move by it is a plain move. */
VT_TEST(open_tree, path_fd, "empty", tree)
{
	long fd = vfsim_open_tree(t, AT_FDCWD, "/la", AT_SYMLINK_NOFOLLOW);
	char c;

	OK(fd);
	EXPECT(vfsim_read(t, (int)fd, &c, 1), -EBADF);
	OK(vfsim_close(t, (int)fd));
	fd = vfsim_open_tree(t, AT_FDCWD, "/la", AT_NO_AUTOMOUNT);
	OK(vfsim_move_mount(t, (int)fd, "", AT_FDCWD, "/n", MOVE_MOUNT_F_EMPTY_PATH));
	OK(vfsim_close(t, (int)fd));
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n/n tmpfs a\n/n/x tmpfs x\n/n/x/y tmpfs y\n"));
}

/* A clone of one mount, attached elsewhere; the original stays. */
VT_TEST(open_tree, clone_one, "empty", tree)
{
	long fd = vfsim_open_tree(t, AT_FDCWD, "/a/x", OPEN_TREE_CLONE);

	OK(fd);
	cr_assert(vt_tree_is(t, VT_NOID, THE_TREE));
	OK(vfsim_move_mount(t, (int)fd, "", AT_FDCWD, "/n", MOVE_MOUNT_F_EMPTY_PATH));
	OK(vfsim_close(t, (int)fd));
	cr_assert(vt_tree_is(t, VT_NOID, THE_TREE "/n tmpfs x\n"));
}

/* AT_RECURSIVE clones the mounts below; a subdirectory clone has its root
 * there; the clone of a shared mount is a peer. */
VT_TEST(open_tree, clone_recursive, "empty", tree)
{
	long fd;

	OK(vfsim_mount(t, "none", "/a", NULL, MS_SHARED, NULL));
	fd = vfsim_open_tree(t, AT_FDCWD, "/a", OPEN_TREE_CLONE | AT_RECURSIVE |
			     OPEN_TREE_CLOEXEC);
	OK(vfsim_move_mount(t, (int)fd, "", AT_FDCWD, "/n", MOVE_MOUNT_F_EMPTY_PATH));
	OK(vfsim_close(t, (int)fd));
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n/a tmpfs a shared:1\n"
			     "/a/x tmpfs x private\n/a/x/y tmpfs y private\n"
			     "/n tmpfs a shared:1\n/n/x tmpfs x private\n"
			     "/n/x/y tmpfs y private\n"));
	OK(vfsim_umount2(t, "/n", MNT_DETACH));
	fd = vfsim_open_tree(t, AT_FDCWD, "/a/d", OPEN_TREE_CLONE);
	OK(vfsim_move_mount(t, (int)fd, "", AT_FDCWD, "/n", MOVE_MOUNT_F_EMPTY_PATH));
	OK(vfsim_close(t, (int)fd));
	cr_assert(vt_tree_is(t, VT_NOID, THE_TREE "/n tmpfs a[/d]\n"));
}

/* The last close of a detached copy frees it, mounts and all; a detached
 * tree's mounts cannot be unmounted or moved from the namespace. */
VT_TEST(open_tree, freed_on_close, "empty", tree)
{
	long fd = vfsim_open_tree(t, AT_FDCWD, "/a", OPEN_TREE_CLONE | AT_RECURSIVE);
	long in;

	OK(fd);
	/* an fd on a mount inside the detached tree */
	in = vfsim_openat(t, (int)fd, "x", O_PATH, 0);
	OK(in);
	cr_assert_eq(vt_check(v), 0, "invariants with a detached tree");
	EXPECT(vfsim_move_mount(t, (int)in, "", AT_FDCWD, "/n", MOVE_MOUNT_F_EMPTY_PATH),
	       -EINVAL);
	OK(vfsim_close(t, (int)fd));
	cr_assert_eq(vt_check(v), 0, "invariants with a dissolved tree held");
	/* the tree is dissolved; the fd inside keeps its mount alive */
	EXPECT(vfsim_move_mount(t, (int)in, "", AT_FDCWD, "/n", MOVE_MOUNT_F_EMPTY_PATH),
	       -EINVAL);
	OK(vfsim_close(t, (int)in));
	cr_assert(vt_tree_is(t, VT_NOID, THE_TREE));
}

/* A detached tree moved onto a mount inside another detached tree: the
 * mountpoint must be in the caller's namespace. */
VT_TEST(open_tree, not_into_detached, "empty", tree)
{
	long a = vfsim_open_tree(t, AT_FDCWD, "/a", OPEN_TREE_CLONE);
	long b = vfsim_open_tree(t, AT_FDCWD, "/a/x", OPEN_TREE_CLONE);

	EXPECT(vfsim_move_mount(t, (int)b, "", (int)a, "d", MOVE_MOUNT_F_EMPTY_PATH), -EINVAL);
	OK(vfsim_close(t, (int)a));
	OK(vfsim_close(t, (int)b));
}

/* fsinfo() on a detached mount's fd, as v17 answers it. */
VT_TEST(open_tree, fsinfo_detached, "empty", tree)
{
	struct fsinfo_params params = {
		.at_flags = AT_EMPTY_PATH,
		.flags = FSINFO_FLAGS_QUERY_PATH,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};
	struct fsinfo_mount_info info;
	char buf[256];
	long fd = vfsim_open_tree(t, AT_FDCWD, "/a/x", OPEN_TREE_CLONE | AT_RECURSIVE);
	long m;

	OK(fd);
	m = vfsim_fsinfo(t, (int)fd, "", &params, &info, sizeof(info));
	EXPECT(m, sizeof(info));
	cr_assert_eq(info.parent_id, info.mnt_id, "detached: its own parent");
	cr_assert_neq(info.mnt_id, (unsigned int)vfsim_path_mnt_id(t, "/a/x"));
	params.request = FSINFO_ATTR_MOUNT_POINT;
	EXPECT(vfsim_fsinfo(t, (int)fd, "", &params, buf, sizeof(buf)), -ENODATA);
	params.request = FSINFO_ATTR_MOUNT_DEVNAME;
	EXPECT(vfsim_fsinfo(t, (int)fd, "", &params, buf, sizeof(buf)), 1);
	cr_assert_eq(buf[0], 'x');
	/* by ID: not reachable from the caller's root */
	snprintf(buf, sizeof(buf), "%u", info.mnt_id);
	params.flags = FSINFO_FLAGS_QUERY_MOUNT;
	params.at_flags = 0;
	params.request = FSINFO_ATTR_MOUNT_INFO;
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, buf, &params, &info, sizeof(info)), -EPERM);
	OK(vfsim_close(t, (int)fd));
}
