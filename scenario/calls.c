/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The system calls of the verbs vfsim-kdiff runs on both the model and
 * the kernel: the flags of `open` and the mount(2)/umount2(2) calls of the
 * mount verbs.  Public (<vfsim/scenario.h>) so that the engine and
 * vfsim-kdiff turn a line into calls in one place and cannot drift apart.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* O_PATH */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>

#include "engine.h"

static int invalid(char *why, size_t whylen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int invalid(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (why && whylen) {
		va_start(ap, fmt);
		vsnprintf(why, whylen, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

struct word_flag {
	const char *word;
	int flag;
};

static const struct word_flag open_words[] = {
	{ "path", O_PATH },
	{ "directory", O_DIRECTORY },
	{ "nofollow", O_NOFOLLOW },
	{ "creat", O_CREAT },
	{ "excl", O_EXCL },
	{ "cloexec", O_CLOEXEC },
	{ "rdwr", O_RDWR },
	{ "wronly", O_WRONLY },
	{ "trunc", O_TRUNC },
	{ "append", O_APPEND },
};

static const struct word_flag umount_words[] = {
	{ "detach", MNT_DETACH },
	{ "force", MNT_FORCE },
	{ "expire", MNT_EXPIRE },
	{ "nofollow", UMOUNT_NOFOLLOW },
};

/* The flag of the @n bytes at @w in @words, or -1. */
static int word_flag(const struct word_flag *words, size_t nr, const char *w,
		     size_t n)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (strlen(words[i].word) == n && strncmp(words[i].word, w, n) == 0)
			return words[i].flag;
	return -1;
}

int vfsim_scenario_open_flags(int argc, char *const *argv, int *flags,
			      char *why, size_t whylen)
{
	int f = O_RDONLY, i;

	if (!flags || (argc > 0 && !argv))
		return invalid(why, whylen, "no open flags to parse");
	for (i = 0; i < argc; i++) {
		const char *w = argv[i];

		for (;;) {
			size_t n = strcspn(w, ",");
			int flag = word_flag(open_words, ARRAY_LEN(open_words), w, n);

			if (flag < 0)
				return invalid(why, whylen, "bad open flag '%.*s' (path, directory, nofollow, creat, excl, cloexec, rdwr, wronly, trunc, append)",
					       (int)n, w);
			f |= flag;
			if (!w[n])
				break;
			w += n + 1;
		}
	}
	*flags = f;
	return 0;
}

/* A mount verb's line, and where its reason goes if it is malformed. */
struct mount_line {
	int argc;
	char *const *argv;
	char *why;
	size_t whylen;
};

/* An optional last argument that must be the word "rec". */
static int parse_rec(const struct mount_line *l, int idx, unsigned long *flags)
{
	if (l->argc <= idx)
		return 0;
	if (strcmp(l->argv[idx], "rec") != 0)
		return invalid(l->why, l->whylen, "'%s': only 'rec' may follow here",
			       l->argv[idx]);
	*flags |= MS_REC;
	return 0;
}

static int parse_opts(const struct mount_line *l, const char *s,
		      enum vfsim_scenario_mount_use use,
		      struct vfsim_scenario_mount_opts *o)
{
	char reason[160] = "";
	int ret = vfsim_scenario_mount_options(s, use, o, reason, sizeof(reason));

	if (ret == -EINVAL)
		return invalid(l->why, l->whylen, "bad mount options: %s", reason);
	return ret;
}

/* Append mount(@source, @target, @fstype, @flags, @data) to @mc. */
static void add_mount(struct vfsim_scenario_mount_calls *mc, const char *source,
		      const char *target, const char *fstype,
		      unsigned long flags, const char *data)
{
	mc->call[mc->nr++] = (struct vfsim_scenario_mount_call){
		.source = source, .target = target, .fstype = fstype,
		.flags = flags, .data = data,
	};
}

/* mount FSTYPE SOURCE TARGET [OPTIONS] */
static int calls_mount(const struct mount_line *l,
		       struct vfsim_scenario_mount_calls *mc)
{
	struct vfsim_scenario_mount_opts *o = &mc->opts;
	int ret = parse_opts(l, l->argc > 3 ? l->argv[3] : "",
			     VFSIM_SCENARIO_MOUNT, o);

	if (ret < 0)
		return ret;
	add_mount(mc, l->argv[1], l->argv[2], l->argv[0], o->flags, o->data);
	/* mount(8) sets the propagation with a second call, after the mount */
	if (o->propagation)
		add_mount(mc, "none", l->argv[2], NULL, o->propagation, NULL);
	return 0;
}

/* bind SOURCE TARGET [rec] */
static int calls_bind(const struct mount_line *l,
		      struct vfsim_scenario_mount_calls *mc)
{
	unsigned long flags = MS_BIND;
	int ret = parse_rec(l, 2, &flags);

	if (ret == 0)
		add_mount(mc, l->argv[0], l->argv[1], NULL, flags, NULL);
	return ret;
}

/* move SOURCE TARGET */
static int calls_move(const struct mount_line *l,
		      struct vfsim_scenario_mount_calls *mc)
{
	add_mount(mc, l->argv[0], l->argv[1], NULL, MS_MOVE, NULL);
	return 0;
}

/* umount TARGET [detach|force|expire|nofollow]... */
static int calls_umount(const struct mount_line *l,
			struct vfsim_scenario_mount_calls *mc)
{
	unsigned long flags = 0;
	int i;

	for (i = 1; i < l->argc; i++) {
		int flag = word_flag(umount_words, ARRAY_LEN(umount_words),
				     l->argv[i], strlen(l->argv[i]));

		if (flag < 0)
			return invalid(l->why, l->whylen, "bad umount flag '%s' (detach, force, expire, nofollow)",
				       l->argv[i]);
		flags |= (unsigned long)flag;
	}
	mc->call[mc->nr++] = (struct vfsim_scenario_mount_call){
		.umount = true, .target = l->argv[0], .flags = flags,
	};
	return 0;
}

/* remount TARGET OPTIONS: the superblock (and the mount's flags) */
static int calls_remount(const struct mount_line *l,
			 struct vfsim_scenario_mount_calls *mc)
{
	int ret = parse_opts(l, l->argv[1], VFSIM_SCENARIO_REMOUNT, &mc->opts);

	if (ret == 0)
		add_mount(mc, "none", l->argv[0], NULL,
			  MS_REMOUNT | mc->opts.flags, mc->opts.data);
	return ret;
}

/* setattr TARGET OPTIONS: the mount's own flags, the superblock untouched */
static int calls_setattr(const struct mount_line *l,
			 struct vfsim_scenario_mount_calls *mc)
{
	int ret = parse_opts(l, l->argv[1], VFSIM_SCENARIO_SETATTR, &mc->opts);

	if (ret == 0)
		add_mount(mc, "none", l->argv[0], NULL,
			  MS_REMOUNT | MS_BIND | mc->opts.flags, NULL);
	return ret;
}

/* propagation TARGET TYPE [rec] */
static int calls_propagation(const struct mount_line *l,
			     struct vfsim_scenario_mount_calls *mc)
{
	unsigned long flags = vfsim_scenario_propagation(l->argv[1]);
	int ret;

	if (!flags)
		return invalid(l->why, l->whylen, "bad propagation type '%s' (shared, private, slave, unbindable, or r-prefixed)",
			       l->argv[1]);
	ret = parse_rec(l, 2, &flags);
	if (ret == 0)
		add_mount(mc, "none", l->argv[0], NULL, flags, NULL);
	return ret;
}

static const struct {
	const char *verb;
	int min_args, max_args;
	int (*calls)(const struct mount_line *l,
		     struct vfsim_scenario_mount_calls *mc);
} mount_verbs[] = {
	{ "mount", 3, 4, calls_mount },
	{ "bind", 2, 3, calls_bind },
	{ "move", 2, 2, calls_move },
	{ "umount", 1, INT_MAX, calls_umount },
	{ "remount", 2, 2, calls_remount },
	{ "setattr", 2, 2, calls_setattr },
	{ "propagation", 2, 3, calls_propagation },
};

int vfsim_scenario_mount_calls(const char *verb, int argc, char *const *argv,
			       struct vfsim_scenario_mount_calls *mc,
			       char *why, size_t whylen)
{
	const struct mount_line l = { argc, argv, why, whylen };
	size_t i;
	int j;

	if (mc)
		memset(mc, 0, sizeof(*mc));
	if (!verb || !mc || argc < 0 || (argc > 0 && !argv))
		return invalid(why, whylen, "no mount verb to read");
	for (i = 0; i < ARRAY_LEN(mount_verbs); i++)
		if (strcmp(mount_verbs[i].verb, verb) == 0)
			break;
	if (i == ARRAY_LEN(mount_verbs)) {
		invalid(why, whylen, "'%s' is not a mount verb", verb);
		return -ENOENT;
	}
	if (argc < mount_verbs[i].min_args || argc > mount_verbs[i].max_args)
		return invalid(why, whylen, "%s: wrong number of arguments", verb);
	for (j = 0; j < argc; j++)
		if (!argv[j])
			return invalid(why, whylen, "%s: argument %d is NULL", verb, j + 1);
	return mount_verbs[i].calls(&l, mc);
}

void vfsim_scenario_mount_calls_free(struct vfsim_scenario_mount_calls *mc)
{
	if (!mc)
		return;
	vfsim_scenario_mount_options_free(&mc->opts);
	memset(mc, 0, sizeof(*mc));
}
