/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel list and hlist names on liburcu's cds_list/cds_hlist
 * (include/linux/list.h).  The wrappers the model adds on top (move_tail,
 * splice_tail_init, the _init deletions that make hlist_unhashed() true)
 * are what mount hashing and the umount list rely on.
 */
#include <criterion/criterion.h>

#include <linux/list.h>
#include <linux/rcupdate.h>

struct item {
	int v;
	struct list_head l;
	struct hlist_node h;
};

static void rcu_setup(void)
{
	ksim_rcu_thread_enter();
}

TestSuite(compat_list, .init = rcu_setup);

static void items_init(struct item *it, int n)
{
	for (int i = 0; i < n; i++) {
		it[i].v = i;
		INIT_LIST_HEAD(&it[i].l);
		INIT_HLIST_NODE(&it[i].h);
	}
}

/* The values along @head, as a decimal string ("0123"), checking ->prev too. */
static const char *order(struct list_head *head)
{
	static char buf[64];
	struct list_head *prev = head;
	struct item *it;
	size_t n = 0;

	list_for_each_entry(it, head, l) {
		cr_assert_eq(it->l.prev, prev, "broken back link at %d", it->v);
		prev = &it->l;
		buf[n++] = (char)('0' + it->v);
	}
	cr_assert_eq(head->prev, prev, "broken tail link");
	buf[n] = 0;
	return buf;
}

static const char *horder(struct hlist_head *head)
{
	static char buf[64];
	struct item *it;
	size_t n = 0;

	hlist_for_each_entry(it, head, h)
		buf[n++] = (char)('0' + it->v);
	buf[n] = 0;
	return buf;
}

Test(compat_list, add_and_delete)
{
	LIST_HEAD(head);
	struct item it[4];

	items_init(it, 4);
	cr_assert(list_empty(&head));
	cr_assert_null(list_first_entry_or_null(&head, struct item, l));
	list_add_tail(&it[1].l, &head);
	list_add_tail(&it[2].l, &head);
	list_add(&it[0].l, &head);
	cr_assert_str_eq(order(&head), "012");
	cr_assert_eq(list_first_entry(&head, struct item, l), &it[0]);
	cr_assert_eq(list_last_entry(&head, struct item, l), &it[2]);
	cr_assert_eq(list_next_entry(&it[0], l), &it[1]);
	list_del_init(&it[1].l);
	cr_assert(list_empty(&it[1].l), "list_del_init leaves an empty head");
	cr_assert_str_eq(order(&head), "02");
	list_del(&it[0].l);
	cr_assert_str_eq(order(&head), "2");
}

/* list_move_tail takes an entry off its list and puts it last on another */
Test(compat_list, move_tail)
{
	LIST_HEAD(a);
	LIST_HEAD(b);
	struct item it[5];

	items_init(it, 5);
	for (int i = 0; i < 3; i++)
		list_add_tail(&it[i].l, &a);
	list_add_tail(&it[3].l, &b);
	list_move_tail(&it[0].l, &b);
	cr_assert_str_eq(order(&a), "12");
	cr_assert_str_eq(order(&b), "30");
	list_move_tail(&it[1].l, &a);	/* within one list: to its end */
	cr_assert_str_eq(order(&a), "21");
	list_move(&it[0].l, &a);
	cr_assert_str_eq(order(&a), "021");
	cr_assert_str_eq(order(&b), "3");
}

/*
 * list_splice_tail_init appends in order and reinitialises the source;
 * list_splice_init prepends.  Empty sources change nothing.
 */
Test(compat_list, splice_tail_init_order)
{
	LIST_HEAD(a);
	LIST_HEAD(b);
	LIST_HEAD(empty);
	struct item it[8];

	items_init(it, 8);
	list_add_tail(&it[0].l, &a);
	list_add_tail(&it[1].l, &a);
	list_add_tail(&it[2].l, &b);
	list_add_tail(&it[3].l, &b);
	list_add_tail(&it[4].l, &b);
	list_splice_tail_init(&b, &a);
	cr_assert_str_eq(order(&a), "01234");
	cr_assert(list_empty(&b));
	cr_assert_eq(b.prev, &b);

	list_splice_tail_init(&empty, &a);
	cr_assert_str_eq(order(&a), "01234");
	cr_assert(list_empty(&empty));

	/* onto an empty list */
	list_splice_tail_init(&a, &b);
	cr_assert_str_eq(order(&b), "01234");
	cr_assert(list_empty(&a));

	list_add_tail(&it[5].l, &a);
	list_add_tail(&it[6].l, &a);
	list_splice_init(&a, &b);
	cr_assert_str_eq(order(&b), "5601234");
	cr_assert(list_empty(&a));
}

/* Deleting the current entry in a _safe walk; the reverse walk */
Test(compat_list, safe_and_reverse_walks)
{
	LIST_HEAD(head);
	struct item it[6], *pos, *n;
	char buf[8];
	size_t k = 0;

	items_init(it, 6);
	for (int i = 0; i < 6; i++)
		list_add_tail(&it[i].l, &head);
	list_for_each_entry_safe(pos, n, &head, l)
		if (pos->v % 2)
			list_del(&pos->l);
	cr_assert_str_eq(order(&head), "024");
	list_for_each_entry_reverse(pos, &head, l)
		buf[k++] = (char)('0' + pos->v);
	buf[k] = 0;
	cr_assert_str_eq(buf, "420");
}

/* RCU list variants keep the list well formed for the writer side */
Test(compat_list, rcu_list)
{
	LIST_HEAD(head);
	struct item it[3], *pos;
	int sum = 0;

	items_init(it, 3);
	list_add_rcu(&it[1].l, &head);
	list_add_tail_rcu(&it[2].l, &head);
	list_add_rcu(&it[0].l, &head);
	rcu_read_lock();
	list_for_each_entry_rcu(pos, &head, l)
		sum = sum * 10 + pos->v + 1;
	rcu_read_unlock();
	cr_assert_eq(sum, 123);
	list_del_rcu(&it[1].l);
	cr_assert_str_eq(order(&head), "02");
}

/* hlist_add_head is LIFO; a fresh node is unhashed, an added one is not */
Test(compat_list, hlist_basics)
{
	struct hlist_head head = HLIST_HEAD_INIT;
	struct item it[3];

	items_init(it, 3);
	cr_assert(hlist_empty(&head));
	cr_assert(hlist_unhashed(&it[0].h));
	for (int i = 0; i < 3; i++)
		hlist_add_head(&it[i].h, &head);
	cr_assert_not(hlist_empty(&head));
	cr_assert_not(hlist_unhashed(&it[0].h));
	cr_assert_not(hlist_unhashed(&it[2].h), "the first node's prev is the head");
	cr_assert_str_eq(horder(&head), "210");

	hlist_del_init(&it[1].h);
	cr_assert(hlist_unhashed(&it[1].h));
	cr_assert_null(it[1].h.next);
	cr_assert_str_eq(horder(&head), "20");
	hlist_del_init(&it[1].h);	/* again: a no-op */
	cr_assert_str_eq(horder(&head), "20");

	hlist_del(&it[2].h);		/* the first node */
	cr_assert_str_eq(horder(&head), "0");
	hlist_del(&it[0].h);		/* the last one */
	cr_assert(hlist_empty(&head));
	INIT_HLIST_HEAD(&head);
	cr_assert(hlist_empty(&head));
}

/*
 * hlist_del_init_rcu: the node is unhashed at once (hlist_unhashed() is
 * how the model asks "is this mount still hashed?"), but its ->next stays
 * so a reader standing on it can walk on.  On an unhashed node it is a
 * no-op.
 */
Test(compat_list, hlist_del_init_rcu)
{
	struct hlist_head head = HLIST_HEAD_INIT;
	struct item it[3], *pos;
	int seen = 0;

	items_init(it, 3);
	hlist_add_head_rcu(&it[0].h, &head);
	hlist_add_head_rcu(&it[1].h, &head);
	hlist_add_head_rcu(&it[2].h, &head);	/* 2 1 0 */

	hlist_del_init_rcu(&it[1].h);
	cr_assert(hlist_unhashed(&it[1].h));
	cr_assert_eq(it[1].h.next, &it[0].h, "readers on it can still move on");
	cr_assert_str_eq(horder(&head), "20");

	hlist_del_init_rcu(&it[1].h);
	cr_assert_str_eq(horder(&head), "20");

	rcu_read_lock();
	hlist_for_each_entry_rcu(pos, &head, h)
		seen = seen * 10 + pos->v + 1;
	rcu_read_unlock();
	cr_assert_eq(seen, 31);

	hlist_del_init_rcu(&it[2].h);	/* the first node */
	hlist_del_init_rcu(&it[0].h);	/* and the last */
	cr_assert(hlist_empty(&head));
	cr_assert(hlist_unhashed(&it[0].h) && hlist_unhashed(&it[2].h));

	hlist_add_head_rcu(&it[1].h, &head);	/* re-adding after _init works */
	cr_assert_str_eq(horder(&head), "1");
}

/* @n fresh items 0..@n-1 added to @head in turn: it holds them in
 * reverse (hlist_add_head() is LIFO). */
static void hlist_of(struct hlist_head *head, struct item *it, int n)
{
	items_init(it, n);
	for (int i = 0; i < n; i++)
		hlist_add_head(&it[i].h, head);
}

/* Deleting while walking with the _safe variant (never the first node) */
Test(compat_list, hlist_safe_walk)
{
	struct hlist_head head = HLIST_HEAD_INIT;
	struct item it[5], *pos;
	struct hlist_node *n;

	hlist_of(&head, it, 5);	/* 4 3 2 1 0 */
	hlist_for_each_entry_safe(pos, n, &head, h)
		if (pos->v % 2 == 1)
			hlist_del_init(&pos->h);
	cr_assert_str_eq(horder(&head), "420");
	cr_assert(hlist_unhashed(&it[1].h) && hlist_unhashed(&it[3].h));
}

/*
 * Regression (not yet fixed, hence disabled): deleting the FIRST node of
 * an hlist stores through `elem->prev->next` with elem->prev being the
 * struct cds_hlist_head cast to struct cds_hlist_node (liburcu's idiom,
 * and the kernel's).  Under -fstrict-aliasing (gcc's default at -O2) the
 * compiler may assume that store does not change the head, and keep a
 * stale head->next: with gcc 12 -O2 this test sees "4" left on the list
 * where "2" is the only survivor.  The kernel builds with
 * -fno-strict-aliasing for exactly this; vfsim's build must too (mount
 * and dentry hash buckets are hlist_heads).  Enable once it does.
 */
Test(compat_list, hlist_delete_first_node_aliasing)
{
	struct hlist_head head = HLIST_HEAD_INIT;
	struct item it[5], *pos;
	struct hlist_node *n;

	hlist_of(&head, it, 5);
	hlist_for_each_entry_safe(pos, n, &head, h)
		if (pos->v != 2)
			hlist_del_init(&pos->h);
	cr_assert_str_eq(horder(&head), "2");
	hlist_for_each_entry_safe(pos, n, &head, h)
		hlist_del_init(&pos->h);
	cr_assert(hlist_empty(&head));
}
