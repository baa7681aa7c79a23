/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The watch_queue core (include/linux/watch_queue.h as Linux 5.8 merged it,
 * with the later fixes erratum B12 asks for, docs/errata.md): a notification queue rides on
 * a pipe; watches tie a queue to a watched object's watch_list.
 */
#ifndef _VFSIM_WATCH_QUEUE_H
#define _VFSIM_WATCH_QUEUE_H

#include <linux/bitops.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <uapi/linux/watch_queue.h>
#include <vfs/task.h>

#define WATCH_QUEUE_NOTE_SIZE		128
#define WATCH_QUEUE_PAGE_SIZE		4096
#define WATCH_QUEUE_NOTES_PER_PAGE	(WATCH_QUEUE_PAGE_SIZE / WATCH_QUEUE_NOTE_SIZE)
#define WATCH_QUEUE_MAX_NOTES		512	/* IOC_WATCH_QUEUE_SET_SIZE limit */
#define WATCH_QUEUE_MAX_FILTERS		16

struct pipe_inode_info;

/* One kept rule: only the first subtype word survives (subtypes 0..31). */
struct watch_type_filter {
	enum watch_notification_type type;
	__u32	subtype_filter[1];
	__u32	info_filter;
	__u32	info_mask;
};

struct watch_filter {
	unsigned long type_filter[BITS_TO_LONGS(WATCH_TYPE___NR)];
	u32 nr_filters;
	struct watch_type_filter filters[];
};

struct watch_queue {
	struct watch_filter __rcu *filter;
	struct pipe_inode_info *pipe;	/* NULL once the pipe has gone */
	struct hlist_head watches;	/* watches feeding this queue, under lock */
	void **notes;			/* nr_pages pages of 32 notes */
	unsigned long *notes_bitmap;	/* 1 = free note */
	struct kref usage;
	unsigned int nr_notes;
	unsigned int nr_pages;
	/* The reader reads the fields above for every record it frees; posters
	 * write the lock for every record they post: a cache line apart. */
	char __pad_lock[64];
	spinlock_t lock;
	bool defunct;			/* under lock: no more posts */
};

struct watch {
	u32 info_id;			/* ID to be OR'd into the info field */
	struct watch_queue __rcu *queue;
	struct hlist_node queue_node;	/* on queue->watches, under queue->lock */
	struct watch_list __rcu *watch_list;
	struct hlist_node list_node;	/* on watch_list->watchers, RCU */
	struct cred cred;		/* the watcher's, captured when added */
	void *private;			/* the watched object, for release_watch */
	u64 id;				/* object identity (key serial, ...) */
	struct kref usage;
};

struct watch_list {
	struct hlist_head watchers;
	void (*release_watch)(struct watch *watch);
	spinlock_t lock;
};

static inline void init_watch_list(struct watch_list *wlist,
				   void (*release_watch)(struct watch *))
{
	INIT_HLIST_HEAD(&wlist->watchers);
	spin_lock_init(&wlist->lock);
	wlist->release_watch = release_watch;
}

/* watch_queue.c: the queue and its pipe */
int watch_queue_init(struct pipe_inode_info *pipe);
long watch_queue_set_size(struct pipe_inode_info *pipe, unsigned int nr_notes);
void watch_queue_clear(struct watch_queue *wqueue);
struct watch_queue *get_watch_queue(int fd);
void put_watch_queue(struct watch_queue *wqueue);
bool post_one_notification(struct watch_queue *wqueue, struct watch_notification *n);
/* The same with wqueue->lock held and the queue known live. */
bool post_one_notification_locked(struct watch_queue *wqueue, struct watch_notification *n);

/* filter.c */
long watch_queue_set_filter(struct pipe_inode_info *pipe,
			    struct watch_notification_filter __user *_filter);
bool filter_watch_notification(const struct watch_filter *wf,
			       const struct watch_notification *n);

/* watch.c: watches and watch lists */
void init_watch(struct watch *watch, struct watch_queue *wqueue);
void put_watch(struct watch *watch);
int add_watch_to_object(struct watch *watch, struct watch_list *wlist);
int remove_watch_from_object(struct watch_list *wlist, struct watch_queue *wq,
			     u64 id, bool all);
void __post_watch_notification(struct watch_list *wlist, struct watch_notification *n,
			       const struct cred *cred, u64 id);

static inline void post_watch_notification(struct watch_list *wlist,
					   struct watch_notification *n,
					   const struct cred *cred, u64 id)
{
	if (unlikely(wlist))
		__post_watch_notification(wlist, n, cred, id);
}

static inline void remove_watch_list(struct watch_list *wlist, u64 id)
{
	if (wlist) {
		remove_watch_from_object(wlist, NULL, id, true);
		kfree_rcu(wlist, rcu);
	}
}

#define watch_sizeof(STRUCT) (sizeof(STRUCT) << WATCH_INFO_LENGTH__SHIFT)

#endif
