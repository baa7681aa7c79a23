/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where `vfsim shell` gets its lines (shell_input.c): libedit on a
 * terminal when the command is built with it (VFSIM_HAVE_LIBEDIT), plain
 * lines otherwise.
 */
#ifndef VFSIM_TOOL_SHELL_H
#define VFSIM_TOOL_SHELL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What shell_input_read() found. */
enum shell_input_got {
	SHELL_INPUT_LINE,	/* *line: a line, without its newline; free() it */
	SHELL_INPUT_EOF,	/* the end of the input */
	SHELL_INPUT_ERROR,	/* a read error (errno says which) */
	SHELL_INPUT_TOO_LONG,	/* a line of more than SHELL_LINE_MAX bytes (the
				 * rest of it unread: it may never end) */
	SHELL_INPUT_NUL,	/* a line with a NUL byte: skipped; *column says
				 * where (from 1) */
};

/* As the engine's limit on a scenario line (docs/scenario.md). */
#define SHELL_LINE_MAX 1048576u

struct shell_input;

/* Lines from @in, with a prompt and line editing if @interactive; NULL if
 * out of memory. */
struct shell_input *shell_input_open(FILE *in, bool interactive);
/* The next line, as enum shell_input_got says. */
int shell_input_read(struct shell_input *in, char **line, size_t *column);
void shell_input_close(struct shell_input *in);

#endif /* VFSIM_TOOL_SHELL_H */
