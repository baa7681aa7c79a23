// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Watchable test objects: a watch_list per object id, shaped like the
 * keyrings' use of the watch queue (watch->id is the object's id), so the
 * queue can be exercised before, and apart from, mount and superblock
 * watches.
 */
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/test_source.h>
#include <vfs/watch_queue.h>

/*
 * The notification core's state in an instance: the state of subsystem
 * PERNET_WATCH_QUEUE (vfs/pernet.h), the instance's test objects.
 */
struct watch_queue_net {
	spinlock_t test_objects_lock;
	struct list_head test_objects;
};

static inline struct watch_queue_net *watch_queue_net(const struct vfsim *v)
{
	return net_generic(v, PERNET_WATCH_QUEUE);
}

struct test_object {
	struct list_head node;		/* on watch_queue_net(v)->test_objects */
	u64 id;
	struct watch_list *watchers;
};

/*
 * Caller holds test_objects_lock, or is in an RCU read-side section:
 * objects are added and removed with the RCU list calls under the lock and
 * freed after a grace period, so a poster needs no lock to find one.
 */
static struct test_object *find_object(struct vfsim *v, u64 id)
{
	struct test_object *o;

	list_for_each_entry_rcu(o, &watch_queue_net(v)->test_objects, node)
		if (o->id == id)
			return o;
	return NULL;
}

static struct test_object *new_object(u64 id)
{
	struct test_object *o = kzalloc(sizeof(*o), GFP_KERNEL);

	if (!o)
		return NULL;
	o->watchers = kzalloc(sizeof(*o->watchers), GFP_KERNEL);
	if (!o->watchers) {
		kfree(o);
		return NULL;
	}
	init_watch_list(o->watchers, NULL);
	o->id = id;
	return o;
}

long test_object_watch(int watch_fd, u64 object, int watch_id)
{
	struct vfsim *v = current_kernel();
	struct test_object *o, *fresh = NULL;
	struct watch_queue *wqueue;
	struct watch *watch;
	long ret;

	if (watch_id < 0 || watch_id > 0xff)
		return -EINVAL;
	wqueue = get_watch_queue(watch_fd);
	if (IS_ERR(wqueue))
		return PTR_ERR(wqueue);

	ret = -ENOMEM;
	watch = kzalloc(sizeof(*watch), GFP_KERNEL);
	if (!watch)
		goto out_queue;
	init_watch(watch, wqueue);
	watch->id = object;
	watch->info_id = (u32)watch_id << WATCH_INFO_ID__SHIFT;

	/* The object cannot be destroyed while a watch is being added to it. */
	spin_lock(&watch_queue_net(v)->test_objects_lock);
	o = find_object(v, object);
	if (!o) {
		spin_unlock(&watch_queue_net(v)->test_objects_lock);
		fresh = new_object(object);
		spin_lock(&watch_queue_net(v)->test_objects_lock);
		o = find_object(v, object);
	}
	if (!o && fresh) {
		list_add_tail_rcu(&fresh->node, &watch_queue_net(v)->test_objects);
		o = fresh;
		fresh = NULL;
	}
	if (o)
		ret = add_watch_to_object(watch, o->watchers);
	spin_unlock(&watch_queue_net(v)->test_objects_lock);
	if (fresh) {
		kfree(fresh->watchers);
		kfree(fresh);
	}
	if (ret)
		kfree(watch);	/* never seen by anyone: no RCU wait */
	/* On success the list owns the watch's first reference and the
	 * watch its own on the queue; ours goes either way. */
out_queue:
	put_watch_queue(wqueue);
	return ret;
}

long test_object_unwatch(int watch_fd, u64 object)
{
	struct vfsim *v = current_kernel();
	struct watch_queue *wqueue;
	struct test_object *o;
	long ret = -EBADSLT;

	wqueue = get_watch_queue(watch_fd);
	if (IS_ERR(wqueue))
		return PTR_ERR(wqueue);
	spin_lock(&watch_queue_net(v)->test_objects_lock);
	o = find_object(v, object);
	if (o)
		ret = remove_watch_from_object(o->watchers, wqueue, object, false);
	spin_unlock(&watch_queue_net(v)->test_objects_lock);
	put_watch_queue(wqueue);
	return ret;
}

long test_object_post(u64 object, const void __user *record)
{
	struct vfsim *v = current_kernel();
	struct watch_notification *n;
	struct watch_list *wlist;
	struct test_object *o;
	union {
		struct watch_notification n;
		char bytes[WATCH_INFO_LENGTH + 1];
	} buf;
	unsigned int len;

	if (copy_from_user(&buf.n, record, sizeof(buf.n)))
		return -EFAULT;
	len = (buf.n.info & WATCH_INFO_LENGTH) >> WATCH_INFO_LENGTH__SHIFT;
	if (len < sizeof(buf.n))
		return -EINVAL;
	if (copy_from_user(buf.bytes, record, len))
		return -EFAULT;
	n = &buf.n;

	/* The object and its list are freed after a grace period once the
	 * object dies, so finding and posting under RCU need no lock. */
	rcu_read_lock();
	o = find_object(v, object);
	wlist = o ? o->watchers : NULL;
	post_watch_notification(wlist, n, current_cred(), object);
	rcu_read_unlock();
	return 0;
}

long test_object_destroy(u64 object)
{
	struct vfsim *v = current_kernel();
	struct test_object *o;

	spin_lock(&watch_queue_net(v)->test_objects_lock);
	o = find_object(v, object);
	if (o) {
		list_del_rcu(&o->node);
		remove_watch_list(o->watchers, object);
	}
	spin_unlock(&watch_queue_net(v)->test_objects_lock);
	if (!o)
		return -ENOENT;
	kfree_rcu(o, rcu);	/* a poster may be looking at it */
	return 0;
}

static int watch_queue_net_init(struct vfsim *v)
{
	spin_lock_init(&watch_queue_net(v)->test_objects_lock);
	INIT_LIST_HEAD(&watch_queue_net(v)->test_objects);
	return 0;
}

/* Before the mount tree goes: an object's watches hold their queues' pipes. */
static void test_objects_release(struct vfsim *v)
{
	struct test_object *o, *n;

	list_for_each_entry_safe(o, n, &watch_queue_net(v)->test_objects, node) {
		list_del(&o->node);
		remove_watch_list(o->watchers, o->id);
		kfree(o);
	}
}

const struct pernet_operations watch_queue_net_ops = {
	.name = "watch_queue",
	.id = PERNET_WATCH_QUEUE,
	.size = sizeof(struct watch_queue_net),
	.init = watch_queue_net_init,
	.pre_exit = test_objects_release,
};
