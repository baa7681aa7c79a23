// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Notification filters (IOC_WATCH_QUEUE_SET_FILTER and the match at post
 * time), kernel/watch_queue.c of 5.8 with the 5.17 bound fix (erratum
 * B12, docs/errata.md): rules for types the kernel does not know
 * (>= WATCH_TYPE___NR) are dropped, where 5.8 wrote past its type bitmap
 * for types up to 1023.
 */
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/pipe.h>
#include <vfs/watch_queue.h>

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
