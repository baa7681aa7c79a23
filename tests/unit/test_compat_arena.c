/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * jemalloc arenas and instances (compat/alloc.c, arena_get()): the first
 * KSIM_ARENA_PRIVATE_MAX live instances get an arena each, the others
 * share a few, so that more instances than jemalloc has arenas (4,095)
 * can live in one process, each with its own accounting and leak check.
 * Without jemalloc (sanitizer builds) the same instances use libc: the
 * counts must hold all the same.
 */
#include <stdlib.h>

#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/ksim_fixture.h"

TestSuite(compat_arena, .init = rcu_setup);

/* More than jemalloc's 4,095 arenas: 4,200 empty instances at once. */
#define MANY 4200

Test(compat_arena, more_instances_than_arenas)
{
	struct vfsim **vs = calloc(MANY, sizeof(*vs));
	unsigned long shared = 0;

	cr_assert_not_null(vs);
	for (int i = 0; i < MANY; i++) {
		cr_assert_eq(vfsim_create(NULL, &vs[i]), 0, "instance %d", i + 1);
		shared += vs[i]->ctx.heap.arena_slot >= 0;
	}
	if (ksim_jemalloc_available())
		cr_assert_eq(shared, MANY - KSIM_ARENA_PRIVATE_MAX);
	else
		cr_assert_eq(shared, 0);
	for (int i = MANY - 1; i >= 0; i--)
		cr_assert_eq(vfsim_destroy_check(vs[i], stderr), 0, "instance %d", i + 1);
	free(vs);
}

static void *charge(struct vfsim *v, size_t n)
{
	struct ksim_ctx *prev = ksim_ctx_switch(&v->ctx);
	void *p = kmalloc(n, GFP_KERNEL);

	ksim_ctx_switch(prev);
	cr_assert_not_null(p);
	return p;
}

static void uncharge(struct vfsim *v, void *p)
{
	struct ksim_ctx *prev = ksim_ctx_switch(&v->ctx);

	kfree(p);
	ksim_ctx_switch(prev);
}

/*
 * Two booted instances in one shared arena: each counts its own objects,
 * one dies with the other's objects live, and a private arena is handed
 * out again once the private ones are fewer than the limit.
 */
Test(compat_arena, shared_arena_keeps_instances_apart)
{
	enum { N = KSIM_ARENA_PRIVATE_MAX + KSIM_ARENA_SHARED + 1 };
	struct vfsim_alloc_stats sa, sb, sa2;
	struct vfsim *vs[N], *a, *b, *c;
	void *pa, *pb;

	if (!ksim_jemalloc_available())
		cr_skip_test("no jemalloc in this build");
	for (int i = 0; i < N; i++)
		cr_assert_eq(vfsim_create(NULL, &vs[i]), 0);
	a = vs[KSIM_ARENA_PRIVATE_MAX];
	b = vs[N - 1];
	cr_assert_eq(vs[KSIM_ARENA_PRIVATE_MAX - 1]->ctx.heap.arena_slot, -1);
	cr_assert_geq(a->ctx.heap.arena_slot, 0);
	cr_assert_eq(a->ctx.heap.arena_slot, b->ctx.heap.arena_slot,
		     "the least used shared arena: a's, again");
	cr_assert_eq(a->ctx.heap.arena, b->ctx.heap.arena);
	cr_assert_eq(vfsim_boot(a, "default"), 0);
	cr_assert_eq(vfsim_boot(b, "empty"), 0);
	vfsim_alloc_stats(a, &sa);
	vfsim_alloc_stats(b, &sb);
	pa = charge(a, 1000);
	pb = charge(b, 24);
	vfsim_alloc_stats(a, &sa2);
	cr_assert_eq(sa2.live_objects, sa.live_objects + 1);
	cr_assert_eq(sa2.live_bytes, sa.live_bytes + 1000);
	vfsim_alloc_stats(b, &sa2);
	cr_assert_eq(sa2.live_bytes, sb.live_bytes + 24);
	uncharge(b, pb);
	cr_assert_eq(vfsim_destroy_check(b, stderr), 0);
	memset(pa, 1, 1000);		/* a's memory outlives b */
	uncharge(a, pa);
	cr_assert_eq(vfsim_leak_report(a, NULL), sa.live_objects);
	cr_assert_eq(vfsim_destroy_check(a, stderr), 0);

	/* one private arena free again: the next instance gets it */
	cr_assert_eq(vfsim_destroy_check(vs[0], stderr), 0);
	cr_assert_eq(vfsim_create(NULL, &c), 0);
	cr_assert_eq(c->ctx.heap.arena_slot, -1);
	cr_assert_eq(vfsim_boot(c, "default"), 0);
	cr_assert_eq(vfsim_destroy_check(c, stderr), 0);
	for (int i = 1; i < N - 1; i++)
		if (i != KSIM_ARENA_PRIVATE_MAX)
			cr_assert_eq(vfsim_destroy_check(vs[i], stderr), 0);
}

/* Snapshot instances have a region each, never an arena */
Test(compat_arena, snapshot_instances_never_share)
{
	struct vfsim_options o = { .allocator = VFSIM_ALLOC_SNAPSHOT, .region_size = 1 << 22 };
	enum { N = KSIM_ARENA_PRIVATE_MAX + 2 };
	struct vfsim *vs[N], *s;

	for (int i = 0; i < N; i++)
		cr_assert_eq(vfsim_create(NULL, &vs[i]), 0);
	cr_assert_eq(vfsim_create(&o, &s), 0);
	cr_assert_eq(s->ctx.heap.arena_slot, -1);
	cr_assert_eq(vfsim_boot(s, "default"), 0);
	cr_assert_eq(vfsim_snapshot(s), 0);
	cr_assert_eq(vfsim_reset(s), 0);
	cr_assert_eq(vfsim_destroy_check(s, stderr), 0);
	for (int i = 0; i < N; i++)
		cr_assert_eq(vfsim_destroy_check(vs[i], stderr), 0);
}
