// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading transcripts (side.c writes them).  Lines: `# ...` headers and
 * comments, `L<n> WORDS: RESULT` followed by what the line printed,
 * `L<n> tree:` followed by the canonical tree, each indented by two
 * spaces, and last `final tree:`, init's tree after the last line, then
 * `final tree (PREFIXES):` for each task a prefix named (`as UID:GID`,
 * `on NAME`), with the line number KD_LINE_FINAL and the words `tree`
 * or `PREFIXES tree`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "era.h"
#include "transcript.h"

#define FINAL_TREE "final tree"

/* A new entry at the end of @t: line @lineno, its words and result. */
static struct kd_entry *add_entry(struct kd_transcript *t, unsigned long lineno,
				  const char *words, const char *result)
{
	struct kd_entry *e;

	t->e = kd_realloc(t->e, (t->nr + 1) * sizeof(*t->e));
	e = &t->e[t->nr++];
	memset(e, 0, sizeof(*e));
	e->lineno = lineno;
	e->words = kd_strdup(words);
	e->result = kd_strdup(result);
	return e;
}

/* `final tree:` and its tree, `final tree: ERRNO`, and the same with
 * " (PREFIXES)" after "final tree". */
static int parse_final(struct kd_transcript *t, const char *line, char *why,
		       size_t len)
{
	const char *rest = line + strlen(FINAL_TREE);
	char *words = NULL;

	if (strncmp(rest, " (", 2) == 0) {
		const char *end = strstr(rest, "):");

		if (!end) {
			snprintf(why, len, "unexpected line '%s'", line);
			return -1;
		}
		words = kd_asprintf("%.*s tree", (int)(end - rest - 2), rest + 2);
		rest = end + 1;
	}
	if (*rest != ':') {
		free(words);
		snprintf(why, len, "unexpected line '%s'", line);
		return -1;
	}
	rest++;
	if (*rest == ' ')
		rest++;
	add_entry(t, KD_LINE_FINAL, words ? words : "tree", rest)->tree = !*rest;
	free(words);
	return 0;
}

static char *header(const char *line, const char *key)
{
	size_t n = strlen(key);

	if (strncmp(line, key, n) != 0)
		return NULL;
	return kd_strdup(line + n);
}

static void parse_header(struct kd_transcript *t, const char *line)
{
	char *v;

	if (!t->side && (v = header(line, "# side: ")))
		t->side = v;
	else if (!t->kernel && (v = header(line, "# kernel: ")))
		t->kernel = v;
	else if (!t->scenario && (v = header(line, "# scenario: ")))
		t->scenario = v;
	else if ((v = header(line, "# warnings: "))) {
		t->warnings = strtoul(v, NULL, 10);
		free(v);
	}
}

static int parse_entry(struct kd_transcript *t, const struct kd_script *sc,
		       const char *line, char *why, size_t len)
{
	const struct kd_op *op;
	struct kd_entry *e;
	unsigned long lineno;
	const char *rest;
	char *end;
	size_t n;

	lineno = strtoul(line + 1, &end, 10);
	op = kd_script_op(sc, lineno);
	if (end == line + 1 || *end != ' ' || !op) {
		snprintf(why, len, "'%s': no such operation line in %s", line,
			 sc->name);
		return -1;
	}
	n = strlen(op->words);
	rest = end + 1;
	if (strncmp(rest, op->words, n) != 0 || rest[n] != ':') {
		snprintf(why, len, "L%lu: the words are not '%s' (the scenario changed?)",
			 lineno, op->words);
		return -1;
	}
	rest += n + 1;
	if (*rest == ' ')
		rest++;
	e = add_entry(t, lineno, op->words, rest);
	/* a tree snapshot; any other line's lines are what it printed */
	e->tree = strcmp(kd_op_verb(op), "tree") == 0 && !*rest;
	return 0;
}

int kd_transcript_parse(const char *text, const struct kd_script *sc,
			struct kd_transcript *t, char *why, size_t len)
{
	char *copy = kd_strdup(text), *line, *next;
	int ret = 0;

	memset(t, 0, sizeof(*t));
	for (line = copy; ret == 0 && *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			break;	/* cut off: a side died while writing */
		*next++ = '\0';
		if (line[0] == '#') {
			parse_header(t, line);
		} else if (strncmp(line, FINAL_TREE, strlen(FINAL_TREE)) == 0) {
			ret = parse_final(t, line, why, len);
		} else if (line[0] == 'L') {
			ret = parse_entry(t, sc, line, why, len);
		} else if (strncmp(line, "  ", 2) == 0 && t->nr) {
			kd_lines_add(&t->e[t->nr - 1].lines, kd_strdup(line + 2));
		} else if (*line) {
			snprintf(why, len, "unexpected line '%s'", line);
			ret = -1;
		}
	}
	free(copy);
	if (ret < 0)
		kd_transcript_free(t);
	return ret;
}

void kd_transcript_free(struct kd_transcript *t)
{
	size_t i;

	for (i = 0; i < t->nr; i++) {
		free(t->e[i].words);
		free(t->e[i].result);
		kd_lines_free(&t->e[i].lines);
	}
	free(t->e);
	free(t->side);
	free(t->kernel);
	free(t->scenario);
	memset(t, 0, sizeof(*t));
}

const struct kd_entry *kd_transcript_find(const struct kd_transcript *t,
					  unsigned long lineno)
{
	size_t i;

	for (i = 0; i < t->nr; i++)
		if (t->e[i].lineno == lineno)
			return &t->e[i];
	return NULL;
}

const struct kd_entry *kd_transcript_final(const struct kd_transcript *t,
					   const char *words)
{
	size_t i;

	for (i = 0; i < t->nr; i++)
		if (t->e[i].lineno == KD_LINE_FINAL &&
		    strcmp(t->e[i].words, words) == 0)
			return &t->e[i];
	return NULL;
}

bool kd_entries_equal(const struct kd_entry *a, const struct kd_entry *b)
{
	return a->tree == b->tree && strcmp(a->result, b->result) == 0 &&
	       kd_lines_equal(&a->lines, &b->lines);
}
