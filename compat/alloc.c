// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The allocation seam.
 *
 * Each object carries a header naming its heap, its size and the call site
 * that allocated it, linked on the heap's live list.  The header also holds
 * the rcu_head for kfree_rcu(), so kernel structs need not carry one for
 * that purpose and the grace-period free can find its heap from any thread
 * (call_rcu callbacks run on liburcu's worker, which has no kernel context).
 *
 * With jemalloc every instance gets its own arena (arenas.create), so its
 * memory is its own and can be dropped whole when the instance dies, and
 * every thread its own tcache for that arena (alloc_tcache.c).
 *
 * kfree_rcu() does not go to liburcu's call_rcu() one object at a time: an
 * instance's deferred frees wait on its heap and reach the call_rcu worker
 * in batches, and rcu_barrier() inside an instance waits out one grace
 * period for them (the worker naps 10 ms before each batch it is woken
 * for, which made every instance teardown cost 20 ms).
 *
 * The hot path takes the heap lock once per kmalloc() and once per kfree()
 * (the live list and the counters); the failure injection is asked only
 * while armed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <compat/alloc_region.h>
#include <compat/alloc_tcache.h>
#include <compat/ksim.h>
#include <linux/bug.h>
#include <linux/err.h>
#include <linux/slab.h>

#ifdef VFSIM_WITH_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

#define KMEM_MAGIC 0x6b6d656d76667369ULL	/* "kmemvfsi" */
#define KMEM_DEAD 0x6465616476667369ULL

struct kmem_hdr {
	union {
		struct list_head link;	/* on heap->live while allocated */
		struct rcu_head rcu;	/* while waiting out a grace period */
	};
	struct ksim_heap *heap;
	size_t size;
	const char *site;
	u64 magic;
};
/* The payload follows the header: keep it as aligned as malloc's. No
 * aligned() attribute: list walks form container_of() on the heap's list
 * head, which is not a header and would then be "misaligned". */
_Static_assert(sizeof(struct kmem_hdr) % 16 == 0, "kmem_hdr keeps 16-byte alignment");

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
#ifdef VFSIM_WITH_JEMALLOC
	return true;
#else
	return false;
#endif
}

/* Under h->lock for a region heap (its bump pointer and free lists). */
static void *raw_alloc(struct ksim_heap *h, size_t size)
{
	if (h->kind == KSIM_ALLOC_REGION)
		return ksim_region_alloc(&h->region, size);
#ifdef VFSIM_WITH_JEMALLOC
	if (h->kind == KSIM_ALLOC_JEMALLOC)
		return mallocx(size, MALLOCX_ARENA(h->arena) |
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
		sdallocx(p, size, cached ? ksim_tcache_flags(h, false) : MALLOCX_TCACHE_NONE);
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

	if (size > (size_t)INT_MAX * 2)
		return NULL;		/* the kernel's KMALLOC_MAX_SIZE-ish limit */
	if (heap_should_fail(h, gfp))
		return NULL;

	if (h->kind == KSIM_ALLOC_REGION) {
		pthread_spin_lock(&h->lock);
		hdr = raw_alloc(h, sizeof(*hdr) + size);
		pthread_spin_unlock(&h->lock);
	} else {
		hdr = raw_alloc(h, sizeof(*hdr) + size);
	}
	if (!hdr)
		return NULL;
	hdr->heap = h;
	hdr->size = size;
	hdr->site = site;
	hdr->magic = KMEM_MAGIC;
	if (gfp & __GFP_ZERO)
		memset(hdr + 1, 0, size);
	else	/* poison: uninitialised use shows (as much as at kfree()) */
		memset(hdr + 1, 0xa5, min_t(size_t, size, KMEM_POISON_MAX));

	pthread_spin_lock(&h->lock);
	list_add_tail(&hdr->link, &h->live);
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
			 hdr->magic == KMEM_DEAD ? "double kfree" : "kfree of a foreign pointer");
	return hdr;
}

/* Off the live list already (kfree_rcu) or, @unlink, now. */
static void kmem_release(struct kmem_hdr *hdr, bool unlink)
{
	struct ksim_heap *h = hdr->heap;
	size_t poison;

	poison = min_t(size_t, hdr->size, KMEM_POISON_MAX);
	/* Hide the bound, or gcc inlines a `rep stos` that is slow to start
	 * for the small objects most frees are; libc's memset is not. */
	__asm__("" : "+r"(poison));
	pthread_spin_lock(&h->lock);
	if (unlink)
		list_del(&hdr->link);
	h->live_objects--;
	h->live_bytes -= hdr->size;
	if (h->kind == KSIM_ALLOC_REGION) {
		/* poisoned before the chunk is on a free list again */
		hdr->magic = KMEM_DEAD;
		memset(hdr + 1, 0x6b, poison);
		raw_free(h, hdr, sizeof(*hdr) + hdr->size, true);
		pthread_spin_unlock(&h->lock);
		return;
	}
	pthread_spin_unlock(&h->lock);
	hdr->magic = KMEM_DEAD;
	memset(hdr + 1, 0x6b, poison);
	raw_free(h, hdr, sizeof(*hdr) + hdr->size, true);
}

void ksim_kfree(const void *p)
{
	if (!p || IS_ERR(p))
		return;
	kmem_release(obj_hdr(p), true);
}

/* How many deferred frees a heap gathers before it hands them to call_rcu. */
#define KMEM_RCU_BATCH 256

static pthread_mutex_t all_heaps_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(all_heaps);

/*
 * While deferred, an object is chained through its header's site field:
 * it is off the live list, so no leak report reads the site any more, and
 * the header grows no field for it.
 */
static struct kmem_hdr *deferred_next(struct kmem_hdr *hdr)
{
	return (struct kmem_hdr *)(uintptr_t)hdr->site;
}

static void release_chain(struct kmem_hdr *hdr)
{
	while (hdr) {
		struct kmem_hdr *next = deferred_next(hdr);

		kmem_release(hdr, false);
		hdr = next;
	}
}

static void kmem_free_batch_cb(struct rcu_head *rcu)
{
	struct kmem_hdr *first = container_of(rcu, struct kmem_hdr, rcu);
	struct ksim_heap *h = first->heap;

	release_chain(first);
	__atomic_sub_fetch(&h->batches_in_flight, 1, __ATOMIC_RELEASE);
}

void ksim_kfree_rcu(const void *p)
{
	struct kmem_hdr *hdr, *batch = NULL;
	struct ksim_heap *h;

	if (!p)
		return;
	hdr = obj_hdr(p);
	h = hdr->heap;
	pthread_spin_lock(&h->lock);
	list_del(&hdr->link);
	hdr->site = (const char *)h->deferred;
	h->deferred = hdr;
	if (++h->nr_deferred >= KMEM_RCU_BATCH) {
		batch = h->deferred;
		h->deferred = NULL;
		h->nr_deferred = 0;
		/* atomic: the callback decrements it without h->lock */
		__atomic_add_fetch(&h->batches_in_flight, 1, __ATOMIC_RELAXED);
	}
	pthread_spin_unlock(&h->lock);
	/* The batch's first header carries the rcu_head; its chain pointer
	 * is in site, which the rcu_head does not overlay. */
	if (batch)
		call_rcu(&batch->rcu, kmem_free_batch_cb);
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
		release_chain(chain);
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
 * Arenas of destroyed instances, kept for the next ones (under
 * all_heaps_lock).  An arena made by arenas.create and destroyed with its
 * instance gives its pages back (madvise, munmap), and the next instance
 * faults fresh ones in: a third of what a short-lived instance costs (a
 * fuzz harness makes one per input).  An empty arena kept here keeps its
 * pages; it is reset (arena.<i>.reset: nothing in it survives) before it
 * serves again, and its tcaches are gone with its old instance.  Which
 * arena an instance gets changes addresses, never results: nothing in the
 * model orders by address.
 */
#define ARENA_POOL 16
static unsigned int arena_pool[ARENA_POOL];
static unsigned int arena_pool_len;

static int arena_get(unsigned int *arena)
{
	size_t sz = sizeof(*arena);
	bool pooled = false;

	pthread_mutex_lock(&all_heaps_lock);
	if (arena_pool_len) {
		*arena = arena_pool[--arena_pool_len];
		pooled = true;
	}
	pthread_mutex_unlock(&all_heaps_lock);
	if (pooled)
		return 0;
	return mallctl("arenas.create", arena, &sz, NULL, 0) ? -ENOMEM : 0;
}

static void arena_put(unsigned int arena)
{
	char cmd[64];
	bool pooled = false;

	snprintf(cmd, sizeof(cmd), "arena.%u.reset", arena);
	mallctl(cmd, NULL, NULL, NULL, 0);
	pthread_mutex_lock(&all_heaps_lock);
	if (arena_pool_len < ARENA_POOL) {
		arena_pool[arena_pool_len++] = arena;
		pooled = true;
	}
	pthread_mutex_unlock(&all_heaps_lock);
	if (!pooled) {
		snprintf(cmd, sizeof(cmd), "arena.%u.destroy", arena);
		mallctl(cmd, NULL, NULL, NULL, 0);
	}
}
#endif

static int heap_init(struct ksim_heap *h, enum ksim_allocator kind, size_t region_size)
{
	memset(h, 0, sizeof(*h));
	INIT_LIST_HEAD(&h->live);
	h->kind = kind;
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
		if (arena_get(&h->arena))
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
	struct kmem_hdr *hdr, *n;

	pthread_mutex_lock(&all_heaps_lock);
	list_del(&h->all_link);
	pthread_mutex_unlock(&all_heaps_lock);
	/* Nothing may still wait for a grace period when the arena goes. */
	ksim_heap_rcu_flush(h);
	/* Whatever leaked is reclaimed now; the leak was reported before. */
	if (h->kind == KSIM_ALLOC_REGION)
		ksim_region_fini(&h->region);
	else
		list_for_each_entry_safe(hdr, n, &h->live, link)
			raw_free(h, hdr, sizeof(*hdr) + hdr->size, false);
	INIT_LIST_HEAD(&h->live);
#ifdef VFSIM_WITH_JEMALLOC
	if (h->kind == KSIM_ALLOC_JEMALLOC) {
		ksim_tcache_heap_fini(h);
		arena_put(h->arena);
	}
#endif
	pthread_spin_destroy(&h->lock);
}

unsigned long ksim_heap_report(struct ksim_heap *h, FILE *out)
{
	struct kmem_hdr *hdr;
	unsigned long n = 0;

	pthread_spin_lock(&h->lock);
	list_for_each_entry(hdr, &h->live, link) {
		if (out)
			fprintf(out, "vfsim: leak: %zu bytes from %s\n",
				hdr->size, hdr->site);
		n++;
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
	int ret;

	memset(ctx, 0, sizeof(*ctx));
	ret = heap_init(&ctx->heap, kind, region_size);
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
