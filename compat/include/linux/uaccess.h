/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The user-memory seam.  "User" pointers are ordinary pointers of the
 * calling program; the seam decides whether an access faults: NULL and the
 * first page, ranges a harness marked unmapped, and an armed countdown that
 * makes the Nth copy fault after a given number of bytes.  Return values are
 * the kernel's: bytes NOT copied, or -EFAULT for the string helpers.
 */
#ifndef _VFSIM_LINUX_UACCESS_H
#define _VFSIM_LINUX_UACCESS_H

#include <linux/kdefs.h>

unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long clear_user(void __user *to, unsigned long n);
long strncpy_from_user(char *dst, const char __user *src, long count);
long strnlen_user(const char __user *src, long n);
/* A kmalloc()ed copy of the string at @s (mm/util.c): ERR_PTR(-EFAULT) on a
 * fault, ERR_PTR(-EINVAL) if it does not fit in @n bytes with its NUL. */
char *strndup_user(const char __user *s, long n);

#define get_user(x, ptr) ({						\
	__typeof__(*(ptr)) __v;						\
	int __e = copy_from_user(&__v, (ptr), sizeof(__v)) ? -EFAULT : 0; \
	if (!__e)							\
		(x) = __v;						\
	__e;								\
})
#define put_user(x, ptr) ({						\
	__typeof__(*(ptr)) __v = (x);					\
	copy_to_user((ptr), &__v, sizeof(__v)) ? -EFAULT : 0;		\
})

#endif
