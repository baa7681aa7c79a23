// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The region allocator behind a KSIM_ALLOC_REGION heap: every chunk, and
 * every free-list link between chunks, inside one range of address space
 * reserved for the heap, bump-allocated with a free list per size class.
 *
 * It exists for one property jemalloc cannot give: the heap is the bytes
 * below brk plus struct ksim_region, and nothing else.  jemalloc keeps
 * process-wide metadata about every arena (its radix tree of extents, its
 * thread caches), so an arena's pages copied back over themselves would
 * disagree with it; these pages cannot.  That is what lets a booted
 * instance be saved once and put back in microseconds (vfsim_snapshot(),
 * vfsim_reset()) instead of being torn down and built again.
 *
 * Chunks never change class and are never given back: a region only grows
 * to the most its instance ever held at once.  Under ASan the payload of a
 * free chunk is poisoned (its first 16 bytes hold the link and stay
 * readable), so a use after free is still reported.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include <compat/alloc_region.h>

#if defined(__SANITIZE_ADDRESS__)
#define KSIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KSIM_ASAN 1
#endif
#endif

#ifdef KSIM_ASAN
#include <sanitizer/asan_interface.h>
#define region_poison(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define region_unpoison(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define region_poison(p, n) ((void)(p), (void)(n))
#define region_unpoison(p, n) ((void)(p), (void)(n))
#endif

/* What stays readable of a free chunk: its link. */
#define REGION_LINK_BYTES 16

int ksim_region_init(struct ksim_region *r, size_t size)
{
	void *base;

	memset(r, 0, sizeof(*r));
	if (size > SIZE_MAX - 4095)
		return -ENOMEM;		/* more than the address space */
	size = (size + 4095) & ~(size_t)4095;
	base = mmap(NULL, size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED)
		return -ENOMEM;
	r->base = base;
	r->size = size;
	return 0;
}

void ksim_region_fini(struct ksim_region *r)
{
	if (r->base) {
		region_unpoison(r->base, r->high);
		munmap(r->base, r->size);
	}
	memset(r, 0, sizeof(*r));
}

/* The class of a chunk of @n bytes, and its size through @chunk. */
static unsigned int region_class(size_t n, size_t *chunk)
{
	unsigned int k;

	if (n <= KSIM_REGION_SMALL_MAX) {
		*chunk = (n + 15) & ~(size_t)15;
		return (unsigned int)(*chunk / 16) - 1;
	}
	k = 64 - (unsigned int)__builtin_clzl(n - 1);	/* 2^k >= n */
	*chunk = (size_t)1 << k;
	return KSIM_REGION_SMALL_MAX / 16 + (k - 12);
}

void *ksim_region_alloc(struct ksim_region *r, size_t n)
{
	size_t chunk;
	unsigned int c;
	void *p;

	if (!n || n > r->size)
		return NULL;
	c = region_class(n, &chunk);
	p = r->bins[c];
	if (p) {
		region_unpoison(p, chunk);
		r->bins[c] = *(void **)p;
		return p;
	}
	if (chunk > r->size - r->brk)
		return NULL;
	p = r->base + r->brk;
	region_unpoison(p, chunk);	/* was above brk once, before a restore */
	r->brk += chunk;
	if (r->brk > r->high)
		r->high = r->brk;
	return p;
}

void ksim_region_free(struct ksim_region *r, void *p, size_t n)
{
	size_t chunk;
	unsigned int c = region_class(n, &chunk);

	*(void **)p = r->bins[c];
	r->bins[c] = p;
	region_poison((char *)p + REGION_LINK_BYTES, chunk - REGION_LINK_BYTES);
}

/*
 * Poison, again, what a copy of the whole region made readable: the free
 * chunks' payloads and everything from brk to the high-water mark.
 */
static void region_repoison(struct ksim_region *r)
{
#ifdef KSIM_ASAN
	unsigned int c;

	for (c = 0; c < KSIM_REGION_BINS; c++) {
		size_t chunk = c < KSIM_REGION_SMALL_MAX / 16 ?
			       (size_t)(c + 1) * 16 :
			       (size_t)1 << (c - KSIM_REGION_SMALL_MAX / 16 + 12);
		void *p;

		for (p = r->bins[c]; p; p = *(void **)p)
			region_poison((char *)p + REGION_LINK_BYTES,
				      chunk - REGION_LINK_BYTES);
	}
	region_poison(r->base + r->brk, r->high - r->brk);
#else
	(void)r;
#endif
}

void ksim_region_copy_out(struct ksim_region *r, void *to)
{
	region_unpoison(r->base, r->brk);
	memcpy(to, r->base, r->brk);
	region_repoison(r);
}

void ksim_region_copy_in(struct ksim_region *r, const void *from,
			 const struct ksim_region *saved)
{
	region_unpoison(r->base, r->high);
	memcpy(r->base, from, saved->brk);
	r->brk = saved->brk;
	memcpy(r->bins, saved->bins, sizeof(r->bins));
	region_repoison(r);
}
