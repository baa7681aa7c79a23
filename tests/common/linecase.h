/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Table-driven scenario tests: a short scenario text run with
 * vfsim_scenario_run() on a fresh instance, checked against the exit
 * status, the whole output and the report it must give, and destroyed with
 * vfsim_destroy_check() (no leak, whatever line ended it).  Asserts with
 * Criterion: for the suites only.
 */
#ifndef VFSIM_TESTS_COMMON_LINECASE_H
#define VFSIM_TESTS_COMMON_LINECASE_H

#include <stddef.h>

/* One scenario text and what it must do. */
struct line_case {
	const char *text;
	int status;
	const char *out;	/* exactly; NULL: not checked */
	const char *err;	/* a substring of the report; "" none */
};

/* Run @lc's text (@len bytes: it may hold a NUL) on a new instance; check
 * it against @lc.  @index names the case in messages. */
void line_case_run_len(const struct line_case *lc, size_t len, int index);

/* The same for a text that ends at its NUL. */
void line_case_run(const struct line_case *lc, int index);

#endif
