/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Expected differences between the model's Linux 5.8 and the running
 * kernel, kept as data (tests/kernel/era-differences.txt):
 *
 *   SCENARIO LINE MODEL_RESULT KERNEL_RESULT SINCE_VERSION COMMIT summary...
 *   SCENARIO LINE tree MOUNT FIELD MODEL_VALUE KERNEL_VALUE SINCE_VERSION COMMIT summary...
 *
 * LINE is a line number, or `final` for the tree kdiff takes after the
 * last line.  A tree entry excuses one row of the snapshot (one field of
 * one mount, named by its chain without blanks: `/a>/a/x[2]`), nothing
 * else.  An entry applies to kernels at or after SINCE_VERSION.
 */
#ifndef VFSIM_KDIFF_ERA_H
#define VFSIM_KDIFF_ERA_H

#include <stdbool.h>

/* LINE `final`: the tree after the scenario's last line. */
#define KD_LINE_FINAL 0UL

struct kd_era {
	char *scenario;		/* the stem: no .scn */
	unsigned long line;	/* or KD_LINE_FINAL */
	bool tree;		/* a row of a tree snapshot */
	char *mount, *field;	/* tree: the row (compare.c's kd_tree_rows()) */
	char *model, *kernel;	/* "OK" or an errno name; tree: the values */
	char *since;
	char *commit;
	char *summary;
	unsigned long at;	/* its line in the file, for messages */
	bool seen;		/* matched a difference in this run */
};

struct kd_eras {
	char *path;
	struct kd_era *v;
	size_t nr;
};

/* Read @path.  A missing file is no entries when !@must_exist.  Returns an
 * exit status (reported). */
int kd_era_load(const char *path, bool must_exist, struct kd_eras *e);
void kd_era_free(struct kd_eras *e);

/* Does @e apply to a kernel of release @release ("6.18.4-foo")? */
bool kd_era_applies(const struct kd_era *e, const char *release);

/* -1, 0, 1 as release @a is before, the same as or after @b, comparing
 * the leading numbers ("6.18.4-x" against "5.9"); missing ones are 0. */
int kd_release_cmp(const char *a, const char *b);
/* Same major.minor? */
bool kd_release_same_minor(const char *a, const char *b);

#endif /* VFSIM_KDIFF_ERA_H */
