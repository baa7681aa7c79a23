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

static inline void seqlock_init(seqlock_t *sl)
{
	sl->sequence = 0;
	spin_lock_init(&sl->lock);
}

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

static inline void write_seqlock(seqlock_t *sl)
{
	spin_lock(&sl->lock);
	__atomic_store_n(&sl->sequence, sl->sequence + 1, __ATOMIC_RELAXED);
	smp_wmb();
}

static inline void write_sequnlock(seqlock_t *sl)
{
	__atomic_store_n(&sl->sequence, sl->sequence + 1, __ATOMIC_RELEASE);
	spin_unlock(&sl->lock);
}

static inline void read_seqlock_excl(seqlock_t *sl) { spin_lock(&sl->lock); }
static inline void read_sequnlock_excl(seqlock_t *sl) { spin_unlock(&sl->lock); }

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
