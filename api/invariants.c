// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The invariant checker for tests and fuzzers.  It takes namespace_sem for
 * writing, so the tree holds still, and checks:
 *  - every mount on the namespace list is reachable from the root by the
 *    child lists and vice versa, and the count matches ns->mounts;
 *  - parent/child links agree, each child is hashed under (parent,
 *    mountpoint), its mountpoint is marked DCACHE_MOUNTED, and walking up
 *    the parents ends at the root (no cycles);
 *  - every mount is published under its ID;
 *  - mnt_count equals its holders: the tree, the children, and the paths
 *    tasks hold (root, cwd, open files);
 *  - peer groups and masters are what propagation needs
 *    (invariants_pnode.c);
 *  - each superblock's active count equals its mounts;
 *  - fanotify (vfs/fanotify.c): no mount waits to be reported outside
 *    namespace_sem, every mount of the namespace was last reported in it
 *    (the root: or never), no ordering scratch is left, and the
 *    namespace's marks are on their groups and counted.
 * The reference-count checks assume a quiescent model: no syscall in
 * flight (a syscall holds references the checker cannot see).  The
 * structural checks are safe at any time.
 */
#include <stdarg.h>
#include <stdio.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/check_dirty.h>
#include <vfs/fanotify.h>
#include <vfs/fs_context.h>
#include <vfs/kernel.h>
#include <vfs/mount_api.h>
#include <vfs/nsfs.h>
#include <vfs/watch_queue.h>
#include <vfsim/testing.h>

#include "invariants.h"

void checker_fail(struct checker *c, const char *fmt, ...)
{
	va_list ap;

	if (c->bad++)
		return;
	if (c->why && c->len) {
		va_start(ap, fmt);
		vsnprintf(c->why, c->len, fmt, ap);
		va_end(ap);
	}
}

/*
 * The mounts the tasks' paths hold (root, cwd, open files), one entry per
 * reference: gathered once per check rather than once per mount, which
 * made the checker scan every fd table for every mount.  There are few of
 * them (two per task and its open files), so a count is a linear scan.
 */
/* Does a task before @t on the list use the fs_struct (@fs) or fd table
 * (@files) @t uses?  CLONE_FS and CLONE_FILES share them: count once. */
static bool shared_earlier(struct vfsim *v, struct task_struct *t, bool fs)
{
	struct task_struct *u;

	list_for_each_entry(u, &v->tasks, tasks) {
		if (u == t)
			return false;
		if (fs ? u->fs == t->fs : u->files == t->files)
			return true;
	}
	return false;
}

/* Is @f in a table before @t's (or at an fd below @fd in @t's)?  A fork
 * copies its parent's table: the file is one, with one reference on
 * what it holds.  Caller holds tasks_lock. */
static bool file_seen_before(struct vfsim *v, struct task_struct *t,
			     unsigned int fd, struct file *f)
{
	struct task_struct *u;
	unsigned int i;

	list_for_each_entry(u, &v->tasks, tasks) {
		unsigned int end = u == t ? fd : u->files->max_fds;

		if (u != t && shared_earlier(v, u, false))
			continue;
		for (i = 0; i < end; i++)
			if (u->files->fd[i] == f)
				return true;
		if (u == t)
			return false;
	}
	return false;
}

void gather_path_holders(struct vfsim *v, struct path_holders *h)
{
	struct task_struct *t;
	size_t cap = 0;
	unsigned int fd;

	spin_lock(&v->tasks_lock);
	list_for_each_entry(t, &v->tasks, tasks)
		cap += 2 + 2 * t->files->max_fds;
	h->mnt = kcalloc(cap ? cap : 1, sizeof(*h->mnt), GFP_KERNEL | __GFP_NOFAIL);
	h->nr = 0;
	list_for_each_entry(t, &v->tasks, tasks) {
		if (!shared_earlier(v, t, true)) {
			spin_lock(&t->fs->lock);
			h->mnt[h->nr++] = t->fs->root.mnt;
			h->mnt[h->nr++] = t->fs->pwd.mnt;
			spin_unlock(&t->fs->lock);
		}
		if (shared_earlier(v, t, false))
			continue;
		spin_lock(&t->files->file_lock);
		for (fd = 0; fd < t->files->max_fds; fd++) {
			struct file *f = t->files->fd[fd];

			if (f && !file_seen_before(v, t, fd, f))
				h->mnt[h->nr++] = f->f_path.mnt;
			/* a /proc mounts file holds its opener's root too */
			if (f && proc_mounts_root(f))
				h->mnt[h->nr++] = proc_mounts_root(f);
		}
		spin_unlock(&t->files->file_lock);
	}
	spin_unlock(&v->tasks_lock);
}

static int path_refs(const struct path_holders *h, struct mount *m)
{
	size_t i;
	int n = 0;

	for (i = 0; i < h->nr; i++)
		n += h->mnt[i] == &m->mnt;
	return n;
}

/* @child, on @m's child list: its links, hash and mountpoint. */
void check_child(struct mnt_namespace *ns, struct mount *m, struct mount *child,
		 struct checker *c)
{
	if (child->mnt_parent != m)
		checker_fail(c, "mount %d: child %d names parent %d", m->mnt_id,
		     child->mnt_id, child->mnt_parent->mnt_id);
	if (hlist_unhashed(&child->mnt_hash))
		checker_fail(c, "mount %d: child %d is not hashed", m->mnt_id,
			     child->mnt_id);
	else if (__lookup_mnt(&m->mnt, child->mnt_mountpoint) != child &&
		 !ns->hash_conflicts)
		/*
		 * Two children on one mountpoint.  5.8 makes them in one
		 * way only: mnt_change_mountpoint() onto an occupied
		 * mountpoint, when attach_recursive_mnt() tucks a mount
		 * under a propagated copy whose root is already
		 * overmounted (a copy of a tree with a mount on its own
		 * root), and when restore_mounts() later hangs such a
		 * mount back where its unmounted parent was.  Linux 6.17
		 * tucks it under the topmost overmount instead ("prevent
		 * mount hash conflicts", ffdc52fbbd58; docs/kernel-diff.md).
		 * The namespace counts those moves (hash_conflicts); with
		 * none, a second child is a bug.
		 */
		checker_fail(c, "mount %d: child %d shares its mountpoint with "
			     "another child", m->mnt_id, child->mnt_id);
	if (!child->mnt_mp || child->mnt_mp->m_dentry != child->mnt_mountpoint)
		checker_fail(c, "mount %d: mountpoint record disagrees", child->mnt_id);
	if (!d_mountpoint(child->mnt_mountpoint))
		checker_fail(c, "mount %d: mountpoint dentry not DCACHE_MOUNTED", child->mnt_id);
}

void check_mount(struct vfsim *v, const struct path_holders *held, struct mnt_namespace *ns,
		 struct mount *m, bool all_children, struct checker *c)
{
	struct mount *child, *p;
	unsigned int children = 0, steps = 0;
	int expect;

	if (m->mnt_ns != ns)
		checker_fail(c, "mount %d: in the tree but mnt_ns is not the namespace", m->mnt_id);
	if (m->mnt.mnt_flags & (MNT_UMOUNT | MNT_DOOMED))
		checker_fail(c, "mount %d: in the tree but marked unmounted", m->mnt_id);
	for (p = m; mnt_has_parent(p); p = p->mnt_parent) {
		if (++steps > ns->mounts) {
			checker_fail(c, "mount %d: cycle in the parent chain", m->mnt_id);
			return;
		}
	}
	if (p != ns->root)
		checker_fail(c, "mount %d: parent chain ends at %d, not the root", m->mnt_id, p->mnt_id);

	rcu_read_lock();
	if (mnt_find_by_id(v, m->mnt_id) != m)
		checker_fail(c, "mount %d: not published under its ID", m->mnt_id);
	rcu_read_unlock();

	list_for_each_entry(child, &m->mnt_mounts, mnt_child) {
		children++;
		if (all_children)
			check_child(ns, m, child, c);
	}

	expect = 1 + (int)children + path_refs(held, m);
	if (mnt_get_count(m) != expect)
		checker_fail(c, "mount %d: mnt_count %d, holders %d (tree 1, children %u, paths %d)",
		     m->mnt_id, mnt_get_count(m), expect, children, path_refs(held, m));

	check_propagation(ns, m, c);
}

/* fanotify's per-mount state of @m, a mount of @ns (vfs/fanotify.c). */
void check_mount_notify(struct mnt_namespace *ns, struct mount *m,
			       struct checker *c)
{
	if (!list_empty(&m->to_notify) || !list_empty(&m->mnt_notify_order) ||
	    m->mnt_t_flags)
		checker_fail(c, "mount %d: fanotify notify state left set", m->mnt_id);
	if (m->prev_ns != ns && (m != ns->root || m->prev_ns))
		checker_fail(c, "mount %d: last reported in another namespace",
			     m->mnt_id);
}

/*
 * Mount watches placed on @d, over every mount of its superblock: a mount
 * lazily unmounted but still in use keeps its watches until it is freed.
 */
static unsigned int watches_on(struct dentry *d)
{
	unsigned int n = 0;
	struct mount *m;
	struct watch *w;

	list_for_each_entry(m, &d->d_sb->s_mounts, mnt_instance) {
		struct watch_list *wlist = m->mnt_watchers;

		if (!wlist)
			continue;
		spin_lock(&wlist->lock);
		hlist_for_each_entry(w, &wlist->watchers, list_node)
			if (w->private == d)
				n++;
		spin_unlock(&wlist->lock);
	}
	return n;
}

/*
 * DCACHE_MOUNT_WATCH and the per-dentry watch count against the watches
 * that exist (erratum B10, docs/errata.md: with the fix, no mark outlives its watches).
 */
static void check_mount_watch_marks(struct vfsim *v, struct dentry *root,
				    struct checker *c)
{
	struct dentry *d = root;

	while (d) {
		unsigned int n = watches_on(d);
		bool marked = READ_ONCE(d->d_flags) & DCACHE_MOUNT_WATCH;

		if (d->d_mount_watches != n)
			checker_fail(c, "dentry %s: %u mount watches counted, %u on mount lists",
			     d->d_name.name, d->d_mount_watches, n);
		if (n && !marked)
			checker_fail(c, "dentry %s: watched but not DCACHE_MOUNT_WATCH", d->d_name.name);
		if (!n && marked && !vfsim_quirk(v, 10))
			checker_fail(c, "dentry %s: DCACHE_MOUNT_WATCH with no watch", d->d_name.name);

		/* Depth first over d_subdirs, without recursion. */
		if (!list_empty(&d->d_subdirs)) {
			d = list_first_entry(&d->d_subdirs, struct dentry, d_child);
			continue;
		}
		while (d != root && list_is_last(&d->d_child, &d->d_parent->d_subdirs))
			d = d->d_parent;
		d = d == root ? NULL : list_next_entry(d, d_child);
	}
}

/*
 * The dentry tree's counts: each dentry in the tree holds one reference
 * for being there and one per child on its list (a child pins its parent,
 * cursors too), so d_count is at least that; a name in the tree names an
 * inode with a link left; a directory whose last link went has no child.
 */
static void check_dentry_counts(struct dentry *root, struct checker *c)
{
	struct dentry *d = root;

	while (d) {
		struct dentry *child;
		int children = 0;

		list_for_each_entry(child, &d->d_subdirs, d_child)
			children++;
		if (atomic_read(&d->d_count) < 1 + children)
			checker_fail(c, "dentry %s: d_count %d, below its tree reference and %d children",
				     d->d_name.name, atomic_read(&d->d_count), children);
		if (d->d_inode && !(READ_ONCE(d->d_flags) & DCACHE_DENTRY_CURSOR) &&
		    !d->d_inode->i_nlink)
			checker_fail(c, "dentry %s: in the tree with an inode of no links",
				     d->d_name.name);

		if (!list_empty(&d->d_subdirs)) {
			d = list_first_entry(&d->d_subdirs, struct dentry, d_child);
			continue;
		}
		while (d != root && list_is_last(&d->d_child, &d->d_parent->d_subdirs))
			d = d->d_parent;
		d = d == root ? NULL : list_next_entry(d, d_child);
	}
}

/*
 * Active references on @sb held by fs_context fds (a created or picked
 * context keeps its superblock; vfs/fsopen.c).  Caller holds sb_lock.
 */
static int fs_context_refs(struct vfsim *v, struct super_block *sb)
{
	struct task_struct *t;
	unsigned int fd;
	int n = 0;

	spin_lock(&v->tasks_lock);
	list_for_each_entry(t, &v->tasks, tasks) {
		if (shared_earlier(v, t, false))
			continue;
		spin_lock(&t->files->file_lock);
		for (fd = 0; fd < t->files->max_fds; fd++) {
			struct file *f = t->files->fd[fd];
			struct fs_context *fc;

			if (!f || f->f_op != &fscontext_fops ||
			    file_seen_before(v, t, fd, f))
				continue;
			fc = f->private_data;
			if (fc->root && fc->root->d_sb == sb)
				n++;
		}
		spin_unlock(&t->files->file_lock);
	}
	spin_unlock(&v->tasks_lock);
	return n;
}

/* One namespace: its list, its tree, its count, its fanotify state. */
static void check_namespace(struct vfsim *v, const struct path_holders *held,
			    struct mnt_namespace *ns, struct checker *c)
{
	unsigned int listed = 0, walked = 0;
	struct mount *m;

	if (!ns->ns_id || ns->seq != ns->ns_id)
		checker_fail(c, "namespace %llu: listed but numbered %llu",
			     (unsigned long long)ns->ns_id, (unsigned long long)ns->seq);
	if (atomic_read(&ns->count) < 1)
		checker_fail(c, "namespace %llu: listed with no reference",
			     (unsigned long long)ns->ns_id);
	list_for_each_entry(m, &ns->list, mnt_list)
		listed += !mnt_is_cursor(m);	/* an open /proc mounts file's place */
	for (m = ns->root; m; m = next_mnt(m, ns->root)) {
		walked++;
		if (walked > listed + 1) {
			checker_fail(c, "the tree walk does not end (cycle)");
			break;
		}
		check_mount(v, held, ns, m, true, c);
		check_userns_locks(v, ns, m, c);
	}
	if (listed != ns->mounts || walked != ns->mounts)
		checker_fail(c, "namespace counts %u mounts, its list %u, the tree %u",
		     ns->mounts, listed, walked);
	if (ns->pending_mounts)
		checker_fail(c, "namespace %llu: %u mounts pending outside an attach",
			     (unsigned long long)ns->ns_id, ns->pending_mounts);
	list_for_each_entry(m, &ns->list, mnt_list)
		if (!mnt_is_cursor(m))
			check_mount_notify(ns, m, c);
	if (fsnotify_check_marks(ns) < 0)
		checker_fail(c, "fanotify marks of the namespace inconsistent");
}

/* Files open in the fd tables (each file once) that hold @ns. */
static int ns_file_refs(struct vfsim *v, struct mnt_namespace *ns)
{
	struct task_struct *t;
	unsigned int fd;
	int n = 0;

	list_for_each_entry(t, &v->tasks, tasks) {
		if (shared_earlier(v, t, false))
			continue;
		spin_lock(&t->files->file_lock);
		for (fd = 0; fd < t->files->max_fds; fd++) {
			struct file *f = t->files->fd[fd];

			if (!f || file_seen_before(v, t, fd, f))
				continue;
			/* nsfs files, and /proc mounts files (their opener's) */
			if ((proc_ns_file(f) && f->private_data == ns) ||
			    proc_mounts_ns(f) == ns)
				n++;
		}
		spin_unlock(&t->files->file_lock);
	}
	return n;
}

/*
 * Each task is in a listed namespace, and each namespace's count is its
 * holders': its tasks, the namespace files open on it and, for the first,
 * the instance.
 */
static void check_task_namespaces(struct vfsim *v, struct checker *c)
{
	struct mnt_namespace *ns;
	struct task_struct *t;

	spin_lock(&v->tasks_lock);
	list_for_each_entry(t, &v->tasks, tasks)
		if (!t->nsproxy_mnt_ns || list_empty(&t->nsproxy_mnt_ns->mnt_ns_list))
			checker_fail(c, "task %d: in no listed namespace", t->pid);
	list_for_each_entry(ns, &v->mnt_namespaces, mnt_ns_list) {
		int holders = ns == v->init_mnt_ns;

		list_for_each_entry(t, &v->tasks, tasks)
			holders += t->nsproxy_mnt_ns == ns;
		holders += ns_file_refs(v, ns);
		if (atomic_read(&ns->count) != holders)
			checker_fail(c, "namespace %llu: count %d, holders %d",
				     (unsigned long long)ns->ns_id,
				     atomic_read(&ns->count), holders);
	}
	spin_unlock(&v->tasks_lock);
}

/* @sb's active count against its mounts, contexts and pins.  Caller holds
 * mount_lock and sb_lock. */
void check_super(struct vfsim *v, struct super_block *sb, struct checker *c)
{
	int mounts = 0;
	struct mount *mi;

	list_for_each_entry(mi, &sb->s_mounts, mnt_instance)
		mounts++;
	mounts += fs_context_refs(v, sb);
	mounts += atomic_read(&sb->s_pins);	/* open ptys of a devpts */
	if (atomic_read(&sb->s_active) != mounts)
		checker_fail(c, "superblock %s (id %llu): s_active %d, mounts and contexts %d",
			     sb->s_id, (unsigned long long)sb->s_unique_id,
			     atomic_read(&sb->s_active), mounts);
}

/* What holds outside namespace_sem, whatever changed: O(1). */
void check_lists(struct vfsim *v, struct checker *c)
{
	if (!list_empty(&v->umount_list))
		checker_fail(c, "umount list not empty outside namespace_sem");
	if (!list_empty(&v->notify_list))
		checker_fail(c, "fanotify's notify list not empty outside namespace_sem");
}

int vfsim_check_invariants(struct vfsim *v, char *why, size_t len)
{
	struct checker c = { .why = why, .len = len };
	struct path_holders held;
	struct super_block *sb;
	struct mnt_namespace *ns;
	struct vfsim_entry e;

	if (why && len)
		why[0] = 0;
	if (!v || !v->booted)
		return 0;
	vfsim_enter_kernel(&e, v);
	down_write(&v->namespace_sem);

	gather_path_holders(v, &held);
	if (!v->init_mnt_ns || list_empty(&v->init_mnt_ns->mnt_ns_list))
		checker_fail(&c, "the first namespace is not listed");
	list_for_each_entry(ns, &v->mnt_namespaces, mnt_ns_list)
		check_namespace(v, &held, ns, &c);
	kfree(held.mnt);
	check_peer_group_ids(v, &c);
	check_task_namespaces(v, &c);
	check_lists(v, &c);

	/* s_mounts changes under mount_lock */
	read_seqlock_excl(&v->mount_lock);
	spin_lock(&v->sb_lock);
	list_for_each_entry(sb, &v->super_blocks, s_list)
		check_super(v, sb, &c);
	spin_unlock(&v->sb_lock);
	read_sequnlock_excl(&v->mount_lock);

	/* Mount watches are placed under the superblock's s_umount; the
	 * checker runs quiescent, so the dcache is stable. */
	list_for_each_entry(sb, &v->super_blocks, s_list)
		if (sb->s_root)
			check_mount_watch_marks(v, sb->s_root, &c);
	list_for_each_entry(sb, &v->super_blocks, s_list)
		if (sb->s_root)
			check_dentry_counts(sb->s_root, &c);

	/* Everything was looked at: what changed before is old news. */
	while (mnt_check_next_dirty(v))
		;
	v->check_lines = 0;

	up_write(&v->namespace_sem);
	vfsim_leave(&e);
	return c.bad ? -EUCLEAN : 0;
}
