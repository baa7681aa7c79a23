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

/*
 * Each field of the three structures below says what protects it; how the
 * locks nest is in docs/internals.md, "Locks".  All three are freed after
 * an RCU grace period, because posters reach them from a watch list under
 * rcu_read_lock().
 */
struct watch_queue {
	/* Replaced whole under pipe->mutex (rcu_assign_pointer(), the old
	 * one kfree_rcu()d); posters read it under RCU. */
	struct watch_filter __rcu *filter;
	/* Set once by watch_queue_init().  Never cleared: the pipe outlives
	 * every post, because watch_queue_clear() marks the queue defunct
	 * under lock before the pipe is freed, and posters test defunct
	 * under lock first. */
	struct pipe_inode_info *pipe;
	struct hlist_head watches;	/* watches feeding this queue, under lock */
	/*
	 * notes, nr_notes, nr_pages: set once, by IOC_WATCH_QUEUE_SET_SIZE
	 * under pipe->mutex and lock, so posters (under lock) see all of them
	 * or none.  The bits of notes_bitmap are claimed by posters
	 * (test_and_clear_bit() under the pipe's rd_wait.lock) and given back
	 * as the reader, or the pipe's release, frees a buffer (set_bit()):
	 * atomic bit operations.
	 */
	void **notes;			/* nr_pages pages of 32 notes */
	unsigned long *notes_bitmap;	/* 1 = free note */
	struct kref usage;		/* atomic */
	unsigned int nr_notes;
	unsigned int nr_pages;
	/* The reader reads the fields above for every record it frees; posters
	 * write the lock for every record they post: a cache line apart. */
	char __pad_lock[64];
	spinlock_t lock;
	bool defunct;			/* under lock: no more posts */
};

struct watch {
	/* info_id, id, private: set once, before add_watch_to_object()
	 * publishes the watch; cred set there, under both list locks. */
	u32 info_id;			/* ID to be OR'd into the info field */
	/* Set once by init_watch(); never changes (read under RCU). */
	struct watch_queue __rcu *queue;
	struct hlist_node queue_node;	/* on queue->watches, under queue->lock */
	/* Set under the watch list's lock when the watch joins it, cleared
	 * there when it leaves; read under RCU. */
	struct watch_list __rcu *watch_list;
	/* On watch_list->watchers: changed under the list's lock, walked by
	 * posters under RCU. */
	struct hlist_node list_node;
	struct cred cred;		/* the watcher's, captured when added */
	void *private;			/* the watched object, for release_watch */
	u64 id;				/* object identity (key serial, ...) */
	struct kref usage;		/* atomic */
};

struct watch_list {
	/* Changed under lock (hlist_add_head_rcu()/hlist_del_init_rcu()),
	 * walked by posters under RCU. */
	struct hlist_head watchers;
	void (*release_watch)(struct watch *watch);	/* set once */
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

/* watch_queue.c: filters */
long watch_queue_set_filter(struct pipe_inode_info *pipe,
			    struct watch_notification_filter __user *_filter);
bool filter_watch_notification(const struct watch_filter *wf,
			       const struct watch_notification *n);

/* watch_queue.c: watches and watch lists */
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
