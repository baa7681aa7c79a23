// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The invariant checker at the cost of a change (vfsim_check_changed(),
 * include/vfsim/testing.h): the mounts the kernel marked since the last
 * check (vfs/check_dirty.h), each with what its invariants involve —
 * its parent (whose children and count it is part of), its peer ring
 * neighbours and master (whose links name it) and its superblock.
 * What no mount's neighbourhood shows — the namespace's count against
 * its list and tree, peer group IDs unique over the namespace, mount
 * watch marks on dentries, fanotify marks, a superblock held by a
 * context alone — is left to the full check, every K checks with K the
 * mount count of all namespaces: a run of n lines then costs O(n) checks of
 * the whole tree in all, not O(n) each.
 */
#include <linux/slab.h>
#include <vfs/check_dirty.h>
#include <vfs/kernel.h>
#include <vfsim/testing.h>

#include "invariants.h"

/* Still hanging in @ns's tree (what a corruption of mnt_ns would leave):
 * on its parent's child list all the way up to the root. */
static bool linked_in(struct mnt_namespace *ns, struct mount *m)
{
	unsigned int steps = 0;

	while (mnt_has_parent(m)) {
		if (list_empty(&m->mnt_child) || ++steps > ns->mounts)
			return false;
		m = m->mnt_parent;
	}
	return m == ns->root;
}

/* @m's child link leads round to its parent's list head, not another's
 * (the full check sees it from the parent, which may not be marked). */
static bool on_parent_list(struct mnt_namespace *ns, struct mount *m)
{
	struct list_head *pos;
	unsigned int steps = 0;

	for (pos = m->mnt_child.next; pos != &m->mnt_parent->mnt_mounts; pos = pos->next)
		if (pos == &m->mnt_child || ++steps > ns->mounts)
			return false;
	return true;
}

static void check_in(struct vfsim *v, const struct path_holders *held,
		     struct mnt_namespace *ns, struct mount *m, struct checker *c)
{
	if (m->mnt_ns == ns && list_empty(&m->mnt_list))
		checker_fail(c, "mount %d: in the namespace but not on its list",
			     m->mnt_id);
	if (mnt_has_parent(m) && !on_parent_list(ns, m))
		checker_fail(c, "mount %d: on the child list of another mount than its parent %d",
			     m->mnt_id, m->mnt_parent->mnt_id);
	/* A parent's other children are checked when they change. */
	check_mount(v, held, ns, m, false, c);
	if (mnt_has_parent(m))
		check_child(ns, m->mnt_parent, m, c);
	check_mount_notify(ns, m, c);
	read_seqlock_excl(&v->mount_lock);
	spin_lock(&v->sb_lock);
	check_super(v, m->mnt.mnt_sb, c);
	spin_unlock(&v->sb_lock);
	read_sequnlock_excl(&v->mount_lock);
}

/*
 * @m in the namespace it is in — or, when its mnt_ns was corrupted, the
 * one whose tree it still hangs in — as the full check would see it
 * there.  A mount in no listed namespace (detached, or a detached tree's
 * anonymous one) is not the full check's either.  A peer or master may
 * be in another namespace than the mount that changed: each is checked
 * in its own.
 */
static void check_one(struct vfsim *v, const struct path_holders *held,
		      struct mount *m, unsigned long gen, struct checker *c)
{
	struct mnt_namespace *ns;

	if (!m || m->mnt_check_gen == gen)
		return;
	m->mnt_check_gen = gen;
	list_for_each_entry(ns, &v->mnt_namespaces, mnt_ns_list) {
		if (m->mnt_ns == ns || linked_in(ns, m)) {
			check_in(v, held, ns, m, c);
			return;
		}
	}
}

static void check_related(struct vfsim *v, const struct path_holders *held,
			  struct mount *m, unsigned long gen, struct checker *c)
{
	check_one(v, held, m, gen, c);
	check_one(v, held, m->mnt_parent, gen, c);
	check_one(v, held, m->mnt_master, gen, c);
	if (!list_empty(&m->mnt_share)) {
		check_one(v, held, list_entry(m->mnt_share.next, struct mount,
					      mnt_share), gen, c);
		check_one(v, held, list_entry(m->mnt_share.prev, struct mount,
					      mnt_share), gen, c);
	}
}

int vfsim_check_changed(struct vfsim *v, char *why, size_t len)
{
	struct checker c = { .why = why, .len = len };
	struct path_holders held;
	struct mnt_namespace *ns;
	struct vfsim_entry e;
	unsigned long every;
	struct mount *m;

	if (why && len)
		why[0] = 0;
	if (!v || !v->booted)
		return 0;
	if (!READ_ONCE(v->check_track)) {
		mnt_check_track(v, true);
		return vfsim_check_invariants(v, why, len);
	}
	every = 0;
	list_for_each_entry(ns, &v->mnt_namespaces, mnt_ns_list)
		every += ns->mounts;	/* what one full check walks */
	every = max_t(unsigned long, every, VFSIM_CHECK_FULL_MIN);
	if (++v->check_lines >= every)
		return vfsim_check_invariants(v, why, len);

	vfsim_enter_kernel(&e, v);
	down_write(&v->namespace_sem);
	gather_path_holders(v, &held);
	v->check_gen++;
	while ((m = mnt_check_next_dirty(v)))
		check_related(v, &held, m, v->check_gen, &c);
	kfree(held.mnt);
	check_lists(v, &c);
	up_write(&v->namespace_sem);
	vfsim_leave(&e);
	return c.bad ? -EUCLEAN : 0;
}
