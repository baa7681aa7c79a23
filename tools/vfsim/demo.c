/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * `vfsim demo`: boot the default tree and print it.
 */
#include <stdio.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "tool.h"

int cmd_demo(int argc, char **argv)
{
	struct vfsim *v;
	char ebuf[128];
	int ret, status = TOOL_EXIT_OK;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, TOOL_NAME ": demo takes no arguments\n");
		tool_usage(stderr);
		return TOOL_EXIT_USAGE;
	}

	ret = vfsim_create(NULL, &v);
	if (ret < 0) {
		fprintf(stderr, TOOL_NAME ": demo: cannot create a simulated kernel: %s\n",
			tool_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	ret = vfsim_boot(v, "default");
	if (ret < 0) {
		fprintf(stderr, TOOL_NAME ": demo: boot default: %s\n",
			tool_strerror(ret, ebuf, sizeof(ebuf)));
		status = TOOL_EXIT_FAIL;
		goto out;
	}

	printf(TOOL_NAME " %s: the default tree, as the init task sees it\n",
	       vfsim_version());
	ret = vfsim_print_tree(vfsim_init_task(v), stdout);
	if (ret < 0) {
		fprintf(stderr, TOOL_NAME ": demo: tree: %s\n",
			tool_strerror(ret, ebuf, sizeof(ebuf)));
		status = TOOL_EXIT_FAIL;
	}
out:
	if (vfsim_warn_count(v)) {
		fprintf(stderr, TOOL_NAME ": demo: the kernel hit %lu warning(s)\n",
			vfsim_warn_count(v));
		status = TOOL_EXIT_FAIL;
	}
	vfsim_destroy(v);
	return status;
}
