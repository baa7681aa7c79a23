/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A line diff for tree snapshots, printed unified-style: ' ' both sides,
 * '-' the first only (the model), '+' the second only (the kernel).
 */
#ifndef VFSIM_KDIFF_DIFF_H
#define VFSIM_KDIFF_DIFF_H

#include <stdio.h>

#include "kdiff.h"

/* Print the diff of @a and @b, named @an and @bn, each line after @indent. */
void kd_diff_lines(FILE *out, const char *indent, const char *an,
		   const struct kd_lines *a, const char *bn,
		   const struct kd_lines *b);

#endif /* VFSIM_KDIFF_DIFF_H */
