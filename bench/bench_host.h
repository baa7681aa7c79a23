/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Running a benchmark's loop on the host kernel beside the model's: a
 * forked child in a mount namespace of its own (/ made rprivate, so
 * nothing it mounts reaches the machine's tree), a tmpfs scratch
 * directory at /tmp/<BENCH_NAME>.<pid>, the child's figures back through
 * a pipe.  The child is a separate process so that everything it mounted
 * goes with its namespace when it exits, however it exits.
 * Include after bench.h; define BENCH_NAME first.
 */
#ifndef VFSIM_BENCH_HOST_H
#define VFSIM_BENCH_HOST_H

#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef BENCH_NAME
#error "define BENCH_NAME before including bench_host.h"
#endif

/* Runs in the child, in @dir (mounted and empty); fills @res (@size
 * bytes).  False makes the run fail. */
typedef bool (*bench_host_fn)(const char *dir, void *arg, void *res);

static void bench_host_dir(char *dir, size_t len, pid_t pid)
{
	snprintf(dir, len, "/tmp/" BENCH_NAME ".%d", (int)pid);
}

/* False if the host cannot run it (not root, no namespaces) or @child
 * failed. */
static bool bench_host_run(bench_host_fn child, void *arg, void *res,
			   size_t size)
{
	char dir[64];
	int fds[2], status;
	bool ok;
	pid_t pid;

	if (pipe(fds))
		return false;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return false;
	}
	if (!pid) {
		close(fds[0]);
		bench_host_dir(dir, sizeof(dir), getpid());
		if (unshare(CLONE_NEWNS) ||
		    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		    (mkdir(dir, 0700) && errno != EEXIST) ||
		    mount(BENCH_NAME, dir, "tmpfs", 0, NULL) ||
		    !child(dir, arg, res))
			_exit(1);
		_exit(write(fds[1], res, size) == (ssize_t)size ? 0 : 1);
	}
	close(fds[1]);
	ok = read(fds[0], res, size) == (ssize_t)size;
	close(fds[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		ok = false;
	/* The directory was made in the child's copy of /tmp's mount, which
	 * is the host's own when /tmp is not a mount of its own. */
	bench_host_dir(dir, sizeof(dir), pid);
	rmdir(dir);
	return ok;
}

#endif /* VFSIM_BENCH_HOST_H */
