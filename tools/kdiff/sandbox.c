// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The kernel side's sandbox: a private mount namespace holding a fresh
 * tmpfs the scenario is chrooted into.  Nothing here may ever touch the
 * host's mounts, so the namespace is checked to have really changed before
 * the first mount(2) call, and the process stops otherwise.
 *
 * The scenario's tmpfs ("kdiff-root") is mounted on /tmp of another empty
 * tmpfs ("kdiff-base") that pivot_root(2) made the namespace's root, the
 * host's tree detached: the model side has the same shape (its empty
 * rootfs, kdiff-root on /tmp, side_model.c).  With kdiff-root on the
 * host's own /tmp (as kdiff did first), a working directory left outside
 * the scenario's root climbed with ".." out of kdiff-root into the host's
 * tree, and the scenario's mkdir and chown changed the host's files
 * (found by scripts/fuzz_kdiff.py: tests/kernel/dotdot_cwd_outside_root.scn).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "side.h"

#define NS_PATH "/proc/self/ns/mnt"

/* unshare(CLONE_NEWNS) and prove it: 0, or -1 with @why set. */
static int private_namespace(char *why, size_t len)
{
	struct stat before, after;

	if (geteuid() != 0) {
		snprintf(why, len, "not root");
		return -1;
	}
	if (stat(NS_PATH, &before) < 0) {
		snprintf(why, len, NS_PATH ": %s", strerror(errno));
		return -1;
	}
	if (unshare(CLONE_NEWNS) < 0) {
		snprintf(why, len, "unshare(CLONE_NEWNS): %s", strerror(errno));
		return -1;
	}
	if (stat(NS_PATH, &after) < 0) {
		snprintf(why, len, NS_PATH " after unshare: %s", strerror(errno));
		return -1;
	}
	if (after.st_ino == before.st_ino && after.st_dev == before.st_dev) {
		snprintf(why, len, "unshare(CLONE_NEWNS) left the mount namespace as it was");
		return -1;
	}
	return 0;
}

bool kd_kernel_available(char *why, size_t len)
{
	struct kd_buf reason = { NULL, 0, 0 };
	int p[2], ws = 0;
	pid_t pid;

	if (pipe2(p, O_CLOEXEC) < 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return false;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		/* a namespace of its own, gone when this child exits */
		char msg[256] = "";
		int ok = private_namespace(msg, sizeof(msg)) == 0;

		if (!ok && write(p[1], msg, strlen(msg)) < 0)
			_exit(2);
		_exit(ok ? 0 : 1);
	}
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		snprintf(why, len, "fork: %s", strerror(errno));
		return false;
	}
	kd_buf_read_fd(&reason, p[0]);
	close(p[0]);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(ws) && WEXITSTATUS(ws) == 0) {
		kd_buf_free(&reason);
		return true;
	}
	snprintf(why, len, "%s", reason.s && *reason.s ? reason.s :
		 "the probe process failed");
	kd_buf_free(&reason);
	return false;
}

static int fail(char *why, size_t len, const char *what)
{
	snprintf(why, len, "%s: %s", what, strerror(errno));
	return -1;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int kd_kernel_sandbox(int *procfd, char *why, size_t len)
{
	const char *dir = is_dir("/tmp") ? "/tmp" : "/mnt";

	if (private_namespace(why, len) < 0)
		return -1;
	/* from here on only this namespace's copies of the mounts change */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return fail(why, len, "making / rprivate");
	umask(022);
	/* mountinfo is read through this after the chroot (ops_host.c) */
	*procfd = open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (*procfd < 0)
		return fail(why, len, "/proc");
	if (mount("kdiff-base", dir, "tmpfs", 0, "mode=755") < 0)
		return fail(why, len, "mount tmpfs kdiff-base");
	if (chdir(dir) < 0)
		return fail(why, len, "chdir into kdiff-base");
	/*
	 * pivot_root(".", "."): the old root ends up mounted on top of the
	 * new one, and the umount of "." detaches it, with every host mount
	 * under it (pivot_root(2), NOTES).
	 */
	if (syscall(SYS_pivot_root, ".", ".") < 0)
		return fail(why, len, "pivot_root into kdiff-base");
	if (umount2(".", MNT_DETACH) < 0)
		return fail(why, len, "detaching the host's root");
	if (chdir("/") < 0 || mkdir("/tmp", 0755) < 0)
		return fail(why, len, "mkdir /tmp in kdiff-base");
	if (mount("kdiff-root", "/tmp", "tmpfs", 0, "mode=755") < 0)
		return fail(why, len, "mount tmpfs kdiff-root");
	if (chdir("/tmp") < 0 || chroot(".") < 0 || chdir("/") < 0)
		return fail(why, len, "chroot into kdiff-root");
	return 0;
}
