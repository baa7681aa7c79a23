/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RCU on liburcu's memb flavour.  liburcu already uses the kernel's names
 * (rcu_read_lock, synchronize_rcu, call_rcu, rcu_barrier, rcu_dereference,
 * rcu_assign_pointer, struct rcu_head) once RCU_MEMB maps them, so this is
 * mostly that mapping plus the thread registration a userspace reader needs.
 * The read side is inlined when the build defines _LGPL_SOURCE (all builds
 * but TSan's, which cannot see liburcu's fences).
 */
#ifndef _VFSIM_LINUX_RCUPDATE_H
#define _VFSIM_LINUX_RCUPDATE_H

#ifndef RCU_MEMB
#define RCU_MEMB
#endif
#include <urcu.h>
#include <urcu/rculist.h>
#include <urcu/rcuhlist.h>

#include <linux/kdefs.h>
#include <linux/lockdep.h>

/*
 * Every thread that enters the model must be an RCU reader; the entry code
 * calls this, and it registers the thread once and unregisters it at
 * thread exit.
 */
void ksim_rcu_thread_enter(void);

/*
 * Publication and subscription as C11 release/acquire, in every build:
 * liburcu's versions are volatile accesses and, without _LGPL_SOURCE (the
 * TSan build), calls into an uninstrumented library, so TSan could not see
 * that a reader's loads are ordered after the writer's initialisation.  On
 * x86 both compile to plain moves, as the kernel's do.
 */
#undef rcu_dereference
#define rcu_dereference(p) __atomic_load_n(&(p), __ATOMIC_ACQUIRE)
#undef rcu_assign_pointer
#define rcu_assign_pointer(p, v) ({					\
	__typeof__(p) ___v = (v);					\
	__atomic_store_n(&(p), ___v, __ATOMIC_RELEASE);			\
})

#define RCU_INIT_POINTER(p, v) WRITE_ONCE(p, v)
#define rcu_access_pointer(p) READ_ONCE(p)
#define rcu_read_lock_held() rcu_read_ongoing()
/*
 * The update side holds the lock that orders writers: a plain load.  With
 * lockdep, @c (typically lockdep_is_held()) is checked, as
 * CONFIG_PROVE_RCU does; rcu_dereference_check() also accepts a read-side
 * section.
 */
#ifdef CONFIG_LOCKDEP
void lockdep_rcu_suspicious(const char *file, int line, const char *what);
#define rcu_dereference_protected(p, c) ({				\
	if (unlikely(!(c)))						\
		lockdep_rcu_suspicious(__FILE__, __LINE__,		\
			"suspicious rcu_dereference_protected() usage: " #c); \
	READ_ONCE(p);							\
})
#define rcu_dereference_check(p, c) ({					\
	if (unlikely(!(c) && !rcu_read_lock_held()))			\
		lockdep_rcu_suspicious(__FILE__, __LINE__,		\
			"suspicious rcu_dereference_check() usage: " #c); \
	rcu_dereference(p);						\
})
/* RCU_LOCKDEP_WARN(): report @c, a use of RCU data without its protection. */
#define RCU_LOCKDEP_WARN(c, s) do {					\
	if (unlikely(c))						\
		lockdep_rcu_suspicious(__FILE__, __LINE__, s);		\
} while (0)
#else
#define RCU_LOCKDEP_WARN(c, s) do { } while (0 && (c))
#define rcu_dereference_protected(p, c) ({ (void)(c); READ_ONCE(p); })
#define rcu_dereference_check(p, c) ({ (void)(c); rcu_dereference(p); })
#endif

typedef void (*rcu_callback_t)(struct rcu_head *head);

/*
 * rcu_barrier() inside an instance waits for that instance's kfree_rcu()s
 * (compat/alloc.c keeps them per instance); outside one, for every
 * instance's and every call_rcu callback.
 */
void ksim_rcu_barrier(void);
#undef rcu_barrier
#define rcu_barrier() ksim_rcu_barrier()

#endif
