/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * seqlock_t's read_seqbegin_or_lock()/need_seqretry()/done_seqretry()
 * protocol (include/linux/seqlock.h), as the rootward mount-notification
 * walk uses it:
 *
 *	int seq = 0;
 *   again:
 *	read_seqbegin_or_lock(&lock, &seq);	// even: lockless; odd: locked
 *	... walk ...
 *	if (need_seqretry(&lock, seq)) { seq = 1; goto again; }
 *	done_seqretry(&lock, seq);
 *
 * The second pass must exclude writers; that is checked from another
 * thread, which is the only honest way to see a lock held.
 */
#include <pthread.h>
#include <time.h>

#include <criterion/criterion.h>

#include <linux/rcupdate.h>
#include <linux/seqlock.h>

static void rcu_setup(void)
{
	ksim_rcu_thread_enter();
}

TestSuite(compat_seqlock, .init = rcu_setup);

static unsigned int seqcount(seqlock_t *sl)
{
	return __atomic_load_n(&sl->sequence, __ATOMIC_ACQUIRE);
}

static void *try_lock_thread(void *arg)
{
	seqlock_t *sl = arg;
	bool got = spin_trylock(&sl->lock);

	if (got)
		spin_unlock(&sl->lock);
	return (void *)(uintptr_t)got;
}

/* Can a thread other than this one take the seqlock's lock right now? */
static bool lock_free_elsewhere(seqlock_t *sl)
{
	pthread_t th;
	void *ret;

	cr_assert_eq(pthread_create(&th, NULL, try_lock_thread, sl), 0);
	pthread_join(th, &ret);
	return ret != NULL;
}

static void *writer_thread(void *arg)
{
	seqlock_t *sl = arg;

	write_seqlock(sl);
	write_sequnlock(sl);
	return NULL;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = ms * 1000000L };

	nanosleep(&ts, NULL);
}

/* No writer: the lockless pass needs no retry and takes no lock */
Test(compat_seqlock, no_writer_no_retry)
{
	DEFINE_SEQLOCK(sl);
	unsigned int seq = 0;

	read_seqbegin_or_lock(&sl, &seq);
	cr_assert_eq(seq & 1, 0, "the first pass is lockless");
	cr_assert(lock_free_elsewhere(&sl));
	cr_assert_not(need_seqretry(&sl, seq));
	done_seqretry(&sl, seq);
	cr_assert(lock_free_elsewhere(&sl));
}

/* A writer between begin and check forces the retry */
Test(compat_seqlock, writer_forces_retry)
{
	seqlock_t sl;
	unsigned int seq = 0;

	seqlock_init(&sl);
	read_seqbegin_or_lock(&sl, &seq);
	write_seqlock(&sl);
	cr_assert_eq(seqcount(&sl) & 1, 1, "odd while a writer is in");
	write_sequnlock(&sl);
	cr_assert_eq(seqcount(&sl), seq + 2);
	cr_assert(need_seqretry(&sl, seq));
	cr_assert(read_seqretry(&sl, seq));
	done_seqretry(&sl, seq);	/* lockless pass: nothing to release */
	cr_assert(lock_free_elsewhere(&sl));
}

/*
 * The locked second pass: seq odd takes the lock, so a writer cannot get
 * in until done_seqretry(); it never asks for another retry.
 */
Test(compat_seqlock, second_pass_locks_out_writers)
{
	seqlock_t sl;
	unsigned int seq = 0, before;
	pthread_t w;

	seqlock_init(&sl);
	read_seqbegin_or_lock(&sl, &seq);
	write_seqlock(&sl);
	write_sequnlock(&sl);
	cr_assert(need_seqretry(&sl, seq));

	seq = 1;
	read_seqbegin_or_lock(&sl, &seq);
	cr_assert_eq(seq, 1, "the locked pass keeps seq odd");
	cr_assert_not(lock_free_elsewhere(&sl), "the locked pass holds the lock");

	before = seqcount(&sl);
	cr_assert_eq(pthread_create(&w, NULL, writer_thread, &sl), 0);
	sleep_ms(50);
	cr_assert_eq(seqcount(&sl), before, "a writer ran during the locked pass");
	cr_assert_not(need_seqretry(&sl, seq), "the locked pass is final");
	done_seqretry(&sl, seq);
	pthread_join(w, NULL);
	cr_assert_eq(seqcount(&sl), before + 2, "the writer ran after done_seqretry");
	cr_assert(lock_free_elsewhere(&sl), "done_seqretry released the lock");
}

static void *slow_writer_thread(void *arg)
{
	seqlock_t *sl = arg;

	write_seqlock(sl);
	sleep_ms(30);
	write_sequnlock(sl);
	return NULL;
}

/* A lockless begin waits out a writer in progress: it never returns odd */
Test(compat_seqlock, begin_waits_for_writer)
{
	seqlock_t sl;
	unsigned int seq = 0;
	pthread_t w;

	seqlock_init(&sl);
	cr_assert_eq(pthread_create(&w, NULL, slow_writer_thread, &sl), 0);
	while (seqcount(&sl) == 0)	/* the writer is in (or, if we were slow, done) */
		sched_yield();
	read_seqbegin_or_lock(&sl, &seq);
	cr_assert_eq(seq & 1, 0);
	cr_assert_eq(seq, 2, "begin returned only after the writer finished");
	cr_assert_not(need_seqretry(&sl, seq));
	done_seqretry(&sl, seq);
	pthread_join(w, NULL);
}
