// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Directories and names through the shim (docs/shim.md, "Directories and
 * names"): unlink(), rmdir(), rename(), renameat2(), link(), readlink(),
 * access(), faccessat(), utimensat(), futimens() and getdents64() on
 * model paths and fds act on the model, their syscall() forms too (run
 * with VFSIM_SHIM_OPEN=all, so that the files are the model's); a
 * rename or link between a model path and a host path is EXDEV.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <vfsim/vfsim.h>

#include "shim_check.h"

/* The names of a model directory, space-joined, through getdents64(). */
static void names(const char *path, char *out, size_t len)
{
	char buf[1024];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_DIRECTORY);

	out[0] = 0;
	CHECK(fd >= 0);
	while ((n = getdents64(fd, buf, sizeof(buf))) > 0) {
		ssize_t off = 0;

		while (off < n) {
			struct dirent64 *d = (struct dirent64 *)(buf + off);

			if (out[0])
				strncat(out, " ", len - strlen(out) - 1);
			strncat(out, d->d_name, len - strlen(out) - 1);
			off += d->d_reclen;
		}
	}
	CHECK(n == 0);
	CHECK(close(fd) == 0);
}

int main(void)
{
	struct timespec ts[2] = { { 100, 0 }, { 200, 0 } };
	char out[256], buf[16];
	int fd;

	CHECK(mount("d", "/mnt", "tmpfs", 0, NULL) == 0);
	CHECK(mkdir("/mnt/a", 0755) == 0);
	fd = open("/mnt/f", O_CREAT | O_RDWR, 0644);
	CHECK(fd >= 0);
	CHECK(symlink("f", "/mnt/l") == 0);
	names("/mnt", out, sizeof(out));
	if (strcmp(out, ". .. l f a"))
		fprintf(stderr, "names: %s\n", out);
	CHECK(strcmp(out, ". .. l f a") == 0);
	CHECK(readlink("/mnt/l", buf, sizeof(buf)) == 1 && buf[0] == 'f');
	CHECK(syscall(SYS_readlinkat, AT_FDCWD, "/mnt/l", buf, sizeof(buf)) == 1);
	CHECK(access("/mnt/f", R_OK | W_OK) == 0);
	CHECK(faccessat(AT_FDCWD, "/mnt/l", F_OK, AT_SYMLINK_NOFOLLOW) == 0);
	CHECK_ERR(access("/mnt/none", F_OK), ENOENT);
	CHECK(utimensat(AT_FDCWD, "/mnt/f", ts, 0) == 0);
	CHECK(futimens(fd, NULL) == 0);
	CHECK(link("/mnt/f", "/mnt/g") == 0);
	CHECK(syscall(SYS_linkat, AT_FDCWD, "/mnt/g", AT_FDCWD, "/mnt/h", 0) == 0);
	CHECK(rename("/mnt/g", "/mnt/a/g") == 0);
	CHECK(renameat2(AT_FDCWD, "/mnt/h", AT_FDCWD, "/mnt/a/g", RENAME_NOREPLACE) == -1 &&
	      errno == EEXIST);
	CHECK(syscall(SYS_renameat2, AT_FDCWD, "/mnt/h", AT_FDCWD, "/mnt/a/g",
		      RENAME_EXCHANGE) == 0);
	/* between the model and the host */
	CHECK_ERR(rename("/mnt/f", "/tmp/vfsim-shim-dirs-never"), EXDEV);
	CHECK_ERR(link("/mnt/f", "/tmp/vfsim-shim-dirs-never"), EXDEV);
	CHECK_ERR(rmdir("/mnt/a"), ENOTEMPTY);
	CHECK(unlink("/mnt/a/g") == 0);
	CHECK(syscall(SYS_unlinkat, AT_FDCWD, "/mnt/h", 0) == 0);
	CHECK(rmdir("/mnt/a") == 0);
	CHECK(unlinkat(AT_FDCWD, "/mnt/l", 0) == 0);
	CHECK(unlink("/mnt/f") == 0);
	/* the file stays open */
	CHECK(write(fd, "x", 1) == 1);
	CHECK(close(fd) == 0);
	names("/mnt", out, sizeof(out));
	CHECK(strcmp(out, ". ..") == 0);
	CHECK(umount("/mnt") == 0);
	return 0;
}
