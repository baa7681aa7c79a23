// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim watch [--v17] [-q] [--check] [SCENARIO|-]`: the patch set's
 * samples/watch_queue/watch_test.c as scenario text (spec §5.1): the same
 * queue, filter and watches, the same consumer (the engine's `drain NAME
 * watch_test`), fed by a built-in sequence of mount operations or by a
 * scenario file run on the same kernel: watch_begin.scn, then
 * watch_steps.scn or SCENARIO, then watch_end.scn, as one scenario.
 *
 * The sample blocks in read() while another shell changes the mounts.  The
 * model has one thread, so the port reads without blocking until EAGAIN
 * after each line, and at the end closes the pipe's write end so that the
 * last read() returns 0 and the sample's "-- END --" is printed.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "tool.h"
#include "tool_json.h"

/* What the patch set posted: every erratum of the notification code. */
#define V17_QUIRKS (VFSIM_QUIRK_B1 | VFSIM_QUIRK_B2 | VFSIM_QUIRK_B3 | \
		    VFSIM_QUIRK_B4 | VFSIM_QUIRK_B5 | VFSIM_QUIRK_B8 | \
		    VFSIM_QUIRK_B9 | VFSIM_QUIRK_B10)

/* The three parts, on @v; the run's exit status. */
static int watch_run(struct vfsim *v, const struct watch_options *o)
{
	struct vfsim_scenario_opts so = {
		.check = o->check,
		.quiet = o->quiet,
	};
	struct vfsim_scenario *s;
	FILE *out = o->json ? watch_json_stream(stdout) : stdout;
	char ebuf[128];
	int ret;

	if (!out) {
		tool_error("watch: out of memory");
		return TOOL_EXIT_FAIL;
	}
	ret = vfsim_scenario_begin(v, out, &so, &s);
	if (ret < 0) {
		tool_error("watch: %s",
			   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		if (out != stdout)
			fclose(out);
		return TOOL_EXIT_FAIL;
	}
	/* A part that fails ends the scenario: those after it run nothing. */
	tool_feed_text(s, tool_scn_watch_begin, "watch_begin.scn");
	if (o->scenario)
		vfsim_scenario_feed(s, o->scenario, o->scenario_name, !o->quiet);
	else
		tool_feed_text(s, tool_scn_watch_steps, "watch_steps.scn");
	tool_feed_text(s, tool_scn_watch_end, "watch_end.scn");
	ret = vfsim_scenario_end(s);
	if (out != stdout)
		fclose(out);
	return ret;
}

int watch_port(const struct watch_options *o)
{
	struct vfsim_options vo = { 0 };
	struct vfsim *v;
	char ebuf[128];
	int ret;

	if (o->v17)
		vo.quirks = V17_QUIRKS;
	ret = vfsim_create(&vo, &v);
	if (ret < 0) {
		tool_error("watch: cannot create a simulated kernel: %s",
			   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	ret = watch_run(v, o);
	vfsim_destroy(v);
	fflush(stdout);
	return ret;
}

/* ---- the command line ----------------------------------------------------- */

static void watch_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " watch [--v17] [-q] [-J] [--check] [SCENARIO|-]\n", out);
}

int cmd_watch(int argc, char **argv)
{
	struct watch_options o = { 0 };
	const char *file = NULL;
	bool opts_done = false;
	int i, status;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!opts_done && !strcmp(a, "--")) {
			opts_done = true;
		} else if (!opts_done && !strcmp(a, "--v17")) {
			o.v17 = true;
		} else if (!opts_done && (!strcmp(a, "-q") || !strcmp(a, "--quiet"))) {
			o.quiet = true;
		} else if (!opts_done && (!strcmp(a, "-J") || !strcmp(a, "--json"))) {
			o.json = true;
		} else if (!opts_done && !strcmp(a, "--check")) {
			o.check = true;
		} else if (!opts_done && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
			watch_usage(stdout);
			fputs("\n"
			      "The patch set's samples/watch_queue/watch_test.c on the default\n"
			      "tree: a notification pipe of 256 notes with the sample's filter,\n"
			      "watch_mount(\"/\", 0x02), a tmpfs on /mnt and watch_sb(\"/mnt\", 0x03);\n"
			      "then a built-in sequence of mount operations, or the scenario\n"
			      "in SCENARIO ('-': standard input) run on the same kernel; the\n"
			      "records are printed in the sample's format.\n"
			      "\n"
			      "options:\n"
			      "  --v17       the posted v17 behaviour (quirks B1-B5, B8-B10):\n"
			      "              watch IDs in info bits 24-31, as in the patches' examples\n"
			      "  -q, --quiet only the sample's output, no '# operation' lines\n"
			      "  -J, --json  JSON lines: one object per read, record, step, line\n"
			      "  --check     check the kernel's invariants after every step\n"
			      "  -h, --help  this text\n", stdout);
			return TOOL_EXIT_OK;
		} else if (!opts_done && a[0] == '-' && a[1] != '\0') {
			tool_usage_error("watch", "unknown option '%s'", a);
			return TOOL_EXIT_USAGE;
		} else if (file) {
			tool_usage_error("watch", "one scenario file only");
			return TOOL_EXIT_USAGE;
		} else {
			file = a;
		}
	}

	if (file && strcmp(file, "-") == 0) {
		o.scenario = stdin;
		o.scenario_name = "<stdin>";
	} else if (file) {
		o.scenario = fopen(file, "r");
		o.scenario_name = file;
		if (!o.scenario) {
			const char *why = strerror(errno);
			char sbuf[TOOL_SHORT];

			tool_error("cannot open %s: %s",
				   tool_short(file, sbuf, sizeof(sbuf)), why);
			return TOOL_EXIT_NOINPUT;
		}
	}
	status = watch_port(&o);
	if (o.scenario && o.scenario != stdin)
		fclose(o.scenario);
	return status;
}
