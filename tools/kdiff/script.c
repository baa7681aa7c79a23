// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Loading a scenario: the lines are split into words by the scenario
 * engine (vfsim_scenario_split()), the prefixes `as` and `expect` read
 * for the comparison, and the whole text checked for the kernel by the
 * engine (a verb that is the model's alone), so that such a line stops
 * everything before either side ran.  Everything else about a line is
 * the engine's to judge when it runs (side.c).
 *
 * Rules of kdiff on top of the scenario language: `boot empty` is the
 * first operation and comes once; boot and echo take no prefixes.
 */
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "kdiff.h"
#include "script.h"
#include "tool_api.h"

static void add_op(struct kd_script *sc, const struct kd_op *op)
{
	sc->ops = kd_realloc(sc->ops, (sc->nr + 1) * sizeof(*sc->ops));
	sc->ops[sc->nr++] = *op;
}

static int syntax(const struct kd_script *sc, const struct kd_op *op,
		  const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* "vfsim-kdiff: FILE:LINE: ..." for a line kdiff cannot compare: -1. */
static int syntax(const struct kd_script *sc, const struct kd_op *op,
		  const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	kd_msg("%s:%lu: %s", sc->path, op->lineno, msg);
	return -1;
}

/*
 * The prefixes of @op, as the engine counts them
 * (vfsim_scenario_prefix_words()), read for the comparison: the errno
 * `expect` claims, and the task the others name (`as UID[:GID]`, or any
 * prefix the engine adds for tasks: `on NAME`), for its final tree.  The
 * engine reads them again when the line runs; what is malformed here is
 * malformed there.
 */
static int parse_prefixes(const struct kd_script *sc, struct kd_op *op)
{
	char **argv = op->tk.argv;
	struct kd_buf task = { NULL, 0, 0 };
	int i, n = vfsim_scenario_prefix_words(op->tk.argc, argv);

	for (i = 0; i < n; i += 2) {
		uid_t uid;
		gid_t gid;
		bool has_gid;

		if (strcmp(argv[i], "expect") == 0) {
			if (op->expect)
				return syntax(sc, op, "'expect' given twice");
			op->expect = vfsim_errno_from_name(argv[i + 1]);
			if (!op->expect)
				return syntax(sc, op, "unknown errno name '%s'",
					      argv[i + 1]);
			continue;
		}
		op->as = true;
		if (strcmp(argv[i], "as") != 0 ||
		    vfsim_scenario_ids(argv[i + 1], &uid, &gid, &has_gid, NULL, 0) < 0)
			kd_buf_printf(&task, "%s%s %s", task.len ? " " : "",
				      argv[i], argv[i + 1]);
		else if (uid || (has_gid && gid))	/* 0:0 is init */
			kd_buf_printf(&task, "%sas %lu:%lu", task.len ? " " : "",
				      (unsigned long)uid,
				      (unsigned long)(has_gid ? gid : uid));
	}
	op->task = task.s;
	op->verb = n;
	if (n == op->tk.argc)
		return syntax(sc, op, "a prefix with no verb after it");
	return 0;
}

/* Check one tokenized line and add it: 0 or -1 (reported). */
static int load_line(struct kd_script *sc, struct kd_op *op, const char *line)
{
	const char *verb;

	if (parse_prefixes(sc, op) < 0)
		return -1;
	verb = kd_op_verb(op);
	if ((strcmp(verb, "boot") == 0 || strcmp(verb, "echo") == 0) &&
	    op->verb > 0)
		return syntax(sc, op, "'%s' takes no 'as' or 'expect'", verb);
	if (sc->nr == 0 && strcmp(verb, "boot") != 0)
		return syntax(sc, op, "the first operation must be 'boot empty'");
	if (strcmp(verb, "boot") == 0) {
		if (sc->nr > 0)
			return syntax(sc, op, "'boot' comes once, first");
		if (op->tk.argc != 2 || strcmp(op->tk.argv[1], "empty") != 0)
			return syntax(sc, op, "'%s' is not comparable with the kernel: use 'boot empty'",
				      op->tk.argc == 2 ? op->tk.argv[1] : "boot");
	}
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
	/* verbs the kernel cannot run (the engine's SCN_VERB_MODEL) */
	if (status == KD_EXIT_OK && text.s &&
	    vfsim_scenario_validate_kernel(text.s, text.len, path, stderr) != 0)
		status = KD_EXIT_DATAERR;
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
		} else if (load_line(sc, &op, line) < 0) {
			vfsim_scenario_words_free(&op.tk);
			status = KD_EXIT_DATAERR;
		}
	}
	if (status == KD_EXIT_OK && sc->nr == 0) {
		kd_msg("%s: no operations (the first must be 'boot empty')", path);
		status = KD_EXIT_DATAERR;
	}
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
		free(sc->ops[i].task);
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
