/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Error text for reports.  Apart from main.c so that the scenario engine
 * can be built without the command (the syscall shim runs scenarios too).
 */
#include <stdio.h>
#include <string.h>

#include <vfsim/vfsim.h>

#include "engine.h"

const char *tool_strerror(long err, char *buf, size_t len)
{
	int e = (int)(err < 0 ? -err : err);
	const char *name = vfsim_errno_name(e);
	const char *text = strerror(e);

	if (!name)
		snprintf(buf, len, "error %d (%s)", e, text);
	else if (strncmp(text, "Unknown error", 13) == 0)
		snprintf(buf, len, "%s", name);	/* kernel-internal value */
	else
		snprintf(buf, len, "%s (%s)", name, text);
	return buf;
}
