// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Helper processes of the kernel side: `as UID:GID` runs its verb in a
 * process with those credentials, forked from the runner the first time
 * the IDs are used (so it starts with the runner's root and cwd at that
 * moment, as vfsim_task_create() does in the model) and kept for the rest
 * of the scenario, so its cd, chroot and open fds stick.
 */
#include <errno.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "side.h"
#include "verbs.h"
#include "wire.h"

/*
 * Close every fd but @keep (ascending): the model's new task has an empty
 * fd table, and an fd inherited from the runner (a scenario `open`, the
 * transcript pipe) would pin mounts and keep the reader from seeing EOF.
 */
static void keep_only(const int *keep, int n)
{
	unsigned int from = 0;
	int i;

	for (i = 0; i < n; i++) {
		if ((unsigned int)keep[i] > from)
			close_range(from, (unsigned int)keep[i] - 1, 0);
		from = (unsigned int)keep[i] + 1;
	}
	close_range(from, ~0u, 0);
}

static void sort3(int *v)
{
	int i, j, t;

	for (i = 0; i < 3; i++)
		for (j = i + 1; j < 3; j++)
			if (v[j] < v[i]) {
				t = v[i];
				v[i] = v[j];
				v[j] = t;
			}
}

static void reply_error(int sock, const char *what)
{
	struct kd_buf msg = { NULL, 0, 0 };
	long err = -errno;

	kd_buf_printf(&msg, "%s: %s", what, strerror(errno));
	kd_wire_send_reply(sock, err, &msg);
	_exit(1);
}

static void __attribute__((noreturn))
helper_main(int sock, int procfd, uid_t uid, gid_t gid, pid_t runner)
{
	struct kd_host host = { .procfd = procfd };
	struct kd_buf store = { NULL, 0, 0 }, data = { NULL, 0, 0 };
	struct kd_fdtab fds = { NULL };
	int keep[3] = { STDERR_FILENO, sock, procfd };

	/* never outlive the runner, even if it is killed */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != runner)
		_exit(1);
	sort3(keep);
	keep_only(keep, 3);

	if (setgroups(0, NULL) < 0)
		reply_error(sock, "setgroups");
	if (setresgid(gid, gid, gid) < 0)
		reply_error(sock, "setresgid");
	/* a uid other than 0 drops every capability, as in the model */
	if (setresuid(uid, uid, uid) < 0)
		reply_error(sock, "setresuid");
	/* a credential change makes the process undumpable, and its
	 * /proc/self root's: undo that, /proc/self is the task's own */
	prctl(PR_SET_DUMPABLE, 1);
	kd_wire_send_reply(sock, 0, &data);

	for (;;) {
		char **argv = NULL;
		int argc, r;
		long ret;

		r = kd_wire_recv_argv(sock, &store, &argc, &argv);
		if (r < 0)
			_exit(r == -EPIPE ? 0 : 1);
		kd_buf_reset(&data);
		ret = kd_exec(&kd_host_ops, &host, &fds, argc, argv, &data);
		free(argv);
		if (kd_wire_send_reply(sock, ret, &data) < 0)
			_exit(1);
	}
}

int kd_helper_start(uid_t uid, gid_t gid, int procfd, pid_t *pid, int *sock,
		    char *why, size_t len)
{
	struct kd_buf msg = { NULL, 0, 0 };
	pid_t runner = getpid();
	long result;
	int sv[2], r;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		snprintf(why, len, "socketpair: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);	/* or the child could write the runner's buffers */
	*pid = fork();
	if (*pid == 0) {
		close(sv[0]);
		helper_main(sv[1], procfd, uid, gid, runner);
	}
	close(sv[1]);
	if (*pid < 0) {
		close(sv[0]);
		snprintf(why, len, "fork: %s", strerror(errno));
		return -1;
	}
	/* the first reply says whether the credentials took */
	r = kd_wire_recv_reply(sv[0], &result, &msg);
	if (r < 0 || result < 0) {
		snprintf(why, len, "%s", r < 0 ? "the helper died" :
			 msg.s ? msg.s : "the helper failed");
		kd_buf_free(&msg);
		close(sv[0]);
		return -1;
	}
	kd_buf_free(&msg);
	*sock = sv[0];
	return 0;
}

long kd_helper_exec(int sock, int argc, char **argv, struct kd_buf *data)
{
	long result;

	if (kd_wire_send_argv(sock, argc, argv) < 0 ||
	    kd_wire_recv_reply(sock, &result, data) < 0)
		return KD_SIDE_LOST;
	return result;
}
