/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the scenario engine shares with the commands built on it: the name
 * it reports under, its exit statuses, and errno text.
 */
#ifndef VFSIM_SCENARIO_ENGINE_H
#define VFSIM_SCENARIO_ENGINE_H

#include <stddef.h>

#define TOOL_NAME "vfsim"

/* Exit statuses (the last two are sysexits.h's EX_DATAERR and EX_NOINPUT). */
enum tool_exit {
	TOOL_EXIT_OK = 0,	/* success */
	TOOL_EXIT_FAIL = 1,	/* an operation failed unexpectedly, an expect
				 * was not met, an invariant or the warning
				 * check failed */
	TOOL_EXIT_USAGE = 2,	/* bad command line */
	TOOL_EXIT_DATAERR = 65,	/* malformed scenario line */
	TOOL_EXIT_NOINPUT = 66,	/* cannot open or read the scenario file */
};

/* "EBUSY (Device or resource busy)" for -16 or 16, into @buf. */
const char *tool_strerror(long err, char *buf, size_t len);

#endif /* VFSIM_SCENARIO_ENGINE_H */
