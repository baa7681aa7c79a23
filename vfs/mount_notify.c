// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mount topology and attribute change notifications (seed 002,
 * fs/mount_notify.c): the rootward walk that posts a mount event to every
 * watch on the way to the root, and watch_mount().
 *
 * A watch is placed on a directory (dentry) of a mount and keyed in that
 * mount's watch list by the directory's identity: its inode number, which
 * within one mount names one directory and is what stat(2) shows the
 * watcher (erratum B9, docs/errata.md: v17 used the kernel address of the dentry, which is
 * what the B9 quirk reproduces).
 */
#include <fcntl.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/notify.h>
#include <vfs/security.h>

static u64 mount_watch_id(struct vfsim *v, struct dentry *dentry)
{
	if (vfsim_quirk(v, 9))
		return (u64)(uintptr_t)dentry;
	return dentry->d_inode->i_ino;
}

/*
 * Post @notify to every watch going rootwards from the root of @changed.
 * Called with mount_lock held, as the patch requires.  A rename racing the
 * walk makes it start over under rename_lock; records posted on the first
 * pass are not taken back (as posted: they may be delivered twice).
 */
void post_mount_notification(struct mount *changed, struct mount_notification *notify)
{
	struct vfsim *v = mnt_kernel(changed);
	const struct cred *cred = current_cred();
	struct watch_list *wlist;
	struct path cursor;
	struct mount *mnt;
	unsigned int seq;
	bool stepped;

	/*
	 * No mount of the instance has a watch list, so the walk would post
	 * nothing: not taken.  Not in v17, which climbs anyway; but on a
	 * stack of N mounts each event's climb is N levels (bench_stack).
	 * A watch list set meanwhile is as if set just after the walk.
	 */
	if (!atomic_long_read(&v->mount_watch_lists))
		return;

	seq = 0;
	rcu_read_lock();
restart:
	stepped = false;
	cursor.mnt = &changed->mnt;
	cursor.dentry = changed->mnt.mnt_root;
	mnt = real_mount(cursor.mnt);
	notify->watch.info &= ~NOTIFY_MOUNT_IN_SUBTREE;

	read_seqbegin_or_lock(&v->rename_lock, &seq);
	for (;;) {
		wlist = rcu_dereference(mnt->mnt_watchers);
		if (wlist && !hlist_empty(&wlist->watchers)) {
			if (READ_ONCE(cursor.dentry->d_flags) & DCACHE_MOUNT_WATCH)
				post_watch_notification(wlist, &notify->watch, cred,
							mount_watch_id(v, cursor.dentry));
		} else {
			/* Nothing to see in this mount: go straight to its root. */
			cursor.dentry = mnt->mnt.mnt_root;
		}
		notify->watch.info |= NOTIFY_MOUNT_IN_SUBTREE;

		if (cursor.dentry == cursor.mnt->mnt_root || IS_ROOT(cursor.dentry)) {
			struct mount *parent = READ_ONCE(mnt->mnt_parent);

			/* Escaped? */
			if (cursor.dentry != cursor.mnt->mnt_root)
				break;
			/* Global root? */
			if (mnt == parent)
				break;

			cursor.dentry = READ_ONCE(mnt->mnt_mountpoint);
			mnt = parent;
			cursor.mnt = &mnt->mnt;
		} else {
			cursor.dentry = READ_ONCE(cursor.dentry->d_parent);
		}
		stepped = true;
	}

	/*
	 * A test may ask for a rename to race a lockless pass that took a
	 * step; checked here, once, rather than at every level of the walk.
	 */
	if (unlikely(atomic_read(&v->rename_races)) && stepped && !(seq & 1) &&
	    atomic_dec_return(&v->rename_races) >= 0) {
		write_seqlock(&v->rename_lock);
		write_sequnlock(&v->rename_lock);
	}

	if (need_seqretry(&v->rename_lock, seq)) {
		seq = 1;
		atomic_long_inc(&v->mount_walk_retries);
		goto restart;
	}

	done_seqretry(&v->rename_lock, seq);
	rcu_read_unlock();
}

/* The last watch on a directory going takes its mark with it (B10 fix). */
static void unmark_mount_watch(struct dentry *dentry, bool keep_mark)
{
	spin_lock(&dentry->d_lock);
	if (--dentry->d_mount_watches == 0 && !keep_mark)
		WRITE_ONCE(dentry->d_flags, dentry->d_flags & ~DCACHE_MOUNT_WATCH);
	spin_unlock(&dentry->d_lock);
	dput(dentry);
}

static void release_mount_watch(struct watch *watch)
{
	struct dentry *dentry = watch->private;

	unmark_mount_watch(dentry, vfsim_quirk(dentry->d_sb->s_kernel, 10));
}

void mount_notify_release(struct mount *mnt)
{
	struct watch_list *wlist = mnt->mnt_watchers;

	if (wlist) {
		rcu_assign_pointer(mnt->mnt_watchers, NULL);
		atomic_long_dec(&mnt_kernel(mnt)->mount_watch_lists);
		remove_watch_list(wlist, (u64)mnt->mnt_id);
	}
}

/*
 * The error for a watch_fd that names no notification queue.  v17 returned
 * 0 and set no watch (B1/B2); fixed, a closed fd is -EBADF and anything
 * else that is not a notification pipe -EINVAL.
 */
long watch_queue_fd_error(int watch_fd, long err, unsigned int quirk)
{
	struct file *f;

	if (vfsim_quirk(current_kernel(), quirk))
		return 0;
	f = watch_fd < 0 ? NULL : fget_raw((unsigned int)watch_fd);
	if (!f)
		return -EBADF;
	fput(f);
	return err;
}

/* Removal from a list that was never made: v17 took the NULL list's lock. */
long watch_remove_from_null_list(const char *function)
{
	if (vfsim_quirk(current_kernel(), 4)) {
		ksim_oops(function, "NULL pointer dereference: remove_watch_from_object() "
				    "on an object that never had a watch list");
		return -EFAULT;
	}
	return -EBADSLT;
}

long ksys_watch_mount(int dfd, const char __user *filename, unsigned int at_flags,
		      int watch_fd, int watch_id)
{
	struct vfsim *v = current_kernel();
	struct watch_queue *wqueue;
	struct watch_list *wlist = NULL;
	struct watch *watch = NULL;
	struct mount *m;
	struct path path;
	unsigned int lookup_flags = LOOKUP_DIRECTORY | LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT;
	long ret;

	if (watch_id < -1 || watch_id > 0xff)
		return -EINVAL;
	if ((at_flags & ~(AT_NO_AUTOMOUNT | AT_EMPTY_PATH)) != 0)
		return -EINVAL;
	if (at_flags & AT_NO_AUTOMOUNT)
		lookup_flags &= ~LOOKUP_AUTOMOUNT;
	if (at_flags & AT_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;

	ret = user_path_at(dfd, filename, lookup_flags, &path);
	if (ret)
		return ret;

	ret = inode_permission(path.dentry->d_inode, MAY_EXEC);
	if (ret)
		goto err_path;

	wqueue = get_watch_queue(watch_fd);
	if (IS_ERR(wqueue)) {
		ret = watch_queue_fd_error(watch_fd, PTR_ERR(wqueue), 1);
		goto err_path;
	}

	m = real_mount(path.mnt);

	if (watch_id >= 0) {
		ret = -ENOMEM;
		if (!READ_ONCE(m->mnt_watchers)) {
			wlist = kzalloc(sizeof(*wlist), GFP_KERNEL);
			if (!wlist)
				goto err_wqueue;
			init_watch_list(wlist, release_mount_watch);
		}

		watch = kzalloc(sizeof(*watch), GFP_KERNEL);
		if (!watch)
			goto err_wlist;

		init_watch(watch, wqueue);
		watch->id = mount_watch_id(v, path.dentry);
		watch->private = path.dentry;
		watch->info_id = watch_info_id(v, watch_id);

		ret = security_watch_mount(watch, &path);
		if (ret < 0)
			goto err_watch;

		down_write(&m->mnt.mnt_sb->s_umount);
		if (!m->mnt_watchers) {
			/* counted first: a walk that sees the list sees the count */
			atomic_long_inc(&v->mount_watch_lists);
			rcu_assign_pointer(m->mnt_watchers, wlist);
			wlist = NULL;
		}

		/*
		 * Charge the dentry before the watch is visible: a pipe closed
		 * in another thread may release the watch as soon as it is on
		 * the list.  A transient mark with no watch is harmless.
		 */
		spin_lock(&path.dentry->d_lock);
		path.dentry->d_mount_watches++;
		WRITE_ONCE(path.dentry->d_flags, path.dentry->d_flags | DCACHE_MOUNT_WATCH);
		spin_unlock(&path.dentry->d_lock);
		dget(path.dentry);

		ret = add_watch_to_object(watch, m->mnt_watchers);
		if (ret == 0)
			watch = NULL;
		up_write(&m->mnt.mnt_sb->s_umount);
		if (watch)
			unmark_mount_watch(path.dentry, false);
	} else {
		down_write(&m->mnt.mnt_sb->s_umount);
		if (!m->mnt_watchers)
			ret = watch_remove_from_null_list("remove_watch_from_object");
		else
			ret = remove_watch_from_object(m->mnt_watchers, wqueue,
						       mount_watch_id(v, path.dentry), false);
		up_write(&m->mnt.mnt_sb->s_umount);
	}

err_watch:
	kfree(watch);
err_wlist:
	kfree(wlist);
err_wqueue:
	put_watch_queue(wqueue);
err_path:
	path_put(&path);
	return ret;
}
