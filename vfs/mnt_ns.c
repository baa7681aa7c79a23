// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mount namespaces beyond the first (fs/namespace.c of 5.8: copy_mnt_ns(),
 * mntns_install(); 6.18's namespace IDs and lookup_mnt_ns()).
 *
 * A namespace that tasks can enter is numbered (ns->ns_id, 6.18) and
 * listed on v->mnt_namespaces (6.18's mnt_ns_tree, a list here: lookups
 * are rare), under namespace_sem; anonymous ones (detached trees) are not.
 * Its copy is a copy_tree() of the whole tree: each copy a peer of its
 * original where the original is shared, so propagation crosses namespaces
 * both ways.  Its death is put_mnt_ns() (vfs/namespace.c).
 */
#include <sched.h>

#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/mount_api.h>
#include <vfs/pnode.h>

/* Number @ns and list it; caller holds namespace_sem for writing. */
void mnt_ns_tree_add(struct mnt_namespace *ns)
{
	struct vfsim *v = ns->kernel;

	ns->ns_id = ++v->mnt_ns_id_ctr;
	ns->seq = ns->ns_id;
	list_add_tail(&ns->mnt_ns_list, &v->mnt_namespaces);
}

/*
 * lookup_mnt_ns - the namespace numbered @id, with a reference, or NULL.
 * Namespaces whose last reference is going are still listed until
 * put_mnt_ns() takes namespace_sem: a count of 0 is not found.
 */
struct mnt_namespace *lookup_mnt_ns(struct vfsim *v, u64 id)
{
	struct mnt_namespace *ns, *found = NULL;

	down_read(&v->namespace_sem);
	list_for_each_entry(ns, &v->mnt_namespaces, mnt_ns_list) {
		if (ns->ns_id == id) {
			if (atomic_inc_not_zero(&ns->count))
				found = ns;
			break;
		}
	}
	up_read(&v->namespace_sem);
	return found;
}

/*
 * copy_mnt_ns - the namespace a task gets for @flags: @ns itself (one more
 * reference) without CLONE_NEWNS, else a copy of @ns's whole tree with
 * @new_fs's root and cwd moved onto the copies of their mounts (those
 * outside @ns, a cwd in a lazily unmounted tree, stay where they are).
 *
 * The copy belongs to @user_ns.  Where that is not @ns's, the copy is made
 * by a less privileged user: shared mounts become slaves of their
 * originals (CL_SHARED_TO_SLAVE: its mounts and unmounts do not reach
 * back), and lock_mnt_tree() stops it from changing the flags it was
 * given or from revealing what a mount covers.
 */
struct mnt_namespace *copy_mnt_ns(unsigned long flags, struct mnt_namespace *ns,
				  struct user_namespace *user_ns, struct fs_struct *new_fs)
{
	struct vfsim *v = ns->kernel;
	struct vfsmount *rootmnt = NULL, *pwdmnt = NULL;
	struct mount *p, *q, *old, *new;
	struct mnt_namespace *new_ns;
	bool other_userns = user_ns != ns->user_ns;
	int copy_flags;

	if (!(flags & CLONE_NEWNS)) {
		atomic_inc(&ns->count);
		return ns;
	}
	old = ns->root;
	new_ns = alloc_mnt_ns(v);
	if (!new_ns)
		return ERR_PTR(-ENOMEM);
	put_user_ns(new_ns->user_ns);
	new_ns->user_ns = get_user_ns(user_ns);

	namespace_lock(v);
	copy_flags = CL_COPY_UNBINDABLE | CL_EXPIRE;
	if (other_userns)
		copy_flags |= CL_SHARED_TO_SLAVE;
	new = copy_tree(old, old->mnt.mnt_root, copy_flags);
	if (IS_ERR(new)) {
		namespace_unlock(v);
		put_user_ns(new_ns->user_ns);
		kfree(new_ns);
		return ERR_CAST(new);
	}
	if (other_userns) {
		lock_mount_hash(v);
		lock_mnt_tree(new);
		unlock_mount_hash(v);
	}
	new_ns->root = new;
	list_add_tail(&new_ns->list, &new->mnt_list);
	mnt_ns_tree_add(new_ns);

	/*
	 * Second pass: mark the copies as the new namespace's and move the
	 * fs_struct's root and cwd onto them.  The copy has a mount for each
	 * original, in the same order: copy_tree() skipped nothing (it copies
	 * unbindable mounts, and the model has no namespace-file mounts), so
	 * 5.8's skipping of originals without a copy has no case here.
	 */
	lock_mount_hash(v);
	for (p = old, q = new; q; p = next_mnt(p, old), q = next_mnt(q, new)) {
		q->mnt_ns = new_ns;
		new_ns->mounts++;
		if (&p->mnt == new_fs->root.mnt) {
			new_fs->root.mnt = mntget(&q->mnt);
			rootmnt = &p->mnt;
		}
		if (&p->mnt == new_fs->pwd.mnt) {
			new_fs->pwd.mnt = mntget(&q->mnt);
			pwdmnt = &p->mnt;
		}
	}
	/* fanotify (6.15) reports nothing for the copies: nobody can have
	 * marked a namespace that did not exist.  They are known there. */
	for (q = new; q; q = next_mnt(q, new))
		q->prev_ns = new_ns;
	unlock_mount_hash(v);
	namespace_unlock(v);
	if (rootmnt)
		mntput(rootmnt);
	if (pwdmnt)
		mntput(pwdmnt);
	return new_ns;
}

/*
 * mntns_install - setns(fd, CLONE_NEWNS) for the current task: the
 * namespace becomes the task's, and its root and cwd the root of the
 * namespace's tree (its mount at the top, followed down any mounts on it).
 */
int mntns_install(struct mnt_namespace *mnt_ns)
{
	struct task_struct *t = current;
	struct fs_struct *fs = t->fs;
	struct mnt_namespace *old_mnt_ns;
	struct mount *m, *over;
	struct path root;
	int users;

	if (!ns_capable(mnt_ns->user_ns, CAP_SYS_ADMIN) ||
	    !ns_capable(current_user_ns(), CAP_SYS_CHROOT) ||
	    !ns_capable(current_user_ns(), CAP_SYS_ADMIN))
		return -EPERM;
	/* 5.8 refuses an anonymous namespace (-EINVAL) here; the model's
	 * namespace files are only ever of a task's namespace, never of a
	 * detached tree's, so that case has no way in. */
	spin_lock(&fs->lock);
	users = fs->users;
	spin_unlock(&fs->lock);
	if (users != 1)
		return -EINVAL;

	atomic_inc(&mnt_ns->count);
	old_mnt_ns = t->nsproxy_mnt_ns;
	spin_lock(&t->kernel->tasks_lock);
	t->nsproxy_mnt_ns = mnt_ns;
	spin_unlock(&t->kernel->tasks_lock);

	/* Find the root: "/" of the tree with LOOKUP_DOWN, the top of what
	 * is stacked on the namespace's root mount. */
	down_read(&t->kernel->namespace_sem);
	m = mnt_ns->root;
	while ((over = __lookup_mnt(&m->mnt, m->mnt.mnt_root)))
		m = over;
	root.mnt = &m->mnt;
	root.dentry = m->mnt.mnt_root;
	path_get(&root);
	up_read(&t->kernel->namespace_sem);
	/* Update the pwd and root */
	set_fs_pwd(fs, &root);
	set_fs_root(fs, &root);
	path_put(&root);
	put_mnt_ns(old_mnt_ns);
	return 0;
}
