/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel backend's insides (sys_kernel.c, kernel_task.c,
 * kernel_tree.c): its tasks are processes that share the engine's memory
 * and run one call at a time when the engine asks.
 *
 * A task is made with clone(CLONE_VM) and nothing else shared: its own
 * credentials, working directory and root, file table and (once the
 * namespaces issue lands) namespaces, as a process forked from init would
 * have, while the engine's pointers (paths, buffers, the fds array of
 * pipe2) mean the same in it.  The engine hands a task a function and an
 * argument and sleeps on a futex until it is done; the task runs it on its
 * own stack.  The init task makes the other tasks (CLONE_PARENT: they are
 * the engine's children, reaped at the end), so that each starts from
 * init's state at that moment: a fork of init, as kdiff's helpers were.
 *
 * The tasks share the engine thread's thread-local storage (errno among
 * it): only one of them runs at a time, and the engine waits with a raw
 * futex call that never writes errno.  So a scenario on the kernel runs
 * on the thread that began it.
 */
#ifndef VFSIM_SCENARIO_KERNEL_H
#define VFSIM_SCENARIO_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "sys.h"

struct scn_kernel;

/* The function a task runs: >= 0 or -errno. */
typedef long (*scn_ktask_fn)(struct scn_task *t, void *arg);

struct scn_task {
	int state;		/* the futex (KT_*); 0 when the process is gone */
	pid_t pid;
	void *stack;
	scn_ktask_fn fn;	/* the request */
	void *arg;
	long result;
	struct scn_kernel *k;
	struct scn_task *next;	/* the backend's tasks, init last */
};

struct scn_kernel {
	struct scn_task *init;
	struct scn_task *tasks;	/* every task, init included */
	int procfd;		/* O_PATH on /proc, opened before the chroot */
	bool booted;
	char why[256];		/* why the last setup step failed */
};

/* Run @fn(@t, @arg) in task @t; its result, or -ESRCH if @t is gone. */
long scn_ktask_run(struct scn_task *t, scn_ktask_fn fn, void *arg);
/* A new task: the init task (@from NULL, a child of the caller) or one
 * forked from @from.  0 or -errno. */
long scn_ktask_new(struct scn_kernel *k, struct scn_task *from,
		   struct scn_task **t);
/* A task cloned from @from with @flags added (CLONE_FS, CLONE_FILES,
 * CLONE_NEWNS: `task NAME fork`).  0 or -errno. */
long scn_ktask_clone(struct scn_kernel *k, struct scn_task *from, int flags,
		     struct scn_task **t);
/* End task @t (exit) and free it. */
void scn_ktask_end(struct scn_kernel *k, struct scn_task *t);
/* End every task of @k and free them. */
void scn_ktask_end_all(struct scn_kernel *k);

/* In the init task: a private mount namespace, checked (k->why). */
long scn_ksandbox_enter(struct scn_task *t, void *arg);
/* In the init task: `boot empty`'s root (k->why). */
long scn_ksandbox_boot(struct scn_task *t, void *arg);

/* A system call in task @t: >= 0 or -errno. */
long scn_ksys(struct scn_task *t, long nr, const long a[6]);
#define SCN_KSYS(t, nr, ...) scn_ksys((t), (nr), (const long[6]){ __VA_ARGS__ })

/* The `tree` verb on the kernel: @t's /proc/self/mountinfo, drawn. */
long scn_ktree(struct scn_task *t, FILE *out, const struct vfsim_tree_opts *o);
/* @t's /proc/self/mountinfo into *@text (malloc()ed): 0 or -errno. */
long scn_kmountinfo(struct scn_task *t, char **text);

#endif /* VFSIM_SCENARIO_KERNEL_H */
