// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim tree [--tree default|empty] [OPTIONS] [SCENARIO|-]`: boot a tree,
 * run SCENARIO on it if one is given, then print the init task's mount
 * tree with findmnt's vocabulary (-o, -l, -r, -J, --target) or as
 * Graphviz (--dot); vfsim_tree_render() does the printing.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "tool.h"

static void tree_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " tree [--tree default|empty] [-o COLS] [-l] [-r] [-J]\n"
	      "                  [--dot] [--target PATH] [SCENARIO|-]\n", out);
}

static void tree_help(void)
{
	tree_usage(stdout);
	fputs("\n"
	      "Boot a tree, run SCENARIO on it if given ('-': standard input;\n"
	      "docs/scenario.md, without its own 'boot' line), then print the init\n"
	      "task's mount tree, as findmnt prints it.\n"
	      "\n"
	      "options:\n"
	      "  --tree NAME        the tree to boot: default (the default) or empty\n"
	      "  -o, --output COLS  the columns, comma-separated, any case:\n"
	      "                       ID           mount ID\n"
	      "                       PARENT       parent's mount ID\n"
	      "                       TARGET       mount point\n"
	      "                       SOURCE       device, and [FSROOT] of a bind\n"
	      "                       FSTYPE       filesystem type\n"
	      "                       OPTIONS      VFS-OPTIONS and the fs's own options\n"
	      "                       VFS-OPTIONS  the mount's options (rw,relatime)\n"
	      "                       FS-OPTIONS   the superblock's (rw,size=1m,mode=700)\n"
	      "                       OPT-FIELDS   mountinfo's optional fields (shared:1)\n"
	      "                       PROPAGATION  shared|private[,slave][,unbindable]\n"
	      "                       FSROOT       the mount's root in its filesystem\n"
	      "                     default: ID,TARGET,FSTYPE,SOURCE and the 'tree' verb's\n"
	      "                     OPTIONS (with sb-ro) and PROPAGATION (shared:1 master:2)\n"
	      "  -l, --list         full paths, no tree drawing (with -J: a flat list)\n"
	      "  -r, --raw          cells one space apart, unpadded\n"
	      "  -J, --json         findmnt -J's JSON: {\"filesystems\": [... \"children\"]}\n"
	      "  --dot              Graphviz DOT: the tree, peer groups (dashed blue),\n"
	      "                     master -> slave (bold red), read-only (grey),\n"
	      "                     unbindable (dotted); sorted by mount ID\n"
	      "  --target PATH      only the mount PATH is on\n"
	      "  -h, --help         this text\n"
	      "\n"
	      "Cells are ASCII: other bytes, space and backslash as \\ooo (not in JSON).\n"
	      "exit status: 0 success; 1 the scenario or the printing failed;\n"
	      "2 usage error; 65 malformed scenario line; 66 SCENARIO cannot be read.\n",
	      stdout);
}

/* The value of option @argv[*i] (moving past it), or NULL with a message. */
static const char *opt_value(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc) {
		tool_error("tree: %s needs a value", argv[*i]);
		return NULL;
	}
	return argv[++*i];
}

static int tree_print(struct vfsim *v, const char *file,
		      const struct vfsim_tree_opts *o)
{
	struct vfsim_scenario_opts sopts = { 0 };
	char ebuf[128], sbuf[TOOL_SHORT];
	FILE *in = NULL;
	int ret;

	if (file) {
		sopts.name = file;
		in = strcmp(file, "-") == 0 ? stdin : fopen(file, "r");
		if (!in) {
			tool_error("cannot open %s: %s",
				   tool_short(file, sbuf, sizeof(sbuf)), strerror(errno));
			return TOOL_EXIT_NOINPUT;
		}
		ret = vfsim_scenario_run(v, in, stdout, &sopts);
		if (in != stdin)
			fclose(in);
		if (ret != TOOL_EXIT_OK)
			return ret;
	}
	ret = vfsim_tree_render(vfsim_init_task(v), stdout, o);
	if (ret < 0) {
		if (ret == -EINVAL && o->columns)
			tool_error("tree: bad column list '%s' (see " TOOL_NAME
				   " tree --help)",
				   tool_short(o->columns, sbuf, sizeof(sbuf)));
		else
			tool_error("tree: %s%s%s",
				   o->target ? tool_short(o->target, sbuf, sizeof(sbuf)) : "",
				   o->target ? ": " : "",
				   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	return TOOL_EXIT_OK;
}

int cmd_tree(int argc, char **argv)
{
	struct vfsim_tree_opts o = { 0 };
	const char *tree = "default", *file = NULL;
	bool list = false, raw = false, json = false, dot = false;
	struct vfsim *v;
	char ebuf[128];
	int i, ret;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			tree_help();
			return TOOL_EXIT_OK;
		} else if (!strcmp(a, "-l") || !strcmp(a, "--list")) {
			list = true;
		} else if (!strcmp(a, "-r") || !strcmp(a, "--raw")) {
			raw = true;
		} else if (!strcmp(a, "-J") || !strcmp(a, "--json")) {
			json = true;
		} else if (!strcmp(a, "--dot")) {
			dot = true;
		} else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
			if (!(o.columns = opt_value(argc, argv, &i)))
				goto usage;
		} else if (!strcmp(a, "--target")) {
			if (!(o.target = opt_value(argc, argv, &i)))
				goto usage;
		} else if (!strcmp(a, "--tree")) {
			if (!(tree = opt_value(argc, argv, &i)))
				goto usage;
			if (strcmp(tree, "default") && strcmp(tree, "empty")) {
				tool_error("tree: --tree is default or empty");
				goto usage;
			}
		} else if (a[0] == '-' && a[1]) {
			tool_error("tree: unknown option '%s'", a);
			goto usage;
		} else if (file) {
			tool_error("tree: one scenario file only");
			goto usage;
		} else {
			file = a;
		}
	}
	o.format = dot ? VFSIM_TREE_DOT : json ? VFSIM_TREE_JSON :
		   raw ? VFSIM_TREE_RAW : list ? VFSIM_TREE_LIST : VFSIM_TREE_TREE;
	o.flat = list;

	ret = vfsim_create(NULL, &v);
	if (ret == 0)
		ret = vfsim_boot(v, tree);
	if (ret < 0) {
		tool_error("tree: cannot boot the %s tree: %s", tree,
			   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		vfsim_destroy(v);
		return TOOL_EXIT_FAIL;
	}
	ret = tree_print(v, file, &o);
	vfsim_destroy(v);
	return ret;
usage:
	tree_usage(stderr);
	return TOOL_EXIT_USAGE;
}
