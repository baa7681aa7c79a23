// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reports of a scenario run: "vfsim: FILE:LINE: REASON" on the error
 * stream, the operation a line names, and where verbs print.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "session.h"

static void vreport(struct vfsim_scenario *s, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
static void vreport(struct vfsim_scenario *s, const char *fmt, va_list ap)
{
	char msg[1024];
	int n;

	fflush(s->out);	/* keep the two streams in order on a terminal */
	fputs(SCN_PROG ": ", s->err);
	scn_put_escaped(s->err, s->file);
	if (s->lineno)
		fprintf(s->err, ":%lu", s->lineno);
	fputs(": ", s->err);
	/* One line of plain text, whatever the words it repeats: a word of
	 * a megabyte is cut short. */
	n = vsnprintf(msg, sizeof(msg), fmt, ap);
	if (n < 0)
		msg[0] = '\0';
	scn_put_escaped(s->err, msg);
	if (n >= (int)sizeof(msg))
		fputs("...", s->err);
	fputc('\n', s->err);
	fflush(s->err);
}

/* The body of each variadic reporter below: they differ in what they
 * return only. */
#define REPORT(s, fmt)					\
	do {						\
		va_list ap_;				\
							\
		va_start(ap_, fmt);			\
		vreport(s, fmt, ap_);			\
		va_end(ap_);				\
	} while (0)

void scn_report(struct vfsim_scenario *s, const char *fmt, ...)
{
	REPORT(s, fmt);
}

long scn_syntax(struct scn_call *c, const char *fmt, ...)
{
	REPORT(c->s, fmt);
	return SCN_SYNTAX;
}

long scn_fail(struct scn_call *c, const char *fmt, ...)
{
	REPORT(c->s, fmt);
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
	return c->s->out;
}

FILE *scn_err(struct scn_call *c)
{
	fflush(c->s->out);
	return c->s->err;
}

bool scn_quiet(struct scn_call *c)
{
	return c->s->quiet;
}

/* Kept, and written out only for a report (scn_what()): most lines need
 * none, and the fuzzer runs millions. */
void scn_set_what(struct vfsim_scenario *s, int argc, char **argv)
{
	s->what_argc = argc;
	s->what_argv = argv;
}

const char *scn_what(struct vfsim_scenario *s)
{
	int argc = s->what_argc, i;
	char **argv = s->what_argv;
	FILE *f;

	if (!argv)
		return s->what;
	s->what_argv = NULL;
	f = fmemopen(s->what, sizeof(s->what), "w");

	if (!f) {
		snprintf(s->what, sizeof(s->what), "%s", argv[0]);
		return s->what;
	}
	for (i = 0; i < argc; i++) {
		if (i)
			fputc(' ', f);
		scn_put_token(f, argv[i]);
	}
	fclose(f);
	s->what[sizeof(s->what) - 1] = '\0';	/* a full buffer gets no NUL */
	if (strlen(s->what) == sizeof(s->what) - 1)	/* cut short: say so */
		memcpy(s->what + sizeof(s->what) - 4, "...", 3);
	return s->what;
}

void scn_prefix_what(struct scn_call *c, const char *prefix)
{
	struct vfsim_scenario *s = c->s;
	size_t n = strlen(prefix), len = strlen(scn_what(s));

	if (n + len + 1 > sizeof(s->what))
		return;
	memmove(s->what + n, s->what, len + 1);
	memcpy(s->what, prefix, n);
}

/*
 * B4's quirk would oops the kernel; the model calls the oops hook instead.
 * Printed with the run's output so that a golden file shows it; the run
 * takes the hook away again when it ends, since @out is the caller's.
 */
static void print_oops(void *arg, const char *function, const char *reason)
{
	fprintf((FILE *)arg, "oops in %s: %s\n", function, reason);
}

void scn_oops_to_out(struct scn_call *c)
{
	vfsim_set_oops_hook(c->v, print_oops, c->s->out);
	c->s->oops_hook = true;
}
