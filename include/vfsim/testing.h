/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim testing seams: fault injection into the allocation and user-memory
 * seams of an instance, live-allocation accounting, the warning counter, the
 * invariant checker.  For test harnesses and fuzzers.
 */
#ifndef VFSIM_TESTING_H
#define VFSIM_TESTING_H

#include <vfsim/vfsim.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the allocation seam ------------------------------------------------ */

struct vfsim_alloc_stats {
	uint64_t live_objects;   /* allocations not yet freed */
	uint64_t live_bytes;     /* bytes requested by those */
	uint64_t peak_bytes;
	uint64_t total_allocs;   /* successful allocations, ever */
	uint64_t failed_allocs;  /* injected failures, ever */
	/* Bytes that liburcu's hash table keeps outside the seam (liburcu
	 * before 0.14 has no allocator hook for its bucket tables); counted
	 * here for honesty, never failed. */
	uint64_t external_bytes;
};

VFSIM_API void vfsim_alloc_stats(struct vfsim *v, struct vfsim_alloc_stats *st);
/**
 * vfsim_fail_nth_alloc - make the @n-th allocation from now fail (1 = the
 * next one); 0 disarms.  A countdown fails exactly once.
 */
VFSIM_API void vfsim_fail_nth_alloc(struct vfsim *v, unsigned long n);
/** Fail each allocation with probability @ppm / 1e6, from @seed; 0 disarms. */
VFSIM_API void vfsim_fail_alloc_random(struct vfsim *v, uint32_t ppm,
				       uint64_t seed);
/** True once an armed countdown has fired (and so was consumed). */
VFSIM_API bool vfsim_alloc_fault_fired(struct vfsim *v);
/**
 * vfsim_leak_report - print every live allocation (size and the allocating
 * call site) to @out; returns the number of live allocations.  Waits for
 * pending RCU callbacks first.
 */
VFSIM_API unsigned long vfsim_leak_report(struct vfsim *v, FILE *out);

/**
 * vfsim_destroy_check - vfsim_destroy(), then report every allocation the
 * teardown left behind to @report (may be NULL) and reclaim it.  Returns
 * the number of leaked objects plus the warnings raised during teardown:
 * 0 for a clean instance.
 */
VFSIM_API unsigned long vfsim_destroy_check(struct vfsim *v, FILE *report);

/* ---- the user-memory seam ----------------------------------------------- */

/** Mark [@addr, @addr+@len) unmapped: copies touching it give -EFAULT. */
VFSIM_API int vfsim_uaccess_unmap(struct vfsim *v, const void *addr, size_t len);
VFSIM_API void vfsim_uaccess_remap_all(struct vfsim *v);
/**
 * vfsim_fail_nth_uaccess - make the @n-th user copy from now fault after
 * copying @after bytes of it (0 = fault at once); @n = 0 disarms.
 */
VFSIM_API void vfsim_fail_nth_uaccess(struct vfsim *v, unsigned long n,
				      size_t after);
VFSIM_API bool vfsim_uaccess_fault_fired(struct vfsim *v);

/* ---- the LSM policy hook ------------------------------------------------- */

/*
 * The security hooks of the model, each a point where an LSM may refuse an
 * operation.  One harness callback decides for all of them: it gets which
 * hook is asked and about what, and returns 0 to allow or a negative errno
 * that the operation then fails with.  The callback runs inside the
 * syscall: it must not call back into the instance.
 */
enum vfsim_lsm_hook {
	VFSIM_LSM_SB_STATFS = 1,	/* security_sb_statfs(): fsinfo() */
};

struct vfsim_lsm_call {
	enum vfsim_lsm_hook hook;
	struct vfsim_task *task;	/* the caller */
	uint64_t sb_id;			/* the superblock's unique ID, or 0 */
	const char *fstype;		/* its filesystem type, or NULL */
};

typedef int (*vfsim_lsm_fn)(void *arg, const struct vfsim_lsm_call *call);

/** Install @fn as the instance's LSM policy (NULL: allow everything). */
VFSIM_API void vfsim_set_lsm_hook(struct vfsim *v, vfsim_lsm_fn fn, void *arg);

/* ---- kernel warnings and invariants ------------------------------------- */

/** Number of WARN_ON()s and refcount warnings the instance has hit. */
VFSIM_API unsigned long vfsim_warn_count(struct vfsim *v);
/** Waits for every pending RCU callback (rcu_barrier()). */
VFSIM_API void vfsim_rcu_barrier(void);
/**
 * vfsim_check_invariants - the tree is acyclic, parent/child links agree,
 * every mount is reachable and hashed, reference counts equal their holders.
 * Returns 0, or -EUCLEAN with the first violation described in @why.
 * The reference-count checks assume no syscall is in flight in another
 * thread (a syscall holds references the checker cannot see).
 */
VFSIM_API int vfsim_check_invariants(struct vfsim *v, char *why, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* VFSIM_TESTING_H */
