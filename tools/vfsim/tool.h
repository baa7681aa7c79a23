/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The vfsim command: what its subcommands share.  The command is built only
 * on the public API (<vfsim/vfsim.h>, <vfsim/testing.h>) and libc.
 */
#ifndef VFSIM_TOOL_H
#define VFSIM_TOOL_H

#include <stdbool.h>
#include <stdio.h>


#include "engine.h"

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

#endif /* VFSIM_TOOL_H */
