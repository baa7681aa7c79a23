// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Inodes made and used:
 *   - a directory with S_ISGID hands its group to what is made in it, and
 *     the bit to new directories (inode_init_owner()); without it the
 *     maker's group is used;
 *   - a name longer than NAME_MAX is ENAMETOOLONG (mkdir, symlink, open
 *     with O_CREAT), 255 bytes is fine; a trailing slash on a name that
 *     is created as a non-directory (symlink) is ENOENT, as
 *     filename_create() says; O_CREAT of a directory is EISDIR;
 *   - read(2) and write(2) on a regular file of the model, which has no
 *     data operations, are EINVAL; on an fd opened for the other
 *     direction EBADF;
 *   - AFS refuses symlinks, and files in its dynamic root (EACCES).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"

static struct vfsim *v;
static struct vfsim_task *init;

static void setup(void)
{
	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "default"), 0);
	init = vfsim_init_task(v);
}

static void teardown(void)
{
	cr_expect_eq(vfsim_warn_count(v), 0);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

TestSuite(vfs_inodes, .init = setup, .fini = teardown);

Test(vfs_inodes, setgid_directories)
{
	struct vfsim_task *member;

	OK(vfsim_task_create(v, 7, 50, &member));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/tmp/g", 0755));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/tmp/plain", 0755));
	OK(vfsim_chown(init, "/tmp/g", 0, 50));
	OK(vfsim_chown(init, "/tmp/plain", 0, 50));
	OK(vfsim_chmod(init, "/tmp/g", 02775));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/tmp/g/sub", 0755));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/tmp/plain/sub", 0755));
	/* Group-writable now: only the group that owns it may write. */
	OK(vfsim_chmod(init, "/tmp/g/sub", 0770));
	OK(vfsim_chmod(init, "/tmp/plain/sub", 0770));
	OK(vfsim_mkdirat(member, AT_FDCWD, "/tmp/g/sub/mine", 0755));
	EXPECT(vfsim_mkdirat(member, AT_FDCWD, "/tmp/plain/sub/mine", 0755), -EACCES);
	vfsim_task_destroy(member);
}

Test(vfs_inodes, name_lengths_and_slashes)
{
	char path[300] = "/tmp/";

	memset(path + 5, 'n', 255);
	path[260] = '\0';
	OK(vfsim_mkdirat(init, AT_FDCWD, path, 0755));
	path[260] = 'n';
	path[261] = '\0';
	EXPECT(vfsim_mkdirat(init, AT_FDCWD, path, 0755), -ENAMETOOLONG);
	EXPECT(vfsim_symlinkat(init, "x", AT_FDCWD, path), -ENAMETOOLONG);
	EXPECT(vfsim_openat(init, AT_FDCWD, path, O_RDONLY | O_CREAT, 0644), -ENAMETOOLONG);
	EXPECT(vfsim_symlinkat(init, "x", AT_FDCWD, "/tmp/l/"), -ENOENT);
	OK(vfsim_mkdirat(init, AT_FDCWD, "/tmp/d/", 0755));
	/* O_CREAT of what is a directory already. */
	EXPECT(vfsim_openat(init, AT_FDCWD, "/tmp/d", O_RDONLY | O_CREAT, 0644), -EISDIR);
}

Test(vfs_inodes, file_data_operations)
{
	char buf[4] = "abc";
	long rd, rw;

	rw = vfsim_openat(init, AT_FDCWD, "/tmp/f", O_RDWR | O_CREAT, 0644);
	OK(rw);
	EXPECT(vfsim_read(init, (int)rw, buf, sizeof(buf)), -EINVAL);
	EXPECT(vfsim_write(init, (int)rw, buf, sizeof(buf)), -EINVAL);
	rd = vfsim_openat(init, AT_FDCWD, "/tmp/f", O_RDONLY, 0);
	OK(rd);
	EXPECT(vfsim_write(init, (int)rd, buf, sizeof(buf)), -EBADF);
	OK(vfsim_close(init, (int)rd));
	rd = vfsim_openat(init, AT_FDCWD, "/tmp/f", O_WRONLY, 0);
	OK(rd);
	EXPECT(vfsim_read(init, (int)rd, buf, sizeof(buf)), -EBADF);
	OK(vfsim_close(init, (int)rd));
	OK(vfsim_close(init, (int)rw));
}

Test(vfs_inodes, afs_has_no_symlinks)
{
	EXPECT(vfsim_symlinkat(init, "x", AT_FDCWD, "/afs/grand.central.org/doc/l"), -EACCES);
	/* Nor files in its dynamic root, which has no create operation. */
	EXPECT(vfsim_openat(init, AT_FDCWD, "/afs/x", O_RDONLY | O_CREAT, 0644), -EACCES);
}
