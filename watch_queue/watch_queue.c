// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Models kernel/watch_queue.c (Linux 5.8), with the 5.17 fixes of erratum
 * B12 (docs/errata.md) and the later locking fixes: the notification queue
 * on a pipe (sizing, posting one record into the ring, loss marking,
 * clearing and lifetime), the notification filters
 * (IOC_WATCH_QUEUE_SET_FILTER and the match at post time), and watches and
 * watch lists (a watch joins one queue to one watched object; posting walks
 * the object's list under RCU).
 *
 * A post holds wqueue->lock while it touches the pipe, and
 * watch_queue_clear() marks the queue defunct under the same lock, so once
 * a pipe is going no post reaches it.  (What each field is protected by:
 * watch_queue.h; how the locks nest: docs/internals.md, "Locks".)
 *
 * The filter's bound fix (5.17): rules for types the kernel does not know
 * (>= WATCH_TYPE___NR) are dropped, where 5.8 wrote past its type bitmap
 * for types up to 1023.
 */
#include <linux/bug.h>
#include <linux/lockdep.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/pipe.h>
#include <vfs/security.h>
#include <vfs/watch_queue.h>

static void watch_queue_pipe_buf_release(struct pipe_inode_info *pipe,
					 struct pipe_buffer *buf)
{
	struct watch_queue *wqueue = pipe->watch_queue;

	/* The note becomes free for posting again. */
	set_bit(buf->private, wqueue->notes_bitmap);
	buf->page = NULL;
}

static const struct pipe_buf_operations watch_queue_pipe_buf_ops = {
	.release = watch_queue_pipe_buf_release,
};

static bool lock_wqueue(struct watch_queue *wqueue)
{
	spin_lock_bh(&wqueue->lock);
	if (unlikely(wqueue->defunct)) {
		spin_unlock_bh(&wqueue->lock);
		return false;
	}
	return true;
}

static void unlock_wqueue(struct watch_queue *wqueue)
{
	spin_unlock_bh(&wqueue->lock);
}

/*
 * Put one record in the ring, or mark a loss.  Caller holds wqueue->lock
 * with the queue live.
 *
 * 5.8 marks a loss on the buffer at head - 1, the newest queued record.  If
 * the ring is empty that buffer has already been read and the mark is never
 * seen: the loss would go unreported.  The model then owes the reader the
 * LOSS record directly (note_loss), so that no record is ever lost without
 * one; with records queued it behaves exactly as 5.8.
 */
bool post_one_notification_locked(struct watch_queue *wqueue,
				  struct watch_notification *n)
{
	struct pipe_inode_info *pipe = wqueue->pipe;
	struct pipe_buffer *buf;
	unsigned int head, tail, mask, note, offset, len;
	bool done = false, wake = false;
	void *page;

	lockdep_assert_held(&wqueue->lock);
	if (!pipe)
		return false;

	spin_lock_irq(&pipe->rd_wait.lock);

	mask = pipe->ring_size - 1;
	head = pipe->head;
	tail = pipe->tail;
	if (pipe_full(head, tail, pipe->ring_size))
		goto lost;

	note = (unsigned int)find_first_bit(wqueue->notes_bitmap, wqueue->nr_notes);
	if (note >= wqueue->nr_notes)
		goto lost;
	/*
	 * Claim the note before writing it (5.8 claims it afterwards): the
	 * claim is the acquire that orders this write after the reader's
	 * copy out of the note, which ended with the release that freed it.
	 * Only posters claim notes, and they hold rd_wait.lock.
	 */
	if (!test_and_clear_bit(note, wqueue->notes_bitmap)) {
		spin_unlock_irq(&pipe->rd_wait.lock);
		BUG();
	}

	page = wqueue->notes[note / WATCH_QUEUE_NOTES_PER_PAGE];
	offset = note % WATCH_QUEUE_NOTES_PER_PAGE * WATCH_QUEUE_NOTE_SIZE;
	len = n->info & WATCH_INFO_LENGTH;
	memcpy((char *)page + offset, n, len);

	buf = &pipe->bufs[head & mask];
	buf->page = page;
	buf->private = note;
	buf->ops = &watch_queue_pipe_buf_ops;
	buf->offset = offset;
	buf->len = len;
	WRITE_ONCE(buf->flags, PIPE_BUF_FLAG_WHOLE);
	smp_store_release(&pipe->head, head + 1);
	done = wake = true;

out:
	spin_unlock_irq(&pipe->rd_wait.lock);
	/* 5.8 wakes under the lock; the model just after it (see
	 * wake_up_all_unlocked).  wqueue->lock keeps the pipe alive. */
	if (wake)
		wake_up_all_unlocked(&pipe->rd_wait);
	return done;

lost:
	if (pipe_empty(head, tail)) {
		WRITE_ONCE(pipe->note_loss, true);
		wake = true;
	} else {
		buf = &pipe->bufs[(head - 1) & mask];
		WRITE_ONCE(buf->flags, READ_ONCE(buf->flags) | PIPE_BUF_FLAG_LOSS);
	}
	goto out;
}

/* Post straight into a queue, past filters and LSM (removal records). */
bool post_one_notification(struct watch_queue *wqueue, struct watch_notification *n)
{
	bool done = false;

	if (lock_wqueue(wqueue)) {
		done = post_one_notification_locked(wqueue, n);
		unlock_wqueue(wqueue);
	}
	return done;
}

/*
 * A record passes a filter if its type is in the type bitmap and some rule
 * for that type has its subtype bit set and agrees with info under the
 * rule's mask.  With a filter, the default is to reject.
 */
bool filter_watch_notification(const struct watch_filter *wf,
			       const struct watch_notification *n)
{
	const struct watch_type_filter *wt;
	unsigned int st_bits = sizeof(wt->subtype_filter[0]) * 8;
	unsigned int st_index = n->subtype / st_bits;
	unsigned int st_bit = 1U << (n->subtype % st_bits);
	unsigned int i;

	if (n->type >= WATCH_TYPE___NR || !test_bit(n->type, wf->type_filter))
		return false;

	for (i = 0; i < wf->nr_filters; i++) {
		wt = &wf->filters[i];
		/* Only the first subtype word is kept: subtypes 0..31. */
		if (n->type == wt->type &&
		    st_index < ARRAY_SIZE(wt->subtype_filter) &&
		    (wt->subtype_filter[st_index] & st_bit) &&
		    (n->info & wt->info_mask) == wt->info_filter)
			return true;
	}

	return false;
}

/*
 * Post @n to every watch on @wlist for object @id, each copy with that
 * watch's ID in info, through that queue's filter and the LSM's
 * post_notification hook (watcher's credentials against the poster's).
 * @n is changed in place, as in the kernel.
 */
void __post_watch_notification(struct watch_list *wlist, struct watch_notification *n,
			       const struct cred *cred, u64 id)
{
	const struct watch_filter *wf;
	struct watch_queue *wqueue;
	struct watch *watch;

	if (((n->info & WATCH_INFO_LENGTH) >> WATCH_INFO_LENGTH__SHIFT) == 0) {
		WARN_ON(1);
		return;
	}

	rcu_read_lock();

	hlist_for_each_entry_rcu(watch, &wlist->watchers, list_node) {
		if (watch->id != id)
			continue;
		n->info &= ~WATCH_INFO_ID;
		n->info |= watch->info_id;

		wqueue = rcu_dereference(watch->queue);
		wf = rcu_dereference(wqueue->filter);
		if (wf && !filter_watch_notification(wf, n))
			continue;

		if (security_post_notification(&watch->cred, cred, n) < 0)
			continue;

		post_one_notification(wqueue, n);
	}

	rcu_read_unlock();
}

/*
 * IOC_WATCH_QUEUE_SET_SIZE, under the pipe mutex.  The ring gets
 * roundup_pow_of_two(nr_notes) slots (5.17; 5.8 used nr_notes as is and
 * broke the ring mask), the notes whole pages of 32.  What the queue can
 * hold unread is the smaller of the two.
 *
 * 5.8 charges the pages to the user's pipe-buffer quota and refuses
 * (EPERM) when more than max_usage pages are asked for by a user over the
 * quota; 512 notes are 16 pages, which is exactly max_usage, so that check
 * can never fire and the model does not carry the quota.
 */
long watch_queue_set_size(struct pipe_inode_info *pipe, unsigned int nr_notes)
{
	struct watch_queue *wqueue = pipe->watch_queue;
	unsigned long *bitmap;
	unsigned int nr_pages, i;
	void **pages;
	int ret;

	if (!wqueue)
		return -ENODEV;
	if (wqueue->notes)
		return -EBUSY;
	if (nr_notes < 1 || nr_notes > WATCH_QUEUE_MAX_NOTES)
		return -EINVAL;

	nr_pages = DIV_ROUND_UP(nr_notes, WATCH_QUEUE_NOTES_PER_PAGE);
	ret = pipe_resize_ring(pipe, (unsigned int)roundup_pow_of_two(nr_notes));
	if (ret < 0)
		return ret;

	ret = -ENOMEM;
	pages = kcalloc(nr_pages, sizeof(void *), GFP_KERNEL);
	if (!pages)
		return ret;
	for (i = 0; i < nr_pages; i++) {
		pages[i] = kzalloc(WATCH_QUEUE_PAGE_SIZE, GFP_KERNEL);
		if (!pages[i])
			goto error_p;
	}

	nr_notes = nr_pages * WATCH_QUEUE_NOTES_PER_PAGE;
	bitmap = kcalloc(BITS_TO_LONGS(nr_notes), sizeof(unsigned long), GFP_KERNEL);
	if (!bitmap)
		goto error_p;
	bitmap_fill(bitmap, nr_notes);

	/* Posters look at notes under wqueue->lock. */
	spin_lock_bh(&wqueue->lock);
	wqueue->notes_bitmap = bitmap;
	wqueue->nr_pages = nr_pages;
	wqueue->nr_notes = nr_notes;
	wqueue->notes = pages;
	spin_unlock_bh(&wqueue->lock);
	return 0;

error_p:
	while (i--)
		kfree(pages[i]);
	kfree(pages);
	return ret;
}

long watch_queue_set_filter(struct pipe_inode_info *pipe,
			    struct watch_notification_filter __user *_filter)
{
	struct watch_notification_type_filter *tf;
	struct watch_notification_filter filter;
	struct watch_type_filter *q;
	struct watch_filter *wfilter, *old;
	struct watch_queue *wqueue = pipe->watch_queue;
	unsigned int i, nr_filter = 0;
	size_t tf_size;

	if (!wqueue)
		return -ENODEV;

	if (!_filter) {
		/* Remove the old filter */
		wfilter = NULL;
		goto set;
	}

	/* Grab the user's filter specification */
	if (copy_from_user(&filter, _filter, sizeof(filter)) != 0)
		return -EFAULT;
	if (filter.nr_filters == 0 ||
	    filter.nr_filters > WATCH_QUEUE_MAX_FILTERS ||
	    filter.__reserved != 0)
		return -EINVAL;

	tf_size = filter.nr_filters * sizeof(*tf);
	tf = kmalloc(tf_size, GFP_KERNEL);
	if (!tf)
		return -ENOMEM;
	if (copy_from_user(tf, _filter->filters, tf_size) != 0) {
		kfree(tf);
		return -EFAULT;
	}

	for (i = 0; i < filter.nr_filters; i++) {
		if ((tf[i].info_filter & ~tf[i].info_mask) ||
		    tf[i].info_mask & WATCH_INFO_LENGTH) {
			kfree(tf);
			return -EINVAL;
		}
		/* Ignore any unknown types */
		if (tf[i].type >= WATCH_TYPE___NR)
			continue;
		nr_filter++;
	}

	/*
	 * Now we need to build the internal filter from only the relevant
	 * user-specified filters.
	 */
	wfilter = kzalloc(sizeof(*wfilter) + nr_filter * sizeof(*q), GFP_KERNEL);
	if (!wfilter) {
		kfree(tf);
		return -ENOMEM;
	}
	wfilter->nr_filters = nr_filter;

	q = wfilter->filters;
	for (i = 0; i < filter.nr_filters; i++) {
		if (tf[i].type >= WATCH_TYPE___NR)
			continue;

		q->type = (enum watch_notification_type)tf[i].type;
		q->info_filter = tf[i].info_filter;
		q->info_mask = tf[i].info_mask;
		q->subtype_filter[0] = tf[i].subtype_filter[0];
		__set_bit(q->type, wfilter->type_filter);
		q++;
	}

	kfree(tf);
set:
	/* Posters read the filter under RCU: the swap is atomic for them. */
	mutex_lock(&pipe->mutex);
	old = rcu_dereference_protected(wqueue->filter, lockdep_is_held(&pipe->mutex));
	rcu_assign_pointer(wqueue->filter, wfilter);
	mutex_unlock(&pipe->mutex);
	if (old)
		kfree_rcu(old, rcu);
	return 0;
}

/*
 * The queue's last reference is gone.  Posters may still hold a pointer to
 * it under RCU (found through a watch on its way out), so the queue itself
 * and its filter go after a grace period; they take wqueue->lock, see it
 * defunct and touch nothing else, so the notes can go now.  The lock is
 * not destroyed for the same reason.
 */
static void __put_watch_queue(struct kref *kref)
{
	struct watch_queue *wqueue = container_of(kref, struct watch_queue, usage);
	struct watch_filter *wfilter;
	unsigned int i;

	for (i = 0; i < wqueue->nr_pages; i++)
		kfree(wqueue->notes[i]);
	kfree(wqueue->notes);
	kfree(wqueue->notes_bitmap);

	wfilter = rcu_access_pointer(wqueue->filter);
	if (wfilter)
		kfree_rcu(wfilter, rcu);
	kfree_rcu(wqueue, rcu);
}

void put_watch_queue(struct watch_queue *wqueue)
{
	kref_put(&wqueue->usage, __put_watch_queue);
}

/*
 * The last reference: the watch may still be seen by a poster under RCU, so
 * the memory goes after a grace period; the queue reference can go now
 * because the queue itself is RCU-freed too.
 */
static void __put_watch(struct kref *kref)
{
	struct watch *watch = container_of(kref, struct watch, usage);

	put_watch_queue(rcu_access_pointer(watch->queue));
	kfree_rcu(watch, rcu);
}

void put_watch(struct watch *watch)
{
	kref_put(&watch->usage, __put_watch);
}

void init_watch(struct watch *watch, struct watch_queue *wqueue)
{
	kref_init(&watch->usage);
	INIT_HLIST_NODE(&watch->list_node);
	INIT_HLIST_NODE(&watch->queue_node);
	rcu_assign_pointer(watch->queue, wqueue);
}

static int add_one_watch(struct watch *watch, struct watch_list *wlist,
			 struct watch_queue *wqueue)
{
	struct watch *w;

	lockdep_assert_held(&wqueue->lock);
	lockdep_assert_held(&wlist->lock);
	hlist_for_each_entry(w, &wlist->watchers, list_node) {
		struct watch_queue *wq = rcu_access_pointer(w->queue);

		if (wqueue == wq && watch->id == w->id)
			return -EBUSY;
	}

	watch->cred = *current_cred();
	rcu_assign_pointer(watch->watch_list, wlist);

	kref_get(&wqueue->usage);
	kref_get(&watch->usage);
	hlist_add_head(&watch->queue_node, &wqueue->watches);
	hlist_add_head_rcu(&watch->list_node, &wlist->watchers);
	return 0;
}

/*
 * Add @watch (init_watch()ed, id and info_id set) to @wlist: -EBUSY if the
 * same queue already watches the same object id there, -ENOENT if the
 * queue's pipe has gone meanwhile.  On success the list and the queue each
 * hold a reference; the caller's own reference stays the caller's.
 */
int add_watch_to_object(struct watch *watch, struct watch_list *wlist)
{
	struct watch_queue *wqueue;
	int ret = -ENOENT;

	rcu_read_lock();
	wqueue = rcu_access_pointer(watch->queue);
	spin_lock_bh(&wqueue->lock);
	if (!wqueue->defunct) {
		spin_lock(&wlist->lock);
		ret = add_one_watch(watch, wlist, wqueue);
		spin_unlock(&wlist->lock);
	}
	spin_unlock_bh(&wqueue->lock);
	rcu_read_unlock();
	return ret;
}

/*
 * Remove the first watch on @wlist that belongs to @wq with object id @id
 * (or, with @all, every watch), telling its queue with a REMOVAL record:
 * 8 bytes, or 16 carrying @id when @id is not 0.  -EBADSLT if there is
 * none.
 */
int remove_watch_from_object(struct watch_list *wlist, struct watch_queue *wq,
			     u64 id, bool all)
{
	struct watch_notification_removal n;
	struct watch_queue *wqueue;
	struct watch *watch;
	int ret = -EBADSLT;

	rcu_read_lock();

again:
	spin_lock(&wlist->lock);
	hlist_for_each_entry(watch, &wlist->watchers, list_node) {
		if (all ||
		    (watch->id == id && rcu_access_pointer(watch->queue) == wq))
			goto found;
	}
	spin_unlock(&wlist->lock);
	goto out;

found:
	ret = 0;
	hlist_del_init_rcu(&watch->list_node);
	rcu_assign_pointer(watch->watch_list, NULL);
	spin_unlock(&wlist->lock);

	/* We now own the reference on watch that used to belong to wlist. */

	memset(&n, 0, sizeof(n));
	n.watch.type = WATCH_TYPE_META;
	n.watch.subtype = WATCH_META_REMOVAL_NOTIFICATION;
	n.watch.info = watch->info_id | watch_sizeof(n.watch);
	n.id = id;
	if (id != 0)
		n.watch.info = watch->info_id | watch_sizeof(n);

	wqueue = rcu_dereference(watch->queue);

	spin_lock_bh(&wqueue->lock);
	if (!wqueue->defunct) {
		post_one_notification_locked(wqueue, &n.watch);
		if (!hlist_unhashed(&watch->queue_node)) {
			hlist_del_init_rcu(&watch->queue_node);
			put_watch(watch);
		}
	}
	spin_unlock_bh(&wqueue->lock);

	if (wlist->release_watch) {
		void (*release_watch)(struct watch *);

		release_watch = wlist->release_watch;
		rcu_read_unlock();
		(*release_watch)(watch);
		rcu_read_lock();
	}
	put_watch(watch);

	if (all && !hlist_empty(&wlist->watchers))
		goto again;
out:
	rcu_read_unlock();
	return ret;
}

/*
 * The pipe is going: no more posts, and every watch feeding the queue is
 * taken off its object (without a removal record).
 */
void watch_queue_clear(struct watch_queue *wqueue)
{
	struct watch_list *wlist;
	struct watch *watch;
	bool release;

	rcu_read_lock();
	spin_lock_bh(&wqueue->lock);

	wqueue->defunct = true;

	while (!hlist_empty(&wqueue->watches)) {
		watch = hlist_entry(wqueue->watches.next, struct watch, queue_node);
		hlist_del_init_rcu(&watch->queue_node);
		/* We now own a ref on the watch. */
		spin_unlock_bh(&wqueue->lock);

		/*
		 * Not under the queue lock: the list lock comes second, and
		 * a remover of this watch from the object's side takes it
		 * first.
		 */
		wlist = rcu_dereference(watch->watch_list);
		if (wlist) {
			void (*release_watch)(struct watch *);

			spin_lock(&wlist->lock);
			release = !hlist_unhashed(&watch->list_node);
			if (release) {
				hlist_del_init_rcu(&watch->list_node);
				rcu_assign_pointer(watch->watch_list, NULL);
				/* We now own a second ref on the watch. */
			}
			release_watch = wlist->release_watch;
			spin_unlock(&wlist->lock);

			if (release) {
				if (release_watch) {
					rcu_read_unlock();
					/* This might need to call dput(). */
					(*release_watch)(watch);
					rcu_read_lock();
				}
				put_watch(watch);
			}
		}

		put_watch(watch);
		spin_lock_bh(&wqueue->lock);
	}

	spin_unlock_bh(&wqueue->lock);
	rcu_read_unlock();
}

/*
 * The queue behind a pipe fd, with a reference.  Either end names it.  A
 * bad fd and an fd that is not a notification pipe are both -EINVAL, as
 * in 5.8.
 */
struct watch_queue *get_watch_queue(int fd)
{
	struct watch_queue *wqueue = ERR_PTR(-EINVAL);
	struct pipe_inode_info *pipe;
	struct file *f;

	if (fd < 0)
		return wqueue;
	f = fget((unsigned int)fd);
	if (f) {
		pipe = get_pipe_info(f, false);
		if (pipe && pipe->watch_queue) {
			wqueue = pipe->watch_queue;
			kref_get(&wqueue->usage);
		}
		fput(f);
	}
	return wqueue;
}

int watch_queue_init(struct pipe_inode_info *pipe)
{
	struct watch_queue *wqueue = kzalloc(sizeof(*wqueue), GFP_KERNEL);

	if (!wqueue)
		return -ENOMEM;
	wqueue->pipe = pipe;
	kref_init(&wqueue->usage);
	spin_lock_init(&wqueue->lock);
	INIT_HLIST_HEAD(&wqueue->watches);
	pipe->watch_queue = wqueue;
	return 0;
}
