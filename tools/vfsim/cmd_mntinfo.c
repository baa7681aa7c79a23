// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim mntinfo [PATH | -M MNT_ID]`: the mount tree of the default tree
 * from one mount down, as the patch set's samples/vfs/test-mntinfo.c
 * prints it, built from fsinfo() queries by mount ID alone
 * (vfsim_scenario_mntinfo()).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "tool.h"
#include "tool_api.h"
#include "tool_json.h"

static void mntinfo_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " mntinfo [-J]\n"
	      "       " TOOL_NAME " mntinfo [-J] PATH\n"
	      "       " TOOL_NAME " mntinfo [-J] -M MNT_ID\n", out);
}

int cmd_mntinfo(int argc, char **argv)
{
	const char *label = "ROOT", *arg = NULL;
	bool by_id = false, json = false;
	struct vfsim *v;
	struct vfsim_task *t;
	char ebuf[128], sbuf[TOOL_SHORT];
	long id, err;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			mntinfo_usage(stdout);
			fputs("\nBoot the default tree and print the mounts from the one\n"
			      "at PATH (default /) or mount MNT_ID down, as the patch set's\n"
			      "test-mntinfo does; -J: as JSON (docs/vfsim-command.md).\n", stdout);
			return TOOL_EXIT_OK;
		} else if (!strcmp(argv[i], "-J") || !strcmp(argv[i], "--json")) {
			json = true;
		} else if (!strcmp(argv[i], "-M") && !by_id) {
			by_id = true;
		} else if (!arg && (argv[i][0] != '-' || !argv[i][1])) {
			arg = argv[i];
		} else {
			if (arg && argv[i][0] != '-')
				tool_usage_error("mntinfo", "one PATH or mount ID only");
			else
				tool_usage_error("mntinfo", "unknown option '%s'", argv[i]);
			return TOOL_EXIT_USAGE;
		}
	}
	if (by_id && !arg) {
		tool_usage_error("mntinfo", "-M needs a mount ID");
		return TOOL_EXIT_USAGE;
	}

	err = vfsim_create(NULL, &v);
	if (err == 0)
		err = vfsim_boot(v, "default");
	if (err < 0) {
		tool_error("mntinfo: cannot boot the default tree: %s",
			   vfsim_scenario_strerror(err, ebuf, sizeof(ebuf)));
		vfsim_destroy(v);
		return TOOL_EXIT_FAIL;
	}
	t = vfsim_init_task(v);
	if (by_id) {
		char *end;

		label = arg;
		errno = 0;
		id = (long)strtoul(arg, &end, 0);
		if (errno || *end || id < 0 || id > 0xffffffffL) {
			tool_error("mntinfo: bad mount ID '%s': a number from 0 to 4294967295 (decimal, 0x hex or 0 octal)",
				   tool_short(arg, sbuf, sizeof(sbuf)));
			vfsim_destroy(v);
			return TOOL_EXIT_USAGE;
		}
	} else {
		if (arg)
			label = arg;
		id = vfsim_scenario_mount_id(t, arg ? arg : "/");
	}
	if (id < 0)
		err = id;
	else if (json)
		err = json_mntinfo(t, (unsigned int)id, stdout);
	else
		err = vfsim_scenario_mntinfo(t, (unsigned int)id, label, stdout);
	vfsim_destroy(v);
	if (err < 0) {
		tool_error("mntinfo: %s%s: %s%s", by_id ? "mount " : "",
			   tool_short(label, sbuf, sizeof(sbuf)),
			   vfsim_scenario_strerror(err, ebuf, sizeof(ebuf)),
			   by_id && err == -EPERM ?
			   ": no such mount, or not reachable from the root" : "");
		return TOOL_EXIT_FAIL;
	}
	return TOOL_EXIT_OK;
}
