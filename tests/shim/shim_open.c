// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The open rule (docs/shim.md), run once per VFSIM_SHIM_OPEN value:
 * `shim_open dirs|all|none` checks that open()/openat() go where that
 * value says.  A model fd is VFSIM_SHIM_FD_BASE or above, a host fd below.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <vfsim/vfsim.h>

#include "shim_check.h"

static bool is_model(int fd)
{
	return fd >= VFSIM_SHIM_FD_BASE;
}

static bool is_host(int fd)
{
	return fd >= 0 && fd < VFSIM_SHIM_FD_BASE;
}

/* Open, check where the fd is, close it. */
#define CHECK_OPEN(call, where)						\
	do {								\
		int fd_ = (call);					\
									\
		CHECK(where(fd_));					\
		CHECK(close(fd_) == 0);					\
	} while (0)

int main(int argc, char **argv)
{
	bool dirs, all, none;
	long mfd;
	int hfd;
	DIR *d;

	CHECK(argc == 2);
	dirs = strcmp(argv[1], "dirs") == 0;
	all = strcmp(argv[1], "all") == 0;
	none = strcmp(argv[1], "none") == 0;
	CHECK(dirs || all || none);

	/* Relative to a model dirfd: always the model. */
	mfd = vfsim_openat(vfsim_shim_task(), AT_FDCWD, "/", O_PATH | O_DIRECTORY, 0);
	CHECK(mfd >= 0);
	mfd = VFSIM_SHIM_FD(mfd);
	CHECK_OPEN(openat((int)mfd, "mnt", O_PATH), is_model);
	CHECK_OPEN(openat((int)mfd, "proc/version", O_RDONLY), is_model);
	CHECK_OPEN(openat64((int)mfd, "tmp", O_RDONLY | O_DIRECTORY), is_model);
	CHECK_OPEN((int)syscall(SYS_openat, mfd, "home", O_PATH), is_model);
	CHECK_ERR(openat((int)mfd, "no-such-file", O_RDONLY), ENOENT);

	/* Relative to a host dirfd: always the host.  opendir() opens inside
	 * glibc, past the shim: a host fd whatever the rule. */
	d = opendir("/");
	CHECK(d != NULL);
	hfd = dirfd(d);
	CHECK(is_host(hfd));
	CHECK_OPEN(openat(hfd, "tmp", O_RDONLY | O_DIRECTORY), is_host);
	CHECK_OPEN(openat(hfd, "dev/null", O_WRONLY), is_host);
	CHECK_OPEN(openat(hfd, "tmp", O_PATH), is_host);
	CHECK(closedir(d) == 0);

	/* Directories and O_PATH from AT_FDCWD: the model under dirs and all. */
	if (dirs || all) {
		CHECK_OPEN(open("/", O_RDONLY | O_DIRECTORY), is_model);
		CHECK_OPEN(open("/mnt", O_PATH), is_model);
		CHECK_OPEN(open64("/tmp", O_PATH | O_DIRECTORY), is_model);
		CHECK_OPEN(openat(AT_FDCWD, "proc", O_RDONLY | O_DIRECTORY), is_model);
		CHECK_OPEN((int)syscall(SYS_openat, AT_FDCWD, "/home", O_PATH), is_model);
	} else {
		CHECK_OPEN(open("/", O_RDONLY | O_DIRECTORY), is_host);
		CHECK_OPEN(open("/", O_PATH), is_host);
		CHECK_OPEN(openat(AT_FDCWD, "/", O_PATH), is_host);
		CHECK_OPEN((int)syscall(SYS_openat, AT_FDCWD, "/", O_PATH), is_host);
	}

	/* Other opens: the host, but under all. */
	if (all) {
		/* The model's /dev has null (docs/default-tree.md), not more. */
		CHECK_OPEN(open("/dev/null", O_RDONLY), is_model);
		CHECK_ERR(open("/dev/kmsg", O_RDONLY), ENOENT);
		CHECK_OPEN(open("/proc/version", O_RDONLY), is_model);
	} else {
		CHECK_OPEN(open("/dev/null", O_RDONLY), is_host);
		CHECK_OPEN(openat(AT_FDCWD, "/dev/null", O_WRONLY), is_host);
	}

	/* O_TMPFILE has O_DIRECTORY's bit but is never "a directory": the
	 * host's ENOENT for a missing directory, not the model's EOPNOTSUPP
	 * (which comes before its lookup). */
	CHECK_ERR(open("/vfsim-shim-no-such-dir", O_TMPFILE | O_RDWR, 0600),
		  all ? EOPNOTSUPP : ENOENT);
	CHECK(close((int)mfd) == 0);
	CHECKS_DONE("shim_open");
}
