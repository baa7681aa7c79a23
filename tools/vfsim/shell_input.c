// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The lines of `vfsim shell`.  On a terminal, with libedit (BSD-licensed,
 * Debian's libedit-dev; optional at configure time): its readline()
 * emulation for editing, the session's history (in memory only: the
 * session is the scenario), and verbs completed with TAB at the start of a
 * line.  Elsewhere, or without libedit: plain lines of at most
 * SHELL_LINE_MAX bytes, read byte by byte (getline() would grow without
 * bound on a line with no end), with a prompt when on a terminal.  A line
 * that is too long ends the session, as it ends `vfsim run`: reading on
 * to its end could take for ever (/dev/zero).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* getc_unlocked */
#endif
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef VFSIM_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

#include <vfsim/scenario.h>

#include "shell.h"

#define PROMPT "vfsim> "

struct shell_input {
	FILE *in;
	bool interactive;
	char *buf;
	size_t cap;
};

#ifdef VFSIM_HAVE_LIBEDIT
/* The session's words, then the engine's verbs. */
static const char *const session_words[] = { "help", "quit", "exit" };
#define NR_SESSION_WORDS (sizeof(session_words) / sizeof(session_words[0]))

static char *complete_verb(const char *text, int state)
{
	static unsigned int next;
	size_t len = strlen(text);
	const char *name;

	if (state == 0)
		next = 0;
	for (;;) {
		unsigned int i = next++;

		if (i < NR_SESSION_WORDS)
			name = session_words[i];
		else
			name = vfsim_scenario_verb_name(i - NR_SESSION_WORDS);
		if (!name)
			return NULL;
		if (strncmp(name, text, len) == 0)
			return strdup(name);
	}
}

/* Verbs at the start of the line; elsewhere, nothing (not file names:
 * the paths are the model's, not this machine's). */
static char **complete(const char *text, int start, int end)
{
	(void)end;
	rl_attempted_completion_over = 1;
	if (start != 0)
		return NULL;
	return rl_completion_matches(text, complete_verb);
}

static int read_edited(struct shell_input *in, char **line)
{
	char *l = readline(PROMPT);

	if (!l) {
		fputc('\n', stdout);	/* the prompt's line ends */
		return SHELL_INPUT_EOF;
	}
	if (strlen(l) > SHELL_LINE_MAX) {
		free(l);
		return SHELL_INPUT_TOO_LONG;
	}
	if (l[strspn(l, " \t")] != '\0')
		add_history(l);
	(void)in;
	*line = l;
	return SHELL_INPUT_LINE;
}
#endif

/* One line of @in->in, at most SHELL_LINE_MAX bytes before the newline. */
static int read_plain(struct shell_input *in, char **line, size_t *column)
{
	size_t n = 0, nul = 0;
	int ch, ret = SHELL_INPUT_LINE;

	if (in->interactive) {
		fputs(PROMPT, stdout);
		fflush(stdout);
	}
	flockfile(in->in);
	for (;;) {
		ch = getc_unlocked(in->in);
		if (ch == EOF || ch == '\n')
			break;
		if (n == SHELL_LINE_MAX) {
			ret = SHELL_INPUT_TOO_LONG;
			break;
		}
		if (ch == '\0' && !nul)
			nul = n + 1;
		if (n + 1 >= in->cap) {
			size_t ncap = in->cap ? in->cap * 2 : 256;
			char *p;

			if (ncap > SHELL_LINE_MAX + 1)
				ncap = SHELL_LINE_MAX + 1;
			p = realloc(in->buf, ncap);
			if (!p) {
				errno = ENOMEM;
				ret = SHELL_INPUT_ERROR;
				break;
			}
			in->buf = p;
			in->cap = ncap;
		}
		in->buf[n++] = (char)ch;
	}
	if (ch == EOF && ret == SHELL_INPUT_LINE) {
		if (ferror(in->in))
			ret = SHELL_INPUT_ERROR;
		else if (n == 0)
			ret = SHELL_INPUT_EOF;
	}
	funlockfile(in->in);
	if (ret == SHELL_INPUT_EOF && in->interactive)
		fputc('\n', stdout);
	if (ret != SHELL_INPUT_LINE)
		return ret;
	if (nul) {
		*column = nul;
		return SHELL_INPUT_NUL;
	}
	*line = strndup(in->buf ? in->buf : "", n);
	if (!*line) {
		errno = ENOMEM;
		return SHELL_INPUT_ERROR;
	}
	return SHELL_INPUT_LINE;
}

struct shell_input *shell_input_open(FILE *in, bool interactive)
{
	struct shell_input *si = calloc(1, sizeof(*si));

	if (!si)
		return NULL;
	si->in = in;
	si->interactive = interactive;
#ifdef VFSIM_HAVE_LIBEDIT
	if (interactive) {
		rl_readline_name = "vfsim";
		rl_instream = in;
		rl_outstream = stdout;
		rl_attempted_completion_function = complete;
		using_history();
	}
#endif
	return si;
}

int shell_input_read(struct shell_input *in, char **line, size_t *column)
{
#ifdef VFSIM_HAVE_LIBEDIT
	if (in->interactive)
		return read_edited(in, line);
#endif
	return read_plain(in, line, column);
}

void shell_input_close(struct shell_input *in)
{
	if (!in)
		return;
#ifdef VFSIM_HAVE_LIBEDIT
	if (in->interactive)
		clear_history();
#endif
	free(in->buf);
	free(in);
}
