/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Copies of user memory that may fault (uaccess_fault.c): the real access
 * under the user-copy seam.  Each returns how many bytes it got through
 * before the first fault; the seam's own checks come before (uaccess.c).
 */
#ifndef _VFSIM_COMPAT_UACCESS_FAULT_H
#define _VFSIM_COMPAT_UACCESS_FAULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* memcpy(@dst, @src, @n), where @user (@dst or @src) is the user side. */
size_t ksim_ua_copy(void *dst, const void *src, size_t n, uintptr_t user);
/* memset(@to, 0, @n) of user memory. */
size_t ksim_ua_clear(void *to, size_t n);
/*
 * Copy the user string @src into @dst up to and including its NUL, at
 * most @n bytes; returns its length (@n if no NUL in @n bytes).  On a
 * fault *@fault is set, and @dst holds what was read before it.
 */
size_t ksim_ua_strncpy(char *dst, const char *src, size_t n, bool *fault);
/* strnlen() of a user string; *@fault set on a fault. */
size_t ksim_ua_strnlen(const char *src, size_t n, bool *fault);

#endif
