// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Files and directories: mkdir, symlink, chmod, chown, cd, chroot, open,
 * close, with the arguments and calls of scenario/verbs_fs.c: the
 * arguments read by the engine's own parsers (<vfsim/scenario.h>).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>

#include <vfsim/scenario.h>

#include "verbs.h"

static long verb_mkdir(struct kd_call *c)
{
	mode_t mode = 0755;

	if (c->argc > 1 &&
	    kd_parsed(c, vfsim_scenario_mode(c->argv[1], &mode, KD_WHY(c))) < 0)
		return KD_SYNTAX;
	return c->dry ? 0 : c->ops->mkdir(c->task, c->argv[0], mode);
}

static long verb_symlink(struct kd_call *c)
{
	return c->dry ? 0 : c->ops->symlink(c->task, c->argv[0], c->argv[1]);
}

static long verb_chmod(struct kd_call *c)
{
	mode_t mode;

	if (kd_parsed(c, vfsim_scenario_mode(c->argv[1], &mode, KD_WHY(c))) < 0)
		return KD_SYNTAX;
	return c->dry ? 0 : c->ops->chmod(c->task, c->argv[0], mode);
}

static long verb_chown(struct kd_call *c)
{
	bool has_gid;
	uid_t uid;
	gid_t gid;

	if (kd_parsed(c, vfsim_scenario_ids(c->argv[1], &uid, &gid, &has_gid,
					    KD_WHY(c))) < 0)
		return KD_SYNTAX;
	if (!has_gid)
		gid = (gid_t)-1;	/* unchanged, as chown(2) takes it */
	return c->dry ? 0 : c->ops->chown(c->task, c->argv[0], uid, gid);
}

static long verb_cd(struct kd_call *c)
{
	return c->dry ? 0 : c->ops->chdir(c->task, c->argv[0]);
}

static long verb_chroot(struct kd_call *c)
{
	return c->dry ? 0 : c->ops->chroot(c->task, c->argv[0]);
}

/*
 * The fd stays in this task's table.  A NAME still open here (an `open`
 * under `expect` that did succeed) is closed first: the scenario's
 * author meant the name to be free.
 */
static long verb_open(struct kd_call *c)
{
	int flags, old;
	long fd;

	if (kd_parsed(c, vfsim_scenario_open_flags(c->argc - 2, c->argv + 2,
						   &flags, KD_WHY(c))) < 0)
		return KD_SYNTAX;
	if (c->dry)
		return 0;
	fd = c->ops->open(c->task, c->argv[1], flags,
			  (flags & O_CREAT) ? 0644 : 0);
	if (fd < 0)
		return fd;
	old = kd_fdtab_set(c->fds, c->argv[0], (int)fd);
	if (old >= 0)
		c->ops->close(c->task, old);
	return 0;
}

/* A NAME this task does not hold (its `open` failed here): EBADF, as
 * close(-1) would say. */
static long verb_close(struct kd_call *c)
{
	int fd;

	if (c->dry)
		return 0;
	if (!kd_fdtab_take(c->fds, c->argv[0], &fd))
		return -EBADF;
	return c->ops->close(c->task, fd);
}

const struct kd_verb kd_verbs_fs[] = {
	{ "mkdir", 1, 2, 0, verb_mkdir, "PATH [MODE]" },
	{ "symlink", 2, 2, 0, verb_symlink, "TARGET PATH" },
	{ "chmod", 2, 2, 0, verb_chmod, "PATH MODE" },
	{ "chown", 2, 2, 0, verb_chown, "PATH UID[:GID]" },
	{ "cd", 1, 1, 0, verb_cd, "PATH" },
	{ "chroot", 1, 1, 0, verb_chroot, "PATH" },
	{ "open", 2, KD_UNLIMITED, KD_VERB_MAKES_FD, verb_open,
	  "NAME PATH [path|directory|nofollow|creat|excl|cloexec]..." },
	{ "close", 1, 1, 0, verb_close, "NAME" },
	{ NULL, 0, 0, 0, NULL, NULL },
};
