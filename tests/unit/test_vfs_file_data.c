// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Files with data (vfs/filemap.c, vfs/read_write.c, vfs/open.c), on tmpfs
 * and ramfs:
 *   - read/write at the file position, pread/pwrite at their own, holes
 *     read as zeros, O_APPEND, O_TRUNC, ftruncate/truncate both ways;
 *   - lseek: SEEK_SET/CUR/END and SEEK_DATA/SEEK_HOLE page by page on
 *     tmpfs (a fallocated page not yet written is a hole), whole-file on
 *     ramfs; the errors of each;
 *   - fallocate (tmpfs's modes; EOPNOTSUPP on ramfs), fsync;
 *   - stat's size and blocks; FIONREAD;
 *   - the argument checks (EBADF, EISDIR, EINVAL, ESPIPE, EROFS);
 *   - fault sweeps: every allocation of a write, truncate and fallocate,
 *     every user copy of read and write.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"

#ifndef FALLOC_FL_KEEP_SIZE
#define FALLOC_FL_KEEP_SIZE	0x01
#define FALLOC_FL_PUNCH_HOLE	0x02
#endif
#define FALLOC_FL_ZERO_RANGE_	0x10

static struct vfsim *v;
static struct vfsim_task *t;

static void dir_m(struct vfsim *vm)
{
	fx_dirs(vfsim_init_task(vm), "/m", NULL);
}

static int open_m(const char *fstype, const char *path, int flags)
{
	long fd;

	OK(vfsim_mount(t, "x", "/m", fstype, 0, NULL));
	fd = vfsim_openat(t, AT_FDCWD, path, flags | O_CREAT, 0644);
	cr_assert_geq(fd, 0);
	return (int)fd;
}

static uint64_t blocks_of(const char *path)
{
	struct statx sx;

	OK(vfsim_statx(t, AT_FDCWD, path, 0, STATX_BASIC_STATS, &sx));
	cr_assert(sx.stx_mask & STATX_BLOCKS);
	return sx.stx_blocks;
}

static int64_t size_of(const char *path)
{
	struct statx sx;

	OK(vfsim_statx(t, AT_FDCWD, path, 0, STATX_BASIC_STATS, &sx));
	return (int64_t)sx.stx_size;
}

static void read_write(const char *fstype)
{
	char buf[16];
	int fd = open_m(fstype, "/m/f", O_RDWR), n;

	EXPECT(vfsim_write(t, fd, "hello", 5), 5);
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_CUR), 5);
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), 0);	/* at the end */
	EXPECT(vfsim_lseek(t, fd, 1, SEEK_SET), 1);
	EXPECT(vfsim_read(t, fd, buf, 3), 3);
	cr_expect_eq(memcmp(buf, "ell", 3), 0);
	EXPECT(vfsim_pread(t, fd, buf, sizeof(buf), 0), 5);
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_CUR), 4);	/* pread keeps f_pos */
	/* a hole reads as zeros */
	EXPECT(vfsim_pwrite(t, fd, "z", 1, 10000), 1);
	EXPECT(vfsim_pread(t, fd, buf, 4, 5000), 4);
	cr_expect_eq(memcmp(buf, "\0\0\0\0", 4), 0);
	cr_expect_eq(size_of("/m/f"), 10001);
	EXPECT(blocks_of("/m/f"), 16);	/* pages 0 and 2 */
	OK(vfsim_ioctl(t, fd, FIONREAD, (unsigned long)&n));
	cr_expect_eq(n, 10001 - 4);
	/* shrink and grow */
	OK(vfsim_ftruncate(t, fd, 2));
	EXPECT(blocks_of("/m/f"), 8);
	OK(vfsim_truncate(t, "/m/f", 4096 * 3));
	EXPECT(vfsim_pread(t, fd, buf, 4, 0), 4);
	cr_expect_eq(memcmp(buf, "he\0\0", 4), 0);
	EXPECT(blocks_of("/m/f"), 8);
	OK(vfsim_fsync(t, fd));
	OK(vfsim_fdatasync(t, fd));
	OK(vfsim_close(t, fd));
	/* O_APPEND writes at the end, pwrite too; O_TRUNC empties */
	fd = (int)vfsim_openat(t, AT_FDCWD, "/m/f", O_WRONLY | O_APPEND, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_write(t, fd, "ab", 2), 2);
	EXPECT(vfsim_pwrite(t, fd, "c", 1, 0), 1);
	cr_expect_eq(size_of("/m/f"), 4096 * 3 + 3);
	OK(vfsim_ftruncate(t, fd, 4096 * 3 + 3));	/* IS_APPEND() is chattr's, not O_APPEND */
	OK(vfsim_close(t, fd));
	fd = (int)vfsim_openat(t, AT_FDCWD, "/m/f", O_RDONLY | O_TRUNC, 0);
	cr_assert_geq(fd, 0);
	/* emptied even so: handle_truncate() after may_open() checked write
	 * access, whatever the access mode (Linux 5.8 and 6.18 alike) */
	cr_expect_eq(size_of("/m/f"), 0);
	EXPECT(vfsim_write(t, fd, "x", 1), -EBADF);
	EXPECT(vfsim_ftruncate(t, fd, 0), -EINVAL);
	EXPECT(vfsim_pwrite(t, fd, "x", 1, 0), -EBADF);
	OK(vfsim_close(t, fd));
	fd = (int)vfsim_openat(t, AT_FDCWD, "/m/f", O_WRONLY | O_TRUNC, 0);
	cr_assert_geq(fd, 0);
	cr_expect_eq(size_of("/m/f"), 0);
	EXPECT(blocks_of("/m/f"), 0);
	EXPECT(vfsim_read(t, fd, buf, 1), -EBADF);
	EXPECT(vfsim_pread(t, fd, buf, 1, 0), -EBADF);
	OK(vfsim_close(t, fd));
	OK(vfsim_umount2(t, "/m", 0));
}

VT_TEST(file_data, read_write_tmpfs, "empty", dir_m) { read_write("tmpfs"); }
VT_TEST(file_data, read_write_ramfs, "empty", dir_m) { read_write("ramfs"); }

VT_TEST(file_data, seek_tmpfs, "empty", dir_m)
{
	int fd = open_m("tmpfs", "/m/f", O_RDWR);

	EXPECT(vfsim_lseek(t, fd, 0, SEEK_DATA), -ENXIO);	/* empty */
	EXPECT(vfsim_pwrite(t, fd, "a", 1, 4096), 1);
	EXPECT(vfsim_pwrite(t, fd, "b", 1, 4 * 4096), 1);
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_DATA), 4096);
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_HOLE), 0);
	EXPECT(vfsim_lseek(t, fd, 4096, SEEK_HOLE), 2 * 4096);
	EXPECT(vfsim_lseek(t, fd, 4097, SEEK_DATA), 4097);
	EXPECT(vfsim_lseek(t, fd, 2 * 4096, SEEK_DATA), 4 * 4096);
	EXPECT(vfsim_lseek(t, fd, 4 * 4096, SEEK_HOLE), 4 * 4096 + 1);	/* i_size */
	EXPECT(vfsim_lseek(t, fd, 4 * 4096 + 1, SEEK_DATA), -ENXIO);
	EXPECT(vfsim_lseek(t, fd, -1, SEEK_DATA), -ENXIO);
	EXPECT(vfsim_lseek(t, fd, -1, SEEK_SET), -EINVAL);
	EXPECT(vfsim_lseek(t, fd, 2, SEEK_END), 4 * 4096 + 3);
	EXPECT(vfsim_lseek(t, fd, -3, SEEK_CUR), 4 * 4096);
	EXPECT(vfsim_lseek(t, fd, INT64_MAX, SEEK_CUR), -EINVAL);
	EXPECT(vfsim_lseek(t, fd, INT64_MAX, SEEK_END), -EINVAL);
	EXPECT(vfsim_lseek(t, fd, 0, 5), -EINVAL);
	/* a fallocated page is a hole to SEEK_DATA until written */
	OK(vfsim_fallocate(t, fd, 0, 2 * 4096, 4096));
	EXPECT(vfsim_lseek(t, fd, 2 * 4096, SEEK_DATA), 4 * 4096);
	EXPECT(blocks_of("/m/f"), 24);
	/* punch gives the pages back and zeroes the cut parts */
	OK(vfsim_fallocate(t, fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 4096, 3 * 4096));
	EXPECT(blocks_of("/m/f"), 8);
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_DATA), 4 * 4096);
	/* keep-size allocates past the end without growing it; mode 0 grows */
	OK(vfsim_fallocate(t, fd, FALLOC_FL_KEEP_SIZE, 8 * 4096, 4096));
	cr_expect_eq(size_of("/m/f"), 4 * 4096 + 1);
	OK(vfsim_fallocate(t, fd, 0, 8 * 4096, 10));
	cr_expect_eq(size_of("/m/f"), 8 * 4096 + 10);
	EXPECT(vfsim_fallocate(t, fd, FALLOC_FL_PUNCH_HOLE, 0, 1), -EOPNOTSUPP);
	EXPECT(vfsim_fallocate(t, fd, FALLOC_FL_ZERO_RANGE_, 0, 1), -EOPNOTSUPP);
	EXPECT(vfsim_fallocate(t, fd, 0x1000, 0, 1), -EOPNOTSUPP);
	EXPECT(vfsim_fallocate(t, fd, 0, -1, 1), -EINVAL);
	EXPECT(vfsim_fallocate(t, fd, 0, 0, 0), -EINVAL);
	EXPECT(vfsim_fallocate(t, fd, 0, INT64_MAX, 2), -EFBIG);
	EXPECT(vfsim_fallocate(t, -1, 0, 0, 1), -EBADF);
	OK(vfsim_close(t, fd));
	fd = (int)vfsim_openat(t, AT_FDCWD, "/m/f", O_RDONLY, 0);
	EXPECT(vfsim_fallocate(t, fd, 0, 0, 1), -EBADF);
	OK(vfsim_close(t, fd));
	fd = (int)vfsim_openat(t, AT_FDCWD, "/m", O_RDONLY, 0);
	EXPECT(vfsim_fallocate(t, fd, 0, 0, 1), -EBADF);	/* not for writing */
	OK(vfsim_close(t, fd));
	OK(vfsim_umount2(t, "/m", 0));
}

VT_TEST(file_data, seek_ramfs, "empty", dir_m)
{
	int fd = open_m("ramfs", "/m/f", O_RDWR);

	EXPECT(vfsim_pwrite(t, fd, "b", 1, 4 * 4096), 1);
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_DATA), 0);		/* all data */
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_HOLE), 4 * 4096 + 1);
	EXPECT(vfsim_lseek(t, fd, 4 * 4096 + 1, SEEK_HOLE), -ENXIO);
	EXPECT(vfsim_fallocate(t, fd, 0, 0, 1), -EOPNOTSUPP);
	OK(vfsim_close(t, fd));
	OK(vfsim_umount2(t, "/m", 0));
}

VT_TEST(file_data, errors, "empty", dir_m)
{
	char buf[4];
	int fds[2], dfd, fd = open_m("tmpfs", "/m/f", O_RDWR);

	EXPECT(vfsim_pread(t, fd, buf, 1, -1), -EINVAL);
	EXPECT(vfsim_pwrite(t, fd, buf, 1, -1), -EINVAL);
	EXPECT(vfsim_pwrite(t, fd, buf, 0, 5), 0);
	EXPECT(vfsim_pread(t, -1, buf, 1, 0), -EBADF);
	EXPECT(vfsim_pwrite(t, 99, buf, 1, 0), -EBADF);
	EXPECT(vfsim_lseek(t, 99, 0, SEEK_SET), -EBADF);
	EXPECT(vfsim_fsync(t, 99), -EBADF);
	EXPECT(vfsim_ftruncate(t, 99, 0), -EBADF);
	EXPECT(vfsim_ftruncate(t, fd, -1), -EINVAL);
	EXPECT(vfsim_truncate(t, "/m/f", -1), -EINVAL);
	EXPECT(vfsim_truncate(t, "/m", 0), -EISDIR);
	EXPECT(vfsim_truncate(t, "/m/nope", 0), -ENOENT);
	OK(vfsim_symlinkat(t, "f", AT_FDCWD, "/m/l"));
	OK(vfsim_truncate(t, "/m/l", 7));		/* follows the link */
	cr_expect_eq(size_of("/m/f"), 7);
	/* pipes: no positions */
	OK(vfsim_pipe2(t, fds, 0));
	EXPECT(vfsim_pread(t, fds[0], buf, 1, 0), -ESPIPE);
	EXPECT(vfsim_pwrite(t, fds[1], buf, 1, 0), -ESPIPE);
	EXPECT(vfsim_lseek(t, fds[0], 0, SEEK_SET), -ESPIPE);
	EXPECT(vfsim_fsync(t, fds[0]), -EINVAL);
	EXPECT(vfsim_ftruncate(t, fds[1], 0), -EINVAL);
	EXPECT(vfsim_fallocate(t, fds[1], 0, 0, 1), -ESPIPE);
	OK(vfsim_close(t, fds[0]));
	OK(vfsim_close(t, fds[1]));
	/* a directory: EISDIR to read, lseek moves its position, fsync is fine */
	dfd = (int)vfsim_openat(t, AT_FDCWD, "/m", O_RDONLY | O_DIRECTORY, 0);
	cr_assert_geq(dfd, 0);
	EXPECT(vfsim_pread(t, dfd, buf, 1, 0), -EISDIR);
	EXPECT(vfsim_lseek(t, dfd, 3, SEEK_SET), 3);
	EXPECT(vfsim_lseek(t, dfd, 2, SEEK_CUR), 5);
	EXPECT(vfsim_lseek(t, dfd, 0, SEEK_CUR), 5);
	EXPECT(vfsim_lseek(t, dfd, -6, SEEK_CUR), -EINVAL);
	EXPECT(vfsim_lseek(t, dfd, 0, SEEK_END), -EINVAL);	/* dcache_dir_lseek() */
	EXPECT(vfsim_lseek(t, dfd, 0, SEEK_DATA), -EINVAL);
	EXPECT(vfsim_lseek(t, dfd, -1, SEEK_SET), -EINVAL);
	OK(vfsim_fsync(t, dfd));
	OK(vfsim_close(t, dfd));
	/* read-only: no writes, no truncate */
	OK(vfsim_close(t, fd));
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/f", O_WRONLY, 0), -EROFS);
	EXPECT(vfsim_truncate(t, "/m/f", 0), -EROFS);
	OK(vfsim_umount2(t, "/m", 0));
}

/* The file data on the simulated ext4, through the same page cache, up
 * to its s_maxbytes (2^32 - 1 blocks of 4 KiB): EFBIG past it. */
VT_TEST(file_data, ext4_file, "default", NULL)
{
	const int64_t max = 17592186040320LL;
	char buf[4];
	long fd = vfsim_openat(t, AT_FDCWD, "/f", O_CREAT | O_RDWR, 0644);

	cr_assert_geq(fd, 0);
	EXPECT(vfsim_write(t, (int)fd, "abc", 3), 3);
	EXPECT(vfsim_pread(t, (int)fd, buf, 3, 0), 3);
	cr_expect_eq(memcmp(buf, "abc", 3), 0);
	EXPECT(vfsim_pwrite(t, (int)fd, "abc", 3, max), -EFBIG);
	EXPECT(vfsim_pwrite(t, (int)fd, "abc", 3, max - 2), 2);	/* cut to the limit */
	EXPECT(vfsim_ftruncate(t, (int)fd, max + 1), -EFBIG);
	EXPECT(vfsim_lseek(t, (int)fd, max + 1, SEEK_SET), -EINVAL);
	EXPECT(vfsim_lseek(t, (int)fd, max, SEEK_SET), max);
	OK(vfsim_close(t, (int)fd));
}

/* A hole punched inside one page zeroes the bytes and keeps the page. */
VT_TEST(file_data, punch_inside_page, "empty", dir_m)
{
	char buf[32];
	int fd = open_m("tmpfs", "/m/f", O_RDWR), i;

	memset(buf, 'a', sizeof(buf));
	EXPECT(vfsim_pwrite(t, fd, buf, sizeof(buf), 0), 32);
	OK(vfsim_fallocate(t, fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 10, 10));
	EXPECT(vfsim_pread(t, fd, buf, sizeof(buf), 0), 32);
	for (i = 0; i < 32; i++)
		cr_expect_eq(buf[i], i >= 10 && i < 20 ? 0 : 'a', "byte %d", i);
	EXPECT(blocks_of("/m/f"), 8);
	/* to the end of the page from inside it, and across two pages */
	OK(vfsim_fallocate(t, fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 30, 4066));
	EXPECT(vfsim_pread(t, fd, buf, 4, 28), 4);
	cr_expect_eq(memcmp(buf, "aa\0\0", 4), 0);
	EXPECT(vfsim_pwrite(t, fd, "b", 1, 8191), 1);
	OK(vfsim_fallocate(t, fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 100, 8000));
	EXPECT(blocks_of("/m/f"), 16);
	EXPECT(vfsim_pread(t, fd, buf, 1, 8191), 1);
	cr_expect_eq(buf[0], 'b');
	OK(vfsim_close(t, fd));
	OK(vfsim_umount2(t, "/m", 0));
}

/* statfs(2) by path and by fd: the mount's flags as ST_* */
VT_TEST(file_data, statfs_flags, "empty", dir_m)
{
	struct statfs st;
	int fd;

	OK(vfsim_mount(t, "x", "/m", "tmpfs",
		       MS_NODEV | MS_NOEXEC | MS_NOATIME | MS_NODIRATIME | MS_SYNCHRONOUS, NULL));
	fd = (int)vfsim_openat(t, AT_FDCWD, "/m", O_PATH, 0);
	cr_assert_geq(fd, 0);
	OK(vfsim_fstatfs(t, fd, &st));
	cr_expect_eq(st.f_flags & (ST_NODEV | ST_NOEXEC | ST_NOATIME | ST_NODIRATIME |
				   ST_SYNCHRONOUS | ST_RDONLY | ST_RELATIME),
		     ST_NODEV | ST_NOEXEC | ST_NOATIME | ST_NODIRATIME | ST_SYNCHRONOUS);
	OK(vfsim_close(t, fd));
	OK(vfsim_umount2(t, "/m", 0));
	OK(vfsim_mount(t, "x", "/m", "tmpfs", 0, NULL));
	OK(vfsim_statfs(t, "/m", &st));
	cr_expect_eq(st.f_flags & (ST_RELATIME | ST_MANDLOCK), ST_RELATIME);
	EXPECT(vfsim_statfs(t, "/m/nope", &st), -ENOENT);
	EXPECT(vfsim_fstatfs(t, 99, &st), -EBADF);
	EXPECT(vfsim_fstatfs(t, -1, &st), -EBADF);
	OK(vfsim_umount2(t, "/m", 0));
}

/* ---- fault sweeps -------------------------------------------------------- */

static void setup_dir(struct fault_run *r)
{
	fx_dirs(r->t, "/m", NULL);
}

static void setup_file(struct fault_run *r)
{
	long fd;

	fx_dirs(r->t, "/m", NULL);
	OK(vfsim_mount(r->t, "x", "/m", "tmpfs", 0, "size=64k"));
	fd = vfsim_openat(r->t, AT_FDCWD, "/m/f", O_CREAT | O_RDWR, 0644);
	cr_assert_eq(fd, 3);
	EXPECT(vfsim_pwrite(r->t, 3, "0123456789", 10, 4096), 10);
}

/* What the file holds: its size, blocks and bytes, and the fs's space. */
static char *file_state(struct fault_run *r)
{
	char buf[4 * 4096 + 64], *out = malloc(160);
	struct statx sx;
	unsigned long sum = 0;
	long n, i;

	OK(vfsim_statx(r->t, AT_FDCWD, "/m/f", 0, STATX_BASIC_STATS, &sx));
	n = vfsim_pread(r->t, 3, buf, sizeof(buf), 0);
	for (i = 0; i < n; i++)
		sum = sum * 31 + (unsigned char)buf[i];
	snprintf(out, 160, "size=%llu blocks=%llu read=%ld sum=%lu",
		 (unsigned long long)sx.stx_size, (unsigned long long)sx.stx_blocks, n, sum);
	return out;
}

/* A write over three new pages and one it has: each new page and the
 * slot array can fail; a failure after the first page is a short write. */
static long op_write(struct fault_run *r)
{
	static char data[4 * 4096];

	memset(data, 'w', sizeof(data));
	return vfsim_pwrite(r->t, 3, data, sizeof(data), 4000);
}

static bool write_partial(struct fault_run *r)
{
	return r->ret > 0 && r->ret < 4 * 4096;
}

static long op_truncate(struct fault_run *r)
{
	return vfsim_truncate(r->t, "/m/f", 5);
}

static long op_fallocate(struct fault_run *r)
{
	return vfsim_fallocate(r->t, 3, 0, 0, 5 * 4096);
}

static long op_open_trunc(struct fault_run *r)
{
	long fd = vfsim_openat(r->t, AT_FDCWD, "/m/f", O_WRONLY | O_TRUNC, 0);

	if (fd >= 0)
		OK(vfsim_close(r->t, (int)fd));
	return fd < 0 ? fd : 0;
}

static long op_create_in_limits(struct fault_run *r)
{
	return vfsim_mkdirat(r->t, AT_FDCWD, "/m/d", 0755);
}

static long op_mount_limits(struct fault_run *r)
{
	return vfsim_mount(r->t, "y", "/m", "tmpfs", 0, "size=10%,nr_inodes=4,mode=700");
}

static long op_remount_limits(struct fault_run *r)
{
	return vfsim_mount(r->t, NULL, "/m", NULL, MS_REMOUNT, "size=32k,nr_inodes=8");
}

static void file_closed(struct fault_run *r)
{
	OK(vfsim_close(r->t, 3));
}

/* A write from offset 4000 over pages 0-4: pages 0, 2, 3 and 4 are new,
 * and the slot array grows for page 4 (page 1 the file has). */
FAULT_ALLOC_TEST(file_data_fault, write, .setup = setup_file, .op = op_write,
		 .snapshot = file_state, .partial_ok = write_partial,
		 .outcome = file_state, .min_allocs = 5, .cleanup = file_closed)
/* truncate needs no memory: it frees */
FAULT_ALLOC_TEST(file_data_fault, truncate, .setup = setup_file, .op = op_truncate,
		 .snapshot = file_state, .outcome = file_state,
		 .min_allocs = 1, .cleanup = file_closed)
FAULT_ALLOC_TEST(file_data_fault, open_trunc, .setup = setup_file, .op = op_open_trunc,
		 .snapshot = file_state, .outcome = file_state, .min_allocs = 2,
		 .cleanup = file_closed)
/* fallocate: the four missing pages and the slot array; pages made
 * before a failure stay (counted, reading zeros): not compared */
FAULT_ALLOC_TEST(file_data_fault, fallocate, .setup = setup_file, .op = op_fallocate,
		 .outcome = file_state, .min_allocs = 5, .cleanup = file_closed,
		 .snapshot = NULL)
/* shmem_mknod(): an inode that cannot be had is -ENOSPC, as in 5.8 */
FAULT_ALLOC_TEST(file_data_fault, mkdir_limits, .setup = setup_file,
		 .op = op_create_in_limits, .min_allocs = 3, .cleanup = file_closed,
		 .errnos = { ENOMEM, ENOSPC })
/* getname, the data page, the superblock and its options copy, shmem's
 * sb info, the root inode and dentry, the mount and its name, ... */
FAULT_ALLOC_TEST(file_data_fault, mount_limits, .setup = setup_dir,
		 .op = op_mount_limits, .min_allocs = 13)
FAULT_ALLOC_TEST(file_data_fault, remount_limits, .setup = setup_file,
		 .op = op_remount_limits, .min_allocs = 2, .cleanup = file_closed)

/* read and write: one user copy per page */
static long op_read(struct fault_run *r)
{
	return vfsim_pread(r->t, 3, r->args[0], 8192, 0);
}

/* One copy per page: a fault in the first page's gives what it copied of
 * it (or -EFAULT), in the second's the first page and that. .priv: the
 * unfaulted result. */
static long want_copy(struct fault_run *r)
{
	if (!r->fired)
		return *(const long *)r->c->priv;
	return r->n == 1 ? (r->after ? (long)r->after : -EFAULT) : 4096 + (long)r->after;
}

static const long read_all = 4106, write_all = 8192;

static long op_write_copy(struct fault_run *r)
{
	return vfsim_pwrite(r->t, 3, r->args[0], 8192, 0);
}

FAULT_UACCESS_TEST(file_data_uaccess, pread, .setup = setup_file, .op = op_read,
		   .buf_size = 8192, .nargs = 1, .copies = 2, .want = want_copy, .priv = &read_all,
		   .null_ret = { 0 }, .tail_ret = { 3 }, .cleanup = file_closed,
		   .snapshot = file_state)
FAULT_UACCESS_TEST(file_data_uaccess, pwrite, .setup = setup_file, .op = op_write_copy,
		   .buf_size = 8192, .nargs = 1, .copies = 2, .want = want_copy, .priv = &write_all,
		   .null_ret = { 0 }, .tail_ret = { 3 }, .cleanup = file_closed,
		   .partial_ok = write_partial)
