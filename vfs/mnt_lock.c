// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mounts and user namespaces (fs/namespace.c and fs/super.c of 5.8):
 * what a less privileged user's copy of a namespace may not do to the
 * mounts it was given (lock_mnt_tree(), can_change_locked_flags()), who
 * may mount a filesystem (mount_capable()), and current_chrooted(), which
 * keeps a chrooted task from escaping its root through a new user
 * namespace.
 */
#include <string.h>

#include <vfs/kernel.h>
#include <vfs/mount_api.h>

/*
 * lock_mnt_tree - make every mount of the copy @mnt keep the flags it has
 * (MNT_LOCK_*: its atime flags always, and readonly, nodev, nosuid and
 * noexec where set) and stay on what it covers (MNT_LOCKED), but for
 * those that expire anyway.  Caller holds mount_lock.
 */
void lock_mnt_tree(struct mount *mnt)
{
	struct mount *p;

	for (p = mnt; p; p = next_mnt(p, mnt)) {
		int flags = p->mnt.mnt_flags;

		flags |= MNT_LOCK_ATIME;
		if (flags & MNT_READONLY)
			flags |= MNT_LOCK_READONLY;
		if (flags & MNT_NODEV)
			flags |= MNT_LOCK_NODEV;
		if (flags & MNT_NOSUID)
			flags |= MNT_LOCK_NOSUID;
		if (flags & MNT_NOEXEC)
			flags |= MNT_LOCK_NOEXEC;
		if (list_empty(&p->mnt_expire))
			flags |= MNT_LOCKED;
		p->mnt.mnt_flags = flags;
	}
}

/* can_change_locked_flags - may @mnt's flags become @mnt_flags? */
bool can_change_locked_flags(struct mount *mnt, unsigned int mnt_flags)
{
	unsigned int fl = mnt->mnt.mnt_flags;

	if ((fl & MNT_LOCK_READONLY) && !(mnt_flags & MNT_READONLY))
		return false;
	if ((fl & MNT_LOCK_NODEV) && !(mnt_flags & MNT_NODEV))
		return false;
	if ((fl & MNT_LOCK_NOSUID) && !(mnt_flags & MNT_NOSUID))
		return false;
	if ((fl & MNT_LOCK_NOEXEC) && !(mnt_flags & MNT_NOEXEC))
		return false;
	if ((fl & MNT_LOCK_ATIME) &&
	    ((fl & MNT_ATIME_MASK) != (mnt_flags & MNT_ATIME_MASK)))
		return false;
	return true;
}

/*
 * may_mount(): CAP_SYS_ADMIN over the user namespace that owns the
 * caller's mount namespace.
 */
bool may_mount(void)
{
	return ns_capable(current->nsproxy_mnt_ns->user_ns, CAP_SYS_ADMIN);
}

/*
 * The user namespace 5.8 gives a new context (fc->user_ns): the caller's,
 * but for the filesystems that show another namespace's objects and take
 * its owner (proc: the pid namespace's, sysfs: the network namespace's,
 * mqueue: the ipc namespace's, cgroup2: the cgroup namespace's).  The
 * model has only the initial ones of those, owned by the initial user
 * namespace: Linux 6.18 too refuses each of them (EPERM) in a new user
 * namespace alone, and mounts devpts.
 */
static struct user_namespace *fc_user_ns(struct fs_context *fc)
{
	static const char *const init_owned[] = { "proc", "sysfs", "mqueue", "cgroup2" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(init_owned); i++)
		if (!strcmp(fc->fs_type->name, init_owned[i]))
			return &current->kernel->init_user_ns;
	return current_user_ns();
}

/*
 * mount_capable - may the caller make a superblock of @fc's type?  A
 * FS_USERNS_MOUNT filesystem takes CAP_SYS_ADMIN over fc->user_ns, any
 * other over the initial one.
 */
bool mount_capable(struct fs_context *fc)
{
	if (!(fc->fs_type->fs_flags & FS_USERNS_MOUNT))
		return capable(CAP_SYS_ADMIN);
	return ns_capable(fc_user_ns(fc), CAP_SYS_ADMIN);
}

/*
 * current_chrooted - is the task's root other than its namespace's root
 * (the top of what is stacked on the namespace's root mount)?
 */
bool current_chrooted(void)
{
	struct task_struct *t = current;
	struct mount *m, *over;
	bool chrooted;

	down_read(&t->kernel->namespace_sem);
	m = t->nsproxy_mnt_ns->root;
	while ((over = __lookup_mnt(&m->mnt, m->mnt.mnt_root)))
		m = over;
	spin_lock(&t->fs->lock);
	chrooted = t->fs->root.mnt != &m->mnt || t->fs->root.dentry != m->mnt.mnt_root;
	spin_unlock(&t->fs->lock);
	up_read(&t->kernel->namespace_sem);
	return chrooted;
}

/*
 * has_locked_children - is a locked mount on @mnt at or below @dentry?
 * A copy of @mnt without its children (a non-recursive bind) would show
 * what that mount covers.  Caller holds namespace_sem.
 */
bool has_locked_children(struct mount *mnt, struct dentry *dentry)
{
	struct mount *child;

	list_for_each_entry(child, &mnt->mnt_mounts, mnt_child) {
		if (!is_subdir(child->mnt_mountpoint, dentry))
			continue;
		if (child->mnt.mnt_flags & MNT_LOCKED)
			return true;
	}
	return false;
}
