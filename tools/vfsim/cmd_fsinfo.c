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
#include "tool_api.h"
#include "tool_json.h"

static void fsinfo_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " fsinfo [-adlmrJ] PATH\n"
	      "       " TOOL_NAME " fsinfo [-drJ] -M MNT_ID\n", out);
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
	      "  -J  JSON: every attribute and its values (docs/vfsim-command.md)\n"
	      "  -M  PATH is a mount ID (FSINFO_FLAGS_QUERY_MOUNT)\n",
	      stdout);
}

static int fail_errno(const char *what, long err)
{
	char ebuf[128];

	tool_error("fsinfo: %s: %s", what,
		   vfsim_scenario_strerror(err, ebuf, sizeof(ebuf)));
	return TOOL_EXIT_FAIL;
}

/* What EPERM means for a query by mount ID. */
#define NO_SUCH_MOUNT "no such mount, or not reachable from the root"

/* The hint for the first complaint of a run by mount ID: EPERM for the
 * mount itself says that there is no such mount to see. */
static const char *mount_hint(struct vfsim_task *t, const char *id)
{
	struct fsinfo_params params = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};
	struct fsinfo_mount_info mnt;

	if (vfsim_fsinfo(t, AT_FDCWD, id, &params, &mnt, sizeof(mnt)) == -EPERM)
		return NO_SUCH_MOUNT;
	return NULL;
}

/*
 * test-fsinfo's run on the default tree.  Its complaints are the sample's
 * words ("Unable to get attribute list: ENOENT ..."); here each gets
 * "vfsim: fsinfo: PATH: " before it, so that it says who speaks and of
 * what.
 */
static int fsinfo_run(struct vfsim_task *t, const char *arg,
		      struct vfsim_scenario_fsinfo_opts *o)
{
	bool by_id = o->query == FSINFO_FLAGS_QUERY_MOUNT;
	char prefix[TOOL_SHORT + 32], sbuf[TOOL_SHORT];
	int status;

	snprintf(prefix, sizeof(prefix), TOOL_NAME ": fsinfo: %s%s: ",
		 by_id ? "mount " : "", tool_short(arg, sbuf, sizeof(sbuf)));
	o->err = tool_prefix_stream(stderr, prefix,
				    by_id ? mount_hint(t, arg) : NULL);
	if (!o->err)
		return fail_errno(arg, -ENOMEM);
	fflush(stdout);
	status = vfsim_scenario_fsinfo_all(t, arg, stdout, o);
	fclose(o->err);
	o->err = NULL;
	return status;
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
	bool json = false;
	long err;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fsinfo_help();
		return TOOL_EXIT_OK;
	}
	optind = 1;
	opterr = 0;
	while ((opt = getopt(argc, argv, "MadlmrJ")) != -1) {
		switch (opt) {
		case 'J':
			json = true;
			break;
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
			tool_usage_error("fsinfo", "unknown option '-%c'", optopt);
			return TOOL_EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		tool_usage_error("fsinfo", argc == optind ? "a PATH (or -M MNT_ID) is needed" :
				 "one PATH (or -M MNT_ID) only");
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
	if (json) {
		err = json_fsinfo(vfsim_init_task(v), argv[optind],
				  o.query == FSINFO_FLAGS_QUERY_MOUNT, o.at_flags, stdout);
		status = err < 0 ? fail_errno(argv[optind], err) : TOOL_EXIT_OK;
	} else {
		status = fsinfo_run(vfsim_init_task(v), argv[optind], &o);
	}
	vfsim_destroy(v);
	return status;
}
