/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kstrtoull()/kstrtoul() (compat/kstrtox.c) against lib/kstrtox.c's rules,
 * which fsinfo()'s mount-ID strings follow: base 0 picks 16 for "0x" plus
 * a hex digit, 8 for a leading 0, else 10; one '+' and one trailing '\n'
 * are allowed; nothing else around the digits; overflow is -ERANGE.
 */
#include <errno.h>

#include <criterion/criterion.h>

#include <linux/kstrtox.h>

struct kcase {
	const char *s;
	unsigned int base;
	int ret;
	unsigned long long val;
};

Test(compat_kstrtox, table)
{
	static const struct kcase cases[] = {
		{ "0", 0, 0, 0 },
		{ "42", 0, 0, 42 },
		{ "+42", 0, 0, 42 },
		{ "42\n", 0, 0, 42 },
		{ "0x2a", 0, 0, 42 },
		{ "0X2A", 0, 0, 42 },
		{ "052", 0, 0, 42 },
		{ "2a", 16, 0, 42 },
		{ "0x2a", 16, 0, 42 },
		{ "101010", 2, 0, 42 },
		{ "18446744073709551615", 0, 0, 18446744073709551615ULL },
		{ "0xffffffffffffffff", 0, 0, 18446744073709551615ULL },
		{ "18446744073709551616", 0, -ERANGE, 0 },
		{ "0x10000000000000000", 0, -ERANGE, 0 },
		{ "99999999999999999999999x", 0, -ERANGE, 0 },
		{ "", 0, -EINVAL, 0 },
		{ "+", 0, -EINVAL, 0 },
		{ "-1", 0, -EINVAL, 0 },
		{ " 1", 0, -EINVAL, 0 },
		{ "1 ", 0, -EINVAL, 0 },
		{ "1\n\n", 0, -EINVAL, 0 },
		{ "\n", 0, -EINVAL, 0 },
		{ "08", 0, -EINVAL, 0 },
		{ "0x", 0, -EINVAL, 0 },
		{ "0xg", 0, -EINVAL, 0 },
		{ "++1", 0, -EINVAL, 0 },
		{ "12a", 10, -EINVAL, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned long long v = 12345;
		int ret = kstrtoull(cases[i].s, cases[i].base, &v);

		cr_assert_eq(ret, cases[i].ret, "\"%s\": %d", cases[i].s, ret);
		cr_assert_eq(v, ret ? 12345 : cases[i].val, "\"%s\": %llu", cases[i].s, v);
	}
}

Test(compat_kstrtox, kstrtoul_is_kstrtoull)
{
	unsigned long v;

	cr_assert_eq(kstrtoul("0x7fffffff", 0, &v), 0);
	cr_assert_eq(v, 0x7fffffffUL);
}
