// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Kernel allocations made with no instance entered are a bug of the
 * caller, which the allocation seam survives: the memory comes from a
 * heap of its own (made once, on first use), each such allocation says
 * "vfsim: allocation outside any instance" on stderr, and kfree() of it
 * works.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <string.h>

#include <compat/ksim.h>
#include <linux/slab.h>

Test(compat_orphan, allocation_outside_any_instance, .init = cr_redirect_stderr)
{
	char *p, *q;

	cr_assert_null(ksim_cur_ctx, "no instance is current in a fresh test");
	p = kmalloc(32, GFP_KERNEL);
	cr_assert_not_null(p);
	memset(p, 'x', 32);
	q = kstrdup("orphan", GFP_KERNEL);
	cr_assert_str_eq(q, "orphan");
	kfree(q);
	kfree(p);
	fflush(stderr);
	cr_assert_stderr_eq_str("vfsim: allocation outside any instance\n"
				"vfsim: allocation outside any instance\n");
}
