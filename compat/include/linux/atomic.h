/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Duplicated kernel atomics, on the compiler's __atomic builtins. */
#ifndef _VFSIM_LINUX_ATOMIC_H
#define _VFSIM_LINUX_ATOMIC_H

#include <linux/kdefs.h>

typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;
typedef struct { s64 counter; } atomic64_t;

#define ATOMIC_INIT(i) { (i) }

#define __KSIM_ATOMIC_OPS(pfx, t, vt)					\
static inline vt pfx##_read(const t *v)					\
{ return __atomic_load_n(&v->counter, __ATOMIC_RELAXED); }		\
static inline void pfx##_set(t *v, vt i)				\
{ __atomic_store_n(&v->counter, i, __ATOMIC_RELAXED); }		\
static inline vt pfx##_add_return(vt i, t *v)				\
{ return __atomic_add_fetch(&v->counter, i, __ATOMIC_SEQ_CST); }	\
static inline vt pfx##_sub_return(vt i, t *v)				\
{ return __atomic_sub_fetch(&v->counter, i, __ATOMIC_SEQ_CST); }	\
static inline vt pfx##_fetch_add(vt i, t *v)				\
{ return __atomic_fetch_add(&v->counter, i, __ATOMIC_SEQ_CST); }	\
static inline void pfx##_add(vt i, t *v) { (void)pfx##_add_return(i, v); } \
static inline void pfx##_sub(vt i, t *v) { (void)pfx##_sub_return(i, v); } \
static inline void pfx##_inc(t *v) { pfx##_add(1, v); }		\
static inline void pfx##_dec(t *v) { pfx##_sub(1, v); }		\
static inline vt pfx##_inc_return(t *v) { return pfx##_add_return(1, v); } \
static inline vt pfx##_dec_return(t *v) { return pfx##_sub_return(1, v); } \
static inline bool pfx##_dec_and_test(t *v) { return pfx##_sub_return(1, v) == 0; } \
static inline vt pfx##_xchg(t *v, vt n)					\
{ return __atomic_exchange_n(&v->counter, n, __ATOMIC_SEQ_CST); }	\
static inline vt pfx##_cmpxchg(t *v, vt old, vt n)			\
{									\
	__atomic_compare_exchange_n(&v->counter, &old, n, false,	\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
	return old;							\
}									\
/* Add 1 unless the value is 0: taking a reference on a live object. */ \
static inline bool pfx##_inc_not_zero(t *v)				\
{									\
	vt c = pfx##_read(v);						\
									\
	do {								\
		if (!c)							\
			return false;					\
	} while (!__atomic_compare_exchange_n(&v->counter, &c, c + 1, false, \
					      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)); \
	return true;							\
}

__KSIM_ATOMIC_OPS(atomic, atomic_t, int)
__KSIM_ATOMIC_OPS(atomic_long, atomic_long_t, long)
__KSIM_ATOMIC_OPS(atomic64, atomic64_t, s64)

#define xchg(ptr, v) __atomic_exchange_n((ptr), (v), __ATOMIC_SEQ_CST)
#define cmpxchg(ptr, o, n) ({						\
	__typeof__(*(ptr)) __old = (o);					\
	__atomic_compare_exchange_n((ptr), &__old, (n), false,		\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
	__old;								\
})
/*
 * ThreadSanitizer does not model fences (and gcc refuses them under
 * -fsanitize=thread): there a fence is a read-modify-write of a dummy with
 * the same order, which TSan sees and x86 executes as a full barrier.
 */
#if defined(__SANITIZE_THREAD__)
#define KSIM_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KSIM_TSAN 1
#endif
#endif
#ifdef KSIM_TSAN
extern int ksim_fence_dummy;
#define ksim_fence(order) ((void)__atomic_fetch_add(&ksim_fence_dummy, 0, order))
#else
#define ksim_fence(order) __atomic_thread_fence(order)
#endif

#define smp_mb() ksim_fence(__ATOMIC_SEQ_CST)
#define smp_rmb() ksim_fence(__ATOMIC_ACQUIRE)
#define smp_wmb() ksim_fence(__ATOMIC_RELEASE)
#define smp_store_release(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define smp_load_acquire(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)

#endif
