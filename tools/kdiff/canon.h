/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The canonical tree: mountinfo text turned into lines that two kernels
 * with the same mount structure print identically, whatever their mount
 * IDs, peer group numbers, list order and filesystem options
 * (docs/kernel-diff.md, "The canonical tree").
 */
#ifndef VFSIM_KDIFF_CANON_H
#define VFSIM_KDIFF_CANON_H

#include "kdiff.h"

/* 0, or -1 with @why set if the text is not mountinfo. */
int kd_canon_tree(const char *mountinfo, struct kd_lines *out, char *why,
		  size_t len);

#endif /* VFSIM_KDIFF_CANON_H */
