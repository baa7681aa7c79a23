/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The scenario interpreter: reads lines, runs each as a verb against one
 * simulated kernel, matches `expect`, reports, and keeps the per-scenario
 * state (tasks by credentials, file descriptors by name).  The language is
 * documented in docs/scenario.md.
 *
 * The first failure ends the run: an unexpected error or an unmet `expect`
 * gives exit status 1, a malformed line 65.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "scenario.h"
#include "engine.h"

struct scn_task_entry {
	struct scn_task_entry *next;
	uid_t uid;
	gid_t gid;
	struct vfsim_task *task;
};

struct scn_fd_entry {
	struct scn_fd_entry *next;
	char *name;
	struct vfsim_task *task;
	int fd;
};

struct scn {
	struct vfsim *v;
	const char *file;		/* for messages */
	unsigned long lineno;
	struct scn_options opts;
	struct scn_task_entry *tasks;	/* created by `as`, newest first */
	struct scn_fd_entry *fds;	/* open NAMEs, newest first */
	char what[512];			/* the innermost verb of the line */
	char detail[512];		/* scn_set_detail() */
};

/* ---- reporting ------------------------------------------------------------ */

static void vreport(struct scn *s, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
static void vreport(struct scn *s, const char *fmt, va_list ap)
{
	fflush(stdout);	/* keep stdout and stderr in order on a terminal */
	if (s->lineno)
		fprintf(stderr, "%s: %s:%lu: ", TOOL_NAME, s->file, s->lineno);
	else
		fprintf(stderr, "%s: %s: ", TOOL_NAME, s->file);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

static void report(struct scn *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void report(struct scn *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(s, fmt, ap);
	va_end(ap);
}

long scn_syntax(struct scn_call *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(c->s, fmt, ap);
	va_end(ap);
	return SCN_SYNTAX;
}

long scn_fail(struct scn_call *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(c->s, fmt, ap);
	va_end(ap);
	return SCN_FAILED;
}

void scn_set_detail(struct scn_call *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->s->detail, sizeof(c->s->detail), fmt, ap);
	va_end(ap);
}

FILE *scn_out(struct scn_call *c)
{
	return c->s->opts.out ? c->s->opts.out : stdout;
}

/* s->what = the verb and its arguments, re-quoted where needed. */
static void set_what(struct scn *s, int argc, char **argv)
{
	FILE *f = fmemopen(s->what, sizeof(s->what), "w");
	int i;

	if (!f) {
		snprintf(s->what, sizeof(s->what), "%s", argv[0]);
		return;
	}
	for (i = 0; i < argc; i++) {
		if (i)
			fputc(' ', f);
		scn_put_token(f, argv[i]);
	}
	fclose(f);
	s->what[sizeof(s->what) - 1] = '\0';	/* a full buffer gets no NUL */
}

void scn_prefix_what(struct scn_call *c, const char *prefix)
{
	struct scn *s = c->s;
	size_t n = strlen(prefix), len = strlen(s->what);

	if (n + len + 1 > sizeof(s->what))
		return;
	memmove(s->what + n, s->what, len + 1);
	memcpy(s->what, prefix, n);
}

/* ---- tasks and named fds -------------------------------------------------- */

struct vfsim_task *scn_task_get(struct scn_call *c, uid_t uid, gid_t gid,
				long *err)
{
	struct scn *s = c->s;
	struct scn_task_entry *e;
	struct vfsim_task *t;
	int ret;

	*err = 0;
	if (uid == 0 && gid == 0)
		return vfsim_init_task(c->v);
	for (e = s->tasks; e; e = e->next)
		if (e->uid == uid && e->gid == gid)
			return e->task;

	e = calloc(1, sizeof(*e));
	if (!e) {
		*err = -ENOMEM;
		return NULL;
	}
	ret = vfsim_task_create(c->v, uid, gid, &t);
	if (ret < 0) {
		free(e);
		*err = ret;
		return NULL;
	}
	e->uid = uid;
	e->gid = gid;
	e->task = t;
	e->next = s->tasks;
	s->tasks = e;
	return t;
}

bool scn_fd_exists(struct scn_call *c, const char *name)
{
	struct scn_fd_entry *e;

	for (e = c->s->fds; e; e = e->next)
		if (strcmp(e->name, name) == 0)
			return true;
	return false;
}

long scn_fd_add(struct scn_call *c, const char *name, struct vfsim_task *t,
		int fd)
{
	struct scn_fd_entry *e = calloc(1, sizeof(*e));

	if (e)
		e->name = strdup(name);
	if (!e || !e->name) {
		free(e);
		return scn_fail(c, "out of memory");
	}
	e->task = t;
	e->fd = fd;
	e->next = c->s->fds;
	c->s->fds = e;
	return 0;
}

long scn_fd_lookup(struct scn_call *c, const char *name, bool remove,
		   struct vfsim_task **t, int *fd)
{
	struct scn_fd_entry **pp, *e;

	for (pp = &c->s->fds; (e = *pp); pp = &e->next) {
		if (strcmp(e->name, name) != 0)
			continue;
		*t = e->task;
		*fd = e->fd;
		if (remove) {
			*pp = e->next;
			free(e->name);
			free(e);
		}
		return 0;
	}
	return scn_syntax(c, "no open file named '%s'", name);
}

static void free_state(struct scn *s)
{
	while (s->fds) {
		struct scn_fd_entry *e = s->fds;

		s->fds = e->next;
		free(e->name);
		free(e);
	}
	while (s->tasks) {
		struct scn_task_entry *e = s->tasks;

		s->tasks = e->next;
		free(e);
	}
}

/* ---- running -------------------------------------------------------------- */

long scn_dispatch(struct scn_call *c, int argc, char **argv)
{
	const struct scn_verb *verb = scn_verb_find(argv[0]);
	struct scn_call sub = *c;
	int nargs = argc - 1;

	if (!verb)
		return scn_syntax(c, "unknown verb '%s'", argv[0]);
	if (nargs < verb->min_args ||
	    (verb->max_args != SCN_UNLIMITED && nargs > verb->max_args))
		return scn_syntax(c, "wrong number of arguments: usage: %s%s%s",
				  verb->name, *verb->args ? " " : "",
				  verb->args);
	if ((verb->flags & SCN_VERB_NEEDS_TASK) && !c->task)
		return scn_syntax(c, "%s: no task to run it: 'boot' must come first",
				  verb->name);
	if (!(verb->flags & SCN_VERB_PREFIX))
		set_what(c->s, argc, argv);
	sub.argc = nargs;
	sub.argv = argv + 1;
	return verb->run(&sub);
}

/* Run one tokenized line; returns an exit status (0: go on). */
static int run_line(struct scn *s, struct scn_tokens *tk)
{
	struct scn_call c = {
		.s = s,
		.v = s->v,
		.task = vfsim_init_task(s->v),
	};
	char ebuf[128];
	long r;

	s->what[0] = '\0';
	s->detail[0] = '\0';
	r = scn_dispatch(&c, tk->argc, tk->argv);
	if (r == SCN_SYNTAX)
		return TOOL_EXIT_DATAERR;
	if (r == SCN_FAILED)
		return TOOL_EXIT_FAIL;
	if (r < 0) {
		report(s, "%s: %s%s%s", s->what, tool_strerror(r, ebuf, sizeof(ebuf)),
		       s->detail[0] ? ": " : "", s->detail);
		return TOOL_EXIT_FAIL;
	}

	if (s->opts.check) {
		char why[512] = "";
		int ret = vfsim_check_invariants(s->v, why, sizeof(why));

		if (ret < 0) {
			report(s, "invariant violated after this line: %s",
			       why[0] ? why : tool_strerror(ret, ebuf, sizeof(ebuf)));
			return TOOL_EXIT_FAIL;
		}
	}
	return TOOL_EXIT_OK;
}

int scn_run_file_on(FILE *in, const char *name, const struct scn_options *opts,
		    struct vfsim *v)
{
	struct scn s = { .v = v, .file = name, .opts = *opts };
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int ret, status = TOOL_EXIT_OK;
	unsigned long warnings = vfsim_warn_count(v);

	while (status == TOOL_EXIT_OK && (len = getline(&line, &cap, in)) >= 0) {
		struct scn_tokens tk;
		char why[128] = "";

		s.lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (strlen(line) != (size_t)len) {
			report(&s, "NUL byte in line");
			status = TOOL_EXIT_DATAERR;
			break;
		}
		ret = scn_tokenize(line, &tk, why, sizeof(why));
		if (ret == -ENOMEM) {
			report(&s, "out of memory");
			status = TOOL_EXIT_FAIL;
			break;
		}
		if (ret < 0) {
			report(&s, "%s", why);
			status = TOOL_EXIT_DATAERR;
			break;
		}
		if (tk.argc > 0) {
			if (s.opts.trace) {
				FILE *out = s.opts.out ? s.opts.out : stdout;

				fprintf(out, "> %.*s\n", (int)(tk.end - tk.start),
					line + tk.start);
				fflush(out);
			}
			status = run_line(&s, &tk);
		}
		scn_tokens_free(&tk);
	}
	if (status == TOOL_EXIT_OK && ferror(in)) {
		s.lineno = 0;
		report(&s, "read error: %s", strerror(errno));
		status = TOOL_EXIT_NOINPUT;
	}
	free(line);

	/* Kernel warnings fail the run whatever else happened (those @v had
	 * before the scenario are not its own). */
	s.lineno = 0;
	warnings = vfsim_warn_count(v) - warnings;
	if (warnings) {
		report(&s, "the kernel hit %lu warning%s (WARN_ON or refcount)",
		       warnings, warnings == 1 ? "" : "s");
		if (status == TOOL_EXIT_OK)
			status = TOOL_EXIT_FAIL;
	}

	free_state(&s);
	return status;
}

int scn_run_file(FILE *in, const char *name, const struct scn_options *opts)
{
	struct scn s = { .file = name, .opts = *opts };
	struct vfsim *v;
	char ebuf[128];
	int ret, status;

	ret = vfsim_create(NULL, &v);
	if (ret < 0) {
		report(&s, "cannot create a simulated kernel: %s",
		       tool_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	status = scn_run_file_on(in, name, opts, v);
	vfsim_destroy(v);
	return status;
}
