/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * struct vfsim: one simulated kernel.  Everything the real kernel keeps in
 * globals (the mount hash, the ID allocators, rename_lock, the super_blocks
 * list, the filesystem registry, the clock) hangs off it, so instances are
 * independent of each other; so does, through net_generic(), the state
 * each subsystem keeps per instance, as Linux's keep theirs per network
 * namespace (vfs/pernet.h).
 */
#ifndef _VFSIM_VFS_KERNEL_H
#define _VFSIM_VFS_KERNEL_H

#include <compat/ksim.h>
#include <linux/mutex.h>
#include <linux/seqlock.h>
#include <linux/hlist_table.h>
#include <linux/idr.h>
#include <vfs/task.h>
#include <vfs/pernet.h>

struct lsm_policy;

struct vfsim {
	struct ksim_ctx ctx;		/* heap, user memory, warnings */
	u64 quirks;			/* bit n: erratum Bn as posted in v17 */
	u64 seed;
	/*
	 * A sleep that would wait for another thread fails with -EAGAIN
	 * instead (the nosleep option of vfsim_create(), public header;
	 * vfs/pipe.c).  Set once, before the instance is handed out.
	 */
	bool nosleep;

	/* Filesystem types, registered by their subsystems' init(). */
	struct list_head filesystems;

	/*
	 * Subsystems (vfs/pernet.h): the table the instance was made with,
	 * how many of it are set up, and the state of each, by enum
	 * pernet_id (net_generic(); each subsystem has its own accessor).
	 */
	const struct pernet_operations *const *pernet_ops;
	unsigned int nr_pernet;
	u32 pernet_ids;			/* bit n: the subsystem of ID n is set up */
	void *net_generic[PERNET_MAX];

	/* Superblocks */
	spinlock_t sb_lock;
	struct list_head super_blocks;
	u64 sb_last_identifier;		/* patch 04, under sb_lock */
	u64 sb_identifier_offset;
	struct ida unnamed_dev_ida;

	/*
	 * The directories' inode lock: 5.8 takes each directory's i_rwsem
	 * (and s_vfs_rename_mutex for renames across directories); the model
	 * has one per instance, held by every change to a directory (create,
	 * link, unlink, rmdir, rename) from the lookup of the last component
	 * to the end, as lock_rename() and inode_lock_nested() would be.
	 */
	struct mutex dir_mutex;

	/* Mounts */
	struct rw_semaphore namespace_sem;
	unsigned int mount_max;		/* fs.mount-max: mounts per namespace */
	seqlock_t mount_lock;
	/*
	 * The mount and mountpoint hashes start at 2^m_hash_shift buckets and
	 * double when their entries outnumber their buckets (hlist_table.h):
	 * nr_mounted counts the mounts on a mountpoint (mnt_mp set: the mount
	 * hash's entries, and the copies propagate_mnt() has yet to hash),
	 * nr_mountpoints the mountpoint hash's.  Under mount_lock.
	 */
	unsigned int m_hash_shift;
	struct hlist_table __rcu *mount_hashtable;
	struct hlist_table *mountpoint_hashtable;
	unsigned long nr_mounted;
	unsigned long nr_mountpoints;
	struct ida mnt_id_ida;
	struct ida mnt_group_ida;
	struct cds_lfht *mnt_id_ht;	/* mnt_id -> struct mount, RCU */
	atomic_long_t nr_mnt_ids;	/* mounts published in mnt_id_ht */
	/*
	 * Linux 6.8+: the last 64-bit unique mount ID handed out (6.18's
	 * mnt_id_ctr, from MNT_UNIQUE_ID_OFFSET), the unique-ID index
	 * (mnt_id_unique -> struct mount, published and looked up as
	 * mnt_id_ht) and the last mount namespace ID (vfs/statmount.c).
	 */
	atomic64_t mnt_id_ctr;
	struct cds_lfht *mnt_id_unique_ht;
	u64 mnt_ns_id_ctr;
	struct list_head expiry_list;	/* vfsim_mnt_set_expiry() puts mounts here */
	struct list_head umount_list;	/* unmounted, waiting for namespace_unlock */
	struct mnt_namespace *init_mnt_ns;
	/* Every numbered mount namespace, oldest first (vfs/mnt_ns.c), under
	 * namespace_sem. */
	struct list_head mnt_namespaces;
	/*
	 * fanotify mount events (vfs/fanotify.c): mounts whose attach or
	 * detach namespace_unlock() reports (6.15's notify_list, under
	 * namespace_sem).
	 */
	struct list_head notify_list;
	/*
	 * The invariant checker's dirty marks (vfs/check_dirty.h): while
	 * check_track is set, the mounts changed since the last check, on
	 * check_dirty by their mnt_check, under check_lock (a leaf).
	 * check_lines counts the incremental checks since the last full one
	 * (api/invariants_changed.c).
	 */
	spinlock_t check_lock;
	struct list_head check_dirty;
	bool check_track;
	unsigned long check_lines;
	unsigned long check_gen;	/* the incremental checks made */

	/* Dentries */
	seqlock_t rename_lock;
	spinlock_t dcache_lock;
	unsigned int d_hash_shift;	/* the dentry hash's boot size, as above */
	struct hlist_table *dentry_hashtable;
	unsigned long nr_hashed_dentries;	/* under dcache_lock */

	/* Tasks */
	spinlock_t tasks_lock;
	struct list_head tasks;
	struct task_struct *init_task;
	int next_pid;

	/* User namespaces (vfs/user_namespace.c): the initial one, and the
	 * lock of every namespace's maps and flags (5.8's global
	 * userns_state_mutex, per instance). */
	struct user_namespace init_user_ns;
	struct mutex userns_state_mutex;

	/* pipefs, kern_mount()ed on the first pipe2() (see vfs/pipe.c) */
	struct mutex pipe_mnt_lock;
	struct vfsmount *pipe_mnt;

	/* anon_inodefs, kern_mount()ed on the first fsopen() or fspick()
	 * (see vfs/anon_inodes.c) */
	struct mutex anon_inode_mnt_lock;
	struct vfsmount *anon_inode_mnt;

	/*
	 * The LSM policy (vfs/security.c), called with this instance.  The
	 * API layer installs it on behalf of a harness and keeps the
	 * harness's own table and argument here, opaque to the kernel.
	 */
	const struct lsm_policy *lsm;
	const void *lsm_harness_ops;
	void *lsm_harness_arg;

	/* Mount notification walk: retries under rename_lock, and renames a
	 * test asked to race it (vfsim_testing_rename_race()). */
	atomic_long_t mount_walk_retries;
	atomic_t rename_races;
	/* A test's stop points (vfsim_testing_set_hook(), testing_point()). */
	void (*testing_hook)(struct vfsim *v, int point, const void *obj, void *arg);
	void *testing_hook_arg;
	/* Mounts with a watch list (mnt_watchers set): while none has, the
	 * walk would post nothing and is not taken (mount_notify.c). */
	atomic_long_t mount_watch_lists;

	/* What vfsim_snapshot() saved (vfs/snapshot.c); harness memory. */
	struct kernel_image *image;

	time64_t realtime_base;		/* CLOCK_REALTIME at clock_ns == 0 */
	bool booted;

	/*
	 * Virtual clock, advanced on every syscall entry: deterministic.
	 * Every thread in the instance writes it, so it has a cache line of
	 * its own: a poster sharing it with the test objects' lock and booted
	 * lost a cache miss per record to a reader's syscalls.
	 */
	char __pad_clock[64];
	u64 clock_ns;			/* CLOCK_MONOTONIC */
	char __pad_clock_end[64];
};

/* Is quirk (erratum) @n of the running instance on? (docs/errata.md) */
static inline bool vfsim_quirk(const struct vfsim *v, unsigned int n)
{
	return READ_ONCE(v->quirks) & (1ULL << n);
}

/*
 * Points where a test may stop the thread that reaches them, to run
 * another thread's call right there (vfsim_testing_set_hook(); the values
 * are enum vfsim_testing_point's).  @obj: what the point is about.
 */
enum {
	TESTING_LOCK_MOUNT = 1,		/* do_lock_mount(): namespace_sem taken; the dentry */
	TESTING_D_SET_MOUNTED,		/* d_set_mounted(): dcache_lock not yet taken; the dentry */
	TESTING_D_UNHASHED,		/* a dentry left the hash, dcache_lock still held; it */
};

static inline void testing_point(struct vfsim *v, int point, const void *obj)
{
	void (*hook)(struct vfsim *v, int point, const void *obj, void *arg) =
		READ_ONCE(v->testing_hook);

	if (unlikely(hook))
		hook(v, point, obj, v->testing_hook_arg);
}

/* The state of subsystem @id of @v (vfs/pernet.h); NULL if it has none. */
static inline void *net_generic(const struct vfsim *v, enum pernet_id id)
{
	return v->net_generic[id];
}

/* The instance the running thread is in (inside a syscall). */
static inline struct vfsim *current_kernel(void) { return current->kernel; }

u64 ktime_get_ns(struct vfsim *v);
void ktime_advance(struct vfsim *v, u64 ns);
struct timespec64 current_time_v(struct vfsim *v);

/*
 * Syscall entry and exit: make @t the running task of this thread (and its
 * instance the running kernel), register the thread with RCU, tick the
 * clock.  Nesting is allowed; the exit restores what was there before.
 */
struct vfsim_entry {
	struct task_struct *prev_task;
	struct ksim_ctx *prev_ctx;
};
void vfsim_enter(struct vfsim_entry *e, struct task_struct *t);
void vfsim_leave(struct vfsim_entry *e);
void vfsim_enter_kernel(struct vfsim_entry *e, struct vfsim *v);

/*
 * The kernel's half of an instance's life (vfs/core.c): set up every table
 * of @v (allocated and zeroed by the caller, its ksim context ready) with
 * @m_hash_shift and the clock starting at @clock_ns, then the subsystems of
 * @ops in order (vfs/pernet.h; builtin_pernet_ops, or a test's); and take
 * everything down again.  The API layer (api/instance.c) does the rest.
 */
int kernel_init(struct vfsim *v, unsigned int m_hash_shift, u64 clock_ns,
		const struct pernet_operations *const *ops, size_t nr_ops);
void kernel_teardown(struct vfsim *v);

/*
 * The whole kernel state of @v, saved (kernel_snapshot()) and put back
 * (kernel_reset()) by copying its heap, which must be a region heap
 * (-EOPNOTSUPP otherwise); -ENODATA: nothing saved yet.  No other thread
 * may be in the instance.  kernel_image_free() drops what was saved.
 * vfs/snapshot.c.
 */
struct kernel_image;
int kernel_snapshot(struct vfsim *v);
int kernel_reset(struct vfsim *v);
void kernel_image_free(struct vfsim *v);

#endif
