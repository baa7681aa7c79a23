// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Directories and names (vfs/unlink.c, rename.c, link.c, readlink.c,
 * readdir.c, utimes.c, access.c; the dentry lifetimes of vfs/dcache.c):
 *   - getdents64: ".", "..", newest first, d_off the next position, the
 *     record layout, resumption across calls and lseek, EINVAL for a
 *     buffer too small, ENOTDIR, EBADF, ENOENT in a removed directory;
 *   - unlink/rmdir: every errno of may_delete() and the callers (ENOENT,
 *     EISDIR, ENOTDIR, ENOTEMPTY, EINVAL, EBUSY, EROFS, EACCES, EPERM for
 *     the sticky bit), an open file outliving its name, tmpfs's inode
 *     accounting given back, the parent pinned by a removed child;
 *   - rename/renameat2: the flags, the traps, EXDEV, EBUSY, over files and
 *     directories, link counts, whiteouts; ramfs's EINVAL for EXCHANGE;
 *   - link, readlink, utimensat, faccessat2: their errnos;
 *   - a mountpoint in another namespace (a detached clone) removed, and
 *     the clone's mount detached;
 *   - fault sweeps: every allocation and user copy of each call, the tree
 *     of names and the mounts unchanged by a failure, no leak.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE	(1 << 0)
#define RENAME_EXCHANGE		(1 << 1)
#define RENAME_WHITEOUT		(1 << 2)
#endif
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE		1
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE		0x8000
#endif

static struct vfsim *v;
static struct vfsim_task *t;

static void build_t(struct vfsim *vm)
{
	struct vfsim_task *it = vfsim_init_task(vm);

	OK(vfsim_mkdirat(it, AT_FDCWD, "/t", 0755));
	OK(vfsim_mount(it, "t", "/t", "tmpfs", 0, NULL));
}

static void mkfile(const char *path)
{
	long fd = vfsim_openat(t, AT_FDCWD, path, O_CREAT | O_WRONLY, 0644);

	OK(fd);
	OK(vfsim_close(t, (int)fd));
}

static struct statx st(const char *path)
{
	struct statx sx;

	memset(&sx, 0, sizeof(sx));
	OK(vfsim_statx(t, AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &sx));
	return sx;
}

/* The names getdents64 gives for @fd in calls of @bufsize, space-joined,
 * into @out; the records' d_off checked to be the next position. */
static long list_fd(int fd, long n, size_t bufsize, char *out, size_t outlen)
{
	char buf[4096];
	long ret;

	out[0] = 0;
	cr_assert_leq(bufsize, sizeof(buf));
	while ((ret = vfsim_getdents64(t, fd, buf, bufsize)) > 0) {
		long off = 0;

		while (off < ret) {
			int64_t d_off;
			unsigned short reclen;

			memcpy(&d_off, buf + off + 8, 8);
			memcpy(&reclen, buf + off + 16, 2);
			cr_assert_eq(reclen % 8, 0);
			cr_assert_eq(d_off, ++n, "d_off %lld at record %ld", (long long)d_off, n);
			if (out[0])
				strncat(out, " ", outlen - strlen(out) - 1);
			strncat(out, buf + off + 19, outlen - strlen(out) - 1);
			off += reclen;
		}
		cr_assert_eq(off, ret);
	}
	return ret;
}

static char *ls(const char *path)
{
	static char out[1024];
	long fd = vfsim_openat(t, AT_FDCWD, path, O_RDONLY | O_DIRECTORY, 0);

	OK(fd);
	OK(list_fd((int)fd, 0, 4096, out, sizeof(out)));
	OK(vfsim_close(t, (int)fd));
	return out;
}

/* ---- getdents64 ------------------------------------------------------------ */

VT_TEST(dirs, getdents_order_and_layout, "empty", build_t)
{
	char buf[256];
	uint64_t ino;
	unsigned char type;
	long fd, ret;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/a", 0755));
	mkfile("/t/b");
	OK(vfsim_symlinkat(t, "b", AT_FDCWD, "/t/c"));
	cr_assert_str_eq(ls("/t"), ". .. c b a");

	fd = vfsim_openat(t, AT_FDCWD, "/t/a", O_RDONLY | O_DIRECTORY, 0);
	OK(fd);
	ret = vfsim_getdents64(t, (int)fd, buf, sizeof(buf));
	cr_assert_eq(ret, 48);	/* two records of 24 bytes */
	memcpy(&ino, buf, 8);
	cr_assert_eq(ino, st("/t/a").stx_ino);
	memcpy(&ino, buf + 24, 8);
	cr_assert_eq(ino, st("/t").stx_ino, "\"..\" is the parent");
	type = (unsigned char)buf[18];
	cr_assert_eq(type, DT_DIR);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, sizeof(buf)), 0);
	/* a position set back starts again */
	EXPECT(vfsim_lseek(t, (int)fd, 0, SEEK_SET), 0);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, 10), -EINVAL);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, 24), 24);
	EXPECT(vfsim_lseek(t, (int)fd, 0, SEEK_CUR), 1);
	EXPECT(vfsim_lseek(t, (int)fd, -1, SEEK_CUR), 0);
	EXPECT(vfsim_lseek(t, (int)fd, -1, SEEK_SET), -EINVAL);
	EXPECT(vfsim_lseek(t, (int)fd, 0, SEEK_END), -EINVAL);
	OK(vfsim_close(t, (int)fd));

	/* the types */
	fd = vfsim_openat(t, AT_FDCWD, "/t", O_RDONLY | O_DIRECTORY, 0);
	ret = vfsim_getdents64(t, (int)fd, buf, sizeof(buf));
	cr_assert_eq(ret, 24 + 24 + 24 + 24 + 24);
	cr_assert_eq(buf[48 + 18], DT_LNK);
	cr_assert_eq(buf[72 + 18], DT_REG);
	cr_assert_eq(buf[96 + 18], DT_DIR);
	OK(vfsim_close(t, (int)fd));
}

VT_TEST(dirs, getdents_resumes_after_changes, "empty", build_t)
{
	char names[512];
	char buf[64];
	long fd;

	mkfile("/t/a");
	mkfile("/t/b");
	mkfile("/t/c");
	mkfile("/t/d");
	fd = vfsim_openat(t, AT_FDCWD, "/t", O_RDONLY | O_DIRECTORY, 0);
	OK(fd);
	/* ".", "..", "d" fit in 72 bytes; 64 takes two */
	EXPECT(vfsim_getdents64(t, (int)fd, buf, 64), 48);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, 24), 24);	/* "d" */
	/* the cursor stands after "d": "c" removed and "e" made before it
	 * do not disturb what comes */
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/c", 0));
	mkfile("/t/e");
	OK(list_fd((int)fd, 3, 24, names, sizeof(names)));
	cr_assert_str_eq(names, "b a");
	OK(vfsim_close(t, (int)fd));
	cr_assert_str_eq(ls("/t"), ". .. e d b a");

	/* lseek to a position: the cursor after that many entries */
	fd = vfsim_openat(t, AT_FDCWD, "/t", O_RDONLY | O_DIRECTORY, 0);
	EXPECT(vfsim_lseek(t, (int)fd, 4, SEEK_SET), 4);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, 24), 24);
	cr_assert_str_eq(buf + 19, "b");
	EXPECT(vfsim_lseek(t, (int)fd, 100, SEEK_SET), 100);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, sizeof(buf)), 0);
	EXPECT(vfsim_lseek(t, (int)fd, 2, SEEK_SET), 2);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, 24), 24);
	cr_assert_str_eq(buf + 19, "e");
	OK(vfsim_close(t, (int)fd));
}

VT_TEST(dirs, getdents_errors, "empty", build_t)
{
	char buf[64];
	long fd;

	mkfile("/t/f");
	EXPECT(vfsim_getdents64(t, -1, buf, sizeof(buf)), -EBADF);
	EXPECT(vfsim_getdents64(t, 99, buf, sizeof(buf)), -EBADF);
	fd = vfsim_openat(t, AT_FDCWD, "/t/f", O_RDONLY, 0);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, sizeof(buf)), -ENOTDIR);
	OK(vfsim_close(t, (int)fd));
	fd = vfsim_openat(t, AT_FDCWD, "/t", O_PATH, 0);
	EXPECT(vfsim_getdents64(t, (int)fd, buf, sizeof(buf)), -EBADF);
	OK(vfsim_close(t, (int)fd));
	/* a removed directory lists nothing (IS_DEADDIR) */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	fd = vfsim_openat(t, AT_FDCWD, "/t/d", O_RDONLY | O_DIRECTORY, 0);
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/d", AT_REMOVEDIR));
	EXPECT(vfsim_getdents64(t, (int)fd, buf, sizeof(buf)), -ENOENT);
	EXPECT(vfsim_getdents64(t, (int)fd, NULL, sizeof(buf)), -ENOENT);
	OK(vfsim_close(t, (int)fd));
	fd = vfsim_openat(t, AT_FDCWD, "/t", O_RDONLY | O_DIRECTORY, 0);
	EXPECT(vfsim_getdents64(t, (int)fd, NULL, sizeof(buf)), -EFAULT);
	OK(vfsim_close(t, (int)fd));
}

/* ---- unlink and rmdir ------------------------------------------------------ */

VT_TEST(dirs, unlink_rmdir_errnos, "empty", build_t)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d/sub", 0755));
	mkfile("/t/f");
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/d", 0), -EISDIR);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/f/", 0), -ENOTDIR);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/d/", 0), -EISDIR);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/none", 0), -ENOENT);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/none/x", 0), -ENOENT);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/f/x", 0), -ENOTDIR);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/.", 0), -EISDIR);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/", 0), -EISDIR);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/f", 1), -EINVAL);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/d", AT_REMOVEDIR), -ENOTEMPTY);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/f", AT_REMOVEDIR), -ENOTDIR);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/d/.", AT_REMOVEDIR), -EINVAL);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/d/sub/..", AT_REMOVEDIR), -ENOTEMPTY);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/", AT_REMOVEDIR), -EBUSY);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t", AT_REMOVEDIR), -EBUSY);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/none", AT_REMOVEDIR), -ENOENT);
	EXPECT(vfsim_unlinkat(t, -5, "t", 0), -EBADF);
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/d/sub/", AT_REMOVEDIR));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/d", AT_REMOVEDIR));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/f", 0));
	cr_assert_str_eq(ls("/t"), ". ..");
	cr_assert_eq(st("/t").stx_nlink, 2);
}

VT_TEST(dirs, unlink_rmdir_permissions, "empty", build_t)
{
	struct vfsim_task *user, *other;

	OK(vfsim_task_create(v, 1000, 1000, &user));
	OK(vfsim_task_create(v, 1001, 1001, &other));
	OK(vfsim_chmod(t, "/t", 01777));
	OK(vfsim_mkdirat(user, AT_FDCWD, "/t/mine", 0755));
	OK(vfsim_mkdirat(other, AT_FDCWD, "/t/theirs", 0755));
	EXPECT(vfsim_unlinkat(user, AT_FDCWD, "/t/theirs", AT_REMOVEDIR), -EPERM);
	EXPECT(vfsim_renameat2(user, AT_FDCWD, "/t/theirs", AT_FDCWD, "/t/x", 0), -EPERM);
	EXPECT(vfsim_renameat2(user, AT_FDCWD, "/t/mine", AT_FDCWD, "/t/theirs", 0), -EPERM);
	OK(vfsim_mkdirat(user, AT_FDCWD, "/t/mine/in", 0755));
	OK(vfsim_chmod(t, "/t", 0755));
	EXPECT(vfsim_unlinkat(user, AT_FDCWD, "/t/mine", AT_REMOVEDIR), -EACCES);
	/* the directory's owner removes anything in it, sticky or not */
	OK(vfsim_chmod(user, "/t/mine", 01777));
	OK(vfsim_mkdirat(other, AT_FDCWD, "/t/mine/o", 0755));
	OK(vfsim_unlinkat(user, AT_FDCWD, "/t/mine/o", AT_REMOVEDIR));
	/* moving a directory to another parent needs write on it (its "..") */
	OK(vfsim_chmod(t, "/t", 01777));
	OK(vfsim_mkdirat(other, AT_FDCWD, "/t/mine/o2", 0555));
	EXPECT(vfsim_renameat2(other, AT_FDCWD, "/t/mine/o2", AT_FDCWD, "/t/o2", 0), -EACCES);
	OK(vfsim_renameat2(other, AT_FDCWD, "/t/mine/o2", AT_FDCWD, "/t/mine/o3", 0));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/mine/o3", AT_REMOVEDIR));
	OK(vfsim_unlinkat(user, AT_FDCWD, "/t/mine/in", AT_REMOVEDIR));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/theirs", AT_REMOVEDIR));
	vfsim_task_destroy(user);
	vfsim_task_destroy(other);
}

VT_TEST(dirs, unlink_open_file_keeps_data, "empty", build_t)
{
	struct statfs sfs;
	char buf[8];
	long fd;

	OK(vfsim_umount2(t, "/t", 0));
	OK(vfsim_mount(t, "t", "/t", "tmpfs", 0, "nr_inodes=3,size=8k"));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	fd = vfsim_openat(t, AT_FDCWD, "/t/d/f", O_CREAT | O_RDWR, 0644);
	OK(fd);
	EXPECT(vfsim_write(t, (int)fd, "hello", 5), 5);
	OK(vfsim_statfs(t, "/t", &sfs));
	cr_assert_eq(sfs.f_ffree, 0);
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/d/f", 0));
	/* the directory can go while the file in it is open */
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/d", AT_REMOVEDIR));
	EXPECT(vfsim_pread(t, (int)fd, buf, 5, 0), 5);
	cr_assert_eq(memcmp(buf, "hello", 5), 0);
	EXPECT(vfsim_pwrite(t, (int)fd, "HE", 2, 0), 2);
	/* as on Linux 6.18: the open file's dentry pins the removed
	 * directory's, so neither inode is given back before the close */
	OK(vfsim_statfs(t, "/t", &sfs));
	cr_assert_eq(sfs.f_ffree, 0);
	cr_assert_eq(sfs.f_bfree, 1);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/t/x", 0755), -ENOSPC);
	OK(vfsim_close(t, (int)fd));
	OK(vfsim_statfs(t, "/t", &sfs));
	cr_assert_eq(sfs.f_ffree, 2);
	cr_assert_eq(sfs.f_bfree, 2);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/x", 0755));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/x", AT_REMOVEDIR));
}

VT_TEST(dirs, cwd_in_removed_directory, "empty", build_t)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	OK(vfsim_chdir(t, "/t/d"));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/d", AT_REMOVEDIR));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "x", 0755), -ENOENT);
	EXPECT(vfsim_openat(t, AT_FDCWD, "f", O_CREAT | O_RDWR, 0644), -ENOENT);
	EXPECT(vfsim_symlinkat(t, "a", AT_FDCWD, "l"), -ENOENT);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t", AT_FDCWD, "l", 0), -ENOENT);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "x", 0), -ENOENT);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "..", AT_FDCWD, "y", 0), -EBUSY);
	OK(vfsim_chdir(t, ".."));
	cr_assert_str_eq(ls("."), ". ..");
	OK(vfsim_chdir(t, "/"));
}

VT_TEST(dirs, erofs, "empty", build_t)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	mkfile("/t/f");
	OK(vfsim_mount(t, NULL, "/t", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/f", 0), -EROFS);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/none", 0), -EROFS);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/d", AT_REMOVEDIR), -EROFS);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/g", 0), -EROFS);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/g", 0), -EROFS);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/d", 0), -EEXIST);
	EXPECT(vfsim_utimensat(t, AT_FDCWD, "/t/f", NULL, 0), -EROFS);
	EXPECT(vfsim_faccessat2(t, AT_FDCWD, "/t/f", W_OK, 0), -EROFS);
	OK(vfsim_faccessat2(t, AT_FDCWD, "/t/f", R_OK, 0));
}

/* ---- rename ----------------------------------------------------------------- */

VT_TEST(dirs, rename_errnos, "empty", build_t)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d/e", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/empty", 0755));
	mkfile("/t/f");
	mkfile("/t/g");
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/g", 8), -EINVAL);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/g",
			       RENAME_EXCHANGE | RENAME_NOREPLACE), -EINVAL);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/g",
			       RENAME_EXCHANGE | RENAME_WHITEOUT), -EINVAL);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/g", RENAME_NOREPLACE), -EEXIST);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/none", AT_FDCWD, "/t/g", 0), -ENOENT);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/none", RENAME_EXCHANGE), -ENOENT);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f/", AT_FDCWD, "/t/h", 0), -ENOTDIR);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/h/", 0), -ENOTDIR);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/d", AT_FDCWD, "/t/g/", RENAME_EXCHANGE), -ENOTDIR);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/d", AT_FDCWD, "/t/d/e/x", 0), -EINVAL);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/d/e", AT_FDCWD, "/t/d", 0), -ENOTEMPTY);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/d/e", AT_FDCWD, "/t/d", RENAME_EXCHANGE), -EINVAL);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/empty", AT_FDCWD, "/t/d", 0), -ENOTEMPTY);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/d", 0), -EISDIR);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/d", AT_FDCWD, "/t/f", 0), -ENOTDIR);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/.", AT_FDCWD, "/t/x", 0), -EBUSY);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/..", 0), -EBUSY);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/..", RENAME_NOREPLACE), -EEXIST);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/x", 0), -EXDEV);
	/* the same inode under two names: nothing happens */
	OK(vfsim_linkat(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/f2", 0));
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/f2", 0));
	cr_assert_str_eq(ls("/t"), ". .. f2 g f empty d");
	/* whiteout: CAP_MKNOD */
	vfsim_task_set_caps(t, vfsim_task_caps(t) & ~(1ULL << 27));
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/w", RENAME_WHITEOUT), -EPERM);
	vfsim_task_set_caps(t, vfsim_task_caps(t) | (1ULL << 27));
}

VT_TEST(dirs, rename_moves_and_counts, "empty", build_t)
{
	struct statx sx;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/p", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/q", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/p/d", 0755));
	mkfile("/t/p/d/file");
	cr_assert_eq(st("/t/p").stx_nlink, 3);
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/p/d", AT_FDCWD,
			   "/t/q/a-name-longer-than-the-inline-thirty-two", 0));
	cr_assert_eq(st("/t/p").stx_nlink, 2);
	cr_assert_eq(st("/t/q").stx_nlink, 3);
	sx = st("/t/q/a-name-longer-than-the-inline-thirty-two/file");
	cr_assert_eq(sx.stx_nlink, 1);
	/* and back to a short name: the long one moves to the dropped target */
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/q/a-name-longer-than-the-inline-thirty-two",
			   AT_FDCWD, "/t/p/d", 0));
	/* over an empty directory */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/q/e", 0755));
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/p/d", AT_FDCWD, "/t/q/e", 0));
	cr_assert_eq(st("/t/q").stx_nlink, 3);
	cr_assert_eq(st("/t/p").stx_nlink, 2);
	cr_assert_str_eq(ls("/t/q"), ". .. e");
	/* exchange of a file and a directory across parents */
	mkfile("/t/p/f");
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/p/f", AT_FDCWD, "/t/q/e", RENAME_EXCHANGE));
	cr_assert_eq(st("/t/p").stx_nlink, 3);
	cr_assert_eq(st("/t/q").stx_nlink, 2);
	cr_assert(S_ISDIR(st("/t/p/f").stx_mode));
	cr_assert(S_ISREG(st("/t/q/e").stx_mode));
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/p/f", AT_FDCWD, "/t/q/e", RENAME_EXCHANGE));
	/* a file over a file */
	mkfile("/t/p/g");
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/p/f", AT_FDCWD, "/t/p/g", 0));
	cr_assert_str_eq(ls("/t/p"), ". .. g");
	/* whiteout: a character device 0:0 where the name was */
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/p/g", AT_FDCWD, "/t/p/h", RENAME_WHITEOUT));
	sx = st("/t/p/g");
	cr_assert(S_ISCHR(sx.stx_mode));
	cr_assert_str_eq(ls("/t/p"), ". .. h g");
}

VT_TEST(dirs, ramfs_rename, "empty", build_t)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/r", 0755));
	OK(vfsim_mount(t, "r", "/r", "ramfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/r/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/r/b", 0755));
	mkfile("/r/f");
	/* 5.8's simple_rename(): RENAME_NOREPLACE only */
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/r/a", AT_FDCWD, "/r/b", RENAME_EXCHANGE), -EINVAL);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/r/f", AT_FDCWD, "/r/g", RENAME_WHITEOUT), -EINVAL);
	OK(vfsim_renameat2(t, AT_FDCWD, "/r/a", AT_FDCWD, "/r/b/a", RENAME_NOREPLACE));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/r/c", 0755));
	OK(vfsim_renameat2(t, AT_FDCWD, "/r/c", AT_FDCWD, "/r/b/a", 0));
	cr_assert_eq(st("/r/b").stx_nlink, 3);
	cr_assert_eq(st("/r").stx_nlink, 3);
	mkfile("/r/g");
	OK(vfsim_renameat2(t, AT_FDCWD, "/r/g", AT_FDCWD, "/r/f", 0));
	OK(vfsim_linkat(t, AT_FDCWD, "/r/f", AT_FDCWD, "/r/f2", 0));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/r/f", 0));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/r/b/a", AT_REMOVEDIR));
	cr_assert_str_eq(ls("/r"), ". .. f2 b");
	OK(vfsim_umount2(t, "/r", 0));
}

/* ---- mountpoints ---------------------------------------------------------- */

VT_TEST(dirs, mountpoints, "empty", build_t)
{
	long clone, fd;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/m", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/n", 0755));
	mkfile("/t/f");
	mkfile("/t/src");
	OK(vfsim_mount(t, "m", "/t/m", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "/t/src", "/t/f", NULL, MS_BIND, NULL));
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/m", AT_REMOVEDIR), -EBUSY);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/m", AT_FDCWD, "/t/x", 0), -EBUSY);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/n", AT_FDCWD, "/t/m", 0), -EBUSY);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/n", AT_FDCWD, "/t/m", RENAME_EXCHANGE), -EBUSY);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/t/f", 0), -EBUSY);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/t/n", AT_FDCWD, "/t/m/n", 0), -EXDEV);

	/* a clone's mountpoint, not ours: removed, the clone's mount goes */
	clone = vfsim_open_tree(t, AT_FDCWD, "/t", OPEN_TREE_CLONE | AT_RECURSIVE);
	OK(clone);
	OK(vfsim_umount2(t, "/t/m", 0));
	OK(vfsim_umount2(t, "/t/f", 0));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/m", AT_REMOVEDIR));
	OK(vfsim_renameat2(t, AT_FDCWD, "/t/src", AT_FDCWD, "/t/f", 0));
	/* the clone, attached: nothing left on it */
	OK(vfsim_move_mount(t, (int)clone, "", AT_FDCWD, "/t/n", MOVE_MOUNT_F_EMPTY_PATH));
	OK(vfsim_close(t, (int)clone));
	fd = vfsim_openat(t, AT_FDCWD, "/t/n/f", O_RDONLY, 0);
	OK(fd);
	OK(vfsim_close(t, (int)fd));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/n/m", O_RDONLY, 0), -ENOENT);
	OK(vfsim_umount2(t, "/t/n", 0));
}

/* ---- link, readlink --------------------------------------------------------- */

VT_TEST(dirs, link_and_readlink, "empty", build_t)
{
	char buf[16];
	struct vfsim_task *user;
	long fd;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	mkfile("/t/f");
	OK(vfsim_symlinkat(t, "f", AT_FDCWD, "/t/l"));
	OK(vfsim_symlinkat(t, "/nowhere", AT_FDCWD, "/t/dangling"));
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/g", 0x100), -EINVAL);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/d", AT_FDCWD, "/t/e", 0), -EPERM);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/d", 0), -EEXIST);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/none", AT_FDCWD, "/t/g", 0), -ENOENT);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/f", AT_FDCWD, "/t/g/", 0), -ENOENT);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/f", AT_FDCWD, "/g", 0), -EXDEV);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/t/dangling", AT_FDCWD, "/t/g", AT_SYMLINK_FOLLOW), -ENOENT);
	OK(vfsim_linkat(t, AT_FDCWD, "/t/l", AT_FDCWD, "/t/l2", 0));
	cr_assert(S_ISLNK(st("/t/l2").stx_mode));
	OK(vfsim_linkat(t, AT_FDCWD, "/t/l", AT_FDCWD, "/t/f2", AT_SYMLINK_FOLLOW));
	cr_assert_eq(st("/t/f").stx_nlink, 2);
	cr_assert_eq(st("/t/l").stx_nlink, 2);
	/* linkat(AT_EMPTY_PATH) of an open, unlinked file: ENOENT */
	fd = vfsim_openat(t, AT_FDCWD, "/t/f", O_RDONLY, 0);
	OK(vfsim_linkat(t, (int)fd, "", AT_FDCWD, "/t/f3", AT_EMPTY_PATH));
	cr_assert_eq(st("/t/f").stx_nlink, 3);
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/f", 0));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/f2", 0));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/f3", 0));
	EXPECT(vfsim_linkat(t, (int)fd, "", AT_FDCWD, "/t/f4", AT_EMPTY_PATH), -ENOENT);
	OK(vfsim_task_create(v, 1000, 1000, &user));
	EXPECT(vfsim_linkat(user, (int)fd, "", AT_FDCWD, "/t/f4", AT_EMPTY_PATH), -ENOENT);
	EXPECT(vfsim_linkat(user, AT_FDCWD, "/t/l", AT_FDCWD, "/t/d/x", 0), -EACCES);
	vfsim_task_destroy(user);
	OK(vfsim_close(t, (int)fd));

	EXPECT(vfsim_readlinkat(t, AT_FDCWD, "/t/l", buf, sizeof(buf)), 1);
	cr_assert_eq(buf[0], 'f');
	EXPECT(vfsim_readlinkat(t, AT_FDCWD, "/t/dangling", buf, 3), 3);
	cr_assert_eq(memcmp(buf, "/no", 3), 0);
	EXPECT(vfsim_readlinkat(t, AT_FDCWD, "/t/l", buf, 0), -EINVAL);
	EXPECT(vfsim_readlinkat(t, AT_FDCWD, "/t/d", buf, sizeof(buf)), -EINVAL);
	EXPECT(vfsim_readlinkat(t, AT_FDCWD, "/t/none", buf, sizeof(buf)), -ENOENT);
	EXPECT(vfsim_readlinkat(t, AT_FDCWD, "/t/l", NULL, sizeof(buf)), -EFAULT);
	fd = vfsim_openat(t, AT_FDCWD, "/t/l", O_PATH | O_NOFOLLOW, 0);
	EXPECT(vfsim_readlinkat(t, (int)fd, "", buf, sizeof(buf)), 1);
	OK(vfsim_close(t, (int)fd));
	fd = vfsim_openat(t, AT_FDCWD, "/t/d", O_PATH, 0);
	EXPECT(vfsim_readlinkat(t, (int)fd, "", buf, sizeof(buf)), -ENOENT);
	OK(vfsim_close(t, (int)fd));
}

/* ---- utimensat, faccessat2 ---------------------------------------------------- */

VT_TEST(dirs, utimensat, "empty", build_t)
{
	struct timespec ts[2] = { { 100, 5 }, { 200, 6 } };
	struct vfsim_task *user;
	struct statx sx;
	long fd;

	mkfile("/t/f");
	OK(vfsim_symlinkat(t, "f", AT_FDCWD, "/t/l"));
	OK(vfsim_utimensat(t, AT_FDCWD, "/t/f", ts, 0));
	sx = st("/t/f");
	cr_assert_eq(sx.stx_atime.tv_sec, 100);
	cr_assert_eq(sx.stx_atime.tv_nsec, 5);
	cr_assert_eq(sx.stx_mtime.tv_sec, 200);
	ts[0].tv_nsec = UTIME_OMIT;
	ts[1].tv_sec = 300;
	ts[1].tv_nsec = 0;
	OK(vfsim_utimensat(t, AT_FDCWD, "/t/l", ts, 0));
	sx = st("/t/f");
	cr_assert_eq(sx.stx_atime.tv_sec, 100);
	cr_assert_eq(sx.stx_mtime.tv_sec, 300);
	OK(vfsim_utimensat(t, AT_FDCWD, "/t/l", ts, AT_SYMLINK_NOFOLLOW));
	cr_assert_eq(st("/t/l").stx_mtime.tv_sec, 300);
	ts[0].tv_nsec = UTIME_NOW;
	ts[1].tv_nsec = UTIME_NOW;
	OK(vfsim_utimensat(t, AT_FDCWD, "/t/f", ts, 0));
	cr_assert_neq(st("/t/f").stx_mtime.tv_sec, 300);
	ts[0].tv_nsec = UTIME_OMIT;
	ts[1].tv_nsec = UTIME_OMIT;
	OK(vfsim_utimensat(t, AT_FDCWD, "/t/none", ts, 0));
	ts[0].tv_nsec = 1000000000;
	ts[1].tv_nsec = 0;
	EXPECT(vfsim_utimensat(t, AT_FDCWD, "/t/f", ts, 0), -EINVAL);
	ts[0].tv_nsec = -1;
	EXPECT(vfsim_utimensat(t, AT_FDCWD, "/t/f", ts, 0), -EINVAL);
	ts[0].tv_nsec = 0;
	EXPECT(vfsim_utimensat(t, AT_FDCWD, "/t/f", ts, 0x1), -EINVAL);
	EXPECT(vfsim_utimensat(t, AT_FDCWD, "/t/none", NULL, 0), -ENOENT);
	EXPECT(vfsim_utimensat(t, AT_FDCWD, NULL, NULL, 0), -EFAULT);
	/* futimens */
	fd = vfsim_openat(t, AT_FDCWD, "/t/f", O_RDONLY, 0);
	OK(vfsim_utimensat(t, (int)fd, NULL, ts, 0));
	EXPECT(vfsim_utimensat(t, (int)fd, NULL, ts, AT_SYMLINK_NOFOLLOW), -EINVAL);
	EXPECT(vfsim_utimensat(t, 99, NULL, ts, 0), -EBADF);
	OK(vfsim_utimensat(t, (int)fd, "", NULL, AT_EMPTY_PATH));
	OK(vfsim_close(t, (int)fd));
	/* another user: "now" with write permission, given times as owner */
	OK(vfsim_task_create(v, 1000, 1000, &user));
	EXPECT(vfsim_utimensat(user, AT_FDCWD, "/t/f", NULL, 0), -EACCES);
	EXPECT(vfsim_utimensat(user, AT_FDCWD, "/t/f", ts, 0), -EPERM);
	OK(vfsim_chmod(t, "/t/f", 0666));
	OK(vfsim_utimensat(user, AT_FDCWD, "/t/f", NULL, 0));
	EXPECT(vfsim_utimensat(user, AT_FDCWD, "/t/f", ts, 0), -EPERM);
	OK(vfsim_chown(t, "/t/f", 1000, 1000));
	OK(vfsim_utimensat(user, AT_FDCWD, "/t/f", ts, 0));
	vfsim_task_destroy(user);
}

VT_TEST(dirs, faccessat2, "empty", build_t)
{
	struct vfsim_task *user, *setuid;

	mkfile("/t/f");
	OK(vfsim_chmod(t, "/t/f", 0640));
	OK(vfsim_chown(t, "/t/f", 1000, 1000));
	OK(vfsim_symlinkat(t, "/nowhere", AT_FDCWD, "/t/dangling"));
	OK(vfsim_task_create(v, 1000, 1000, &user));
	OK(vfsim_faccessat2(user, AT_FDCWD, "/t/f", R_OK | W_OK, 0));
	EXPECT(vfsim_faccessat2(user, AT_FDCWD, "/t/f", X_OK, 0), -EACCES);
	OK(vfsim_faccessat2(user, AT_FDCWD, "/t/f", F_OK, 0));
	OK(vfsim_faccessat2(t, AT_FDCWD, "/t/f", R_OK | W_OK, 0));
	EXPECT(vfsim_faccessat2(t, AT_FDCWD, "/t/f", X_OK, 0), -EACCES);
	EXPECT(vfsim_faccessat2(t, AT_FDCWD, "/t/f", 8, 0), -EINVAL);
	EXPECT(vfsim_faccessat2(t, AT_FDCWD, "/t/f", R_OK, 0x1), -EINVAL);
	EXPECT(vfsim_faccessat2(t, AT_FDCWD, "/t/dangling", F_OK, 0), -ENOENT);
	OK(vfsim_faccessat2(t, AT_FDCWD, "/t/dangling", F_OK, AT_SYMLINK_NOFOLLOW));
	EXPECT(vfsim_faccessat2(t, AT_FDCWD, "", F_OK, 0), -ENOENT);
	OK(vfsim_faccessat2(t, AT_FDCWD, "", F_OK, AT_EMPTY_PATH));
	/* without AT_EACCESS a caller whose real uid is not 0 asks without
	 * its capabilities (access_override_creds()) */
	OK(vfsim_task_create(v, 1001, 1001, &setuid));
	vfsim_task_set_caps(setuid, 1ULL << 1);	/* CAP_DAC_OVERRIDE */
	EXPECT(vfsim_faccessat2(setuid, AT_FDCWD, "/t/f", R_OK, 0), -EACCES);
	OK(vfsim_faccessat2(setuid, AT_FDCWD, "/t/f", R_OK, AT_EACCESS));
	vfsim_task_destroy(setuid);
	/* noexec */
	OK(vfsim_chmod(t, "/t/f", 0750));
	OK(vfsim_faccessat2(t, AT_FDCWD, "/t/f", X_OK, 0));
	OK(vfsim_mount(t, NULL, "/t", NULL, MS_REMOUNT | MS_BIND | MS_NOEXEC, NULL));
	EXPECT(vfsim_faccessat2(t, AT_FDCWD, "/t/f", X_OK, 0), -EACCES);
	vfsim_task_destroy(user);
}

/* 5.8's s_remove_count: an unlinked inode still in use keeps its
 * superblock read-write (sb_prepare_remount_readonly()) */
VT_TEST(dirs, remount_ro_with_unlinked_open, "empty", build_t)
{
	long fd;

	mkfile("/t/f");
	fd = vfsim_openat(t, AT_FDCWD, "/t/f", O_RDONLY, 0);
	OK(fd);
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/f", 0));
	EXPECT(vfsim_mount(t, NULL, "/t", NULL, MS_REMOUNT | MS_RDONLY, NULL), -EBUSY);
	OK(vfsim_close(t, (int)fd));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	OK(vfsim_chdir(t, "/t/d"));
	OK(vfsim_unlinkat(t, AT_FDCWD, "/t/d", AT_REMOVEDIR));
	EXPECT(vfsim_mount(t, NULL, "/t", NULL, MS_REMOUNT | MS_RDONLY, NULL), -EBUSY);
	OK(vfsim_chdir(t, "/"));
	OK(vfsim_mount(t, NULL, "/t", NULL, MS_REMOUNT | MS_RDONLY, NULL));
}

/* proc's directories have no ->unlink, ->rmdir, ->rename, ->link: EPERM */
VT_TEST(dirs, no_operations, "empty", build_t)
{
	char buf[8];

	OK(vfsim_mkdirat(t, AT_FDCWD, "/p", 0755));
	OK(vfsim_mount(t, "proc", "/p", "proc", 0, NULL));
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/p/version", 0), -EPERM);
	EXPECT(vfsim_unlinkat(t, AT_FDCWD, "/p/sys", AT_REMOVEDIR), -EPERM);
	EXPECT(vfsim_renameat2(t, AT_FDCWD, "/p/version", AT_FDCWD, "/p/v2", 0), -EPERM);
	EXPECT(vfsim_linkat(t, AT_FDCWD, "/p/version", AT_FDCWD, "/p/v2", 0), -EPERM);
	EXPECT(vfsim_readlinkat(t, AT_FDCWD, "/p/version", buf, sizeof(buf)), -EINVAL);
	/* times the user-memory seam cannot read */
	{
		struct timespec ts[2] = { { 1, 0 }, { 2, 0 } };

		OK(vfsim_uaccess_unmap(v, ts, sizeof(ts)));
		EXPECT(vfsim_utimensat(t, AT_FDCWD, "/t", ts, 0), -EFAULT);
		vfsim_uaccess_remap_all(v);
	}
	OK(vfsim_umount2(t, "/p", 0));
}
