/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The assertions of the Criterion suites: Criterion's own cr_assert*
 * family, and these two for the results of vfsim calls (a value >= 0 or
 * -errno), whose messages name the errnos: "-EBUSY" says more than "-16".
 *
 *   OK(expr)            the call succeeded (>= 0)
 *   EXPECT(expr, want)  the call returned exactly @want (0, a size, -EPERM)
 *
 * Everything else is a cr_assert on a plain-C predicate of tests/common,
 * which prints what differs to stderr: cr_assert(vt_tree_is(...)),
 * cr_assert(nt_records_are(...)).
 */
#ifndef VFSIM_TESTS_COMMON_CHECK_H
#define VFSIM_TESTS_COMMON_CHECK_H

#include <criterion/criterion.h>

#include <vfsim/vfsim.h>

/* The name of -@ret when it is an errno, "" otherwise. */
static inline const char *check_errname(long ret)
{
	const char *name = ret < 0 ? vfsim_errno_name((int)-ret) : NULL;

	return name ? name : "";
}

#define OK(expr) do {							\
	long __r = (long)(expr);					\
	cr_assert_geq(__r, 0, "%s: %ld (%s)", #expr, __r, check_errname(__r)); \
} while (0)

#define EXPECT(expr, want) do {						\
	long __got = (long)(expr), __want = (long)(want);		\
	cr_assert_eq(__got, __want, "%s: got %ld (%s), want %ld (%s)",	\
		     #expr, __got, check_errname(__got),		\
		     __want, check_errname(__want));			\
} while (0)

#endif
