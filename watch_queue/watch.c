// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Watches and watch lists (kernel/watch_queue.c, 5.8, with the locking of
 * the 2022 fixes): a watch joins one queue to one watched object; posting
 * walks the object's list under RCU.
 */
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/security.h>
#include <vfs/watch_queue.h>

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
