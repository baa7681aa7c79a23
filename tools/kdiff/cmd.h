/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The subcommands of vfsim-kdiff; each takes its own argv (argv[0] is its
 * name) and returns an exit status.
 */
#ifndef VFSIM_KDIFF_CMD_H
#define VFSIM_KDIFF_CMD_H

#include <stdio.h>

#include "spawn.h"

int cmd_run(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_check(int argc, char **argv);

void kd_usage(FILE *out);

/* "died: SIGSEGV" / "failed (exit 1)" for a side that did not finish, or
 * NULL if it did; into @buf. */
const char *kd_outcome_problem(const struct kd_outcome *o, char *buf,
			       size_t len);

/* Load the scenario at @path into @sc and run side @which of it into @o,
 * which `run` and `record` both start with.  KD_EXIT_OK with @sc and @o
 * to free, or another status (reported) with nothing to free. */
int kd_load_and_spawn(const char *path, enum kd_which which,
		      struct kd_script *sc, struct kd_outcome *o);

#endif /* VFSIM_KDIFF_CMD_H */
