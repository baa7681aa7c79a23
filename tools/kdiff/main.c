// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim-kdiff: the model against the running kernel (docs/kernel-diff.md).
 *
 *   vfsim-kdiff run --model|--kernel FILE.scn
 *   vfsim-kdiff record FILE.scn...
 *   vfsim-kdiff check [--live|--recorded|--auto] [--era FILE] FILE.scn...
 */
#include <string.h>

#include "cmd.h"
#include "kdiff.h"

void kd_usage(FILE *out)
{
	fputs("usage: " KD_NAME " COMMAND [ARGS]\n"
	      "\n"
	      "Run a scenario of mount-tree operations on the vfsim model and on the\n"
	      "running kernel (in a private mount namespace) and compare them.\n"
	      "\n"
	      "commands:\n"
	      "  run --model|--kernel FILE.scn    print one side's transcript\n"
	      "  record FILE.scn...               run the kernel side, write FILE.kernel\n"
	      "  check [--live|--recorded|--auto] [--era FILE] FILE.scn...\n"
	      "                                   compare the model with the kernel: live\n"
	      "                                   (root, unshare works), the recorded\n"
	      "                                   FILE.kernel, or live when possible\n"
	      "                                   (--auto, the default); --era: the expected\n"
	      "                                   differences (default: era-differences.txt\n"
	      "                                   beside each scenario)\n"
	      "\n"
	      "A scenario may use every verb of 'vfsim run --help' that the kernel\n"
	      "backend runs too (not the model's alone), after 'boot empty'.\n"
	      "\n"
	      "exit status: 0 all agree, 1 a difference or failure, 2 usage error,\n"
	      "65 malformed scenario, transcript or era file, 66 missing file.\n",
	      out);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} cmds[] = {
		{ "run", cmd_run },
		{ "record", cmd_record },
		{ "check", cmd_check },
	};
	size_t i;

	if (argc >= 2 && (strcmp(argv[1], "-h") == 0 ||
			  strcmp(argv[1], "--help") == 0 ||
			  strcmp(argv[1], "help") == 0)) {
		kd_usage(stdout);
		return KD_EXIT_OK;
	}
	for (i = 0; argc >= 2 && i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (strcmp(argv[1], cmds[i].name) == 0)
			return cmds[i].run(argc - 1, argv + 1);
	if (argc >= 2)
		kd_msg("unknown command '%s'", argv[1]);
	kd_usage(stderr);
	return KD_EXIT_USAGE;
}
