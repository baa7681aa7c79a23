/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Duplicated: the kernel's string-to-integer conversions (lib/kstrtox.c),
 * which differ from strtoul() in what they refuse: leading spaces and
 * signs other than '+', trailing garbage (one '\n' is allowed), and
 * overflow (-ERANGE, where strtoul() saturates).
 */
#ifndef _VFSIM_LINUX_KSTRTOX_H
#define _VFSIM_LINUX_KSTRTOX_H

#include <linux/kdefs.h>

/* Base 0: "0x"/"0X" + a hex digit is hex, a leading "0" octal, else decimal.
 * 0, -EINVAL (no digits or trailing garbage) or -ERANGE (overflow). */
int kstrtoull(const char *s, unsigned int base, unsigned long long *res);

static inline int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int ret;

	_Static_assert(sizeof(unsigned long) == sizeof(unsigned long long),
		       "kstrtoul() is kstrtoull() on 64-bit");
	ret = kstrtoull(s, base, &v);
	if (!ret)
		*res = (unsigned long)v;
	return ret;
}

#endif
