/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Splitting a scenario line into tokens (docs/scenario.md, "Lines and
 * tokens").
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

int scn_tokenize(const char *line, struct scn_tokens *tk, char *err,
		 size_t errlen)
{
	size_t len = strlen(line), i = 0, cap = 0;
	char *w;

	memset(tk, 0, sizeof(*tk));
	/* Unquoting only shrinks a token, and every token but the last is
	 * followed by a blank, so the tokens and their NULs fit in len + 1. */
	tk->buf = malloc(len + 1);
	if (!tk->buf)
		return -ENOMEM;
	w = tk->buf;

	for (;;) {
		size_t tok_start;

		while (i < len && is_blank(line[i]))
			i++;
		if (i == len || line[i] == '#')
			break;

		if ((size_t)tk->argc + 1 >= cap) {
			size_t ncap = cap ? cap * 2 : 8;
			char **argv = realloc(tk->argv, ncap * sizeof(*argv));

			if (!argv)
				goto nomem;
			tk->argv = argv;
			cap = ncap;
		}
		tk->argv[tk->argc++] = w;

		tok_start = i;
		if (tk->argc == 1)
			tk->start = i;
		while (i < len && !is_blank(line[i])) {
			if (line[i] != '"') {
				*w++ = line[i++];
				continue;
			}
			/* a quoted part: up to the closing quote */
			for (i++;; i++) {
				if (i == len) {
					snprintf(err, errlen,
						 "unterminated quote (column %zu)",
						 tok_start + 1);
					goto inval;
				}
				if (line[i] == '"')
					break;
				if (line[i] == '\\') {
					if (i + 1 < len &&
					    (line[i + 1] == '"' || line[i + 1] == '\\')) {
						*w++ = line[++i];
						continue;
					}
					snprintf(err, errlen,
						 "bad escape in quotes (column %zu): only \\\" and \\\\",
						 i + 1);
					goto inval;
				}
				*w++ = line[i];
			}
			i++;	/* past the closing quote */
		}
		*w++ = '\0';
		tk->end = i;
	}
	if (tk->argv)
		tk->argv[tk->argc] = NULL;
	return 0;

nomem:
	scn_tokens_free(tk);
	return -ENOMEM;
inval:
	scn_tokens_free(tk);
	return -EINVAL;
}

void scn_tokens_free(struct scn_tokens *tk)
{
	free(tk->argv);
	free(tk->buf);
	memset(tk, 0, sizeof(*tk));
}

void scn_put_token(FILE *out, const char *s)
{
	const char *p;
	bool quote = !*s || *s == '#';

	for (p = s; *p && !quote; p++)
		quote = is_blank(*p) || *p == '"';
	if (!quote) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (p = s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', out);
		fputc(*p, out);
	}
	fputc('"', out);
}
