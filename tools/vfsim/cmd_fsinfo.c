// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim fsinfo [-adlmr] PATH` and `vfsim fsinfo [-dr] -M MNT_ID`: every
 * fsinfo() attribute of an object of the default tree, printed as the
 * patch set's samples/vfs/test-fsinfo.c prints them (-m: the table of
 * attributes instead), by the engine's vfsim_scenario_fsinfo_all().
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* AT_EMPTY_PATH, AT_NO_AUTOMOUNT */
#endif
#include <fcntl.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "tool.h"

static void fsinfo_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " fsinfo [-adlmr] PATH\n"
	      "       " TOOL_NAME " fsinfo [-dr] -M MNT_ID\n", out);
}

static void fsinfo_help(void)
{
	fsinfo_usage(stdout);
	fputs("\n"
	      "Boot the default tree and print every fsinfo() attribute of PATH\n"
	      "(or of mount MNT_ID) as the patch set's test-fsinfo does.\n"
	      "\n"
	      "  -a  do not trigger an automount at PATH (AT_NO_AUTOMOUNT)\n"
	      "  -d  trace each call: fsinfo(FILE,NAME,N,M) = SIZE\n"
	      "  -l  follow a symlink at PATH (default: query the link)\n"
	      "  -m  list the attributes: ID, type, flags, size, name\n"
	      "  -r  raw: hex dump of each value\n"
	      "  -M  PATH is a mount ID (FSINFO_FLAGS_QUERY_MOUNT)\n",
	      stdout);
}

static int fail_errno(const char *what, long err)
{
	char ebuf[128];

	fprintf(stderr, TOOL_NAME ": fsinfo: %s: %s\n", what,
		vfsim_scenario_strerror(err, ebuf, sizeof(ebuf)));
	return TOOL_EXIT_FAIL;
}

int cmd_fsinfo(int argc, char **argv)
{
	struct vfsim_scenario_fsinfo_opts o = {
		.at_flags = AT_SYMLINK_NOFOLLOW,
		.query = FSINFO_FLAGS_QUERY_PATH,
		.colour = isatty(STDOUT_FILENO),
	};
	struct vfsim *v;
	int opt, status;
	long err;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fsinfo_help();
		return TOOL_EXIT_OK;
	}
	optind = 1;
	opterr = 0;
	while ((opt = getopt(argc, argv, "Madlmr")) != -1) {
		switch (opt) {
		case 'M':
			o.at_flags = 0;
			o.query = FSINFO_FLAGS_QUERY_MOUNT;
			break;
		case 'a':
			o.at_flags |= AT_NO_AUTOMOUNT;
			break;
		case 'd':
			o.debug = true;
			break;
		case 'l':
			o.at_flags &= ~(unsigned int)AT_SYMLINK_NOFOLLOW;
			break;
		case 'm':
			o.meta = true;
			break;
		case 'r':
			o.raw = true;
			break;
		default:
			fprintf(stderr, TOOL_NAME ": fsinfo: unknown option '-%c'\n", optopt);
			fsinfo_usage(stderr);
			return TOOL_EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		fsinfo_usage(stderr);
		return TOOL_EXIT_USAGE;
	}

	err = vfsim_create(NULL, &v);
	if (err < 0)
		return fail_errno("cannot create a kernel", err);
	err = vfsim_boot(v, "default");
	if (err < 0) {
		vfsim_destroy(v);
		return fail_errno("cannot boot the default tree", err);
	}
	status = vfsim_scenario_fsinfo_all(vfsim_init_task(v), argv[optind],
					   stdout, &o);
	vfsim_destroy(v);
	return status;
}
