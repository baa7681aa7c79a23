// SPDX-License-Identifier: LGPL-2.1-or-later
/* The testing seams of include/vfsim/testing.h. */
#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfsim/testing.h>

void vfsim_alloc_stats(struct vfsim *v, struct vfsim_alloc_stats *st)
{
	struct ksim_heap snap;

	ksim_heap_stats(&v->ctx.heap, &snap);
	st->live_objects = snap.live_objects;
	st->live_bytes = snap.live_bytes;
	st->peak_bytes = snap.peak_bytes;
	st->total_allocs = snap.total_allocs;
	st->failed_allocs = snap.failed_allocs;
	st->external_bytes = 0;
	st->allocator = snap.kind == KSIM_ALLOC_JEMALLOC ? "jemalloc" :
			snap.kind == KSIM_ALLOC_REGION ? "snapshot" : "libc";
	st->allocator_note = snap.fallback ? snap.fallback : "";
	if (v->mnt_id_ht) {
		/* the bucket arrays of the mount-ID tables (the 32-bit and the
		 * unique one, resized together), at their current size */
		long split, removed;
		unsigned long count;

		rcu_read_lock();
		cds_lfht_count_nodes(v->mnt_id_ht, &split, &count, &removed);
		rcu_read_unlock();
		st->external_bytes = (u64)(count > 64 ? count : 64UL) * 2 * sizeof(void *) *
				     (v->mnt_id_unique_ht ? 2 : 1);
	}
}

void vfsim_fail_nth_alloc(struct vfsim *v, unsigned long n)
{
	ksim_heap_fail_nth(&v->ctx.heap, n);
}

void vfsim_fail_alloc_random(struct vfsim *v, uint32_t ppm, uint64_t seed)
{
	ksim_heap_fail_random(&v->ctx.heap, ppm, seed);
}

bool vfsim_alloc_fault_fired(struct vfsim *v)
{
	struct ksim_heap snap;

	ksim_heap_stats(&v->ctx.heap, &snap);
	return snap.fault_fired;
}

unsigned long vfsim_leak_report(struct vfsim *v, FILE *out)
{
	ksim_rcu_thread_enter();
	ksim_heap_rcu_flush(&v->ctx.heap);
	return ksim_heap_report(&v->ctx.heap, out);
}

int vfsim_uaccess_unmap(struct vfsim *v, const void *addr, size_t len)
{
	return ksim_ua_unmap(&v->ctx.ua, addr, len);
}

void vfsim_uaccess_remap_all(struct vfsim *v)
{
	ksim_ua_remap_all(&v->ctx.ua);
}

void vfsim_fail_nth_uaccess(struct vfsim *v, unsigned long n, size_t after)
{
	ksim_ua_fail_nth(&v->ctx.ua, n, after);
}

bool vfsim_uaccess_fault_fired(struct vfsim *v)
{
	bool fired;

	pthread_mutex_lock(&v->ctx.ua.lock);
	fired = v->ctx.ua.fault_fired;
	pthread_mutex_unlock(&v->ctx.ua.lock);
	return fired;
}

unsigned long vfsim_warn_count(struct vfsim *v)
{
	return (unsigned long)atomic_long_read(&v->ctx.warnings);
}

void vfsim_rcu_barrier(void)
{
	ksim_rcu_thread_enter();
	ksim_rcu_barrier_all();
}

_Static_assert((int)VFSIM_TESTING_LOCK_MOUNT == (int)TESTING_LOCK_MOUNT &&
	       (int)VFSIM_TESTING_D_SET_MOUNTED == (int)TESTING_D_SET_MOUNTED &&
	       (int)VFSIM_TESTING_D_UNHASHED == (int)TESTING_D_UNHASHED,
	       "the testing points are the kernel's");

void vfsim_testing_set_hook(struct vfsim *v, vfsim_testing_hook hook, void *arg)
{
	if (!v)
		return;
	v->testing_hook_arg = arg;
	WRITE_ONCE(v->testing_hook, hook);
}
