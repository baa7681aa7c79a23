/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Each side runs in a child process: the kernel side because it changes
 * namespace and root, the model side because the model may crash on a
 * scenario (that is what the comparison is for) and the tool must report
 * it, not share its fate.
 */
#ifndef VFSIM_KDIFF_SPAWN_H
#define VFSIM_KDIFF_SPAWN_H

#include <stdbool.h>

#include "kdiff.h"
#include "script.h"

struct kd_outcome {
	struct kd_buf text;	/* the transcript, as far as it got */
	int status;		/* the child's exit status, or -1 */
	int sig;		/* the signal that killed it, or 0 */
};

enum kd_which { KD_MODEL, KD_KERNEL };

/* Run @sc on one side in a child; 0, or -1 if no child could be made. */
int kd_spawn_side(enum kd_which which, const struct kd_script *sc,
		  struct kd_outcome *o);
void kd_outcome_free(struct kd_outcome *o);

/* "SIGSEGV" */
const char *kd_signame(int sig, char *buf, size_t len);

#endif /* VFSIM_KDIFF_SPAWN_H */
