// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The new mount API's verbs: fsopen, fspick, fsconfig, fslog, fsmount,
 * open_tree, move_mount, mount_setattr, with the words and calls of
 * scenario/verbs_mount_api.c (the words read by the engine's own
 * vfsim_scenario_mount_api_words()).  The host side makes the calls with
 * syscall(2).  A NAME this task does not hold (the call that made it
 * failed here) is EBADF, as fd -1 would be; a NAME made again replaces
 * the old fd, which is closed.  fslog's messages are drained, not
 * compared: the unit tests pin them against 6.18's.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/mount.h>

#include "verbs.h"

static long words(struct kd_call *c, const char *what, const char *w,
		  unsigned long *flags)
{
	return kd_parsed(c, vfsim_scenario_mount_api_words(what, w, flags, KD_WHY(c)));
}

static long words_from(struct kd_call *c, const char *what, int from,
		       unsigned long *flags)
{
	int i;

	for (i = from; i < c->argc; i++)
		if (words(c, what, c->argv[i], flags) < 0)
			return KD_SYNTAX;
	return 0;
}

/* NAME's fd: 0, or -EBADF if this task does not hold it. */
static long fd_of(struct kd_call *c, const char *name, int *fd)
{
	return kd_fdtab_get(c->fds, name, fd) ? 0 : -EBADF;
}

/* PATH or @NAME */
static long at_path(struct kd_call *c, const char *word, int *dfd, const char **path)
{
	if (word[0] != '@') {
		*dfd = AT_FDCWD;
		*path = word;
		return 0;
	}
	*path = "";
	return fd_of(c, word + 1, dfd);
}

static long keep(struct kd_call *c, long fd)
{
	int old;

	if (fd < 0)
		return fd;
	old = kd_fdtab_set(c->fds, c->argv[0], (int)fd);
	if (old >= 0)
		c->ops->close(c->task, old);
	return 0;
}

static long verb_fsopen(struct kd_call *c)
{
	unsigned long flags = 0;

	if (words_from(c, "fsopen", 2, &flags) < 0)
		return KD_SYNTAX;
	return c->dry ? 0 : keep(c, c->ops->fsopen(c->task, c->argv[1], (unsigned int)flags));
}

static long verb_fspick(struct kd_call *c)
{
	unsigned long flags = 0;
	const char *path;
	int dfd;
	long r;

	if (words_from(c, "fspick", 2, &flags) < 0)
		return KD_SYNTAX;
	if (c->dry)
		return 0;
	r = at_path(c, c->argv[1], &dfd, &path);
	return r < 0 ? r : keep(c, c->ops->fspick(c->task, dfd, path, (unsigned int)flags));
}

static long verb_fsconfig(struct kd_call *c)
{
	const char *key = c->argc > 2 ? c->argv[2] : NULL;
	const char *value = c->argc > 3 ? c->argv[3] : NULL;
	unsigned long cmd = 0;
	int fd, aux = 0;
	long r;

	if (words(c, "fsconfig", c->argv[1], &cmd) < 0)
		return KD_SYNTAX;
	if (cmd == FSCONFIG_SET_FD && !value)
		return kd_syntax(c, "fsconfig: fd wants KEY and an fd NAME");
	if (c->dry)
		return 0;
	r = fd_of(c, c->argv[0], &fd);
	if (r < 0)
		return r;
	switch (cmd) {
	case FSCONFIG_SET_BINARY:
		aux = value ? (int)strlen(value) : 0;
		break;
	case FSCONFIG_SET_PATH:
	case FSCONFIG_SET_PATH_EMPTY:
		aux = AT_FDCWD;
		break;
	case FSCONFIG_SET_FD:
		r = fd_of(c, value, &aux);
		if (r < 0)
			return r;
		value = NULL;
		break;
	default:
		break;
	}
	return c->ops->fsconfig(c->task, fd, (unsigned int)cmd, key, value, aux);
}

static long verb_fslog(struct kd_call *c)
{
	char buf[1024];
	long n, r;
	int fd;

	if (c->dry)
		return 0;
	r = fd_of(c, c->argv[0], &fd);
	if (r < 0)
		return r;
	while ((n = c->ops->read(c->task, fd, buf, sizeof(buf))) > 0)
		;
	return n == -ENODATA ? 0 : n;
}

static long verb_fsmount(struct kd_call *c)
{
	unsigned long w = 0;
	long r;
	int ctx;

	if (words_from(c, "fsmount", 2, &w) < 0)
		return KD_SYNTAX;
	if (c->dry)
		return 0;
	r = fd_of(c, c->argv[1], &ctx);
	if (r < 0)
		return r;
	return keep(c, c->ops->fsmount(c->task, ctx, (unsigned int)(w >> 32), (unsigned int)w));
}

static long verb_open_tree(struct kd_call *c)
{
	unsigned long flags = 0;
	const char *path;
	int dfd;
	long r;

	if (words_from(c, "open_tree", 2, &flags) < 0)
		return KD_SYNTAX;
	if (c->dry)
		return 0;
	r = at_path(c, c->argv[1], &dfd, &path);
	return r < 0 ? r : keep(c, c->ops->open_tree(c->task, dfd, path, (unsigned int)flags));
}

static long verb_move_mount(struct kd_call *c)
{
	unsigned long flags = 0;
	const char *from, *to;
	int fdfd, tdfd;
	long r;

	if (words_from(c, "move_mount", 2, &flags) < 0)
		return KD_SYNTAX;
	if (c->dry)
		return 0;
	r = at_path(c, c->argv[0], &fdfd, &from);
	if (!r)
		r = at_path(c, c->argv[1], &tdfd, &to);
	return r < 0 ? r : c->ops->move_mount(c->task, fdfd, from, tdfd, to, (unsigned int)flags);
}

static long verb_mount_setattr(struct kd_call *c)
{
	unsigned long set = 0, clr = 0, prop = 0, flags = 0;
	struct mount_attr attr;
	const char *path;
	int i, dfd;
	long r;

	for (i = 1; i < c->argc; i++) {
		const char *w = c->argv[i];

		if (!strncmp(w, "set=", 4))
			r = words(c, "attr", w + 4, &set);
		else if (!strncmp(w, "clr=", 4))
			r = words(c, "attr", w + 4, &clr);
		else if (!strncmp(w, "propagation=", 12))
			r = words(c, "propagation", w + 12, &prop);
		else
			r = words(c, "mount_setattr", w, &flags);
		if (r < 0)
			return KD_SYNTAX;
	}
	if ((set | clr) >> 32)
		return kd_syntax(c, "mount_setattr: 'cloexec' is no attribute");
	if (c->dry)
		return 0;
	r = at_path(c, c->argv[0], &dfd, &path);
	if (r < 0)
		return r;
	attr = (struct mount_attr) { .attr_set = set, .attr_clr = clr, .propagation = prop };
	return c->ops->mount_setattr(c->task, dfd, path, (unsigned int)flags, &attr,
				     sizeof(attr));
}

const struct kd_verb kd_verbs_mount_api[] = {
	{ "fsopen", 2, 3, KD_VERB_MAKES_FD, verb_fsopen, "NAME FSTYPE [cloexec]" },
	{ "fspick", 2, KD_UNLIMITED, KD_VERB_MAKES_FD, verb_fspick, "NAME PATH [FLAG]..." },
	{ "fsconfig", 2, 4, 0, verb_fsconfig, "NAME COMMAND [KEY [VALUE]]" },
	{ "fslog", 1, 1, 0, verb_fslog, "NAME" },
	{ "fsmount", 2, KD_UNLIMITED, KD_VERB_MAKES_FD, verb_fsmount, "NAME CTX [ATTR]..." },
	{ "open_tree", 2, KD_UNLIMITED, KD_VERB_MAKES_FD, verb_open_tree, "NAME PATH [FLAG]..." },
	{ "move_mount", 2, KD_UNLIMITED, 0, verb_move_mount, "FROM TO [FLAG]..." },
	{ "mount_setattr", 1, KD_UNLIMITED, 0, verb_mount_setattr,
	  "PATH [set=ATTRS] [clr=ATTRS] [propagation=TYPE] [FLAG]..." },
	{ NULL, 0, 0, 0, NULL, NULL },
};
