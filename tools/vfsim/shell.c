// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim shell [--tree default|empty|none] [--trace] [--check]`: scenario
 * lines typed one at a time on one instance (docs/vfsim-command.md).
 *
 * A line that fails is reported, as `vfsim run` reports it, and the session
 * goes on (vfsim_scenario_line()): what the earlier lines made stays.  The
 * session's own words are help [VERB], quit and exit; everything else is
 * scenario text.  On a terminal the lines come through libedit when the
 * command was built with it (shell_input.c), with the session's history;
 * otherwise, and from a pipe or a file, as plain lines.  The exit status
 * of a terminal session is 0 (what failed was said as it happened); from
 * anything else it is the first failed line's, as a script wants it.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "shell.h"
#include "tool.h"
#include "tool_api.h"

#define SHELL_NAME "<stdin>"

static void shell_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " shell [--tree default|empty|none] [--trace] [--check]\n",
	      out);
}

static void shell_help(void)
{
	shell_usage(stdout);
	fputs("\n"
	      "An interactive scenario session on one simulated kernel: each line\n"
	      "is a scenario line (docs/scenario.md), run as it is typed.  A line\n"
	      "that fails is reported and the session goes on.\n"
	      "\n"
	      "options:\n"
	      "  --tree NAME   boot this tree first: default (the default), empty,\n"
	      "                or none (then a 'boot' line boots one)\n"
	      "  --trace       echo each line as '> LINE' before running it\n"
	      "  --check       check the kernel's invariants after every line\n"
	      "  -h, --help    this text\n"
	      "\n"
	      "in the session:\n"
	      "  help          the verbs;  help VERB  one verb\n"
	      "  tree [OPTS]   the mount tree, at any moment (the scenario verb)\n"
	      "  quit, exit    end the session (so does end of input)\n"
	      "\n"
	      "exit status: on a terminal, 0 (or 1 if the kernel warned or the\n"
	      "output was lost); otherwise 0 if every line succeeded, else the\n"
	      "first failed line's: 1 failure, 65 malformed; 66 a read error;\n"
	      "2 usage error.\n",
	      stdout);
}

/* What the session itself says about its words, in the session's help. */
static void session_help(void)
{
	fputs("session:\n"
	      "  help [VERB]                           the verbs, or one verb\n"
	      "  quit, exit                            end the session\n",
	      stdout);
	vfsim_scenario_help(stdout);
}

struct shell {
	struct vfsim_scenario *scn;
	bool trace;
	bool interactive;
	int first_failure;	/* the first failed line's status, or 0 */
	unsigned long lineno;
};

static void line_failed(struct shell *sh, int status)
{
	if (!sh->first_failure)
		sh->first_failure = status;
}

/*
 * The session's own words: help and quit.  Returns 1 if @line was one of
 * them (done, *@quit set for quit), 0 if it is scenario text.
 */
static int session_word(struct shell *sh, const char *line, bool *quit)
{
	struct vfsim_scenario_words w;
	const char *verb;
	int ret = 0;

	if (vfsim_scenario_split(line, &w, NULL, 0) < 0)
		return 0;	/* the engine says what is wrong with it */
	if (w.argc == 0) {
		vfsim_scenario_words_free(&w);
		return 0;
	}
	verb = w.argv[0];
	if (!strcmp(verb, "quit") || !strcmp(verb, "exit")) {
		ret = 1;
		if (w.argc == 1) {
			*quit = true;
		} else {
			tool_error("%s:%lu: %s takes no argument", SHELL_NAME,
				   sh->lineno, verb);
			line_failed(sh, TOOL_EXIT_DATAERR);
		}
	} else if (!strcmp(verb, "help")) {
		ret = 1;
		if (w.argc == 1) {
			session_help();
		} else if (w.argc > 2) {
			tool_error("%s:%lu: usage: help [VERB]", SHELL_NAME,
				   sh->lineno);
			line_failed(sh, TOOL_EXIT_DATAERR);
		} else if (vfsim_scenario_verb_help(stdout, w.argv[1]) < 0) {
			char sbuf[TOOL_SHORT];

			tool_error("%s:%lu: help: no verb '%s' ('help' lists them)",
				   SHELL_NAME, sh->lineno,
				   tool_short(w.argv[1], sbuf, sizeof(sbuf)));
			line_failed(sh, TOOL_EXIT_DATAERR);
		}
	}
	vfsim_scenario_words_free(&w);
	return ret;
}

/* The session: lines until quit or the end of the input. */
static void session(struct shell *sh, struct shell_input *in)
{
	bool quit = false;
	char *line;
	int got;

	while (!quit) {
		size_t column = 0;

		got = shell_input_read(in, &line, &column);
		if (got == SHELL_INPUT_EOF)
			break;
		sh->lineno++;
		if (got == SHELL_INPUT_ERROR) {
			tool_error("%s: read error: %s", SHELL_NAME, strerror(errno));
			line_failed(sh, TOOL_EXIT_NOINPUT);
			break;
		}
		if (got == SHELL_INPUT_TOO_LONG) {
			tool_error("%s:%lu: line longer than %u bytes", SHELL_NAME,
				   sh->lineno, SHELL_LINE_MAX);
			line_failed(sh, TOOL_EXIT_DATAERR);
			break;
		}
		if (got == SHELL_INPUT_NUL) {
			tool_error("%s:%lu: NUL byte in line (column %zu)",
				   SHELL_NAME, sh->lineno, column);
			line_failed(sh, TOOL_EXIT_DATAERR);
			continue;
		}
		if (!session_word(sh, line, &quit)) {
			int status = vfsim_scenario_line(sh->scn, line, SHELL_NAME,
							 sh->lineno, sh->trace);

			if (status != TOOL_EXIT_OK)
				line_failed(sh, status);
		}
		fflush(stdout);	/* help's text, before the next prompt */
		free(line);
	}
}

int cmd_shell(int argc, char **argv)
{
	struct vfsim_scenario_opts opts = { 0 };
	struct shell sh = { 0 };
	const char *tree = "default";
	struct shell_input *in;
	struct vfsim *v = NULL;
	char ebuf[128];
	int i, ret, status;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			shell_help();
			return TOOL_EXIT_OK;
		} else if (!strcmp(a, "--trace")) {
			sh.trace = true;
		} else if (!strcmp(a, "--check")) {
			opts.check = true;
		} else if (!strcmp(a, "--tree")) {
			if (i + 1 >= argc) {
				tool_usage_error("shell", "--tree needs a value");
				return TOOL_EXIT_USAGE;
			}
			tree = argv[++i];
			if (strcmp(tree, "default") && strcmp(tree, "empty") &&
			    strcmp(tree, "none")) {
				tool_usage_error("shell", "--tree is default, empty or none");
				return TOOL_EXIT_USAGE;
			}
		} else if (a[0] == '-') {
			tool_usage_error("shell", "unknown option '%s'", a);
			return TOOL_EXIT_USAGE;
		} else {
			tool_usage_error("shell", "no argument expected, '%s' given", a);
			return TOOL_EXIT_USAGE;
		}
	}

	ret = vfsim_create(NULL, &v);
	if (ret == 0 && strcmp(tree, "none"))
		ret = vfsim_boot(v, tree);
	if (ret < 0) {
		tool_error("shell: cannot boot the %s tree: %s", tree,
			   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		vfsim_destroy(v);
		return TOOL_EXIT_FAIL;
	}
	ret = vfsim_scenario_begin(v, stdout, &opts, &sh.scn);
	if (ret < 0) {
		tool_error("shell: %s", vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		vfsim_destroy(v);
		return TOOL_EXIT_FAIL;
	}
	sh.interactive = isatty(STDIN_FILENO);
	in = shell_input_open(stdin, sh.interactive);
	if (!in) {
		tool_error("shell: out of memory");
		vfsim_scenario_end(sh.scn);
		vfsim_destroy(v);
		return TOOL_EXIT_FAIL;
	}
	session(&sh, in);
	shell_input_close(in);
	status = vfsim_scenario_end(sh.scn);
	vfsim_destroy(v);
	/* On a terminal, what failed was said as it happened. */
	if (!sh.interactive && sh.first_failure)
		return sh.first_failure;
	return status;
}
