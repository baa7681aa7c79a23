// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim demo`: boot the default tree and print it, then a short stream of
 * mount and superblock events as the patch set's watch_test sample would
 * receive them (demo.scn); then the output of `vfsim watch`, the sample
 * itself ported.  Everything is deterministic: the output is the same on
 * every run.
 */
#include <stdio.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "tool.h"

/* demo.scn on a new kernel; the run's exit status. */
static int demo_run(void)
{
	struct vfsim_scenario *s;
	struct vfsim *v;
	char ebuf[128];
	int ret;

	ret = vfsim_create(NULL, &v);
	if (ret < 0) {
		tool_error("demo: cannot create a simulated kernel: %s",
			   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	ret = vfsim_scenario_begin(v, stdout, NULL, &s);
	if (ret == 0) {
		tool_feed_text(s, tool_scn_demo, "demo.scn");
		ret = vfsim_scenario_end(s);
	} else {
		tool_error("demo: %s",
			   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		ret = TOOL_EXIT_FAIL;
	}
	vfsim_destroy(v);
	return ret;
}

int cmd_demo(int argc, char **argv)
{
	static const struct watch_options watch_defaults = { 0 };
	int status;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fputs("usage: " TOOL_NAME " demo\n"
		      "\n"
		      "Boot the default tree and print it, then a short stream of mount\n"
		      "and superblock events as the patch set's watch_test sample would\n"
		      "receive them, then the output of '" TOOL_NAME " watch'.  The output\n"
		      "is the same on every run.\n", stdout);
		return TOOL_EXIT_OK;
	}
	if (argc != 1) {
		tool_usage_error("demo", "no arguments expected, '%s' given", argv[1]);
		return TOOL_EXIT_USAGE;
	}

	/* The one line a scenario cannot print: the library's version. */
	printf(TOOL_NAME " %s: the default tree, as the init task sees it\n",
	       vfsim_version());
	status = demo_run();
	if (status != TOOL_EXIT_OK)
		return status;
	/* The same stream as the sample itself prints it, on a kernel of its
	 * own (`vfsim watch`). */
	return watch_port(&watch_defaults);
}
