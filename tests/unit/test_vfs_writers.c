// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Writers of a mount (vfs/mnt_write.c): a file open for writing keeps its
 * mount, and its superblock, writable:
 *   - mnt_make_readonly() (MS_BIND|MS_REMOUNT|MS_RDONLY) is EBUSY while a
 *     file is open for writing through that mount, fine through another
 *     mount of the superblock or once the file is closed;
 *   - sb_prepare_remount_readonly() (MS_REMOUNT|MS_RDONLY) is EBUSY while
 *     a file is open for writing through any mount of the superblock;
 *   - mount_setattr(MOUNT_ATTR_RDONLY, AT_RECURSIVE) is all or nothing:
 *     a writer anywhere in the tree leaves every mount as it was;
 *   - a file open read-only, or a failed attempt, holds nothing back, and
 *     a refused change leaves no MNT_WRITE_HOLD (new writers still come);
 *   - the mount's writer count is back to zero after every write path
 *     (mkdir, create, symlink, chmod, chown, truncate), which a read-only
 *     remount after them shows.
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

static struct vfsim *v;
static struct vfsim_task *t;

/* /m tmpfs, bound again at /b; /m/s a submount */
static void tree(struct vfsim *vm)
{
	struct vfsim_task *it = vfsim_init_task(vm);

	fx_dirs(it, "/m", "/b", NULL);
	OK(vfsim_mount(it, "t", "/m", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(it, AT_FDCWD, "/m/s", 0755));
	OK(vfsim_mount(it, "/m", "/b", NULL, MS_BIND, NULL));
	OK(vfsim_mount(it, "s", "/m/s", "tmpfs", 0, NULL));
}

static long setattr_ro(const char *path, unsigned int flags, bool ro)
{
	struct mount_attr a;

	memset(&a, 0, sizeof(a));
	if (ro)
		a.attr_set = MOUNT_ATTR_RDONLY;
	else
		a.attr_clr = MOUNT_ATTR_RDONLY;
	return vfsim_mount_setattr(t, AT_FDCWD, path, flags, &a, sizeof(a));
}

static int open_w(const char *path)
{
	long fd = vfsim_openat(t, AT_FDCWD, path, O_CREAT | O_WRONLY, 0644);

	cr_assert_geq(fd, 0, "%s: %ld", path, fd);
	return (int)fd;
}

VT_TEST(writers, bind_remount_ro, "empty", tree)
{
	int fd = open_w("/m/f"), rd;

	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL), -EBUSY);
	/* the hold is gone: a new writer comes in */
	OK(vfsim_close(t, open_w("/m/g")));
	/* another mount of the superblock has no writers */
	OK(vfsim_mount(t, NULL, "/b", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/b/f", O_WRONLY, 0), -EROFS);
	OK(vfsim_close(t, fd));
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL));
	/* read-only opens are no writers */
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_BIND | MS_REMOUNT, NULL));
	rd = (int)vfsim_openat(t, AT_FDCWD, "/m/f", O_RDONLY, 0);
	cr_assert_geq(rd, 0);
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL));
	OK(vfsim_close(t, rd));
}

VT_TEST(writers, sb_remount_ro, "empty", tree)
{
	int fd = open_w("/b/f");

	/* a writer through /b keeps the superblock of /m writable */
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT | MS_RDONLY, NULL), -EBUSY);
	OK(vfsim_write(t, fd, "x", 1));
	OK(vfsim_close(t, fd));
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/b/f", O_WRONLY, 0), -EROFS);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/b/d", 0755), -EROFS);
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, NULL));
	OK(vfsim_close(t, open_w("/b/f")));
}

VT_TEST(writers, setattr_recursive_all_or_nothing, "empty", tree)
{
	int fd = open_w("/m/s/f");
	char buf[4096];

	EXPECT(setattr_ro("/m", AT_RECURSIVE, true), -EBUSY);
	/* neither /m nor /m/s changed, and both take writers */
	OK(vfsim_close(t, open_w("/m/g")));
	OK(vfsim_close(t, open_w("/m/s/g")));
	/* /m alone has no writer */
	OK(setattr_ro("/m", 0, true));
	EXPECT(setattr_ro("/m/s", 0, true), -EBUSY);
	OK(vfsim_close(t, fd));
	OK(setattr_ro("/m", AT_RECURSIVE, true));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/s/f", O_WRONLY, 0), -EROFS);
	OK(vfsim_mountinfo(t, buf, sizeof(buf)));
	cr_expect_not_null(strstr(buf, "/m/s ro,"));
	OK(setattr_ro("/m", AT_RECURSIVE, false));
	OK(vfsim_close(t, open_w("/m/s/f")));
}

/* Every path that takes write access gives it back. */
VT_TEST(writers, transient_writers_dropped, "empty", tree)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755), -EEXIST);
	OK(vfsim_symlinkat(t, "d", AT_FDCWD, "/m/l"));
	OK(vfsim_close(t, open_w("/m/f")));
	OK(vfsim_chmod(t, "/m/f", 0600));
	OK(vfsim_chown(t, "/m/f", 1, 1));
	OK(vfsim_truncate(t, "/m/f", 10));
	EXPECT(vfsim_truncate(t, "/m/d", 10), -EISDIR);
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL));
	EXPECT(vfsim_chmod(t, "/m/f", 0644), -EROFS);
	EXPECT(vfsim_chown(t, "/m/f", 2, 2), -EROFS);
	EXPECT(vfsim_truncate(t, "/m/f", 0), -EROFS);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755), -EEXIST);	/* EEXIST first */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/e", 0755), -EROFS);
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_BIND | MS_REMOUNT, NULL));
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT | MS_RDONLY, NULL));
}
