// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs of tasks and mount namespaces (docs/namespaces.md):
 *
 *   task NAME fork [newns] [fs] [files] [newuser]  clone(2) of the running task
 *   task NAME exit                        the task exits
 *   on NAME VERB ...                      run VERB as task NAME
 *   unshare user|mnt|fs|files ...         unshare(2) of the running task
 *   setns TARGET|NAME                     setns(2) into TARGET's namespace,
 *                                         or with the namespace fd NAME
 *   nsopen NAME TASK                      open TASK's /proc/PID/ns/mnt as NAME
 *
 * The running task is init, or the one `as` or `on` names; TARGET is a
 * task NAME or init.  Both backends: on the kernel a task is a process.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdbool.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "engine.h"

static const struct {
	const char *word;
	unsigned long flag;
} clone_words[] = {
	{ "newns", CLONE_NEWNS },
	{ "fs", CLONE_FS },
	{ "files", CLONE_FILES },
	{ "newuser", CLONE_NEWUSER },
}, unshare_words[] = {
	{ "user", CLONE_NEWUSER },
	{ "mnt", CLONE_NEWNS },
	{ "fs", CLONE_FS },
	{ "files", CLONE_FILES },
};

static long task_fork(struct scn_call *c, const char *name)
{
	struct scn_task *child;
	unsigned long flags = 0;
	long ret;
	int i;
	size_t j;

	if (scn_named_task(c, name))
		return scn_syntax(c, "task: '%s' is already a task", name);
	for (i = 2; i < c->argc; i++) {
		for (j = 0; j < ARRAY_LEN(clone_words); j++)
			if (!strcmp(c->argv[i], clone_words[j].word))
				break;
		if (j == ARRAY_LEN(clone_words))
			return scn_syntax(c, "task fork: unknown flag '%s' (newns, fs, files, newuser)",
					  c->argv[i]);
		flags |= clone_words[j].flag;
	}
	ret = c->sys->task_fork(c->task, flags, &child);
	if (ret < 0)
		return ret;
	ret = scn_named_task_add(c, name, child);
	if (ret < 0)
		c->sys->task_exit(child);
	return ret;
}

/* task NAME fork [newns] [fs] [files] | task NAME exit */
static long verb_task(struct scn_call *c)
{
	const char *name = c->argv[0];
	struct scn_task *t;

	if (!strcmp(c->argv[1], "fork"))
		return task_fork(c, name);
	if (strcmp(c->argv[1], "exit"))
		return scn_syntax(c, "task: unknown action '%s' (fork, exit)", c->argv[1]);
	if (c->argc > 2)
		return scn_syntax(c, "task exit: too many arguments");
	if (!strcmp(name, "init"))
		return scn_syntax(c, "task exit: init cannot exit");
	t = scn_named_task(c, name);
	if (!t)
		return scn_syntax(c, "task exit: no task named '%s'", name);
	scn_named_task_forget(c, t);
	c->sys->task_exit(t);
	return 0;
}

/* on NAME VERB ... */
static long verb_on(struct scn_call *c)
{
	struct scn_call sub = *c;
	char prefix[80];
	long ret;

	if (c->prefixes & (SCN_IN_AS | SCN_IN_ON))
		return scn_syntax(c, "'on' inside 'as' or 'on'");
	sub.task = scn_named_task(c, c->argv[0]);
	if (!sub.task)
		return scn_syntax(c, "on: no task named '%s'", c->argv[0]);
	sub.prefixes |= SCN_IN_ON;
	ret = scn_dispatch(&sub, c->argc - 1, c->argv + 1);
	if (ret < 0 && ret != SCN_SYNTAX && ret != SCN_FAILED) {
		snprintf(prefix, sizeof(prefix), "on %s ", c->argv[0]);
		scn_prefix_what(c, prefix);
	}
	return ret;
}

/* unshare mnt|fs|files ... */
static long verb_unshare(struct scn_call *c)
{
	unsigned long flags = 0;
	int i;
	size_t j;

	for (i = 0; i < c->argc; i++) {
		for (j = 0; j < ARRAY_LEN(unshare_words); j++)
			if (!strcmp(c->argv[i], unshare_words[j].word))
				break;
		if (j == ARRAY_LEN(unshare_words))
			return scn_syntax(c, "unshare: unknown namespace '%s' (user, mnt, fs, files)",
					  c->argv[i]);
		flags |= unshare_words[j].flag;
	}
	return c->sys->unshare(c->task, flags);
}

/*
 * setns TARGET: open TARGET's /proc/PID/ns/mnt, setns(2) into it, close;
 * or, TARGET an open fd NAME (nsopen, mntns), setns(2) with that fd.
 */
static long verb_setns(struct scn_call *c)
{
	struct scn_task *target = scn_named_task(c, c->argv[0]), *owner;
	long fd, ret;
	int nsfd;

	if (!target && scn_fd_exists(c, c->argv[0])) {
		scn_fd_lookup(c, c->argv[0], false, &owner, &nsfd);
		return c->sys->setns(c->task, nsfd, CLONE_NEWNS);
	}
	if (!target)
		return scn_syntax(c, "setns: no task or open file named '%s'", c->argv[0]);
	fd = c->sys->open_task_mntns(c->task, target, O_CLOEXEC);
	if (fd < 0)
		return fd;
	ret = c->sys->setns(c->task, (int)fd, CLONE_NEWNS);
	c->sys->close(c->task, (int)fd);
	return ret;
}

/* nsopen NAME TASK: TASK's /proc/PID/ns/mnt, opened by the running task,
 * kept as NAME (what `mntns` is for the running task's own). */
static long verb_nsopen(struct scn_call *c)
{
	struct scn_task *target = scn_named_task(c, c->argv[1]);
	long fd;

	if (scn_fd_exists(c, c->argv[0]))
		return scn_syntax(c, "'%s' is already open: close it first", c->argv[0]);
	if (!target)
		return scn_syntax(c, "nsopen: no task named '%s'", c->argv[1]);
	fd = c->sys->open_task_mntns(c->task, target, 0);
	if (fd < 0)
		return fd;
	return scn_fd_add(c, c->argv[0], c->task, (int)fd);
}

const struct scn_verb scn_verbs_task[] = {
	{ "task", 2, 6, SCN_VERB_NEEDS_TASK, verb_task,
	  "NAME fork [newns] [fs] [files] [newuser] | NAME exit",
	  "fork a task from the running one (clone flags), or end one" },
	{ "on", 2, SCN_UNLIMITED, SCN_VERB_PREFIX | SCN_VERB_NEEDS_TASK, verb_on,
	  "NAME VERB ...", "run VERB as task NAME" },
	{ "unshare", 1, 4, SCN_VERB_NEEDS_TASK, verb_unshare, "user|mnt|fs|files ...",
	  "unshare(2): a user namespace, a copy of the mount namespace, the root and cwd, the fds" },
	{ "setns", 1, 1, SCN_VERB_NEEDS_TASK, verb_setns, "TARGET|NAME",
	  "setns(2) into task TARGET's mount namespace (init: the first), or with fd NAME" },
	{ "nsopen", 2, 2, SCN_VERB_NEEDS_TASK, verb_nsopen, "NAME TASK",
	  "open task TASK's /proc/PID/ns/mnt, kept as NAME" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
