// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Running the built-in scenarios (tools/vfsim/NAME.scn, compiled in): what
 * `vfsim demo` and `vfsim watch` do is scenario text that the engine runs,
 * so that it reads as a scenario and runs as one with `vfsim run`.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "tool.h"

int tool_feed_text(struct vfsim_scenario *s, const char *text,
		   const char *name)
{
	/* A read-only stream never writes to the buffer. */
	FILE *in = fmemopen((char *)text, strlen(text), "r");
	char ebuf[128];
	int status;

	if (!in) {
		fprintf(stderr, TOOL_NAME ": %s: %s\n", name,
			vfsim_scenario_strerror(errno, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	status = vfsim_scenario_feed(s, in, name, false);
	fclose(in);
	return status;
}
