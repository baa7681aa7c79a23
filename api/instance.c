// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Making and freeing an instance: the options checked and turned into the
 * kernel's settings, the heap behind the allocation seam, and the leak
 * report at the end.  struct vfsim itself comes from libc (it holds the
 * heap the seam allocates from).
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define VFSIM_DEFAULT_MHASH_SHIFT 4

const char *vfsim_version(void)
{
	return VFSIM_VERSION_STRING;
}

int vfsim_create(const struct vfsim_options *opts, struct vfsim **out)
{
	static const struct vfsim_options defaults;
	enum ksim_allocator kind;
	struct vfsim *v;
	u64 clock_ns;
	int err;

	if (!out)
		return -EINVAL;
	*out = NULL;
	if (!opts)
		opts = &defaults;
	if (opts->mhash_shift > 20)
		return -EINVAL;
	switch (opts->allocator) {
	case VFSIM_ALLOC_DEFAULT:
		kind = ksim_jemalloc_available() ? KSIM_ALLOC_JEMALLOC : KSIM_ALLOC_LIBC;
		break;
	case VFSIM_ALLOC_LIBC:
		kind = KSIM_ALLOC_LIBC;
		break;
	case VFSIM_ALLOC_JEMALLOC:
		if (!ksim_jemalloc_available())
			return -EOPNOTSUPP;
		kind = KSIM_ALLOC_JEMALLOC;
		break;
	case VFSIM_ALLOC_SNAPSHOT:
		kind = KSIM_ALLOC_REGION;
		break;
	default:
		return -EINVAL;
	}

	ksim_ua_fault_handler_check();
	v = calloc(1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	err = ksim_ctx_init_region(&v->ctx, kind, opts->region_size);
	if (err) {
		free(v);
		return err;
	}
	if (opts->allocator == VFSIM_ALLOC_DEFAULT && kind == KSIM_ALLOC_LIBC)
		v->ctx.heap.fallback = ksim_jemalloc_why();
	v->quirks = opts->quirks;
	v->seed = opts->seed;
	v->nosleep = opts->nosleep;
	if (v->seed)
		ksim_heap_fail_random(&v->ctx.heap, 0, v->seed);
	/* The monotonic clock starts where the options say (S10, docs/errata.md). */
	clock_ns = opts->sb_id_start ? opts->sb_id_start :
		   1000000000ULL + (opts->seed % 1000000ULL) * 1000ULL;
	err = kernel_init(v, opts->mhash_shift ? opts->mhash_shift :
			  VFSIM_DEFAULT_MHASH_SHIFT, clock_ns,
			  builtin_pernet_ops, nr_builtin_pernet_ops);
	if (err) {
		ksim_ctx_fini(&v->ctx);
		free(v);
		return err;
	}
	if (opts->mount_max)
		v->mount_max = opts->mount_max;
	*out = v;
	return 0;
}

/* Tear down, then report and reclaim whatever leaked: returns the number of
 * leaked objects plus warnings raised during the teardown. */
unsigned long vfsim_destroy_check(struct vfsim *v, FILE *report)
{
	unsigned long warns_before, bad;

	if (!v)
		return 0;
	warns_before = (unsigned long)atomic_long_read(&v->ctx.warnings);
	kernel_teardown(v);
	kernel_image_free(v);
	bad = ksim_heap_report(&v->ctx.heap, report);
	bad += (unsigned long)atomic_long_read(&v->ctx.warnings) - warns_before;
	ksim_ctx_fini(&v->ctx);
	free(v);
	return bad;
}

int vfsim_snapshot(struct vfsim *v)
{
	return v ? kernel_snapshot(v) : -EINVAL;
}

int vfsim_reset(struct vfsim *v)
{
	return v ? kernel_reset(v) : -EINVAL;
}

void vfsim_destroy(struct vfsim *v)
{
	vfsim_destroy_check(v, stderr);
}
