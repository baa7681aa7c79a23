// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Error text for reports, "EBUSY (Device or resource busy)": the name a
 * scenario writes in `expect`, then libc's words.  Public, so that the
 * commands built on the engine word their own messages the same way.
 */
#include <stdio.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

const char *vfsim_scenario_strerror(long err, char *buf, size_t len)
{
	int e = (int)(err < 0 ? -err : err);
	const char *name = vfsim_errno_name(e);
	const char *text = strerror(e);

	if (!buf || !len)
		return buf;
	if (!name)
		snprintf(buf, len, "error %d (%s)", e, text);
	else if (strncmp(text, "Unknown error", 13) == 0)
		snprintf(buf, len, "%s", name);	/* kernel-internal value */
	else
		snprintf(buf, len, "%s (%s)", name, text);
	return buf;
}
