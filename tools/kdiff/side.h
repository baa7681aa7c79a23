/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One side of the comparison, the model or the running kernel, as the
 * runner (runner.c) drives it: set up, make tasks, run a verb line as a
 * task.  The runner writes the transcript; a side only answers.
 */
#ifndef VFSIM_KDIFF_SIDE_H
#define VFSIM_KDIFF_SIDE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "kdiff.h"
#include "script.h"

/* A task of the scenario: init (0:0) or one made by `as` on first use. */
struct kd_task {
	struct kd_task *next;
	uid_t uid;
	gid_t gid;
	void *priv;		/* the side's */
};

struct kd_side {
	const char *name;	/* "model" or "kernel" */
	/* `# ...` lines after "# side:" */
	void (*headers)(struct kd_side *s, FILE *out);
	/* `boot empty`: the scenario's root (docs/kernel-diff.md).  0, or
	 * -1 when the side cannot go on (reported). */
	int (*boot)(struct kd_side *s);
	/* Fill @t->priv for @t->uid/@t->gid, as if forked from init now.
	 * 0, or -1 when the side cannot go on (reported). */
	int (*task_new)(struct kd_side *s, struct kd_task *t);
	/* Run the verb line @argv as @t: >= 0 or -errno; `tree` appends the
	 * mountinfo text to @data.  KD_SIDE_LOST when the task is gone. */
	long (*exec)(struct kd_side *s, struct kd_task *t, int argc,
		     char **argv, struct kd_buf *data);
	/* `check`: 0 or -EUCLEAN with the reason in @why. */
	long (*check)(struct kd_side *s, char *why, size_t len);
	/* `# ...` lines at the end (the model's warning count). */
	void (*trailer)(struct kd_side *s, FILE *out);
	/* Free everything, end helpers. */
	void (*end)(struct kd_side *s, struct kd_task *tasks);
};

#define KD_SIDE_LOST (-100002L)

struct kd_side *kd_model_side(void);
struct kd_side *kd_kernel_side(void);

/* Run @sc on @side, writing the transcript to @out (flushed after every
 * line, so that a crash keeps what was done).  Returns an exit status. */
int kd_run_side(struct kd_side *side, const struct kd_script *sc, FILE *out);

/* ---- the kernel side's pieces -------------------------------------------- */

/*
 * Whether this process can make a private mount namespace (it tries, in a
 * child that exits at once); if not, why, in @why.
 */
bool kd_kernel_available(char *why, size_t len);

/* Enter a private mount namespace and make the scenario's root there;
 * @procfd gets an O_PATH fd on /proc.  0, or -1 with @why set. */
int kd_kernel_sandbox(int *procfd, char *why, size_t len);

/* A helper process for `as UID:GID` (helper.c): forked now from the
 * calling (runner) process; @sock gets the runner's end of its socket. */
int kd_helper_start(uid_t uid, gid_t gid, int procfd, pid_t *pid, int *sock,
		    char *why, size_t len);
/* Run @argv in the helper: as kd_exec() there, or KD_SIDE_LOST. */
long kd_helper_exec(int sock, int argc, char **argv, struct kd_buf *data);

#endif /* VFSIM_KDIFF_SIDE_H */
