// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The running kernel's side: this process (a child of the command, see
 * spawn.c) enters a private mount namespace at `boot empty` and is the
 * init task; `as` tasks are helper processes (helper.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fdtab.h"
#include "ops.h"
#include "side.h"
#include "verbs.h"

struct kernel_side {
	struct kd_side side;
	struct kd_host host;
};

struct kernel_task {
	pid_t pid;		/* a helper, or 0: the runner itself */
	int sock;
	struct kd_fdtab fds;	/* the runner's own named fds */
};

static struct kernel_side *to_kernel(struct kd_side *s)
{
	return (struct kernel_side *)s;
}

static void k_headers(struct kd_side *s, FILE *out)
{
	struct utsname u;

	fprintf(out, "# kernel: %s\n", uname(&u) == 0 ? u.release : "unknown");
}

static int k_boot(struct kd_side *s)
{
	char why[256] = "";

	if (kd_kernel_sandbox(&to_kernel(s)->host.procfd, why, sizeof(why)) < 0) {
		kd_msg("kernel side: %s", why);
		return -1;
	}
	return 0;
}

static int k_task_new(struct kd_side *s, struct kd_task *t)
{
	struct kernel_task *kt = kd_malloc(sizeof(*kt));
	char why[256] = "";

	memset(kt, 0, sizeof(*kt));
	kt->sock = -1;
	if ((t->uid || t->gid) &&
	    kd_helper_start(t->uid, t->gid, to_kernel(s)->host.procfd,
			    &kt->pid, &kt->sock, why, sizeof(why)) < 0) {
		kd_msg("kernel side: as %u:%u: %s", (unsigned int)t->uid,
		       (unsigned int)t->gid, why);
		free(kt);
		return -1;
	}
	t->priv = kt;
	return 0;
}

static long k_exec(struct kd_side *s, struct kd_task *t, int argc,
		   char **argv, struct kd_buf *data)
{
	struct kernel_task *kt = t->priv;

	if (!kt->pid)
		return kd_exec(&kd_host_ops, &to_kernel(s)->host, &kt->fds,
			       argc, argv, data);
	return kd_helper_exec(kt->sock, argc, argv, data);
}

/* The kernel's own consistency is not the question here. */
static long k_check(struct kd_side *s, char *why, size_t len)
{
	return 0;
}

static void k_trailer(struct kd_side *s, FILE *out)
{
}

/* A helper reads EOF on its socket and exits; wait for each. */
static void k_end(struct kd_side *s, struct kd_task *tasks)
{
	struct kd_task *t;

	for (t = tasks; t; t = t->next) {
		struct kernel_task *kt = t->priv;

		if (kt->pid) {
			close(kt->sock);
			while (waitpid(kt->pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
		kd_fdtab_free(&kt->fds);
		free(kt);
	}
}

struct kd_side *kd_kernel_side(void)
{
	struct kernel_side *k = kd_malloc(sizeof(*k));

	memset(k, 0, sizeof(*k));
	k->host.procfd = -1;
	k->side = (struct kd_side){
		.name = "kernel",
		.headers = k_headers,
		.boot = k_boot,
		.task_new = k_task_new,
		.exec = k_exec,
		.check = k_check,
		.trailer = k_trailer,
		.end = k_end,
	};
	return &k->side;
}
