// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * tmpfs's limits (fs/ramfs/shmem.c, 5.8's mm/shmem.c):
 *   - nr_inodes= counts every inode, the root's too: nr_inodes=2 takes one
 *     mkdir, the next is ENOSPC; freed inodes (the whole tree's, at
 *     unmount) come back;
 *   - size= counts pages: a write past it is short, or ENOSPC; truncate
 *     and hole punching give pages back; long symlinks take a page;
 *   - shmem_reconfigure(): "Too few inodes for current use", "Too small
 *     a size for current use", "Cannot retroactively limit ...", all
 *     EINVAL; 0 lifts a limit;
 *   - statfs: the limits, 0 where there are none; ramfs: zeros;
 *   - mountinfo: shmem_show_options(), only what differs from the
 *     defaults (size in k, mode in octal), as Linux 6.18 prints it;
 *   - size= with k/m/g/t/% and nr_inodes= with suffixes, huge=.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void dir_m(struct vfsim *vm)
{
	fx_dirs(vfsim_init_task(vm), "/m", NULL);
}

/* The mountinfo line of /m, from its fstype on ("tmpfs x rw,size=..."). */
static const char *mountinfo_m(void)
{
	static char buf[8192];
	char *line, *dash;
	long n = vfsim_mountinfo(t, buf, sizeof(buf) - 1);

	cr_assert_geq(n, 0);
	buf[n] = 0;
	line = strstr(buf, " /m ");
	cr_assert_not_null(line);
	*strchr(line, '\n') = 0;
	dash = strstr(line, " - ");
	cr_assert_not_null(dash);
	return dash + 3;
}

static void statfs_m(struct statfs *st)
{
	memset(st, 0, sizeof(*st));
	OK(vfsim_statfs(t, "/m", st));
}

VT_TEST(tmpfs_limits, nr_inodes_mkdir, "empty", dir_m)
{
	struct statfs st;

	OK(vfsim_mount(t, "t", "/m", "tmpfs", 0, "nr_inodes=2"));
	statfs_m(&st);
	cr_expect_eq(st.f_files, 2);
	cr_expect_eq(st.f_ffree, 1);	/* the root took one */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/a", 0755));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/b", 0755), -ENOSPC);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/f", O_CREAT | O_WRONLY, 0644), -ENOSPC);
	EXPECT(vfsim_symlinkat(t, "x", AT_FDCWD, "/m/l"), -ENOSPC);
	statfs_m(&st);
	cr_expect_eq(st.f_ffree, 0);
	/* shmem_reconfigure(): fewer than in use */
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "nr_inodes=1"), -EINVAL);
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "nr_inodes=3"));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/b", 0755));
	cr_expect_str_eq(mountinfo_m(), "tmpfs t rw,nr_inodes=3");
	/* 0 lifts the limit; then none can be set again */
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "nr_inodes=0"));
	statfs_m(&st);
	cr_expect_eq(st.f_files, 0);
	cr_expect_eq(st.f_ffree, 0);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/c", 0755));
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "nr_inodes=100"), -EINVAL);
	OK(vfsim_umount2(t, "/m", 0));
}

VT_TEST(tmpfs_limits, size_writes, "empty", dir_m)
{
	static char page[3 * 4096];
	struct statfs st;
	struct statx sx;
	int fd;

	memset(page, 'x', sizeof(page));
	OK(vfsim_mount(t, "t", "/m", "tmpfs", 0, "size=8k"));
	statfs_m(&st);
	cr_expect_eq(st.f_blocks, 2);
	cr_expect_eq(st.f_bfree, 2);
	cr_expect_eq(st.f_bsize, 4096);
	cr_expect_eq(st.f_type, 0x01021994);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/m/f", O_CREAT | O_RDWR, 0644);
	cr_assert_geq(fd, 0);
	/* dd of 12k into 8k: 8192 written, then ENOSPC */
	cr_expect_eq(vfsim_write(t, fd, page, sizeof(page)), 8192);
	EXPECT(vfsim_write(t, fd, page, 1), -ENOSPC);
	statfs_m(&st);
	cr_expect_eq(st.f_bfree, 0);
	OK(vfsim_statx(t, AT_FDCWD, "/m/f", 0, STATX_BASIC_STATS, &sx));
	cr_expect_eq(sx.stx_size, 8192);
	cr_expect_eq(sx.stx_blocks, 16);
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "size=4k"), -EINVAL);
	/* rewriting a page it has needs no new one */
	cr_expect_eq(vfsim_pwrite(t, fd, "y", 1, 4096), 1);
	/* truncate gives pages back */
	OK(vfsim_ftruncate(t, fd, 4097));
	statfs_m(&st);
	cr_expect_eq(st.f_bfree, 0);
	OK(vfsim_ftruncate(t, fd, 4096));
	statfs_m(&st);
	cr_expect_eq(st.f_bfree, 1);
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "size=4k"));
	cr_expect_str_eq(mountinfo_m(), "tmpfs t rw,size=4k");
	/* a long symlink takes a page: none left */
	memset(page, 'a', 200);
	page[200] = 0;
	EXPECT(vfsim_symlinkat(t, page, AT_FDCWD, "/m/long"), -ENOSPC);
	OK(vfsim_symlinkat(t, "short", AT_FDCWD, "/m/short"));
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "size=0"));
	OK(vfsim_symlinkat(t, page, AT_FDCWD, "/m/long"));
	OK(vfsim_statx(t, AT_FDCWD, "/m/long", AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &sx));
	cr_expect_eq(sx.stx_blocks, 8);
	cr_expect_eq(sx.stx_size, 200);
	statfs_m(&st);
	cr_expect_eq(st.f_blocks, 0);
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "size=1m"), -EINVAL);
	cr_expect_str_eq(mountinfo_m(), "tmpfs t rw,size=0k");
	OK(vfsim_close(t, fd));
	OK(vfsim_umount2(t, "/m", 0));
}

VT_TEST(tmpfs_limits, show_options, "empty", dir_m)
{
	static const struct {
		const char *data, *shown;
	} cases[] = {
		{ NULL, "tmpfs t rw" },
		{ "size=4m,nr_inodes=2,mode=0700", "tmpfs t rw,size=4096k,nr_inodes=2,mode=700" },
		{ "size=1", "tmpfs t rw,size=4k" },
		{ "size=1t", "tmpfs t rw,size=1073741824k" },
		{ "size=10%,nr_inodes=1k", "tmpfs t rw,size=838864k,nr_inodes=1024" },
		{ "size=50%", "tmpfs t rw" },	/* the default: half of 8 GiB */
		{ "huge=always,uid=5,gid=6,mode=1777", "tmpfs t rw,uid=5,gid=6,huge=always" },
		{ "nr_blocks=3,mode=17", "tmpfs t rw,size=12k,mode=017" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		OK(vfsim_mount(t, "t", "/m", "tmpfs", 0, cases[i].data));
		cr_expect_str_eq(mountinfo_m(), cases[i].shown, "%s", cases[i].data);
		OK(vfsim_umount2(t, "/m", 0));
	}
}

VT_TEST(tmpfs_limits, bad_options, "empty", dir_m)
{
	static const char *const bad[] = {
		"size=1kk", "size=", "size", "size=x", "nr_inodes=1%", "nr_inodes=",
		"mode=8", "mode=", "uid=-1", "uid=4294967295", "gid=x",
		"huge=deny", "huge=", "mpol=default", "bogus",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT(vfsim_mount(t, "t", "/m", "tmpfs", 0, bad[i]), -EINVAL);
	/* remount parses the same and ignores mode=, uid=, gid= */
	OK(vfsim_mount(t, "t", "/m", "tmpfs", 0, "mode=700"));
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "size=1kk"), -EINVAL);
	OK(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "mode=755,uid=3,huge=advise"));
	cr_expect_str_eq(mountinfo_m(), "tmpfs t rw,mode=700,huge=advise");
	OK(vfsim_umount2(t, "/m", 0));
}

VT_TEST(tmpfs_limits, ramfs_statfs, "empty", dir_m)
{
	struct statfs st;

	OK(vfsim_mount(t, "r", "/m", "ramfs", 0, "mode=700,size=3"));
	statfs_m(&st);
	cr_expect_eq(st.f_blocks, 0);
	cr_expect_eq(st.f_files, 0);
	cr_expect_eq(st.f_type, 0x858458f6);
	OK(vfsim_umount2(t, "/m", 0));
	OK(vfsim_mount(t, "t", "/m", "tmpfs", MS_RDONLY | MS_NOSUID, NULL));
	statfs_m(&st);
	cr_expect_eq(st.f_blocks, 1048576);
	cr_expect_eq(st.f_files, 1048576);
	cr_expect_eq(st.f_ffree, 1048575);
	cr_expect_eq(st.f_flags & (ST_RDONLY | ST_NOSUID), ST_RDONLY | ST_NOSUID);
	OK(vfsim_umount2(t, "/m", 0));
}

/* The tmpfs directory sizes (BOGO_DIRENT_SIZE per entry) 6.18 shows. */
VT_TEST(tmpfs_limits, dir_sizes, "empty", dir_m)
{
	struct statx sx;

	OK(vfsim_mount(t, "t", "/m", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755));
	OK(vfsim_statx(t, AT_FDCWD, "/m", 0, STATX_BASIC_STATS, &sx));
	cr_expect_eq(sx.stx_size, 60);
	OK(vfsim_statx(t, AT_FDCWD, "/m/d", 0, STATX_BASIC_STATS, &sx));
	cr_expect_eq(sx.stx_size, 40);
	OK(vfsim_umount2(t, "/m", 0));
}
