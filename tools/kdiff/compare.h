/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The comparison of a model transcript with a kernel transcript, line by
 * line, with the era differences and the scenario's `expect` claims.
 */
#ifndef VFSIM_KDIFF_COMPARE_H
#define VFSIM_KDIFF_COMPARE_H

#include <stdio.h>

#include "era.h"
#include "script.h"
#include "transcript.h"

struct kd_compare {
	const struct kd_script *sc;
	const struct kd_transcript *model;
	const struct kd_transcript *kernel;
	struct kd_eras *eras;		/* may be NULL */
	const char *release;		/* the kernel's, for the eras */
	bool kernel_recorded;		/* @kernel was read from FILE.kernel */
	FILE *out;			/* the report */
	unsigned int expected;		/* out: era differences seen */
};

/* Print every difference; returns the number of failures. */
unsigned int kd_compare(struct kd_compare *c);

/* The kernel-only check of `record`: expects the kernel did not meet and
 * no era entry (of @eras, may be NULL) explains, printed as warnings;
 * returns their number. */
unsigned int kd_unmet_expects(const struct kd_script *sc,
			      const struct kd_transcript *t,
			      const struct kd_eras *eras, FILE *out);

/* Print how @live differs from @recorded; returns the number of lines. */
unsigned int kd_compare_kernels(const struct kd_script *sc,
				const struct kd_transcript *recorded,
				const struct kd_transcript *live, FILE *out);

#endif /* VFSIM_KDIFF_COMPARE_H */
