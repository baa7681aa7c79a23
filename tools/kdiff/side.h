/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One side of the comparison: the scenario engine run on the model
 * backend or on the kernel backend (<vfsim/scenario.h>), line by line,
 * each line's result and printed output written as a transcript entry
 * (docs/kernel-diff.md, "The transcript").  Both sides are the same
 * interpreter; only the backend differs.
 */
#ifndef VFSIM_KDIFF_SIDE_H
#define VFSIM_KDIFF_SIDE_H

#include <stdbool.h>
#include <stdio.h>

#include "kdiff.h"
#include "script.h"
#include "spawn.h"

/* Run @sc on side @which, writing the transcript to @out (flushed after
 * every line, so that a crash keeps what was done).  An exit status. */
int kd_run_side(enum kd_which which, const struct kd_script *sc, FILE *out);

/*
 * Whether this process can run the kernel backend (it tries, in a child
 * that ends at once); if not, why, in @why.
 */
bool kd_kernel_available(char *why, size_t len);

/* ---- printed output, canonical (printed.c) -------------------------------- */

/*
 * What a verb printed, with the IDs that legitimately differ between the
 * model and a kernel renamed by first appearance in the run: unique mount
 * IDs (m1...), old mount IDs after them (o1...), peer groups (g1...),
 * devices (d1...), mount namespace IDs (ns1...).  The maps of the IDs
 * never reused (m, ns) last the run; the others, one call.
 */
struct kd_printed {
	struct kd_lines ids[5];
};

/* @text's lines, canonical, appended to @out. */
void kd_printed_canon(struct kd_printed *p, const char *text,
		      struct kd_lines *out);
void kd_printed_free(struct kd_printed *p);

#endif /* VFSIM_KDIFF_SIDE_H */
