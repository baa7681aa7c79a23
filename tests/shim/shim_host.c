// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Host calls through the shim are libc's, untouched: a host file, a plain
 * pipe (pipe() and pipe2() without O_NOTIFICATION_PIPE), ioctl(FIONREAD)
 * on it, errors, other syscall() numbers, and opens the rule leaves to the
 * host.  None of it sets the model up: this program runs with
 * VFSIM_SHIM_SCENARIO = fails.scn, which prints a word to stderr and then
 * fails, and only the first call for the model makes that happen (and
 * fails with ENOSYS).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/fsinfo.h>
#include <linux/watch_queue.h>

#include "shim_check.h"

int main(void)
{
	char path[] = "/tmp/vfsim-shim-hostXXXXXX", buf[16];
	struct fsinfo_params p = { .request = FSINFO_ATTR_STATFS };
	struct rlimit rl;
	int fd, pfd[2], n;

	capture_stderr();

	/* Host fds stay below the model's range. */
	CHECK(getrlimit(RLIMIT_NOFILE, &rl) == 0);
	CHECK(rl.rlim_cur <= VFSIM_SHIM_FD_BASE && rl.rlim_max <= VFSIM_SHIM_FD_BASE);

	/* A host file: open (O_CREAT, so the mode argument is passed on),
	 * write, read back, close. */
	fd = mkstemp(path);
	CHECK(fd >= 0 && fd < VFSIM_SHIM_FD_BASE);
	CHECK(close(fd) == 0);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	CHECK(fd >= 0 && fd < VFSIM_SHIM_FD_BASE);
	CHECK(write(fd, "host", 4) == 4);
	CHECK(lseek(fd, 0, SEEK_SET) == 0);
	CHECK(read(fd, buf, sizeof(buf)) == 4 && memcmp(buf, "host", 4) == 0);
	CHECK(close(fd) == 0);
	fd = openat(AT_FDCWD, path, O_RDONLY);
	CHECK(fd >= 0 && fd < VFSIM_SHIM_FD_BASE);
	CHECK(syscall(SYS_read, fd, buf, sizeof(buf)) == 4);
	CHECK(syscall(SYS_close, fd) == 0);
	CHECK(unlink(path) == 0);
	CHECK_ERR(open(path, O_RDONLY), ENOENT);

	/* Plain pipes are the host's. */
	CHECK(pipe(pfd) == 0);
	CHECK(pfd[0] < VFSIM_SHIM_FD_BASE && pfd[1] < VFSIM_SHIM_FD_BASE);
	CHECK(write(pfd[1], "abc", 3) == 3);
	CHECK(ioctl(pfd[0], FIONREAD, &n) == 0 && n == 3);
	CHECK(read(pfd[0], buf, sizeof(buf)) == 3 && memcmp(buf, "abc", 3) == 0);
	CHECK(close(pfd[0]) == 0 && close(pfd[1]) == 0);
	CHECK(pipe2(pfd, O_CLOEXEC | O_NONBLOCK) == 0);
	CHECK(pfd[0] < VFSIM_SHIM_FD_BASE);
	CHECK(fcntl(pfd[0], F_GETFD) == FD_CLOEXEC);
	CHECK_ERR(read(pfd[0], buf, sizeof(buf)), EAGAIN);
	CHECK(syscall(SYS_write, pfd[1], "z", 1) == 1);
	CHECK(read(pfd[0], buf, sizeof(buf)) == 1 && buf[0] == 'z');
	CHECK(close(pfd[0]) == 0 && close(pfd[1]) == 0);
	CHECK(syscall(SYS_pipe2, pfd, 0) == 0 && pfd[0] < VFSIM_SHIM_FD_BASE);
	CHECK(close(pfd[0]) == 0 && close(pfd[1]) == 0);

	/* Host errors and other numbers pass through. */
	CHECK_ERR(read(-1, buf, 1), EBADF);
	CHECK_ERR(close(-1), EBADF);
	CHECK_ERR(ioctl(-1, FIONREAD, &n), EBADF);
	CHECK(syscall(SYS_getpid) == getpid());
	CHECK_ERR(syscall(SYS_close, -1), EBADF);

	/* An open that is not a directory's goes to the host, and so does
	 * one relative to a host dirfd. */
	fd = open("/dev/null", O_WRONLY);
	CHECK(fd >= 0 && fd < VFSIM_SHIM_FD_BASE);
	n = openat(fd, "/dev", O_PATH | O_DIRECTORY);	/* absolute: dfd ignored */
	CHECK(n >= 0 && n < VFSIM_SHIM_FD_BASE);
	CHECK(close(n) == 0 && close(fd) == 0);
	/* Model fds are no host fds: what is not routed gets EBADF. */
	CHECK_ERR(fcntl(VFSIM_SHIM_FD_BASE + 3, F_GETFD), EBADF);

	/* The first call for the model runs the scenario, which fails: the
	 * reason is on stderr, once, and model calls are ENOSYS. */
	CHECK(captured()[0] == '\0');
	CHECK_ERR(syscall(__NR_fsinfo, AT_FDCWD, "/", &p, buf, sizeof(buf)), ENOSYS);
	CHECK(strstr(captured(), "vfsim-shim-model-setup\n") != NULL);
	CHECK(strstr(captured(), "mkdir /no/such/dir: ENOENT") != NULL);
	CHECK(strstr(captured(), "vfsim-shim: VFSIM_SHIM_SCENARIO=") != NULL);
	CHECK(strstr(captured(), "fails.scn failed (exit status 1") != NULL);
	n = (int)strlen(captured());
	CHECK_ERR(pipe2(pfd, O_NOTIFICATION_PIPE), ENOSYS);
	CHECK_ERR(close(VFSIM_SHIM_FD_BASE + 3), ENOSYS);
	CHECK(vfsim_shim_instance() == NULL && vfsim_shim_task() == NULL);
	CHECK((int)strlen(captured()) == n);
	CHECKS_DONE("shim_host");
}
