// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs for the new mount API: fsopen, fspick, fsconfig, fslog,
 * fsmount, open_tree, move_mount, mount_setattr.  Each makes the one
 * system call of its name; the fds they make are kept under NAMEs, as
 * `open` keeps them, and closed with `close`.  A PATH written @NAME is the
 * fd kept as NAME with an empty path (dfd NAME, ""): the call's
 * empty-path flag must be given too, as in C.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "engine.h"

/* Words of the list @what (vfsim_scenario_mount_api_words()). */
static long words_of(struct scn_call *c, const char *what, const char *words,
		     unsigned long *flags)
{
	char why[512];

	if (vfsim_scenario_mount_api_words(what, words, flags, why, sizeof(why)) < 0)
		return scn_syntax(c, "%s: %s", c->verb, why);
	return 0;
}

/* Every word of argv[@from..] a word of the list @what. */
static long word_flags(struct scn_call *c, const char *what, int from,
		       unsigned long *flags)
{
	int i;

	for (i = from; i < c->argc; i++)
		if (words_of(c, what, c->argv[i], flags) < 0)
			return SCN_SYNTAX;
	return 0;
}

/* PATH or @NAME: the dfd and path to pass. */
static long at_path(struct scn_call *c, const char *word, int *dfd, const char **path)
{
	struct scn_task *owner;

	if (word[0] != '@') {
		*dfd = AT_FDCWD;
		*path = word;
		return 0;
	}
	*path = "";
	return scn_fd_lookup(c, word + 1, false, &owner, dfd);
}

/* Keep @fd (a call's result) as NAME argv[0]. */
static long keep_fd(struct scn_call *c, long fd)
{
	if (fd < 0)
		return fd;
	return scn_fd_add(c, c->argv[0], c->task, (int)fd);
}

static long name_free(struct scn_call *c)
{
	if (scn_fd_exists(c, c->argv[0]))
		return scn_syntax(c, "'%s' is already open: close it first", c->argv[0]);
	return 0;
}

/* ---- fsopen, fspick, fsconfig, fslog -------------------------------------- */

/* fsopen NAME FSTYPE [cloexec] */
static long verb_fsopen(struct scn_call *c)
{
	unsigned long flags = 0;

	if (name_free(c) < 0 || word_flags(c, "fsopen", 2, &flags) < 0)
		return SCN_SYNTAX;
	return keep_fd(c, c->sys->fsopen(c->task, c->argv[1], (unsigned int)flags));
}

/* fspick NAME PATH [cloexec|nofollow|noautomount|empty]... */
static long verb_fspick(struct scn_call *c)
{
	unsigned long flags = 0;
	const char *path;
	int dfd;

	if (name_free(c) < 0 || word_flags(c, "fspick", 2, &flags) < 0 ||
	    at_path(c, c->argv[1], &dfd, &path) < 0)
		return SCN_SYNTAX;
	return keep_fd(c, c->sys->fspick(c->task, dfd, path, (unsigned int)flags));
}

/*
 * fsconfig NAME COMMAND [KEY [VALUE]]: the arguments each command takes
 * in C; a VALUE of `fd` is an fd NAME, of `path` and `path-empty` a path
 * (from the cwd), of `binary` its bytes.  What a command does not take
 * is passed as NULL or 0, so that the kernel's checks of them are the
 * scenario's to see only through C.
 */
static long verb_fsconfig(struct scn_call *c)
{
	const char *key = c->argc > 2 ? c->argv[2] : NULL;
	const char *value = c->argc > 3 ? c->argv[3] : NULL;
	struct scn_task *owner;
	unsigned long cmd = 0;
	int fd, aux = 0;

	if (scn_fd_lookup(c, c->argv[0], false, &owner, &fd) < 0 ||
	    words_of(c, "fsconfig", c->argv[1], &cmd) < 0)
		return SCN_SYNTAX;
	switch (cmd) {
	case FSCONFIG_SET_BINARY:
		aux = value ? (int)strlen(value) : 0;
		break;
	case FSCONFIG_SET_PATH:
	case FSCONFIG_SET_PATH_EMPTY:
		aux = AT_FDCWD;
		break;
	case FSCONFIG_SET_FD:
		if (!value)
			return scn_syntax(c, "fsconfig: fd wants KEY and an fd NAME");
		if (scn_fd_lookup(c, value, false, &owner, &aux) < 0)
			return SCN_SYNTAX;
		value = NULL;
		break;
	default:
		break;
	}
	return c->sys->fsconfig(c->task, fd, (unsigned int)cmd, key, value, aux);
}

/* fslog NAME: read the context's messages, one line each, until ENODATA */
static long verb_fslog(struct scn_call *c)
{
	struct scn_task *owner;
	char buf[1024];
	long n;
	int fd;

	if (scn_fd_lookup(c, c->argv[0], false, &owner, &fd) < 0)
		return SCN_SYNTAX;
	while ((n = c->sys->read(c->task, fd, buf, sizeof(buf) - 1)) > 0) {
		buf[n] = 0;
		fputs(buf, scn_out(c));
	}
	return n == -ENODATA ? 0 : n;
}

/* ---- fsmount, open_tree, move_mount, mount_setattr ------------------------ */

/* fsmount NAME CTX [ATTR|cloexec]... */
static long verb_fsmount(struct scn_call *c)
{
	struct scn_task *owner;
	unsigned long words = 0;
	int ctx;

	if (name_free(c) < 0 || scn_fd_lookup(c, c->argv[1], false, &owner, &ctx) < 0 ||
	    word_flags(c, "fsmount", 2, &words) < 0)
		return SCN_SYNTAX;
	return keep_fd(c, c->sys->fsmount(c->task, ctx, (unsigned int)(words >> 32),
					(unsigned int)words));
}

/* open_tree NAME PATH [clone|recursive|cloexec|nofollow|noautomount|empty]... */
static long verb_open_tree(struct scn_call *c)
{
	unsigned long flags = 0;
	const char *path;
	int dfd;

	if (name_free(c) < 0 || word_flags(c, "open_tree", 2, &flags) < 0 ||
	    at_path(c, c->argv[1], &dfd, &path) < 0)
		return SCN_SYNTAX;
	return keep_fd(c, c->sys->open_tree(c->task, dfd, path, (unsigned int)flags));
}

/* move_mount FROM TO [FLAG]... (FROM, TO: PATH or @NAME) */
static long verb_move_mount(struct scn_call *c)
{
	const char *from, *to;
	unsigned long flags = 0;
	int fdfd, tdfd;

	if (word_flags(c, "move_mount", 2, &flags) < 0 ||
	    at_path(c, c->argv[0], &fdfd, &from) < 0 ||
	    at_path(c, c->argv[1], &tdfd, &to) < 0)
		return SCN_SYNTAX;
	return c->sys->move_mount(c->task, fdfd, from, tdfd, to, (unsigned int)flags);
}

/*
 * mount_setattr PATH [set=ATTRS] [clr=ATTRS] [propagation=TYPE] [FLAG]...
 * ATTRS: comma-joined attribute words (`atime` is MOUNT_ATTR__ATIME, for
 * clr); the struct is MOUNT_ATTR_SIZE_VER0 bytes, userns_fd 0.
 */
static long verb_mount_setattr(struct scn_call *c)
{
	unsigned long set = 0, clr = 0, prop = 0, flags = 0;
	struct mount_attr attr;
	const char *path;
	int i, dfd;

	for (i = 1; i < c->argc; i++) {
		const char *w = c->argv[i];
		long ret;

		if (!strncmp(w, "set=", 4))
			ret = words_of(c, "attr", w + 4, &set);
		else if (!strncmp(w, "clr=", 4))
			ret = words_of(c, "attr", w + 4, &clr);
		else if (!strncmp(w, "propagation=", 12))
			ret = words_of(c, "propagation", w + 12, &prop);
		else
			ret = words_of(c, "mount_setattr", w, &flags);
		if (ret < 0)
			return SCN_SYNTAX;
	}
	if ((set | clr) >> 32)
		return scn_syntax(c, "mount_setattr: 'cloexec' is no attribute");
	if (at_path(c, c->argv[0], &dfd, &path) < 0)
		return SCN_SYNTAX;
	attr = (struct mount_attr) { .attr_set = set, .attr_clr = clr, .propagation = prop };
	return c->sys->mount_setattr(c->task, dfd, path, (unsigned int)flags, &attr,
				   sizeof(attr));
}

const struct scn_verb scn_verbs_mount_api[] = {
	{ "fsopen", 2, 3, SCN_VERB_NEEDS_TASK, verb_fsopen, "NAME FSTYPE [cloexec]",
	  "fsopen(2): an fs_context fd kept as NAME" },
	{ "fspick", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_fspick,
	  "NAME PATH [cloexec|nofollow|noautomount|empty]...",
	  "fspick(2): a context to reconfigure PATH's superblock" },
	{ "fsconfig", 2, 4, SCN_VERB_NEEDS_TASK, verb_fsconfig,
	  "NAME flag|string|binary|path|path-empty|fd|create|create-excl|reconfigure [KEY [VALUE]]",
	  "fsconfig(2) on the context NAME" },
	{ "fslog", 1, 1, SCN_VERB_NEEDS_TASK, verb_fslog, "NAME",
	  "print the context's messages (read until ENODATA)" },
	{ "fsmount", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_fsmount,
	  "NAME CTX [ro|nosuid|nodev|noexec|noatime|...|cloexec]...",
	  "fsmount(2): a detached mount of CTX kept as NAME" },
	{ "open_tree", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_open_tree,
	  "NAME PATH [clone|recursive|cloexec|nofollow|noautomount|empty]...",
	  "open_tree(2), the fd kept as NAME" },
	{ "move_mount", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_move_mount,
	  "FROM TO [f_empty|t_empty|f_symlinks|...|set_group|beneath]...",
	  "move_mount(2); @NAME for an fd" },
	{ "mount_setattr", 1, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_mount_setattr,
	  "PATH [set=ATTRS] [clr=ATTRS] [propagation=TYPE] [recursive|...]...",
	  "mount_setattr(2)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
