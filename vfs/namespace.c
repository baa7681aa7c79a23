// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mounts and the mount tree (fs/namespace.c, 5.6 as the patch set found it),
 * with the mount(2) and umount2(2) entries: ksys_mount() copies the
 * arguments in through the user-memory seam (copy_mount_string,
 * copy_mount_options) and looks the target up before path_mount() does the
 * work; ksys_umount() likewise before path_umount().
 *
 * Which lock protects which field of struct mount is in vfs/mount.h; how
 * the locks nest, in docs/internals.md, "Locks".  Function names are the
 * kernel's, and each state change happens where the kernel makes it,
 * because the notifications of seed 002 hook exactly these places:
 *   attach_recursive_mnt (NEW_MOUNT, MOVE_FROM, MOVE_TO), umount_mnt
 *   (UNMOUNT), set_mount_attributes (SETATTR), mnt_make_readonly and
 *   __mnt_unmake_readonly (READONLY), mark_mounts_for_expiry (EXPIRY).
 *
 * A mount is freed, after an RCU grace period, when mnt_count drops to
 * zero; who holds its references is in docs/internals.md.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>

#include <linux/bug.h>
#include <linux/lockdep.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/check_dirty.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/mount_api.h>
#include <vfs/fanotify.h>
#include <vfs/namei.h>
#include <vfs/notify.h>
#include <vfs/pnode.h>
#include <vfs/syscalls.h>

/* umount_tree() flags */
enum umount_tree_flags {
	UMOUNT_SYNC = 1,	/* synchronous: no lazy detach */
	UMOUNT_PROPAGATE = 2,	/* take the propagated copies too */
	UMOUNT_CONNECTED = 4,	/* keep the mount connected to its parent */
};

/* ---- hashes ------------------------------------------------------------- */

static u64 m_hash_key(const struct vfsmount *mnt, const struct dentry *dentry)
{
	return ((uintptr_t)mnt / 64 + (uintptr_t)dentry / 64) * 0x9e3779b97f4a7c15ULL;
}

/* Readers hold namespace_sem or mount_lock, or sample mount_lock's sequence
 * under RCU and retry: a resize is a mount_lock write (hlist_table.h). */
static struct hlist_head *m_hash(struct vfsim *v, struct vfsmount *mnt,
				 struct dentry *dentry)
{
	return hlist_table_bucket(rcu_dereference(v->mount_hashtable),
				  m_hash_key(mnt, dentry));
}

static u64 m_hash_node(const struct hlist_node *node)
{
	const struct mount *mnt = hlist_entry(node, struct mount, mnt_hash);

	return m_hash_key(&mnt->mnt_parent->mnt, mnt->mnt_mountpoint);
}

static u64 mp_hash_key(const struct dentry *dentry)
{
	return ((uintptr_t)dentry / 64) * 0x9e3779b97f4a7c15ULL;
}

static struct hlist_head *mp_hash(struct vfsim *v, struct dentry *dentry)
{
	return hlist_table_bucket(v->mountpoint_hashtable, mp_hash_key(dentry));
}

static u64 mp_hash_node(const struct hlist_node *node)
{
	return mp_hash_key(hlist_entry(node, struct mountpoint, m_hash)->m_dentry);
}

/*
 * The kernel sizes both hashes at boot; the model doubles them when their
 * entries outnumber their buckets.  Under mount_lock, where nothing may
 * sleep (GFP_ATOMIC); if the allocation fails the table stays as it is,
 * only slower, and the next insertion tries again.
 */
static void mnt_hash_grow(struct vfsim *v)
{
	if (hlist_table_full(v->mount_hashtable, v->nr_mounted))
		hlist_table_grow(&v->mount_hashtable, m_hash_node, GFP_ATOMIC);
}

static void mp_hash_grow(struct vfsim *v)
{
	if (hlist_table_full(v->mountpoint_hashtable, v->nr_mountpoints))
		hlist_table_grow(&v->mountpoint_hashtable, mp_hash_node, GFP_ATOMIC);
}

void lock_mount_hash(struct vfsim *v) { write_seqlock(&v->mount_lock); }
void unlock_mount_hash(struct vfsim *v) { write_sequnlock(&v->mount_lock); }

void namespace_lock(struct vfsim *v) { down_write(&v->namespace_sem); }

/*
 * fanotify mount events (Linux 6.15+, vfs/fanotify.c).  A mount whose
 * namespace changed is queued on v->notify_list under namespace_sem (if
 * its old or new namespace has marks: otherwise it only records its
 * namespace), and namespace_unlock() reports the queue in order: attached
 * (no namespace before), detached (none after), moved within its
 * namespace (one event, attach and detach at once), or detached from one
 * namespace and attached to another.  A mount is queued once per
 * section: its first change decides its place, its last state the event.
 */
void mnt_notify_add(struct mount *m)
{
	if ((m->mnt_ns && READ_ONCE(m->mnt_ns->n_fsnotify_marks)) ||
	    (m->prev_ns && READ_ONCE(m->prev_ns->n_fsnotify_marks))) {
		if (list_empty(&m->to_notify))
			list_add_tail(&m->to_notify, &mnt_kernel(m)->notify_list);
	} else {
		m->prev_ns = m->mnt_ns;
	}
}

static void mnt_notify(struct mount *p)
{
	if (!p->prev_ns && p->mnt_ns) {
		fsnotify_mnt_attach(p->mnt_ns, &p->mnt);
	} else if (p->prev_ns && !p->mnt_ns) {
		fsnotify_mnt_detach(p->prev_ns, &p->mnt);
	} else if (p->prev_ns == p->mnt_ns) {
		/* Both NULL: attached and taken away again in one section,
		 * which nobody saw (6.18 would pass a NULL namespace on). */
		if (p->mnt_ns)
			fsnotify_mnt_move(p->mnt_ns, &p->mnt);
	} else {
		fsnotify_mnt_detach(p->prev_ns, &p->mnt);
		fsnotify_mnt_attach(p->mnt_ns, &p->mnt);
	}
	p->prev_ns = p->mnt_ns;
}

static void notify_mnt_list(struct vfsim *v)
{
	struct mount *m, *n;

	list_for_each_entry_safe(m, n, &v->notify_list, to_notify) {
		mnt_notify(m);
		list_del_init(&m->to_notify);
	}
}

/*
 * Drop the tree references of everything umount_tree() took away, after
 * the lock is gone (the last mntput may tear a superblock down).
 */
void namespace_unlock(struct vfsim *v)
{
	LIST_HEAD(head);
	struct mount *m, *n;

	list_splice_init(&v->umount_list, &head);
	/* 6.18 downgrades namespace_sem to read for this; the model's
	 * rw_semaphore has no downgrade, and keeps it for writing. */
	notify_mnt_list(v);
	up_write(&v->namespace_sem);
	list_for_each_entry_safe(m, n, &head, mnt_umount) {
		list_del_init(&m->mnt_umount);
		mntput(&m->mnt);
	}
}

/* ---- the mount-ID index (patch 09 publishes IDs once set up) ------------ */

static unsigned long mnt_id_hash(int id)
{
	return (unsigned long)id * 0x9e3779b97f4a7c15ULL;
}

unsigned long mnt_id_node_hash(struct cds_lfht_node *node)
{
	return mnt_id_hash(container_of(node, struct mount, mnt_id_node)->mnt_id);
}

static int mnt_id_match(struct cds_lfht_node *node, const void *key)
{
	return container_of(node, struct mount, mnt_id_node)->mnt_id == *(const int *)key;
}

static unsigned long mnt_id_unique_hash(u64 id)
{
	return (unsigned long)(id * 0x9e3779b97f4a7c15ULL);
}

unsigned long mnt_id_unique_node_hash(struct cds_lfht_node *node)
{
	return mnt_id_unique_hash(container_of(node, struct mount,
					       mnt_id_unique_node)->mnt_id_unique);
}

static int mnt_id_unique_match(struct cds_lfht_node *node, const void *key)
{
	return container_of(node, struct mount, mnt_id_unique_node)->mnt_id_unique ==
	       *(const u64 *)key;
}

static void mnt_publish_id(struct mount *mnt)
{
	struct vfsim *v = mnt_kernel(mnt);
	unsigned long n;

	rcu_read_lock();
	cds_lfht_add(v->mnt_id_ht, mnt_id_hash(mnt->mnt_id), &mnt->mnt_id_node);
	cds_lfht_add(v->mnt_id_unique_ht, mnt_id_unique_hash(mnt->mnt_id_unique),
		     &mnt->mnt_id_unique_node);
	rcu_read_unlock();
	/* Grow by doubling, deterministically (see vfsim_init_tables()). */
	n = (unsigned long)atomic_long_inc_return(&v->nr_mnt_ids);
	if (n > 64 && !(n & (n - 1))) {
		cds_lfht_resize(v->mnt_id_ht, n);
		cds_lfht_resize(v->mnt_id_unique_ht, n);
	}
}

static void mnt_unpublish_id(struct mount *mnt)
{
	struct vfsim *v = mnt_kernel(mnt);

	rcu_read_lock();
	cds_lfht_del(v->mnt_id_ht, &mnt->mnt_id_node);
	cds_lfht_del(v->mnt_id_unique_ht, &mnt->mnt_id_unique_node);
	rcu_read_unlock();
	atomic_long_dec(&v->nr_mnt_ids);
}

/* The caller is in an RCU read-side section; no reference is taken. */
struct mount *mnt_find_by_id(struct vfsim *v, int id)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;

	cds_lfht_lookup(v->mnt_id_ht, mnt_id_hash(id), mnt_id_match, &id, &iter);
	node = cds_lfht_iter_get_node(&iter);
	return node ? container_of(node, struct mount, mnt_id_node) : NULL;
}

/* The caller is in an RCU read-side section; no reference is taken. */
struct mount *mnt_find_by_id_unique(struct vfsim *v, u64 id)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;

	cds_lfht_lookup(v->mnt_id_unique_ht, mnt_id_unique_hash(id),
			mnt_id_unique_match, &id, &iter);
	node = cds_lfht_iter_get_node(&iter);
	return node ? container_of(node, struct mount, mnt_id_unique_node) : NULL;
}

/* ---- allocation and references ------------------------------------------ */

static int mnt_alloc_id(struct vfsim *v, struct mount *mnt)
{
	int res = ida_alloc(&v->mnt_id_ida);

	if (res < 0)
		return res;
	mnt->mnt_id = res;
	/* Linux 6.8+: never reused, so no free counterpart (mnt_free_id()). */
	mnt->mnt_id_unique = (u64)atomic64_inc_return(&v->mnt_id_ctr);
	return 0;
}

static void mnt_free_id(struct vfsim *v, struct mount *mnt)
{
	ida_free(&v->mnt_id_ida, (unsigned int)mnt->mnt_id);
}

static struct mount *alloc_vfsmnt(struct vfsim *v, const char *name)
{
	struct mount *mnt = kzalloc(sizeof(*mnt), GFP_KERNEL);

	if (!mnt)
		return NULL;
	if (mnt_alloc_id(v, mnt))
		goto out_free;
	if (name) {
		mnt->mnt_devname = kstrdup(name, GFP_KERNEL);
		if (!mnt->mnt_devname)
			goto out_free_id;
	}
	atomic_set(&mnt->mnt_count, 1);
	mnt->mnt_parent = mnt;
	INIT_HLIST_NODE(&mnt->mnt_hash);
	INIT_LIST_HEAD(&mnt->mnt_child);
	INIT_LIST_HEAD(&mnt->mnt_mounts);
	INIT_LIST_HEAD(&mnt->mnt_list);
	INIT_LIST_HEAD(&mnt->mnt_expire);
	INIT_LIST_HEAD(&mnt->mnt_share);
	INIT_LIST_HEAD(&mnt->mnt_slave_list);
	INIT_LIST_HEAD(&mnt->mnt_slave);
	INIT_LIST_HEAD(&mnt->mnt_instance);
	INIT_LIST_HEAD(&mnt->mnt_umounting);
	INIT_LIST_HEAD(&mnt->mnt_umount);
	INIT_LIST_HEAD(&mnt->to_notify);
	INIT_LIST_HEAD(&mnt->mnt_notify_order);
	INIT_LIST_HEAD(&mnt->mnt_check);
	INIT_HLIST_NODE(&mnt->mnt_mp_list);
	cds_lfht_node_init(&mnt->mnt_id_node);
	cds_lfht_node_init(&mnt->mnt_id_unique_node);
	return mnt;

out_free_id:
	mnt_free_id(v, mnt);
out_free:
	kfree(mnt);
	return NULL;
}

static void free_vfsmnt(struct vfsim *v, struct mount *mnt)
{
	mnt_check_forget(v, mnt);
	kfree(mnt->mnt_devname);
	mnt_free_id(v, mnt);
	kfree_rcu(mnt, mnt_rcu);
}

int mnt_get_count(struct mount *mnt)
{
	return atomic_read(&mnt->mnt_count);
}

void mnt_add_count(struct mount *mnt, int n)
{
	atomic_add(n, &mnt->mnt_count);
	mnt_check_dirty(mnt);
}

struct vfsmount *mntget(struct vfsmount *m)
{
	if (m)
		mnt_add_count(real_mount(m), 1);
	return m;
}

/* The last reference to an unmounted mount: take it apart (cleanup_mnt). */
static void cleanup_mnt(struct mount *mnt)
{
	struct vfsim *v = mnt_kernel(mnt);
	struct super_block *sb = mnt->mnt.mnt_sb;

	/* Patch 02: a dying mount tells its watchers. */
	mount_notify_release(mnt);
	WARN_ON(!list_empty(&mnt->mnt_mounts));
	lock_mount_hash(v);
	list_del(&mnt->mnt_instance);
	unlock_mount_hash(v);
	mnt_unpublish_id(mnt);
	dput(mnt->mnt.mnt_root);
	free_vfsmnt(v, mnt);
	deactivate_super(sb);
}

struct mountpoint *unhash_mnt(struct mount *mnt);
void put_mountpoint(struct mountpoint *mp);

/*
 * A dying mount whose children stayed connected to it (the detached tree
 * dissolve_on_fput() took down, UMOUNT_CONNECTED, while an fd held one of
 * them) lets them go: the kernel's mnt_stuck_children.  Their parent
 * references went with umount_tree(); the tree reference is dropped here.
 */
static void drop_stuck_children(struct mount *mnt)
{
	struct vfsim *v = mnt_kernel(mnt);
	struct mount *p, *tmp;
	LIST_HEAD(stuck);

	lock_mount_hash(v);
	list_for_each_entry_safe(p, tmp, &mnt->mnt_mounts, mnt_child) {
		put_mountpoint(unhash_mnt(p));
		list_add_tail(&p->mnt_umount, &stuck);
	}
	unlock_mount_hash(v);
	list_for_each_entry_safe(p, tmp, &stuck, mnt_umount) {
		list_del_init(&p->mnt_umount);
		mntput(&p->mnt);
	}
}

void mntput_no_expire(struct mount *mnt)
{
	int count = atomic_sub_return(1, &mnt->mnt_count);

	if (likely(count > 0))
		return;
	if (WARN_ON(count < 0))
		return;
	if (WARN_ON(READ_ONCE(mnt->mnt_ns) && !IS_ERR(mnt->mnt_ns)))
		return;		/* a mount in a namespace holds its tree ref */
	if (mnt->mnt.mnt_flags & MNT_DOOMED)
		return;
	mnt->mnt.mnt_flags |= MNT_DOOMED;
	if (unlikely(!list_empty(&mnt->mnt_mounts)))
		drop_stuck_children(mnt);
	cleanup_mnt(mnt);
}

void mntput(struct vfsmount *m)
{
	if (m) {
		struct mount *mnt = real_mount(m);

		mnt_clear_expiry_mark(mnt);
		mntput_no_expire(mnt);
	}
}

void path_get(const struct path *path)
{
	mntget(path->mnt);
	dget(path->dentry);
}

void path_put(const struct path *path)
{
	dput(path->dentry);
	mntput(path->mnt);
}

bool __mnt_is_readonly(struct vfsmount *mnt)
{
	return (READ_ONCE(mnt->mnt_flags) & MNT_READONLY) || sb_rdonly(mnt->mnt_sb);
}

/* ---- lookups ------------------------------------------------------------ */

/*
 * Caller holds namespace_sem or mount_lock, or is under RCU with a seq
 * check.  The kernel's hash is a global; the model's hangs off the
 * instance, which a walk crossing a stack of mounts passes in rather than
 * load each mount's superblock to find it.
 */
struct mount *__lookup_mnt_in(struct vfsim *v, struct vfsmount *mnt,
			      struct dentry *dentry)
{
	struct mount *p;

	RCU_LOCKDEP_WARN(!lockdep_is_held(&v->namespace_sem) &&
			 !lockdep_is_held(&v->mount_lock) && !rcu_read_lock_held(),
			 "__lookup_mnt() without namespace_sem, mount_lock or RCU");
	hlist_for_each_entry_rcu(p, m_hash(v, mnt, dentry), mnt_hash)
		if (&p->mnt_parent->mnt == mnt && p->mnt_mountpoint == dentry)
			return p;
	return NULL;
}

struct mount *__lookup_mnt(struct vfsmount *mnt, struct dentry *dentry)
{
	return __lookup_mnt_in(mnt->mnt_sb->s_kernel, mnt, dentry);
}

/* The mount on top of @path, with a reference, or NULL. */
struct vfsmount *lookup_mnt(const struct path *path)
{
	struct vfsim *v = path->mnt->mnt_sb->s_kernel;
	struct mount *child;
	struct vfsmount *m = NULL;

	down_read(&v->namespace_sem);
	child = __lookup_mnt(path->mnt, path->dentry);
	if (child)
		m = mntget(&child->mnt);
	up_read(&v->namespace_sem);
	return m;
}

bool check_mnt(struct mount *mnt)
{
	return mnt->mnt_ns == current->nsproxy_mnt_ns;
}

static void __touch_mnt_namespace(struct mnt_namespace *ns)
{
	if (ns)
		ns->event++;
}

void touch_mnt_namespace(struct mnt_namespace *ns)
{
	__touch_mnt_namespace(ns);
}

/* ---- mountpoints -------------------------------------------------------- */

static struct mountpoint *lookup_mountpoint(struct vfsim *v, struct dentry *dentry)
{
	struct mountpoint *mp;

	lockdep_assert_held(&v->mount_lock);
	hlist_for_each_entry(mp, mp_hash(v, dentry), m_hash) {
		if (mp->m_dentry == dentry) {
			mp->m_count++;
			return mp;
		}
	}
	return NULL;
}

/*
 * Caller holds namespace_sem for writing, so nobody else makes a
 * mountpoint meanwhile (5.8 retries on d_set_mounted()'s -EBUSY).  The
 * dentry of a mountpoint that exists cannot have left the hash: the
 * mountpoint holds it, and a mount on it keeps its superblock alive (5.8
 * tests d_unlinked() there too, without a lock, which the model's d_hash
 * does not allow: see struct dentry).
 */
static struct mountpoint *get_mountpoint(struct vfsim *v, struct dentry *dentry)
{
	struct mountpoint *mp;
	int err;

	lockdep_assert_held_write(&v->namespace_sem);
	if (d_mountpoint(dentry)) {
		lock_mount_hash(v);
		mp = lookup_mountpoint(v, dentry);
		unlock_mount_hash(v);
		if (mp)
			return mp;
	}
	mp = kmalloc(sizeof(*mp), GFP_KERNEL);
	if (!mp)
		return ERR_PTR(-ENOMEM);
	/* The dentry is not available as a mountpoint? */
	err = d_set_mounted(dentry);
	if (err) {
		kfree(mp);
		return ERR_PTR(err);
	}
	lock_mount_hash(v);
	mp->m_dentry = dget(dentry);
	mp->m_count = 1;
	INIT_HLIST_HEAD(&mp->m_list);
	hlist_add_head(&mp->m_hash, mp_hash(v, dentry));
	v->nr_mountpoints++;
	mp_hash_grow(v);
	unlock_mount_hash(v);
	return mp;
}

/* Caller holds mount_lock. */
static void __put_mountpoint(struct mountpoint *mp, struct list_head *unused)
{
	lockdep_assert_held(&mp->m_dentry->d_sb->s_kernel->mount_lock);
	(void)unused;
	if (!--mp->m_count) {
		struct dentry *dentry = mp->m_dentry;

		WARN_ON(!hlist_empty(&mp->m_list));
		spin_lock(&dentry->d_lock);
		WRITE_ONCE(dentry->d_flags, dentry->d_flags & ~DCACHE_MOUNTED);
		spin_unlock(&dentry->d_lock);
		hlist_del(&mp->m_hash);
		mp->m_dentry->d_sb->s_kernel->nr_mountpoints--;
		dput(dentry);
		kfree(mp);
	}
}

void put_mountpoint(struct mountpoint *mp)
{
	__put_mountpoint(mp, NULL);
}

/* ---- attaching and detaching -------------------------------------------- */

static void umount_tree(struct mount *mnt, enum umount_tree_flags how);

/* Caller holds mount_lock. */
struct mountpoint *unhash_mnt(struct mount *mnt)
{
	struct mountpoint *mp;

	lockdep_assert_held(&mnt_kernel(mnt)->mount_lock);
	mnt_check_dirty(mnt);
	mnt_check_dirty(mnt->mnt_parent);
	mnt->mnt_parent = mnt;
	mnt->mnt_mountpoint = mnt->mnt.mnt_root;
	list_del_init(&mnt->mnt_child);
	hlist_del_init_rcu(&mnt->mnt_hash);
	hlist_del_init(&mnt->mnt_mp_list);
	mp = mnt->mnt_mp;
	mnt->mnt_mp = NULL;
	mnt_kernel(mnt)->nr_mounted--;
	return mp;
}

/* Caller holds mount_lock.  Seed 002 posts UNMOUNT here. */
void umount_mnt(struct mount *mnt)
{
	notify_mount(mnt->mnt_parent, mnt, NOTIFY_MOUNT_UNMOUNT, 0);
	put_mountpoint(unhash_mnt(mnt));
}

/* Caller holds mount_lock. */
void mnt_set_mountpoint(struct mount *mnt, struct mountpoint *mp,
			       struct mount *child_mnt)
{
	lockdep_assert_held(&mnt_kernel(mnt)->mount_lock);
	mp->m_count++;
	mnt_add_count(mnt, 1);	/* essentially, that's mntget */
	if (!child_mnt->mnt_mp)
		mnt_kernel(child_mnt)->nr_mounted++;
	child_mnt->mnt_mountpoint = mp->m_dentry;
	child_mnt->mnt_parent = mnt;
	mnt_check_dirty(child_mnt);
	child_mnt->mnt_mp = mp;
	hlist_add_head(&child_mnt->mnt_mp_list, &mp->m_list);
}

static void __attach_mnt(struct mount *mnt, struct mount *parent)
{
	struct vfsim *v = mnt_kernel(mnt);

	lockdep_assert_held(&v->mount_lock);
	hlist_add_head_rcu(&mnt->mnt_hash,
			   m_hash(v, &parent->mnt, mnt->mnt_mountpoint));
	list_add_tail(&mnt->mnt_child, &parent->mnt_mounts);
	mnt_hash_grow(v);
}

/*
 * mnt_set_mountpoint_beneath - MOVE_MOUNT_BENEATH (6.5): @new_parent
 * takes @top_mnt's place (its parent and mountpoint), and @top_mnt goes
 * on @new_mp, the root of @new_parent.  Caller holds mount_lock.
 */
static void mnt_set_mountpoint_beneath(struct mount *new_parent,
				       struct mount *top_mnt,
				       struct mountpoint *new_mp)
{
	struct mount *old_top_parent = top_mnt->mnt_parent;
	struct mountpoint *old_top_mp = top_mnt->mnt_mp;

	mnt_set_mountpoint(old_top_parent, old_top_mp, new_parent);
	mnt_change_mountpoint(new_parent, new_mp, top_mnt);
}

/*
 * Caller holds mount_lock.  Beneath, @mnt goes where @parent was (so it is
 * hashed under @parent's old parent, which mnt->mnt_parent now is) and
 * @parent onto @mnt's root.
 */
void attach_mnt(struct mount *mnt, struct mount *parent,
		       struct mountpoint *mp, bool beneath)
{
	lockdep_assert_held(&mnt_kernel(mnt)->mount_lock);
	if (beneath)
		mnt_set_mountpoint_beneath(mnt, parent, mp);
	else
		mnt_set_mountpoint(parent, mp, mnt);
	__attach_mnt(mnt, mnt->mnt_parent);
}

/* Put @mnt and everything chained on its mnt_list into the parent's namespace. */
static void commit_tree(struct mount *mnt)
{
	struct mount *parent = mnt->mnt_parent;
	struct mnt_namespace *n = parent->mnt_ns;
	LIST_HEAD(head);
	struct mount *m;
	unsigned int count = 0;

	BUG_ON(parent == mnt);
	list_add_tail(&head, &mnt->mnt_list);
	list_for_each_entry(m, &head, mnt_list) {
		m->mnt_ns = n;
		mnt_check_dirty(m);
		mnt_notify_add(m);
		count++;
	}
	list_splice_tail_init(&head, &n->list);
	n->mounts += count;
	__attach_mnt(mnt, parent);
	touch_mnt_namespace(n);
}

static unsigned int count_tree(struct mount *mnt)
{
	unsigned int n = 0;
	struct mount *p;

	for (p = mnt; p; p = next_mnt(p, mnt))
		n++;
	return n;
}

int count_mounts(struct mnt_namespace *ns, struct mount *mnt)
{
	unsigned int max = ns->kernel->mount_max;
	unsigned int mounts = count_tree(mnt), old = ns->mounts;
	unsigned int pending = ns->pending_mounts, sum = old + pending;

	if (old > sum || pending > sum || max < sum || mounts > max - sum)
		return -ENOSPC;
	ns->pending_mounts = pending + mounts;
	return 0;
}

/*
 * Move @mnt to sit on @mp in @parent: tucking a mount under a propagated
 * copy (attach_recursive_mnt) and putting it back when the copy goes
 * (restore_mounts).  Caller holds mount_lock.
 */
void mnt_change_mountpoint(struct mount *parent, struct mountpoint *mp,
				  struct mount *mnt)
{
	struct mountpoint *old_mp = mnt->mnt_mp;
	struct mount *old_parent = mnt->mnt_parent;

	lockdep_assert_held(&mnt_kernel(mnt)->mount_lock);
	mnt_check_dirty(old_parent);
	if (mnt->mnt_ns && __lookup_mnt(&parent->mnt, mp->m_dentry))
		mnt->mnt_ns->hash_conflicts++;
	list_del_init(&mnt->mnt_child);
	hlist_del_init(&mnt->mnt_mp_list);
	hlist_del_init_rcu(&mnt->mnt_hash);
	attach_mnt(mnt, parent, mp, false);
	put_mountpoint(old_mp);
	mnt_add_count(old_parent, -1);
}

/*
 * attach_recursive_mnt - graft @source_mnt (and what hangs below it) onto
 * @dest_mp in @top_mnt, or move it there with MNT_TREE_MOVE; with a
 * shared destination the copies propagate_mnt() made are committed as
 * well.  With MNT_TREE_BENEATH (6.5) @dest_mp is @top_mnt's own
 * mountpoint: @source_mnt goes there, on @top_mnt's parent (which is the
 * destination propagation starts from), and @top_mnt onto @source_mnt's
 * root; each copy is tucked under the copy of @top_mnt it meets, as
 * 5.8 already tucks a propagated mount under what covers its mountpoint.
 * Caller holds namespace_sem for writing.
 */
static int attach_recursive_mnt(struct mount *source_mnt, struct mount *top_mnt,
				struct mountpoint *dest_mp,
				enum mnt_tree_flags_t flags)
{
	struct vfsim *v = mnt_kernel(source_mnt);
	bool moving = flags & MNT_TREE_MOVE, beneath = flags & MNT_TREE_BENEATH;
	struct mount *dest_mnt = beneath ? top_mnt->mnt_parent : top_mnt;
	struct mnt_namespace *ns = top_mnt->mnt_ns;
	struct hlist_head tree_list = HLIST_HEAD_INIT;
	struct mountpoint *smp;
	struct mount *child, *p;
	struct hlist_node *n;
	int err;

	/* Preallocate a mountpoint in case the new mounts need to be placed
	 * on top of an existing mount. */
	smp = get_mountpoint(v, source_mnt->mnt.mnt_root);
	if (IS_ERR(smp))
		return (int)PTR_ERR(smp);

	/* Is there space to add these mounts to the mount namespace? */
	if (!moving) {
		err = count_mounts(ns, source_mnt);
		if (err)
			goto out;
	}

	if (IS_MNT_SHARED(dest_mnt)) {
		err = invent_group_ids(source_mnt, true);
		if (err)
			goto out;
		err = propagate_mnt(dest_mnt, dest_mp, source_mnt, &tree_list);
		lock_mount_hash(v);
		if (err)
			goto out_cleanup_ids;
		for (p = source_mnt; p; p = next_mnt(p, source_mnt)) {
			p->mnt.mnt_flags &= ~MNT_SHARED_MASK;
			p->mnt.mnt_flags |= MNT_SHARED;
		}
	} else {
		lock_mount_hash(v);
	}
	if (moving) {
		if (beneath)
			dest_mp = smp;
		notify_mount(source_mnt->mnt_parent, source_mnt,
			     NOTIFY_MOUNT_MOVE_FROM, 0);
		unhash_mnt(source_mnt);
		/* Beneath, the mount lands on dest_mnt all the same: v17's
		 * MOVE_TO goes there, and @top_mnt's new place is not
		 * posted, as 5.8 posts nothing for a tucked mount. */
		notify_mount(dest_mnt, source_mnt, NOTIFY_MOUNT_MOVE_TO, 0);
		attach_mnt(source_mnt, top_mnt, dest_mp, beneath);
		mnt_notify_add(source_mnt);
		touch_mnt_namespace(source_mnt->mnt_ns);
	} else {
		if (source_mnt->mnt_ns) {
			/* move from anon - the caller will destroy */
			list_del_init(&source_mnt->mnt_ns->list);
		}
		if (beneath)
			mnt_set_mountpoint_beneath(source_mnt, top_mnt, smp);
		else
			mnt_set_mountpoint(dest_mnt, dest_mp, source_mnt);
		notify_mount(dest_mnt, source_mnt, NOTIFY_MOUNT_NEW_MOUNT,
			     (source_mnt->mnt.mnt_sb->s_flags & SB_RDONLY ?
			      NOTIFY_MOUNT_IS_NOW_RO : 0) |
			     (source_mnt->mnt.mnt_sb->s_flags & SB_SUBMOUNT ?
			      NOTIFY_MOUNT_IS_SUBMOUNT : 0));
		commit_tree(source_mnt);
	}

	for (n = tree_list.next; n; ) {
		struct mount *q;

		child = hlist_entry(n, struct mount, mnt_hash);
		n = n->next;
		hlist_del_init(&child->mnt_hash);
		q = __lookup_mnt(&child->mnt_parent->mnt, child->mnt_mountpoint);
		if (q)
			mnt_change_mountpoint(child, smp, q);
		/* A copy propagated into a less privileged user namespace
		 * keeps its flags and what is below it (vfs/mnt_lock.c). */
		if (child->mnt_parent->mnt_ns->user_ns != current->nsproxy_mnt_ns->user_ns)
			lock_mnt_tree(child);
		child->mnt.mnt_flags &= ~MNT_LOCKED;
		child->mnt_parent->mnt_ns->pending_mounts = 0;
		commit_tree(child);
	}
	ns->pending_mounts = 0;
	put_mountpoint(smp);
	unlock_mount_hash(v);
	return 0;

out_cleanup_ids:
	while (tree_list.next) {
		child = hlist_entry(tree_list.next, struct mount, mnt_hash);
		child->mnt_parent->mnt_ns->pending_mounts = 0;
		/* umount_mnt() takes it off tree_list through mnt_hash. */
		umount_tree(child, UMOUNT_SYNC);
	}
	unlock_mount_hash(v);
	cleanup_group_ids(source_mnt, NULL);
out:
	ns->pending_mounts = 0;
	lock_mount_hash(v);
	put_mountpoint(smp);
	unlock_mount_hash(v);
	return err;
}

/*
 * do_lock_mount - take namespace_sem and pin a mountpoint for @path,
 * moving @path up to whatever is mounted on top of it meanwhile.  With
 * @beneath (the caller has checked that @path is a mount's root) the
 * mountpoint pinned is the one the top of that stack sits on, in the
 * top's parent; a top that is not mounted is ENOENT and one without a
 * parent EINVAL, in 6.18's order (0d039eac6e59, 6.15).
 */
static struct mountpoint *do_lock_mount(struct path *path, bool beneath)
{
	struct vfsim *v = path->mnt->mnt_sb->s_kernel;
	struct vfsmount *mnt;
	struct dentry *dentry;
	struct mountpoint *mp;
	struct mount *m;

retry:
	m = real_mount(path->mnt);
	namespace_lock(v);
	if (beneath) {
		if (!is_mounted(path->mnt)) {
			namespace_unlock(v);
			return ERR_PTR(-ENOENT);
		}
		if (!mnt_has_parent(m)) {
			namespace_unlock(v);
			return ERR_PTR(-EINVAL);
		}
	}
	dentry = beneath ? m->mnt_mountpoint : path->dentry;
	testing_point(v, TESTING_LOCK_MOUNT, dentry);
	{
		struct mount *child = __lookup_mnt(path->mnt, path->dentry);

		mnt = child ? mntget(&child->mnt) : NULL;
	}
	if (likely(!mnt)) {
		mp = get_mountpoint(v, dentry);
		if (IS_ERR(mp))
			namespace_unlock(v);
		return mp;
	}
	namespace_unlock(v);
	path_put(path);
	path->mnt = mnt;
	path->dentry = dget(mnt->mnt_root);
	goto retry;
}

struct mountpoint *lock_mount(struct path *path)
{
	return do_lock_mount(path, false);
}

void unlock_mount(struct vfsim *v, struct mountpoint *where)
{
	lock_mount_hash(v);
	put_mountpoint(where);
	unlock_mount_hash(v);
	namespace_unlock(v);
}

static int graft_tree(struct mount *mnt, struct mount *p, struct mountpoint *mp)
{
	if (mnt->mnt.mnt_sb->s_flags & SB_NOUSER)
		return -EINVAL;
	if (d_is_dir(mp->m_dentry) != d_is_dir(mnt->mnt.mnt_root))
		return -ENOTDIR;
	return attach_recursive_mnt(mnt, p, mp, 0);
}

/* ---- umount ------------------------------------------------------------- */

static bool disconnect_mount(struct mount *mnt, enum umount_tree_flags how)
{
	if (how & UMOUNT_SYNC)
		return true;
	if (!mnt_has_parent(mnt))
		return true;
	/* Unmounted mounts may not stay connected to mounted ones. */
	if (!(mnt->mnt_parent->mnt.mnt_flags & MNT_UMOUNT))
		return true;
	if (how & UMOUNT_CONNECTED)
		return false;
	if (mnt->mnt.mnt_flags & MNT_LOCKED)
		return false;
	return true;
}

/*
 * umount_tree - take @mnt and everything below it out of the tree.
 * Caller holds namespace_sem and mount_lock.
 */
/*
 * Queue the detaches of umount_tree() in the order 6.18 reports them
 * (its umount_tree() and propagate_umount(), fs/pnode.c): the tree being
 * unmounted in walk order (@walk), then the copies propagation took in
 * 6.18's order (@order, umount_notify_order()), then any the model took
 * that 6.18's order did not name.  Mounts whose overmount was put back
 * (restore_mounts()) were queued already, by propagate_umount().
 */
static void mnt_notify_add_umounted(struct list_head *walk, struct list_head *order,
				    struct list_head *list)
{
	struct mount *p, *n;

	list_for_each_entry_safe(p, n, walk, mnt_notify_order) {
		list_del_init(&p->mnt_notify_order);
		mnt_notify_add(p);
	}
	list_for_each_entry_safe(p, n, order, mnt_notify_order) {
		list_del_init(&p->mnt_notify_order);
		p->mnt_t_flags = 0;
		if (p->mnt.mnt_flags & MNT_UMOUNT)
			mnt_notify_add(p);
	}
	list_for_each_entry(p, list, mnt_list)
		mnt_notify_add(p);
}

static void umount_tree(struct mount *mnt, enum umount_tree_flags how)
{
	struct vfsim *v = mnt_kernel(mnt);
	bool watched = mnt->mnt_ns && READ_ONCE(mnt->mnt_ns->n_fsnotify_marks);
	LIST_HEAD(tmp_list);
	LIST_HEAD(walk);
	LIST_HEAD(order);
	struct mount *p;

	lockdep_assert_held_write(&v->namespace_sem);
	lockdep_assert_held(&v->mount_lock);
	if (how & UMOUNT_PROPAGATE)
		propagate_mount_unlock(mnt);

	/* Gather the mounts to umount (each moved to the head: the list ends
	 * up in reverse walk order, which is the order UNMOUNTs are posted). */
	for (p = mnt; p; p = next_mnt(p, mnt)) {
		p->mnt.mnt_flags |= MNT_UMOUNT;
		mnt_check_dirty(p);
		mnt_check_dirty(p->mnt_parent);
		list_move(&p->mnt_list, &tmp_list);
		/* 6.18 gathers in walk order, and reports in that order. */
		if (watched)
			list_add_tail(&p->mnt_notify_order, &walk);
	}
	/* Hide the mounts from mnt_mounts */
	list_for_each_entry(p, &tmp_list, mnt_list)
		list_del_init(&p->mnt_child);
	if (how & UMOUNT_PROPAGATE) {
		if (watched)
			umount_notify_order(&walk, &order);
		propagate_umount(&tmp_list);
	}
	if (watched)
		mnt_notify_add_umounted(&walk, &order, &tmp_list);

	while (!list_empty(&tmp_list)) {
		struct mnt_namespace *ns;
		bool disconnect;

		p = list_first_entry(&tmp_list, struct mount, mnt_list);
		list_del_init(&p->mnt_expire);
		list_del_init(&p->mnt_list);
		ns = p->mnt_ns;
		if (ns) {
			ns->mounts--;
			__touch_mnt_namespace(ns);
		}
		p->mnt_ns = NULL;
		/* Queued (if anyone watches its namespace) for a detach, or
		 * its last namespace forgotten. */
		mnt_notify_add(p);
		if (how & UMOUNT_SYNC)
			p->mnt.mnt_flags |= MNT_SYNC_UMOUNT;

		disconnect = disconnect_mount(p, how);
		if (mnt_has_parent(p)) {
			mnt_add_count(p->mnt_parent, -1);
			if (!disconnect)
				list_add_tail(&p->mnt_child, &p->mnt_parent->mnt_mounts);
			else
				umount_mnt(p);
		}
		change_mnt_propagation(p, MS_PRIVATE);
		if (disconnect)
			list_add_tail(&p->mnt_umount, &v->umount_list);
	}
}

/* Expirable submounts of @parent that are not busy go on @graveyard. */
static int select_submounts(struct mount *parent, struct list_head *graveyard)
{
	struct mount *this_parent = parent;
	struct list_head *next;
	int found = 0;

repeat:
	next = this_parent->mnt_mounts.next;
resume:
	while (next != &this_parent->mnt_mounts) {
		struct list_head *tmp = next;
		struct mount *mnt = list_entry(tmp, struct mount, mnt_child);

		next = tmp->next;
		if (!(mnt->mnt.mnt_flags & MNT_SHRINKABLE))
			continue;
		/* Descend a level if the mount has children. */
		if (!list_empty(&mnt->mnt_mounts)) {
			this_parent = mnt;
			goto repeat;
		}
		if (!propagate_mount_busy(mnt, 1)) {
			list_move_tail(&mnt->mnt_expire, graveyard);
			found++;
		}
	}
	/* All done at this level ... ascend and resume the search */
	if (this_parent != parent) {
		next = this_parent->mnt_child.next;
		this_parent = this_parent->mnt_parent;
		goto resume;
	}
	return found;
}

/* Caller holds namespace_sem and mount_lock. */
static void shrink_submounts(struct mount *mnt)
{
	LIST_HEAD(graveyard);
	struct mount *m;

	while (select_submounts(mnt, &graveyard)) {
		while (!list_empty(&graveyard)) {
			m = list_first_entry(&graveyard, struct mount, mnt_expire);
			touch_mnt_namespace(m->mnt_ns);
			umount_tree(m, UMOUNT_PROPAGATE | UMOUNT_SYNC);
		}
	}
}

static int do_umount(struct mount *mnt, int flags)
{
	struct vfsim *v = mnt_kernel(mnt);
	struct super_block *sb = mnt->mnt.mnt_sb;
	int retval;

	if (flags & MNT_EXPIRE) {
		if (&mnt->mnt == current->fs->root.mnt ||
		    flags & (MNT_FORCE | MNT_DETACH))
			return -EINVAL;
		/* Our path reference and the tree's: anything more is a user. */
		if (mnt_get_count(mnt) != 2)
			return -EBUSY;
		if (!xchg(&mnt->mnt_expiry_mark, 1))
			return -EAGAIN;
	}

	/*
	 * "Unmounting" the task's root without MNT_DETACH remounts it
	 * read-only instead, as the kernel does for the root of the system.
	 */
	if (&mnt->mnt == current->fs->root.mnt && !(flags & MNT_DETACH)) {
		struct fs_context fc = {
			.fs_type = sb->s_type,
			.root = sb->s_root,
			.sb_flags = SB_RDONLY,
			.sb_flags_mask = SB_RDONLY,
			.purpose = FS_CONTEXT_FOR_RECONFIGURE,
		};

		if (!ns_capable(sb->s_user_ns, CAP_SYS_ADMIN))
			return -EPERM;
		down_write(&sb->s_umount);
		retval = 0;
		if (!sb_rdonly(sb))
			retval = reconfigure_super(&fc);
		up_write(&sb->s_umount);
		return retval;
	}

	namespace_lock(v);
	lock_mount_hash(v);
	retval = -EINVAL;
	if (mnt->mnt.mnt_flags & MNT_LOCKED)
		goto out;
	if (flags & MNT_DETACH) {
		if (!list_empty(&mnt->mnt_list))
			umount_tree(mnt, UMOUNT_PROPAGATE);
		retval = 0;
	} else {
		shrink_submounts(mnt);
		retval = -EBUSY;
		if (!propagate_mount_busy(mnt, 2)) {
			if (!list_empty(&mnt->mnt_list))
				umount_tree(mnt, UMOUNT_PROPAGATE | UMOUNT_SYNC);
			retval = 0;
		}
	}
out:
	unlock_mount_hash(v);
	namespace_unlock(v);
	return retval;
}

/* path_umount - the checks ksys_umount() makes once it has the path. */
int path_umount(struct path *path, int flags)
{
	struct mount *mnt = real_mount(path->mnt);
	int ret;

	ret = -EINVAL;
	if (path->dentry != path->mnt->mnt_root)
		goto out;
	if (!check_mnt(mnt))
		goto out;
	if (mnt->mnt.mnt_flags & MNT_LOCKED)	/* optimistic; rechecked */
		goto out;
	ret = -EPERM;
	if ((flags & MNT_FORCE) && !capable(CAP_SYS_ADMIN))
		goto out;
	ret = do_umount(mnt, flags);
out:
	/* we mustn't call path_put() as that would clear mnt_expiry_mark */
	dput(path->dentry);
	mntput_no_expire(mnt);
	return ret;
}

long ksys_umount(const char __user *name, int flags)
{
	unsigned int lookup_flags = LOOKUP_MOUNTPOINT;
	struct path path;
	long ret;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW))
		return -EINVAL;
	if (!may_mount())
		return -EPERM;
	if (!(flags & UMOUNT_NOFOLLOW))
		lookup_flags |= LOOKUP_FOLLOW;
	ret = user_path_at(AT_FDCWD, name, lookup_flags, &path);
	if (ret)
		return ret;
	return path_umount(&path, flags);
}

/* ---- cloning ------------------------------------------------------------ */

struct mount *clone_mnt(struct mount *old, struct dentry *root, int flag)
{
	struct vfsim *v = mnt_kernel(old);
	struct super_block *sb = old->mnt.mnt_sb;
	struct mount *mnt;
	int err;

	mnt = alloc_vfsmnt(v, old->mnt_devname);
	if (!mnt)
		return ERR_PTR(-ENOMEM);

	if (flag & (CL_SLAVE | CL_PRIVATE | CL_SHARED_TO_SLAVE))
		mnt->mnt_group_id = 0;	/* not a peer of original */
	else
		mnt->mnt_group_id = old->mnt_group_id;

	if ((flag & CL_MAKE_SHARED) && !mnt->mnt_group_id) {
		err = mnt_alloc_group_id(mnt);
		if (err)
			goto out_free;
	}

	mnt->mnt.mnt_flags = old->mnt.mnt_flags;
	mnt->mnt.mnt_flags &= ~(MNT_WRITE_HOLD | MNT_MARKED | MNT_INTERNAL |
				MNT_LOCKED | MNT_UMOUNT | MNT_DOOMED | MNT_SYNC_UMOUNT);

	atomic_inc(&sb->s_active);
	mnt->mnt.mnt_sb = sb;
	mnt->mnt.mnt_root = dget(root);
	mnt->mnt_mountpoint = mnt->mnt.mnt_root;
	mnt->mnt_parent = mnt;
	lock_mount_hash(v);
	list_add_tail(&mnt->mnt_instance, &sb->s_mounts);
	unlock_mount_hash(v);

	/* The copy joins @old's ring or slave list (and the new mount is
	 * marked when it is attached). */
	mnt_check_dirty_propagation(old);
	if ((flag & CL_SLAVE) ||
	    ((flag & CL_SHARED_TO_SLAVE) && IS_MNT_SHARED(old))) {
		list_add(&mnt->mnt_slave, &old->mnt_slave_list);
		mnt->mnt_master = old;
		mnt->mnt.mnt_flags &= ~MNT_SHARED;
	} else if (!(flag & CL_PRIVATE)) {
		if ((flag & CL_MAKE_SHARED) || IS_MNT_SHARED(old))
			list_add(&mnt->mnt_share, &old->mnt_share);
		if (IS_MNT_SLAVE(old))
			list_add(&mnt->mnt_slave, &old->mnt_slave);
		mnt->mnt_master = old->mnt_master;
	} else {
		mnt->mnt.mnt_flags &= ~MNT_SHARED;
	}
	if (flag & CL_MAKE_SHARED)
		mnt->mnt.mnt_flags |= MNT_SHARED;

	/* Stick the duplicate on the same expiry list as the original. */
	if (flag & CL_EXPIRE) {
		if (!list_empty(&old->mnt_expire))
			list_add(&mnt->mnt_expire, &old->mnt_expire);
	}
	mnt_publish_id(mnt);
	return mnt;

out_free:
	mnt_free_id(v, mnt);
	kfree(mnt->mnt_devname);
	kfree(mnt);
	return ERR_PTR(err);
}

bool is_subdir(struct dentry *d, struct dentry *ancestor)
{
	for (;;) {
		if (d == ancestor)
			return true;
		if (IS_ROOT(d))
			return false;
		d = d->d_parent;
	}
}

static struct mount *skip_mnt_tree(struct mount *p)
{
	struct list_head *prev = p->mnt_mounts.prev;

	while (prev != &p->mnt_mounts) {
		p = list_entry(prev, struct mount, mnt_child);
		prev = p->mnt_mounts.prev;
	}
	return p;
}

/*
 * copy_tree - clone @mnt at @dentry and every mount below it; the clones
 * are chained on the result's mnt_list.  Caller holds namespace_sem.
 */
struct mount *copy_tree(struct mount *mnt, struct dentry *dentry, int flag)
{
	struct vfsim *v = mnt_kernel(mnt);
	struct mount *res, *p, *q, *r, *parent;

	if (!(flag & CL_COPY_UNBINDABLE) && IS_MNT_UNBINDABLE(mnt))
		return ERR_PTR(-EINVAL);

	res = q = clone_mnt(mnt, dentry, flag);
	if (IS_ERR(q))
		return q;

	q->mnt_mountpoint = mnt->mnt_mountpoint;

	p = mnt;
	list_for_each_entry(r, &mnt->mnt_mounts, mnt_child) {
		struct mount *s;

		if (!is_subdir(r->mnt_mountpoint, dentry))
			continue;

		for (s = r; s; s = next_mnt(s, r)) {
			if (!(flag & CL_COPY_UNBINDABLE) && IS_MNT_UNBINDABLE(s)) {
				s = skip_mnt_tree(s);
				continue;
			}
			while (p != s->mnt_parent) {
				p = p->mnt_parent;
				q = q->mnt_parent;
			}
			p = s;
			parent = q;
			q = clone_mnt(p, p->mnt.mnt_root, flag);
			if (IS_ERR(q))
				goto out;
			lock_mount_hash(v);
			list_add_tail(&q->mnt_list, &res->mnt_list);
			attach_mnt(q, parent, p->mnt_mp, false);
			unlock_mount_hash(v);
		}
	}
	return res;
out:
	if (res) {
		lock_mount_hash(v);
		umount_tree(res, UMOUNT_SYNC);
		unlock_mount_hash(v);
	}
	return q;
}

/* ---- mount(2) operations ------------------------------------------------ */

static int do_loopback(struct path *path, const char *old_name, int recurse)
{
	struct path old_path;
	struct mount *mnt = NULL, *parent, *old;
	struct mountpoint *mp;
	struct vfsim *v = current_kernel();
	int err;

	if (!old_name || !*old_name)
		return -EINVAL;
	err = kern_path(old_name, LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT, &old_path);
	if (err)
		return err;

	mp = lock_mount(path);
	if (IS_ERR(mp)) {
		err = (int)PTR_ERR(mp);
		goto out;
	}

	old = real_mount(old_path.mnt);
	parent = real_mount(path->mnt);

	err = -EINVAL;
	if (IS_MNT_UNBINDABLE(old))
		goto out2;
	if (!check_mnt(parent))
		goto out2;
	if (!check_mnt(old))
		goto out2;
	if (!recurse && has_locked_children(old, old_path.dentry))
		goto out2;

	if (recurse)
		mnt = copy_tree(old, old_path.dentry, CL_COPY_MNT_NS_FILE);
	else
		mnt = clone_mnt(old, old_path.dentry, 0);
	if (IS_ERR(mnt)) {
		err = (int)PTR_ERR(mnt);
		goto out2;
	}

	err = graft_tree(mnt, parent, mp);
	if (err) {
		lock_mount_hash(v);
		umount_tree(mnt, UMOUNT_SYNC);
		unlock_mount_hash(v);
	}
out2:
	unlock_mount(v, mp);
out:
	path_put(&old_path);
	return err;
}

static bool tree_contains_unbindable(struct mount *mnt)
{
	struct mount *child;

	for (child = mnt; child; child = next_mnt(child, mnt))
		if (IS_MNT_UNBINDABLE(child))
			return true;
	return false;
}

/* Something is mounted on @path: it is covered. */
static bool path_overmounted(const struct path *path)
{
	return __lookup_mnt(path->mnt, path->dentry) != NULL;
}

/* @p1 is @p2 or one of its ancestors. */
static bool mount_is_ancestor(const struct mount *p1, const struct mount *p2)
{
	while (p2 != p1 && mnt_has_parent(p2))
		p2 = p2->mnt_parent;
	return p2 == p1;
}

/*
 * can_move_mount_beneath - the refusals of MOVE_MOUNT_BENEATH (6.5, with
 * the order of 6.18), once @mp pins @to's mountpoint: @to must be one the
 * caller could unmount to show what is beneath; @from must not be covered
 * (its copies would be shadowed); nothing goes beneath the caller's root
 * or the namespace's first mount; @from must not hang below @to; and no
 * propagation from @to's parent may put a copy on top of @to or @from,
 * which would undo the point of going beneath.
 */
static int can_move_mount_beneath(const struct path *from,
				  const struct path *to,
				  const struct mountpoint *mp)
{
	struct mount *mnt_from = real_mount(from->mnt);
	struct mount *mnt_to = real_mount(to->mnt);
	struct mount *parent_mnt_to = mnt_to->mnt_parent;

	if (IS_MNT_LOCKED(mnt_to))
		return -EINVAL;
	if (path_overmounted(from))
		return -EINVAL;
	if (&mnt_to->mnt == current->fs->root.mnt)
		return -EINVAL;
	if (parent_mnt_to == current->nsproxy_mnt_ns->root)
		return -EINVAL;
	if (mount_is_ancestor(mnt_to, mnt_from))
		return -EINVAL;
	if (propagation_would_overmount(parent_mnt_to, mnt_to, mp))
		return -EINVAL;
	if (propagation_would_overmount(parent_mnt_to, mnt_from, mp))
		return -EINVAL;
	return 0;
}

/*
 * do_move_mount - MS_MOVE and move_mount(): @old_path's mount (attached
 * here, or the root of a detached tree) goes to @new_path; with
 * MNT_TREE_BENEATH (MOVE_MOUNT_BENEATH, 6.5) it goes under the top of the
 * stack at @new_path instead, between that top and its parent.
 */
int do_move_mount(struct path *old_path, struct path *new_path,
		  enum mnt_tree_flags_t flags)
{
	struct vfsim *v = current_kernel();
	bool beneath = flags & MNT_TREE_BENEATH;
	struct mnt_namespace *ns;
	struct mount *p, *old, *parent;
	struct mountpoint *mp, *old_mp;
	bool attached;
	int err;

	/*
	 * MOVE_MOUNT_BENEATH came after 5.8: its checks run in 6.18's order,
	 * before any lock, the source's (c1ab70be88f3) ahead of the target's
	 * (0d039eac6e59).  A plain move keeps 5.8's, target first.
	 */
	if (beneath) {
		if (old_path->dentry != old_path->mnt->mnt_root)
			return -EINVAL;
		if (d_is_dir(new_path->dentry) != d_is_dir(old_path->dentry))
			return -EINVAL;
		if (new_path->dentry != new_path->mnt->mnt_root)
			return -EINVAL;
	}

	mp = do_lock_mount(new_path, beneath);
	if (IS_ERR(mp))
		return (int)PTR_ERR(mp);

	old = real_mount(old_path->mnt);
	p = real_mount(new_path->mnt);
	parent = old->mnt_parent;
	attached = mnt_has_parent(old);
	if (attached)
		flags |= MNT_TREE_MOVE;
	old_mp = old->mnt_mp;
	ns = old->mnt_ns;

	err = -EINVAL;
	/* The mountpoint must be in our namespace. */
	if (!check_mnt(p))
		goto out;
	/* The thing moved must be mounted... */
	if (!is_mounted(&old->mnt))
		goto out;
	/* ... and either ours or the root of an anon namespace (fsmount(),
	 * open_tree(OPEN_TREE_CLONE); vfs/mount_api.c) */
	if (!(attached ? check_mnt(old) : is_anon_ns(ns)))
		goto out;
	if (old->mnt.mnt_flags & MNT_LOCKED)
		goto out;
	if (old_path->dentry != old_path->mnt->mnt_root)
		goto out;
	if (d_is_dir(new_path->dentry) != d_is_dir(old_path->dentry))
		goto out;
	/* Don't move a mount residing in a shared parent. */
	if (attached && IS_MNT_SHARED(parent))
		goto out;
	if (beneath) {
		err = can_move_mount_beneath(old_path, new_path, mp);
		if (err)
			goto out;
		err = -EINVAL;
		/* what the moved mount will hang from */
		p = p->mnt_parent;
	}
	/* Don't move a tree with unbindable mounts under a shared mount. */
	if (IS_MNT_SHARED(p) && tree_contains_unbindable(old))
		goto out;
	err = -ELOOP;
	if (mount_is_ancestor(old, p))
		goto out;

	err = attach_recursive_mnt(old, real_mount(new_path->mnt), mp, flags);
	if (err)
		goto out;

	/* A moved mount no longer expires on its own. */
	list_del_init(&old->mnt_expire);
	if (attached) {
		lock_mount_hash(v);
		put_mountpoint(old_mp);
		unlock_mount_hash(v);
	}
out:
	unlock_mount(v, mp);
	if (!err) {
		if (attached)
			mntput_no_expire(parent);
		else
			free_mnt_ns(ns);
	}
	return err;
}

static int do_move_mount_old(struct path *path, const char *old_name)
{
	struct path old_path;
	int err;

	if (!old_name || !*old_name)
		return -EINVAL;
	err = kern_path(old_name, LOOKUP_FOLLOW, &old_path);
	if (err)
		return err;
	err = do_move_mount(&old_path, path, 0);
	path_put(&old_path);
	return err;
}

static int flags_to_propagation_type(unsigned long ms_flags)
{
	int type = (int)(ms_flags & ~(MS_REC | MS_SILENT));

	/* Fail if any non-propagation flags are set, or not exactly one. */
	if (type & ~(MS_SHARED | MS_PRIVATE | MS_SLAVE | MS_UNBINDABLE))
		return 0;
	if (!type || (type & (type - 1)))
		return 0;
	return type;
}

static int do_change_type(struct path *path, unsigned long ms_flags)
{
	struct vfsim *v = current_kernel();
	struct mount *m, *mnt = real_mount(path->mnt);
	int recurse = ms_flags & MS_REC;
	int type;
	int err = 0;

	if (path->dentry != path->mnt->mnt_root)
		return -EINVAL;
	type = flags_to_propagation_type(ms_flags);
	if (!type)
		return -EINVAL;

	namespace_lock(v);
	if (type == MS_SHARED) {
		err = invent_group_ids(mnt, recurse);
		if (err)
			goto out_unlock;
	}
	lock_mount_hash(v);
	for (m = mnt; m; m = (recurse ? next_mnt(m, mnt) : NULL))
		change_mnt_propagation(m, type);
	unlock_mount_hash(v);
out_unlock:
	namespace_unlock(v);
	return err;
}

/* Caller holds s_umount (and so serialises against other remounts). */
static void set_mount_attributes(struct mount *mnt, unsigned int mnt_flags)
{
	struct vfsim *v = mnt_kernel(mnt);

	lock_mount_hash(v);
	mnt_flags |= mnt->mnt.mnt_flags & ~MNT_USER_SETTABLE_MASK;
	WRITE_ONCE(mnt->mnt.mnt_flags, (int)mnt_flags);
	touch_mnt_namespace(mnt->mnt_ns);
	unlock_mount_hash(v);
	/* Erratum B5: the posted code tests SB_RDONLY (== MNT_NOSUID) here. */
	notify_mount(mnt, NULL, NOTIFY_MOUNT_SETATTR,
		     mnt_flags & (vfsim_quirk(v, 5) ? SB_RDONLY : MNT_READONLY) ?
		     NOTIFY_MOUNT_IS_NOW_RO : 0);
}

/* A mount with writers (a file open for writing) stays writable: -EBUSY. */
static int mnt_make_readonly(struct mount *mnt)
{
	struct vfsim *v = mnt_kernel(mnt);
	int ret;

	lock_mount_hash(v);
	ret = mnt_hold_writers(mnt);
	if (!ret)
		WRITE_ONCE(mnt->mnt.mnt_flags, mnt->mnt.mnt_flags | MNT_READONLY);
	mnt_unhold_writers(mnt);
	unlock_mount_hash(v);
	if (!ret)
		notify_mount(mnt, NULL, NOTIFY_MOUNT_READONLY, NOTIFY_MOUNT_IS_NOW_RO);
	return ret;
}

static int __mnt_unmake_readonly(struct mount *mnt)
{
	struct vfsim *v = mnt_kernel(mnt);

	lock_mount_hash(v);
	WRITE_ONCE(mnt->mnt.mnt_flags, mnt->mnt.mnt_flags & ~MNT_READONLY);
	unlock_mount_hash(v);
	notify_mount(mnt, NULL, NOTIFY_MOUNT_READONLY, 0);
	return 0;
}

static int change_mount_ro_state(struct mount *mnt, unsigned int mnt_flags)
{
	bool readonly_request = mnt_flags & MNT_READONLY;

	if (readonly_request == __mnt_is_readonly(&mnt->mnt))
		return 0;
	if (readonly_request)
		return mnt_make_readonly(mnt);
	return __mnt_unmake_readonly(mnt);
}

/* MS_REMOUNT|MS_BIND: change the mount's own flags, not the superblock's. */
static int do_reconfigure_mnt(struct path *path, unsigned int mnt_flags)
{
	struct super_block *sb = path->mnt->mnt_sb;
	struct mount *mnt = real_mount(path->mnt);
	int ret;

	if (!check_mnt(mnt))
		return -EINVAL;
	if (path->dentry != mnt->mnt.mnt_root)
		return -EINVAL;
	if (!can_change_locked_flags(mnt, mnt_flags))
		return -EPERM;

	down_write(&sb->s_umount);
	ret = change_mount_ro_state(mnt, mnt_flags);
	if (ret == 0)
		set_mount_attributes(mnt, mnt_flags);
	up_write(&sb->s_umount);
	return ret;
}

#ifndef MS_RMT_MASK	/* glibc's <sys/mount.h> has it */
#define MS_RMT_MASK (MS_RDONLY | MS_SYNCHRONOUS | MS_MANDLOCK | MS_I_VERSION | \
		     MS_LAZYTIME)
#endif

static int do_remount(struct path *path, unsigned int sb_flags,
		      unsigned int mnt_flags, const char *data)
{
	struct super_block *sb = path->mnt->mnt_sb;
	struct mount *mnt = real_mount(path->mnt);
	struct fs_context fc = {
		.fs_type = sb->s_type,
		.root = path->dentry,
		.data = data,
		.sb_flags = sb_flags,
		.sb_flags_mask = MS_RMT_MASK,
		.purpose = FS_CONTEXT_FOR_RECONFIGURE,
	};
	int err;

	if (!check_mnt(mnt))
		return -EINVAL;
	if (path->dentry != path->mnt->mnt_root)
		return -EINVAL;
	if (!can_change_locked_flags(mnt, mnt_flags))
		return -EPERM;

	down_write(&sb->s_umount);
	err = -EPERM;
	if (ns_capable(sb->s_user_ns, CAP_SYS_ADMIN)) {
		err = reconfigure_super(&fc);
		if (!err)
			set_mount_attributes(mnt, mnt_flags);
	}
	up_write(&sb->s_umount);
	return err;
}

/* vfs_create_mount - a mount of fc->root, not yet in any namespace. */
struct vfsmount *vfs_create_mount(struct fs_context *fc)
{
	struct vfsim *v = current_kernel();
	struct mount *mnt;

	if (!fc->root)
		return ERR_PTR(-EINVAL);
	mnt = alloc_vfsmnt(v, fc->source ? fc->source : "none");
	if (!mnt)
		return ERR_PTR(-ENOMEM);
	if (fc->sb_flags & SB_KERNMOUNT)
		mnt->mnt.mnt_flags = MNT_INTERNAL;

	atomic_inc(&fc->root->d_sb->s_active);
	mnt->mnt.mnt_sb = fc->root->d_sb;
	mnt->mnt.mnt_root = dget(fc->root);
	mnt->mnt_mountpoint = mnt->mnt.mnt_root;
	mnt->mnt_parent = mnt;

	lock_mount_hash(v);
	list_add_tail(&mnt->mnt_instance, &mnt->mnt.mnt_sb->s_mounts);
	unlock_mount_hash(v);
	mnt_publish_id(mnt);
	return &mnt->mnt;
}

/* put_fs_context: drop get_tree's root and active references. */
static void put_fs_context(struct fs_context *fc)
{
	if (fc->root) {
		struct super_block *sb = fc->root->d_sb;

		dput(fc->root);
		fc->root = NULL;
		deactivate_super(sb);
	}
}

struct vfsmount *vfs_kern_mount(struct file_system_type *type, int flags,
				const char *name, const char *data)
{
	struct fs_context fc = {
		.fs_type = type,
		.source = name,
		.data = data,
		.sb_flags = (unsigned int)flags,
		.sb_flags_mask = ~0U,
		.purpose = (flags & SB_SUBMOUNT) ? FS_CONTEXT_FOR_SUBMOUNT :
						   FS_CONTEXT_FOR_MOUNT,
	};
	struct vfsmount *mnt;
	int err;

	if (!type)
		return ERR_PTR(-EINVAL);
	err = type->get_tree(&fc);
	if (err)
		return ERR_PTR(err);
	mnt = vfs_create_mount(&fc);
	put_fs_context(&fc);
	return mnt;
}

static int do_add_mount(struct mount *newmnt, struct mountpoint *mp,
			struct path *path, int mnt_flags)
{
	struct mount *parent = real_mount(path->mnt);

	mnt_flags &= ~(MNT_SHARED | MNT_WRITE_HOLD | MNT_INTERNAL | MNT_DOOMED |
		       MNT_SYNC_UMOUNT | MNT_MARKED | MNT_UMOUNT);
	if (unlikely(!check_mnt(parent))) {
		/* acceptable only for automounts done in private namespaces */
		if (!(mnt_flags & MNT_SHRINKABLE))
			return -EINVAL;
		if (!parent->mnt_ns)
			return -EINVAL;
	}
	/* Refuse the same filesystem on the same mount point */
	if (path->mnt->mnt_sb == newmnt->mnt.mnt_sb &&
	    path->mnt->mnt_root == path->dentry)
		return -EBUSY;
	if (d_is_symlink(newmnt->mnt.mnt_root))
		return -EINVAL;
	newmnt->mnt.mnt_flags = mnt_flags;
	return graft_tree(newmnt, parent, mp);
}

static int do_new_mount(struct path *path, const char *fstype, unsigned int sb_flags,
			int mnt_flags, const char *name, const char *data)
{
	struct vfsim *v = current_kernel();
	struct file_system_type *type;
	struct fs_context fc = { 0 };
	struct vfsmount *mnt;
	struct mountpoint *mp;
	int err;

	if (!fstype)
		return -EINVAL;
	type = get_fs_type(v, fstype);
	if (!type)
		return -ENODEV;
	if ((type->fs_flags & FS_REQUIRES_DEV) && (!name || !*name))
		return -EINVAL;

	fc.fs_type = type;
	fc.source = name;
	fc.data = data;
	fc.sb_flags = sb_flags;
	fc.sb_flags_mask = ~0U;
	fc.purpose = FS_CONTEXT_FOR_MOUNT;
	/* 5.8 asks mount_capable() here, before vfs_get_tree() looks at the
	 * source: a user namespace's ext4 mount is EPERM whatever the
	 * source, never ENOENT or ENOTBLK */
	if (!mount_capable(&fc))
		return -EPERM;
	err = type->get_tree(&fc);
	if (err)
		return err;

	mnt = vfs_create_mount(&fc);
	put_fs_context(&fc);
	if (IS_ERR(mnt))
		return (int)PTR_ERR(mnt);

	mp = lock_mount(path);
	if (IS_ERR(mp)) {
		mntput(mnt);
		return (int)PTR_ERR(mp);
	}
	err = do_add_mount(real_mount(mnt), mp, path, mnt_flags);
	unlock_mount(v, mp);
	if (err < 0)
		mntput(mnt);
	return err;
}

#define PAGE_SIZE 4096

static char *copy_mount_string(const void __user *data)
{
	return data ? strndup_user(data, PATH_MAX) : NULL;
}

/*
 * copy_mount_options - the kernel copies a whole page and accepts a copy cut
 * short by a fault as long as something was copied.  Mount data in the
 * model is always a string, so the copy stops at its NUL instead of
 * reading past the end of the caller's buffer.
 */
static char *copy_mount_options(const void __user *data)
{
	char *copy;
	long len;

	if (!data)
		return NULL;
	copy = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!copy)
		return ERR_PTR(-ENOMEM);
	len = strncpy_from_user(copy, data, PAGE_SIZE);
	/* strncpy_from_user() leaves what it read before a fault in place. */
	if (len < 0 && !copy[0]) {
		kfree(copy);
		return ERR_PTR(-EFAULT);
	}
	copy[PAGE_SIZE - 1] = 0;
	return copy;
}

/*
 * path_mount - mount(2) once the target is looked up: the flag translation
 * and dispatch of do_mount().  @data_page is a kernel copy.
 */
int path_mount(const char *dev_name, struct path *path, const char *type_page,
	       unsigned long flags, const char *data_page)
{
	unsigned int mnt_flags = 0, sb_flags;

	/* Discard magic */
	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (flags & MS_NOUSER)
		return -EINVAL;
	if (!may_mount())
		return -EPERM;
	if (flags & MS_MANDLOCK)
		return -EPERM;	/* CONFIG_MANDATORY_FILE_LOCKING is off */

	/* Default to relatime unless overriden */
	if (!(flags & MS_NOATIME))
		mnt_flags |= MNT_RELATIME;
	/* Separate the per-mountpoint flags */
	if (flags & MS_NOSUID)
		mnt_flags |= MNT_NOSUID;
	if (flags & MS_NODEV)
		mnt_flags |= MNT_NODEV;
	if (flags & MS_NOEXEC)
		mnt_flags |= MNT_NOEXEC;
	if (flags & MS_NOATIME)
		mnt_flags |= MNT_NOATIME;
	if (flags & MS_NODIRATIME)
		mnt_flags |= MNT_NODIRATIME;
	if (flags & MS_STRICTATIME)
		mnt_flags &= ~(MNT_RELATIME | MNT_NOATIME);
	if (flags & MS_RDONLY)
		mnt_flags |= MNT_READONLY;

	/* The default atime for remount is preservation */
	if ((flags & MS_REMOUNT) &&
	    ((flags & (MS_NOATIME | MS_NODIRATIME | MS_RELATIME |
		       MS_STRICTATIME)) == 0)) {
		mnt_flags &= ~MNT_ATIME_MASK;
		mnt_flags |= path->mnt->mnt_flags & MNT_ATIME_MASK;
	}

	sb_flags = flags & (SB_RDONLY | SB_SYNCHRONOUS | SB_MANDLOCK |
			    SB_DIRSYNC | SB_SILENT | SB_POSIXACL |
			    SB_LAZYTIME | SB_I_VERSION);

	if ((flags & (MS_REMOUNT | MS_BIND)) == (MS_REMOUNT | MS_BIND))
		return do_reconfigure_mnt(path, mnt_flags);
	if (flags & MS_REMOUNT)
		return do_remount(path, sb_flags, mnt_flags, data_page);
	if (flags & MS_BIND)
		return do_loopback(path, dev_name, flags & MS_REC);
	if (flags & (MS_SHARED | MS_PRIVATE | MS_SLAVE | MS_UNBINDABLE))
		return do_change_type(path, flags);
	if (flags & MS_MOVE)
		return do_move_mount_old(path, dev_name);

	return do_new_mount(path, type_page, sb_flags, (int)mnt_flags, dev_name,
			    data_page);
}

long ksys_mount(const char __user *dev_name, const char __user *dir_name,
		const char __user *type, unsigned long flags, const void __user *data)
{
	char *kernel_type, *kernel_dev, *options;
	struct path path;
	long ret;

	kernel_type = copy_mount_string(type);
	ret = PTR_ERR(kernel_type);
	if (IS_ERR(kernel_type))
		goto out_type;

	kernel_dev = copy_mount_string(dev_name);
	ret = PTR_ERR(kernel_dev);
	if (IS_ERR(kernel_dev))
		goto out_dev;

	options = copy_mount_options(data);
	ret = PTR_ERR(options);
	if (IS_ERR(options))
		goto out_data;

	ret = user_path_at(AT_FDCWD, dir_name, LOOKUP_FOLLOW, &path);
	if (!ret) {
		ret = path_mount(kernel_dev, &path, kernel_type, flags, options);
		path_put(&path);
	}

	kfree(options);
out_data:
	kfree(kernel_dev);
out_dev:
	kfree(kernel_type);
out_type:
	return ret;
}

/* ---- automount and expiry ----------------------------------------------- */

void mnt_set_expiry(struct vfsmount *mnt, struct list_head *expiry_list)
{
	struct vfsim *v = mnt->mnt_sb->s_kernel;

	namespace_lock(v);
	if (expiry_list)
		list_add_tail(&real_mount(mnt)->mnt_expire, expiry_list);
	else
		list_del_init(&real_mount(mnt)->mnt_expire);
	namespace_unlock(v);
}

/*
 * finish_automount - graft the submount @m that d_automount made onto
 * @path.  @m carries two references: the tree's and the one the walk will
 * keep.
 */
int finish_automount(struct vfsmount *m, struct path *path)
{
	struct vfsim *v = m->mnt_sb->s_kernel;
	struct mount *mnt = real_mount(m);
	struct mountpoint *mp;
	int err;

	WARN_ON(mnt_get_count(mnt) < 2);

	if (m->mnt_sb == path->mnt->mnt_sb && m->mnt_root == path->dentry) {
		err = -ELOOP;
		goto fail;
	}
	mp = lock_mount(path);
	if (IS_ERR(mp)) {
		err = (int)PTR_ERR(mp);
		goto fail;
	}
	/* MNT_LOCKED on the model's root means "rootfs, never unmounted": a
	 * submount must not inherit it, or umount2() refuses it (-EINVAL) and
	 * the final umount_tree() leaves it connected, leaking it. */
	err = do_add_mount(mnt, mp, path,
			   (path->mnt->mnt_flags & ~MNT_LOCKED) | MNT_SHRINKABLE);
	unlock_mount(v, mp);
	if (!err)
		return 0;
fail:
	/* remove m from any expiration list it may be on */
	if (!list_empty(&mnt->mnt_expire)) {
		namespace_lock(v);
		list_del_init(&mnt->mnt_expire);
		namespace_unlock(v);
	}
	mntput(m);
	mntput(m);
	return err;
}

/*
 * mark_mounts_for_expiry - one expiry pass over @mounts: an unused mount is
 * marked on the first pass and unmounted on the second (any use in between
 * clears the mark, see mntput()).  Returns how many were unmounted.
 */
int __mark_mounts_for_expiry(struct vfsim *v, struct list_head *mounts)
{
	struct mount *mnt, *next;
	LIST_HEAD(graveyard);
	int n = 0;

	if (list_empty(mounts))
		return 0;

	namespace_lock(v);
	lock_mount_hash(v);
	list_for_each_entry_safe(mnt, next, mounts, mnt_expire) {
		if (!xchg(&mnt->mnt_expiry_mark, 1) ||
		    propagate_mount_busy(mnt, 1))
			continue;
		notify_mount(mnt, NULL, NOTIFY_MOUNT_EXPIRY, 0);
		list_move(&mnt->mnt_expire, &graveyard);
	}
	while (!list_empty(&graveyard)) {
		mnt = list_first_entry(&graveyard, struct mount, mnt_expire);
		touch_mnt_namespace(mnt->mnt_ns);
		umount_tree(mnt, UMOUNT_PROPAGATE | UMOUNT_SYNC);
		n++;
	}
	unlock_mount_hash(v);
	namespace_unlock(v);
	return n;
}

void mark_mounts_for_expiry(struct list_head *mounts)
{
	__mark_mounts_for_expiry(current_kernel(), mounts);
}

/* ---- namespaces --------------------------------------------------------- */

struct mnt_namespace *alloc_mnt_ns(struct vfsim *v)
{
	struct mnt_namespace *ns = kzalloc(sizeof(*ns), GFP_KERNEL);

	if (!ns)
		return NULL;
	atomic_set(&ns->count, 1);
	INIT_LIST_HEAD(&ns->list);
	spin_lock_init(&ns->ns_lock);
	INIT_LIST_HEAD(&ns->fsnotify_marks);
	INIT_LIST_HEAD(&ns->mnt_ns_list);
	ns->seq = 1;
	ns->kernel = v;
	/* copy_mnt_ns() gives a copy its caller's namespace instead. */
	ns->user_ns = get_user_ns(&v->init_user_ns);
	return ns;
}

void put_mnt_ns(struct mnt_namespace *ns)
{
	struct vfsim *v;

	if (!atomic_dec_and_test(&ns->count))
		return;
	v = ns->kernel;
	namespace_lock(v);
	lock_mount_hash(v);
	if (ns->root) {
		ns->root->mnt.mnt_flags &= ~MNT_LOCKED;
		umount_tree(ns->root, 0);
	}
	list_del_init(&ns->mnt_ns_list);
	unlock_mount_hash(v);
	namespace_unlock(v);
	fsnotify_mntns_delete(ns);
	put_user_ns(ns->user_ns);
	kfree(ns);
}

/*
 * init_mount_tree - mount the root filesystem as the root of a new
 * namespace and make it the init task's root and cwd.  The root is
 * MNT_LOCKED: it cannot be unmounted (-EINVAL), as the kernel's rootfs.
 */
int init_mount_tree(struct vfsim *v, const char *fstype, const char *source,
		    const char *data)
{
	struct file_system_type *type = get_fs_type(v, fstype);
	struct mnt_namespace *ns;
	struct vfsmount *mnt;
	struct mount *m;
	struct path root;

	if (!type)
		return -ENODEV;
	mnt = vfs_kern_mount(type, 0, source, data);
	if (IS_ERR(mnt))
		return (int)PTR_ERR(mnt);
	ns = alloc_mnt_ns(v);
	if (!ns) {
		mntput(mnt);
		return -ENOMEM;
	}
	/* 6.18 numbers namespaces that are not anonymous (fsmount(),
	 * open_tree() clones: ID 0); this is the instance's first. */
	m = real_mount(mnt);
	m->mnt_ns = ns;
	ns->root = m;
	ns->mounts = 1;
	list_add(&m->mnt_list, &ns->list);
	mnt->mnt_flags |= MNT_LOCKED | MNT_RELATIME;
	v->init_mnt_ns = ns;
	namespace_lock(v);
	mnt_ns_tree_add(ns);
	namespace_unlock(v);
	current->nsproxy_mnt_ns = ns;
	atomic_inc(&ns->count);

	root.mnt = mnt;
	root.dentry = mnt->mnt_root;
	set_fs_pwd(current->fs, &root);
	set_fs_root(current->fs, &root);
	return 0;
}

/* Tear every namespace down (instance destruction). */
void namespace_teardown(struct vfsim *v)
{
	struct mnt_namespace *ns = v->init_mnt_ns;

	if (!ns)
		return;
	v->init_mnt_ns = NULL;
	put_mnt_ns(ns);
}

/* ---- detached trees (the new mount API, vfs/mount_api.c) ---------------- */

/*
 * dissolve_on_fput - the last close of an fsmount() or open_tree(CLONE) fd
 * whose mount is still the root of its anonymous namespace takes the
 * whole detached tree down; once move_mount() attached it, nothing.
 */
void dissolve_on_fput(struct vfsmount *mnt)
{
	struct vfsim *v = mnt->mnt_sb->s_kernel;
	struct mnt_namespace *ns;

	namespace_lock(v);
	lock_mount_hash(v);
	ns = real_mount(mnt)->mnt_ns;
	if (ns) {
		if (is_anon_ns(ns))
			umount_tree(real_mount(mnt), UMOUNT_CONNECTED);
		else
			ns = NULL;
	}
	unlock_mount_hash(v);
	namespace_unlock(v);
	if (ns)
		free_mnt_ns(ns);
}

/* ---- mountpoints that leave the tree (unlink, rmdir, rename) ------------ */

/*
 * __is_local_mountpoint - is @dentry a mountpoint in the caller's own
 * namespace?  5.8 walks the namespace's mounts for one on @dentry; a
 * dentry mounted on only in other namespaces (a detached tree's, another
 * task's) may be removed, and detach_mounts() takes those mounts away.
 * Caller holds namespace_sem (for reading at least), and dir_mutex, so
 * the answer holds until the dentry is unhashed, after which no mount
 * can be made on it (d_set_mounted()).
 */
bool __is_local_mountpoint(struct dentry *dentry)
{
	struct mnt_namespace *ns = current->nsproxy_mnt_ns;
	struct mount *mnt;

	lockdep_assert_held(&dentry->d_sb->s_kernel->namespace_sem);
	if (!ns)
		return false;
	list_for_each_entry(mnt, &ns->list, mnt_list)
		if (mnt->mnt_mountpoint == dentry)
			return true;
	return false;
}

/*
 * __detach_mounts - @dentry left the tree: take away every mount on it,
 * with the mounts below them (umount_tree(UMOUNT_CONNECTED), which posts
 * their UNMOUNT notifications and queues fanotify's detach events), as
 * 5.8 does after vfs_rmdir(), vfs_unlink() and a rename over a target.
 * A mount already unmounted but kept connected to an unmounted parent is
 * taken off the dentry and dropped at namespace_unlock().
 */
void __detach_mounts(struct dentry *dentry)
{
	struct vfsim *v = dentry->d_sb->s_kernel;
	struct mountpoint *mp;
	struct mount *mnt;

	namespace_lock(v);
	lock_mount_hash(v);
	mp = lookup_mountpoint(v, dentry);
	if (!mp)
		goto out_unlock;
	while (!hlist_empty(&mp->m_list)) {
		mnt = hlist_entry(mp->m_list.next, struct mount, mnt_mp_list);
		if (mnt->mnt.mnt_flags & MNT_UMOUNT) {
			umount_mnt(mnt);
			list_add_tail(&mnt->mnt_umount, &v->umount_list);
		} else {
			umount_tree(mnt, UMOUNT_CONNECTED);
		}
	}
	put_mountpoint(mp);
out_unlock:
	unlock_mount_hash(v);
	namespace_unlock(v);
}
