// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * pivot_root(2) as 5.8's fs/namespace.c has it: the caller's root mount
 * goes onto put_old, new_root takes the root's place on the root's parent,
 * and every task whose root or cwd was the old root moves to the new one
 * (chroot_fs_refs(), vfs/fs_struct.c).
 *
 * What v17 posts: nothing of its own.  The detach of new_root goes through
 * umount_mnt(), where patch 02 posts NOTIFY_MOUNT_UNMOUNT on new_root's old
 * parent; the two attaches are plain attach_mnt() calls, which post
 * nothing (semantics note S11, docs/errata.md).  Linux 6.15's fanotify
 * reports both mounts as moved within their namespace.
 */
#include <linux/bug.h>
#include <vfs/mount_api.h>
#include <vfs/namei.h>
#include <vfs/notify.h>
#include <vfs/syscalls.h>

/* may_mount() of 5.8: ns_capable(current->nsproxy->mnt_ns->user_ns, ...);
 * the model has one user namespace, so capable() is that test. */
static bool may_pivot_root(void)
{
	return ns_capable_sys_admin();
}

/*
 * MNT_LOCKED on new_root: set on the mounts a less privileged namespace
 * copies (lock_mnt_tree()), which the model makes once user namespaces
 * come; until then only the namespace's first mount has it
 * (init_mount_tree()), and the test stands where 5.8 has it.
 */
static bool pivot_root_locked(const struct mount *new_mnt)
{
	return IS_MNT_LOCKED(new_mnt);
}

/*
 * The refusals, in 5.8's order, once put_old's mountpoint is pinned:
 * EINVAL for a shared put_old or a shared parent of either root (a pivot
 * would propagate as half a move), for mounts of another namespace and
 * a locked new_root; ENOENT for an unlinked new_root; EBUSY when either
 * path is on the root mount itself; EINVAL for a root or new_root that is
 * not a mount's root or not attached, a put_old not at or under new_root
 * and a new_root not under the root.
 */
static int pivot_root_check(const struct path *new, const struct path *old,
			    const struct path *root)
{
	struct mount *new_mnt = real_mount(new->mnt);
	struct mount *root_mnt = real_mount(root->mnt);
	struct mount *old_mnt = real_mount(old->mnt);
	struct vfsim *v = mnt_kernel(new_mnt);
	bool unlinked;

	if (IS_MNT_SHARED(old_mnt) || IS_MNT_SHARED(new_mnt->mnt_parent) ||
	    IS_MNT_SHARED(root_mnt->mnt_parent))
		return -EINVAL;
	if (!check_mnt(root_mnt) || !check_mnt(new_mnt))
		return -EINVAL;
	if (pivot_root_locked(new_mnt))
		return -EINVAL;
	/* d_hash is under dcache_lock (struct dentry) */
	spin_lock(&v->dcache_lock);
	unlinked = d_unlinked(new->dentry);
	spin_unlock(&v->dcache_lock);
	if (unlinked)
		return -ENOENT;
	if (new_mnt == root_mnt || old_mnt == root_mnt)
		return -EBUSY;
	if (root->mnt->mnt_root != root->dentry)
		return -EINVAL;
	if (!mnt_has_parent(root_mnt))
		return -EINVAL;
	if (new->mnt->mnt_root != new->dentry)
		return -EINVAL;
	if (!mnt_has_parent(new_mnt))
		return -EINVAL;
	if (!is_path_reachable(old_mnt, old->dentry, new))
		return -EINVAL;
	if (!is_path_reachable(new_mnt, new->dentry, root))
		return -EINVAL;
	return 0;
}

/*
 * The swap, under namespace_sem with put_old's mountpoint @old_mp pinned.
 * new_root's reference on its old parent is dropped by the caller once the
 * lock is gone; the root's on its parent passes to new_root.
 */
static void pivot_root_swap(struct mount *new_mnt, struct mount *root_mnt,
			    struct mount *old_mnt, struct mountpoint *old_mp)
{
	struct vfsim *v = mnt_kernel(new_mnt);
	struct mount *root_parent = root_mnt->mnt_parent;
	struct mountpoint *root_mp;

	lock_mount_hash(v);
	umount_mnt(new_mnt);
	root_mp = unhash_mnt(root_mnt);
	/* the root's lock passes to what now covers the same place */
	if (root_mnt->mnt.mnt_flags & MNT_LOCKED) {
		new_mnt->mnt.mnt_flags |= MNT_LOCKED;
		root_mnt->mnt.mnt_flags &= ~MNT_LOCKED;
	}
	attach_mnt(root_mnt, old_mnt, old_mp, false);
	attach_mnt(new_mnt, root_parent, root_mp, false);
	mnt_add_count(root_parent, -1);
	touch_mnt_namespace(current->nsproxy_mnt_ns);
	/* a moved mount does not expire on its own */
	list_del_init(&new_mnt->mnt_expire);
	put_mountpoint(root_mp);
	unlock_mount_hash(v);
	mnt_notify_add(root_mnt);
	mnt_notify_add(new_mnt);
}

long ksys_pivot_root(const char __user *new_root, const char __user *put_old)
{
	struct path new, old, root;
	struct mount *new_mnt, *ex_parent;
	struct mountpoint *old_mp;
	struct vfsim *v;
	long error;

	if (!may_pivot_root())
		return -EPERM;
	error = user_path_at(AT_FDCWD, new_root, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &new);
	if (error)
		return error;
	error = user_path_at(AT_FDCWD, put_old, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &old);
	if (error)
		goto out_new;

	get_fs_root(current->fs, &root);
	old_mp = lock_mount(&old);
	if (IS_ERR(old_mp)) {
		error = PTR_ERR(old_mp);
		goto out_root;
	}
	v = mnt_kernel(real_mount(old.mnt));
	new_mnt = real_mount(new.mnt);
	ex_parent = new_mnt->mnt_parent;
	error = pivot_root_check(&new, &old, &root);
	if (!error) {
		pivot_root_swap(new_mnt, real_mount(root.mnt), real_mount(old.mnt),
				old_mp);
		chroot_fs_refs(&root, &new);
	}
	unlock_mount(v, old_mp);
	if (!error)
		mntput_no_expire(ex_parent);
out_root:
	path_put(&root);
	path_put(&old);
out_new:
	path_put(&new);
	return error;
}
