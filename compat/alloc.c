// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The allocation seam.
 *
 * Each object carries a 16-byte header, struct kmem_hdr, just before it:
 * its heap (so that a free finds it from any thread: call_rcu callbacks run
 * on liburcu's worker, which has no kernel context), its size and a magic
 * word that catches double and foreign kfree()s.  That is all a heap needs
 * for its counters (live objects and bytes, per instance), the fault
 * injection and the leak check by count.
 *
 * A tracked heap (h->track) puts a struct kmem_track before that: the
 * object on the heap's live list with its call site, so that a leak
 * report names file:line and a leaked object can be freed at teardown.
 * 48 bytes an object instead of 16: tracked by default in builds without
 * NDEBUG (presets debug, asan, tsan, coverage), compact in release builds
 * (default, release, clang); VFSIM_ALLOC_TRACK=1 or 0 in the environment
 * decides instead, for instances made after it is set.
 *
 * With jemalloc an instance gets an arena of its own (arenas.create) while
 * there are few, and shares one of a fixed set past that (arena_get()),
 * and every thread its own tcache for the heap (alloc_tcache.c).
 *
 * kfree_rcu() does not go to liburcu's call_rcu() one object at a time: an
 * instance's deferred frees wait on its heap, chained through their
 * headers, and reach the call_rcu worker in batches; rcu_barrier() inside
 * an instance waits out one grace period for them (the worker naps 10 ms
 * before each batch it is woken for, which made every instance teardown
 * cost 20 ms).
 *
 * The hot path takes the heap lock once per kmalloc() and once per kfree()
 * (the counters, and the live list of a tracked heap); the failure
 * injection is asked only while armed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <compat/alloc_jemalloc.h>
#include <compat/alloc_region.h>
#include <compat/alloc_tcache.h>
#include <compat/ksim.h>
#include <linux/bug.h>
#include <linux/err.h>
#include <linux/slab.h>

#ifdef VFSIM_WITH_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

#define KMEM_MAGIC 0x6b6d656dU		/* "kmem" */
#define KMEM_DEFERRED 0x72637566U	/* "rcuf": waiting in kfree_rcu() */
#define KMEM_DEAD 0x64656164U		/* "dead" */

/* Just before every object. */
struct kmem_hdr {
	union {
		struct ksim_heap *heap;	/* while allocated */
		struct kmem_hdr *next;	/* while deferred: the heap's chain */
	};
	u32 size;		/* ksim_kmalloc() refuses more */
	u32 magic;
};

/* Before the kmem_hdr, in a tracked heap only. */
struct kmem_track {
	struct list_head link;	/* on heap->live while allocated */
	const char *site;
	u64 pad;
};
/* The payload follows the header: keep it as aligned as malloc's. No
 * aligned() attribute: list walks form container_of() on the heap's list
 * head, which is not a track and would then be "misaligned". */
_Static_assert(sizeof(struct kmem_hdr) == 16, "kmem_hdr: 16 bytes");
_Static_assert(sizeof(struct kmem_track) % 16 == 0, "kmem_track keeps 16-byte alignment");

/* A batch of deferred frees on its way through call_rcu. */
struct kmem_batch {
	struct rcu_head rcu;
	struct ksim_heap *heap;
	struct kmem_hdr *chain;
};

static size_t hdr_room(const struct ksim_heap *h)
{
	return h->track ? sizeof(struct kmem_track) + sizeof(struct kmem_hdr) :
			  sizeof(struct kmem_hdr);
}

static struct kmem_track *hdr_track(struct kmem_hdr *hdr)
{
	return (struct kmem_track *)hdr - 1;
}

/* Where the allocator's block starts. */
static void *hdr_block(const struct ksim_heap *h, struct kmem_hdr *hdr)
{
	return (char *)(hdr + 1) - hdr_room(h);
}

size_t ksim_heap_hdr_size(const struct ksim_heap *h)
{
	return hdr_room(h);
}

bool ksim_alloc_track_default(void)
{
	const char *e = getenv("VFSIM_ALLOC_TRACK");

	if (e && (*e == '0' || *e == '1') && !e[1])
		return *e == '1';
#ifdef NDEBUG
	return false;
#else
	return true;
#endif
}

/* Used when kernel code runs with no instance entered: that is a bug. */
static struct ksim_ctx orphan_ctx;
static pthread_once_t orphan_once = PTHREAD_ONCE_INIT;

static void orphan_init(void)
{
	ksim_ctx_init(&orphan_ctx, KSIM_ALLOC_LIBC);
}

static struct ksim_heap *cur_heap(void)
{
	if (likely(ksim_cur_ctx))
		return &ksim_cur_ctx->heap;
	pthread_once(&orphan_once, orphan_init);
	fprintf(stderr, "vfsim: allocation outside any instance\n");
	return &orphan_ctx.heap;
}

bool ksim_jemalloc_available(void)
{
	return ksim_jemalloc_load();
}

/* Under h->lock for a region heap (its bump pointer and free lists). */
static void *raw_alloc(struct ksim_heap *h, size_t size)
{
	if (h->kind == KSIM_ALLOC_REGION)
		return ksim_region_alloc(&h->region, size);
#ifdef VFSIM_WITH_JEMALLOC
	if (h->kind == KSIM_ALLOC_JEMALLOC)
		return ksim_je.mallocx(size, MALLOCX_ARENA(h->arena) |
				     ksim_tcache_flags(h, true));
#endif
	(void)h;
	return malloc(size);
}

/*
 * @size: what raw_alloc() was asked for (sized deallocation spares
 * jemalloc a lookup); @cached: may go through this thread's tcache (not
 * during teardown).
 */
static void raw_free(struct ksim_heap *h, void *p, size_t size, bool cached)
{
	if (h->kind == KSIM_ALLOC_REGION) {
		ksim_region_free(&h->region, p, size);
		return;
	}
#ifdef VFSIM_WITH_JEMALLOC
	if (h->kind == KSIM_ALLOC_JEMALLOC) {
		ksim_je.sdallocx(p, size, cached ? ksim_tcache_flags(h, false) : MALLOCX_TCACHE_NONE);
		return;
	}
#endif
	(void)h;
	(void)size;
	(void)cached;
	free(p);
}

/* xorshift64*: seeded, so a failing run can be replayed. */
static u64 heap_rand(struct ksim_heap *h)
{
	u64 x = h->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	h->rng = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static void heap_rearm(struct ksim_heap *h)
{
	__atomic_store_n(&h->armed, h->fail_countdown || h->fail_ppm,
			 __ATOMIC_RELEASE);
}

static bool __heap_should_fail(struct ksim_heap *h)
{
	if (h->fail_countdown && --h->fail_countdown == 0) {
		h->fault_fired = true;
		heap_rearm(h);
		return true;
	}
	if (h->fail_ppm && heap_rand(h) % 1000000 < h->fail_ppm)
		return true;
	return false;
}

static bool heap_should_fail(struct ksim_heap *h, gfp_t gfp)
{
	bool fail;

	if (gfp & __GFP_NOFAIL)
		return false;
	if (likely(!__atomic_load_n(&h->armed, __ATOMIC_ACQUIRE)))
		return false;
	pthread_spin_lock(&h->lock);
	fail = __heap_should_fail(h);
	if (fail)
		h->failed_allocs++;
	pthread_spin_unlock(&h->lock);
	return fail;
}

/*
 * Memory is poisoned when allocated, so that a read before a write reads
 * garbage, and when freed, so that a use after free does: all of an
 * object the size of a kernel struct, the first KMEM_POISON_MAX bytes
 * of a bigger buffer (value and name buffers, which have no pointers to
 * chase and would otherwise cost a page-sized memset per syscall).
 */
#define KMEM_POISON_MAX 512

void *ksim_kmalloc(size_t size, gfp_t gfp, const char *site)
{
	struct ksim_heap *h = cur_heap();
	struct kmem_hdr *hdr;
	size_t room = hdr_room(h);
	void *block;

	if (size > UINT32_MAX)
		return NULL;		/* the kernel's KMALLOC_MAX_SIZE-ish limit */
	if (heap_should_fail(h, gfp))
		return NULL;

	if (h->kind == KSIM_ALLOC_REGION) {
		pthread_spin_lock(&h->lock);
		block = raw_alloc(h, room + size);
		pthread_spin_unlock(&h->lock);
	} else {
		block = raw_alloc(h, room + size);
	}
	if (!block)
		return NULL;
	hdr = (struct kmem_hdr *)((char *)block + room) - 1;
	hdr->heap = h;
	hdr->size = (u32)size;
	hdr->magic = KMEM_MAGIC;
	if (gfp & __GFP_ZERO)
		memset(hdr + 1, 0, size);
	else	/* poison: uninitialised use shows (as much as at kfree()) */
		memset(hdr + 1, 0xa5, min_t(size_t, size, KMEM_POISON_MAX));

	pthread_spin_lock(&h->lock);
	if (h->track) {
		hdr_track(hdr)->site = site;
		list_add_tail(&hdr_track(hdr)->link, &h->live);
	}
	h->live_objects++;
	h->live_bytes += size;
	if (h->live_bytes > h->peak_bytes)
		h->peak_bytes = h->live_bytes;
	h->total_allocs++;
	pthread_spin_unlock(&h->lock);
	return hdr + 1;
}

static struct kmem_hdr *obj_hdr(const void *p)
{
	struct kmem_hdr *hdr = (struct kmem_hdr *)p - 1;

	if (hdr->magic != KMEM_MAGIC)
		ksim_bug(__FILE__, __LINE__,
			 hdr->magic == KMEM_DEAD || hdr->magic == KMEM_DEFERRED ?
			 "double kfree" : "kfree of a foreign pointer");
	return hdr;
}

/* Give @hdr's object back to @h: still on the live list of a tracked heap
 * unless @deferred (kfree_rcu() took it off and counted it). */
static void kmem_release(struct ksim_heap *h, struct kmem_hdr *hdr, bool deferred)
{
	size_t size = hdr->size, poison;
	void *block = hdr_block(h, hdr);

	poison = min_t(size_t, size, KMEM_POISON_MAX);
	/* Hide the bound, or gcc inlines a `rep stos` that is slow to start
	 * for the small objects most frees are; libc's memset is not. */
	__asm__("" : "+r"(poison));
	pthread_spin_lock(&h->lock);
	if (deferred) {
		h->deferred_objects--;
		h->deferred_bytes -= size;
	} else if (h->track) {
		list_del(&hdr_track(hdr)->link);
	}
	h->live_objects--;
	h->live_bytes -= size;
	if (h->kind == KSIM_ALLOC_REGION) {
		/* poisoned before the chunk is on a free list again */
		hdr->magic = KMEM_DEAD;
		memset(hdr + 1, 0x6b, poison);
		raw_free(h, block, hdr_room(h) + size, true);
		pthread_spin_unlock(&h->lock);
		return;
	}
	pthread_spin_unlock(&h->lock);
	hdr->magic = KMEM_DEAD;
	memset(hdr + 1, 0x6b, poison);
	raw_free(h, block, hdr_room(h) + size, true);
}

void ksim_kfree(const void *p)
{
	struct kmem_hdr *hdr;

	if (!p || IS_ERR(p))
		return;
	hdr = obj_hdr(p);
	kmem_release(hdr->heap, hdr, false);
}

/* How many deferred frees a heap gathers before it hands them to call_rcu. */
#define KMEM_RCU_BATCH 256

static pthread_mutex_t all_heaps_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(all_heaps);

static void release_chain(struct ksim_heap *h, struct kmem_hdr *hdr)
{
	while (hdr) {
		struct kmem_hdr *next = hdr->next;

		kmem_release(h, hdr, true);
		hdr = next;
	}
}

static void kmem_free_batch_cb(struct rcu_head *rcu)
{
	struct kmem_batch *b = container_of(rcu, struct kmem_batch, rcu);
	struct ksim_heap *h = b->heap;

	release_chain(h, b->chain);
	free(b);
	__atomic_sub_fetch(&h->batches_in_flight, 1, __ATOMIC_RELEASE);
}

/*
 * Hand @h's deferred frees to call_rcu, in a batch descriptor from libc
 * (the seam's own bookkeeping, never failed on purpose).  Without one
 * they wait on the heap for the next kfree_rcu() or rcu_barrier().
 */
static void kmem_defer_handoff(struct ksim_heap *h)
{
	struct kmem_batch *b = malloc(sizeof(*b));

	if (!b)
		return;
	pthread_spin_lock(&h->lock);
	if (h->nr_deferred < KMEM_RCU_BATCH) {	/* another thread took them */
		pthread_spin_unlock(&h->lock);
		free(b);
		return;
	}
	b->heap = h;
	b->chain = h->deferred;
	h->deferred = NULL;
	h->nr_deferred = 0;
	/* atomic: the callback decrements it without h->lock */
	__atomic_add_fetch(&h->batches_in_flight, 1, __ATOMIC_RELAXED);
	pthread_spin_unlock(&h->lock);
	call_rcu(&b->rcu, kmem_free_batch_cb);
}

void ksim_kfree_rcu(const void *p)
{
	struct kmem_hdr *hdr;
	struct ksim_heap *h;
	bool full;

	if (!p)
		return;
	hdr = obj_hdr(p);
	h = hdr->heap;
	pthread_spin_lock(&h->lock);
	if (h->track)
		list_del(&hdr_track(hdr)->link);
	/* Readers may still look at the object: only its header changes. */
	hdr->magic = KMEM_DEFERRED;
	hdr->next = h->deferred;
	h->deferred = hdr;
	h->deferred_objects++;
	h->deferred_bytes += hdr->size;
	full = ++h->nr_deferred >= KMEM_RCU_BATCH;
	pthread_spin_unlock(&h->lock);
	if (full)
		kmem_defer_handoff(h);
}

void ksim_heap_rcu_flush(struct ksim_heap *h)
{
	struct kmem_hdr *chain;

	pthread_spin_lock(&h->lock);
	chain = h->deferred;
	h->deferred = NULL;
	h->nr_deferred = 0;
	pthread_spin_unlock(&h->lock);
	if (chain) {
		synchronize_rcu();
		release_chain(h, chain);
	}
	if (__atomic_load_n(&h->batches_in_flight, __ATOMIC_ACQUIRE))
		urcu_memb_barrier();
}

void ksim_rcu_barrier(void)
{
	if (ksim_cur_ctx)
		ksim_heap_rcu_flush(&ksim_cur_ctx->heap);
	else
		ksim_rcu_barrier_all();
}

void ksim_rcu_barrier_all(void)
{
	struct ksim_heap *h;

	pthread_mutex_lock(&all_heaps_lock);
	list_for_each_entry(h, &all_heaps, all_link)
		ksim_heap_rcu_flush(h);
	pthread_mutex_unlock(&all_heaps_lock);
	urcu_memb_barrier();
}

size_t ksim_ksize(const void *p)
{
	return p ? obj_hdr(p)->size : 0;
}

char *ksim_kstrndup(const char *s, size_t max, gfp_t gfp, const char *site)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strnlen(s, max);
	p = ksim_kmalloc(len + 1, gfp, site);
	if (p) {
		memcpy(p, s, len);
		p[len] = 0;
	}
	return p;
}

char *ksim_kasprintf(gfp_t gfp, const char *site, const char *fmt, ...)
{
	va_list ap;
	int len;
	char *p;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		return NULL;
	p = ksim_kmalloc((size_t)len + 1, gfp, site);
	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return p;
}

#ifdef VFSIM_WITH_JEMALLOC
/*
 * Which arena an instance allocates from (under all_heaps_lock).
 *
 * The first KSIM_ARENA_PRIVATE_MAX live instances get one each: their
 * memory is their own, given back whole when they die, and what a leak
 * left in it goes too.  jemalloc has at most 4,095 arenas, and an arena
 * costs about 100 KiB of resident memory however little it holds (a slab
 * per size class in use, its metadata), so past that an instance shares
 * one of KSIM_ARENA_SHARED arenas made once and kept for the process, the
 * one with the fewest users.  Nothing else changes: every heap keeps its
 * own counters, leak check and thread caches; only a compact heap's leak
 * (reported, never reclaimable one by one) stays in a shared arena.  An
 * instance made with VFSIM_ALLOC_SNAPSHOT has no arena: its region is its
 * own whatever the number of instances.
 *
 * Arenas of destroyed instances are kept for the next ones (ARENA_POOL).
 * An arena made by arenas.create and destroyed with its instance gives its
 * pages back (madvise, munmap), and the next instance faults fresh ones
 * in: a third of what a short-lived instance costs (a fuzz harness makes
 * one per input).  An empty arena kept here keeps its pages; it is reset
 * (arena.<i>.reset: nothing in it survives) before it serves again, and
 * its tcaches are gone with its old instance.  Which arena an instance
 * gets changes addresses, never results: nothing in the model orders by
 * address.
 */
#define ARENA_POOL 16
static unsigned int arena_pool[ARENA_POOL];
static unsigned int arena_pool_len;
static unsigned int arena_private_live;

static struct {
	unsigned int arena;
	unsigned long users;
	bool made;
} arena_shared[KSIM_ARENA_SHARED];

/* A shared arena for one more instance; -ENOMEM if none can be made. */
static int arena_share(unsigned int *arena, int *slot)
{
	size_t sz = sizeof(*arena);
	int best = -1;

	for (int i = 0; i < KSIM_ARENA_SHARED; i++) {
		if (!arena_shared[i].made &&
		    !ksim_je.mallctl("arenas.create", &arena_shared[i].arena, &sz, NULL, 0))
			arena_shared[i].made = true;
		if (arena_shared[i].made &&
		    (best < 0 || arena_shared[i].users < arena_shared[best].users))
			best = i;
	}
	if (best < 0)
		return -ENOMEM;
	arena_shared[best].users++;
	*arena = arena_shared[best].arena;
	*slot = best;
	return 0;
}

/* @slot: -1 for an arena of the instance's own, else its shared one's. */
static int arena_get(unsigned int *arena, int *slot)
{
	size_t sz = sizeof(*arena);
	int err = 0;

	*slot = -1;
	pthread_mutex_lock(&all_heaps_lock);
	if (arena_private_live >= KSIM_ARENA_PRIVATE_MAX)
		err = arena_share(arena, slot);
	else if (arena_pool_len)
		*arena = arena_pool[--arena_pool_len];
	else if (ksim_je.mallctl("arenas.create", arena, &sz, NULL, 0))
		err = arena_share(arena, slot);	/* the process made the others */
	if (!err && *slot < 0)
		arena_private_live++;
	pthread_mutex_unlock(&all_heaps_lock);
	return err;
}

static void arena_put(unsigned int arena, int slot)
{
	char cmd[64];
	bool pooled = false;

	if (slot >= 0) {
		pthread_mutex_lock(&all_heaps_lock);
		arena_shared[slot].users--;
		pthread_mutex_unlock(&all_heaps_lock);
		return;
	}
	snprintf(cmd, sizeof(cmd), "arena.%u.reset", arena);
	ksim_je.mallctl(cmd, NULL, NULL, NULL, 0);
	pthread_mutex_lock(&all_heaps_lock);
	arena_private_live--;
	if (arena_pool_len < ARENA_POOL) {
		arena_pool[arena_pool_len++] = arena;
		pooled = true;
	}
	pthread_mutex_unlock(&all_heaps_lock);
	if (!pooled) {
		snprintf(cmd, sizeof(cmd), "arena.%u.destroy", arena);
		ksim_je.mallctl(cmd, NULL, NULL, NULL, 0);
	}
}
#endif

static int heap_init(struct ksim_heap *h, enum ksim_allocator kind, size_t region_size,
		     bool track)
{
	memset(h, 0, sizeof(*h));
	h->arena_slot = -1;
	INIT_LIST_HEAD(&h->live);
	h->kind = kind;
	h->track = track;
	h->rng = 0x9e3779b97f4a7c15ULL;
	if (kind == KSIM_ALLOC_REGION) {
		int err = ksim_region_init(&h->region, region_size ? region_size :
					   KSIM_REGION_DEFAULT_SIZE);

		if (err)
			return err;
	}
	pthread_spin_init(&h->lock, PTHREAD_PROCESS_PRIVATE);
#ifdef VFSIM_WITH_JEMALLOC
	if (kind == KSIM_ALLOC_JEMALLOC) {
		if (!ksim_jemalloc_load())
			return -EOPNOTSUPP;
		if (arena_get(&h->arena, &h->arena_slot))
			return -ENOMEM;
		ksim_tcache_heap_init(h);
	}
#else
	if (kind == KSIM_ALLOC_JEMALLOC)
		return -EOPNOTSUPP;
#endif
	pthread_mutex_lock(&all_heaps_lock);
	list_add_tail(&h->all_link, &all_heaps);
	pthread_mutex_unlock(&all_heaps_lock);
	return 0;
}

static void heap_fini(struct ksim_heap *h)
{
	struct kmem_track *t, *n;

	pthread_mutex_lock(&all_heaps_lock);
	list_del(&h->all_link);
	pthread_mutex_unlock(&all_heaps_lock);
	/* Nothing may still wait for a grace period when the arena goes. */
	ksim_heap_rcu_flush(h);
	/*
	 * Whatever leaked is reclaimed now (the leak was reported before):
	 * with the region or the arena of the heap's own, or one by one from
	 * a tracked heap's list.  A compact heap in a shared arena or in
	 * libc cannot find its leaks: they stay in the process.
	 */
	if (h->kind == KSIM_ALLOC_REGION)
		ksim_region_fini(&h->region);
	else if (h->track)
		list_for_each_entry_safe(t, n, &h->live, link) {
			struct kmem_hdr *hdr = (struct kmem_hdr *)(t + 1);

			raw_free(h, t, hdr_room(h) + hdr->size, false);
		}
	INIT_LIST_HEAD(&h->live);
#ifdef VFSIM_WITH_JEMALLOC
	if (h->kind == KSIM_ALLOC_JEMALLOC) {
		ksim_tcache_heap_fini(h);
		arena_put(h->arena, h->arena_slot);
	}
#endif
	pthread_spin_destroy(&h->lock);
}

unsigned long ksim_heap_report(struct ksim_heap *h, FILE *out)
{
	struct kmem_track *t;
	unsigned long n = 0;

	pthread_spin_lock(&h->lock);
	if (!h->track) {
		n = (unsigned long)(h->live_objects - h->deferred_objects);
		if (n && out)
			fprintf(out, "vfsim: leak: %lu objects, %llu bytes "
				"(VFSIM_ALLOC_TRACK=1 names their call sites)\n", n,
				(unsigned long long)(h->live_bytes - h->deferred_bytes));
	} else {
		list_for_each_entry(t, &h->live, link) {
			if (out)
				fprintf(out, "vfsim: leak: %u bytes from %s\n",
					((struct kmem_hdr *)(t + 1))->size, t->site);
			n++;
		}
	}
	pthread_spin_unlock(&h->lock);
	return n;
}

void ksim_heap_stats(struct ksim_heap *h, struct ksim_heap *snap)
{
	memset(snap, 0, sizeof(*snap));
	pthread_spin_lock(&h->lock);
	snap->live_objects = h->live_objects;
	snap->live_bytes = h->live_bytes;
	snap->peak_bytes = h->peak_bytes;
	snap->total_allocs = h->total_allocs;
	snap->failed_allocs = h->failed_allocs;
	snap->fault_fired = h->fault_fired;
	snap->kind = h->kind;
	snap->fallback = h->fallback;
	pthread_spin_unlock(&h->lock);
}

/* Deferred frees handed to call_rcu free into the heap when they run:
 * let them, before its bytes are read or written whole. */
static void heap_wait_batches(struct ksim_heap *h)
{
	if (__atomic_load_n(&h->batches_in_flight, __ATOMIC_ACQUIRE))
		urcu_memb_barrier();
}

void *ksim_heap_xalloc(struct ksim_heap *h, size_t size)
{
	if (heap_should_fail(h, GFP_KERNEL))
		return NULL;
	return calloc(1, size ? size : 1);
}

int ksim_heap_save(struct ksim_heap *h, struct ksim_heap_image *img)
{
	void *bytes;

	memset(img, 0, sizeof(*img));
	if (h->kind != KSIM_ALLOC_REGION)
		return -EOPNOTSUPP;
	heap_wait_batches(h);
	bytes = ksim_heap_xalloc(h, h->region.brk);
	if (!bytes)
		return -ENOMEM;
	pthread_spin_lock(&h->lock);
	ksim_region_copy_out(&h->region, bytes);
	img->bytes = bytes;
	img->region = h->region;
	img->live = h->live;
	img->live_objects = h->live_objects;
	img->live_bytes = h->live_bytes;
	img->peak_bytes = h->peak_bytes;
	img->total_allocs = h->total_allocs;
	img->failed_allocs = h->failed_allocs;
	img->deferred = h->deferred;
	img->nr_deferred = h->nr_deferred;
	img->deferred_objects = h->deferred_objects;
	img->deferred_bytes = h->deferred_bytes;
	pthread_spin_unlock(&h->lock);
	return 0;
}

void ksim_heap_restore(struct ksim_heap *h, const struct ksim_heap_image *img)
{
	heap_wait_batches(h);
	pthread_spin_lock(&h->lock);
	ksim_region_copy_in(&h->region, img->bytes, &img->region);
	/* The ends of the live list point at h->live itself, which has not
	 * moved: the saved pointers are right as they are. */
	h->live = img->live;
	h->live_objects = img->live_objects;
	h->live_bytes = img->live_bytes;
	h->peak_bytes = img->peak_bytes;
	h->total_allocs = img->total_allocs;
	h->failed_allocs = img->failed_allocs;
	h->deferred = img->deferred;
	h->nr_deferred = img->nr_deferred;
	h->deferred_objects = img->deferred_objects;
	h->deferred_bytes = img->deferred_bytes;
	pthread_spin_unlock(&h->lock);
}

void ksim_heap_image_free(struct ksim_heap_image *img)
{
	free(img->bytes);
	memset(img, 0, sizeof(*img));
}

void ksim_heap_fail_nth(struct ksim_heap *h, unsigned long n)
{
	pthread_spin_lock(&h->lock);
	h->fail_countdown = n;
	h->fault_fired = false;
	heap_rearm(h);
	pthread_spin_unlock(&h->lock);
}

void ksim_heap_fail_random(struct ksim_heap *h, u32 ppm, u64 seed)
{
	pthread_spin_lock(&h->lock);
	h->fail_ppm = ppm;
	h->rng = seed ? seed : 0x9e3779b97f4a7c15ULL;
	heap_rearm(h);
	pthread_spin_unlock(&h->lock);
}

int ksim_ctx_init(struct ksim_ctx *ctx, enum ksim_allocator kind)
{
	return ksim_ctx_init_region(ctx, kind, 0);
}

int ksim_ctx_init_region(struct ksim_ctx *ctx, enum ksim_allocator kind, size_t region_size)
{
	return ksim_ctx_init_track(ctx, kind, region_size, ksim_alloc_track_default());
}

int ksim_ctx_init_track(struct ksim_ctx *ctx, enum ksim_allocator kind, size_t region_size,
			bool track)
{
	int ret;

	memset(ctx, 0, sizeof(*ctx));
	ret = heap_init(&ctx->heap, kind, region_size, track);
	if (ret)
		return ret;
	pthread_mutex_init(&ctx->ua.lock, NULL);
	return 0;
}

void ksim_ctx_fini(struct ksim_ctx *ctx)
{
	heap_fini(&ctx->heap);
	ksim_ua_remap_all(&ctx->ua);
	pthread_mutex_destroy(&ctx->ua.lock);
}
