/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Duplicated semantics of the kernel's refcount_t: increment from zero,
 * underflow and saturation warn (through WARN, so tests see them) and the
 * counter saturates instead of wrapping.
 */
#ifndef _VFSIM_LINUX_REFCOUNT_H
#define _VFSIM_LINUX_REFCOUNT_H

#include <linux/atomic.h>
#include <linux/bug.h>

typedef struct { atomic_t refs; } refcount_t;

#define REFCOUNT_INIT(n) { .refs = ATOMIC_INIT(n) }
#define REFCOUNT_SATURATED (INT_MIN / 2)

static inline void refcount_set(refcount_t *r, int n) { atomic_set(&r->refs, n); }
static inline unsigned int refcount_read(const refcount_t *r)
{
	return (unsigned int)atomic_read(&r->refs);
}

static inline bool refcount_inc_not_zero(refcount_t *r)
{
	int old = atomic_read(&r->refs);

	do {
		if (!old)
			return false;
		if (unlikely(old < 0 || old == INT_MAX)) {
			atomic_set(&r->refs, REFCOUNT_SATURATED);
			WARN(1, "refcount_t: saturated; leaking memory");
			return true;
		}
	} while (!__atomic_compare_exchange_n(&r->refs.counter, &old, old + 1,
					      true, __ATOMIC_SEQ_CST,
					      __ATOMIC_RELAXED));
	return true;
}

static inline void refcount_inc(refcount_t *r)
{
	int old = atomic_fetch_add(1, &r->refs);

	if (unlikely(!old)) {
		atomic_set(&r->refs, REFCOUNT_SATURATED);
		WARN(1, "refcount_t: addition on 0; use-after-free");
	} else if (unlikely(old < 0 || old == INT_MAX)) {
		atomic_set(&r->refs, REFCOUNT_SATURATED);
		WARN(1, "refcount_t: saturated; leaking memory");
	}
}

static inline bool refcount_dec_and_test(refcount_t *r)
{
	int old = atomic_fetch_add(-1, &r->refs);

	if (old == 1)
		return true;
	if (unlikely(old <= 0)) {
		atomic_set(&r->refs, REFCOUNT_SATURATED);
		WARN(1, "refcount_t: underflow; use-after-free");
	}
	return false;
}

static inline void refcount_dec(refcount_t *r)
{
	if (unlikely(refcount_dec_and_test(r))) {
		atomic_set(&r->refs, REFCOUNT_SATURATED);
		WARN(1, "refcount_t: decrement hit 0; leaking memory");
	}
}

#endif
