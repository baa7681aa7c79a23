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
	/*
	 * The allocator behind the seam: "jemalloc", "libc" or "snapshot".
	 * jemalloc is found when the first instance asks for it: a program
	 * linked with vfsim loads it at start, a process that dlopen()s the
	 * library (Python's ctypes) usually cannot, and such an instance
	 * falls back to "libc" with the reason in @allocator_note (the
	 * loader's message: "... cannot allocate memory in static TLS
	 * block"); "" otherwise.  Static strings.
	 */
	const char *allocator;
	const char *allocator_note;
};

VFSIM_API void vfsim_alloc_stats(struct vfsim *v, struct vfsim_alloc_stats *st);
/**
 * vfsim_fail_nth_alloc - make the @n-th allocation from now fail (1 = the
 * next one); 0 disarms.  A countdown fails exactly once.
 *
 * A failed allocation is what the kernel code would make of it, which is
 * not always -ENOMEM: as in Linux, a tmpfs (ramfs, rootfs) that cannot
 * allocate an inode says -ENOSPC (ramfs_mknod(), shmem_mknod()), so
 * mkdir, a file's creation or a symlink can fail with ENOSPC under a sweep.
 */
VFSIM_API void vfsim_fail_nth_alloc(struct vfsim *v, unsigned long n);
/** Fail each allocation with probability @ppm / 1e6, from @seed; 0 disarms. */
VFSIM_API void vfsim_fail_alloc_random(struct vfsim *v, uint32_t ppm,
				       uint64_t seed);
/** True once an armed countdown has fired (and so was consumed). */
VFSIM_API bool vfsim_alloc_fault_fired(struct vfsim *v);
/**
 * vfsim_leak_report - print the live allocations to @out; returns how many
 * there are.  Waits for pending RCU callbacks first.  Each allocation is
 * named (size and allocating call site) by an instance with tracked
 * allocations, the default of builds without NDEBUG; in release builds,
 * where the allocation seam keeps 16 bytes per object, one line gives the
 * count and the bytes.  VFSIM_ALLOC_TRACK=1 (or 0) in the environment
 * decides instead, for instances made after it is set.
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
/**
 * vfsim_check_changed - vfsim_check_invariants() at the cost of what
 * changed since the last check (`vfsim run --check` after each line).
 * The first call checks everything and starts the kernel marking the
 * mounts it changes; later calls check the marked mounts with their
 * parent, ring neighbours, master and superblock.  The invariants of
 * the whole namespace (its mount count, the tree walk's end, peer group
 * IDs, mount watch marks, fanotify marks, superblocks no changed mount
 * is on) are checked by a full check every K calls, K the namespace's
 * mount count (at least VFSIM_CHECK_FULL_MIN): the cost stays linear in
 * the run.  Returns as vfsim_check_invariants().
 */
#define VFSIM_CHECK_FULL_MIN 256
VFSIM_API int vfsim_check_changed(struct vfsim *v, char *why, size_t len);

/* ---- the mount notification walk ------------------------------------------ */

/** Make a rename race each of the next @n lockless passes of the mount
 *  notification walk (after its first step), forcing the retry under
 *  rename_lock that seed 002's read_seqbegin_or_lock() provides. */
VFSIM_API void vfsim_testing_rename_race(struct vfsim *v, unsigned int n);
/** How many times a mount notification walk has started over. */
VFSIM_API unsigned long vfsim_mount_walk_retries(const struct vfsim *v);

/* ---- interleavings ---------------------------------------------------------- */

/*
 * Points in the kernel where a test may stop the thread that reaches one,
 * to run another thread's call right there: an interleaving a stress run
 * meets only now and then, made every time.  @obj is the kernel object
 * the point is about, for tests that include the kernel's headers.
 */
enum vfsim_testing_point {
	/* mount(2) and the calls that attach a mount: namespace_sem held
	 * for writing, the target looked up, its dentry (@obj) not yet
	 * made a mountpoint */
	VFSIM_TESTING_LOCK_MOUNT = 1,
	/* about to take the dentry hash's lock to test that a new
	 * mountpoint's dentry (@obj) is still hashed, and mark it */
	VFSIM_TESTING_D_SET_MOUNTED = 2,
	/* a dentry (@obj) has just left the dentry hash, whose lock is
	 * still held: a superblock's shutdown, a dentry's last dput() */
	VFSIM_TESTING_D_UNHASHED = 3,
};
typedef void (*vfsim_testing_hook)(struct vfsim *v, int point, const void *obj, void *arg);
/**
 * vfsim_testing_set_hook - call @hook(@v, point, obj, @arg) in the thread
 * that reaches one of the points above, holding what the point says; it
 * may block to wait for another thread, but must not call into @v.  NULL
 * removes it.  Set it with no call in flight.
 */
VFSIM_API void vfsim_testing_set_hook(struct vfsim *v, vfsim_testing_hook hook, void *arg);

/* ---- a watchable test object ---------------------------------------------- */

/*
 * Objects that only exist to be watched, so that the notification queue can
 * be driven without mounts or superblocks (as keys drive it in Linux).  An
 * object is named by a 64-bit id and created by its first watch; a watch
 * on it has watch->id = @object, so removal records carry @object.
 */

/** Watch @object through the notification pipe @watch_fd with @watch_id
 *  (0..255).  -EINVAL (bad fd, not a notification pipe, bad id), -EBUSY
 *  (this pipe already watches @object), -ENOMEM. */
VFSIM_API long vfsim_test_watch(struct vfsim_task *t, int watch_fd,
				uint64_t object, int watch_id);
/** remove_watch_from_object(): the pipe's watch on @object goes, with a
 *  REMOVAL record (16 bytes, or 8 when @object is 0); -EBADSLT if none. */
VFSIM_API long vfsim_test_unwatch(struct vfsim_task *t, int watch_fd,
				  uint64_t object);
/** post_watch_notification() of @record (read through the user-memory
 *  seam; its length is in its info field, 8..127) to @object's watchers,
 *  as task @t.  -EINVAL for a bad length; 0 even if nobody watches. */
VFSIM_API long vfsim_test_post(struct vfsim_task *t, uint64_t object,
			       const void *record);
/** The object dies: remove_watch_list(), a REMOVAL record to every
 *  watcher.  -ENOENT if there is no such object. */
VFSIM_API long vfsim_test_destroy_object(struct vfsim_task *t, uint64_t object);

#ifdef __cplusplus
}
#endif
#endif /* VFSIM_TESTING_H */
