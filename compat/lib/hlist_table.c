// SPDX-License-Identifier: LGPL-2.1-or-later
/* A doubling table of hlist buckets (see hlist_table.h). */
#include <linux/hlist_table.h>
#include <linux/slab.h>

struct hlist_table *hlist_table_alloc(unsigned int shift, gfp_t gfp)
{
	struct hlist_table *t;

	t = kvzalloc(sizeof(*t) + (sizeof(struct hlist_head) << shift), gfp);
	if (t)
		t->shift = shift;
	return t;
}

/*
 * Link @n after @prev (a node, or a bucket head seen as one: cds_hlist's
 * layout) at the end of a chain being built, publishing it last.
 */
static void hlist_link_tail_rcu(struct hlist_node *n, struct hlist_node *prev)
{
	n->next = NULL;
	n->prev = prev;
	__atomic_store_n(&prev->next, n, __ATOMIC_RELEASE);
}

int hlist_table_grow(struct hlist_table **tp,
		     u64 (*hashfn)(const struct hlist_node *node), gfp_t gfp)
{
	struct hlist_table *old = *tp, *new;
	unsigned long i, nr = 1UL << old->shift;

	new = hlist_table_alloc(old->shift + 1, gfp);
	if (!new)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		struct hlist_node *n = old->heads[i].next;
		/* The ends of the two chains bucket i splits into. */
		struct hlist_node *tail[2] = {
			(struct hlist_node *)&new->heads[2 * i],
			(struct hlist_node *)&new->heads[2 * i + 1],
		};

		while (n) {
			struct hlist_node *next = n->next;
			unsigned int half = (hashfn(n) >> (64 - new->shift)) & 1;

			hlist_link_tail_rcu(n, tail[half]);
			tail[half] = n;
			n = next;
		}
	}
	rcu_assign_pointer(*tp, new);
	kfree_rcu(old, rcu);
	return 0;
}
