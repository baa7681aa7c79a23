/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The IDA of vfs/ida.c: mount IDs are the smallest free number, as the
 * kernel's ida_alloc_range() gives them, and test output (mount IDs in
 * golden files) depends on that.  The bitmap comes from kzalloc, so a
 * kernel context is set up and an injected failure can be aimed at growth.
 */
#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/idr.h>

#include "common/ksim_fixture.h"

TestSuite(compat_ida, .init = ctx_setup);

/* IDs start at min and count up; an empty IDA allocates nothing */
Test(compat_ida, smallest_from_min)
{
	struct ida a, z;

	ida_init(&a, 1);
	ida_init(&z, 0);
	cr_assert_eq(ctx.heap.live_objects, 0, "an empty IDA holds no memory");
	cr_assert_not(ida_test(&a, 1));
	for (int i = 1; i <= 5; i++)
		cr_assert_eq(ida_alloc(&a), i);
	cr_assert_eq(ida_alloc(&z), 0);
	cr_assert_eq(ida_alloc(&z), 1);
	cr_assert(ida_test(&a, 5));
	cr_assert_not(ida_test(&a, 0), "below min is never handed out");
	cr_assert_not(ida_test(&a, 6));
	cr_assert_not(ida_test(&a, 100000), "far past the bitmap");
	ida_destroy(&a);
	ida_destroy(&z);
	cr_assert_not(ida_test(&a, 1));
	cr_assert_eq(ida_alloc(&a), 1, "a destroyed IDA starts over at min");
	ida_destroy(&a);
	ctx_finish();
}

/* A freed ID is the next one handed out, and the smallest free wins */
Test(compat_ida, reuse_after_free)
{
	struct ida a;

	ida_init(&a, 1);
	for (int i = 1; i <= 10; i++)
		cr_assert_eq(ida_alloc(&a), i);
	ida_free(&a, 4);
	cr_assert_not(ida_test(&a, 4));
	cr_assert_eq(ida_alloc(&a), 4);
	ida_free(&a, 9);
	ida_free(&a, 3);
	ida_free(&a, 7);
	cr_assert_eq(ida_alloc(&a), 3);
	cr_assert_eq(ida_alloc(&a), 7);
	cr_assert_eq(ida_alloc(&a), 9);
	cr_assert_eq(ida_alloc(&a), 11);
	cr_assert_eq(warnings(), 0);
	ida_destroy(&a);
	ctx_finish();
}

/*
 * Freeing below the hint moves it down; freeing above it does not lose the
 * lower free ID.  Crossing a word boundary with the hint, too.
 */
Test(compat_ida, free_below_hint)
{
	struct ida a;

	ida_init(&a, 0);
	for (int i = 0; i < 200; i++)
		cr_assert_eq(ida_alloc(&a), i);
	ida_free(&a, 130);	/* in the third word */
	ida_free(&a, 5);	/* hint moves to 5 */
	ida_free(&a, 64);	/* above the hint: hint stays */
	cr_assert_eq(ida_alloc(&a), 5);
	cr_assert_eq(ida_alloc(&a), 64);
	cr_assert_eq(ida_alloc(&a), 130);
	cr_assert_eq(ida_alloc(&a), 200);
	ida_destroy(&a);
	ctx_finish();
}

/* Growth past 256 and 512 bits keeps every ID and stays dense */
Test(compat_ida, growth)
{
	struct ida a;

	ida_init(&a, 1);
	for (int i = 1; i <= 1100; i++)
		cr_assert_eq(ida_alloc(&a), i);
	cr_assert_geq(a.nbits, 1101);
	for (int i = 1; i <= 1100; i++)
		cr_assert(ida_test(&a, (unsigned int)i), "lost %d across growth", i);
	cr_assert_eq(ctx.heap.live_objects, 1, "one bitmap, the old ones freed");
	ida_free(&a, 255);
	ida_free(&a, 256);
	ida_free(&a, 511);
	ida_free(&a, 512);
	cr_assert_eq(ida_alloc(&a), 255);
	cr_assert_eq(ida_alloc(&a), 256);
	cr_assert_eq(ida_alloc(&a), 511);
	cr_assert_eq(ida_alloc(&a), 512);
	cr_assert_eq(ida_alloc(&a), 1101);
	ida_destroy(&a);

	/* a min beyond the first bitmap sizes it to fit */
	ida_init(&a, 300);
	cr_assert_eq(ida_alloc(&a), 300);
	cr_assert_eq(ida_alloc(&a), 301);
	cr_assert_gt(a.nbits, 301);
	ida_destroy(&a);
	ctx_finish();
}

/* Freeing an ID that is not allocated is a kernel bug: it warns */
Test(compat_ida, double_free_warns)
{
	struct ida a;

	ida_init(&a, 1);
	cr_assert_eq(ida_alloc(&a), 1);
	cr_assert_eq(ida_alloc(&a), 2);
	ida_free(&a, 1);
	cr_assert_eq(warnings(), 0);
	ida_free(&a, 1);
	cr_assert_eq(warnings(), 1);
	ida_free(&a, 5000);	/* beyond the bitmap */
	cr_assert_eq(warnings(), 2);
	cr_assert(ida_test(&a, 2), "a bad free touches nothing else");
	cr_assert_eq(ida_alloc(&a), 1);
	ida_destroy(&a);
	ctx_finish();
}

/*
 * -ENOMEM when the bitmap cannot grow, with the IDA exactly as it was:
 * same bitmap, same capacity, same hint, and the next try succeeds with
 * the ID the failed one would have had.
 */
Test(compat_ida, enomem_leaves_ida_unchanged)
{
	struct ida a;
	unsigned long *bits;
	unsigned int nbits, hint;

	ida_init(&a, 1);
	ksim_heap_fail_nth(&ctx.heap, 1);
	cr_assert_eq(ida_alloc(&a), -ENOMEM, "the first bitmap");
	cr_assert_null(a.bits);
	cr_assert_eq(a.nbits, 0);
	cr_assert_eq(a.hint, 1);
	cr_assert_eq(ida_alloc(&a), 1);

	for (int i = 2; i < 256; i++)
		cr_assert_eq(ida_alloc(&a), i);
	bits = a.bits;
	nbits = a.nbits;
	hint = a.hint;
	cr_assert_eq(nbits, 256);
	ksim_heap_fail_nth(&ctx.heap, 1);
	cr_assert_eq(ida_alloc(&a), -ENOMEM, "growth to 512");
	cr_assert(ctx.heap.fault_fired);
	cr_assert_eq(a.bits, bits);
	cr_assert_eq(a.nbits, nbits);
	cr_assert_eq(a.hint, hint);
	for (int i = 1; i < 256; i++)
		cr_assert(ida_test(&a, (unsigned int)i));
	cr_assert_not(ida_test(&a, 256));
	cr_assert_eq(ctx.heap.live_objects, 1);
	cr_assert_eq(ida_alloc(&a), 256);

	/* a free ID below the capacity needs no memory: no failure possible */
	ida_free(&a, 17);
	ksim_heap_fail_nth(&ctx.heap, 1);
	cr_assert_eq(ida_alloc(&a), 17);
	cr_assert_not(ctx.heap.fault_fired);
	ksim_heap_fail_nth(&ctx.heap, 0);
	cr_assert_eq(warnings(), 0);
	ida_destroy(&a);
	ctx_finish();
}
