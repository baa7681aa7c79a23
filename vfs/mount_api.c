// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsmount(), move_mount(), open_tree() and mount_setattr(): the kernel's
 * fs/namespace.c keeps them beside mount(2); the model keeps them here,
 * on the same objects and locks (vfs/mount_api.h says what they share).
 *
 * fsmount() and open_tree(OPEN_TREE_CLONE) hand out an O_PATH fd on the
 * root of a detached tree: the tree is an anonymous namespace of its own
 * (seq 0), and the fd carries FMODE_NEED_UNMOUNT, so its last close
 * dissolves the tree unless move_mount() attached it meanwhile.  The
 * attach is attach_recursive_mnt() as for any new mount, so v17's
 * NEW_MOUNT record is posted where the seed posts it; a move of an
 * attached mount posts MOVE_FROM and MOVE_TO there too.
 *
 * mount_setattr() (5.12) did not exist for v17.  It changes mount flags as
 * MS_REMOUNT|MS_BIND does, so each mount it changes posts what
 * do_reconfigure_mnt() posts: READONLY when the read-only state flips,
 * then SETATTR; a change of propagation alone posts nothing, as
 * mount(MS_SHARED...) does not.  Checks and errnos are Linux 6.18's.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <linux/uaccess.h>
#include <uapi/linux/mount.h>
#include <vfs/fs_context.h>
#include <vfs/mount_api.h>
#include <vfs/namei.h>
#include <vfs/notify.h>
#include <vfs/pnode.h>

#define PAGE_SIZE 4096

/* Flags 5.8 knows, with 5.15's MOVE_MOUNT_SET_GROUP and 6.5's
 * MOVE_MOUNT_BENEATH: 6.18's MOVE_MOUNT__MASK. */
#define MOVE_MOUNT__MASK_MODEL	0x00000377

#define FSMOUNT_VALID_FLAGS \
	(MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | \
	 MOUNT_ATTR_NOEXEC | MOUNT_ATTR__ATIME | MOUNT_ATTR_NODIRATIME | \
	 MOUNT_ATTR_NOSYMFOLLOW)

#define MOUNT_SETATTR_VALID_FLAGS (FSMOUNT_VALID_FLAGS | MOUNT_ATTR_IDMAP)

#define MOUNT_SETATTR_PROPAGATION_FLAGS \
	(MS_UNBINDABLE | MS_PRIVATE | MS_SLAVE | MS_SHARED)

/* O_PATH files of mount fds: no operations. */
static const struct file_operations mntfd_fops;

static unsigned int attr_flags_to_mnt_flags(u64 attr_flags)
{
	unsigned int mnt_flags = 0;

	if (attr_flags & MOUNT_ATTR_RDONLY)
		mnt_flags |= MNT_READONLY;
	if (attr_flags & MOUNT_ATTR_NOSUID)
		mnt_flags |= MNT_NOSUID;
	if (attr_flags & MOUNT_ATTR_NODEV)
		mnt_flags |= MNT_NODEV;
	if (attr_flags & MOUNT_ATTR_NOEXEC)
		mnt_flags |= MNT_NOEXEC;
	if (attr_flags & MOUNT_ATTR_NODIRATIME)
		mnt_flags |= MNT_NODIRATIME;
	if (attr_flags & MOUNT_ATTR_NOSYMFOLLOW)
		mnt_flags |= MNT_NOSYMFOLLOW;
	return mnt_flags;
}

static struct mnt_namespace *alloc_anon_mnt_ns(struct vfsim *v)
{
	struct mnt_namespace *ns = alloc_mnt_ns(v);

	if (ns)
		ns->seq = 0;
	return ns;
}

/*
 * An O_PATH fd on @path that dissolves its tree on the last close; the
 * tree is dissolved at once if there is no fd.  The caller keeps its
 * reference on @path.
 */
static long install_detached_fd(struct path *path)
{
	struct file *file;
	int fd;

	file = alloc_file_path(path, O_PATH, &mntfd_fops);
	if (IS_ERR(file)) {
		dissolve_on_fput(path->mnt);
		return PTR_ERR(file);
	}
	file->f_mode |= FMODE_NEED_UNMOUNT;
	fd = fd_install_new(file, O_PATH);
	if (fd < 0)
		fput(file);
	return fd;
}

/* ---- fsmount ------------------------------------------------------------- */

long ksys_fsmount(int fs_fd, unsigned int flags, unsigned int attr_flags)
{
	struct vfsim *v = current_kernel();
	struct mnt_namespace *ns;
	struct fs_context *fc;
	struct path newmount;
	struct mount *mnt;
	unsigned int mnt_flags;
	struct file *f;
	long ret;

	if (!may_mount())
		return -EPERM;
	if (flags & ~FSMOUNT_CLOEXEC)
		return -EINVAL;
	if (attr_flags & ~FSMOUNT_VALID_FLAGS)
		return -EINVAL;

	mnt_flags = attr_flags_to_mnt_flags(attr_flags);
	switch (attr_flags & MOUNT_ATTR__ATIME) {
	case MOUNT_ATTR_STRICTATIME:
		break;
	case MOUNT_ATTR_NOATIME:
		mnt_flags |= MNT_NOATIME;
		break;
	case MOUNT_ATTR_RELATIME:
		mnt_flags |= MNT_RELATIME;
		break;
	default:
		return -EINVAL;
	}

	f = fget((unsigned int)fs_fd);
	if (!f)
		return -EBADF;
	ret = -EINVAL;
	if (f->f_op != &fscontext_fops)
		goto err_fsfd;
	fc = f->private_data;
	mutex_lock(&fc_file(fc)->uapi_mutex);

	/* There must be a valid superblock or we can't mount it */
	ret = -EINVAL;
	if (!fc->root)
		goto err_unlock;
	ret = -EBUSY;
	if (fc->phase != FS_CONTEXT_AWAITING_MOUNT)
		goto err_unlock;

	newmount.mnt = vfs_create_mount(fc);
	if (IS_ERR(newmount.mnt)) {
		ret = PTR_ERR(newmount.mnt);
		goto err_unlock;
	}
	newmount.dentry = dget(fc->root);
	newmount.mnt->mnt_flags = (int)mnt_flags;

	/* The context is done with; it waits as fspick() would leave it. */
	vfs_clean_context(fc);

	ns = alloc_anon_mnt_ns(v);
	if (!ns) {
		ret = -ENOMEM;
		goto err_path;
	}
	mnt = real_mount(newmount.mnt);
	mnt->mnt_ns = ns;
	ns->root = mnt;
	ns->mounts = 1;
	list_add(&mnt->mnt_list, &ns->list);
	mntget(newmount.mnt);

	ret = install_detached_fd(&newmount);
err_path:
	path_put(&newmount);
err_unlock:
	mutex_unlock(&fc_file(fc)->uapi_mutex);
err_fsfd:
	fput(f);
	return ret;
}

/* ---- move_mount ---------------------------------------------------------- */

static void set_mnt_shared(struct mount *mnt)
{
	mnt->mnt.mnt_flags &= ~MNT_SHARED_MASK;
	mnt->mnt.mnt_flags |= MNT_SHARED;
}

/*
 * do_set_group - MOVE_MOUNT_SET_GROUP (5.15): make @to_path's mount a
 * peer (and a slave of the same master) of @from_path's, which must show
 * at least as much of the same superblock.
 */
static int do_set_group(struct path *from_path, struct path *to_path)
{
	struct vfsim *v = current_kernel();
	struct mount *from = real_mount(from_path->mnt);
	struct mount *to = real_mount(to_path->mnt);
	int err;

	namespace_lock(v);
	err = -EINVAL;
	/* To and From must be mounted */
	if (!is_mounted(&from->mnt) || !is_mounted(&to->mnt))
		goto out;
	err = -EINVAL;
	/* To and From paths should be mount roots */
	if (from_path->dentry != from_path->mnt->mnt_root ||
	    to_path->dentry != to_path->mnt->mnt_root)
		goto out;
	/* Setting sharing groups is only allowed across same superblock */
	if (from->mnt.mnt_sb != to->mnt.mnt_sb)
		goto out;
	/* From mount root should be wider than To mount root */
	if (!is_subdir(to->mnt.mnt_root, from->mnt.mnt_root))
		goto out;
	/* Setting sharing groups is only allowed on private mounts */
	if (IS_MNT_SHARED(to) || IS_MNT_SLAVE(to))
		goto out;
	/* From should not be private */
	if (!IS_MNT_SHARED(from) && !IS_MNT_SLAVE(from))
		goto out;

	/*
	 * Beside @from on the master's slave list, as 6.16's d8cc0362f918
	 * puts it (5.15 put it at the list's head): propagate_mnt()'s
	 * next_group() walks a slave peer group as one run of that list, in
	 * the order of its peer ring, and a group split across the list is
	 * propagated to twice.
	 */
	if (IS_MNT_SLAVE(from)) {
		list_add(&to->mnt_slave, &from->mnt_slave);
		to->mnt_master = from->mnt_master;
	}
	if (IS_MNT_SHARED(from)) {
		to->mnt_group_id = from->mnt_group_id;
		list_add(&to->mnt_share, &from->mnt_share);
		lock_mount_hash(v);
		set_mnt_shared(to);
		unlock_mount_hash(v);
	}
	err = 0;
out:
	namespace_unlock(v);
	return err;
}

long ksys_move_mount(int from_dfd, const char __user *from_pathname,
		     int to_dfd, const char __user *to_pathname, unsigned int flags)
{
	struct path from_path, to_path;
	unsigned int lflags;
	long ret;

	if (!may_mount())
		return -EPERM;
	if (flags & ~MOVE_MOUNT__MASK_MODEL)
		return -EINVAL;
	if ((flags & (MOVE_MOUNT_BENEATH | MOVE_MOUNT_SET_GROUP)) ==
	    (MOVE_MOUNT_BENEATH | MOVE_MOUNT_SET_GROUP))
		return -EINVAL;

	lflags = 0;
	if (flags & MOVE_MOUNT_F_SYMLINKS)
		lflags |= LOOKUP_FOLLOW;
	if (flags & MOVE_MOUNT_F_AUTOMOUNTS)
		lflags |= LOOKUP_AUTOMOUNT;
	if (flags & MOVE_MOUNT_F_EMPTY_PATH)
		lflags |= LOOKUP_EMPTY;
	ret = user_path_at(from_dfd, from_pathname, lflags, &from_path);
	if (ret < 0)
		return ret;

	lflags = 0;
	if (flags & MOVE_MOUNT_T_SYMLINKS)
		lflags |= LOOKUP_FOLLOW;
	if (flags & MOVE_MOUNT_T_AUTOMOUNTS)
		lflags |= LOOKUP_AUTOMOUNT;
	if (flags & MOVE_MOUNT_T_EMPTY_PATH)
		lflags |= LOOKUP_EMPTY;
	ret = user_path_at(to_dfd, to_pathname, lflags, &to_path);
	if (ret < 0)
		goto out_from;

	if (flags & MOVE_MOUNT_SET_GROUP)
		ret = do_set_group(&from_path, &to_path);
	else
		ret = do_move_mount(&from_path, &to_path,
				    flags & MOVE_MOUNT_BENEATH ? MNT_TREE_BENEATH : 0);

	path_put(&to_path);
out_from:
	path_put(&from_path);
	return ret;
}

/* ---- open_tree ----------------------------------------------------------- */

static struct mount *__do_loopback(struct path *old_path, bool recurse)
{
	struct mount *mnt, *old = real_mount(old_path->mnt);

	if (IS_MNT_UNBINDABLE(old))
		return ERR_PTR(-EINVAL);
	if (!check_mnt(old))
		return ERR_PTR(-EINVAL);
	/* A copy of the mount alone would reveal what its locked mounts cover. */
	if (!recurse && has_locked_children(old, old_path->dentry))
		return ERR_PTR(-EINVAL);
	if (recurse)
		mnt = copy_tree(old, old_path->dentry, CL_COPY_MNT_NS_FILE);
	else
		mnt = clone_mnt(old, old_path->dentry, 0);
	if (!IS_ERR(mnt))
		mnt->mnt.mnt_flags &= ~MNT_LOCKED;
	return mnt;
}

/* A copy of @path's mount (and what is below it, @recursive) as the root
 * of an anonymous namespace; @path then names the copy. */
static long open_detached_copy(struct path *path, bool recursive)
{
	struct vfsim *v = current_kernel();
	struct mnt_namespace *ns = alloc_anon_mnt_ns(v);
	struct mount *mnt, *p;

	if (!ns)
		return -ENOMEM;
	namespace_lock(v);
	mnt = __do_loopback(path, recursive);
	if (IS_ERR(mnt)) {
		namespace_unlock(v);
		free_mnt_ns(ns);
		return PTR_ERR(mnt);
	}
	lock_mount_hash(v);
	for (p = mnt; p; p = next_mnt(p, mnt)) {
		p->mnt_ns = ns;
		ns->mounts++;
	}
	ns->root = mnt;
	list_add_tail(&ns->list, &mnt->mnt_list);
	mntget(&mnt->mnt);
	unlock_mount_hash(v);
	namespace_unlock(v);

	mntput(path->mnt);
	path->mnt = &mnt->mnt;
	return install_detached_fd(path);
}

long ksys_open_tree(int dfd, const char __user *filename, unsigned int flags)
{
	unsigned int lookup_flags = LOOKUP_AUTOMOUNT | LOOKUP_FOLLOW;
	bool detached = flags & OPEN_TREE_CLONE;
	struct file *file;
	struct path path;
	long ret;

	if (flags & ~(AT_EMPTY_PATH | AT_NO_AUTOMOUNT | AT_RECURSIVE |
		      AT_SYMLINK_NOFOLLOW | OPEN_TREE_CLONE |
		      OPEN_TREE_CLOEXEC))
		return -EINVAL;
	if ((flags & (AT_RECURSIVE | OPEN_TREE_CLONE)) == AT_RECURSIVE)
		return -EINVAL;
	if (flags & AT_NO_AUTOMOUNT)
		lookup_flags &= ~LOOKUP_AUTOMOUNT;
	if (flags & AT_SYMLINK_NOFOLLOW)
		lookup_flags &= ~LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;
	if (detached && !may_mount())
		return -EPERM;

	ret = user_path_at(dfd, filename, lookup_flags, &path);
	if (ret)
		return ret;
	if (detached) {
		ret = open_detached_copy(&path, flags & AT_RECURSIVE);
	} else {
		file = alloc_file_path(&path, O_PATH, &mntfd_fops);
		if (IS_ERR(file)) {
			ret = PTR_ERR(file);
		} else {
			ret = fd_install_new(file, O_PATH);
			if (ret < 0)
				fput(file);
		}
	}
	path_put(&path);
	return ret;
}

/* ---- mount_setattr ------------------------------------------------------- */

struct mount_kattr {
	unsigned int attr_set;
	unsigned int attr_clr;
	unsigned int propagation;
	unsigned int lookup_flags;
	bool recurse;
};

/*
 * copy_struct_from_user(): a larger struct than ours is fine if what we
 * do not know is zero (-E2BIG otherwise).  mount_setattr() refuses one
 * smaller than MOUNT_ATTR_SIZE_VER0, our size, before it gets here, so the
 * kernel's zero-extension of a smaller struct has no use.
 */
static int copy_struct_from_user(void *dst, size_t ksize, const void __user *src,
				 size_t usize)
{
	size_t size = ksize;

	if (usize > ksize) {
		size_t rest = usize - ksize;
		char *tail = kmalloc(rest, GFP_KERNEL);
		size_t i;
		int ret = 0;

		if (!tail)
			return -ENOMEM;
		if (copy_from_user(tail, (const char __user *)src + size, rest))
			ret = -EFAULT;
		for (i = 0; !ret && i < rest; i++)
			if (tail[i])
				ret = -E2BIG;
		kfree(tail);
		if (ret)
			return ret;
	}
	if (copy_from_user(dst, src, size))
		return -EFAULT;
	return 0;
}

static int build_mount_idmapped(const struct mount_attr *attr)
{
	struct file *f;

	if (!((attr->attr_set | attr->attr_clr) & MOUNT_ATTR_IDMAP))
		return 0;
	/* We can only remove an idmapping if it's never been exposed. */
	if (attr->attr_clr & MOUNT_ATTR_IDMAP)
		return -EINVAL;
	if (attr->userns_fd > INT_MAX)
		return -EINVAL;
	f = fget((unsigned int)attr->userns_fd);
	if (!f)
		return -EBADF;
	/* The model has no user namespaces, so no fd is a userns fd. */
	fput(f);
	return -EINVAL;
}

static int build_mount_kattr(const struct mount_attr *attr, struct mount_kattr *kattr)
{
	if (attr->propagation & ~MOUNT_SETATTR_PROPAGATION_FLAGS)
		return -EINVAL;
	if (__builtin_popcountll(attr->propagation & MOUNT_SETATTR_PROPAGATION_FLAGS) > 1)
		return -EINVAL;
	kattr->propagation = (unsigned int)attr->propagation;

	if ((attr->attr_set | attr->attr_clr) & ~MOUNT_SETATTR_VALID_FLAGS)
		return -EINVAL;
	kattr->attr_set = attr_flags_to_mnt_flags(attr->attr_set);
	kattr->attr_clr = attr_flags_to_mnt_flags(attr->attr_clr);

	/*
	 * The MOUNT_ATTR_<atime> values are an enum, not a bitmap: a change
	 * of atime setting names it in attr_set and clears MOUNT_ATTR__ATIME
	 * as a whole in attr_clr.
	 */
	if (attr->attr_clr & MOUNT_ATTR__ATIME) {
		if ((attr->attr_clr & MOUNT_ATTR__ATIME) != MOUNT_ATTR__ATIME)
			return -EINVAL;
		kattr->attr_clr |= MNT_RELATIME | MNT_NOATIME;
		switch (attr->attr_set & MOUNT_ATTR__ATIME) {
		case MOUNT_ATTR_RELATIME:
			kattr->attr_set |= MNT_RELATIME;
			break;
		case MOUNT_ATTR_NOATIME:
			kattr->attr_set |= MNT_NOATIME;
			break;
		case MOUNT_ATTR_STRICTATIME:
			break;
		default:
			return -EINVAL;
		}
	} else if (attr->attr_set & MOUNT_ATTR__ATIME) {
		return -EINVAL;
	}
	return build_mount_idmapped(attr);
}

static unsigned int recalc_flags(const struct mount_kattr *kattr, struct mount *m)
{
	unsigned int flags = (unsigned int)m->mnt.mnt_flags;

	flags &= ~kattr->attr_clr;
	flags |= kattr->attr_set;
	return flags;
}

/* Making @m read-only needs no writers of it to wait out. */
static bool mnt_allow_writers(const struct mount_kattr *kattr, const struct mount *m)
{
	return !(kattr->attr_set & MNT_READONLY) || (m->mnt.mnt_flags & MNT_READONLY);
}

/*
 * mount_setattr_prepare(): hold the writers of every mount that becomes
 * read-only; one with writers is -EBUSY and the whole call changes
 * nothing (AT_RECURSIVE: all or none).  A flag a less privileged
 * namespace was given locked (lock_mnt_tree()) cannot be cleared: -EPERM.
 * No idmappings in the model.  Caller holds mount_lock.
 */
static int mount_setattr_prepare(const struct mount_kattr *kattr, struct mount *mnt)
{
	struct mount *m, *p;
	int err = 0;

	for (m = mnt; m; m = kattr->recurse ? next_mnt(m, mnt) : NULL) {
		if (!can_change_locked_flags(m, recalc_flags(kattr, m))) {
			err = -EPERM;
			break;
		}
		if (!mnt_allow_writers(kattr, m)) {
			err = mnt_hold_writers(m);
			if (err)
				break;
		}
	}
	if (!err)
		return 0;
	/* unblock the writers of every mount held, the failing one included */
	for (p = mnt; p; p = next_mnt(p, mnt)) {
		if (p->mnt.mnt_flags & MNT_WRITE_HOLD)
			mnt_unhold_writers(p);
		if (p == m)
			break;
	}
	return err;
}

/* Caller holds mount_lock (and namespace_sem for a propagation change);
 * the writers mount_setattr_prepare() held go again. */
static void mount_setattr_commit(const struct mount_kattr *kattr, struct mount *mnt)
{
	bool attrs = kattr->attr_set || kattr->attr_clr;
	struct mount *m;

	for (m = mnt; m; m = kattr->recurse ? next_mnt(m, mnt) : NULL) {
		unsigned int old = (unsigned int)m->mnt.mnt_flags;
		unsigned int flags = recalc_flags(kattr, m);

		WRITE_ONCE(m->mnt.mnt_flags, (int)flags);
		if (flags & MNT_WRITE_HOLD)
			mnt_unhold_writers(m);
		flags &= ~MNT_WRITE_HOLD;
		if (kattr->propagation)
			change_mnt_propagation(m, (int)kattr->propagation);
		if ((old ^ flags) & MNT_READONLY)
			notify_mount(m, NULL, NOTIFY_MOUNT_READONLY,
				     flags & MNT_READONLY ? NOTIFY_MOUNT_IS_NOW_RO : 0);
		if (attrs)
			notify_mount(m, NULL, NOTIFY_MOUNT_SETATTR,
				     flags & MNT_READONLY ? NOTIFY_MOUNT_IS_NOW_RO : 0);
	}
	touch_mnt_namespace(mnt->mnt_ns);
}

static int do_mount_setattr(struct path *path, const struct mount_kattr *kattr)
{
	struct vfsim *v = current_kernel();
	struct mount *mnt = real_mount(path->mnt);
	int err = 0;

	if (path->dentry != mnt->mnt.mnt_root)
		return -EINVAL;

	if (kattr->propagation) {
		/* Only take namespace_lock() if we're actually changing
		 * propagation. */
		namespace_lock(v);
		if (kattr->propagation == MS_SHARED) {
			err = invent_group_ids(mnt, kattr->recurse);
			if (err) {
				namespace_unlock(v);
				return err;
			}
		}
	}

	err = -EINVAL;
	lock_mount_hash(v);
	/* Ours, or the root of a detached tree (6.18's anon_ns_root()). */
	if (!check_mnt(mnt) &&
	    !(mnt->mnt_ns && is_anon_ns(mnt->mnt_ns) && mnt->mnt_ns->root == mnt))
		goto out;
	err = mount_setattr_prepare(kattr, mnt);
	if (!err)
		mount_setattr_commit(kattr, mnt);
out:
	unlock_mount_hash(v);
	if (kattr->propagation) {
		if (err)
			cleanup_group_ids(mnt, NULL);
		namespace_unlock(v);
	}
	return err;
}

long ksys_mount_setattr(int dfd, const char __user *path, unsigned int flags,
			struct mount_attr __user *uattr, size_t usize)
{
	unsigned int lookup_flags = LOOKUP_AUTOMOUNT | LOOKUP_FOLLOW;
	struct mount_kattr kattr;
	struct mount_attr attr;
	struct path target;
	long err;

	if (flags & ~(AT_EMPTY_PATH | AT_RECURSIVE | AT_SYMLINK_NOFOLLOW |
		      AT_NO_AUTOMOUNT))
		return -EINVAL;
	if (flags & AT_NO_AUTOMOUNT)
		lookup_flags &= ~LOOKUP_AUTOMOUNT;
	if (flags & AT_SYMLINK_NOFOLLOW)
		lookup_flags &= ~LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;
	kattr = (struct mount_kattr) {
		.lookup_flags = lookup_flags,
		.recurse = !!(flags & AT_RECURSIVE),
	};

	if (unlikely(usize > PAGE_SIZE))
		return -E2BIG;
	if (unlikely(usize < MOUNT_ATTR_SIZE_VER0))
		return -EINVAL;
	if (!may_mount())
		return -EPERM;
	err = copy_struct_from_user(&attr, sizeof(attr), uattr, usize);
	if (err)
		return err;
	/* Don't bother walking through the mounts if this is a nop. */
	if (attr.attr_set == 0 && attr.attr_clr == 0 && attr.propagation == 0)
		return 0;
	err = build_mount_kattr(&attr, &kattr);
	if (err)
		return err;

	err = user_path_at(dfd, path, kattr.lookup_flags, &target);
	if (!err) {
		err = do_mount_setattr(&target, &kattr);
		path_put(&target);
	}
	return err;
}
