/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Duplicated seqlock_t semantics: a sequence counter plus a lock, with the
 * read_seqbegin_or_lock()/need_seqretry()/done_seqretry() protocol the mount
 * notification walk uses (first pass lockless, retry under the lock).
 */
#ifndef _VFSIM_LINUX_SEQLOCK_H
#define _VFSIM_LINUX_SEQLOCK_H

#include <sched.h>
#include <linux/atomic.h>
#include <linux/spinlock.h>

typedef struct {
	unsigned int sequence;
	spinlock_t lock;
} seqlock_t;

#define __SEQLOCK_UNLOCKED(x) { 0, __SPIN_LOCK_UNLOCKED(x) }
#define DEFINE_SEQLOCK(x) seqlock_t x = __SEQLOCK_UNLOCKED(x)

/* The lock's class is seqlock_init()'s call site, named by the seqlock. */
#define seqlock_init(sl) do {						\
	(sl)->sequence = 0;						\
	__spin_lock_init_named(&(sl)->lock, #sl, __lockdep_key());	\
} while (0)

static inline unsigned int read_seqbegin(const seqlock_t *sl)
{
	unsigned int seq;

	while ((seq = __atomic_load_n(&sl->sequence, __ATOMIC_ACQUIRE)) & 1)
		sched_yield();
	return seq;
}

static inline bool read_seqretry(const seqlock_t *sl, unsigned int start)
{
	smp_rmb();
	return __atomic_load_n(&sl->sequence, __ATOMIC_RELAXED) != start;
}

/* Callers' sites (@f, @ln) go to lockdep, as linux/spinlock.h's. */
static inline void __write_seqlock(seqlock_t *sl, const char *f, int ln)
{
	__mutex_spin_lock(&sl->lock, 0, f, ln);
	__atomic_store_n(&sl->sequence, sl->sequence + 1, __ATOMIC_RELAXED);
	smp_wmb();
}

static inline void __write_sequnlock(seqlock_t *sl, const char *f, int ln)
{
	__atomic_store_n(&sl->sequence, sl->sequence + 1, __ATOMIC_RELEASE);
	__mutex_spin_unlock(&sl->lock, f, ln);
}

#define write_seqlock(sl)	__write_seqlock(sl, __FILE__, __LINE__)
#define write_sequnlock(sl)	__write_sequnlock(sl, __FILE__, __LINE__)
#define read_seqlock_excl(sl)	__mutex_spin_lock(&(sl)->lock, 0, __FILE__, __LINE__)
#define read_sequnlock_excl(sl)	__mutex_spin_unlock(&(sl)->lock, __FILE__, __LINE__)

/*
 * @seq even: a lockless pass (record the sequence).  @seq odd: the caller
 * already failed once and now takes the lock, which excludes writers.
 */
static inline void read_seqbegin_or_lock(seqlock_t *sl, unsigned int *seq)
{
	if (!(*seq & 1))
		*seq = read_seqbegin(sl);
	else
		read_seqlock_excl(sl);
}

static inline bool need_seqretry(seqlock_t *sl, unsigned int seq)
{
	return !(seq & 1) && read_seqretry(sl, seq);
}

static inline void done_seqretry(seqlock_t *sl, unsigned int seq)
{
	if (seq & 1)
		read_sequnlock_excl(sl);
}

#endif
