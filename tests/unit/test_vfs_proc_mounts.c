/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /proc/self/mountinfo, mounts and mountstats as files (vfs/proc_namespace.c,
 * vfs/seq_file.c): rendered when read, in pieces that join to what one read
 * gives, with 5.8's cursor deciding what a change between two reads shows;
 * lseek() back re-renders; poll() reports POLLERR|POLLPRI once per change
 * of the namespace (vfs/select.c, and pipes' poll beside it).  Fault sweeps
 * over open, read and poll.
 *
 *   /            tmpfs (empty tree)
 *   |-/proc      proc
 *   |-/a         tmpfs "a"
 *   |-/b         tmpfs "b"
 *   `-/c         tmpfs "c"
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void tree(struct vfsim *vm)
{
	struct vfsim_task *it = vfsim_init_task(vm);

	fx_dirs(it, "/proc", "/a", "/b", "/c", NULL);
	OK(vfsim_mount(it, "proc", "/proc", "proc", 0, NULL));
	fx_tmpfs(it, "a", "/a");
	fx_tmpfs(it, "b", "/b");
	fx_tmpfs(it, "c", "/c");
}

/* Read @fd to EOF in pieces of @chunk bytes: the text, malloc()ed. */
static char *read_all(int fd, size_t chunk)
{
	size_t len = 0, cap = 1;
	char *buf = malloc(cap);
	long n;

	cr_assert_not_null(buf);
	for (;;) {
		if (len + chunk + 1 > cap) {
			cap = len + chunk + 1;
			buf = realloc(buf, cap);
			cr_assert_not_null(buf);
		}
		n = vfsim_read(t, fd, buf + len, chunk);
		cr_assert_geq(n, 0, "read: %ld", n);
		if (n == 0)
			break;
		cr_assert_leq((size_t)n, chunk);
		len += (size_t)n;
	}
	buf[len] = '\0';
	return buf;
}

static char *whole_mountinfo(void)
{
	long n = vfsim_mountinfo(t, NULL, 0);
	char *buf = malloc((size_t)n + 1);

	cr_assert_not_null(buf);
	cr_assert_eq(vfsim_mountinfo(t, buf, (size_t)n + 1), n);
	return buf;
}

static int open_ro(const char *path)
{
	long fd = vfsim_openat(t, AT_FDCWD, path, O_RDONLY, 0);

	cr_assert_geq(fd, 0, "open %s: %ld", path, fd);
	return (int)fd;
}

/* The file gives vfsim_mountinfo()'s text, in any size of pieces. */
VT_TEST(proc_mounts, pieces_join, "empty", tree)
{
	static const size_t chunks[] = { 1, 2, 7, 64, 100, 4096, 65536 };
	char *want = whole_mountinfo();
	size_t i;

	for (i = 0; i < sizeof(chunks) / sizeof(chunks[0]); i++) {
		int fd = open_ro("/proc/self/mountinfo");
		char *got = read_all(fd, chunks[i]);

		cr_expect_str_eq(got, want, "pieces of %zu", chunks[i]);
		free(got);
		OK(vfsim_close(t, fd));
	}
	free(want);
}

/* /proc/mounts and /proc/self/mounts: fstab lines; mountstats its own. */
VT_TEST(proc_mounts, mounts_and_mountstats, "empty", tree)
{
	int fd = open_ro("/proc/mounts");
	char *text = read_all(fd, 10);

	OK(vfsim_mount(t, NULL, "/b", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	cr_expect(strstr(text, "a /a tmpfs rw,relatime 0 0\n"), "%s", text);
	cr_expect(strstr(text, "proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0\n") ||
		  strstr(text, "proc /proc proc rw"), "%s", text);
	free(text);
	OK(vfsim_close(t, fd));

	fd = open_ro("/proc/self/mounts");
	text = read_all(fd, 4096);
	cr_expect(strstr(text, "b /b tmpfs ro,relatime 0 0\n"), "%s", text);
	free(text);
	OK(vfsim_close(t, fd));

	fd = open_ro("/proc/self/mountstats");
	text = read_all(fd, 3);
	cr_expect(strstr(text, "device a mounted on /a with fstype tmpfs\n"), "%s", text);
	cr_expect(strstr(text, "device proc mounted on /proc with fstype proc\n"), "%s", text);
	free(text);
	OK(vfsim_close(t, fd));
}

/* Where line @n (from 0) of @text starts. */
static size_t line_start(const char *text, int n)
{
	const char *p = text;

	while (n-- > 0) {
		p = strchr(p, '\n');
		cr_assert_not_null(p);
		p++;
	}
	return (size_t)(p - text);
}

/*
 * A read that ends at a line's end leaves the cursor before the next
 * mount.  Unmounting that mount moves nothing: the next read starts with
 * the one after it (5.8's cursor; an index would skip it).  A mount made
 * meanwhile is at the list's tail and shows at the end.
 */
VT_TEST(proc_mounts, cursor_across_changes, "empty", tree)
{
	char *before = whole_mountinfo(), *rest, buf[8192];
	int fd = open_ro("/proc/self/mountinfo");
	size_t upto_a = line_start(before, 3);	/* /, /proc, /a */
	long n;

	n = vfsim_read(t, fd, buf, upto_a);
	cr_assert_eq(n, (long)upto_a);
	cr_assert_eq(memcmp(buf, before, upto_a), 0);
	OK(vfsim_umount2(t, "/b", 0));
	fx_dirs(t, "/d", NULL);
	fx_tmpfs(t, "d", "/d");
	rest = read_all(fd, 50);
	cr_expect(strstr(rest, " / /c ") && strstr(rest, " / /c ") < strchr(rest, '\n'),
		  "c first: %s", rest);
	cr_expect_null(strstr(rest, " / /b "), "%s", rest);
	cr_expect_not_null(strstr(rest, " / /d "), "%s", rest);
	free(rest);

	/* at EOF a read stays at EOF, whatever is mounted */
	fx_dirs(t, "/e", NULL);
	fx_tmpfs(t, "e", "/e");
	cr_expect_eq(vfsim_read(t, fd, buf, sizeof(buf)), 0);

	/* back to the start: all of it, as it is now */
	cr_expect_eq(vfsim_lseek(t, fd, 0, SEEK_SET), 0);
	rest = read_all(fd, 4096);
	free(before);
	before = whole_mountinfo();
	cr_expect_str_eq(rest, before);
	free(rest);
	OK(vfsim_close(t, fd));
	free(before);
}

/* A read left part of a line in the buffer: the next read gives it first. */
VT_TEST(proc_mounts, leftover_first, "empty", tree)
{
	char *before = whole_mountinfo(), *rest, buf[16];
	int fd = open_ro("/proc/self/mountinfo");
	size_t len = strlen(before);

	cr_assert_eq(vfsim_read(t, fd, buf, 5), 5);
	fx_dirs(t, "/d", NULL);
	fx_tmpfs(t, "d", "/d");
	rest = read_all(fd, 4096);
	cr_expect_eq(strncmp(rest, before + 5, len - 5), 0, "%s", rest);
	cr_expect_not_null(strstr(rest + len - 5, " / /d "), "%s", rest);
	free(rest);
	free(before);
	OK(vfsim_close(t, fd));
}

/* lseek(): SEEK_SET and SEEK_CUR re-render up to there; others EINVAL. */
VT_TEST(proc_mounts, seek, "empty", tree)
{
	char *all = whole_mountinfo(), *rest;
	int fd = open_ro("/proc/self/mountinfo");
	size_t len = strlen(all);

	cr_expect_eq(vfsim_lseek(t, fd, 10, SEEK_SET), 10);
	rest = read_all(fd, 7);
	cr_expect_str_eq(rest, all + 10);
	free(rest);
	cr_expect_eq(vfsim_lseek(t, fd, 0, SEEK_CUR), (int64_t)len);
	cr_expect_eq(vfsim_lseek(t, fd, -3, SEEK_CUR), (int64_t)len - 3);
	rest = read_all(fd, 1);
	cr_expect_str_eq(rest, all + len - 3);
	free(rest);
	/* past the end: nothing to read there */
	cr_expect_eq(vfsim_lseek(t, fd, (int64_t)len + 100, SEEK_SET), (int64_t)len + 100);
	rest = read_all(fd, 10);
	cr_expect_str_eq(rest, "");
	free(rest);
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_END), -EINVAL);
	EXPECT(vfsim_lseek(t, fd, -1, SEEK_SET), -EINVAL);
	EXPECT(vfsim_lseek(t, fd, 0, SEEK_HOLE), -EINVAL);
	/* a read at another offset than the last ended at: traverse() */
	cr_expect_eq(vfsim_lseek(t, fd, 4, SEEK_SET), 4);
	rest = read_all(fd, 4096);
	cr_expect_str_eq(rest, all + 4);
	free(rest);
	free(all);
	OK(vfsim_close(t, fd));
}

/* A long mount point: a record bigger than the first buffer doubles it. */
VT_TEST(proc_mounts, big_record, "empty", tree)
{
	char path[3000] = "/a", *all, *got;
	int fd;

	while (strlen(path) < 2600)
		strcat(path, "/dddddddddddddddddddddddddddddddddddddddddddddddd");
	OK(vt_mkdir_p(t, path, 0755));
	OK(vfsim_mount(t, "x", path, "tmpfs", 0, "size=1m,nr_inodes=100,mode=0700,uid=1,gid=2"));
	strcat(path, "/e");
	OK(vt_mkdir_p(t, path, 0755));
	OK(vfsim_mount(t, "y", path, "tmpfs", 0, NULL));
	all = whole_mountinfo();
	cr_assert_gt(strlen(all), 4096);
	fd = open_ro("/proc/self/mountinfo");
	got = read_all(fd, 3);
	cr_expect_str_eq(got, all);
	free(got);
	OK(vfsim_close(t, fd));
	fd = open_ro("/proc/self/mountinfo");
	cr_expect_eq(vfsim_lseek(t, fd, 5000, SEEK_SET), 5000);
	got = read_all(fd, 100000);
	cr_expect_str_eq(got, all + 5000);
	free(got);
	OK(vfsim_close(t, fd));
	free(all);
}

/* A chrooted opener sees its root's mounts only, relative to it. */
VT_TEST(proc_mounts, chrooted_opener, "empty", tree)
{
	char *text;
	int fd;

	fx_dirs(t, "/a/x", NULL);
	fx_tmpfs(t, "ax", "/a/x");
	OK(vfsim_chroot(t, "/a"));
	OK(vfsim_chdir(t, "/"));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/proc/self/mountinfo", O_RDONLY, 0), -ENOENT);
	OK(vfsim_chroot(t, "."));
	fx_dirs(t, "/p", NULL);
	OK(vfsim_mount(t, "proc", "/p", "proc", 0, NULL));
	fd = open_ro("/p/self/mountinfo");
	text = read_all(fd, 4096);
	cr_expect_not_null(strstr(text, " / / "), "%s", text);
	cr_expect_not_null(strstr(text, " / /x "), "%s", text);
	cr_expect_not_null(strstr(text, " / /p "), "%s", text);
	cr_expect_null(strstr(text, " / /b "), "%s", text);
	free(text);
	OK(vfsim_close(t, fd));
}

static short poll1(int fd, short events)
{
	struct pollfd p = { .fd = fd, .events = events, .revents = 0x7fff };
	long n = vfsim_poll(t, &p, 1);

	cr_assert_geq(n, 0, "poll: %ld", n);
	cr_assert_eq(n, p.revents != 0);
	return p.revents;
}

/* poll(): ERR|PRI once after each change, whoever made it; IN always. */
VT_TEST(proc_mounts, poll_after_change, "empty", tree)
{
	int fd = open_ro("/proc/self/mountinfo");
	int fd2 = open_ro("/proc/self/mounts");
	struct vfsim_task *u;

	cr_expect_eq(poll1(fd, POLLIN | POLLPRI), POLLIN);
	cr_expect_eq(poll1(fd, POLLIN | POLLRDNORM), POLLIN | POLLRDNORM);
	OK(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	cr_expect_eq(poll1(fd, POLLPRI), POLLPRI | POLLERR);
	cr_expect_eq(poll1(fd, POLLPRI), 0);
	/* ERR is reported even if not asked for; the second file has its own */
	cr_expect_eq(poll1(fd2, 0), POLLERR);
	cr_expect_eq(poll1(fd2, POLLPRI), 0);
	/* another task's change of the same namespace */
	OK(vfsim_task_create(v, 0, 0, &u));
	OK(vfsim_umount2(u, "/c", 0));
	cr_expect_eq(poll1(fd, POLLIN | POLLPRI), POLLIN | POLLPRI | POLLERR);
	/* a failed mount changes nothing */
	EXPECT(vfsim_umount2(t, "/c", 0), -EINVAL);
	cr_expect_eq(poll1(fd, POLLPRI), 0);
	OK(vfsim_close(t, fd));
	OK(vfsim_close(t, fd2));
}

/* poll() of the fds around: not open, negative, O_PATH, files, pipes. */
VT_TEST(proc_mounts, poll_fds, "empty", tree)
{
	struct pollfd p[4];
	int pfd[2];
	long file, opath;

	file = vfsim_openat(t, AT_FDCWD, "/a/f", O_RDWR | O_CREAT, 0644);
	cr_assert_geq(file, 0);
	opath = vfsim_openat(t, AT_FDCWD, "/a", O_PATH, 0);
	cr_assert_geq(opath, 0);
	memset(p, 0, sizeof(p));
	p[0].fd = 99;
	p[0].events = POLLIN;
	p[1].fd = -1;
	p[1].events = POLLIN;
	p[1].revents = POLLIN;
	p[2].fd = (int)file;
	p[2].events = POLLIN | POLLOUT | POLLPRI;
	p[3].fd = (int)opath;
	p[3].events = POLLIN;
	cr_expect_eq(vfsim_poll(t, p, 4), 3);
	cr_expect_eq(p[0].revents, POLLNVAL);
	cr_expect_eq(p[1].revents, 0);
	cr_expect_eq(p[2].revents, POLLIN | POLLOUT);
	cr_expect_eq(p[3].revents, POLLNVAL);
	cr_expect_eq(vfsim_poll(t, NULL, 0), 0);
	EXPECT(vfsim_poll(t, p, 1025), -EINVAL);
	EXPECT(vfsim_poll(t, NULL, 1), -EFAULT);

	OK(vfsim_pipe2(t, pfd, O_NONBLOCK));
	cr_expect_eq(poll1(pfd[0], POLLIN | POLLOUT), 0);
	cr_expect_eq(poll1(pfd[1], POLLIN | POLLOUT), POLLOUT);
	cr_expect_eq(vfsim_write(t, pfd[1], "x", 1), 1);
	cr_expect_eq(poll1(pfd[0], POLLIN), POLLIN);
	OK(vfsim_close(t, pfd[1]));
	cr_expect_eq(poll1(pfd[0], POLLIN), POLLIN | POLLHUP);
	OK(vfsim_close(t, pfd[0]));
	OK(vfsim_pipe2(t, pfd, O_NONBLOCK));
	OK(vfsim_close(t, pfd[0]));
	cr_expect_eq(poll1(pfd[1], POLLOUT), POLLOUT | POLLERR);
	OK(vfsim_close(t, pfd[1]));
	OK(vfsim_close(t, (int)file));
	OK(vfsim_close(t, (int)opath));
}

/* The files cannot be written; reading a directory of proc is EISDIR. */
VT_TEST(proc_mounts, refusals, "empty", tree)
{
	long fd = vfsim_openat(t, AT_FDCWD, "/proc/self/mountinfo", O_RDONLY, 0);

	cr_assert_geq(fd, 0);
	EXPECT(vfsim_write(t, (int)fd, "x", 1), -EBADF);
	OK(vfsim_close(t, (int)fd));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/proc/self/mountinfo", O_RDONLY | O_CREAT | O_EXCL, 0644),
	       -EEXIST);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/proc/self/nothing", O_RDONLY, 0), -ENOENT);
	fd = vfsim_openat(t, AT_FDCWD, "/proc/self", O_RDONLY | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_read(t, (int)fd, NULL, 0), -EISDIR);
	OK(vfsim_close(t, (int)fd));
}

/* An open file keeps its namespace's place; closing it leaves no cursor. */
VT_TEST(proc_mounts, close_mid_read, "empty", tree)
{
	char buf[8];
	int fd = open_ro("/proc/self/mountinfo");

	cr_assert_eq(vfsim_read(t, fd, buf, sizeof(buf)), (long)sizeof(buf));
	OK(vfsim_umount2(t, "/a", 0));
	OK(vfsim_close(t, fd));
	cr_expect_eq(vfsim_check_invariants(v, NULL, 0), 0);
}

/* ---- fault sweeps ---------------------------------------------------- */

static int sweep_fd = -1;

/* The tree, and an fd opened and closed: the first open grows the fd
 * table, which stays. */
static void sweep_setup(struct fault_run *r)
{
	long fd;

	tree(r->v);
	fd = vfsim_openat(r->t, AT_FDCWD, "/proc/self/mounts", O_RDONLY, 0);
	cr_assert_geq(fd, 0);
	OK(vfsim_close(r->t, (int)fd));
}

static void open_setup(struct fault_run *r)
{
	long fd;

	sweep_setup(r);
	fd = vfsim_openat(r->t, AT_FDCWD, "/proc/self/mountinfo", O_RDONLY, 0);
	cr_assert_geq(fd, 0);
	sweep_fd = (int)fd;
}

static void open_cleanup(struct fault_run *r)
{
	(void)r;
}

static long op_open(struct fault_run *r)
{
	long fd = vfsim_openat(r->t, AT_FDCWD, r->args[0], O_RDONLY, 0);

	if (fd >= 0)
		OK(vfsim_close(r->t, (int)fd));
	return fd < 0 ? fd : 0;
}

static char read_buf[65536];

static long op_read(struct fault_run *r)
{
	cr_assert_eq(vfsim_lseek(r->t, sweep_fd, 0, SEEK_SET), 0);
	return vfsim_read(r->t, sweep_fd, r->args[0], 4000);
}

static char *read_outcome(struct fault_run *r)
{
	char *s = malloc(4100);

	cr_assert_not_null(s);
	snprintf(s, 4100, "%ld %.*s", r->ret, r->ret > 0 ? (int)r->ret : 0,
		 (const char *)r->args[0]);
	return s;
}

/* a big tree: the first record does not fit the first buffer */
static void big_setup(struct fault_run *r)
{
	char path[4096] = "/a", opts[2001];

	open_setup(r);
	while (strlen(path) < 2600)
		strcat(path, "/dddddddddddddddddddddddddddddddddddddddddddddddd");
	OK(vt_mkdir_p(r->t, path, 0755));
	OK(vfsim_mount(r->t, "x", path, "tmpfs", 0, NULL));


	while (strlen(path) < 3000)
		strcat(path, "/ffffffffffffffffffffffffffffffffffffffffffffffff");
	OK(vt_mkdir_p(r->t, path, 0755));
	/* ramfs shows the options it was given: a record past 4096 bytes */
	memset(opts, 'o', sizeof(opts) - 1);
	opts[sizeof(opts) - 1] = '\0';
	OK(vfsim_mount(r->t, "y", path, "ramfs", 0, opts));
}

/* to EOF: the second read meets the record that needs a bigger buffer */
static long op_read_whole(struct fault_run *r)
{
	size_t len = 0;
	long n;

	memset(read_buf, 0, sizeof(read_buf));
	cr_assert_eq(vfsim_lseek(r->t, sweep_fd, 0, SEEK_SET), 0);
	do {
		n = vfsim_read(r->t, sweep_fd, read_buf + len, sizeof(read_buf) - 1 - len);
		if (n < 0)
			return n;
		len += (size_t)n;
	} while (n > 0);
	return (long)len;
}

static char *whole_outcome(struct fault_run *r)
{
	char *s = malloc(sizeof(read_buf) + 32);

	cr_assert_not_null(s);
	snprintf(s, sizeof(read_buf) + 32, "%ld %.*s", r->ret,
		 r->ret > 0 ? (int)r->ret : 0, read_buf);
	return s;
}

/* lseek() to the middle of the big record: traverse() renders up to
 * there, in a buffer it doubles once */
static long op_seek_big(struct fault_run *r)
{
	long ret = (long)vfsim_lseek(r->t, sweep_fd, 5000, SEEK_SET);

	if (ret >= 0)
		cr_assert_eq(vfsim_lseek(r->t, sweep_fd, 0, SEEK_SET), 0);
	return ret;
}

/* two reads: the second gives what the first left in the buffer */
static long op_read_twice(struct fault_run *r)
{
	long n;

	cr_assert_eq(vfsim_lseek(r->t, sweep_fd, 0, SEEK_SET), 0);
	n = vfsim_read(r->t, sweep_fd, r->args[0], 5);
	if (n < 0)
		return n;
	return vfsim_read(r->t, sweep_fd, (char *)r->args[0] + 5, 5);
}

/* two zeroed entries (fd 0, the open file, twice) */
#define POLL_FDS_SIZE (2 * sizeof(struct pollfd))

/* two zeroed entries: fd 0 (the open file), no events asked */
static long op_poll(struct fault_run *r)
{
	return vfsim_poll(r->t, r->args[0], 2);
}

/* the file, the seq_file, its private data (proc_mounts) */
FAULT_ALLOC_TEST(proc_mounts_fault_alloc, open, .setup = sweep_setup,
		 .op = op_open, .changes_nothing = true, .frees_all = true,
		 .nargs = 1, .args = { "/proc/self/mountinfo" }, .min_allocs = 3)
/* the first buffer */
FAULT_ALLOC_TEST(proc_mounts_fault_alloc, read, .setup = open_setup,
		 .cleanup = open_cleanup, .op = op_read, .frees_all = true,
		 .nargs = 1, .buf_size = 4096, .outcome = read_outcome, .min_allocs = 1)
/* the first buffer, the doubled one */
FAULT_ALLOC_TEST(proc_mounts_fault_alloc, read_big, .setup = big_setup,
		 .op = op_read_whole, .frees_all = true,
		 .outcome = whole_outcome, .min_allocs = 2)
/* the first buffer, the doubled one */
FAULT_ALLOC_TEST(proc_mounts_fault_alloc, seek_big, .setup = big_setup,
		 .op = op_seek_big, .frees_all = true, .min_allocs = 2)
/* the array of pollfds */
FAULT_ALLOC_TEST(proc_mounts_fault_alloc, poll, .setup = open_setup,
		 .op = op_poll, .changes_nothing = true, .frees_all = true,
		 .nargs = 1, .buf_size = POLL_FDS_SIZE, .min_allocs = 1)

/* the path */
FAULT_UACCESS_TEST(proc_mounts_fault_uaccess, open, .setup = sweep_setup,
		   .op = op_open, .changes_nothing = true, .frees_all = true,
		   FAULT_ONE_PATH("/proc/self/mountinfo"))
/* the text out (the buffer the text was rendered into stays the file's
 * until it is closed: no .frees_all) */
FAULT_UACCESS_TEST(proc_mounts_fault_uaccess, read, .setup = open_setup,
		   .op = op_read, .outcome = read_outcome,
		   .nargs = 1, .buf_size = 4096, .copies = 1)
/* the first read's text out, the second's from what the first left */
FAULT_UACCESS_TEST(proc_mounts_fault_uaccess, read_twice, .setup = open_setup,
		   .op = op_read_twice, .nargs = 1, .buf_size = 16, .copies = 2)
/* the array in, each revents out */
FAULT_UACCESS_TEST(proc_mounts_fault_uaccess, poll, .setup = open_setup,
		   .op = op_poll, .changes_nothing = true, .frees_all = true,
		   .nargs = 1, .buf_size = POLL_FDS_SIZE, .copies = 3)
