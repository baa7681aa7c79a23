// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * An instance saved and put back whole (vfsim_snapshot(), vfsim_reset()).
 *
 * Every object of a region-heap instance lives in its region
 * (compat/alloc_region.c), pointing only at other objects there, at
 * struct vfsim, or at static data.  So the kernel's state is the region's
 * bytes plus struct vfsim, and a reset is two copies, not a teardown and a
 * boot: a fresh tree for the price of a memcpy of the heap.
 *
 * What points the other way is liburcu's hash tables: their bucket arrays
 * come from libc (liburcu 0.13 has no allocator hook), and the nodes in
 * the region are chained through them.  They are emptied before the copy
 * and refilled with the nodes they held when the snapshot was taken.
 *
 * What belongs to the harness is kept as it is: the fault injection of
 * both seams, the warning counter, the oops hook, the testing hook.
 */
#include <stddef.h>
#include <stdlib.h>

#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>

/* The nodes of one rculfhash table and the hashes they were added with. */
struct lfht_image {
	struct cds_lfht_node **nodes;
	unsigned long *hashes;
	size_t nr;
};

/* Every rculfhash table of struct vfsim, and how to hash its nodes. */
static const struct {
	size_t offset;		/* of the struct cds_lfht * in struct vfsim */
	unsigned long (*hash)(struct cds_lfht_node *node);
} kernel_lfhts[] = {
	{ offsetof(struct vfsim, mnt_id_ht), mnt_id_node_hash },
	{ offsetof(struct vfsim, mnt_id_unique_ht), mnt_id_unique_node_hash },
};
#define NR_LFHTS ARRAY_SIZE(kernel_lfhts)

struct kernel_image {
	struct vfsim v;			/* the instance's struct as it was */
	struct ksim_heap_image heap;
	struct lfht_image lfht[NR_LFHTS];
};

static struct cds_lfht *kernel_lfht(struct vfsim *v, size_t i)
{
	return *(struct cds_lfht **)((char *)v + kernel_lfhts[i].offset);
}

static int lfht_image_save(struct vfsim *v, struct cds_lfht *ht, struct lfht_image *img,
			   unsigned long (*hash)(struct cds_lfht_node *node))
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;
	size_t n = 0;

	rcu_read_lock();
	cds_lfht_for_each(ht, &iter, node)
		n++;
	/* Harness memory: an image must outlive what the heap becomes. */
	img->nodes = ksim_heap_xalloc(&v->ctx.heap, n * sizeof(*img->nodes));
	img->hashes = ksim_heap_xalloc(&v->ctx.heap, n * sizeof(*img->hashes));
	if (!img->nodes || !img->hashes) {
		rcu_read_unlock();
		return -ENOMEM;
	}
	cds_lfht_for_each(ht, &iter, node) {
		img->nodes[img->nr] = node;
		img->hashes[img->nr++] = hash(node);
	}
	rcu_read_unlock();
	return 0;
}

static void lfht_image_free(struct lfht_image *img)
{
	free(img->nodes);
	free(img->hashes);
	img->nodes = NULL;
	img->hashes = NULL;
	img->nr = 0;
}

/* Before the region is overwritten: its nodes must be out of @ht. */
static void lfht_clear(struct cds_lfht *ht)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;

	rcu_read_lock();
	cds_lfht_for_each(ht, &iter, node)
		cds_lfht_del(ht, node);
	rcu_read_unlock();
}

/* After: the saved nodes, whose links the copy made stale, go back in. */
static void lfht_load(struct cds_lfht *ht, const struct lfht_image *img)
{
	size_t i;

	rcu_read_lock();
	for (i = 0; i < img->nr; i++)
		cds_lfht_add(ht, img->hashes[i], img->nodes[i]);
	rcu_read_unlock();
}

static void kernel_image_release(struct kernel_image *img)
{
	size_t i;

	if (!img)
		return;
	for (i = 0; i < NR_LFHTS; i++)
		lfht_image_free(&img->lfht[i]);
	ksim_heap_image_free(&img->heap);
	free(img);
}

void kernel_image_free(struct vfsim *v)
{
	kernel_image_release(v->image);
	v->image = NULL;
}

int kernel_snapshot(struct vfsim *v)
{
	struct kernel_image *img;
	struct vfsim_entry e;
	size_t i;
	int err;

	if (v->ctx.heap.kind != KSIM_ALLOC_REGION)
		return -EOPNOTSUPP;
	img = ksim_heap_xalloc(&v->ctx.heap, sizeof(*img));
	if (!img)
		return -ENOMEM;
	vfsim_enter_kernel(&e, v);
	err = ksim_heap_save(&v->ctx.heap, &img->heap);
	for (i = 0; i < NR_LFHTS && !err; i++)
		err = lfht_image_save(v, kernel_lfht(v, i), &img->lfht[i],
				      kernel_lfhts[i].hash);
	vfsim_leave(&e);
	if (err) {
		kernel_image_release(img);
		return err;
	}
	img->v = *v;
	kernel_image_release(v->image);
	v->image = img;
	return 0;
}

int kernel_reset(struct vfsim *v)
{
	struct kernel_image *img = v->image;
	struct cds_lfht *ht[NR_LFHTS];
	struct vfsim_entry e;
	struct ksim_ctx ctx;
	void (*hook)(struct vfsim *v, int point, const void *obj, void *arg);
	void *hook_arg;
	size_t i;

	if (!img)
		return -ENODATA;
	vfsim_enter_kernel(&e, v);
	for (i = 0; i < NR_LFHTS; i++) {
		ht[i] = kernel_lfht(v, i);
		lfht_clear(ht[i]);
	}
	ksim_heap_restore(&v->ctx.heap, &img->heap);
	/* struct vfsim as it was, but for the harness's part and the tables
	 * that live outside the region. */
	ctx = v->ctx;
	hook = v->testing_hook;
	hook_arg = v->testing_hook_arg;
	*v = img->v;
	v->ctx = ctx;
	v->testing_hook = hook;
	v->testing_hook_arg = hook_arg;
	v->image = img;
	for (i = 0; i < NR_LFHTS; i++) {
		*(struct cds_lfht **)((char *)v + kernel_lfhts[i].offset) = ht[i];
		lfht_load(ht[i], &img->lfht[i]);
	}
	vfsim_leave(&e);
	return 0;
}
