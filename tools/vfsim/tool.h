/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The vfsim command: what its subcommands share.  The command is built only
 * on the public API (<vfsim/vfsim.h>, <vfsim/testing.h>) and libc.
 */
#ifndef VFSIM_TOOL_H
#define VFSIM_TOOL_H

#include <stdbool.h>
#include <stdio.h>

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

/* Subcommands: argv[0] is the subcommand's name; they return an exit status. */
int cmd_demo(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_fsinfo(int argc, char **argv);
int cmd_mntinfo(int argc, char **argv);
int cmd_watch(int argc, char **argv);

/* `vfsim watch` (cmd_watch.c), also the end of `vfsim demo`: the
 * watch_test sample's run on a new default tree.  Returns an exit status. */
struct watch_options {
	bool v17;		/* the v17 quirks of the notification code */
	bool quiet;		/* no "# operation" lines */
	bool check;		/* invariants after every step */
	FILE *scenario;		/* run this instead of the built-in steps */
	const char *scenario_name;
};
int watch_port(const struct watch_options *o);

/* The top-level usage text (main.c). */
void tool_usage(FILE *out);

/* "EBUSY (Device or resource busy)" for -16 or 16, into @buf. */
const char *tool_strerror(long err, char *buf, size_t len);

#endif /* VFSIM_TOOL_H */
