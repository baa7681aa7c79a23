/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program outside the project, built against an installed vfsim (with
 * pkg-config and with find_package(vfsim)) by `make check`: it proves that
 * the installed headers, library, vfsim.pc and CMake package work.
 */
#include <stdio.h>
#include <string.h>

#include <vfsim/vfsim.h>

int main(void)
{
	struct vfsim *v;
	int err;

	err = vfsim_create(NULL, &v);
	if (err) {
		fprintf(stderr, "vfsim_create: %s\n", strerror(-err));
		return 1;
	}
	err = vfsim_boot(v, "empty");
	if (err) {
		fprintf(stderr, "vfsim_boot: %s\n", strerror(-err));
		vfsim_destroy(v);
		return 1;
	}
	printf("vfsim %s (header %s)\n", vfsim_version(), VFSIM_VERSION_STRING);
	err = vfsim_print_tree(vfsim_init_task(v), stdout);
	vfsim_destroy(v);
	if (err < 0) {
		fprintf(stderr, "vfsim_print_tree: %s\n", strerror(-err));
		return 1;
	}
	return 0;
}
