/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mknod(2) and what opening a node gives (issue 29): 5.8's may_mknod()
 * (EPERM for a directory, EINVAL for a bad type), the creation errors of
 * filename_create() (EEXIST before EROFS), may_create() (EACCES) before
 * CAP_MKNOD (EPERM; the whiteout 0:0 needs none), FIFOs and sockets
 * without it; then nodev (EACCES on open), the memory devices' reads and
 * writes, ENXIO for a device no driver has, a socket node, a block device
 * that is no simulated disk; the FIFO open rules; a node bound over a
 * file; ext4's source as lookup_bdev() resolves it.
 *
 *   /            rootfs
 *   |-/t         tmpfs  (devices allowed)
 *   |-/n         tmpfs  nodev
 *   `-/r         tmpfs  read-only
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	(void)v;
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/t", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/n", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/r", 0755), 0);
	EXPECT(vfsim_mount(t, "t", "/t", "tmpfs", 0, "mode=755"), 0);
	EXPECT(vfsim_mount(t, "n", "/n", "tmpfs", MS_NODEV, "mode=755"), 0);
	EXPECT(vfsim_mount(t, "r", "/r", "tmpfs", MS_RDONLY, NULL), 0);
}

static long mk(const char *path, mode_t mode, unsigned int ma, unsigned int mi)
{
	return vfsim_mknodat(t, AT_FDCWD, path, mode, makedev(ma, mi));
}

VT_TEST(vfs_mknod, errors, "empty", setup)
{
	struct vfsim_task *u;

	/* may_mknod(), before the lookup */
	EXPECT(mk("/nope/x", S_IFDIR | 0755, 0, 0), -EPERM);
	EXPECT(mk("/nope/x", 0170000 | 0644, 0, 0), -EINVAL);
	EXPECT(mk("/nope/x", S_IFLNK | 0644, 0, 0), -EINVAL);
	EXPECT(vfsim_mknodat(t, AT_FDCWD, "/t/x", S_IFCHR, (dev_t)1 << 32), -EINVAL);
	/* filename_create() */
	EXPECT(mk("/nope/x", S_IFIFO | 0644, 0, 0), -ENOENT);
	EXPECT(mk("/t", S_IFIFO | 0644, 0, 0), -EEXIST);
	EXPECT(mk("/t/", S_IFIFO | 0644, 0, 0), -EEXIST);
	EXPECT(mk("/t/a/", S_IFIFO | 0644, 0, 0), -ENOENT);
	EXPECT(mk("/r/x", S_IFIFO | 0644, 0, 0), -EROFS);
	EXPECT(mk("/r", S_IFCHR | 0644, 1, 3), -EEXIST);
	EXPECT(vfsim_mknodat(t, AT_FDCWD, NULL, S_IFIFO, 0), -EFAULT);
	EXPECT(vfsim_mknodat(t, -1, "x", S_IFIFO, 0), -EBADF);
	EXPECT(mk("/proc-less/x", S_IFSOCK, 0, 0), -ENOENT);
	EXPECT(mk("/t/c", S_IFCHR | 0600, 1, 3), 0);
	EXPECT(mk("/t/c", S_IFCHR | 0600, 1, 3), -EEXIST);
	EXPECT(mk("/t/c/x", S_IFIFO, 0, 0), -ENOTDIR);

	/* uid 1000: may_create() first, then CAP_MKNOD */
	cr_assert_eq(vfsim_task_create(v, 1000, 1000, &u), 0);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/u", S_IFCHR | 0600, makedev(1, 3)), -EACCES);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/u", S_IFIFO | 0600, 0), -EACCES);
	EXPECT(vfsim_chmod(t, "/t", 01777), 0);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/u", S_IFCHR | 0600, makedev(1, 3)), -EPERM);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/u", S_IFBLK | 0600, makedev(254, 0)), -EPERM);
	/* the whiteout needs no capability; FIFOs, sockets and files none */
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/wh", S_IFCHR | 0600, makedev(0, 0)), 0);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/up", S_IFIFO | 0600, 0), 0);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/us", S_IFSOCK | 0600, 0), 0);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/uf", 0600, 0), 0);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/ur", S_IFREG | 0600, 0), 0);
	/* CAP_MKNOD is the capability, not the uid */
	vfsim_task_set_caps(u, 1ULL << 27);
	EXPECT(vfsim_mknodat(u, AT_FDCWD, "/t/u", S_IFCHR | 0600, makedev(1, 3)), 0);
	vfsim_task_destroy(u);

	/* nothing can be made in a directory without ->mknod (proc) or of
	 * a filesystem without one */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/p", 0755), 0);
	EXPECT(vfsim_mount(t, "proc", "/p", "proc", 0, NULL), 0);
	EXPECT(mk("/p/x", S_IFIFO, 0, 0), -ENOENT);
	EXPECT(mk("/p/y", S_IFREG, 0, 0), -ENOENT);
	EXPECT(vfsim_mount(t, "sysfs", "/p", "sysfs", 0, NULL), 0);
	EXPECT(mk("/p/x", S_IFIFO, 0, 0), -EPERM);
	EXPECT(mk("/p/y", S_IFREG, 0, 0), -EACCES);
}

VT_TEST(vfs_mknod, made_nodes, "empty", setup)
{
	struct statx st;

	EXPECT(vfsim_mknodat(t, AT_FDCWD, "/t/c", S_IFCHR | 0666, makedev(4095, 0xfffff)), 0);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/t/c", 0, STATX_BASIC_STATS, &st), 0);
	cr_assert_eq(st.stx_mode, S_IFCHR | 0644);	/* the umask 022 */
	cr_assert_eq(st.stx_rdev_major, 4095);
	cr_assert_eq(st.stx_rdev_minor, 0xfffff);
	EXPECT(mk("/t/b", S_IFBLK | 0600, 254, 17), 0);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/t/b", 0, STATX_BASIC_STATS, &st), 0);
	cr_assert_eq(st.stx_mode, S_IFBLK | 0600);
	cr_assert_eq(st.stx_rdev_major, 254);
	cr_assert_eq(st.stx_rdev_minor, 17);
	/* a FIFO has no device number, whatever was passed */
	EXPECT(mk("/t/p", S_IFIFO | 0600, 1, 3), 0);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/t/p", 0, STATX_BASIC_STATS, &st), 0);
	cr_assert_eq(st.stx_mode, S_IFIFO | 0600);
	cr_assert_eq(st.stx_rdev_major, 0);
	EXPECT(mk("/t/f", 0, 0, 0), 0);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/t/f", 0, STATX_BASIC_STATS, &st), 0);
	cr_assert_eq(st.stx_mode, S_IFREG);
	/* on ramfs too */
	EXPECT(vfsim_mount(t, "ram", "/t", "ramfs", 0, NULL), 0);
	EXPECT(mk("/t/s", S_IFSOCK | 0600, 0, 0), 0);
	EXPECT(vfsim_statx(t, AT_FDCWD, "/t/s", 0, STATX_BASIC_STATS, &st), 0);
	cr_assert_eq(st.stx_mode, S_IFSOCK | 0600);
}

VT_TEST(vfs_mknod, memory_devices, "empty", setup)
{
	char buf[16], again[16];
	int fd;

	EXPECT(mk("/t/null", S_IFCHR | 0666, 1, 3), 0);
	EXPECT(mk("/t/zero", S_IFCHR | 0666, 1, 5), 0);
	EXPECT(mk("/t/full", S_IFCHR | 0666, 1, 7), 0);
	EXPECT(mk("/t/random", S_IFCHR | 0666, 1, 8), 0);
	EXPECT(mk("/t/urandom", S_IFCHR | 0666, 1, 9), 0);

	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/null", O_RDWR, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), 0);
	EXPECT(vfsim_write(t, fd, "abc", 3), 3);
	EXPECT(vfsim_lseek(t, fd, 100, SEEK_SET), 0);
	EXPECT(vfsim_close(t, fd), 0);

	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/zero", O_RDWR, 0);
	memset(buf, 'x', sizeof(buf));
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), sizeof(buf));
	cr_assert_eq(buf[0], 0);
	cr_assert_eq(buf[15], 0);
	EXPECT(vfsim_read(t, fd, buf, 0), 0);
	EXPECT(vfsim_read(t, fd, NULL, 4), -EFAULT);
	EXPECT(vfsim_write(t, fd, "abc", 3), 3);
	EXPECT(vfsim_close(t, fd), 0);

	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/full", O_RDWR, 0);
	EXPECT(vfsim_read(t, fd, buf, 4), 4);
	EXPECT(vfsim_write(t, fd, "abc", 3), -ENOSPC);
	EXPECT(vfsim_close(t, fd), 0);

	/* deterministic: every open reads the same stream */
	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/random", O_RDONLY, 0);
	EXPECT(vfsim_read(t, fd, buf, 11), 11);
	EXPECT(vfsim_read(t, fd, NULL, 3), -EFAULT);
	EXPECT(vfsim_lseek(t, fd, 5, SEEK_SET), 0);	/* noop_llseek() */
	EXPECT(vfsim_close(t, fd), 0);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/urandom", O_RDWR, 0);
	EXPECT(vfsim_read(t, fd, again, 11), 11);
	cr_assert_eq(memcmp(buf, again, 11), 0);
	EXPECT(vfsim_write(t, fd, "seed", 4), 4);
	EXPECT(vfsim_close(t, fd), 0);
}

VT_TEST(vfs_mknod, open_rules, "empty", setup)
{
	int fd;

	EXPECT(mk("/n/null", S_IFCHR | 0666, 1, 3), 0);
	EXPECT(mk("/n/blk", S_IFBLK | 0666, 254, 0), 0);
	EXPECT(mk("/n/fifo", S_IFIFO | 0666, 0, 0), 0);
	EXPECT(mk("/t/null", S_IFCHR | 0600, 1, 3), 0);
	EXPECT(mk("/t/none", S_IFCHR | 0666, 10, 200), 0);
	EXPECT(mk("/t/tty", S_IFCHR | 0666, 5, 0), 0);
	EXPECT(mk("/t/sock", S_IFSOCK | 0666, 0, 0), 0);
	EXPECT(mk("/t/disk", S_IFBLK | 0666, 254, 16), 0);
	EXPECT(mk("/t/nodisk", S_IFBLK | 0666, 7, 0), 0);

	/* nodev: EACCES for devices, before the permission; FIFOs open */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/n/null", O_RDONLY, 0), -EACCES);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/n/blk", O_RDONLY, 0), -EACCES);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/n/fifo", O_RDWR, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, fd), 0);
	/* O_PATH opens anything */
	fd = (int)vfsim_openat(t, AT_FDCWD, "/n/null", O_PATH, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, fd), 0);
	/* no driver, no controlling terminal, a socket node, no disk */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/none", O_RDONLY, 0), -ENXIO);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/tty", O_RDWR, 0), -ENXIO);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/sock", O_RDONLY, 0), -ENXIO);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/nodisk", O_RDONLY, 0), -ENXIO);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/disk", O_RDONLY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_read(t, fd, &fd, 1), -EINVAL);
	EXPECT(vfsim_close(t, fd), 0);
	/* a device on a read-only mount opens for writing (no EROFS), and
	 * O_TRUNC leaves it alone */
	EXPECT(vfsim_mount(t, NULL, "/t", NULL, MS_REMOUNT | MS_RDONLY, NULL), 0);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/null", O_WRONLY | O_TRUNC, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, fd), 0);
}

VT_TEST(vfs_mknod, fifo_open, "empty", setup)
{
	int r, w, rw;

	EXPECT(mk("/t/p", S_IFIFO | 0666, 0, 0), 0);
	/* a writer without reader: ENXIO with O_NONBLOCK, else it would wait */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/p", O_WRONLY | O_NONBLOCK, 0), -ENXIO);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/p", O_WRONLY, 0), -512 /* -ERESTARTSYS */);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/p", O_RDONLY, 0), -512 /* -ERESTARTSYS */);
	r = (int)vfsim_openat(t, AT_FDCWD, "/t/p", O_RDONLY | O_NONBLOCK, 0);
	cr_assert_geq(r, 0);
	w = (int)vfsim_openat(t, AT_FDCWD, "/t/p", O_WRONLY | O_NONBLOCK, 0);
	cr_assert_geq(w, 0);
	/* a reader with a writer there opens at once */
	rw = (int)vfsim_openat(t, AT_FDCWD, "/t/p", O_RDONLY, 0);
	cr_assert_geq(rw, 0);
	EXPECT(vfsim_read(t, rw, &r, 1), -EINVAL);	/* no data modelled */
	EXPECT(vfsim_close(t, rw), 0);
	EXPECT(vfsim_close(t, w), 0);
	EXPECT(vfsim_close(t, r), 0);
	/* the counts went back: a lone writer is ENXIO again */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/t/p", O_WRONLY | O_NONBLOCK, 0), -ENXIO);
	rw = (int)vfsim_openat(t, AT_FDCWD, "/t/p", O_RDWR, 0);
	cr_assert_geq(rw, 0);
	w = (int)vfsim_openat(t, AT_FDCWD, "/t/p", O_WRONLY, 0);
	cr_assert_geq(w, 0);
	EXPECT(vfsim_close(t, w), 0);
	EXPECT(vfsim_close(t, rw), 0);
}

/* A runtime binds /dev/null over files: a node as a bind's source and
 * target, and what opening the bound file gives. */
VT_TEST(vfs_mknod, bind_node_over_file, "empty", setup)
{
	char buf[4];
	int fd;

	EXPECT(mk("/t/null", S_IFCHR | 0666, 1, 3), 0);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/file", O_CREAT | O_WRONLY, 0644);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_write(t, fd, "data", 4), 4);
	EXPECT(vfsim_close(t, fd), 0);
	EXPECT(vfsim_mount(t, "/t/null", "/t/file", NULL, MS_BIND, NULL), 0);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/t/file", O_RDONLY, 0);
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), 0);
	EXPECT(vfsim_close(t, fd), 0);
	/* a node as the target; a directory onto a node is ENOTDIR */
	EXPECT(vfsim_mount(t, "/t/file", "/t/null", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_mount(t, "/t", "/t/null", NULL, MS_BIND, NULL), -ENOTDIR);
	/* the bind onto nodev keeps the device closed */
	EXPECT(vfsim_mknodat(t, AT_FDCWD, "/n/f", S_IFREG | 0644, 0), 0);
	EXPECT(vfsim_mount(t, "/t/null", "/n/f", NULL, MS_BIND, NULL), 0);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/n/f", O_RDONLY, 0);
	cr_assert_geq(fd, 0);	/* the bind is a mount of its own: not nodev */
	EXPECT(vfsim_close(t, fd), 0);
	EXPECT(vfsim_mount(t, NULL, "/n/f", NULL, MS_REMOUNT | MS_BIND | MS_NODEV, NULL), 0);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/n/f", O_RDONLY, 0), -EACCES);
	EXPECT(vfsim_umount2(t, "/n/f", 0), 0);
	EXPECT(vfsim_umount2(t, "/t/null", 0), 0);
	EXPECT(vfsim_umount2(t, "/t/file", 0), 0);
}

/* get_tree_bdev(): the source's lookup, its type, nodev, the disk */
VT_TEST(vfs_mknod, ext4_source, "empty", setup)
{
	struct vfsim_task *u;

	EXPECT(mk("/t/null", S_IFCHR | 0666, 1, 3), 0);
	EXPECT(mk("/t/fifo", S_IFIFO | 0666, 0, 0), 0);
	EXPECT(mk("/t/vdb", S_IFBLK | 0600, 254, 16), 0);
	EXPECT(mk("/t/loop0", S_IFBLK | 0600, 7, 0), 0);
	EXPECT(mk("/n/vdb", S_IFBLK | 0600, 254, 16), 0);
	EXPECT(vfsim_symlinkat(t, "/t/vdb", AT_FDCWD, "/t/link"), 0);
	EXPECT(vfsim_mount(t, "/t/null", "/r", "ext4", 0, NULL), -ENOTBLK);
	EXPECT(vfsim_mount(t, "/t/fifo", "/r", "ext4", 0, NULL), -ENOTBLK);
	EXPECT(vfsim_mount(t, "/t", "/r", "ext4", 0, NULL), -ENOTBLK);
	EXPECT(vfsim_mount(t, "/t/missing", "/r", "ext4", 0, NULL), -ENOENT);
	EXPECT(vfsim_mount(t, "/n/vdb", "/r", "ext4", 0, NULL), -EACCES);
	EXPECT(vfsim_mount(t, "/t/loop0", "/r", "ext4", 0, NULL), -ENXIO);
	EXPECT(vfsim_mount(t, "/t/null", "/r", "ext4", 0, "bogus"), -ENOTBLK);
	EXPECT(vfsim_mount(t, "", "/r", "ext4", 0, NULL), -EINVAL);
	/* the walk's own errors: a search permission is EACCES */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/t/closed", 0700), 0);
	EXPECT(mk("/t/closed/vdc", S_IFBLK | 0600, 254, 32), 0);
	cr_assert_eq(vfsim_task_create(v, 1000, 1000, &u), 0);
	vfsim_task_set_caps(u, VFSIM_CAP_SYS_ADMIN);
	EXPECT(vfsim_mount(u, "/t/closed/vdc", "/r", "ext4", 0, NULL), -EACCES);
	vfsim_task_destroy(u);
	/* a node and the name of the same disk find one superblock */
	EXPECT(vfsim_mount(t, "/t/link", "/r", "ext4", 0, "label=b"), 0);
	EXPECT(vfsim_mount(t, "/dev/vdb", "/n", "ext4", MS_RDONLY, NULL), -EBUSY);
	EXPECT(vfsim_mount(t, "/dev/vdb", "/n", "ext4", 0, NULL), 0);
	{
		struct vt_mount a, b;

		cr_assert_eq(vt_mount_at(t, "/r", &a), 0);
		cr_assert_eq(vt_mount_at(t, "/n", &b), 0);
		cr_assert_eq(a.d.sb_unique_id, b.d.sb_unique_id);
	}
}
