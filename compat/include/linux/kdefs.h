/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Duplicated kernel definitions: fixed-width types and the handful of
 * helper macros every kernel file expects.  (Not linux/types.h or
 * linux/kernel.h: those names belong to the system UAPI headers that glibc
 * includes, and shadowing them breaks libc.)
 */
#ifndef _VFSIM_LINUX_KDEFS_H
#define _VFSIM_LINUX_KDEFS_H

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include <linux/types.h>	/* the system UAPI's __u8 .. __u64 */

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s8 s8;
typedef __s16 s16;
typedef __s32 s32;
typedef __s64 s64;
typedef unsigned int gfp_t;
typedef long long time64_t;

#define __user
#define __rcu
#define __must_check __attribute__((warn_unused_result))
#define __maybe_unused __attribute__((unused))
#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif
#define noinline __attribute__((noinline))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define fallthrough __attribute__((fallthrough))

#ifndef container_of
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#endif
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define BUILD_BUG_ON(cond) _Static_assert(!(cond), #cond)

#define min(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define min_t(t, a, b) ({ t _a = (a); t _b = (b); _a < _b ? _a : _b; })
#define max_t(t, a, b) ({ t _a = (a); t _b = (b); _a > _b ? _a : _b; })
#define round_up(x, y) ((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))

/*
 * READ_ONCE/WRITE_ONCE as relaxed atomics rather than volatile accesses, so
 * that ThreadSanitizer sees them for what they are.
 */
#define READ_ONCE(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

#define ERESTARTSYS 512
#define ENOIOCTLCMD 515	/* No ioctl command: vfs_ioctl() turns it into ENOTTY */

#endif
