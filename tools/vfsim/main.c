// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim: the command-line face of the library (docs/vfsim-command.md).
 *
 *   vfsim demo                            boot the default tree, print it
 *   vfsim run [--trace] [--check] FILE|-  run a scenario (docs/scenario.md)
 *   vfsim fsinfo [-adlmr] PATH | -M ID    test-fsinfo on the default tree
 *   vfsim mntinfo [PATH | -M ID]          test-mntinfo on the default tree
 *   vfsim watch [--v17] [-q] [--check] [SCENARIO|-]
 *                                         watch_test on the default tree
 *   vfsim tree [--tree NAME] [-lrJPnubD] [-o COLS] [-tOSTM ...] [--dot]
 *              [SCENARIO|-]              the mount tree, findmnt's way
 *   vfsim shell [--tree default|empty|none] [--trace] [--check]
 *                                         scenario lines as they are typed
 *   vfsim ctl [--wait] PATH LINE...|-    scenario lines into a shimmed program
 *   vfsim help [COMMAND] | --help | --version
 */
#include <stdio.h>
#include <string.h>

#include <vfsim/vfsim.h>

#include "tool.h"

void tool_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " COMMAND [ARGS]\n"
	      "\n"
	      "A userspace model of the Linux VFS mount tree.\n"
	      "\n"
	      "commands:\n"
	      "  demo                             boot the default tree and print it\n"
	      "  run [--trace] [--check] FILE|-   run a scenario file ('-': stdin);\n"
	      "                                   '" TOOL_NAME " run --help' lists the verbs\n"
	      "  fsinfo [-adlmr] PATH | -M ID     every fsinfo() attribute of PATH (or\n"
	      "                                   mount ID) in the default tree\n"
	      "  mntinfo [PATH | -M ID]           the mounts from PATH (or mount ID) down\n"
	      "  watch [--v17] [-q] [--check] [SCENARIO|-]\n"
	      "                                   the watch_test sample's notifications\n"
	      "                                   while mounts change (or SCENARIO runs)\n"
	      "  tree [-lrJPnubD] [-o COLS] [-t TYPES] [-O OPTS] [-S SOURCE]\n"
	      "       [-T PATH] [-M PATH] [--dot] [SCENARIO|-]\n"
	      "                                   the mount tree (after SCENARIO), as\n"
	      "                                   findmnt prints it, or Graphviz\n"
	      "  shell [--tree NAME] [--trace] [--check]\n"
	      "                                   an interactive scenario session: each\n"
	      "                                   line runs as it is typed; one that\n"
	      "                                   fails is reported and the session goes on\n"
	      "  ctl [--wait] PATH LINE...|-      run scenario lines in a program running\n"
	      "                                   with VFSIM_SHIM_CONTROL=PATH (the shim)\n"
	      "  statmount PATH|ID [MASK]...      statmount() of a mount of the default tree\n"
	      "  listmount [-r] [-n COUNT] [-l LAST] [PATH|ID]\n"
	      "                                   listmount() below a mount of the default tree\n"
	      "  help [COMMAND]                   this text, or COMMAND's own help\n"
	      "\n"
	      "options:\n"
	      "  -h, --help                       this text\n"
	      "  --version                        print the library's version\n"
	      "\n"
	      "exit status: 0 success, 1 failure, 2 usage error, 65 malformed\n"
	      "scenario line, 66 scenario file cannot be read.\n",
	      out);
}

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "demo", cmd_demo },
	{ "run", cmd_run },
	{ "fsinfo", cmd_fsinfo },
	{ "mntinfo", cmd_mntinfo },
	{ "watch", cmd_watch },
	{ "tree", cmd_tree },
	{ "shell", cmd_shell },
	{ "ctl", cmd_ctl },
	{ "statmount", cmd_statmount },
	{ "listmount", cmd_listmount },
};

/* The subcommand @name, or NULL. */
static int (*command(const char *name))(int, char **)
{
	size_t i;

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(name, commands[i].name) == 0)
			return commands[i].run;
	return NULL;
}

/* `vfsim help [COMMAND]`, `vfsim --help`. */
static int help(int argc, char **argv)
{
	static char help_opt[] = "--help";
	int (*run)(int, char **);
	char *args[3];

	if (argc == 1) {
		tool_usage(stdout);
		return TOOL_EXIT_OK;
	}
	run = argc == 2 ? command(argv[1]) : NULL;
	if (!run) {
		if (argc == 2)
			tool_usage_error(NULL, "help: unknown command '%s'", argv[1]);
		else
			tool_usage_error(NULL, "help: one COMMAND at most");
		return TOOL_EXIT_USAGE;
	}
	args[0] = argv[1];
	args[1] = help_opt;
	args[2] = NULL;
	return run(2, args);
}

static int dispatch(int argc, char **argv)
{
	int (*run)(int, char **);
	const char *cmd;

	if (argc < 2) {
		tool_usage(stderr);
		return TOOL_EXIT_USAGE;
	}
	cmd = argv[1];
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 ||
	    strcmp(cmd, "help") == 0)
		return help(argc - 1, argv + 1);
	if (strcmp(cmd, "--version") == 0) {
		if (argc > 2) {
			tool_usage_error(NULL, "--version takes no argument");
			return TOOL_EXIT_USAGE;
		}
		printf(TOOL_NAME " %s\n", vfsim_version());
		return TOOL_EXIT_OK;
	}
	run = command(cmd);
	if (run)
		return run(argc - 1, argv + 1);

	if (cmd[0] == '-')
		tool_usage_error(NULL, "unknown option '%s'", cmd);
	else
		tool_usage_error(NULL, "unknown command '%s'", cmd);
	return TOOL_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	tool_start();
	return tool_finish(dispatch(argc, argv));
}
