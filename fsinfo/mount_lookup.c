// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mount objects by ID (patch 09, in fs/namespace.c there): a mount may be
 * looked at only if its root connects, up through parent mounts, to the
 * caller's root or to the directory it names; a hidden mount (stacked
 * under another, or on a covered directory) is reachable that way, while
 * a mount outside a chroot is not.
 */
#include <fsinfo/internal.h>

/*
 * are_paths_connected - whether @to_check is at or below @ancestor:
 * climb mounts to @ancestor's mount, then dentries to @ancestor's dentry
 * without leaving that mount.  Caller holds namespace_sem, so the mounts
 * hold still; dentry names may move under rename_lock, hence the retry.
 */
bool are_paths_connected(const struct path *ancestor, const struct path *to_check)
{
	struct vfsim *v = current_kernel();
	struct path cursor;
	unsigned int seq = 0;
	bool connected;

restart:
	cursor = *to_check;
	read_seqbegin_or_lock(&v->rename_lock, &seq);
	connected = false;
	while (cursor.mnt != ancestor->mnt) {
		struct mount *mnt = real_mount(cursor.mnt);
		struct mount *parent = READ_ONCE(mnt->mnt_parent);

		if (mnt == parent)
			goto out;
		cursor.dentry = READ_ONCE(mnt->mnt_mountpoint);
		cursor.mnt = &parent->mnt;
	}
	while (cursor.dentry != ancestor->dentry) {
		if (cursor.dentry == cursor.mnt->mnt_root || IS_ROOT(cursor.dentry))
			goto out;
		cursor.dentry = READ_ONCE(cursor.dentry->d_parent);
	}
	connected = true;
out:
	if (!connected && need_seqretry(&v->rename_lock, seq)) {
		seq = 1;
		goto restart;
	}
	done_seqretry(&v->rename_lock, seq);
	return connected;
}

/*
 * lookup_mount_object - the root of mount @mnt_id as a path (with a
 * reference) in *@mntpt, if it connects to @root, or to the caller's root
 * when @root is NULL.  -EPERM otherwise, and for an ID that is not in use,
 * a mount being unmounted, or one already dead: the caller cannot tell
 * these apart.
 */
int lookup_mount_object(const struct path *root, int mnt_id, struct path *mntpt)
{
	struct vfsim *v = current_kernel();
	struct path stop, found = { 0 };
	struct mount *mnt;
	int ret = -EPERM;

	if (!root)
		get_fs_root(&current->fs, &stop);
	else
		stop = *root;

	/* v17 holds mount_lock across the find and the count; namespace_sem
	 * keeps a mount that is in the tree from being unmounted just as well. */
	down_read(&v->namespace_sem);
	rcu_read_lock();
	mnt = mnt_find_by_id(v, mnt_id);
	if (mnt &&
	    !(READ_ONCE(mnt->mnt.mnt_flags) & (MNT_SYNC_UMOUNT | MNT_UMOUNT | MNT_DOOMED)) &&
	    mnt_get_count(mnt) != 0) {
		found.mnt = mntget(&mnt->mnt);
		found.dentry = dget(mnt->mnt.mnt_root);
	}
	rcu_read_unlock();

	if (found.mnt && are_paths_connected(&stop, &found)) {
		*mntpt = found;
		found.mnt = NULL;
		ret = 0;
	}
	up_read(&v->namespace_sem);

	if (!root)
		path_put(&stop);
	if (found.mnt)
		path_put(&found);
	return ret;
}
