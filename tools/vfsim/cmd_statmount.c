// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim statmount PATH|ID [MASK]...` and `vfsim listmount [-r] [-n COUNT]
 * [-l LAST] [PATH|ID]`: Linux 6.18's statmount() and listmount() on the
 * default tree, printed as the scenario verbs of the same names print
 * them (docs/statmount.md).  A mount is a path (its unique ID from
 * statx) or a unique mount ID.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* struct statx */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "tool.h"
#include "tool_api.h"
#include "tool_json.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif

static void statmount_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " statmount [-J] PATH|ID [MASK]...\n", out);
}

static void listmount_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " listmount [-rJ] [-n COUNT] [-l LAST] [PATH|ID]\n", out);
}

static bool parse_num(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return *s && *s != '-' && !errno && !*end;
}

/* The default tree booted, or NULL (reported). */
static struct vfsim *boot(const char *cmd)
{
	char ebuf[128];
	struct vfsim *v;
	long err;

	err = vfsim_create(NULL, &v);
	if (err == 0)
		err = vfsim_boot(v, "default");
	if (err < 0) {
		tool_error("%s: cannot boot the default tree: %s", cmd,
			   vfsim_scenario_strerror(err, ebuf, sizeof(ebuf)));
		vfsim_destroy(v);
		return NULL;
	}
	return v;
}

/* A path's unique mount ID, or the number: 0 or -errno (-EINVAL: not a number). */
static long mount_arg(struct vfsim_task *t, const char *s, uint64_t *id)
{
	struct statx stx;
	long ret;

	if (s[0] != '/' && s[0] != '.')
		return parse_num(s, id) ? 0 : -EINVAL;
	ret = vfsim_statx(t, AT_FDCWD, s, 0, STATX_MNT_ID_UNIQUE, &stx);
	if (ret == 0)
		*id = stx.stx_mnt_id;
	return ret;
}

static int finish(struct vfsim *v, const char *cmd, const char *arg, long err)
{
	char ebuf[128], sbuf[TOOL_SHORT];

	vfsim_destroy(v);
	if (err < 0) {
		tool_error("%s: %s: %s", cmd, tool_short(arg, sbuf, sizeof(sbuf)),
			   vfsim_scenario_strerror(err, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	return TOOL_EXIT_OK;
}

int cmd_statmount(int argc, char **argv)
{
	char sbuf[TOOL_SHORT];
	uint64_t id, mask = 0;
	struct vfsim *v;
	bool json = false;
	long err;
	int i;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		statmount_usage(stdout);
		fputs("\nBoot the default tree and print statmount() of the mount at\n"
		      "PATH, or of unique mount ID, for MASK: sb_basic, mnt_basic,\n"
		      "propagate_from, mnt_root, mnt_point, fs_type, mnt_ns_id,\n"
		      "mnt_opts, fs_subtype, sb_source, opt_array, opt_sec_array,\n"
		      "supported_mask, mnt_uidmap, mnt_gidmap, or all (the default).\n"
		      "-J: as JSON, struct statmount's fields (docs/vfsim-command.md).\n",
		      stdout);
		return TOOL_EXIT_OK;
	}
	if (argc >= 2 && (!strcmp(argv[1], "-J") || !strcmp(argv[1], "--json"))) {
		json = true;
		argc--;
		argv++;
	}
	if (argc < 2) {
		tool_usage_error("statmount", "a PATH or unique mount ID is needed");
		return TOOL_EXIT_USAGE;
	}
	for (i = 2; i < argc; i++) {
		if (vfsim_scenario_statmount_mask(argv[i], &mask) < 0) {
			tool_usage_error("statmount", "unknown mask '%s'",
					 tool_short(argv[i], sbuf, sizeof(sbuf)));
			return TOOL_EXIT_USAGE;
		}
	}
	if (argc == 2)
		mask = VFSIM_STATMOUNT_ALL;
	v = boot("statmount");
	if (!v)
		return TOOL_EXIT_FAIL;
	err = mount_arg(vfsim_init_task(v), argv[1], &id);
	if (err == 0)
		err = json ? json_statmount(vfsim_init_task(v), id, mask, stdout) :
		      vfsim_scenario_statmount(vfsim_init_task(v), id, mask, stdout);
	return finish(v, "statmount", argv[1], err);
}

int cmd_listmount(int argc, char **argv)
{
	uint64_t id = LSMT_ROOT, last = 0, count = 64;
	const char *arg = NULL;
	unsigned int flags = 0;
	struct vfsim *v;
	bool json = false;
	long err;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			listmount_usage(stdout);
			fputs("\nBoot the default tree and list the mounts below the one at\n"
			      "PATH or unique mount ID (default: the root) as listmount()\n"
			      "gives them: at most COUNT (64) after unique ID LAST, -r in\n"
			      "reverse.  One line per mount: UNIQUE_ID (ID) MOUNT_POINT FSTYPE;\n"
			      "-J: as JSON (docs/vfsim-command.md).\n",
			      stdout);
			return TOOL_EXIT_OK;
		} else if (!strcmp(argv[i], "-r")) {
			flags |= LISTMOUNT_REVERSE;
		} else if (!strcmp(argv[i], "-J") || !strcmp(argv[i], "--json")) {
			json = true;
		} else if ((!strcmp(argv[i], "-n") || !strcmp(argv[i], "-l")) && i + 1 < argc) {
			if (!parse_num(argv[i + 1], argv[i][1] == 'n' ? &count : &last) ||
			    count > 1000001) {
				tool_usage_error("listmount", "bad number '%s'", argv[i + 1]);
				return TOOL_EXIT_USAGE;
			}
			i++;
		} else if (!arg && argv[i][0] != '-') {
			arg = argv[i];
		} else {
			tool_usage_error("listmount", "bad argument '%s'", argv[i]);
			return TOOL_EXIT_USAGE;
		}
	}
	v = boot("listmount");
	if (!v)
		return TOOL_EXIT_FAIL;
	err = arg ? mount_arg(vfsim_init_task(v), arg, &id) : 0;
	if (err == 0)
		err = json ? json_listmount(vfsim_init_task(v), id, last, (size_t)count,
					    flags, stdout) :
		      vfsim_scenario_listmount(vfsim_init_task(v), id, last, (size_t)count,
					       flags, stdout);
	return finish(v, "listmount", arg ? arg : "/", err);
}
