// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mount propagation (fs/pnode.c): peer groups, masters and slaves, the
 * propagation of new mounts to peers and slaves, of umounts and of the
 * busy check.  Everything here runs under namespace_sem (writer); the
 * MNT_MARKED bits and mnt_umounting lists are scratch state of one call.
 */
#include <sys/mount.h>

#include <linux/bug.h>
#include <linux/lockdep.h>
#include <vfs/check_dirty.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/pnode.h>

static inline struct mount *next_peer(struct mount *p)
{
	return list_entry(p->mnt_share.next, struct mount, mnt_share);
}
static inline struct mount *first_slave(struct mount *p)
{
	return list_entry(p->mnt_slave_list.next, struct mount, mnt_slave);
}
static inline struct mount *last_slave(struct mount *p)
{
	return list_entry(p->mnt_slave_list.prev, struct mount, mnt_slave);
}
static inline struct mount *next_slave(struct mount *p)
{
	return list_entry(p->mnt_slave.next, struct mount, mnt_slave);
}
static inline bool peers(const struct mount *m1, const struct mount *m2)
{
	return m1->mnt_group_id == m2->mnt_group_id && m1->mnt_group_id;
}

/*
 * The kernel's group IDA is global; the model's belongs to the instance,
 * found through current: clone_mnt() asks for an ID before the new mount
 * has its superblock (and so its instance) set.
 */
int mnt_alloc_group_id(struct mount *mnt)
{
	struct vfsim *v = current_kernel();
	int res = ida_alloc(&v->mnt_group_ida);

	if (res < 0)
		return res;
	mnt->mnt_group_id = res;
	return 0;
}

void mnt_release_group_id(struct mount *mnt)
{
	struct vfsim *v = mnt->mnt.mnt_sb->s_kernel;

	ida_free(&v->mnt_group_ida, (unsigned int)mnt->mnt_group_id);
	mnt->mnt_group_id = 0;
}

void cleanup_group_ids(struct mount *mnt, struct mount *end)
{
	struct mount *p;

	for (p = mnt; p != end; p = next_mnt(p, mnt)) {
		if (p->mnt_group_id && !IS_MNT_SHARED(p))
			mnt_release_group_id(p);
	}
}

int invent_group_ids(struct mount *mnt, bool recurse)
{
	struct mount *p;

	for (p = mnt; p; p = recurse ? next_mnt(p, mnt) : NULL) {
		if (!p->mnt_group_id && !IS_MNT_SHARED(p)) {
			int err = mnt_alloc_group_id(p);

			if (err) {
				cleanup_group_ids(mnt, p);
				return err;
			}
		}
	}
	return 0;
}

static void set_mnt_shared(struct mount *mnt)
{
	mnt->mnt.mnt_flags &= ~MNT_SHARED_MASK;
	mnt->mnt.mnt_flags |= MNT_SHARED;
}

static int do_make_slave(struct mount *mnt)
{
	struct mount *master, *slave_mnt;

	if (list_empty(&mnt->mnt_share)) {
		if (IS_MNT_SHARED(mnt)) {
			mnt_release_group_id(mnt);
			mnt->mnt.mnt_flags &= ~MNT_SHARED;
		}
		master = mnt->mnt_master;
		if (!master) {
			struct list_head *p = &mnt->mnt_slave_list;

			while (!list_empty(p)) {
				slave_mnt = list_first_entry(p, struct mount, mnt_slave);
				list_del_init(&slave_mnt->mnt_slave);
				slave_mnt->mnt_master = NULL;
			}
			return 0;
		}
	} else {
		struct mount *m;

		/* Slave to a peer with the same root dentry if there is one. */
		for (m = master = next_peer(mnt); m != mnt; m = next_peer(m)) {
			if (m->mnt.mnt_root == mnt->mnt.mnt_root) {
				master = m;
				break;
			}
		}
		list_del_init(&mnt->mnt_share);
		mnt->mnt_group_id = 0;
		mnt->mnt.mnt_flags &= ~MNT_SHARED;
	}
	list_for_each_entry(slave_mnt, &mnt->mnt_slave_list, mnt_slave)
		slave_mnt->mnt_master = master;
	list_move(&mnt->mnt_slave, &master->mnt_slave_list);
	list_splice_tail_init(&mnt->mnt_slave_list, &master->mnt_slave_list);
	mnt->mnt_master = master;
	return 0;
}

/* Caller holds namespace_sem and mount_lock. */
void change_mnt_propagation(struct mount *mnt, int type)
{
	lockdep_assert_held_write(&mnt_kernel(mnt)->namespace_sem);
	lockdep_assert_held(&mnt_kernel(mnt)->mount_lock);
	mnt_check_dirty_propagation(mnt);
	if (type == MS_SHARED) {
		set_mnt_shared(mnt);
		return;
	}
	do_make_slave(mnt);
	if (type != MS_SLAVE) {
		list_del_init(&mnt->mnt_slave);
		mnt->mnt_master = NULL;
		if (type == MS_UNBINDABLE)
			mnt->mnt.mnt_flags |= MNT_UNBINDABLE;
		else
			mnt->mnt.mnt_flags &= ~MNT_UNBINDABLE;
	}
}

/* The next mount in the propagation tree of @origin (peers, then slaves). */
static struct mount *propagation_next(struct mount *m, struct mount *origin)
{
	/* are there any slaves of this mount? */
	if (!IS_MNT_NEW(m) && !list_empty(&m->mnt_slave_list))
		return first_slave(m);

	while (1) {
		struct mount *master = m->mnt_master;

		if (master == origin->mnt_master) {
			struct mount *next = next_peer(m);

			return next == origin ? NULL : next;
		} else if (m->mnt_slave.next != &master->mnt_slave_list) {
			return next_slave(m);
		}
		/* back at master */
		m = master;
	}
}

static struct mount *next_group(struct mount *m, struct mount *origin)
{
	while (1) {
		while (1) {
			struct mount *next;

			if (!IS_MNT_NEW(m) && !list_empty(&m->mnt_slave_list))
				return first_slave(m);
			next = next_peer(m);
			if (m->mnt_group_id == origin->mnt_group_id) {
				if (next == origin)
					return NULL;
			} else if (m->mnt_slave.next != &next->mnt_slave) {
				break;
			}
			m = next;
		}
		/* m is the last peer */
		while (1) {
			struct mount *master = m->mnt_master;

			if (m->mnt_slave.next != &master->mnt_slave_list)
				return next_slave(m);
			m = next_peer(master);
			if (master->mnt_group_id == origin->mnt_group_id)
				break;
			if (master->mnt_slave.next == &m->mnt_slave)
				break;
			m = master;
		}
		if (m == origin)
			return NULL;
	}
}

static bool is_subdir_of(struct dentry *d, struct dentry *ancestor)
{
	for (;;) {
		if (d == ancestor)
			return true;
		if (IS_ROOT(d))
			return false;
		d = d->d_parent;
	}
}

/*
 * is_path_reachable() of fs/namespace.c: (@mnt, @dentry) is at or below
 * @root, crossing mountpoints on the way up.  Also statmount's and
 * listmount's test of what the caller may see (vfs/statmount.c).
 */
bool is_path_reachable(struct mount *mnt, struct dentry *dentry,
		       const struct path *root)
{
	while (&mnt->mnt != root->mnt && mnt_has_parent(mnt)) {
		dentry = mnt->mnt_mountpoint;
		mnt = mnt->mnt_parent;
	}
	return &mnt->mnt == root->mnt && is_subdir_of(dentry, root->dentry);
}

/* A peer of @mnt in @ns whose root @root can see, or NULL. */
static struct mount *get_peer_under_root(struct mount *mnt,
					 struct mnt_namespace *ns,
					 const struct path *root)
{
	struct mount *m = mnt;

	do {
		if (m->mnt_ns == ns && is_path_reachable(m, m->mnt.mnt_root, root))
			return m;
		m = next_peer(m);
	} while (m != mnt);
	return NULL;
}

/*
 * get_dominating_id - the peer group that @mnt, a slave, really receives
 * propagation from as seen from @root: the first master up the chain with
 * a peer visible under @root (mountinfo's "propagate_from").  0 if none.
 * Caller holds namespace_sem.
 */
int get_dominating_id(struct mount *mnt, const struct path *root)
{
	struct mount *m;

	for (m = mnt->mnt_master; m; m = m->mnt_master) {
		struct mount *d = get_peer_under_root(m, mnt->mnt_ns, root);

		if (d)
			return d->mnt_group_id;
	}
	return 0;
}

/* The state of one propagate_mnt() call (the kernel keeps it in statics,
 * serialised by namespace_sem; ours is per call). */
struct propagation {
	struct mount *last_dest, *first_source, *last_source, *dest_master;
	struct mountpoint *mp;
	struct hlist_head *list;
};

static int propagate_one(struct propagation *pr, struct mount *m)
{
	struct mount *child;
	int type;

	/* skip ones added by this propagate_mnt() */
	if (IS_MNT_NEW(m))
		return 0;
	/* skip if mountpoint isn't covered by it */
	if (!is_subdir_of(pr->mp->m_dentry, m->mnt.mnt_root))
		return 0;
	if (peers(m, pr->last_dest)) {
		type = CL_MAKE_SHARED;
	} else {
		struct mount *n, *p;
		bool done;

		for (n = m;; n = p) {
			p = n->mnt_master;
			if (p == pr->dest_master || IS_MNT_MARKED(p))
				break;
		}
		do {
			struct mount *parent = pr->last_source->mnt_parent;

			if (pr->last_source == pr->first_source)
				break;
			done = parent->mnt_master == p;
			if (done && peers(n, parent))
				break;
			pr->last_source = pr->last_source->mnt_master;
		} while (!done);

		type = CL_SLAVE;
		/* beginning of peer group among the slaves? */
		if (IS_MNT_SHARED(m))
			type |= CL_MAKE_SHARED;
	}

	child = copy_tree(pr->last_source, pr->last_source->mnt.mnt_root, type);
	if (IS_ERR(child))
		return (int)PTR_ERR(child);
	child->mnt.mnt_flags &= ~MNT_LOCKED;
	/*
	 * As 5.8: the mountpoint's count and list, and the flags of a mount
	 * in the tree (the mark on m's master), are mount_lock's; a remount
	 * changes a mount's flags under mount_lock alone.
	 */
	read_seqlock_excl(&mnt_kernel(m)->mount_lock);
	mnt_set_mountpoint(m, pr->mp, child);
	if (m->mnt_master != pr->dest_master)
		SET_MNT_MARK(m->mnt_master);
	read_sequnlock_excl(&mnt_kernel(m)->mount_lock);
	pr->last_dest = m;
	pr->last_source = child;
	hlist_add_head(&child->mnt_hash, pr->list);
	/* The copy must fit in its namespace beside what this attach has
	 * admitted there already (ns->pending_mounts: the source, when the
	 * copy is in the destination's namespace, and other copies). */
	return count_mounts(m->mnt_ns, child);
}

/*
 * propagate_mnt - copy @source_mnt onto @dest_mp in every peer and slave
 * of @dest_mnt; the copies are collected on @tree_list (through their
 * mnt_hash) for attach_recursive_mnt() to commit.
 */
int propagate_mnt(struct mount *dest_mnt, struct mountpoint *dest_mp,
		  struct mount *source_mnt, struct hlist_head *tree_list)
{
	struct propagation pr = {
		.last_dest = dest_mnt,
		.first_source = source_mnt,
		.last_source = source_mnt,
		.mp = dest_mp,
		.list = tree_list,
		.dest_master = dest_mnt->mnt_master,
	};
	struct mount *m, *n;
	int ret = 0;

	lockdep_assert_held_write(&mnt_kernel(dest_mnt)->namespace_sem);
	/* all peers of dest_mnt, except dest_mnt itself */
	for (n = next_peer(dest_mnt); n != dest_mnt; n = next_peer(n)) {
		ret = propagate_one(&pr, n);
		if (ret)
			goto out;
	}
	/* all slave groups */
	for (m = next_group(dest_mnt, dest_mnt); m; m = next_group(m, dest_mnt)) {
		/* everything in that slave group */
		n = m;
		do {
			ret = propagate_one(&pr, n);
			if (ret)
				goto out;
			n = next_peer(n);
		} while (n != m);
	}
out:
	read_seqlock_excl(&mnt_kernel(dest_mnt)->mount_lock);
	hlist_for_each_entry(n, tree_list, mnt_hash) {
		m = n->mnt_parent;
		if (m->mnt_master != dest_mnt->mnt_master)
			CLEAR_MNT_MARK(m->mnt_master);
	}
	read_sequnlock_excl(&mnt_kernel(dest_mnt)->mount_lock);
	return ret;
}

/*
 * propagation_would_overmount - would a mount on @mp in @from propagate a
 * copy on top of @to?  Only if @from is shared, @to is in a namespace
 * (a new or detached mount receives nothing), @to's root is @mp, and @to
 * or one of its masters is a peer of @from.  (6.5, for
 * MOVE_MOUNT_BENEATH: do_move_mount() in vfs/namespace.c.)
 */
bool propagation_would_overmount(const struct mount *from,
				 const struct mount *to,
				 const struct mountpoint *mp)
{
	const struct mount *m;

	if (!IS_MNT_SHARED(from))
		return false;
	if (!to->mnt_ns || to->mnt_ns->seq == 0)
		return false;
	if (to->mnt.mnt_root != mp->m_dentry)
		return false;
	for (m = to; m; m = m->mnt_master)
		if (peers(from, m))
			return true;
	return false;
}

static struct mount *find_topper(struct mount *mnt)
{
	struct mount *child;

	if (!list_is_singular(&mnt->mnt_mounts))
		return NULL;
	child = list_first_entry(&mnt->mnt_mounts, struct mount, mnt_child);
	if (child->mnt_mountpoint != mnt->mnt.mnt_root)
		return NULL;
	return child;
}

static int do_refcount_check(struct mount *mnt, int count)
{
	return mnt_get_count(mnt) > count;
}

/*
 * propagate_mount_busy - is @mnt (with @refcnt references expected) or any
 * of its propagated copies in use?
 */
int propagate_mount_busy(struct mount *mnt, int refcnt)
{
	struct mount *m, *child, *topper;
	struct mount *parent = mnt->mnt_parent;

	lockdep_assert_held(&mnt_kernel(mnt)->mount_lock);
	if (mnt == parent)
		return do_refcount_check(mnt, refcnt);

	if (!list_empty(&mnt->mnt_mounts) || do_refcount_check(mnt, refcnt))
		return 1;

	for (m = propagation_next(parent, parent); m;
	     m = propagation_next(m, parent)) {
		int count = 1;

		child = __lookup_mnt(&m->mnt, mnt->mnt_mountpoint);
		if (!child)
			continue;
		topper = find_topper(child);
		if (topper)
			count += 1;
		else if (!list_empty(&child->mnt_mounts))
			continue;
		if (do_refcount_check(child, count))
			return 1;
	}
	return 0;
}

/*
 * propagate_mount_unlock - clear MNT_LOCKED on the copies of @mnt that its
 * parent's peers and slaves hold: they go with it, and a locked copy
 * would stay behind.  Caller holds mount_lock.
 */
void propagate_mount_unlock(struct mount *mnt)
{
	struct mount *parent = mnt->mnt_parent;
	struct mount *m, *child;

	lockdep_assert_held(&mnt_kernel(mnt)->mount_lock);
	BUG_ON(parent == mnt);

	for (m = propagation_next(parent, parent); m;
	     m = propagation_next(m, parent)) {
		child = __lookup_mnt(&m->mnt, mnt->mnt_mountpoint);
		if (child)
			child->mnt.mnt_flags &= ~MNT_LOCKED;
	}
}

static void umount_one(struct mount *mnt, struct list_head *to_umount)
{
	CLEAR_MNT_MARK(mnt);
	mnt->mnt.mnt_flags |= MNT_UMOUNT;
	list_del_init(&mnt->mnt_child);
	list_del_init(&mnt->mnt_umounting);
	list_move_tail(&mnt->mnt_list, to_umount);
}

/*
 * Unmounting a mount takes with it the copies its parent's peers and
 * slaves hold at the same place.  @mnt is one such copy: it goes (onto
 * @to_umount) if nothing but a mount covering its whole root, or mounts
 * already known to go, is mounted on it; a copy that must stay mounted
 * (locked, or with other children) is remembered on @to_restore.
 * Returns whether @mnt was decided, so that the caller tries its parent.
 */
static bool __propagate_umount(struct mount *mnt, struct list_head *to_umount,
			       struct list_head *to_restore)
{
	bool progress = false;
	struct mount *child;

	/* The state of the parent won't change if this mount is already
	 * unmounted or marked as such. */
	if (mnt->mnt.mnt_flags & (MNT_UMOUNT | MNT_MARKED))
		goto out;

	/* Only a topper, or children speculatively unmounted, may remain. */
	list_for_each_entry(child, &mnt->mnt_mounts, mnt_child) {
		if (child->mnt_mountpoint == mnt->mnt.mnt_root)
			continue;
		if (!list_empty(&child->mnt_umounting) && IS_MNT_MARKED(child))
			continue;
		/* Found a mounted child */
		goto children;
	}

	/* Mark mounts that can be unmounted if not locked */
	SET_MNT_MARK(mnt);
	progress = true;

	/* If a mount is without children and not locked umount it. */
	if (!IS_MNT_LOCKED(mnt)) {
		umount_one(mnt, to_umount);
	} else {
children:
		list_move_tail(&mnt->mnt_umounting, to_restore);
	}
out:
	return progress;
}

/* The children of the copies being unmounted go too, except a topper,
 * which restore_mounts() puts back where the copy was. */
static void umount_list(struct list_head *to_umount,
			struct list_head *to_restore)
{
	struct mount *mnt, *child, *tmp;

	list_for_each_entry(mnt, to_umount, mnt_list) {
		list_for_each_entry_safe(child, tmp, &mnt->mnt_mounts, mnt_child) {
			/* topper? */
			if (child->mnt_mountpoint == mnt->mnt.mnt_root)
				list_move_tail(&child->mnt_umounting, to_restore);
			else
				umount_one(child, to_umount);
		}
	}
}

/* Mounts that stay: clear their marks and hang each one from its first
 * ancestor that is not being unmounted, on that ancestor's mountpoint. */
static void restore_mounts(struct list_head *to_restore)
{
	while (!list_empty(to_restore)) {
		struct mount *mnt, *parent;
		struct mountpoint *mp;

		mnt = list_first_entry(to_restore, struct mount, mnt_umounting);
		CLEAR_MNT_MARK(mnt);
		list_del_init(&mnt->mnt_umounting);

		/* Should this mount be reparented? */
		mp = mnt->mnt_mp;
		parent = mnt->mnt_parent;
		while (parent->mnt.mnt_flags & MNT_UMOUNT) {
			mp = parent->mnt_mp;
			parent = parent->mnt_parent;
		}
		if (parent != mnt->mnt_parent) {
			mnt_change_mountpoint(parent, mp, mnt);
			/* 6.15: reported as a move (vfs/fanotify.c). */
			mnt_notify_add(mnt);
		}
	}
}

static void cleanup_umount_visitations(struct list_head *visited)
{
	while (!list_empty(visited)) {
		struct mount *mnt =
			list_first_entry(visited, struct mount, mnt_umounting);

		list_del_init(&mnt->mnt_umounting);
	}
}

/* Advance @m so that propagation_next() does not return its slaves. */
static struct mount *skip_propagation_subtree(struct mount *m,
					      struct mount *origin)
{
	(void)origin;
	if (!IS_MNT_NEW(m) && !list_empty(&m->mnt_slave_list))
		m = last_slave(m);
	return m;
}

/*
 * The order Linux 6.18 unmounts propagated copies in, for fanotify's
 * detach events (vfs/fanotify.c): 6.18 rewrote propagate_umount()
 * (fs/pnode.c, 6.16) and reports detaches in the order its
 * propagate_umount() commits mounts to unmounting, which 5.8's, the
 * model's, does not keep.  So the model runs 6.18's ordering over the
 * tree before its own propagate_umount() changes it: candidates gathered
 * per mount of @set (the tree being unmounted, in walk order, on
 * mnt_notify_order) at each mount its parent propagates to, newest first
 * (gather_candidates()); then those with no child left to go, in list
 * order (trim_one()); then the rest with their candidate ancestors
 * (handle_locked()).  The result goes on @order through
 * mnt_notify_order; which of them really go is the model's
 * propagate_umount()'s decision (umount_tree() keeps those it took).
 * Caller holds namespace_sem and mount_lock.
 */
#define T_UMOUNT_CANDIDATE	0x1
#define T_ORDERED		0x2

static bool notify_candidate_ready(struct mount *m)
{
	struct mount *n;

	if (IS_MNT_LOCKED(m))
		return false;
	list_for_each_entry(n, &m->mnt_mounts, mnt_child)
		if (!(n->mnt_t_flags & T_ORDERED))
			return false;
	return true;
}

static void notify_order_one(struct mount *m, struct list_head *order)
{
	m->mnt_t_flags |= T_ORDERED;
	list_move_tail(&m->mnt_notify_order, order);
}

void umount_notify_order(struct list_head *set, struct list_head *order)
{
	LIST_HEAD(candidates);
	struct mount *m, *p, *q, *n;

	list_for_each_entry(m, set, mnt_notify_order) {
		lockdep_assert_held_write(&mnt_kernel(m)->namespace_sem);
		lockdep_assert_held(&mnt_kernel(m)->mount_lock);
		break;
	}
	list_for_each_entry(m, set, mnt_notify_order) {
		p = m->mnt_parent;
		if (p == m)
			continue;
		for (q = propagation_next(p, p); q; q = propagation_next(q, p)) {
			struct mount *child = __lookup_mnt(&q->mnt, m->mnt_mountpoint);

			if (!child || (child->mnt_t_flags & T_UMOUNT_CANDIDATE) ||
			    (child->mnt.mnt_flags & MNT_UMOUNT))
				continue;
			child->mnt_t_flags |= T_UMOUNT_CANDIDATE;
			list_add(&child->mnt_notify_order, &candidates);
		}
	}
	list_for_each_entry_safe(m, n, &candidates, mnt_notify_order)
		if (notify_candidate_ready(m))
			notify_order_one(m, order);
	while (!list_empty(&candidates)) {
		m = list_first_entry(&candidates, struct mount, mnt_notify_order);
		for (p = m; p->mnt_t_flags == T_UMOUNT_CANDIDATE; p = p->mnt_parent)
			notify_order_one(p, order);
	}
}

/*
 * propagate_umount - add to @list (the mounts umount_tree() is taking
 * away, on their mnt_list) every mount that receives propagation from
 * them and goes with them.  A mount of the list whose mountpoint has been
 * visited already (on mnt_umounting) had its whole peer group and their
 * slaves visited with it.  Caller holds mount_lock.
 */
void propagate_umount(struct list_head *list)
{
	struct mount *mnt;
	LIST_HEAD(to_restore);
	LIST_HEAD(to_umount);
	LIST_HEAD(visited);

	if (!list_empty(list))
		lockdep_assert_held(&mnt_kernel(list_first_entry(list, struct mount,
						mnt_list))->mount_lock);
	/* Find candidates for unmounting */
	list_for_each_entry_reverse(mnt, list, mnt_list) {
		struct mount *parent = mnt->mnt_parent;
		struct mount *m;

		if (!list_empty(&mnt->mnt_umounting))
			continue;

		list_add_tail(&mnt->mnt_umounting, &visited);
		for (m = propagation_next(parent, parent); m;
		     m = propagation_next(m, parent)) {
			struct mount *child = __lookup_mnt(&m->mnt,
							   mnt->mnt_mountpoint);
			if (!child)
				continue;

			if (!list_empty(&child->mnt_umounting)) {
				/* Visited: so were its peers and slaves
				 * for this mountpoint. */
				m = skip_propagation_subtree(m, parent);
				continue;
			} else if (child->mnt.mnt_flags & MNT_UMOUNT) {
				/* A mount of @list not visited yet: note
				 * it and go on. */
				list_add_tail(&child->mnt_umounting, &visited);
				continue;
			}

			/* Check the child and parents while progress is made */
			while (__propagate_umount(child, &to_umount, &to_restore)) {
				/* Is the parent a umount candidate? */
				child = child->mnt_parent;
				if (list_empty(&child->mnt_umounting))
					break;
			}
		}
	}

	umount_list(&to_umount, &to_restore);
	restore_mounts(&to_restore);
	cleanup_umount_visitations(&visited);
	list_splice_tail_init(&to_umount, list);
}
