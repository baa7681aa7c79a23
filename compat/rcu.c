// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * RCU reader registration.  liburcu's memb flavour needs every reader thread
 * registered; threads enter the model at arbitrary points (a harness's own
 * threads), so registration is lazy and undone by a thread-exit destructor.
 */
#include <pthread.h>

#include <linux/rcupdate.h>

static pthread_key_t rcu_key;
static pthread_once_t rcu_key_once = PTHREAD_ONCE_INIT;
static __thread bool rcu_registered;

static void rcu_thread_exit(void *arg)
{
	(void)arg;
	if (rcu_registered) {
		rcu_unregister_thread();
		rcu_registered = false;
	}
}

static void rcu_key_init(void)
{
	pthread_key_create(&rcu_key, rcu_thread_exit);
}

void ksim_rcu_thread_enter(void)
{
	if (likely(rcu_registered))
		return;
	pthread_once(&rcu_key_once, rcu_key_init);
	rcu_register_thread();
	rcu_registered = true;
	/* Any non-NULL value makes the destructor run at thread exit. */
	pthread_setspecific(rcu_key, &rcu_registered);
}
