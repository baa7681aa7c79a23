// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * One simulated kernel, the kernel's half: its tables set up and taken
 * down, syscall entry, the virtual clocks.  api/instance.c makes and
 * frees the instance around these.
 *
 * Everything the instance owns is allocated through the seam while the
 * instance is entered, so a leak anywhere shows in its heap.
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/check_dirty.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/anon_inodes.h>
#include <vfs/pipe.h>

#define VFSIM_CLOCK_STEP_NS 1000	/* each syscall advances time by 1 us */
/* CLOCK_REALTIME at boot: 2020-02-21 00:00:00 UTC, the date of v17. */
#define VFSIM_REALTIME_BASE 1582243200LL

u64 ktime_get_ns(struct vfsim *v)
{
	return __atomic_load_n(&v->clock_ns, __ATOMIC_RELAXED);
}

/* Time passes without a syscall: a sleeping task, a timer. */
void ktime_advance(struct vfsim *v, u64 ns)
{
	__atomic_add_fetch(&v->clock_ns, ns, __ATOMIC_RELAXED);
}

struct timespec64 current_time_v(struct vfsim *v)
{
	u64 ns = ktime_get_ns(v);
	struct timespec64 ts = {
		.tv_sec = v->realtime_base + (time64_t)(ns / 1000000000ULL),
		.tv_nsec = (long)(ns % 1000000000ULL),
	};

	return ts;
}

void vfsim_enter(struct vfsim_entry *e, struct task_struct *t)
{
	ksim_rcu_thread_enter();
	e->prev_task = ksim_current_task;
	e->prev_ctx = ksim_cur_ctx;
	ksim_current_task = t;
	ksim_cur_ctx = &t->kernel->ctx;
	__atomic_add_fetch(&t->kernel->clock_ns, VFSIM_CLOCK_STEP_NS, __ATOMIC_RELAXED);
}

/* Enter an instance with no task (creation, teardown, event injection). */
void vfsim_enter_kernel(struct vfsim_entry *e, struct vfsim *v)
{
	ksim_rcu_thread_enter();
	e->prev_task = ksim_current_task;
	e->prev_ctx = ksim_cur_ctx;
	ksim_current_task = v->init_task;
	ksim_cur_ctx = &v->ctx;
}

void vfsim_leave(struct vfsim_entry *e)
{
	ksim_current_task = e->prev_task;
	ksim_cur_ctx = e->prev_ctx;
}

static void vfsim_free_tables(struct vfsim *v)
{
	if (v->mnt_id_ht) {
		if (cds_lfht_destroy(v->mnt_id_ht, NULL))
			WARN(1, "mount ID table not empty at teardown");
		v->mnt_id_ht = NULL;
	}
	if (v->mnt_id_unique_ht) {
		if (cds_lfht_destroy(v->mnt_id_unique_ht, NULL))
			WARN(1, "unique mount ID table not empty at teardown");
		v->mnt_id_unique_ht = NULL;
	}
	kvfree(v->mount_hashtable);
	kvfree(v->mountpoint_hashtable);
	kvfree(v->dentry_hashtable);
	v->mount_hashtable = v->mountpoint_hashtable = v->dentry_hashtable = NULL;
	ida_destroy(&v->mnt_id_ida);
	ida_destroy(&v->mnt_group_ida);
	ida_destroy(&v->unnamed_dev_ida);
	filesystems_release(v);
}

/*
 * The hashes start at their boot sizes and grow with what they hold
 * (compat's hlist_table.h): the mount hash in __attach_mnt(), the
 * mountpoint hash in get_mountpoint(), the dentry hash in d_add().
 */
static int vfsim_init_tables(struct vfsim *v)
{
	v->mount_hashtable = hlist_table_alloc(v->m_hash_shift, GFP_KERNEL);
	v->mountpoint_hashtable = hlist_table_alloc(v->m_hash_shift, GFP_KERNEL);
	v->dentry_hashtable = hlist_table_alloc(v->d_hash_shift, GFP_KERNEL);
	if (!v->mount_hashtable || !v->mountpoint_hashtable || !v->dentry_hashtable)
		return -ENOMEM;
	/*
	 * liburcu before 0.14 has no allocator hook for rculfhash: its table
	 * and bucket memory come from libc.  We charge the seam for the
	 * table so creation can still be made to fail, and account the
	 * buckets as external memory (see vfsim_alloc_stats()).
	 */
	{
		void *charge = kmalloc(256, GFP_KERNEL);

		if (!charge)
			return -ENOMEM;
		kfree(charge);
	}
	/*
	 * No automatic resizing: liburcu grows an auto-resizing table later,
	 * on a worker, by counters whose timing varies, so lookup cost would
	 * differ from run to run.  mnt_publish_id() resizes it instead, to one
	 * bucket per published mount, each time that count doubles.
	 */
	v->mnt_id_ht = cds_lfht_new(64, 64, 0, 0, NULL);
	if (!v->mnt_id_ht)
		return -ENOMEM;
	v->mnt_id_unique_ht = cds_lfht_new(64, 64, 0, 0, NULL);
	if (!v->mnt_id_unique_ht)
		return -ENOMEM;
	return 0;
}

int kernel_init(struct vfsim *v, unsigned int m_hash_shift, u64 clock_ns,
		const struct pernet_operations *const *ops, size_t nr_ops)
{
	struct vfsim_entry e;
	int err;

	INIT_LIST_HEAD(&v->filesystems);
	spin_lock_init(&v->sb_lock);
	INIT_LIST_HEAD(&v->super_blocks);
	ida_init(&v->unnamed_dev_ida, 1);
	mutex_init(&v->dir_mutex);
	init_rwsem(&v->namespace_sem);
	v->mount_max = 100000;		/* fs.mount-max default */
	seqlock_init(&v->mount_lock);
	v->m_hash_shift = m_hash_shift;
	v->d_hash_shift = v->m_hash_shift + 2;
	ida_init(&v->mnt_id_ida, 1);
	/*
	 * Linux 6.18 (fs/namespace.c): the first unique mount ID is
	 * MNT_UNIQUE_ID_OFFSET + 1, 2^31 + 1, above every 32-bit mount ID
	 * so the two spaces never meet.  Mount namespace IDs: 6.18 hands
	 * them out from one counter shared with every other namespace
	 * type, and its initial mount namespace had ID 4 on the machine
	 * it was observed on (NS_GET_MNTNS_ID, statmount STATMOUNT_MNT_NS_ID);
	 * an instance's first namespace gets that ID too.
	 */
	atomic64_set(&v->mnt_id_ctr, (s64)MNT_UNIQUE_ID_OFFSET);
	v->mnt_ns_id_ctr = MNT_NS_FIRST_ID - 1;
	ida_init(&v->mnt_group_ida, 1);
	INIT_LIST_HEAD(&v->expiry_list);
	INIT_LIST_HEAD(&v->umount_list);
	INIT_LIST_HEAD(&v->notify_list);
	spin_lock_init(&v->check_lock);
	INIT_LIST_HEAD(&v->check_dirty);
	seqlock_init(&v->rename_lock);
	spin_lock_init(&v->dcache_lock);
	spin_lock_init(&v->tasks_lock);
	INIT_LIST_HEAD(&v->tasks);
	INIT_LIST_HEAD(&v->mnt_namespaces);
	mutex_init(&v->pipe_mnt_lock);
	user_ns_init(v);
	mutex_init(&v->anon_inode_mnt_lock);
	v->clock_ns = clock_ns;
	v->realtime_base = VFSIM_REALTIME_BASE - (time64_t)(v->clock_ns / 1000000000ULL);

	vfsim_enter_kernel(&e, v);
	err = vfsim_init_tables(v);
	if (!err)
		err = pernet_init(v, ops, nr_ops);
	if (!err) {
		v->init_task = task_alloc(v, NULL, 0, 0);
		if (!v->init_task) {
			pernet_pre_exit(v);
			pernet_exit(v);
			err = -ENOMEM;
		}
	}
	if (err)
		vfsim_free_tables(v);
	vfsim_leave(&e);
	return err;
}

/* Every task, every subsystem, every mount, every table; the heap is then
 * empty but for what leaked.  The subsystems go in two steps around the
 * mount tree: pre_exit() drops what they hold of it (keys' watches on
 * pipes, test objects), exit() runs once the superblocks are gone. */
void kernel_teardown(struct vfsim *v)
{
	struct task_struct *t, *n;
	struct vfsim_entry e;

	/* Nothing is checked any more: the teardown need not mark. */
	mnt_check_track(v, false);
	vfsim_enter_kernel(&e, v);
	list_for_each_entry_safe(t, n, &v->tasks, tasks) {
		if (t != v->init_task) {
			ksim_current_task = t;
			task_free(t);
		}
	}
	ksim_current_task = v->init_task;
	if (v->init_task) {
		task_free(v->init_task);
		v->init_task = NULL;
	}
	ksim_current_task = NULL;
	pernet_pre_exit(v);
	pipefs_kern_unmount(v);
	anon_inode_kern_unmount(v);
	namespace_teardown(v);
	rcu_barrier();
	WARN_ON(!list_empty(&v->super_blocks));
	pernet_exit(v);
	vfsim_free_tables(v);
	user_ns_exit(v);
	rcu_barrier();
	vfsim_leave(&e);
}
