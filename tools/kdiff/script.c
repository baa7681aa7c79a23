// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Loading a scenario: the lines are split into words by the scenario
 * engine (vfsim_scenario_split()), the prefixes `as` and `expect` are
 * taken off, and every verb is checked dry (verbs.c), so a malformed line
 * stops everything before either side ran.
 *
 * Rules of kdiff on top of the scenario language: `boot empty` is the
 * first operation and comes once; boot and echo take no prefixes; an
 * `open NAME` must not reuse a NAME still open and `close NAME` must name
 * one (an `open` under `expect` is taken to fail, so it opens nothing).
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "kdiff.h"
#include "script.h"
#include "verbs.h"

static void add_op(struct kd_script *sc, const struct kd_op *op)
{
	sc->ops = kd_realloc(sc->ops, (sc->nr + 1) * sizeof(*sc->ops));
	sc->ops[sc->nr++] = *op;
}

/* Take `as` and `expect` off the front of @op. */
static long parse_prefixes(struct kd_call *c, struct kd_op *op)
{
	char **argv = op->tk.argv;
	int i = 0;
	bool has_gid, seen_expect = false;

	while (i < op->tk.argc) {
		if (strcmp(argv[i], "as") == 0) {
			if (op->as)
				return kd_syntax(c, "'as' given twice");
			if (i + 2 >= op->tk.argc)
				return kd_syntax(c, "usage: as UID[:GID] VERB ...");
			if (kd_parsed(c, vfsim_scenario_ids(argv[i + 1], &op->uid,
							    &op->gid, &has_gid,
							    KD_WHY(c))) < 0)
				return KD_SYNTAX;
			if (!has_gid)
				op->gid = (gid_t)op->uid;
			op->as = true;
		} else if (strcmp(argv[i], "expect") == 0) {
			if (seen_expect)
				return kd_syntax(c, "'expect' given twice");
			if (i + 2 >= op->tk.argc)
				return kd_syntax(c, "usage: expect ERRNAME VERB ...");
			op->expect = vfsim_errno_from_name(argv[i + 1]);
			if (!op->expect)
				return kd_syntax(c, "unknown errno name '%s'",
						 argv[i + 1]);
			seen_expect = true;
		} else {
			break;
		}
		i += 2;
	}
	op->verb = i;
	return 0;
}

/* The names `open` binds, to refuse reuse and unknown names statically. */
struct names {
	struct kd_lines open;
};

static long check_names(struct kd_call *c, struct names *n,
			const struct kd_op *op)
{
	const char *verb = kd_op_verb(op), *name;
	size_t i;

	if (!kd_verb_makes_fd(verb) && strcmp(verb, "close") != 0)
		return 0;
	name = kd_op_argv(op)[1];
	for (i = 0; i < n->open.nr; i++)
		if (strcmp(n->open.v[i], name) == 0)
			break;
	if (strcmp(verb, "close") == 0) {
		if (i == n->open.nr)
			return kd_syntax(c, "no open file named '%s'", name);
		free(n->open.v[i]);
		n->open.v[i] = n->open.v[--n->open.nr];
		return 0;
	}
	if (i < n->open.nr)
		return kd_syntax(c, "'%s' is already open: close it first", name);
	if (!op->expect)
		kd_lines_add(&n->open, kd_strdup(name));
	return 0;
}

/* Check one tokenized line and add it: 0 or KD_SYNTAX. */
static long load_line(struct kd_script *sc, struct names *n, struct kd_op *op,
		      const char *line)
{
	struct kd_call c = { .dry = true, .file = sc->path,
			     .lineno = op->lineno };
	const struct kd_verb *v;
	const char *verb;

	if (parse_prefixes(&c, op) < 0)
		return KD_SYNTAX;
	verb = kd_op_verb(op);
	v = kd_verb_find(verb);
	if (v && (v->flags & KD_VERB_NO_PREFIX) && op->verb > 0)
		return kd_syntax(&c, "'%s' takes no 'as' or 'expect'", verb);
	if (sc->nr == 0 && strcmp(verb, "boot") != 0)
		return kd_syntax(&c, "the first operation must be 'boot empty'");
	if (strcmp(verb, "boot") == 0) {
		if (sc->nr > 0)
			return kd_syntax(&c, "'boot' comes once, first");
		if (op->tk.argc == 2 && strcmp(op->tk.argv[1], "empty") != 0)
			return kd_syntax(&c, "'boot %s' is not comparable with the kernel: use 'boot empty'",
					 op->tk.argv[1]);
	}
	if (kd_validate(sc->path, op->lineno, kd_op_argc(op), kd_op_argv(op)) < 0)
		return KD_SYNTAX;
	if (check_names(&c, n, op) < 0)
		return KD_SYNTAX;
	op->words = kd_strndup(line + op->tk.start, op->tk.end - op->tk.start);
	add_op(sc, op);
	return 0;
}

static void set_names(struct kd_script *sc, const char *path)
{
	char *copy = kd_strdup(path), *dot;

	sc->path = kd_strdup(path);
	sc->name = kd_strdup(basename(copy));
	free(copy);
	copy = kd_strdup(path);
	sc->dir = kd_strdup(dirname(copy));
	free(copy);
	sc->stem = kd_strdup(sc->name);
	dot = strrchr(sc->stem, '.');
	if (dot && strcmp(dot, ".scn") == 0)
		*dot = '\0';
}

int kd_script_load(const char *path, struct kd_script *sc)
{
	struct names n = { { NULL, 0, 0 } };
	struct kd_buf text = { NULL, 0, 0 };
	unsigned long lineno = 0;
	char *line, *next;
	int ret, status = KD_EXIT_OK;

	memset(sc, 0, sizeof(*sc));
	set_names(sc, path);
	ret = kd_buf_read_file(&text, path);
	if (ret < 0) {
		kd_msg("%s: %s", path, strerror(-ret));
		kd_buf_free(&text);
		kd_script_free(sc);
		return KD_EXIT_NOINPUT;
	}
	if (text.s && strlen(text.s) != text.len) {
		kd_msg("%s: NUL byte in the file", path);
		status = KD_EXIT_DATAERR;
	}

	for (line = text.s; status == KD_EXIT_OK && line && *line; line = next) {
		struct kd_op op = { .lineno = ++lineno };
		char why[128] = "";

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		ret = vfsim_scenario_split(line, &op.tk, why, sizeof(why));
		if (ret == -ENOMEM)
			kd_oom();
		if (ret < 0) {
			kd_msg("%s:%lu: %s", path, lineno, why);
			status = KD_EXIT_DATAERR;
		} else if (op.tk.argc == 0) {
			vfsim_scenario_words_free(&op.tk);
		} else if (load_line(sc, &n, &op, line) < 0) {
			vfsim_scenario_words_free(&op.tk);
			status = KD_EXIT_DATAERR;
		}
	}
	if (status == KD_EXIT_OK && sc->nr == 0) {
		kd_msg("%s: no operations (the first must be 'boot empty')", path);
		status = KD_EXIT_DATAERR;
	}
	kd_lines_free(&n.open);
	kd_buf_free(&text);
	if (status != KD_EXIT_OK)
		kd_script_free(sc);
	return status;
}

void kd_script_free(struct kd_script *sc)
{
	size_t i;

	for (i = 0; i < sc->nr; i++) {
		vfsim_scenario_words_free(&sc->ops[i].tk);
		free(sc->ops[i].words);
	}
	free(sc->ops);
	free(sc->path);
	free(sc->name);
	free(sc->stem);
	free(sc->dir);
	memset(sc, 0, sizeof(*sc));
}

const struct kd_op *kd_script_op(const struct kd_script *sc,
				 unsigned long lineno)
{
	size_t i;

	for (i = 0; i < sc->nr; i++)
		if (sc->ops[i].lineno == lineno)
			return &sc->ops[i];
	return NULL;
}

char *kd_script_sibling(const struct kd_script *sc, const char *ext)
{
	size_t n = strlen(sc->path);

	if (n > 4 && strcmp(sc->path + n - 4, ".scn") == 0)
		n -= 4;
	return kd_asprintf("%.*s%s", (int)n, sc->path, ext);
}
