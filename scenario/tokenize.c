// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Splitting a scenario line into words (docs/scenario.md, "Lines and
 * words"), for the interpreter and for tools that read scenarios
 * themselves (vfsim-kdiff), so that a line means the same to both.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "engine.h"

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/*
 * The words of @line into @buf, NUL after each; returns how many (with
 * the bytes of @buf used in *@used), or -1 with the reason in @why.
 * Unquoting only shrinks a word, and every word but the last is followed
 * by a blank, so strlen(@line) + 1 bytes of @buf are enough.  @start and
 * @end get the words' extent in @line.
 */
static int unquote(const char *line, char *buf, size_t *used, size_t *start,
		   size_t *end, char *why, size_t whylen)
{
	size_t len = strlen(line), i = 0;
	char *w = buf;
	int n = 0;

	*start = *end = 0;
	for (;;) {
		size_t word_start;

		while (i < len && is_blank(line[i]))
			i++;
		if (i == len || line[i] == '#') {
			*used = (size_t)(w - buf);
			return n;
		}
		word_start = i;
		if (n++ == 0)
			*start = i;
		while (i < len && !is_blank(line[i])) {
			if (line[i] != '"') {
				*w++ = line[i++];
				continue;
			}
			/* a quoted part: up to the closing quote */
			for (i++;; i++) {
				if (i == len) {
					snprintf(why, whylen,
						 "unterminated quote (column %zu)",
						 word_start + 1);
					return -1;
				}
				if (line[i] == '"')
					break;
				if (line[i] == '\\') {
					if (i + 1 < len &&
					    (line[i + 1] == '"' || line[i + 1] == '\\')) {
						*w++ = line[++i];
						continue;
					}
					snprintf(why, whylen,
						 "bad escape in quotes (column %zu): only \\\" and \\\\",
						 i + 1);
					return -1;
				}
				*w++ = line[i];
			}
			i++;	/* past the closing quote */
		}
		*w++ = '\0';
		*end = i;
	}
}

/* Room for @argc pointers, a NULL, then @size bytes of words (*@words),
 * in one allocation, so that one free() frees everything. */
static char **words_alloc(int argc, size_t size, char **words)
{
	char **argv = malloc((size_t)(argc + 1) * sizeof(*argv) + size);

	if (argv) {
		argv[argc] = NULL;
		*words = (char *)(argv + argc + 1);
	}
	return argv;
}

/* Point argv[0 .. argc-1] at the NUL-terminated words laid end to end
 * from @p. */
static void words_index(int argc, char **argv, char *p)
{
	int i;

	for (i = 0; i < argc; i++) {
		argv[i] = p;
		p += strlen(p) + 1;
	}
}

char **scn_words_copy(int argc, char *const *argv)
{
	size_t size = 0, n;
	char **copy, *p;
	int i;

	for (i = 0; i < argc; i++)
		size += strlen(argv[i]) + 1;
	copy = words_alloc(argc, size, &p);
	if (!copy)
		return NULL;
	for (i = 0; i < argc; i++) {
		n = strlen(argv[i]) + 1;
		memcpy(p, argv[i], n);
		p += n;
	}
	words_index(argc, copy, (char *)(copy + argc + 1));
	return copy;
}

int vfsim_scenario_split(const char *line, struct vfsim_scenario_words *w,
			 char *why, size_t whylen)
{
	char ignored[1], *buf, *p;
	size_t used;
	int argc;

	if (!why || !whylen) {
		why = ignored;
		whylen = sizeof(ignored);
	}
	if (!line || !w) {
		snprintf(why, whylen, "no line to split");
		return -EINVAL;
	}
	memset(w, 0, sizeof(*w));
	buf = malloc(strlen(line) + 1);
	if (!buf)
		return -ENOMEM;
	argc = unquote(line, buf, &used, &w->start, &w->end, why, whylen);
	if (argc >= 0) {
		w->argv = words_alloc(argc, used, &p);
		if (w->argv) {
			memcpy(p, buf, used);
			words_index(argc, w->argv, p);
			w->argc = argc;
		}
	}
	free(buf);
	if (argc < 0) {
		memset(w, 0, sizeof(*w));
		return -EINVAL;
	}
	return w->argv ? 0 : -ENOMEM;
}

void vfsim_scenario_words_free(struct vfsim_scenario_words *w)
{
	if (!w)
		return;
	free(w->argv);
	memset(w, 0, sizeof(*w));
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

void scn_put_escaped(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *run;

	while (*p) {
		/* a run of plain bytes in one write: reports are many */
		for (run = p; *p >= 0x20 && *p < 0x7f; p++)
			;
		if (p > run)
			fwrite(run, 1, (size_t)(p - run), out);
		if (*p)
			fprintf(out, "\\%03o", *p++);
	}
}
