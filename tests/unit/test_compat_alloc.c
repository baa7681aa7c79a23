/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The allocation seam (compat/alloc.c), through both doors: the instance API
 * of <vfsim/testing.h>, which harnesses use, and the internal ksim_ctx API,
 * which lets a test drive kmalloc() and friends directly and know exactly
 * which allocation is the Nth.
 *
 * Criterion forks a process per test, so RCU registration happens in .init
 * (per test), never in a constructor.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/err.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <vfs/kernel.h>		/* struct vfsim: to charge an instance directly */
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

/* ---- a bare kernel context ------------------------------------------------ */

#include "common/ksim_fixture.h"

TestSuite(compat_alloc_ctx, .init = ctx_setup);
TestSuite(compat_alloc, .init = rcu_setup);

/* live objects, live bytes and the peak follow every kmalloc and kfree */
Test(compat_alloc_ctx, counters_track_live_and_peak)
{
	struct ksim_heap *h = &ctx.heap;
	void *a, *b;

	cr_assert_eq(h->live_objects, 0);
	a = kmalloc(100, GFP_KERNEL);
	b = kmalloc(28, GFP_KERNEL);
	cr_assert(a && b);
	cr_assert_eq(h->live_objects, 2);
	cr_assert_eq(h->live_bytes, 128);
	cr_assert_eq(h->peak_bytes, 128);
	cr_assert_eq(h->total_allocs, 2);
	kfree(a);
	cr_assert_eq(h->live_objects, 1);
	cr_assert_eq(h->live_bytes, 28);
	cr_assert_eq(h->peak_bytes, 128, "the peak is a high-water mark");
	kfree(b);
	kfree(NULL);			/* no-ops, as in the kernel */
	kfree(ERR_PTR(-ENOMEM));
	cr_assert_eq(h->live_objects, 0);
	cr_assert_eq(h->total_allocs, 2);
	cr_assert_eq(h->failed_allocs, 0);
	ctx_finish();
}

/* kzalloc/kcalloc hand out zeroes; kmalloc poisons so uninitialised use shows */
Test(compat_alloc_ctx, kzalloc_zeroes_kmalloc_poisons)
{
	unsigned char *z = kzalloc(257, GFP_KERNEL);
	unsigned char *m = kmalloc(257, GFP_KERNEL);
	unsigned char *c = kcalloc(9, 31, GFP_KERNEL);

	cr_assert(z && m && c);
	cr_assert(all_bytes(z, 0, 257));
	cr_assert(all_bytes(m, 0xa5, 257));
	cr_assert(all_bytes(c, 0, 9 * 31));
	cr_assert_eq(ksize(c), 9 * 31);
	kfree(z);
	kfree(m);
	kfree(c);
	ctx_finish();
}

/* ksize is at least what was asked for, and the whole of it is usable */
Test(compat_alloc_ctx, ksize)
{
	char *p = kmalloc(37, GFP_KERNEL);

	cr_assert_not_null(p);
	cr_assert_geq(ksize(p), 37);
	memset(p, 'x', ksize(p));	/* ASan would catch a short block */
	cr_assert_eq(ksize(NULL), 0);
	kfree(p);
	ctx_finish();
}

/* A countdown fails exactly the Nth allocation, once, and says it fired */
Test(compat_alloc_ctx, countdown_fails_nth_once)
{
	void *p[6];

	ksim_heap_fail_nth(&ctx.heap, 3);
	for (int i = 0; i < 6; i++) {
		p[i] = kmalloc(8, GFP_KERNEL);
		cr_assert_eq(ctx.heap.fault_fired, i >= 2, "fired after alloc %d", i + 1);
	}
	for (int i = 0; i < 6; i++)
		cr_assert_eq(p[i] == NULL, i == 2, "allocation %d", i + 1);
	cr_assert_eq(ctx.heap.failed_allocs, 1);
	cr_assert_eq(ctx.heap.total_allocs, 5, "a failed allocation is not counted");
	cr_assert_eq(ctx.heap.live_objects, 5);
	for (int i = 0; i < 6; i++)
		kfree(p[i]);

	/* 0 disarms, and re-arming clears the fired flag */
	ksim_heap_fail_nth(&ctx.heap, 1);
	ksim_heap_fail_nth(&ctx.heap, 0);
	cr_assert_not(ctx.heap.fault_fired);
	p[0] = kmalloc(8, GFP_KERNEL);
	cr_assert_not_null(p[0]);
	cr_assert_not(ctx.heap.fault_fired);
	kfree(p[0]);
	ctx_finish();
}

/*
 * __GFP_NOFAIL is a "benign" allocation: never failed, by countdown or by
 * probability, and it does not consume an armed countdown either (so the
 * countdown still lands on the Nth failable allocation).
 */
Test(compat_alloc_ctx, nofail_never_fails)
{
	void *p, *q;

	ksim_heap_fail_nth(&ctx.heap, 1);
	p = kmalloc(16, GFP_KERNEL | __GFP_NOFAIL);
	cr_assert_not_null(p);
	cr_assert_not(ctx.heap.fault_fired);
	q = kmalloc(16, GFP_KERNEL);
	cr_assert_null(q, "the countdown moves on to the next failable allocation");
	cr_assert(ctx.heap.fault_fired);
	kfree(p);

	ksim_heap_fail_random(&ctx.heap, 1000000, 1);	/* fail everything */
	for (int i = 0; i < 100; i++) {
		p = kzalloc(16, GFP_KERNEL | __GFP_NOFAIL);
		cr_assert_not_null(p);
		kfree(p);
	}
	cr_assert_null(kmalloc(16, GFP_KERNEL));
	ksim_heap_fail_random(&ctx.heap, 0, 0);
	ctx_finish();
}

static u64 random_pattern(u32 ppm, u64 seed, unsigned long *fails)
{
	u64 pattern = 0;

	ksim_heap_fail_random(&ctx.heap, ppm, seed);
	*fails = 0;
	for (int i = 0; i < 64; i++) {
		void *p = kmalloc(4, GFP_KERNEL);

		if (!p) {
			pattern |= 1ULL << i;
			(*fails)++;
		}
		kfree(p);
	}
	ksim_heap_fail_random(&ctx.heap, 0, 0);
	return pattern;
}

/* Seeded failures replay: same seed, same allocations fail */
Test(compat_alloc_ctx, random_failure_reproducible)
{
	unsigned long f1, f2, f3;
	u64 a = random_pattern(300000, 42, &f1);
	u64 b = random_pattern(300000, 42, &f2);
	u64 c = random_pattern(300000, 43, &f3);

	cr_assert_eq(a, b, "same seed, same failures");
	cr_assert_eq(f1, f2);
	cr_assert_neq(a, c, "another seed, other failures");
	cr_assert(f1 > 0 && f1 < 64, "30%% of 64 failed %lu", f1);
	cr_assert_eq(ctx.heap.failed_allocs, f1 + f2 + f3);
	cr_assert_not(ctx.heap.fault_fired, "fault_fired is the countdown's flag");
	cr_assert_eq(random_pattern(0, 42, &f1), 0, "ppm 0 disarms");
	ctx_finish();
}

/*
 * kfree_rcu: the object leaves the live count only after a grace period.
 * Holding rcu_read_lock() across the check keeps the grace period from
 * ending early, so this is not timing dependent.
 */
Test(compat_alloc_ctx, kfree_rcu_frees_after_grace_period)
{
	void *p = kmalloc(48, GFP_KERNEL);

	cr_assert_not_null(p);
	rcu_read_lock();
	kfree_rcu(p, rcu);
	cr_assert_eq(ctx.heap.live_objects, 1, "freed before the grace period");
	cr_assert_eq(ctx.heap.live_bytes, 48);
	rcu_read_unlock();
	rcu_barrier();
	cr_assert_eq(ctx.heap.live_objects, 0);
	cr_assert_eq(ctx.heap.live_bytes, 0);
	ksim_kfree_rcu(NULL);
	ctx_finish();
}

/* The string and copy helpers allocate exactly what they need */
Test(compat_alloc_ctx, string_helpers)
{
	static const unsigned char blob[5] = { 1, 2, 0, 4, 5 };
	char *s = kstrdup("mount", GFP_KERNEL);
	char *n = kstrndup("watch_queue", 5, GFP_KERNEL);
	char *shortn = kstrndup("ab", 10, GFP_KERNEL);
	char *f = kasprintf(GFP_KERNEL, "%s-%d", "mnt", 42);
	unsigned char *m = kmemdup(blob, sizeof(blob), GFP_KERNEL);

	cr_assert_str_eq(s, "mount");
	cr_assert_eq(ksize(s), 6);
	cr_assert_str_eq(n, "watch");
	cr_assert_eq(ksize(n), 6);
	cr_assert_str_eq(shortn, "ab");
	cr_assert_str_eq(f, "mnt-42");
	cr_assert_eq(ksize(f), 7);
	cr_assert_not_null(m);
	cr_assert_arr_eq(m, blob, sizeof(blob));
	cr_assert_null(kstrdup(NULL, GFP_KERNEL));
	cr_assert_eq(ctx.heap.live_objects, 5);
	kfree(s);
	kfree(n);
	kfree(shortn);
	kfree(f);
	kfree(m);

	/* and they pass an injected failure through as NULL */
	ksim_heap_fail_nth(&ctx.heap, 1);
	cr_assert_null(kstrdup("x", GFP_KERNEL));
	ksim_heap_fail_nth(&ctx.heap, 1);
	cr_assert_null(kasprintf(GFP_KERNEL, "%d", 1));
	ksim_heap_fail_nth(&ctx.heap, 1);
	cr_assert_null(kmemdup(blob, sizeof(blob), GFP_KERNEL));
	ctx_finish();
}

/* Overflowing sizes give NULL without touching the allocator or the counters */
Test(compat_alloc_ctx, overflow_gives_null)
{
	size_t half = SIZE_MAX / 2 + 1;

	cr_assert_null(kcalloc(half, 2, GFP_KERNEL));
	cr_assert_null(kcalloc(SIZE_MAX, SIZE_MAX, GFP_KERNEL));
	cr_assert_null(kvcalloc(3, SIZE_MAX / 2, GFP_KERNEL));
	cr_assert_null(kmalloc(SIZE_MAX, GFP_KERNEL));
	cr_assert_null(kmalloc(SIZE_MAX - sizeof(long), GFP_KERNEL),
		       "header + size must not wrap");
	cr_assert_eq(ctx.heap.total_allocs, 0);
	cr_assert_eq(ctx.heap.failed_allocs, 0, "not an injected failure");
	ctx_finish();
}

/* A tracked heap's leak report names each live object's size and call site */
Test(compat_alloc, leak_report_names_call_site)
{
	char *buf = NULL, want[64];
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct ksim_ctx c, *prev;
	void *p, *q;
	int line;

	cr_assert_eq(ksim_ctx_init_track(&c, KSIM_ALLOC_LIBC, 0, true), 0);
	cr_assert_eq(ksim_heap_hdr_size(&c.heap), 48);
	prev = ksim_ctx_switch(&c);
	p = kmalloc(77, GFP_KERNEL); line = __LINE__;
	q = kmalloc(5, GFP_KERNEL);
	cr_assert_not_null(out);
	kfree_rcu(q, rcu);
	cr_assert_eq(ksim_heap_report(&c.heap, out), 1, "the deferred one is not a leak");
	fclose(out);
	snprintf(want, sizeof(want), "test_compat_alloc.c:%d", line);
	cr_assert(strstr(buf, want), "report: %s", buf);
	cr_assert(strstr(buf, "77 bytes from"), "report: %s", buf);
	free(buf);
	cr_assert_eq(ksim_heap_report(&c.heap, NULL), 1, "NULL stream still counts");
	kfree(p);
	rcu_barrier();
	cr_assert_eq(ksim_heap_report(&c.heap, stderr), 0);
	ksim_ctx_switch(prev);
	ksim_ctx_fini(&c);
}

/* A compact heap's report is one line, by count and bytes */
Test(compat_alloc, compact_leak_report_counts)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct ksim_ctx c, *prev;
	void *p, *q, *r;

	cr_assert_eq(ksim_ctx_init_track(&c, KSIM_ALLOC_LIBC, 0, false), 0);
	cr_assert_eq(ksim_heap_hdr_size(&c.heap), 16);
	prev = ksim_ctx_switch(&c);
	p = kmalloc(77, GFP_KERNEL);
	q = kmalloc(23, GFP_KERNEL);
	r = kmalloc(1000, GFP_KERNEL);
	cr_assert(p && q && r);
	cr_assert_eq(ksize(r), 1000);
	rcu_read_lock();
	kfree_rcu(r, rcu);
	cr_assert_eq(c.heap.live_objects, 3, "freed before the grace period");
	rcu_read_unlock();
	cr_assert_eq(ksim_heap_report(&c.heap, NULL), 2, "the deferred one is not a leak");
	cr_assert_eq(ksim_heap_report(&c.heap, out), 2);
	fclose(out);
	cr_assert(strstr(buf, "leak: 2 objects, 100 bytes"), "report: %s", buf);
	free(buf);
	kfree(p);
	kfree(q);
	rcu_barrier();
	cr_assert_eq(c.heap.live_objects, 0);
	cr_assert_eq(c.heap.live_bytes, 0);
	out = open_memstream(&buf, &len);
	cr_assert_eq(ksim_heap_report(&c.heap, out), 0);
	fclose(out);
	cr_assert_eq(len, 0, "nothing to say: %s", buf);
	free(buf);
	ksim_ctx_switch(prev);
	ksim_ctx_fini(&c);
}

/*
 * Every kind of heap, tracked and compact: counters, zeroing, kfree_rcu()
 * in batches past KMEM_RCU_BATCH (256) and in a partial one, and a leak
 * left for the teardown to reclaim where it can.
 */
Test(compat_alloc, every_heap_both_headers)
{
	static const enum ksim_allocator kinds[] = {
		KSIM_ALLOC_LIBC, KSIM_ALLOC_JEMALLOC, KSIM_ALLOC_REGION,
	};

	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
		for (int track = 0; track < 2; track++) {
			struct ksim_ctx c, *prev;
			static void *p[700];
			int err = ksim_ctx_init_track(&c, kinds[k], 1 << 24, track);
			bool reclaims = track || kinds[k] != KSIM_ALLOC_LIBC;

			if (kinds[k] == KSIM_ALLOC_JEMALLOC && !ksim_jemalloc_available()) {
				cr_assert_eq(err, -EOPNOTSUPP);
				continue;
			}
			cr_assert_eq(err, 0, "kind %d track %d", kinds[k], track);
			cr_assert_eq(ksim_heap_hdr_size(&c.heap), track ? 48 : 16);
			prev = ksim_ctx_switch(&c);
			for (int i = 0; i < 700; i++) {
				size_t n = 1 + (size_t)(i * 37) % 3000;

				p[i] = kzalloc(n, GFP_KERNEL);
				cr_assert_not_null(p[i]);
				cr_assert(all_bytes(p[i], 0, n));
				cr_assert_eq(((uintptr_t)p[i]) % 16, 0, "aligned as malloc's");
			}
			cr_assert_eq(c.heap.live_objects, 700);
			for (int i = 0; i < 600; i++)
				kfree_rcu(p[i], rcu);
			cr_assert_eq(ksim_heap_report(&c.heap, NULL), 100);
			for (int i = 600; i < 700 - reclaims; i++)
				kfree(p[i]);
			rcu_barrier();
			cr_assert_eq(c.heap.live_objects, reclaims);
			cr_assert_eq(ksim_heap_report(&c.heap, NULL), reclaims);
			ksim_ctx_switch(prev);
			ksim_ctx_fini(&c);	/* a tracked heap frees its leak */
		}
	}
}

/* The header catches a second kfree() (where ASan runs, it does first) */
#if !defined(__SANITIZE_ADDRESS__)
Test(compat_alloc_ctx, double_kfree_is_a_bug, .signal = SIGABRT)
{
	void *p = kmalloc(10, GFP_KERNEL);

	kfree(p);
	kfree(p);
}
#endif

/* ... and a kfree() of what kfree_rcu() already has */
Test(compat_alloc_ctx, kfree_after_kfree_rcu_is_a_bug, .signal = SIGABRT)
{
	void *p = kmalloc(10, GFP_KERNEL);

	rcu_read_lock();
	kfree_rcu(p, rcu);
	kfree(p);
}

/* VFSIM_ALLOC_TRACK decides for instances made after it is set */
Test(compat_alloc, track_from_the_environment)
{
	/* only "0" and "1" themselves decide: "10" and "" are the default */
	static const char *const vals[] = { "1", "0", "yes", "10", "", NULL };
	bool dflt;

#ifdef NDEBUG
	dflt = false;
#else
	dflt = true;
#endif
	for (size_t i = 0; i < ARRAY_SIZE(vals); i++) {
		struct vfsim_options o = { .allocator = VFSIM_ALLOC_LIBC };
		bool want = i == 0 || (i > 1 && dflt);
		struct vfsim *v;

		if (vals[i])
			setenv("VFSIM_ALLOC_TRACK", vals[i], 1);
		else
			unsetenv("VFSIM_ALLOC_TRACK");
		cr_assert_eq(ksim_alloc_track_default(), want, "VFSIM_ALLOC_TRACK=%s", vals[i]);
		cr_assert_eq(vfsim_create(&o, &v), 0);
		cr_assert_eq(v->ctx.heap.track, want);
		cr_assert_eq(vfsim_boot(v, "default"), 0);
		cr_assert_eq(vfsim_destroy_check(v, stderr), 0);
	}
}

/* Both allocators do the same job; jemalloc may not be built in */
Test(compat_alloc, both_allocators)
{
	static const enum ksim_allocator kinds[] = { KSIM_ALLOC_LIBC, KSIM_ALLOC_JEMALLOC };

	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
		struct ksim_ctx c, *prev;
		void *p[32];
		int err = ksim_ctx_init(&c, kinds[k]);

		if (kinds[k] == KSIM_ALLOC_JEMALLOC && !ksim_jemalloc_available()) {
			cr_assert_eq(err, -EOPNOTSUPP);
			continue;
		}
		cr_assert_eq(err, 0, "allocator %d", kinds[k]);
		prev = ksim_ctx_switch(&c);
		for (int i = 0; i < 32; i++) {
			p[i] = kzalloc((size_t)1 << (i % 16), GFP_KERNEL);
			cr_assert_not_null(p[i]);
			cr_assert(all_bytes(p[i], 0, (size_t)1 << (i % 16)));
		}
		cr_assert_eq(c.heap.live_objects, 32);
		for (int i = 0; i < 32; i += 2)
			kfree(p[i]);
		for (int i = 1; i < 32; i += 2)
			kfree_rcu(p[i], rcu);
		rcu_barrier();
		cr_assert_eq(ksim_heap_report(&c.heap, stderr), 0);
		cr_assert_eq(c.heap.live_objects, 0);
		ksim_ctx_switch(prev);
		ksim_ctx_fini(&c);
	}
}

/* ---- through a real instance ---------------------------------------------- */

static struct vfsim *make(enum vfsim_allocator a, const char *tree)
{
	struct vfsim_options o = { .allocator = a };
	struct vfsim *v;

	cr_assert_eq(vfsim_create(&o, &v), 0);
	if (tree)
		cr_assert_eq(vfsim_boot(v, tree), 0, "boot %s", tree);
	return v;
}

/* A freshly booted instance tears down with nothing left over */
Test(compat_alloc, destroy_check_clean_instance)
{
	static const char *trees[] = { "empty", "default" };

	for (size_t i = 0; i < ARRAY_SIZE(trees); i++) {
		struct vfsim *v = make(VFSIM_ALLOC_DEFAULT, trees[i]);
		struct vfsim_alloc_stats st;

		vfsim_alloc_stats(v, &st);
		cr_assert_gt(st.live_objects, 0, "a booted tree lives in the heap");
		cr_assert_geq(st.peak_bytes, st.live_bytes);
		cr_assert_eq(st.failed_allocs, 0);
		cr_assert_eq(vfsim_leak_report(v, NULL), st.live_objects);
		cr_assert_eq(vfsim_warn_count(v), 0);
		cr_assert_eq(vfsim_destroy_check(v, stderr), 0, "tree %s", trees[i]);
	}
	cr_assert_eq(vfsim_destroy_check(NULL, stderr), 0);
}

/* Instances have a heap each: one's activity does not show in the other */
Test(compat_alloc, instances_count_independently)
{
	struct vfsim *a = make(VFSIM_ALLOC_DEFAULT, NULL);
	struct vfsim *b = make(VFSIM_ALLOC_LIBC, NULL);
	struct vfsim_alloc_stats sa0, sb0, sa1, sb1;

	vfsim_alloc_stats(a, &sa0);
	vfsim_alloc_stats(b, &sb0);
	cr_assert_eq(sa0.live_objects, sb0.live_objects, "same state, same count");
	cr_assert_eq(vfsim_boot(a, "default"), 0);
	vfsim_alloc_stats(a, &sa1);
	vfsim_alloc_stats(b, &sb1);
	cr_assert_gt(sa1.live_objects, sa0.live_objects);
	cr_assert_eq(sb1.live_objects, sb0.live_objects);
	cr_assert_eq(sb1.total_allocs, sb0.total_allocs);

	/* a countdown armed on one does not fire in the other */
	vfsim_fail_nth_alloc(b, 1);
	cr_assert_eq(vfsim_task_create(a, 1000, 1000, &(struct vfsim_task *){ NULL }), 0);
	cr_assert_not(vfsim_alloc_fault_fired(b));
	cr_assert_not(vfsim_alloc_fault_fired(a));
	cr_assert_eq(vfsim_boot(b, "empty"), -ENOMEM);
	cr_assert(vfsim_alloc_fault_fired(b));
	vfsim_alloc_stats(b, &sb1);
	cr_assert_eq(sb1.failed_allocs, 1);
	vfsim_alloc_stats(a, &sa1);
	cr_assert_eq(sa1.failed_allocs, 0);

	cr_assert_eq(vfsim_destroy_check(a, stderr), 0);
	cr_assert_eq(vfsim_destroy_check(b, stderr), 0);
}

/* Requesting jemalloc explicitly works, or says it is not built in */
Test(compat_alloc, instance_allocators)
{
	struct vfsim_options o = { .allocator = VFSIM_ALLOC_JEMALLOC };
	struct vfsim *v = NULL;
	int err = vfsim_create(&o, &v);

	if (ksim_jemalloc_available()) {
		cr_assert_eq(err, 0);
		cr_assert_eq(vfsim_boot(v, "default"), 0);
		cr_assert_eq(vfsim_destroy_check(v, stderr), 0);
	} else {
		cr_assert_eq(err, -EOPNOTSUPP);
		cr_assert_null(v);
	}
	v = make(VFSIM_ALLOC_LIBC, "default");
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0);

	o.allocator = (enum vfsim_allocator)99;
	cr_assert_eq(vfsim_create(&o, &v), -EINVAL);
}

/*
 * vfsim_destroy_check() finds what the kernel side leaked and names the
 * site: we charge an object to the instance's heap behind its back.
 */
Test(compat_alloc, destroy_check_reports_leak)
{
	struct vfsim *v;
	struct ksim_ctx *prev;
	void *leak;
	char *buf = NULL, want[64];
	size_t len = 0;
	FILE *out;
	int line;

	setenv("VFSIM_ALLOC_TRACK", "1", 1);	/* to name the site */
	v = make(VFSIM_ALLOC_DEFAULT, "empty");
	prev = ksim_ctx_switch(&v->ctx);
	leak = kmalloc(99, GFP_KERNEL); line = __LINE__;
	ksim_ctx_switch(prev);
	cr_assert_not_null(leak);
	out = open_memstream(&buf, &len);
	cr_assert_eq(vfsim_destroy_check(v, out), 1, "exactly our object leaked");
	fclose(out);
	snprintf(want, sizeof(want), "test_compat_alloc.c:%d", line);
	cr_assert(strstr(buf, want), "report: %s", buf);
	free(buf);
}

/* The same without tracking: counted, not named */
Test(compat_alloc, leak_report_compact_instance)
{
	struct vfsim *v;
	struct ksim_ctx *prev;
	void *leak;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;
	unsigned long n;

	setenv("VFSIM_ALLOC_TRACK", "0", 1);
	v = make(VFSIM_ALLOC_DEFAULT, "empty");
	n = vfsim_leak_report(v, NULL);
	prev = ksim_ctx_switch(&v->ctx);
	leak = kmalloc(99, GFP_KERNEL);
	ksim_ctx_switch(prev);
	cr_assert_not_null(leak);
	out = open_memstream(&buf, &len);
	cr_assert_eq(vfsim_leak_report(v, out), n + 1);
	fclose(out);
	cr_assert(strstr(buf, "objects"), "report: %s", buf);
	free(buf);
	prev = ksim_ctx_switch(&v->ctx);
	kfree(leak);	/* a libc heap could not reclaim it (LeakSanitizer) */
	ksim_ctx_switch(prev);
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0);
}

/*
 * Out-of-memory sweep (SQLite style): fail the 1st, 2nd, ... allocation of
 * a boot until it succeeds.  Each failure must be -ENOMEM (or -ENOSPC where
 * the kernel's ramfs says so) and leave nothing
 * behind.
 */
Test(compat_alloc, boot_oom_sweep)
{
	static const char *trees[] = { "empty", "default" };

	for (size_t t = 0; t < ARRAY_SIZE(trees); t++) {
		unsigned long n;

		for (n = 1; n < 100000; n++) {
			struct vfsim *v = make(VFSIM_ALLOC_DEFAULT, NULL);
			int err;

			vfsim_fail_nth_alloc(v, n);
			err = vfsim_boot(v, trees[t]);
			if (!vfsim_alloc_fault_fired(v)) {
				cr_assert_eq(err, 0);
				cr_assert_eq(vfsim_destroy_check(v, stderr), 0);
				break;
			}
			/* ramfs_get_inode() failing is -ENOSPC, as in the kernel */
			cr_assert(err == -ENOMEM || err == -ENOSPC,
				  "%s: failing allocation %lu gave %d", trees[t], n, err);
			cr_assert_eq(vfsim_warn_count(v), 0);
			cr_assert_eq(vfsim_destroy_check(v, stderr), 0,
				     "%s: failing allocation %lu leaked", trees[t], n);
		}
		cr_assert_gt(n, 1, "boot %s allocates", trees[t]);
	}
}

/* The same seed gives the same injected failures in a whole boot */
Test(compat_alloc, instance_random_failure_reproducible)
{
	for (u64 seed = 1; seed <= 8; seed++) {
		struct vfsim_alloc_stats s[2];
		int err[2];

		for (int run = 0; run < 2; run++) {
			struct vfsim *v = make(VFSIM_ALLOC_DEFAULT, NULL);

			vfsim_fail_alloc_random(v, 20000, seed);
			err[run] = vfsim_boot(v, "default");
			vfsim_alloc_stats(v, &s[run]);
			cr_assert(err[run] == 0 || err[run] == -ENOMEM ||
				  err[run] == -ENOSPC, "seed %llu: %d",
				  (unsigned long long)seed, err[run]);
			cr_assert_eq(vfsim_destroy_check(v, stderr), 0, "seed %llu",
				     (unsigned long long)seed);
		}
		cr_assert_eq(err[0], err[1], "seed %llu", (unsigned long long)seed);
		cr_assert_eq(s[0].failed_allocs, s[1].failed_allocs);
		cr_assert_eq(s[0].total_allocs, s[1].total_allocs);
		cr_assert_eq(s[0].live_bytes, s[1].live_bytes);
	}
}
