// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim run [--trace] [--check] [-J] [-q] FILE|-`: run a scenario file on
 * a new kernel, with the engine (<vfsim/scenario.h>); -J and the progress
 * line in run_lines.c.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "tool.h"

static void run_usage(FILE *out, bool verbs)
{
	fputs("usage: " TOOL_NAME " run [--trace] [--check] [-J] [-q] [--kernel] FILE|-\n", out);
	if (!verbs)
		return;
	fputs("\n"
	      "Run the scenario in FILE ('-': standard input) on a new simulated\n"
	      "kernel, one operation per line (docs/scenario.md).  '#' starts a\n"
	      "comment; \"double quotes\" keep spaces in a word (\\\" and \\\\ inside).\n"
	      "\n"
	      "options:\n"
	      "  --trace   echo each line as '> LINE' before running it\n"
	      "  --check   check the kernel's invariants after every line: what the\n"
	      "            line changed (the mounts it changed, with their parent,\n"
	      "            peers, master and superblock), the whole namespace every\n"
	      "            K lines (K = its mount count, at least 256) and at the end\n"
	      "  --kernel  run it on the running Linux kernel instead (as root, in\n"
	      "            a private mount namespace; `boot empty` only; verbs\n"
	      "            that are the model's alone are refused)\n"
	      "  -J        JSON lines, one a line run (docs/vfsim-command.md)\n"
	      "  -q        no progress line on a terminal's standard error\n"
	      "  -h, --help  this text\n"
	      "\n",
	      out);
	vfsim_scenario_help(out);
	fputs("\n"
	      "exit status: 0 success; 1 an operation failed, an expect was not met,\n"
	      "or the kernel's invariants or warning count say it went wrong;\n"
	      "2 usage error; 65 malformed line; 66 FILE cannot be read;\n"
	      "69 --kernel, and no private mount namespace can be made here.\n",
	      out);
}

/* @in on a new kernel, destroyed at the end. */
static int run_on_new_kernel(FILE *in, const struct vfsim_scenario_opts *opts,
			     bool json, bool progress)
{
	struct vfsim *v;
	char ebuf[128];
	int ret, status;

	ret = vfsim_create(NULL, &v);
	if (ret < 0) {
		tool_error("%s: cannot create a simulated kernel: %s",
			   opts->name, vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	if (json || progress)
		status = run_lines(v, in, opts, json, progress);
	else
		status = vfsim_scenario_run(v, in, stdout, opts);
	vfsim_destroy(v);
	return status;
}

int cmd_run(int argc, char **argv)
{
	struct vfsim_scenario_opts opts = { 0 };
	const char *file = NULL;
	bool opts_done = false, kernel = false, json = false, quiet = false;
	FILE *in;
	int i, status;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!opts_done && strcmp(a, "--") == 0) {
			opts_done = true;
		} else if (!opts_done && strcmp(a, "--trace") == 0) {
			opts.trace = true;
		} else if (!opts_done && strcmp(a, "--check") == 0) {
			opts.check = true;
		} else if (!opts_done && strcmp(a, "--kernel") == 0) {
			kernel = true;
		} else if (!opts_done && (strcmp(a, "-J") == 0 ||
					  strcmp(a, "--json") == 0)) {
			json = true;
		} else if (!opts_done && (strcmp(a, "-q") == 0 ||
					  strcmp(a, "--quiet") == 0)) {
			quiet = true;
		} else if (!opts_done && (strcmp(a, "-h") == 0 ||
					  strcmp(a, "--help") == 0)) {
			run_usage(stdout, true);
			return TOOL_EXIT_OK;
		} else if (!opts_done && a[0] == '-' && a[1] != '\0') {
			tool_usage_error("run", "unknown option '%s'", a);
			return TOOL_EXIT_USAGE;
		} else if (file) {
			tool_usage_error("run", "one scenario file only");
			return TOOL_EXIT_USAGE;
		} else {
			file = a;
		}
	}
	if (!file) {
		tool_usage_error("run", "no scenario file");
		return TOOL_EXIT_USAGE;
	}

	if (strcmp(file, "-") == 0) {
		in = stdin;
		opts.name = "<stdin>";
	} else {
		in = fopen(file, "r");
		opts.name = file;
		if (!in) {
			const char *why = strerror(errno);
			char sbuf[TOOL_SHORT];

			tool_error("cannot open %s: %s",
				   tool_short(file, sbuf, sizeof(sbuf)), why);
			return TOOL_EXIT_NOINPUT;
		}
	}
	if (kernel && json)
		status = run_lines(NULL, in, &opts, true, false);
	else if (kernel)
		status = vfsim_scenario_run_kernel(in, stdout, &opts);
	else
		status = run_on_new_kernel(in, &opts, json,
					   !quiet && !getenv("VFSIM_QUIET") &&
					   isatty(STDERR_FILENO));
	if (in != stdin)
		fclose(in);
	return status;
}
