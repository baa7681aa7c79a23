/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The doubling bucket array of compat's hlist_table.h, which the mount,
 * mountpoint and dentry hashes grow on: a grown table holds every entry in
 * the bucket its hash picks, each chain in the order it had (so a lookup's
 * first match does not change), and a failed allocation leaves the table
 * as it was.  Entries here are bare nodes whose hash is their own field.
 */
#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/hlist_table.h>
#include <linux/slab.h>

#include "common/ksim_fixture.h"

TestSuite(compat_hlist_table, .init = ctx_setup);

struct item {
	struct hlist_node node;
	u64 hash;
	int order;		/* insertion order within its first bucket */
};

static u64 item_hash(const struct hlist_node *node)
{
	return hlist_entry(node, struct item, node)->hash;
}

#define NR_ITEMS 64

/* A table of 2 buckets; item i's hash has its top six bits from i, so the
 * items spread over every bucket up to 2^6, several to a bucket before. */
static struct hlist_table *fill(struct item *items)
{
	struct hlist_table *t = hlist_table_alloc(1, GFP_KERNEL);
	int i;

	cr_assert_not_null(t);
	cr_assert_eq(t->shift, 1);
	for (i = NR_ITEMS - 1; i >= 0; i--) {
		items[i].hash = ((u64)(i * 37 % NR_ITEMS) << 58) | (u64)i;
		items[i].order = i;
		/* added at the head, in reverse: chains run in index order */
		hlist_add_head_rcu(&items[i].node, hlist_table_bucket(t, items[i].hash));
	}
	return t;
}

/* Every item where its hash says, each chain in index order, and all there. */
static void check(const struct hlist_table *t, const struct item *items)
{
	unsigned long b, seen = 0;

	for (b = 0; b < (1UL << t->shift); b++) {
		const struct item *it;
		int last = -1;

		hlist_for_each_entry(it, &t->heads[b], node) {
			cr_assert_eq(hlist_table_bucket(t, it->hash), &t->heads[b],
				     "item %d in bucket %lu of 2^%u", it->order, b, t->shift);
			cr_assert_gt(it->order, last, "chain order changed in bucket %lu", b);
			cr_assert_eq(it->node.prev->next, &it->node, "back link of item %d",
				     it->order);
			last = it->order;
			seen++;
		}
	}
	cr_assert_eq(seen, NR_ITEMS);
	(void)items;
}

Test(compat_hlist_table, doubling_keeps_every_entry_and_each_chains_order)
{
	struct item items[NR_ITEMS];
	struct hlist_table *t = fill(items);
	unsigned int shift;

	check(t, items);
	cr_assert(hlist_table_full(t, 3));
	cr_assert_not(hlist_table_full(t, 2), "load factor 1 is not full");
	for (shift = 2; shift <= 8; shift++) {
		cr_assert_eq(hlist_table_grow(&t, item_hash, GFP_KERNEL), 0);
		cr_assert_eq(t->shift, shift);
		check(t, items);
	}
	/* past 2^6 buckets each item has one to itself */
	for (int i = 0; i < NR_ITEMS; i++)
		cr_assert_null(items[i].node.next, "item %d not alone at 2^8", i);
	kvfree(t);
	ctx_finish();
}

Test(compat_hlist_table, failed_growth_leaves_the_table)
{
	struct item items[NR_ITEMS];
	struct hlist_table *t = fill(items), *before = t;

	ksim_heap_fail_nth(&ctx.heap, 1);
	cr_assert_eq(hlist_table_grow(&t, item_hash, GFP_ATOMIC), -ENOMEM);
	cr_assert_eq(t, before);
	cr_assert_eq(t->shift, 1);
	check(t, items);
	/* the next attempt grows it */
	cr_assert_eq(hlist_table_grow(&t, item_hash, GFP_ATOMIC), 0);
	cr_assert_eq(t->shift, 2);
	check(t, items);
	kvfree(t);
	ctx_finish();
}

Test(compat_hlist_table, stops_at_the_largest_size)
{
	struct hlist_table t = { .shift = HLIST_TABLE_MAX_SHIFT };

	cr_assert_not(hlist_table_full(&t, ~0UL), "2^%d buckets never grow",
		      HLIST_TABLE_MAX_SHIFT);
	t.shift = HLIST_TABLE_MAX_SHIFT - 1;
	cr_assert(hlist_table_full(&t, 1UL << HLIST_TABLE_MAX_SHIFT));
	ctx_finish();
}
