/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The user-memory seam (compat/uaccess.c).  "User" buffers are the test's
 * own arrays; the seam decides what faults: NULL and the first page, ranges
 * marked unmapped, and an armed countdown.  Return conventions are the
 * kernel's: bytes NOT copied for the copy helpers, -EFAULT for the string
 * helpers, 0 from strnlen_user on a fault.
 */
#include <fcntl.h>
#include <string.h>

#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/rcupdate.h>
#include <linux/uaccess.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/ksim_fixture.h"

TestSuite(compat_uaccess, .init = ctx_setup);
TestSuite(compat_uaccess_instance, .init = rcu_setup);

static void fill_seq(unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)(i + 1);
}

/* NULL and anything in the first page fault at once */
Test(compat_uaccess, null_page_faults)
{
	unsigned char dst[32], src[32];

	fill_seq(src, sizeof(src));
	memset(dst, 0x55, sizeof(dst));
	cr_assert_eq(copy_from_user(dst, NULL, sizeof(dst)), sizeof(dst));
	cr_assert(all_bytes(dst, 0, sizeof(dst)), "copy_from_user zero-fills on a fault");
	cr_assert_eq(copy_from_user(dst, (const void *)4095, 1), 1);
	cr_assert_eq(copy_to_user(NULL, src, sizeof(src)), sizeof(src));
	cr_assert_eq(copy_to_user((void *)16, src, 4), 4);
	cr_assert_eq(clear_user(NULL, 8), 8);
	cr_assert_eq(strncpy_from_user((char *)dst, NULL, 10), -EFAULT);
	cr_assert_eq(strnlen_user(NULL, 10), 0);
	cr_assert_eq(copy_from_user(dst, src, 0), 0, "an empty copy never faults");
	ctx_finish();
}

/* Fully mapped copies copy everything and report 0 left over */
Test(compat_uaccess, mapped_copies)
{
	unsigned char u[64], k[64];

	fill_seq(k, sizeof(k));
	cr_assert_eq(copy_to_user(u, k, sizeof(u)), 0);
	cr_assert_arr_eq(u, k, sizeof(u));
	memset(k, 0, sizeof(k));
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), 0);
	cr_assert_arr_eq(u, k, sizeof(u));
	cr_assert_eq(clear_user(u, sizeof(u)), 0);
	cr_assert(all_bytes(u, 0, sizeof(u)));
	ctx_finish();
}

/*
 * An unmapped range faults at its start: the bytes before it are copied,
 * the return value counts the rest, copy_from_user() zeroes the rest of
 * the kernel buffer, and copy_to_user()/clear_user() leave the rest of the
 * user buffer alone.
 */
Test(compat_uaccess, unmapped_range_partial_copy)
{
	unsigned char u[64], k[64], pat[64];

	fill_seq(u, sizeof(u));
	cr_assert_eq(ksim_ua_unmap(&ctx.ua, u + 16, 8), 0);

	memset(k, 0x55, sizeof(k));
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), 48);
	cr_assert_arr_eq(k, u, 16);
	cr_assert(all_bytes(k + 16, 0, 48));

	/* a copy that ends before the hole, or starts after it, is whole */
	cr_assert_eq(copy_from_user(k, u, 16), 0);
	cr_assert_eq(copy_from_user(k, u + 24, 40), 0);
	cr_assert_arr_eq(k, u + 24, 40);
	/* one that starts inside it gets nothing */
	cr_assert_eq(copy_from_user(k, u + 20, 10), 10);
	cr_assert(all_bytes(k, 0, 10));

	memset(pat, 0xee, sizeof(pat));
	cr_assert_eq(copy_to_user(u, pat, sizeof(pat)), 48);
	cr_assert(all_bytes(u, 0xee, 16));
	cr_assert_eq(u[16], 17, "nothing written at or after the fault");
	cr_assert_eq(u[63], 64);

	cr_assert_eq(clear_user(u + 8, 16), 8);
	cr_assert(all_bytes(u + 8, 0, 8));
	cr_assert_eq(u[16], 17);

	/* the lowest of several holes wins */
	cr_assert_eq(ksim_ua_unmap(&ctx.ua, u + 4, 1), 0);
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), 60);

	cr_assert_eq(ksim_ua_unmap(&ctx.ua, u, 0), -EINVAL);
	ksim_ua_remap_all(&ctx.ua);
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), 0, "remap_all clears every hole");
	cr_assert_arr_eq(k, u, sizeof(k));
	ctx_finish();
}

/*
 * The countdown: the Nth copy faults after `after` bytes, once, and sets
 * fault_fired.  If `after` is past the end, the copy still faults (at its
 * last byte): an armed countdown always produces a fault.
 */
Test(compat_uaccess, countdown_after_bytes)
{
	unsigned char u[32], k[32];

	fill_seq(u, sizeof(u));
	ksim_ua_fail_nth(&ctx.ua, 2, 5);
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), 0);
	cr_assert_not(ctx.ua.fault_fired);
	memset(k, 0x55, sizeof(k));
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), 27);
	cr_assert(ctx.ua.fault_fired);
	cr_assert_arr_eq(k, u, 5);
	cr_assert(all_bytes(k + 5, 0, 27));
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), 0, "a countdown fires once");

	ksim_ua_fail_nth(&ctx.ua, 1, 0);
	cr_assert_not(ctx.ua.fault_fired, "re-arming clears fault_fired");
	cr_assert_eq(copy_to_user(u, k, 8), 8);
	cr_assert(ctx.ua.fault_fired);

	ksim_ua_fail_nth(&ctx.ua, 1, 1000);
	cr_assert_eq(copy_to_user(u, k, 8), 1);

	ksim_ua_fail_nth(&ctx.ua, 1, 3);
	ksim_ua_fail_nth(&ctx.ua, 0, 0);
	cr_assert_eq(copy_to_user(u, k, 8), 0, "n = 0 disarms");
	cr_assert_not(ctx.ua.fault_fired);

	/* with a hole nearer than `after`, the hole wins */
	cr_assert_eq(ksim_ua_unmap(&ctx.ua, u + 2, 1), 0);
	ksim_ua_fail_nth(&ctx.ua, 1, 6);
	cr_assert_eq(copy_from_user(k, u, 16), 14);
	ctx_finish();
}

/* strncpy_from_user: length without the NUL, count if none, -EFAULT on a fault */
Test(compat_uaccess, strncpy_from_user)
{
	char u[32] = "abcdefgh", k[32];

	memset(k, 'Z', sizeof(k));
	cr_assert_eq(strncpy_from_user(k, u, sizeof(k)), 8);
	cr_assert_str_eq(k, "abcdefgh");

	/* count reached before a NUL: count, and no terminator written */
	memset(k, 'Z', sizeof(k));
	cr_assert_eq(strncpy_from_user(k, u, 4), 4);
	cr_assert_arr_eq(k, "abcdZ", 5);
	/* exactly count bytes then the NUL: still count (no room for it) */
	memset(k, 'Z', sizeof(k));
	cr_assert_eq(strncpy_from_user(k, u, 8), 8);
	cr_assert_eq(k[8], 'Z');
	cr_assert_eq(strncpy_from_user(k, u, 0), 0);

	/* a hole before the NUL: -EFAULT, with what was read left in place */
	memset(k, 'Z', sizeof(k));
	cr_assert_eq(ksim_ua_unmap(&ctx.ua, u + 3, 1), 0);
	cr_assert_eq(strncpy_from_user(k, u, sizeof(k)), -EFAULT);
	cr_assert_arr_eq(k, "abcZ", 4);
	/* but a NUL before the hole is a complete string */
	cr_assert_eq(strncpy_from_user(k, u + 8, 4), 0);
	u[1] = 0;
	cr_assert_eq(strncpy_from_user(k, u, sizeof(k)), 1);
	cr_assert_str_eq(k, "a");
	u[1] = 'b';
	ksim_ua_remap_all(&ctx.ua);

	/* the countdown, part way through */
	memset(k, 'Z', sizeof(k));
	ksim_ua_fail_nth(&ctx.ua, 1, 5);
	cr_assert_eq(strncpy_from_user(k, u, sizeof(k)), -EFAULT);
	cr_assert_arr_eq(k, "abcdeZ", 6);
	cr_assert(ctx.ua.fault_fired);
	ctx_finish();
}

/* strnlen_user: length with the NUL, more than n if none, 0 on a fault */
Test(compat_uaccess, strnlen_user)
{
	char u[16] = "hello";

	cr_assert_eq(strnlen_user(u, sizeof(u)), 6);
	cr_assert_gt(strnlen_user(u, 3), 3, "too long: a value greater than n");
	cr_assert_eq(strnlen_user(u, 0), 0);
	cr_assert_eq(ksim_ua_unmap(&ctx.ua, u + 2, 1), 0);
	cr_assert_eq(strnlen_user(u, sizeof(u)), 0);
	cr_assert_eq(strnlen_user(u, 2), 3, "the hole lies beyond n");
	ctx_finish();
}

/* get_user/put_user: 0 or -EFAULT; a failed get_user leaves x alone */
Test(compat_uaccess, get_put_user)
{
	unsigned int uval = 0xdeadbeef, x = 7;
	unsigned long long big = 0;

	cr_assert_eq(get_user(x, &uval), 0);
	cr_assert_eq(x, 0xdeadbeef);
	cr_assert_eq(put_user(42u, &uval), 0);
	cr_assert_eq(uval, 42);
	cr_assert_eq(put_user(0x1122334455667788ULL, &big), 0);
	cr_assert_eq(big, 0x1122334455667788ULL);

	cr_assert_eq(ksim_ua_unmap(&ctx.ua, (char *)&uval + 3, 1), 0);
	x = 7;
	cr_assert_eq(get_user(x, &uval), -EFAULT);
	cr_assert_eq(x, 7, "not even a partial value");
	cr_assert_eq(put_user(9u, &uval), -EFAULT);
	cr_assert_eq(get_user(x, (unsigned int *)NULL), -EFAULT);
	ksim_ua_remap_all(&ctx.ua);
	ksim_ua_fail_nth(&ctx.ua, 1, 0);
	cr_assert_eq(put_user(9u, &uval), -EFAULT);
	cr_assert_eq(put_user(9u, &uval), 0);
	cr_assert_eq(uval, 9);
	ctx_finish();
}

/* Without a kernel context only the NULL page faults (harness calls) */
Test(compat_uaccess, no_context)
{
	unsigned char u[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, k[8];
	struct ksim_ctx *mine = ksim_ctx_switch(NULL);

	cr_assert_eq(ksim_ua_unmap(&ctx.ua, u, sizeof(u)), 0);
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), 0);
	cr_assert_eq(copy_from_user(k, NULL, sizeof(k)), sizeof(k));
	ksim_ctx_switch(mine);
	cr_assert_eq(copy_from_user(k, u, sizeof(k)), sizeof(k));
	ctx_finish();
}

/* ---- the instance API --------------------------------------------------- */

/*
 * Pathnames reach the kernel through strncpy_from_user (getname), so the
 * seams show in a syscall: a hole under the name or an armed countdown is
 * -EFAULT, and nothing is created.
 */
Test(compat_uaccess_instance, syscalls_see_the_seam)
{
	static char name[16] = "/dir";
	struct vfsim *v;
	struct vfsim_task *t;

	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "empty"), 0);
	t = vfsim_init_task(v);

	cr_assert_eq(vfsim_uaccess_unmap(v, name + 2, 1), 0);
	cr_assert_eq(vfsim_mkdirat(t, AT_FDCWD, name, 0755), -EFAULT);
	cr_assert_eq(vfsim_path_mnt_id(t, "/dir"), -ENOENT, "nothing was made");
	vfsim_uaccess_remap_all(v);

	vfsim_fail_nth_uaccess(v, 1, 0);
	cr_assert_not(vfsim_uaccess_fault_fired(v));
	cr_assert_eq(vfsim_mkdirat(t, AT_FDCWD, name, 0755), -EFAULT);
	cr_assert(vfsim_uaccess_fault_fired(v));
	cr_assert_eq(vfsim_mkdirat(t, AT_FDCWD, name, 0755), 0, "fired once");
	cr_assert_eq(vfsim_mkdirat(t, AT_FDCWD, NULL, 0755), -EFAULT);

	cr_assert_eq(vfsim_uaccess_unmap(v, name, 0), -EINVAL);
	cr_assert_eq(vfsim_warn_count(v), 0);
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0);
}
