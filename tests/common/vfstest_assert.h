/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Criterion assertions shared by the VFS suites: a syscall's result with
 * errno names in the message, and a whole tree compared as a string.
 */
#ifndef VFSIM_TESTS_VFSTEST_ASSERT_H
#define VFSIM_TESTS_VFSTEST_ASSERT_H

#include <criterion/criterion.h>
#include <stdlib.h>

#include "common/vfstest.h"

#define EXPECT(expr, want) do {						\
	long __got = (long)(expr), __want = (long)(want);		\
	cr_assert_eq(__got, __want, "%s: got %ld (%s), want %ld (%s)",	\
		     #expr, __got, __got < 0 ? vfsim_errno_name((int)-__got) : "",	\
		     __want, __want < 0 ? vfsim_errno_name((int)-__want) : ""); \
} while (0)

#define EXPECT_TREE(t, what, want) do {					\
	char *__s = vt_tree((t), (what));				\
	cr_assert_not_null(__s);					\
	cr_assert_str_eq(__s, (want));					\
	free(__s);							\
} while (0)

#endif
