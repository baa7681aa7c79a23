// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mount_setattr() (5.12; 6.18's checks): attr_set, attr_clr, the atime
 * enum, propagation, AT_RECURSIVE, the size rules (E2BIG above a page or
 * for non-zero bytes past the struct, EINVAL below MOUNT_ATTR_SIZE_VER0),
 * MOUNT_ATTR_IDMAP refused (no user namespaces in the model), the root of
 * a detached tree; and the records each changed mount posts, as
 * MS_REMOUNT|MS_BIND posts them (READONLY when the read-only state flips,
 * then SETATTR).
 *
 *   /            rootfs
 *   `-/a         tmpfs "a"
 *     `-/a/x     tmpfs "x"
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void tree(struct vfsim *vm)
{
	struct vfsim_task *it = vfsim_init_task(vm);

	fx_tmpfs(it, "a", "/a");
	fx_tmpfs(it, "x", "/a/x");
	fx_dirs(it, "/a/d", NULL);
}

static long setattr(const char *path, unsigned int flags, uint64_t set, uint64_t clr,
		    uint64_t prop)
{
	struct mount_attr a = { .attr_set = set, .attr_clr = clr, .propagation = prop };

	return vfsim_mount_setattr(t, AT_FDCWD, path, flags, &a, sizeof(a));
}

VT_TEST(mount_setattr, refusals, "empty", tree)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	struct mount_attr a = { .attr_set = MOUNT_ATTR_RDONLY };
	char big[4200];
	long fd;

	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0x1, &a, sizeof(a)), -EINVAL);
	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, &a, 4097), -E2BIG);
	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, &a, 31), -EINVAL);
	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, &a, 0), -EINVAL);
	EXPECT(vfsim_mount_setattr(u, AT_FDCWD, "/a", 0, &a, sizeof(a)), -EPERM);
	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, (void *)8, sizeof(a)), -EFAULT);
	/* a bigger struct: what we do not know must be zero */
	memset(big, 0, sizeof(big));
	memcpy(big, &a, sizeof(a));
	OK(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, (void *)big, 40));
	big[39] = 1;
	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, (void *)big, 40), -E2BIG);
	/* a nop is not even looked up */
	EXPECT(setattr("/nonexist", 0, 0, 0, 0), 0);
	EXPECT(setattr("/nonexist", 0, MOUNT_ATTR_RDONLY, 0, 0), -ENOENT);
	/* bad attributes */
	EXPECT(setattr("/a", 0, 0x40, 0, 0), -EINVAL);
	EXPECT(setattr("/a", 0, MOUNT_ATTR_NOATIME, 0, 0), -EINVAL);
	EXPECT(setattr("/a", 0, 0, MOUNT_ATTR_NOATIME, 0), -EINVAL);
	EXPECT(setattr("/a", 0, 0x30, MOUNT_ATTR__ATIME, 0), -EINVAL);
	EXPECT(setattr("/a", 0, 0, 1ULL << 40, 0), -EINVAL);
	/* bad propagation */
	EXPECT(setattr("/a", 0, 0, 0, MS_SHARED | MS_SLAVE), -EINVAL);
	EXPECT(setattr("/a", 0, 0, 0, MS_RDONLY), -EINVAL);
	/* idmapping: clearing one, a huge fd, no fd, not a userns fd */
	EXPECT(setattr("/a", 0, 0, MOUNT_ATTR_IDMAP, 0), -EINVAL);
	a.attr_set = MOUNT_ATTR_IDMAP;
	a.userns_fd = 1ULL << 32;
	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, &a, sizeof(a)), -EINVAL);
	a.userns_fd = 100;
	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, &a, sizeof(a)), -EBADF);
	fd = vfsim_openat(t, AT_FDCWD, "/", O_RDONLY, 0);
	a.userns_fd = (uint64_t)fd;
	EXPECT(vfsim_mount_setattr(t, AT_FDCWD, "/a", 0, &a, sizeof(a)), -EINVAL);
	OK(vfsim_close(t, (int)fd));
	/* not a mount's root */
	EXPECT(setattr("/a/d", 0, MOUNT_ATTR_RDONLY, 0, 0), -EINVAL);
	EXPECT(setattr("/a/d", 0, 0, 0, MS_SHARED), -EINVAL);
	vfsim_task_destroy(u);
	cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR,
			     "/ rootfs rootfs rw\n/a tmpfs a ro\n/a/x tmpfs x rw\n"));
}

VT_TEST(mount_setattr, attributes_and_atime, "empty", tree)
{
	OK(setattr("/a", 0, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC |
		   MOUNT_ATTR_NODIRATIME, 0, 0));
	cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR,
			     "/ rootfs rootfs rw\n/a tmpfs a rw,nosuid,nodev,noexec,nodiratime\n"
			     "/a/x tmpfs x rw\n"));
	OK(setattr("/a", 0, MOUNT_ATTR_NOATIME, MOUNT_ATTR__ATIME | MOUNT_ATTR_NOSUID, 0));
	OK(setattr("/a/x", 0, MOUNT_ATTR_STRICTATIME, MOUNT_ATTR__ATIME, 0));
	cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR,
			     "/ rootfs rootfs rw\n/a tmpfs a rw,nodev,noexec,noatime,nodiratime\n"
			     "/a/x tmpfs x rw,strictatime\n"));
	OK(setattr("/a", 0, MOUNT_ATTR_RELATIME, MOUNT_ATTR__ATIME | MOUNT_ATTR_NODEV |
		   MOUNT_ATTR_NOEXEC | MOUNT_ATTR_NODIRATIME, 0));
	OK(setattr("/a", 0, MOUNT_ATTR_NOSYMFOLLOW, 0, 0));
	cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR,
			     "/ rootfs rootfs rw\n/a tmpfs a rw\n/a/x tmpfs x rw,strictatime\n"));
	OK(vfsim_symlinkat(t, "/a/d", AT_FDCWD, "/a/l"));
	EXPECT(vfsim_chdir(t, "/a/l"), -ELOOP);
	OK(setattr("/a", 0, 0, MOUNT_ATTR_NOSYMFOLLOW, 0));
	OK(vfsim_chdir(t, "/a/l"));
}

/* AT_RECURSIVE: the whole tree below, attributes and propagation. */
VT_TEST(mount_setattr, recursive, "empty", tree)
{
	OK(setattr("/a", AT_RECURSIVE, MOUNT_ATTR_RDONLY, 0, MS_SHARED));
	cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR | VT_PROP,
			     "/ rootfs rootfs rw private\n/a tmpfs a ro shared:1\n"
			     "/a/x tmpfs x ro shared:2\n"));
	OK(setattr("/a", AT_RECURSIVE | AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT, 0,
		   MOUNT_ATTR_RDONLY, MS_SLAVE));
	cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR | VT_PROP,
			     "/ rootfs rootfs rw private\n/a tmpfs a rw private\n"
			     "/a/x tmpfs x rw private\n"));
	OK(setattr("/a", 0, 0, 0, MS_UNBINDABLE));
	OK(setattr("/a", 0, 0, 0, MS_PRIVATE));
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n/a tmpfs a private\n/a/x tmpfs x private\n"));
}

/* By fd with AT_EMPTY_PATH, on the root of a detached tree only. */
VT_TEST(mount_setattr, detached, "empty", tree)
{
	struct mount_attr a = { .attr_set = MOUNT_ATTR_RDONLY };
	long fd = vfsim_open_tree(t, AT_FDCWD, "/a", OPEN_TREE_CLONE | AT_RECURSIVE);
	long in;

	OK(fd);
	EXPECT(vfsim_mount_setattr(t, (int)fd, "", 0, &a, sizeof(a)), -ENOENT);
	OK(vfsim_mount_setattr(t, (int)fd, "", AT_EMPTY_PATH | AT_RECURSIVE, &a, sizeof(a)));
	in = vfsim_openat(t, (int)fd, "x", O_PATH, 0);
	EXPECT(vfsim_mount_setattr(t, (int)in, "", AT_EMPTY_PATH, &a, sizeof(a)), -EINVAL);
	/* and with a propagation change, whose group IDs are then undone */
	a.propagation = MS_SHARED;
	EXPECT(vfsim_mount_setattr(t, (int)in, "", AT_EMPTY_PATH, &a, sizeof(a)), -EINVAL);
	a.propagation = 0;
	fx_dirs(t, "/n", NULL);
	OK(vfsim_move_mount(t, (int)fd, "", AT_FDCWD, "/n", MOVE_MOUNT_F_EMPTY_PATH));
	cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR,
			     "/ rootfs rootfs rw\n/a tmpfs a rw\n/a/x tmpfs x rw\n"
			     "/n tmpfs a ro\n/n/x tmpfs x ro\n"));
	OK(vfsim_close(t, (int)in));
	OK(vfsim_close(t, (int)fd));
}

/*
 * The records: a watch on / (ID 1) hears READONLY and SETATTR of each
 * mount the change reaches, in walk order; a propagation change alone
 * posts nothing.
 */
VT_TEST(mount_setattr, notifications, "empty", tree)
{
	unsigned int a = (unsigned int)vfsim_path_mnt_id(t, "/a");
	unsigned int x = (unsigned int)vfsim_path_mnt_id(t, "/a/x");
	int p[2];

	nt_pipe(t, 32, p);
	OK(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1));
	OK(setattr("/a", AT_RECURSIVE, MOUNT_ATTR_RDONLY, 0, 0));
	cr_assert(nt_records_are(t, p[0],
				 "mount readonly id=1 flags=in_subtree,is_now_ro triggered_on=%u changed_mount=0\n"
				 "mount setattr id=1 flags=in_subtree,is_now_ro triggered_on=%u changed_mount=0\n"
				 "mount readonly id=1 flags=in_subtree,is_now_ro triggered_on=%u changed_mount=0\n"
				 "mount setattr id=1 flags=in_subtree,is_now_ro triggered_on=%u changed_mount=0\n",
				 a, a, x, x));
	OK(setattr("/a", 0, MOUNT_ATTR_NOEXEC, MOUNT_ATTR_RDONLY, 0));
	cr_assert(nt_records_are(t, p[0],
				 "mount readonly id=1 flags=in_subtree triggered_on=%u changed_mount=0\n"
				 "mount setattr id=1 flags=in_subtree triggered_on=%u changed_mount=0\n", a, a));
	OK(setattr("/a", AT_RECURSIVE, 0, 0, MS_SHARED));
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	OK(vfsim_close(t, p[0]));
	OK(vfsim_close(t, p[1]));
}
