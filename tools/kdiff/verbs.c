// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The verb registry, the dispatcher, and the verbs the runner does itself
 * (boot, echo, check: listed for their argument counts only) or that read
 * the tree (tree).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kdiff.h"
#include "verbs.h"

/* mountinfo text into c->data: the runner turns it into the canonical tree */
static long verb_tree(struct kd_call *c)
{
	if (c->dry)
		return 0;
	return c->ops->mountinfo(c->task, c->data);
}

/* listmount + statmount dump into c->data: the runner canonicalizes it */
static long verb_listmount(struct kd_call *c)
{
	if (c->dry)
		return 0;
	return c->ops->statmounts(c->task, c->data);
}

const struct kd_verb kd_verbs_core[] = {
	{ "boot", 1, 1, KD_VERB_RUNNER | KD_VERB_NO_PREFIX, NULL, "empty" },
	{ "echo", 0, KD_UNLIMITED, KD_VERB_RUNNER | KD_VERB_NO_PREFIX, NULL,
	  "[TEXT]..." },
	{ "check", 0, 0, KD_VERB_RUNNER, NULL, "" },
	{ "tree", 0, 0, 0, verb_tree, "" },
	{ "listmount", 0, 0, 0, verb_listmount, "" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct kd_verb *const tables[] = {
	kd_verbs_core,
	kd_verbs_fs,
	kd_verbs_mount,
	kd_verbs_mount_api,
	kd_verbs_fanotify,
};

const struct kd_verb *kd_verb_find(const char *name)
{
	const struct kd_verb *v;
	size_t i;

	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		for (v = tables[i]; v->name; v++)
			if (strcmp(v->name, name) == 0)
				return v;
	return NULL;
}

bool kd_verb_makes_fd(const char *verb)
{
	const struct kd_verb *v = kd_verb_find(verb);

	return v && (v->flags & KD_VERB_MAKES_FD);
}

long kd_syntax(struct kd_call *c, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	if (c->file)
		fprintf(stderr, KD_NAME ": %s:%lu: ", c->file, c->lineno);
	else
		fputs(KD_NAME ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return KD_SYNTAX;
}

long kd_parsed(struct kd_call *c, int ret)
{
	if (ret == -ENOMEM)
		kd_oom();
	return ret < 0 ? kd_syntax(c, "%s", c->why) : 0;
}

static long dispatch(struct kd_call *c, int argc, char **argv)
{
	const struct kd_verb *verb = kd_verb_find(argv[0]);
	int nargs = argc - 1;

	if (!verb)
		return kd_syntax(c, "'%s' is not a verb vfsim-kdiff compares (see --help)",
				 argv[0]);
	if (nargs < verb->min_args ||
	    (verb->max_args != KD_UNLIMITED && nargs > verb->max_args))
		return kd_syntax(c, "wrong number of arguments: usage: %s%s%s",
				 verb->name, *verb->args ? " " : "", verb->args);
	if (!verb->run)
		return c->dry ? 0 : kd_syntax(c, "%s: done by the runner", argv[0]);
	c->verb = verb->name;
	c->argc = nargs;
	c->argv = argv + 1;
	return verb->run(c);
}

long kd_validate(const char *file, unsigned long lineno, int argc,
		 char **argv)
{
	struct kd_call c = { .dry = true, .file = file, .lineno = lineno };
	long r = dispatch(&c, argc, argv);

	return r == KD_SYNTAX ? KD_SYNTAX : 0;
}

long kd_exec(const struct kd_ops *ops, void *task, struct kd_fdtab *fds,
	     int argc, char **argv, struct kd_buf *data)
{
	struct kd_call c = {
		.ops = ops,
		.task = task,
		.fds = fds,
		.data = data,
	};

	return dispatch(&c, argc, argv);
}

void kd_verbs_help(FILE *out)
{
	const struct kd_verb *v;
	size_t i;

	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		for (v = tables[i]; v->name; v++)
			fprintf(out, "  %s%s%s\n", v->name, *v->args ? " " : "",
				v->args);
}
