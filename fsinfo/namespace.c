// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fsinfo parts of fs/namespace.c (under CONFIG_FSINFO there): mount
 * objects looked up by ID (patch 09), and the mount attributes (patches 10
 * and 12) of the common table: the mount containing the queried path, its
 * device name, where it is mounted and which mounts are mounted on it.
 *
 * A mount may be looked at by ID only if its root connects, up through
 * parent mounts, to the caller's root or to the directory it names; a
 * hidden mount (stacked under another, or on a covered directory) is
 * reachable that way, while a mount outside a chroot is not.
 *
 * Each attribute reads the tree under namespace_sem for reading, so a
 * value is one consistent snapshot of it; v17 walked mnt_mounts under RCU,
 * which does not protect that list (review finding: Miklos on patch 10).
 */
#include <fsinfo/internal.h>
#include <uapi/linux/mount.h>
#include <vfs/d_path.h>

/* ---- mount objects by ID (patch 09) -------------------------------------- */

/*
 * are_paths_connected - whether @to_check is at or below @ancestor:
 * climb mounts to @ancestor's mount, then dentries to @ancestor's dentry
 * without leaving that mount.  Caller holds namespace_sem, so the mounts
 * hold still; dentry names may move under rename_lock, hence the retry.
 */
static bool are_paths_connected(const struct path *ancestor, const struct path *to_check)
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
		get_fs_root(current->fs, &stop);
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

/* ---- the mount attributes (patches 10 and 12) ---------------------------- */

static unsigned int mount_attr_flags(int flags)
{
	unsigned int attr = 0;

	if (flags & MNT_READONLY)
		attr |= MOUNT_ATTR_RDONLY;
	if (flags & MNT_NOSUID)
		attr |= MOUNT_ATTR_NOSUID;
	if (flags & MNT_NODEV)
		attr |= MOUNT_ATTR_NODEV;
	if (flags & MNT_NOEXEC)
		attr |= MOUNT_ATTR_NOEXEC;
	if (flags & MNT_NODIRATIME)
		attr |= MOUNT_ATTR_NODIRATIME;

	if (flags & MNT_NOATIME)
		attr |= MOUNT_ATTR_NOATIME;
	else if (flags & MNT_RELATIME)
		attr |= MOUNT_ATTR_RELATIME;
	else
		attr |= MOUNT_ATTR_STRICTATIME;
	return attr;
}

/*
 * MOUNT_INFO.  parent_id is the mount's own ID when the mount is the
 * caller's root mount or cannot be reached from the caller's root, so
 * that nothing outside a chroot is named.
 */
int fsinfo_generic_mount_info(struct path *path, struct fsinfo_context *ctx)
{
	struct vfsim *v = current_kernel();
	struct fsinfo_mount_info *p = ctx->buffer;
	struct mount *m;
	struct path root;

	if (!path->mnt)
		return -ENODATA;

	m = real_mount(path->mnt);
	get_fs_root(current->fs, &root);
	down_read(&v->namespace_sem);

	p->f_sb_id		= m->mnt.mnt_sb->s_unique_id;
	p->mnt_id		= (__u32)m->mnt_id;
	p->parent_id		= (__u32)m->mnt_parent->mnt_id;
	p->change_counter	= (__u32)atomic_read(&m->mnt_change_counter);

	if (path->mnt == root.mnt || !are_paths_connected(&root, path))
		p->parent_id = p->mnt_id;

	if (IS_MNT_SHARED(m)) {
		p->group_id = (__u32)m->mnt_group_id;
		p->propagation |= MOUNT_PROPAGATION_SHARED;
	}
	if (IS_MNT_SLAVE(m)) {
		int master = m->mnt_master->mnt_group_id;
		int dom = get_dominating_id(m, &root);

		p->master_id = (__u32)master;
		if (dom && dom != master)
			p->from_id = (__u32)dom;
		p->propagation |= MOUNT_PROPAGATION_SLAVE;
	}
	if (IS_MNT_UNBINDABLE(m))
		p->propagation |= MOUNT_PROPAGATION_UNBINDABLE;
	p->attr = mount_attr_flags(READ_ONCE(m->mnt.mnt_flags));

	up_read(&v->namespace_sem);
	path_put(&root);
	return sizeof(*p);
}

/* MOUNT_DEVNAME: as given to mount(2); it may name a path outside the root. */
int fsinfo_generic_mount_devname(struct path *path, struct fsinfo_context *ctx)
{
	if (!path->mnt)
		return -ENODATA;
	return fsinfo_string(real_mount(path->mnt)->mnt_devname, ctx);
}

/*
 * MOUNT_POINT: where the mount sits in its parent, as a path from the
 * parent mount's root, or from the caller's root when the parent is the
 * caller's root mount; "/" for the caller's root mount itself.
 *
 * The length v17 returns counts the NUL that ends the path, except for
 * that "/" (semantics note S8): the model keeps it so.  A mountpoint the
 * caller cannot see from there is -EPERM.
 *
 * A path longer than the buffer is -ENAMETOOLONG in v17, which never
 * offers a string more than 4096 bytes; the model asks for a bigger
 * buffer instead, as for every other string, unless the instance has the
 * B7 quirk.
 */
int fsinfo_generic_mount_point(struct path *path, struct fsinfo_context *ctx)
{
	struct vfsim *v = current_kernel();
	struct path mountpoint, root;
	struct mount *m, *parent;
	char *p;
	int len;

	if (!path->mnt)
		return -ENODATA;

	m = real_mount(path->mnt);
	get_fs_root(current->fs, &root);
	down_read(&v->namespace_sem);

	parent = m->mnt_parent;
	if (parent == m || !m->mnt_mp) {
		len = -ENODATA;
	} else if (path->mnt == root.mnt) {
		len = snprintf(ctx->buffer, ctx->buf_size, "/");
	} else {
		struct path from = root;

		mountpoint.mnt = &parent->mnt;
		mountpoint.dentry = m->mnt_mp->m_dentry;
		if (from.mnt != &parent->mnt) {
			from.mnt = &parent->mnt;
			from.dentry = parent->mnt.mnt_root;
		}
		p = __d_path(&mountpoint, &from, ctx->buffer, (int)ctx->buf_size);
		if (!p) {
			len = -EPERM;
		} else if (IS_ERR(p)) {
			len = (int)PTR_ERR(p);
			if (len == -ENAMETOOLONG &&
			    !vfsim_quirk(v, 7) && ctx->buf_size < INT_MAX / 2)
				len = (int)ctx->buf_size * 2;
		} else {
			len = (int)((char *)ctx->buffer + ctx->buf_size - p);
			memmove(ctx->buffer, p, (size_t)len);
		}
	}

	up_read(&v->namespace_sem);
	path_put(&root);
	return len;
}

static void store_mount_fsinfo(struct fsinfo_context *ctx,
			       const struct fsinfo_mount_child *child)
{
	unsigned int usage = ctx->usage;

	if (ctx->usage >= INT_MAX)
		return;
	ctx->usage = usage + sizeof(*child);
	if (ctx->buffer && ctx->usage <= ctx->buf_size)
		memcpy((char *)ctx->buffer + usage, child, sizeof(*child));
}

/*
 * MOUNT_CHILDREN: one record per mount on this one, in the order they were
 * attached, then one more for this mount itself (semantics note S9), so
 * that one call tells a watcher whether anything here changed.
 */
int fsinfo_generic_mount_children(struct path *path, struct fsinfo_context *ctx)
{
	struct vfsim *v = current_kernel();
	struct fsinfo_mount_child record;
	struct mount *m, *child;

	if (!path->mnt)
		return -ENODATA;

	m = real_mount(path->mnt);
	down_read(&v->namespace_sem);
	list_for_each_entry(child, &m->mnt_mounts, mnt_child) {
		if (child->mnt_parent != m)
			continue;
		record.mnt_id = (__u32)child->mnt_id;
		record.change_counter = (__u32)atomic_read(&child->mnt_change_counter);
		store_mount_fsinfo(ctx, &record);
	}
	record.mnt_id = (__u32)m->mnt_id;
	record.change_counter = (__u32)atomic_read(&m->mnt_change_counter);
	store_mount_fsinfo(ctx, &record);
	up_read(&v->namespace_sem);
	return (int)ctx->usage;
}
