// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim run -J` and `vfsim run`'s progress line, both from the engine's
 * per-line result callback (vfsim_scenario_set_result()).
 *
 * -J: one JSON object a line run (docs/vfsim-json.schema.json, run_line):
 * the input's name, the line number, the words, the result ("ok", the
 * errno's name, or null for a line whose verb did not run), whether the
 * line went as it wanted (its status 0: an `expect` met counts), the text
 * the line printed and, for `tree`, the mountinfo text.  What the verbs
 * print goes to a memory stream, cut into the lines' "output".
 *
 * Progress: on standard error, only on a terminal and not with --quiet or
 * VFSIM_QUIET, one line rewritten in place: lines done of the total, and
 * the mounts made (mount, bind and move_mount lines that succeeded).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "json.h"
#include "tool.h"

struct run_lines {
	bool json, progress;
	FILE *mem;		/* -J: what the verbs print */
	char *buf;
	size_t size, done;
	unsigned long total, lines, mounts;
	struct timespec last;
	bool shown;
};

/* The verb of a line, after its `as UID` and `expect ERR` prefixes. */
static const char *line_verb(int argc, char *const *argv)
{
	int i = 0;

	while (i + 2 < argc && (strcmp(argv[i], "as") == 0 ||
				strcmp(argv[i], "expect") == 0))
		i += 2;
	return i < argc ? argv[i] : "";
}

static void show_progress(struct run_lines *rl, bool now)
{
	struct timespec ts;
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ms = (ts.tv_sec - rl->last.tv_sec) * 1000 +
	     (ts.tv_nsec - rl->last.tv_nsec) / 1000000;
	if (!now && rl->shown && ms < 100)
		return;
	rl->last = ts;
	fprintf(stderr, "\r\033[Krun: %lu of %lu lines, %lu mount%s made",
		rl->lines, rl->total, rl->mounts, rl->mounts == 1 ? "" : "s");
	fflush(stderr);
	rl->shown = true;
}

static void json_line(struct run_lines *rl, const struct vfsim_scenario_result *r)
{
	struct json j;
	int i;

	fflush(rl->mem);
	json_start(&j, stdout, false);
	json_object(&j, NULL);
	json_str(&j, "input", r->name ? r->name : "-");
	json_u64(&j, "line", r->lineno);
	json_array(&j, "words");
	for (i = 0; i < r->argc; i++)
		json_str(&j, NULL, r->argv[i]);
	json_array_end(&j);
	if (!r->ran)
		json_null(&j, "result");
	else if (r->result >= 0)
		json_str(&j, "result", "ok");
	else
		json_str(&j, "result", vfsim_errno_name((int)-r->result) ?
			 vfsim_errno_name((int)-r->result) : "unknown");
	json_bool(&j, "expected", r->status == VFSIM_SCENARIO_EXIT_OK);
	json_i64(&j, "status", r->status);
	json_strn(&j, "output", rl->buf + rl->done, rl->size - rl->done);
	rl->done = rl->size;
	if (r->mountinfo)
		json_str(&j, "mountinfo", r->mountinfo);
	json_object_end(&j);
	json_end(&j);
}

static void on_result(const struct vfsim_scenario_result *r, void *arg)
{
	struct run_lines *rl = arg;
	const char *verb = line_verb(r->argc, r->argv);

	if (rl->json)
		json_line(rl, r);
	rl->lines = r->lineno;
	if (r->ran && r->result >= 0 && (strcmp(verb, "mount") == 0 ||
					 strcmp(verb, "bind") == 0 ||
					 strcmp(verb, "move_mount") == 0))
		rl->mounts++;
	if (rl->progress)
		show_progress(rl, false);
}

/* The lines of @text (@len bytes): a last one without its newline too. */
static unsigned long count_lines(const char *text, size_t len)
{
	unsigned long n = 0;
	size_t i;

	for (i = 0; i < len; i++)
		n += text[i] == '\n';
	return n + (len && text[len - 1] != '\n');
}

/* All of @in, malloc'd; NULL on a read error or no memory. */
static char *slurp(FILE *in, size_t *len)
{
	size_t cap = 65536, n = 0, got;
	char *buf = malloc(cap), *more;

	while (buf && (got = fread(buf + n, 1, cap - n, in)) > 0) {
		n += got;
		if (n == cap) {
			more = realloc(buf, cap * 2);
			if (!more)
				break;
			buf = more;
			cap *= 2;
		}
	}
	if (!buf || ferror(in) || n == cap) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

int run_lines(struct vfsim *v, FILE *in, const struct vfsim_scenario_opts *opts,
	      bool json, bool progress)
{
	struct run_lines rl = { .json = json, .progress = progress };
	struct vfsim_scenario *s;
	char *text = NULL;
	size_t len = 0;
	FILE *src = in;
	int status;

	if (progress) {
		text = slurp(in, &len);
		if (!text) {
			tool_error("%s: cannot be read", opts->name);
			return TOOL_EXIT_NOINPUT;
		}
		rl.total = count_lines(text, len);
		src = len ? fmemopen(text, len, "r") : fopen("/dev/null", "r");
	}
	if (json)
		rl.mem = open_memstream(&rl.buf, &rl.size);
	if (!src || (json && !rl.mem)) {
		tool_error("%s: out of memory", opts->name);
		status = TOOL_EXIT_FAIL;
		goto out;
	}
	if (!v) {
		/* The running kernel: the engine checks the input whole first,
		 * and says itself why it cannot run here. */
		status = vfsim_scenario_run_kernel_results(src, json ? rl.mem : stdout,
							   opts, on_result, &rl);
		goto shown;
	}
	if (vfsim_scenario_begin(v, json ? rl.mem : stdout, opts, &s) < 0) {
		tool_error("%s: out of memory", opts->name);
		status = TOOL_EXIT_FAIL;
		goto out;
	}
	vfsim_scenario_set_result(s, on_result, &rl);
	vfsim_scenario_feed(s, src, opts->name, opts->trace);
	status = vfsim_scenario_end(s);
shown:
	if (rl.shown) {
		show_progress(&rl, true);
		fputc('\n', stderr);
	}
out:
	if (src && src != in)
		fclose(src);
	if (rl.mem)
		fclose(rl.mem);
	free(rl.buf);
	free(text);
	return status;
}
