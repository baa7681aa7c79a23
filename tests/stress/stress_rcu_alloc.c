/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Torture for the allocation seam under RCU: writer threads publish, replace
 * and retire objects (kfree_rcu, or synchronize_rcu + kfree) and churn
 * private allocations through one instance's heap, with seeded random
 * allocation failures armed, while reader threads dereference the published
 * objects under rcu_read_lock() and check them.  A reader that sees a freed
 * object sees the 0x6b free poison (and ASan/TSan see the access).
 *
 * At the end every slot is retired, rcu_barrier() drains the callbacks and
 * the heap must be back to its baseline exactly.
 *
 *   stress_rcu_alloc [--seconds N] [--threads N] [--seed N]
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <compat/ksim.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <vfs/kernel.h>		/* struct vfsim: its ctx is the seam we drive */
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/stress.h"

/*
 * liburcu 0.13 has no TSan annotations, so TSan cannot see that
 * synchronize_rcu() orders every earlier read-side critical section before
 * what follows it.  Under TSan, readers release a token after
 * rcu_read_unlock() and writers acquire it after synchronize_rcu(): exactly
 * the edge RCU guarantees, no more (a reader still inside its critical
 * section has not released yet, so a real early free is still reported).
 * The kfree_rcu() path needs the same edge inside liburcu's call_rcu
 * worker, which a test cannot reach: tests/tsan.supp covers that one.
 */
#if defined(__SANITIZE_THREAD__)
#define STRESS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define STRESS_TSAN 1
#endif
#endif
#ifdef STRESS_TSAN
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
static char gp_token;
#define gp_reader_done() __tsan_release(&gp_token)
#define gp_writer_waited() __tsan_acquire(&gp_token)
#else
#define gp_reader_done() do { } while (0)
#define gp_writer_waited() do { } while (0)
#endif

#define NSLOTS 64
#define OBJ_MAGIC 0x76667369726375ULL	/* "vfsircu" */

struct obj {
	uint64_t magic;
	uint64_t val;
	uint64_t check;		/* ~val */
	size_t extra;
	unsigned char tail[];	/* extra bytes of (u8)val */
};

static struct vfsim *v;
static struct obj *slots[NSLOTS];	/* published with release, read with acquire */
static int stop;
static unsigned long nr_errors;

struct worker {
	pthread_t th;
	int id;
	uint64_t rng;
	unsigned long ops, reads, alloc_fail;
};

static void error(const char *what, uint64_t a)
{
	__atomic_add_fetch(&nr_errors, 1, __ATOMIC_RELAXED);
	fprintf(stderr, "stress_rcu_alloc: %s (%#" PRIx64 ")\n", what, a);
}

static void enter(void)
{
	ksim_rcu_thread_enter();
	ksim_ctx_switch(&v->ctx);
}

static struct obj *obj_new(struct worker *w)
{
	size_t extra = stress_rand(&w->rng) % 200;
	struct obj *o = kmalloc(sizeof(*o) + extra, GFP_KERNEL);

	if (!o) {
		w->alloc_fail++;
		return NULL;
	}
	o->magic = OBJ_MAGIC;
	o->val = stress_rand(&w->rng);
	o->check = ~o->val;
	o->extra = extra;
	memset(o->tail, (int)(o->val & 0xff), extra);
	return o;
}

static void obj_check(const struct obj *o)
{
	if (o->magic != OBJ_MAGIC || o->check != ~o->val) {
		error("reader saw a bad object (freed too early?)", o->magic);
		return;
	}
	for (size_t i = 0; i < o->extra; i++)
		if (o->tail[i] != (unsigned char)(o->val & 0xff)) {
			error("reader saw a bad tail", i);
			return;
		}
}

static void *writer(void *arg)
{
	struct worker *w = arg;

	enter();
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		unsigned int op = (unsigned int)(stress_rand(&w->rng) % 10);
		unsigned int slot = (unsigned int)(stress_rand(&w->rng) % NSLOTS);
		struct obj *o, *old;
		void *tmp[8];
		int n;

		w->ops++;
		switch (op) {
		case 0: case 1: case 2: case 3: case 4: case 5:
			/* replace, and retire the old one after a grace period */
			o = obj_new(w);
			if (!o)
				break;
			old = __atomic_exchange_n(&slots[slot], o, __ATOMIC_ACQ_REL);
			if (old)
				kfree_rcu(old, rcu);
			break;
		case 6:
			/* unpublish, wait for readers, free at once */
			old = __atomic_exchange_n(&slots[slot], NULL, __ATOMIC_ACQ_REL);
			if (old) {
				synchronize_rcu();
				gp_writer_waited();
				kfree(old);
			}
			break;
		case 7: case 8:
			/* private churn, including zeroed and string allocations */
			n = (int)(stress_rand(&w->rng) % 8) + 1;
			for (int i = 0; i < n; i++) {
				switch (i % 3) {
				case 0: tmp[i] = kzalloc(16 + i * 8, GFP_KERNEL); break;
				case 1: tmp[i] = kstrdup("torture", GFP_KERNEL); break;
				default: tmp[i] = kasprintf(GFP_KERNEL, "%d-%lu", w->id, w->ops);
				}
				if (!tmp[i])
					w->alloc_fail++;
			}
			for (int i = n - 1; i >= 0; i--) {
				if (i % 2)
					kfree(tmp[i]);
				else
					kfree_rcu(tmp[i], rcu);
			}
			break;
		default:
			/* a benign allocation must never fail */
			tmp[0] = kmalloc(32, GFP_KERNEL | __GFP_NOFAIL);
			if (!tmp[0])
				error("__GFP_NOFAIL allocation failed", 0);
			kfree(tmp[0]);
			break;
		}
	}
	return NULL;
}

static void *reader(void *arg)
{
	struct worker *w = arg;

	enter();
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		unsigned int first = (unsigned int)(stress_rand(&w->rng) % NSLOTS);

		rcu_read_lock();
		for (unsigned int i = 0; i < 8; i++) {
			struct obj *o = __atomic_load_n(&slots[(first + i) % NSLOTS],
							__ATOMIC_ACQUIRE);

			if (o)
				obj_check(o);
			w->reads++;
		}
		gp_reader_done();
		rcu_read_unlock();
		w->ops++;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long nthreads;
	double seconds;
	uint64_t seed;
	struct stress_args a;
	struct vfsim_alloc_stats base, st;
	struct worker *w;
	unsigned long ops = 0, reads = 0, fails = 0, bad;

	stress_parse(argc, argv, "stress_rcu_alloc", 2, NULL, NULL, &a);
	seconds = a.seconds;
	nthreads = a.threads;
	seed = a.seed;

	if (vfsim_create(&(struct vfsim_options){ .seed = seed }, &v) ||
	    vfsim_boot(v, "empty")) {
		fprintf(stderr, "stress_rcu_alloc: cannot make an instance\n");
		return 1;
	}
	enter();
	vfsim_alloc_stats(v, &base);
	/* one allocation in a thousand fails, replayably per seed */
	vfsim_fail_alloc_random(v, 1000, seed);

	w = calloc(nthreads, sizeof(*w));
	if (!w)
		return 1;
	for (unsigned long i = 0; i < nthreads; i++) {
		w[i].id = (int)i;
		w[i].rng = seed ^ (0x9e3779b97f4a7c15ULL * (i + 1));
		if (pthread_create(&w[i].th, NULL, i % 2 ? reader : writer, &w[i])) {
			fprintf(stderr, "stress_rcu_alloc: pthread_create failed\n");
			return 1;
		}
	}
	stress_run_for(seconds, &stop);
	for (unsigned long i = 0; i < nthreads; i++) {
		pthread_join(w[i].th, NULL);
		ops += w[i].ops;
		reads += w[i].reads;
		fails += w[i].alloc_fail;
	}
	free(w);

	vfsim_fail_alloc_random(v, 0, 0);
	for (int i = 0; i < NSLOTS; i++)
		kfree_rcu(__atomic_exchange_n(&slots[i], NULL, __ATOMIC_ACQ_REL), rcu);
	rcu_barrier();
	vfsim_alloc_stats(v, &st);
	printf("stress_rcu_alloc: %lu ops, %lu reads, %lu injected failures, "
	       "%" PRIu64 " allocations, peak %" PRIu64 " bytes\n",
	       ops, reads, fails, st.total_allocs - base.total_allocs, st.peak_bytes);
	if (st.live_objects != base.live_objects || st.live_bytes != base.live_bytes) {
		error("live objects not back to baseline", st.live_objects - base.live_objects);
		vfsim_leak_report(v, stderr);
	}
	if (st.failed_allocs - base.failed_allocs != fails)
		error("failed_allocs disagrees with what the threads saw",
		      st.failed_allocs - base.failed_allocs);
	if (vfsim_warn_count(v))
		error("warnings", vfsim_warn_count(v));
	ksim_ctx_switch(NULL);
	bad = vfsim_destroy_check(v, stderr);
	if (bad)
		error("vfsim_destroy_check", bad);
	if (nr_errors) {
		fprintf(stderr, "stress_rcu_alloc: FAILED (%lu errors), seed %" PRIu64 "\n",
			nr_errors, seed);
		return 1;
	}
	printf("stress_rcu_alloc: ok\n");
	return 0;
}
