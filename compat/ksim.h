/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The compat layer's own state, one per simulated kernel (no kernel
 * counterpart, hence the ksim_ prefix): the heap behind the allocation seam,
 * the user-memory seam, the warning counter and the oops hook.  Kernel code
 * never touches this directly; it reaches it through kmalloc(),
 * copy_to_user(), WARN_ON() and friends.
 */
#ifndef _VFSIM_COMPAT_KSIM_H
#define _VFSIM_COMPAT_KSIM_H

#include <pthread.h>
#include <stdio.h>
#include <linux/atomic.h>
#include <linux/current.h>
#include <linux/list.h>

enum ksim_allocator {
	KSIM_ALLOC_LIBC = 1,
	KSIM_ALLOC_JEMALLOC = 2,
	KSIM_ALLOC_REGION = 3,		/* alloc_region.c: restorable */
};

/*
 * Size classes of a region (alloc_region.c): 16-byte steps up to 2 KiB,
 * then powers of two.
 */
#define KSIM_REGION_SMALL_MAX	2048
#define KSIM_REGION_BINS	(KSIM_REGION_SMALL_MAX / 16 + 48)

/*
 * One reserved range of address space that all of a heap's objects, and
 * the free lists between them, live in: nothing of the heap is anywhere
 * else, so the bytes below brk plus this struct are the whole heap, and
 * copying them back restores it (vfsim_snapshot()/vfsim_reset()).
 */
struct ksim_region {
	char *base;
	size_t size;			/* reserved; the pages come on first touch */
	size_t brk;			/* handed out so far */
	size_t high;			/* the largest brk since the region was made */
	void *bins[KSIM_REGION_BINS];	/* free chunks per class, chained */
};

/* What ksim_heap_save() keeps of a region heap for ksim_heap_restore(). */
struct ksim_heap_image {
	struct ksim_region region;	/* brk and free lists at the time */
	void *bytes;			/* copy of region.base[0, region.brk) */
	struct list_head live;		/* the live list's ends */
	u64 live_objects, live_bytes, peak_bytes;
	u64 total_allocs, failed_allocs;
	void *deferred;
	unsigned int nr_deferred;
	u64 deferred_objects, deferred_bytes;
};

/*
 * jemalloc arenas (compat/alloc.c, arena_get()): this many live instances
 * get an arena of their own, the others share one of KSIM_ARENA_SHARED.
 */
#define KSIM_ARENA_PRIVATE_MAX	64
#define KSIM_ARENA_SHARED	8

struct ksim_heap {
	/* held for a few instructions per kmalloc()/kfree(): a spinlock is
	 * half the cost of an uncontended mutex there */
	pthread_spinlock_t lock;
	/* Tracked heap (compat/alloc.c): every object's call site, and the
	 * objects on the live list, oldest first; 32 more bytes an object. */
	bool track;
	struct list_head live;
	/* Objects kfree_rcu() was given count as live until they are freed. */
	u64 live_objects, live_bytes, peak_bytes;
	u64 total_allocs, failed_allocs;
	u64 external_bytes;		/* memory we know of but cannot route */
	unsigned long fail_countdown;	/* 0: disarmed */
	bool fault_fired;
	/* A countdown or a probability is set (under lock, read without it):
	 * with nothing armed an allocation does not take the lock to ask. */
	bool armed;
	u32 fail_ppm;
	u64 rng;
	enum ksim_allocator kind;
	/* Why a heap that was to be jemalloc's is libc's (a static string,
	 * compat/alloc_jemalloc.c), or NULL. */
	const char *fallback;
	unsigned int arena;		/* jemalloc arena of this instance */
	int arena_slot;			/* -1: its own; else which shared one */
	struct ksim_region region;	/* KSIM_ALLOC_REGION */
	/* Thread caches for the arena (alloc_tcache.c), under its registry
	 * lock: */
	u64 tc_gen;			/* unique per heap; 0: none */
	/*
	 * kfree_rcu() of this heap (alloc.c): objects wait here, chained,
	 * for the next grace period the heap itself waits out, and go to
	 * liburcu's call_rcu worker only in batches; rcu_barrier() of an
	 * instance then costs one synchronize_rcu() instead of the worker's
	 * 10 ms nap.  Under lock.
	 */
	void *deferred;
	unsigned int nr_deferred;	/* on the chain */
	u64 deferred_objects, deferred_bytes;	/* until freed, batches too */
	long batches_in_flight;		/* handed to call_rcu, not yet freed */
	struct list_head all_link;	/* on the list of every heap */
	struct list_head tc_link;	/* on the registry */
	unsigned int *tc_ids, tc_nr, tc_cap;
};

struct ksim_range {
	uintptr_t start, end;
};

struct ksim_uaccess {
	pthread_mutex_t lock;
	struct ksim_range *ranges;	/* harness memory: plain libc */
	size_t nr, cap;
	unsigned long countdown;	/* 0: disarmed */
	size_t after;
	bool fault_fired;
	/* Ranges or a countdown are set (under lock, read without it): with
	 * nothing armed a user copy takes no lock, so threads copying at the
	 * same time do not serialise on the seam. */
	bool armed;
};

typedef void (*ksim_oops_fn)(void *arg, const char *function, const char *reason);

struct ksim_ctx {
	struct ksim_heap heap;
	struct ksim_uaccess ua;
	atomic_long_t warnings;
	ksim_oops_fn oops_hook;
	void *oops_arg;
};

/*
 * @region_size: bytes of address space a KSIM_ALLOC_REGION heap reserves
 * (0: KSIM_REGION_DEFAULT_SIZE); ignored by the other kinds.
 */
#define KSIM_REGION_DEFAULT_SIZE (1UL << 30)
int ksim_ctx_init_region(struct ksim_ctx *ctx, enum ksim_allocator kind, size_t region_size);
int ksim_ctx_init(struct ksim_ctx *ctx, enum ksim_allocator kind);
/* With a tracked heap or not (the others: ksim_alloc_track_default()). */
int ksim_ctx_init_track(struct ksim_ctx *ctx, enum ksim_allocator kind, size_t region_size,
			bool track);
/* Tracked unless NDEBUG, or as VFSIM_ALLOC_TRACK=0|1 says. */
bool ksim_alloc_track_default(void);
/* The seam's own bytes in front of every object of @h. */
size_t ksim_heap_hdr_size(const struct ksim_heap *h);
/* Frees nothing the kernel leaked: call after the leak check. */
void ksim_ctx_fini(struct ksim_ctx *ctx);

/* Make @ctx the running kernel of this thread; returns the previous one. */
static inline struct ksim_ctx *ksim_ctx_switch(struct ksim_ctx *ctx)
{
	struct ksim_ctx *prev = ksim_cur_ctx;

	ksim_cur_ctx = ctx;
	return prev;
}

/*
 * The leak check: the number of live objects (not counting those waiting
 * for a grace period), each reported to @out (may be NULL) with its size
 * and call site by a tracked heap, in one line by count and bytes by a
 * compact one.
 */
unsigned long ksim_heap_report(struct ksim_heap *h, FILE *out);
/* Free every object of @h that kfree_rcu() was given so far, waiting out a
 * grace period if any is pending.  Not from a read-side critical section. */
void ksim_heap_rcu_flush(struct ksim_heap *h);
/* The same for every heap, then every call_rcu callback. */
void ksim_rcu_barrier_all(void);
/* The counters and flags of @h, read together (lists and lock not copied). */
void ksim_heap_stats(struct ksim_heap *h, struct ksim_heap *snap);
/*
 * A region heap's contents: saved into @img (-ENOMEM if the copy cannot
 * be made, -EOPNOTSUPP for another kind), and put back.  Nothing else may
 * run in the heap's instance meanwhile.  A restore keeps what belongs to
 * the harness (fault injection, the lock, the registries); it waits for
 * deferred frees already handed to call_rcu, which would otherwise free
 * into the restored bytes.
 */
int ksim_heap_save(struct ksim_heap *h, struct ksim_heap_image *img);
/*
 * Zeroed libc memory for what the harness keeps about @h (images): not
 * the heap's, so it survives a restore, but failing when an allocation of
 * @h would, so that fault sweeps reach the callers' error paths.
 */
void *ksim_heap_xalloc(struct ksim_heap *h, size_t size);
void ksim_heap_restore(struct ksim_heap *h, const struct ksim_heap_image *img);
void ksim_heap_image_free(struct ksim_heap_image *img);
void ksim_heap_fail_nth(struct ksim_heap *h, unsigned long n);
void ksim_heap_fail_random(struct ksim_heap *h, u32 ppm, u64 seed);

int ksim_ua_unmap(struct ksim_uaccess *ua, const void *addr, size_t len);
void ksim_ua_remap_all(struct ksim_uaccess *ua);
void ksim_ua_fail_nth(struct ksim_uaccess *ua, unsigned long n, size_t after);
/*
 * The SIGSEGV/SIGBUS handler that turns a fault in a user copy into
 * -EFAULT (compat/uaccess_fault.c): installed by the first copy, and again
 * here if the program put another in its place since (vfsim_create()).
 */
void ksim_ua_fault_handler_check(void);

/* A simulated oops: report through the hook instead of crashing. */
void ksim_oops(const char *function, const char *reason);

/* jemalloc can serve instances (found at run time: compat/alloc_jemalloc.c). */
bool ksim_jemalloc_available(void);
/* Why it cannot (a static string), or NULL. */
const char *ksim_jemalloc_why(void);

#endif
