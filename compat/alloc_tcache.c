// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Thread caches for the instances' jemalloc arenas.
 *
 * An instance's memory lives in an arena of its own, destroyed whole with
 * the instance (or, past the first KSIM_ARENA_PRIVATE_MAX instances, in a
 * shared one).  jemalloc's automatic thread cache cannot be used with it:
 * it serves any arena's request from whatever it holds, so an object of
 * one instance could be handed to another and outlive its arena.  Going
 * without a cache (MALLOCX_TCACHE_NONE) takes the arena's bin lock on
 * every kmalloc() and kfree(), which was half the cost of a small syscall
 * of the model.  So each thread gets an explicit tcache per instance it
 * allocates in ("tcache.create"), used only for that instance's arena.
 *
 * Bookkeeping: a thread remembers its last few (instance generation,
 * tcache) pairs; each heap lists the tcaches made for it.  A tcache is
 * destroyed by whichever comes first: the heap's teardown (before the
 * arena goes), the thread's exit, or the thread needing the slot for
 * another instance.  The registry lock orders the three, and the
 * generation number (never reused) tells a slot of a dead heap from one of
 * a live heap that happens to sit at the same address.
 */
#include <stdlib.h>

#include <compat/alloc_jemalloc.h>
#include <compat/alloc_tcache.h>

#ifdef VFSIM_WITH_JEMALLOC
#include <jemalloc/jemalloc.h>

#define TC_SLOTS 4

struct tc_slot {
	u64 gen;		/* 0: empty */
	unsigned int tc;
};

static __thread struct tc_slot tc_slots[TC_SLOTS];

static pthread_mutex_t tc_registry_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(tc_heaps);		/* live jemalloc heaps */
static u64 tc_next_gen = 1;
static pthread_key_t tc_exit_key;
static pthread_once_t tc_key_once = PTHREAD_ONCE_INIT;

static void tc_destroy(unsigned int tc)
{
	ksim_je.mallctl("tcache.destroy", NULL, NULL, &tc, sizeof(tc));
}

static struct ksim_heap *tc_find_heap(u64 gen)
{
	struct ksim_heap *h;

	list_for_each_entry(h, &tc_heaps, tc_link)
		if (h->tc_gen == gen)
			return h;
	return NULL;
}

/* Give back a slot's tcache, unless its heap's teardown already did. */
static void tc_release_slot(struct tc_slot *s)
{
	struct ksim_heap *h;

	if (!s->gen)
		return;
	pthread_mutex_lock(&tc_registry_lock);
	h = tc_find_heap(s->gen);
	if (h) {
		for (unsigned int i = 0; i < h->tc_nr; i++) {
			if (h->tc_ids[i] == s->tc) {
				h->tc_ids[i] = h->tc_ids[--h->tc_nr];
				tc_destroy(s->tc);
				break;
			}
		}
	}
	pthread_mutex_unlock(&tc_registry_lock);
	s->gen = 0;
}

static void tc_thread_exit(void *unused)
{
	(void)unused;
	for (int i = 0; i < TC_SLOTS; i++)
		tc_release_slot(&tc_slots[i]);
}

static void tc_key_init(void)
{
	pthread_key_create(&tc_exit_key, tc_thread_exit);
}

/* Make this thread a tcache for @h in slot @s; false: go without. */
static bool tc_create(struct ksim_heap *h, struct tc_slot *s)
{
	unsigned int tc, *ids;
	size_t sz = sizeof(tc);
	bool ok = false;

	pthread_once(&tc_key_once, tc_key_init);
	if (ksim_je.mallctl("tcache.create", &tc, &sz, NULL, 0))
		return false;
	pthread_mutex_lock(&tc_registry_lock);
	if (h->tc_nr == h->tc_cap) {
		unsigned int cap = h->tc_cap ? h->tc_cap * 2 : 4;

		/* the seam's own bookkeeping: plain libc, like the arena's */
		ids = realloc(h->tc_ids, cap * sizeof(*ids));
		if (ids) {
			h->tc_ids = ids;
			h->tc_cap = cap;
		}
	}
	if (h->tc_nr < h->tc_cap) {
		h->tc_ids[h->tc_nr++] = tc;
		s->gen = h->tc_gen;
		s->tc = tc;
		ok = true;
	}
	pthread_mutex_unlock(&tc_registry_lock);
	if (!ok) {
		tc_destroy(tc);
		return false;
	}
	/* any non-NULL value, so that tc_thread_exit runs */
	pthread_setspecific(tc_exit_key, tc_slots);
	return true;
}

int ksim_tcache_flags(struct ksim_heap *h, bool create)
{
	u64 gen = h->tc_gen;
	struct tc_slot *s;

	if (!gen)
		return MALLOCX_TCACHE_NONE;
	for (int i = 0; i < TC_SLOTS; i++)
		if (tc_slots[i].gen == gen)
			return MALLOCX_TCACHE(tc_slots[i].tc);
	if (!create)
		return MALLOCX_TCACHE_NONE;

	/* A free slot, or the last one's tcache goes. */
	s = &tc_slots[TC_SLOTS - 1];
	for (int i = 0; i < TC_SLOTS; i++) {
		if (!tc_slots[i].gen) {
			s = &tc_slots[i];
			break;
		}
	}
	tc_release_slot(s);
	if (!tc_create(h, s))
		return MALLOCX_TCACHE_NONE;
	return MALLOCX_TCACHE(s->tc);
}

void ksim_tcache_heap_init(struct ksim_heap *h)
{
	pthread_mutex_lock(&tc_registry_lock);
	h->tc_gen = tc_next_gen++;
	list_add(&h->tc_link, &tc_heaps);
	pthread_mutex_unlock(&tc_registry_lock);
}

void ksim_tcache_heap_fini(struct ksim_heap *h)
{
	pthread_mutex_lock(&tc_registry_lock);
	for (unsigned int i = 0; i < h->tc_nr; i++)
		tc_destroy(h->tc_ids[i]);
	list_del(&h->tc_link);
	pthread_mutex_unlock(&tc_registry_lock);
	free(h->tc_ids);
	h->tc_ids = NULL;
	h->tc_nr = h->tc_cap = 0;
	h->tc_gen = 0;
}

#else /* !VFSIM_WITH_JEMALLOC */

void ksim_tcache_heap_init(struct ksim_heap *h)
{
	(void)h;
}

void ksim_tcache_heap_fini(struct ksim_heap *h)
{
	(void)h;
}

int ksim_tcache_flags(struct ksim_heap *h, bool create)
{
	(void)h;
	(void)create;
	return 0;
}

#endif
