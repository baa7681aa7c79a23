/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * struct mount, struct vfsmount, mountpoints and the mount namespace, as in
 * the kernel's fs/mount.h and include/linux/mount.h (5.6 + patch 02).
 *
 * Each field says what protects it; the order in which the locks nest is
 * in docs/internals.md, "Locks".  In short: the tree's shape changes with
 * namespace_sem held for writing and, for what the hash, the mountpoints
 * and path walks see, mount_lock's write side as well, so a holder of
 * either sees it still.  Mounts are freed after an RCU grace period:
 * readers under rcu_read_lock() (the notification walk of seed 002) may
 * follow mnt_parent and mnt_mountpoint of a mount they found.  "Set once"
 * fields are written before the mount is published (its ID in the ID
 * index, or attached) and never change after.
 */
#ifndef _VFSIM_VFS_MOUNT_H
#define _VFSIM_VFS_MOUNT_H

#include <urcu/rculfhash.h>

#include <vfs/fs.h>

/* Mount flags (include/linux/mount.h, 5.6). */
#define MNT_NOSUID	0x01
#define MNT_NODEV	0x02
#define MNT_NOEXEC	0x04
#define MNT_NOATIME	0x08
#define MNT_NODIRATIME	0x10
#define MNT_RELATIME	0x20
#define MNT_NOSYMFOLLOW	0x80	/* 5.10; set by fsmount() and mount_setattr() only */
#define MNT_READONLY	0x40
#define MNT_SHRINKABLE	0x100
#define MNT_WRITE_HOLD	0x200
#define MNT_SHARED	0x1000
#define MNT_UNBINDABLE	0x2000
#define MNT_SHARED_MASK	(MNT_UNBINDABLE)
#define MNT_USER_SETTABLE_MASK (MNT_NOSUID | MNT_NODEV | MNT_NOEXEC | \
				MNT_NOATIME | MNT_NODIRATIME | MNT_RELATIME | \
				MNT_READONLY)
#define MNT_ATIME_MASK	(MNT_NOATIME | MNT_NODIRATIME | MNT_RELATIME)
#define MNT_INTERNAL	0x4000
#define MNT_LOCK_ATIME		0x040000	/* the MNT_LOCK_* of lock_mnt_tree() */
#define MNT_LOCK_NOEXEC		0x080000
#define MNT_LOCK_NOSUID		0x100000
#define MNT_LOCK_NODEV		0x200000
#define MNT_LOCK_READONLY	0x400000
#define MNT_LOCKED	0x800000
#define MNT_DOOMED	0x1000000
#define MNT_SYNC_UMOUNT	0x2000000
#define MNT_MARKED	0x4000000
#define MNT_UMOUNT	0x8000000
/* A reader's place in ns->list, not a mount (a /proc mounts file's,
 * vfs/proc_namespace.c): a walker of ns->list skips it, mnt_is_cursor(). */
#define MNT_CURSOR	0x10000000

/*
 * Linux 6.18's ID spaces (fs/namespace.c): unique mount IDs start above
 * every 32-bit mount ID, at MNT_UNIQUE_ID_OFFSET + 1; the model's first
 * mount namespace gets the ID 6.18 gave its initial one (vfs/core.c).
 */
#define MNT_UNIQUE_ID_OFFSET	(1ULL << 31)
#define MNT_NS_FIRST_ID		4ULL

struct vfsmount {
	struct dentry *mnt_root;	/* set once */
	struct super_block *mnt_sb;	/* set once */
	/*
	 * MNT_*: written under mount_lock, but for a new mount or copy not
	 * yet in the tree (its first flags, MNT_LOCKED cleared) and
	 * MNT_DOOMED, set by whoever dropped the last reference when no one
	 * else can reach the mount; read with READ_ONCE anywhere, or stable
	 * under mount_lock.
	 */
	int mnt_flags;
};

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};

struct mnt_namespace;

/* Every field but m_dentry under mount_lock (whose writers also hold
 * namespace_sem, so its holders may read them too). */
struct mountpoint {
	struct hlist_node m_hash;	/* in mountpoint_hashtable */
	struct dentry *m_dentry;	/* set once; holds a reference */
	struct hlist_head m_list;	/* mounts on this mountpoint */
	int m_count;
};

struct mount {
	/* In mount_hashtable, by (parent, mountpoint): changed under
	 * mount_lock with namespace_sem held; looked up under namespace_sem
	 * or mount_lock (__lookup_mnt()). */
	struct hlist_node mnt_hash;
	/* == self when not attached.  mnt_parent and mnt_mountpoint change
	 * under mount_lock with namespace_sem held; read under either, or
	 * with READ_ONCE under RCU (the notification walk, which holds
	 * mount_lock anyway, and fsinfo's are_paths_connected()). */
	struct mount *mnt_parent;
	struct dentry *mnt_mountpoint;
	/* Patch 02.  Set once, from NULL, under the superblock's s_umount
	 * (rcu_assign_pointer()); cleared by cleanup_mnt() when the last
	 * reference is gone; read under RCU.  Beside the other fields the
	 * notification walk reads at every level (parent, mountpoint, root),
	 * not at the end where the patch puts it: one cache line less per
	 * level on a deep tree. */
	struct watch_list *mnt_watchers;
	struct vfsmount mnt;
	struct rcu_head mnt_rcu;	/* the RCU-delayed free */
	atomic_t mnt_count;		/* atomic; the holders: docs/internals.md */
	/* umount_tree()'s scratch for the order 6.18 reports detaches in
	 * (umount_notify_order(), pnode.c): T_* flags, with mnt_notify_order
	 * below, under namespace_sem, 0 outside umount_tree().  Here, in
	 * what would be padding after mnt_count. */
	unsigned int mnt_t_flags;
	/* Writers (mnt_want_write(), a file open for writing): atomic, and
	 * checked under mount_lock with MNT_WRITE_HOLD set (vfs/mnt_write.c). */
	atomic_t mnt_writers;
	const char *mnt_devname;	/* set once */
	/* mnt_mounts and mnt_child: under mount_lock with namespace_sem
	 * held; read under either, never under RCU alone (v17's
	 * MOUNT_CHILDREN did, the review finding on patch 10). */
	struct list_head mnt_mounts;	/* children, in attachment order */
	struct list_head mnt_child;	/* on the parent's mnt_mounts */
	struct list_head mnt_instance;	/* on sb->s_mounts, under mount_lock */
	/* On ns->list, a umount_tree() list or copy_tree()'s chain: under
	 * namespace_sem. */
	struct list_head mnt_list;
	struct list_head mnt_expire;	/* on an expiry list, under namespace_sem */
	/* Propagation: mnt_share, mnt_slave_list, mnt_slave, mnt_master and
	 * mnt_group_id change under namespace_sem held for writing
	 * (change_mnt_propagation() holds mount_lock too) and are read
	 * under namespace_sem. */
	struct list_head mnt_share;	/* circular list of peers */
	struct list_head mnt_slave_list; /* list of slaves */
	struct list_head mnt_slave;	/* on the master's mnt_slave_list */
	struct mount *mnt_master;	/* we are on its slave list */
	/* Set by commit_tree() and cleared by umount_tree(), under
	 * namespace_sem and mount_lock; read under either (mntput_no_expire()
	 * reads it with READ_ONCE, to warn). */
	struct mnt_namespace *mnt_ns;
	struct mountpoint *mnt_mp;	/* under mount_lock */
	struct hlist_node mnt_mp_list;	/* on mp->m_list, under mount_lock */
	/* propagate_umount() scratch, under namespace_sem and mount_lock */
	struct list_head mnt_umounting;
	/* On v->umount_list, under namespace_sem, until namespace_unlock()
	 * takes the list private and drops the tree's references. */
	struct list_head mnt_umount;
	/* In the mount-ID index (v->mnt_id_ht): liburcu's lock-free hash
	 * table, changed and looked up in RCU read-side sections. */
	struct cds_lfht_node mnt_id_node;
	int mnt_id;			/* set once */
	atomic_t mnt_change_counter;	/* patch 02: atomic, no lock; beside mnt_id, in what would be padding */
	/*
	 * Linux 6.8's 64-bit mount ID (statx STATX_MNT_ID_UNIQUE, statmount,
	 * listmount): from a counter never reused within the instance, set
	 * once by mnt_alloc_id(); in v->mnt_id_unique_ht beside mnt_id_node,
	 * under the same rules.
	 */
	u64 mnt_id_unique;
	struct cds_lfht_node mnt_id_unique_node;
	int mnt_group_id;		/* peer group, 0 if not shared (above) */
	/* On v->check_dirty, and whether it is (read without the lock to
	 * skip a mark already made): under v->check_lock
	 * (vfs/check_dirty.h).  mnt_check_gen: the incremental check that
	 * last looked at the mount, under namespace_sem. */
	bool mnt_check_marked;
	struct list_head mnt_check;
	unsigned long mnt_check_gen;
	/* No lock, as in the kernel: set with xchg() by an expiry pass and
	 * cleared with WRITE_ONCE by any mntput() (a use unexpires). */
	int mnt_expiry_mark;
	/*
	 * Linux 6.15's fanotify mount events (vfs/fanotify.c): on
	 * v->notify_list while an attach or detach waits for
	 * namespace_unlock() to report it, and the namespace the mount was
	 * last reported in (NULL: none).  Both under namespace_sem.
	 */
	struct list_head to_notify;
	struct mnt_namespace *prev_ns;
	/* umount_tree()'s scratch list for the same order (mnt_t_flags),
	 * empty outside umount_tree(). */
	struct list_head mnt_notify_order;
};

static inline struct mount *real_mount(struct vfsmount *mnt)
{
	return container_of(mnt, struct mount, mnt);
}

/* The instance a mount belongs to. */
static inline struct vfsim *mnt_kernel(const struct mount *m)
{
	return m->mnt.mnt_sb->s_kernel;
}
static inline bool mnt_has_parent(const struct mount *mnt)
{
	return mnt != mnt->mnt_parent;
}
static inline bool is_mounted(struct vfsmount *mnt)
{
	return !IS_ERR_OR_NULL(real_mount(mnt)->mnt_ns);
}

#define IS_MNT_SHARED(m) ((m)->mnt.mnt_flags & MNT_SHARED)
#define IS_MNT_SLAVE(m) ((m)->mnt_master)
#define IS_MNT_NEW(m) (!(m)->mnt_ns)
#define IS_MNT_LOCKED(m) ((m)->mnt.mnt_flags & MNT_LOCKED)
#define IS_MNT_UNBINDABLE(m) ((m)->mnt.mnt_flags & MNT_UNBINDABLE)
#define IS_MNT_MARKED(m) ((m)->mnt.mnt_flags & MNT_MARKED)
#define SET_MNT_MARK(m) ((m)->mnt.mnt_flags |= MNT_MARKED)
#define CLEAR_MNT_MARK(m) ((m)->mnt.mnt_flags &= ~MNT_MARKED)

struct mnt_namespace {
	atomic_t count;			/* atomic */
	struct mount *root;		/* set once */
	/* Every mount, in attachment order: under namespace_sem. */
	struct list_head list;
	u64 seq;			/* set once */
	/* Linux 6.18's namespace ID (statmount's mnt_ns_id, STATMOUNT_MNT_NS_ID):
	 * from v->mnt_ns_id_ctr, set once by init_mount_tree(); 0 for an
	 * anonymous namespace (a detached tree's), which 6.18 leaves unnumbered. */
	u64 ns_id;
	u64 event;			/* bumped under mount_lock */
	/* Moves of a /proc mounts file's cursor in @list, which happen
	 * with namespace_sem held only for reading; so a reader stepping
	 * through @list holds it too (lock_ns_list()). */
	spinlock_t ns_lock;
	/* Written under namespace_sem and mount_lock (commit_tree(),
	 * umount_tree()); read under namespace_sem (count_mounts()). */
	unsigned int mounts;
	/* Mounts an attach in progress has admitted and not yet committed
	 * here (5.8's pending_mounts: count_mounts() adds, the attach's end
	 * clears), so that one attach's copies into this namespace, from
	 * several of its peers, fit together.  Under namespace_sem. */
	unsigned int pending_mounts;
	/*
	 * Model-only, for the invariant checker: how many times a mount was
	 * hashed where another one already was (mnt_change_mountpoint() onto
	 * an occupied mountpoint).  5.8 does it when it tucks a mount under a
	 * propagated copy whose root is overmounted, and again when
	 * restore_mounts() hangs such a mount back; Linux 6.17 prevents it
	 * ("prevent mount hash conflicts", ffdc52fbbd58; docs/kernel-diff.md).
	 * Under mount_lock.
	 */
	unsigned int hash_conflicts;
	struct vfsim *kernel;		/* set once */
	/* The user namespace that owns it, with a reference; set once
	 * (vfs/user_namespace.h). */
	struct user_namespace *user_ns;
	/*
	 * fanotify marks on this namespace (FAN_MARK_MNTNS; vfs/fanotify.c),
	 * and how many: under fsnotify_mark_lock; the count is read
	 * without it (READ_ONCE) to skip the work when nobody watches.
	 */
	struct list_head fsnotify_marks;
	unsigned int n_fsnotify_marks;
	/* On v->mnt_namespaces while numbered (ns_id != 0), under
	 * namespace_sem (vfs/mnt_ns.c). */
	struct list_head mnt_ns_list;
};

static inline void lock_ns_list(struct mnt_namespace *ns)
{
	spin_lock(&ns->ns_lock);
}

static inline void unlock_ns_list(struct mnt_namespace *ns)
{
	spin_unlock(&ns->ns_lock);
}

static inline bool mnt_is_cursor(const struct mount *mnt)
{
	return mnt->mnt.mnt_flags & MNT_CURSOR;
}

static inline struct mount *next_mnt(struct mount *p, struct mount *root)
{
	struct list_head *next = p->mnt_mounts.next;

	if (next == &p->mnt_mounts) {
		while (1) {
			if (p == root)
				return NULL;
			next = p->mnt_child.next;
			if (next != &p->mnt_parent->mnt_mounts)
				break;
			p = p->mnt_parent;
		}
	}
	return list_entry(next, struct mount, mnt_child);
}

/* namespace.c */
struct vfsmount *mntget(struct vfsmount *mnt);
void mntput(struct vfsmount *mnt);
/* Drop a reference without counting as a use (the expiry mark stays). */
void mntput_no_expire(struct mount *mnt);
void path_get(const struct path *path);
void path_put(const struct path *path);
struct vfsmount *lookup_mnt(const struct path *path);
/* unlink, rmdir, rename (vfs/namespace.c): is_local_mountpoint() under
 * namespace_sem; detach_mounts() takes it. */
bool __is_local_mountpoint(struct dentry *dentry);
static inline bool is_local_mountpoint(struct dentry *dentry)
{
	return d_mountpoint(dentry) && __is_local_mountpoint(dentry);
}
void __detach_mounts(struct dentry *dentry);
static inline void detach_mounts(struct dentry *dentry)
{
	if (d_mountpoint(dentry))
		__detach_mounts(dentry);
}
struct mount *__lookup_mnt(struct vfsmount *mnt, struct dentry *dentry);
struct mount *__lookup_mnt_in(struct vfsim *v, struct vfsmount *mnt,
			      struct dentry *dentry);
struct vfsmount *vfs_create_mount(struct fs_context *fc);
struct vfsmount *vfs_kern_mount(struct file_system_type *type, int flags,
				const char *name, const char *data);
int finish_automount(struct vfsmount *m, struct path *path);
void mnt_set_expiry(struct vfsmount *mnt, struct list_head *expiry_list);
void mark_mounts_for_expiry(struct list_head *mounts);
int mnt_get_count(struct mount *mnt);
/*
 * A use of @mnt: it is no longer a candidate for expiry.  What mntput()
 * does on every put, so what every reference the walk drops in ref-walk
 * mode does (fs/namei.c), as mark_mounts_for_expiry() expects.
 */
static inline void mnt_clear_expiry_mark(struct mount *mnt)
{
	if (unlikely(READ_ONCE(mnt->mnt_expiry_mark)))
		WRITE_ONCE(mnt->mnt_expiry_mark, 0);
}

bool __mnt_is_readonly(struct vfsmount *mnt);
/* mnt_write.c: write access to a mount (fs/namespace.c of 5.8) */
int __mnt_want_write(struct vfsmount *m);
int mnt_want_write(struct vfsmount *m);
void __mnt_drop_write(struct vfsmount *m);
void mnt_drop_write(struct vfsmount *m);
/* Under mount_lock: block new writers of @mnt; -EBUSY if it has some
 * (MNT_WRITE_HOLD stays set until mnt_unhold_writers()). */
int mnt_hold_writers(struct mount *mnt);
void mnt_unhold_writers(struct mount *mnt);
/* A superblock about to go read-only: -EBUSY if any of its mounts has
 * writers; caller holds s_umount for writing. */
int sb_prepare_remount_readonly(struct super_block *sb);
int path_mount(const char *dev_name, struct path *path, const char *type_page,
	       unsigned long flags, const char *data_page);
int path_umount(struct path *path, int flags);
struct mnt_namespace *alloc_mnt_ns(struct vfsim *v);
void put_mnt_ns(struct mnt_namespace *ns);
/* mnt_ns.c: namespaces beyond the first */
struct fs_struct;
void mnt_ns_tree_add(struct mnt_namespace *ns);
struct mnt_namespace *lookup_mnt_ns(struct vfsim *v, u64 id);
struct mnt_namespace *copy_mnt_ns(unsigned long flags, struct mnt_namespace *ns,
				  struct user_namespace *user_ns, struct fs_struct *new_fs);
int mntns_install(struct mnt_namespace *mnt_ns);
/* mnt_lock.c: mounts and user namespaces */
struct fs_context;
void lock_mnt_tree(struct mount *mnt);
bool can_change_locked_flags(struct mount *mnt, unsigned int mnt_flags);
bool has_locked_children(struct mount *mnt, struct dentry *dentry);
bool may_mount(void);
bool mount_capable(struct fs_context *fc);
/* Queue @m's attach or detach for namespace_unlock() to report (6.15). */
void mnt_notify_add(struct mount *m);
int init_mount_tree(struct vfsim *v, const char *fstype, const char *source,
		    const char *data);
void namespace_teardown(struct vfsim *v);
struct mount *mnt_find_by_id(struct vfsim *v, int id);
/* The mount whose 64-bit unique ID is @id (under RCU, no reference). */
struct mount *mnt_find_by_id_unique(struct vfsim *v, u64 id);
unsigned long mnt_id_unique_node_hash(struct cds_lfht_node *node);
/* The hash a mount-ID index node was added with (vfs/snapshot.c). */
unsigned long mnt_id_node_hash(struct cds_lfht_node *node);

/* pnode.c: propagation state */
int invent_group_ids(struct mount *mnt, bool recurse);
void cleanup_group_ids(struct mount *mnt, struct mount *end);
void change_mnt_propagation(struct mount *mnt, int type);
struct mount *get_dominating_id_owner(struct mount *mnt);
int propagate_mount_busy(struct mount *mnt, int refcnt);
void mnt_release_group_id(struct mount *mnt);
int get_dominating_id(struct mount *mnt, const struct path *root);
bool is_path_reachable(struct mount *mnt, struct dentry *dentry,
		       const struct path *root);
int propagate_mnt(struct mount *dest_mnt, struct mountpoint *dest_mp,
		  struct mount *source_mnt, struct hlist_head *tree_list);
void propagate_umount(struct list_head *list);
void propagate_mount_unlock(struct mount *mnt);

#endif
