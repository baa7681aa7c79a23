// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Longest common subsequence by dynamic programming: trees are tens of
 * lines, so the quadratic table is nothing, and the output is the minimal
 * diff, which reads best.
 */
#include <stdlib.h>
#include <string.h>

#include "diff.h"

void kd_diff_lines(FILE *out, const char *indent, const char *an,
		   const struct kd_lines *a, const char *bn,
		   const struct kd_lines *b)
{
	size_t n = a->nr, m = b->nr, i, j, w = m + 1;
	size_t *lcs = kd_malloc((n + 1) * (m + 1) * sizeof(*lcs));

	/* lcs[i][j]: the LCS length of a[i..] and b[j..] */
	for (i = n + 1; i-- > 0;) {
		for (j = m + 1; j-- > 0;) {
			if (i == n || j == m)
				lcs[i * w + j] = 0;
			else if (strcmp(a->v[i], b->v[j]) == 0)
				lcs[i * w + j] = lcs[(i + 1) * w + j + 1] + 1;
			else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])
				lcs[i * w + j] = lcs[(i + 1) * w + j];
			else
				lcs[i * w + j] = lcs[i * w + j + 1];
		}
	}
	fprintf(out, "%s--- %s\n%s+++ %s\n", indent, an, indent, bn);
	for (i = 0, j = 0; i < n || j < m;) {
		if (i < n && j < m && strcmp(a->v[i], b->v[j]) == 0) {
			fprintf(out, "%s %s\n", indent, a->v[i]);
			i++;
			j++;
		} else if (j == m ||
			   (i < n && lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) {
			fprintf(out, "%s-%s\n", indent, a->v[i++]);
		} else {
			fprintf(out, "%s+%s\n", indent, b->v[j++]);
		}
	}
	free(lcs);
}
