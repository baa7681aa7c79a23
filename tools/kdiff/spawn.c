// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Running a side in a child and collecting its transcript through a pipe.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "side.h"
#include "spawn.h"

static void __attribute__((noreturn))
child(enum kd_which which, const struct kd_script *sc, int fd)
{
	FILE *out = fdopen(fd, "w");
	int status;

	if (!out)
		_exit(KD_EXIT_FAIL);
	status = kd_run_side(which, sc, out);
	if (fclose(out) != 0)
		status = KD_EXIT_FAIL;
	fflush(stderr);
	/* _exit: no atexit handlers in a child that may have chrooted (a
	 * sanitizer's leak check there would look for a /proc it cannot
	 * reach), and the model's state dies with the process */
	_exit(status);
}

int kd_spawn_side(enum kd_which which, const struct kd_script *sc,
		  struct kd_outcome *o)
{
	int p[2], ws = 0;
	pid_t pid;

	memset(o, 0, sizeof(*o));
	o->status = -1;
	if (pipe2(p, O_CLOEXEC) < 0) {
		kd_msg("pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		child(which, sc, p[1]);
	}
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		kd_msg("fork: %s", strerror(errno));
		return -1;
	}
	kd_buf_read_fd(&o->text, p[0]);
	close(p[0]);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(ws))
		o->status = WEXITSTATUS(ws);
	else if (WIFSIGNALED(ws))
		o->sig = WTERMSIG(ws);
	if (!o->text.s)
		kd_buf_puts(&o->text, "");
	return 0;
}

void kd_outcome_free(struct kd_outcome *o)
{
	kd_buf_free(&o->text);
}

const char *kd_signame(int sig, char *buf, size_t len)
{
	const char *abbrev = sigabbrev_np(sig);

	if (abbrev)
		snprintf(buf, len, "SIG%s", abbrev);
	else
		snprintf(buf, len, "signal %d", sig);
	return buf;
}
