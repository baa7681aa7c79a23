/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (common/fault_sweep.h) over the
 * tree walkers of the API, on the default tree: vfsim_for_each_mount()
 * and vfsim_mount_by_id() snapshot every mount in kernel memory (the
 * array, each mount's path buffer, its strings), and vfsim_print_tree()
 * is built on the first.  Each failure is -ENOMEM with nothing left
 * allocated and nothing changed; the walk then runs as if nothing had
 * happened and sees the same mounts.  A mount point longer than PATH_MAX
 * takes a second, larger path buffer (long_path), which may fail too.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/check.h"
#include "common/fault_sweep.h"

/* The IDs and mount points, one line each. */
struct listing {
	char text[2048];
	size_t used;
};

static int list_one(const struct vfsim_mount_desc *m, void *arg)
{
	struct listing *l = arg;
	int n = snprintf(l->text + l->used, sizeof(l->text) - l->used, "%u %s %s\n",
			 m->mnt_id, m->mountpoint, m->source);

	if (n > 0 && (size_t)n < sizeof(l->text) - l->used)
		l->used += (size_t)n;
	return 0;
}

static struct listing last;

static long op_for_each(struct fault_run *r)
{
	memset(&last, 0, sizeof(last));
	return vfsim_for_each_mount(r->t, list_one, &last);
}

static long home_id;

static void setup_home_id(struct fault_run *r)
{
	home_id = vfsim_path_mnt_id(r->t, "/home");
	OK(home_id);
}

static long op_by_id(struct fault_run *r)
{
	memset(&last, 0, sizeof(last));
	return vfsim_mount_by_id(r->t, (unsigned int)home_id, list_one, &last);
}

static char *listing_outcome(struct fault_run *r)
{
	return fault_ret_and_text(r, last.text);
}

static char *tree_text;

static long op_print_tree(struct fault_run *r)
{
	size_t len;
	FILE *f;
	long ret;

	free(tree_text);
	tree_text = NULL;
	f = open_memstream(&tree_text, &len);
	cr_assert_not_null(f);
	ret = vfsim_print_tree(r->t, f);
	fclose(f);
	return ret;
}

static char *tree_outcome(struct fault_run *r)
{
	return fault_ret_and_text(r, tree_text);
}

/* The snapshot array, then a path buffer and strings per mount (seven
 * mounts: fifteen points). */
FAULT_ALLOC_TEST(api_fault_alloc, for_each_mount,
	.tree = "default", .op = op_for_each, .outcome = listing_outcome,
	.frees_all = true, .changes_nothing = true, .min_allocs = 15)

/* One mount: the array, its buffer, its strings. */
FAULT_ALLOC_TEST(api_fault_alloc, mount_by_id,
	.tree = "default", .setup = setup_home_id, .op = op_by_id, .outcome = listing_outcome,
	.frees_all = true, .changes_nothing = true, .min_allocs = 3)

FAULT_ALLOC_TEST(api_fault_alloc, print_tree,
	.tree = "default", .op = op_print_tree, .outcome = tree_outcome,
	.frees_all = true, .changes_nothing = true, .min_allocs = 15)

/* A tmpfs on /a/a/.../a, 2,100 directories deep (4,200 bytes): its path
 * does not fit the first buffer. */
enum { LONG_DEPTH = 2100 };

static void setup_long_path(struct fault_run *r)
{
	int i;

	for (i = 0; i < LONG_DEPTH; i++) {
		OK(vfsim_mkdirat(r->t, AT_FDCWD, "a", 0755));
		OK(vfsim_chdir(r->t, "a"));
	}
	OK(vfsim_mkdirat(r->t, AT_FDCWD, "a", 0755));
	OK(vfsim_mount(r->t, "deep", "a", "tmpfs", 0, NULL));
}

/* The IDs and the lengths of the mount points. */
static int list_len(const struct vfsim_mount_desc *m, void *arg)
{
	struct listing *l = arg;

	l->used += (size_t)snprintf(l->text + l->used, sizeof(l->text) - l->used,
				    "%u %zu\n", m->mnt_id, strlen(m->mountpoint));
	return 0;
}

static long op_long_path(struct fault_run *r)
{
	memset(&last, 0, sizeof(last));
	return vfsim_for_each_mount(r->t, list_len, &last);
}

static char *long_path_outcome(struct fault_run *r)
{
	/* the root, and the deep mount with its whole path */
	if (r->ret == 0)
		cr_expect_str_eq(last.text, "1 1\n2 4202\n");
	return fault_ret_and_text(r, last.text);
}

/* The array; the root's buffer and strings; the deep mount's buffer, its
 * larger buffer, its strings. */
FAULT_ALLOC_TEST(api_fault_alloc, long_path,
	.tree = "empty", .setup = setup_long_path, .op = op_long_path,
	.outcome = long_path_outcome,
	.frees_all = true, .changes_nothing = true, .min_allocs = 6)
