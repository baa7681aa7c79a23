// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_tree_render() where the goldens (tests/cmd/tree_*, the scenario
 * tree_options) do not go: NULL options are vfsim_print_tree(), a format
 * past VFSIM_TREE_DOT, more than 32 columns and NULL arguments are
 * -EINVAL.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

VT_TEST(tree_render, null_opts_is_print_tree, "default", NULL)
{
	char *a = NULL, *b = NULL;
	size_t alen, blen;
	FILE *fa = open_memstream(&a, &alen), *fb = open_memstream(&b, &blen);

	cr_assert(fa && fb);
	OK(vfsim_tree_render(t, fa, NULL));
	OK(vfsim_print_tree(t, fb));
	fclose(fa);
	fclose(fb);
	cr_expect_str_eq(a, b);
	free(a);
	free(b);
}

VT_TEST(tree_render, bad_arguments, "empty", NULL)
{
	struct vfsim_tree_opts o = { .format = VFSIM_TREE_DOT + 1 };
	char cols[33 * 3];
	int i;

	EXPECT(vfsim_tree_render(t, stdout, &o), -EINVAL);
	EXPECT(vfsim_tree_render(NULL, stdout, NULL), -EINVAL);
	EXPECT(vfsim_tree_render(t, NULL, NULL), -EINVAL);
	/* 32 columns are the most one call may ask for */
	cols[0] = '\0';
	for (i = 0; i < 33; i++)
		strcat(cols, i ? ",ID" : "ID");
	o.format = VFSIM_TREE_RAW;
	o.columns = cols;
	EXPECT(vfsim_tree_render(t, stdout, &o), -EINVAL);
}
