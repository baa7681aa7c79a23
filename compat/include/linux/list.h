/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's list_head and hlist, mapped onto liburcu's cds_list and
 * cds_hlist (same shapes), with the RCU variants from urcu/rculist.h and
 * urcu/rcuhlist.h.  hlist_unhashed() relies on deletions through the
 * _init variants here clearing ->prev.
 */
#ifndef _VFSIM_LINUX_LIST_H
#define _VFSIM_LINUX_LIST_H

#include <linux/rcupdate.h>
#include <urcu/list.h>
#include <urcu/hlist.h>

#define list_head cds_list_head
#define LIST_HEAD_INIT(name) CDS_LIST_HEAD_INIT(name)
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)
#define INIT_LIST_HEAD(p) CDS_INIT_LIST_HEAD(p)

static inline void list_add(struct list_head *n, struct list_head *head) { cds_list_add(n, head); }
static inline void list_add_tail(struct list_head *n, struct list_head *head) { cds_list_add_tail(n, head); }
static inline void list_del(struct list_head *e) { cds_list_del(e); }
static inline void list_del_init(struct list_head *e) { cds_list_del_init(e); }
static inline void list_move(struct list_head *e, struct list_head *head) { cds_list_move(e, head); }
static inline void list_move_tail(struct list_head *e, struct list_head *head)
{
	cds_list_del(e);
	cds_list_add_tail(e, head);
}
static inline bool list_empty(const struct list_head *h) { return h->next == h; }
static inline bool list_is_singular(const struct list_head *h)
{
	return !list_empty(h) && h->next == h->prev;
}
static inline void list_splice_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		cds_list_splice(list, head);
		INIT_LIST_HEAD(list);
	}
}
static inline void list_splice_tail_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		struct list_head *first = list->next, *last = list->prev;
		struct list_head *at = head->prev;

		first->prev = at;
		at->next = first;
		last->next = head;
		head->prev = last;
		INIT_LIST_HEAD(list);
	}
}

#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_last_entry(ptr, type, member) list_entry((ptr)->prev, type, member)
#define list_first_entry_or_null(ptr, type, member) \
	(list_empty(ptr) ? NULL : list_first_entry(ptr, type, member))
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_for_each(pos, head) cds_list_for_each(pos, head)
static inline bool list_is_last(const struct list_head *list, const struct list_head *head)
{
	return list->next == head;
}
#define list_for_each_entry(pos, head, member) cds_list_for_each_entry(pos, head, member)
#define list_for_each_entry_reverse(pos, head, member) \
	cds_list_for_each_entry_reverse(pos, head, member)
#define list_for_each_entry_safe(pos, n, head, member) \
	cds_list_for_each_entry_safe(pos, n, head, member)

/* RCU list variants */
static inline void list_add_rcu(struct list_head *n, struct list_head *head) { cds_list_add_rcu(n, head); }
static inline void list_add_tail_rcu(struct list_head *n, struct list_head *head)
{
	cds_list_add_tail_rcu(n, head);
}
static inline void list_del_rcu(struct list_head *e) { cds_list_del_rcu(e); }
#define list_for_each_entry_rcu(pos, head, member) \
	cds_list_for_each_entry_rcu(pos, head, member)

/* hlist */
#define hlist_head cds_hlist_head
#define hlist_node cds_hlist_node
#define HLIST_HEAD_INIT { .next = NULL }
static inline void INIT_HLIST_HEAD(struct hlist_head *h) { h->next = NULL; }
static inline void INIT_HLIST_NODE(struct hlist_node *n) { n->next = NULL; n->prev = NULL; }
static inline bool hlist_unhashed(const struct hlist_node *n) { return !n->prev; }
static inline bool hlist_empty(const struct hlist_head *h) { return !READ_ONCE(h->next); }
static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h) { cds_hlist_add_head(n, h); }
/*
 * The RCU hlist updates in cds_hlist's layout (the first node's ->prev is
 * the head), with the store readers can see done as a release: a reader
 * that loads the pointer (acquire, hlist_for_each_entry_rcu) sees the node
 * initialised.  Updaters hold the list's lock.
 */
static inline void hlist_add_head_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->next;

	n->next = first;
	n->prev = (struct hlist_node *)h;
	if (first)
		first->prev = n;
	__atomic_store_n(&h->next, n, __ATOMIC_RELEASE);
}
/* Readers may still be on @n: its ->next stays valid, only ->prev is cleared. */
static inline void hlist_del_init_rcu(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		if (n->next)
			n->next->prev = n->prev;
		__atomic_store_n(&n->prev->next, n->next, __ATOMIC_RELEASE);
		n->prev = NULL;
	}
}
static inline void hlist_del(struct hlist_node *n)
{
	cds_hlist_del(n);
	n->prev = NULL;
}
static inline void hlist_del_init(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		cds_hlist_del(n);
		INIT_HLIST_NODE(n);
	}
}
#define hlist_entry(ptr, type, member) container_of(ptr, type, member)
#define hlist_for_each_entry(pos, head, member)				\
	for (pos = (head)->next ? hlist_entry((head)->next, __typeof__(*pos), member) : NULL; \
	     pos; pos = pos->member.next ? hlist_entry(pos->member.next, __typeof__(*pos), member) : NULL)
#define __hlist_rcu_entry(node, type, member) ({			\
	struct hlist_node *__n = __atomic_load_n(&(node), __ATOMIC_ACQUIRE); \
	__n ? hlist_entry(__n, type, member) : NULL;			\
})
#define hlist_for_each_entry_rcu(pos, head, member)			\
	for (pos = __hlist_rcu_entry((head)->next, __typeof__(*pos), member); \
	     pos; pos = __hlist_rcu_entry(pos->member.next, __typeof__(*pos), member))
#define hlist_for_each_entry_safe(pos, n, head, member)			\
	for (pos = (head)->next ? hlist_entry((head)->next, __typeof__(*pos), member) : NULL; \
	     pos && ({ n = pos->member.next; 1; });			\
	     pos = n ? hlist_entry(n, __typeof__(*pos), member) : NULL)

#endif
