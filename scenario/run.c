// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The scenario interpreter: reads lines, runs each as a verb against one
 * simulated kernel, matches `expect`, reports.  The language is documented
 * in docs/scenario.md.  A scenario may read several inputs one after the
 * other (vfsim_scenario_feed()); what it has named carries over.
 *
 * The first failure ends the run: an unexpected error or an unmet `expect`
 * gives exit status 1, a malformed line 65.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* getc_unlocked, ferror_unlocked */
#endif
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "session.h"

long scn_dispatch(struct scn_call *c, int argc, char **argv)
{
	const struct scn_verb *verb = scn_verb_find(argv[0]);
	struct scn_call sub = *c;
	int nargs = argc - 1;
	long ret;

	if (!verb)
		return scn_syntax(c, "unknown verb '%s'", argv[0]);
	if (nargs < verb->min_args ||
	    (verb->max_args != SCN_UNLIMITED && nargs > verb->max_args))
		return scn_syntax(c, "wrong number of arguments: usage: %s%s%s",
				  verb->name, *verb->args ? " " : "",
				  verb->args);
	if ((verb->flags & SCN_VERB_MODEL) && c->sys != &scn_sys_model)
		return scn_syntax(c, "%s: the model's alone: the %s backend cannot run it",
				  verb->name, c->sys->name);
	if ((verb->flags & SCN_VERB_NEEDS_TASK) && !c->task)
		return scn_syntax(c, "%s: no task to run it: 'boot' must come first",
				  verb->name);
	if (!(verb->flags & SCN_VERB_PREFIX))
		scn_set_what(c->s, argc, argv);
	sub.verb = verb->name;
	sub.argc = nargs;
	sub.argv = argv + 1;
	ret = verb->run(&sub);
	if (!(verb->flags & SCN_VERB_PREFIX) && ret != SCN_SYNTAX &&
	    ret != SCN_FAILED) {
		c->s->op_ran = true;
		c->s->op_result = ret;
	}
	return ret;
}

/* Run @argv as one operation; returns an exit status.  @who names it in
 * the report of an unexpected errno ("" for the line itself). */
static int run_op(struct vfsim_scenario *s, int argc, char **argv,
		  const char *who)
{
	struct scn_call c = {
		.s = s,
		.sys = s->sys,
		.v = s->v,
		.task = s->sys->init_task(s->backend),
	};
	char ebuf[128];
	long r;

	s->what[0] = '\0';
	s->what_argv = NULL;
	s->detail[0] = '\0';
	r = scn_dispatch(&c, argc, argv);
	if (r == SCN_SYNTAX)
		return VFSIM_SCENARIO_EXIT_DATAERR;
	if (r == SCN_FAILED)
		return VFSIM_SCENARIO_EXIT_FAIL;
	if (r < 0) {
		scn_report(s, "%s%s: %s%s%s", who, scn_what(s),
			   vfsim_scenario_strerror(r, ebuf, sizeof(ebuf)),
			   s->detail[0] ? ": " : "", s->detail);
		return VFSIM_SCENARIO_EXIT_FAIL;
	}
	return VFSIM_SCENARIO_EXIT_OK;
}

/* --check: after a line, what it changed (@full: everything, at the end). */
static int check_invariants(struct vfsim_scenario *s, bool full)
{
	char why[512] = "", ebuf[128];
	long ret = full ? s->sys->check(s->backend, why, sizeof(why)) :
			  s->sys->check_changed(s->backend, why, sizeof(why));

	if (ret == 0)
		return VFSIM_SCENARIO_EXIT_OK;
	scn_report(s, full ? "invariant violated at the end of the run: %s" :
		   "invariant violated after this line: %s",
		   why[0] ? why : vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
	return VFSIM_SCENARIO_EXIT_FAIL;
}

/*
 * One line of words: the operation, the invariants, then the after_each
 * operation, which runs after a line that failed too (to show what the
 * line did before it failed) but not after a malformed one (which did
 * nothing), nor after the line that set it.  Returns an exit status.
 */
static int run_line(struct vfsim_scenario *s, int argc, char **argv)
{
	unsigned long gen = s->after_gen;
	int status, hook;

	s->op_ran = false;
	s->op_result = 0;
	free(s->op_mountinfo);	/* an after_each `tree`'s */
	s->op_mountinfo = NULL;
	status = run_op(s, argc, argv, "");
	if (status == VFSIM_SCENARIO_EXIT_OK && s->check)
		status = check_invariants(s, false);
	if (s->result_fn) {
		const struct vfsim_scenario_result r = {
			.name = s->file, .lineno = s->lineno,
			.argc = argc, .argv = argv, .status = status,
			.ran = s->op_ran, .result = s->op_ran ? s->op_result : 0,
			.mountinfo = s->op_mountinfo,
		};

		s->result_fn(&r, s->result_arg);
	}
	free(s->op_mountinfo);
	s->op_mountinfo = NULL;
	if (status == VFSIM_SCENARIO_EXIT_DATAERR || !s->after_argv ||
	    gen != s->after_gen)
		return status;
	hook = run_op(s, s->after_argc, s->after_argv, "after_each: ");
	return status ? status : hook;
}

int scn_set_after_each(struct scn_call *c, int argc, char **argv)
{
	struct vfsim_scenario *s = c->s;
	char **copy = NULL;

	if (argc > 0) {
		copy = scn_words_copy(argc, argv);
		if (!copy)
			return -ENOMEM;
	}
	free(s->after_argv);
	s->after_argv = copy;
	s->after_argc = argc;
	s->after_gen++;
	return 0;
}

int vfsim_scenario_set_host(struct vfsim_scenario *s,
			    const struct vfsim_scenario_host *host)
{
	static const struct vfsim_scenario_host none;

	if (!s)
		return -EINVAL;
	s->host = host ? *host : none;
	return 0;
}

const struct vfsim_scenario_host *scn_host(struct scn_call *c)
{
	return &c->s->host;
}

int vfsim_scenario_set_result(struct vfsim_scenario *s,
			      vfsim_scenario_result_fn fn, void *arg)
{
	if (!s)
		return -EINVAL;
	s->result_fn = fn;
	s->result_arg = arg;
	return 0;
}

bool scn_wants_result(struct scn_call *c)
{
	return c->s->result_fn != NULL;
}

void scn_set_mountinfo(struct scn_call *c, char *text)
{
	free(c->s->op_mountinfo);
	c->s->op_mountinfo = text;
}

void *scn_backend(struct scn_call *c)
{
	return c->s->backend;
}

/* A scenario on @sys with @backend (@v: the model's instance, or NULL). */
static int begin(const struct scn_sys *sys, void *backend, struct vfsim *v,
		 FILE *out, const struct vfsim_scenario_opts *opts,
		 struct vfsim_scenario **sp)
{
	static const struct vfsim_scenario_opts defaults;
	struct vfsim_scenario *s;

	if (!opts)
		opts = &defaults;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->sys = sys;
	s->backend = backend;
	s->v = v;
	s->out = out ? out : stdout;
	s->err = opts->err ? opts->err : stderr;
	s->check = opts->check;
	s->quiet = opts->quiet;
	s->file = "-";
	/* Those @v had before the scenario are not its own. */
	s->warnings = v ? vfsim_warn_count(v) : 0;
	*sp = s;
	return 0;
}

int vfsim_scenario_begin(struct vfsim *v, FILE *out,
			 const struct vfsim_scenario_opts *opts,
			 struct vfsim_scenario **sp)
{
	if (!v || !sp)
		return -EINVAL;
	return begin(&scn_sys_model, v, v, out, opts, sp);
}

int vfsim_scenario_begin_kernel(FILE *out, const struct vfsim_scenario_opts *opts,
				struct vfsim_scenario **sp, char *why,
				size_t whylen)
{
	void *k;
	int ret;

	if (!sp)
		return -EINVAL;
	ret = (int)scn_kernel_begin(&k, why, whylen);
	if (ret < 0)
		return ret;
	ret = begin(&scn_sys_kernel, k, NULL, out, opts, sp);
	if (ret < 0) {
		scn_sys_kernel.end(k);
		if (why && whylen)
			snprintf(why, whylen, "out of memory");
	}
	return ret;
}

/* s->file = @name, kept: reports at the end name the last input. */
static void set_file(struct vfsim_scenario *s, const char *name)
{
	char *copy;

	if (name && s->file_copy && strcmp(name, s->file_copy) == 0)
		return;		/* line after line of one input */
	copy = name ? strdup(name) : NULL;

	free(s->file_copy);
	s->file_copy = copy;
	s->file = copy ? copy : "-";
}

/*
 * One line of @in into *@buf (grown as needed, at most SCN_LINE_MAX bytes
 * before the newline), without its newline, NUL-terminated; its length in
 * *@len (NUL bytes included).  1 for a line, 0 at the end of the input,
 * -EFBIG for a longer line (the rest of it unread), -ENOMEM, or -EIO for
 * a read error (errno says which, and ferror(@in) is set).  getline() is
 * not used: it grows without bound, and its ENOMEM looks like the end of
 * the input.
 */
static int read_line(FILE *in, char **buf, size_t *cap, size_t *len)
{
	size_t n = 0;
	int ch = EOF, ret = 1;

	flockfile(in);
	for (;;) {
		ch = getc_unlocked(in);
		if (ch == EOF || ch == '\n')
			break;
		if (n == SCN_LINE_MAX) {
			ret = -EFBIG;
			break;
		}
		if (n + 1 >= *cap) {
			size_t ncap = *cap ? *cap * 2 : 256;
			char *p;

			if (ncap > SCN_LINE_MAX + 1)
				ncap = SCN_LINE_MAX + 1;
			p = realloc(*buf, ncap);
			if (!p) {
				ret = -ENOMEM;
				break;
			}
			*buf = p;
			*cap = ncap;
		}
		(*buf)[n++] = (char)ch;
	}
	if (ch == EOF && ret == 1) {
		if (ferror_unlocked(in))
			ret = -EIO;
		else if (n == 0)
			ret = 0;	/* no partial last line */
	}
	funlockfile(in);
	if (ret == 1) {
		if (!*buf) {	/* an empty line before anything grew */
			*buf = malloc(1);
			if (!*buf)
				return -ENOMEM;
			*cap = 1;
		}
		(*buf)[n] = '\0';
		*len = n;
	}
	return ret;
}

/* What the verbs printed is lost: say so once (status 1), with @err as
 * the reason if it is known (not 0). */
static void check_output(struct vfsim_scenario *s, int err)
{

	if (s->out_lost || !ferror(s->out))
		return;
	s->out_lost = true;
	if (s->status)
		return;		/* the line's own report said enough */
	s->lineno = 0;
	if (err)
		scn_report(s, "write error on the output: %s", strerror(err));
	else
		scn_report(s, "write error on the output");
	s->status = VFSIM_SCENARIO_EXIT_FAIL;
}

/* A CR that is not the last byte of the line (which would be CR LF):
 * its offset, or -1. */
static long bare_cr(const char *line, size_t len, bool newline)
{
	const char *cr = memchr(line, '\r', len);

	if (!cr)
		return -1;
	if (newline && (size_t)(cr - line) == len - 1)
		return -1;
	return cr - line;
}

/*
 * One line of text (@len bytes at @line, NUL-terminated, without its
 * newline; @newline: one followed it): checked, split, echoed if @trace,
 * run.  Returns its exit status, reported.  The CR of a CR LF needs no
 * cutting off: it is a blank to vfsim_scenario_split().
 */
static int run_text(struct vfsim_scenario *s, const char *line, size_t len,
		    bool newline, bool trace)
{
	struct vfsim_scenario_words w;
	char why[128] = "";
	int ret, status = VFSIM_SCENARIO_EXIT_OK;
	long cr;

	if (strlen(line) != len) {
		scn_report(s, "NUL byte in line (column %zu)", strlen(line) + 1);
		return VFSIM_SCENARIO_EXIT_DATAERR;
	}
	cr = bare_cr(line, len, newline);
	if (cr >= 0) {
		scn_report(s, "bare CR in line (column %ld): lines end in LF or CR LF",
			   cr + 1);
		return VFSIM_SCENARIO_EXIT_DATAERR;
	}
	ret = vfsim_scenario_split(line, &w, why, sizeof(why));
	if (ret == -ENOMEM) {
		scn_report(s, "out of memory");
		return VFSIM_SCENARIO_EXIT_FAIL;
	}
	if (ret < 0) {
		scn_report(s, "%s", why);
		return VFSIM_SCENARIO_EXIT_DATAERR;
	}
	if (w.argc > 0) {
		if (trace) {
			fprintf(s->out, "> %.*s\n", (int)(w.end - w.start),
				line + w.start);
			fflush(s->out);
		}
		status = run_line(s, w.argc, w.argv);
	}
	vfsim_scenario_words_free(&w);
	return status;
}

int vfsim_scenario_feed(struct vfsim_scenario *s, FILE *in, const char *name,
			bool trace)
{
	char *line = NULL;
	size_t cap = 0, len = 0;
	int got;

	if (!s || !in)
		return -EINVAL;
	if (s->status)
		return s->status;
	set_file(s, name);
	s->lineno = 0;
	while (!s->status) {
		errno = 0;
		got = read_line(in, &line, &cap, &len);
		if (got == 0)
			break;
		s->lineno++;
		if (got == -EIO) {
			int err = errno ? errno : EIO;

			s->lineno = 0;
			scn_report(s, "read error: %s", strerror(err));
			s->status = VFSIM_SCENARIO_EXIT_NOINPUT;
			break;
		}
		if (got == -ENOMEM) {
			scn_report(s, "out of memory");
			s->status = VFSIM_SCENARIO_EXIT_FAIL;
			break;
		}
		if (got == -EFBIG) {
			scn_report(s, "line longer than %u bytes", SCN_LINE_MAX);
			s->status = VFSIM_SCENARIO_EXIT_DATAERR;
			break;
		}
		s->status = run_text(s, line, len, !feof(in), trace);
		/* (why a write failed is gone with the bytes) */
		check_output(s, 0);
	}
	free(line);
	s->lineno = 0;
	return s->status;
}

int vfsim_scenario_line(struct vfsim_scenario *s, const char *line,
			const char *name, unsigned long lineno, bool trace)
{
	int status, err;

	if (!s || !line)
		return -EINVAL;
	set_file(s, name);
	s->lineno = lineno;
	status = run_text(s, line, strlen(line), true, trace);
	/*
	 * A line that fails leaves the run as it was; lost output fails it.
	 * The output is flushed now: someone is waiting for it, and a write
	 * that fails is then this line's.
	 */
	errno = 0;
	err = fflush(s->out) ? errno : 0;
	if (!s->out_lost && ferror(s->out)) {
		s->out_lost = true;
		if (status == VFSIM_SCENARIO_EXIT_OK) {
			if (err)
				scn_report(s, "write error on the output: %s",
					   strerror(err));
			else
				scn_report(s, "write error on the output");
			status = VFSIM_SCENARIO_EXIT_FAIL;
		}
		if (!s->status)
			s->status = VFSIM_SCENARIO_EXIT_FAIL;
	}
	s->lineno = 0;
	return status;
}

int vfsim_scenario_end(struct vfsim_scenario *s)
{
	unsigned long warnings;
	int status;

	if (!s)
		return VFSIM_SCENARIO_EXIT_OK;
	/* What the verbs printed must have reached the output. */
	errno = 0;
	check_output(s, fflush(s->out) ? errno : 0);
	/* --check: the whole tree once more, which a line's check leaves
	 * to every K lines for some invariants (vfsim_check_changed()). */
	if (s->check && !s->status) {
		s->lineno = 0;
		s->status = check_invariants(s, true);
	}
	/* Kernel warnings fail the run whatever else happened. */
	warnings = s->v ? vfsim_warn_count(s->v) - s->warnings : 0;
	if (warnings) {
		scn_report(s, "the kernel hit %lu warning%s (WARN_ON or refcount)",
			   warnings, warnings == 1 ? "" : "s");
		if (!s->status)
			s->status = VFSIM_SCENARIO_EXIT_FAIL;
	}
	if (s->oops_hook)
		vfsim_set_oops_hook(s->v, NULL, NULL);
	status = s->status;
	scn_names_free(s);
	s->sys->end(s->backend);
	free(s->op_mountinfo);
	free(s->after_argv);
	free(s->file_copy);
	free(s);
	return status;
}
