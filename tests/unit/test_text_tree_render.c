// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_tree_render() where the goldens (tests/cmd/tree_*, the scenario
 * tree_options) do not go: NULL options are vfsim_print_tree(), a format
 * past VFSIM_TREE_DOT, more than 32 columns and NULL arguments are
 * -EINVAL; a namespace 5,000 mounts deep, whose deepest mount points are
 * far longer than PATH_MAX, prints every row (it used to be ENAMETOOLONG
 * and no rows at all).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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

VT_TEST(tree_render, deep_namespace, "empty", NULL)
{
	struct vfsim_tree_opts o = { .format = VFSIM_TREE_LIST,
				     .columns = "ID,TARGET" };
	enum { DEPTH = 5000 };
	char *out = NULL, *last;
	size_t len, lines = 0, i;
	FILE *f, *null;

	/* /a/a/a/...: each mount made from inside the one before it, since
	 * the absolute path is soon too long to name */
	for (i = 0; i < DEPTH; i++) {
		OK(vfsim_mkdirat(t, AT_FDCWD, "a", 0755));
		OK(vfsim_mount(t, "t", "a", "tmpfs", 0, NULL));
		OK(vfsim_chdir(t, "a"));
	}
	f = open_memstream(&out, &len);
	cr_assert_not_null(f);
	OK(vfsim_tree_render(t, f, &o));
	fclose(f);
	for (i = 0; i < len; i++)
		lines += out[i] == '\n';
	cr_expect_eq(lines, 1 + 1 + DEPTH);	/* header, root, the stack */
	/* the last row: mount DEPTH + 1 at "/a" DEPTH times */
	out[len - 1] = '\0';
	last = strrchr(out, '\n') + 1;
	cr_expect_eq(strlen(last), strlen("5001 ") + 2 * DEPTH);
	cr_expect_gt(2 * DEPTH, PATH_MAX);
	cr_expect_eq(strncmp(last, "5001 /a/a/", 10), 0);
	free(out);

	/* the drawn tree too (100 MB of it) */
	null = fopen("/dev/null", "w");
	cr_assert_not_null(null);
	OK(vfsim_print_tree(t, null));
	fclose(null);
}
