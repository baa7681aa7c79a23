// SPDX-License-Identifier: LGPL-2.1-or-later
/* The kernel's kstrto*() (lib/kstrtox.c): see include/linux/kstrtox.h. */
#include <ctype.h>

#include <linux/kstrtox.h>

static unsigned int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return (unsigned int)(c - '0');
	c = (char)tolower((unsigned char)c);
	if (c >= 'a' && c <= 'f')
		return (unsigned int)(c - 'a' + 10);
	return 16;	/* not a digit in any base we parse */
}

/* Decide the base the kernel's way, and skip a "0x" prefix for base 16. */
static const char *fixup_radix(const char *s, unsigned int *base)
{
	if (*base == 0) {
		if (s[0] == '0') {
			if (tolower((unsigned char)s[1]) == 'x' &&
			    isxdigit((unsigned char)s[2]))
				*base = 16;
			else
				*base = 8;
		} else {
			*base = 10;
		}
	}
	if (*base == 16 && s[0] == '0' && tolower((unsigned char)s[1]) == 'x')
		s += 2;
	return s;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v = 0;
	bool overflow = false;
	const char *start;

	if (s[0] == '+')
		s++;
	s = fixup_radix(s, &base);
	for (start = s; ; s++) {
		unsigned int d = digit_value(*s);

		if (d >= base)
			break;
		if (__builtin_mul_overflow(v, base, &v) ||
		    __builtin_add_overflow(v, d, &v))
			overflow = true;
	}
	if (overflow)
		return -ERANGE;
	if (s == start)
		return -EINVAL;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}
