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
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

VT_TEST(vfs_inodes, setgid_directories, "default", NULL)
{
	struct vfsim_task *member = vt_task(v, 7, 50);

	OK(vfsim_mkdirat(t, AT_FDCWD, "/tmp/g", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/tmp/plain", 0755));
	OK(vfsim_chown(t, "/tmp/g", 0, 50));
	OK(vfsim_chown(t, "/tmp/plain", 0, 50));
	OK(vfsim_chmod(t, "/tmp/g", 02775));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/tmp/g/sub", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/tmp/plain/sub", 0755));
	/* Group-writable now: only the group that owns it may write. */
	OK(vfsim_chmod(t, "/tmp/g/sub", 0770));
	OK(vfsim_chmod(t, "/tmp/plain/sub", 0770));
	OK(vfsim_mkdirat(member, AT_FDCWD, "/tmp/g/sub/mine", 0755));
	EXPECT(vfsim_mkdirat(member, AT_FDCWD, "/tmp/plain/sub/mine", 0755), -EACCES);
	vfsim_task_destroy(member);
}

VT_TEST(vfs_inodes, name_lengths_and_slashes, "default", NULL)
{
	char path[300] = "/tmp/";

	memset(path + 5, 'n', 255);
	path[260] = '\0';
	OK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
	path[260] = 'n';
	path[261] = '\0';
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), -ENAMETOOLONG);
	EXPECT(vfsim_symlinkat(t, "x", AT_FDCWD, path), -ENAMETOOLONG);
	EXPECT(vfsim_openat(t, AT_FDCWD, path, O_RDONLY | O_CREAT, 0644), -ENAMETOOLONG);
	EXPECT(vfsim_symlinkat(t, "x", AT_FDCWD, "/tmp/l/"), -ENOENT);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/tmp/d/", 0755));
	/* O_CREAT of what is a directory already. */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/tmp/d", O_RDONLY | O_CREAT, 0644), -EISDIR);
}

VT_TEST(vfs_inodes, file_data_operations, "default", NULL)
{
	char buf[4] = "abc";
	long rd, rw;

	rw = vfsim_openat(t, AT_FDCWD, "/tmp/f", O_RDWR | O_CREAT, 0644);
	OK(rw);
	/* a new file is empty; what is written reads back (test_vfs_file_data.c) */
	EXPECT(vfsim_read(t, (int)rw, buf, sizeof(buf)), 0);
	EXPECT(vfsim_write(t, (int)rw, buf, sizeof(buf)), 4);
	rd = vfsim_openat(t, AT_FDCWD, "/tmp/f", O_RDONLY, 0);
	OK(rd);
	EXPECT(vfsim_write(t, (int)rd, buf, sizeof(buf)), -EBADF);
	OK(vfsim_close(t, (int)rd));
	rd = vfsim_openat(t, AT_FDCWD, "/tmp/f", O_WRONLY, 0);
	OK(rd);
	EXPECT(vfsim_read(t, (int)rd, buf, sizeof(buf)), -EBADF);
	OK(vfsim_close(t, (int)rd));
	OK(vfsim_close(t, (int)rw));
}

VT_TEST(vfs_inodes, afs_has_no_symlinks, "default", NULL)
{
	EXPECT(vfsim_symlinkat(t, "x", AT_FDCWD, "/afs/grand.central.org/doc/l"), -EACCES);
	/* Nor files in its dynamic root, which has no create operation. */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/afs/x", O_RDONLY | O_CREAT, 0644), -EACCES);
}
