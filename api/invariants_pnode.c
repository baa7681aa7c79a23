// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What the kernel guarantees about propagation state between two
 * operations (namespace_sem held by the checker):
 *  - a mount is shared exactly when it has a peer group ID, and its peer
 *    ring is a well-formed circular list of shared mounts of that group,
 *    all in its namespace or in an anonymous one (a detached tree of
 *    open_tree(OPEN_TREE_CLONE) is a copy of its source, peer and slave
 *    as clone_mnt() makes any copy); two rings never share an ID;
 *  - a slave is on its master's slave list and nowhere else, its master
 *    is in the same namespace (or an anonymous one), is not itself, and
 *    the chain of masters ends (no cycle); a mount that is no slave is on
 *    no slave list;
 *  - each mount on a slave list names the list's owner as its master;
 *  - a peer group of slaves stands on its master's slave list as one run,
 *    in the order of its peer ring: propagate_mnt()'s next_group() walks
 *    it so (clone_mnt() puts a copy beside its source on both lists), and
 *    a group split across the list is propagated to twice;
 *  - the scratch state of propagate_mnt()/propagate_umount() is gone:
 *    no MNT_MARKED, MNT_UMOUNT, and mnt_umounting is empty.
 * and what propagation itself keeps true, so that a propagation bug shows
 * in any replay, not only against the kernel:
 *  - peers are on one superblock, and so are a slave and its master:
 *    every peer and slave is a clone_mnt() of a mount of the group, and
 *    do_make_slave() hands a slave on only to a peer or to the master's
 *    master (MOVE_MOUNT_SET_GROUP refuses another superblock);
 *  - a master is shared: only a shared mount propagates, so only a
 *    shared mount gets slaves, and do_make_slave()/umount_tree() hand a
 *    mount's slaves on when it stops being shared (mountinfo's
 *    "master:N" names the master's peer group);
 *  - a shared mount is not unbindable (set_mnt_shared() clears it,
 *    change_mnt_propagation(MS_UNBINDABLE) makes the mount private first);
 *  - no peer group is its own master: walking a shared mount's chain of
 *    masters never meets its group, or propagation would go round.
 */
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

#include "invariants.h"

/*
 * A peer or master may be in any namespace: @ns, another task's (copies
 * of a namespace are peers of their originals) or a detached tree's
 * anonymous one; but in one, not unmounted.
 */
static bool ns_ok(struct mnt_namespace *ns, struct mount *m)
{
	(void)ns;
	return m->mnt_ns != NULL;
}

/* Longer than any ring, list or chain: the instance's mounts, all namespaces. */
static unsigned long mounts_limit(struct mnt_namespace *ns)
{
	unsigned long all = (unsigned long)atomic_long_read(&ns->kernel->nr_mnt_ids);

	return all > ns->mounts ? all : ns->mounts;
}

static void check_peers(struct mnt_namespace *ns, struct mount *m,
			struct checker *c)
{
	struct list_head *pos = &m->mnt_share;
	unsigned long steps = 0, limit = mounts_limit(ns);

	if (!!IS_MNT_SHARED(m) != !!m->mnt_group_id)
		checker_fail(c, "mount %d: %s but peer group %d", m->mnt_id,
			     IS_MNT_SHARED(m) ? "shared" : "not shared",
			     m->mnt_group_id);
	if (!IS_MNT_SHARED(m)) {
		if (!list_empty(&m->mnt_share))
			checker_fail(c, "mount %d: on a peer ring but not shared",
				     m->mnt_id);
		return;
	}
	do {
		struct mount *peer = list_entry(pos, struct mount, mnt_share);

		if (pos->next->prev != pos || pos->prev->next != pos) {
			checker_fail(c, "mount %d: peer ring broken at %d",
				     m->mnt_id, peer->mnt_id);
			return;
		}
		if (peer->mnt_group_id != m->mnt_group_id)
			checker_fail(c, "mount %d: peer %d in group %d, not %d",
				     m->mnt_id, peer->mnt_id, peer->mnt_group_id,
				     m->mnt_group_id);
		if (!IS_MNT_SHARED(peer))
			checker_fail(c, "mount %d: peer %d is not shared",
				     m->mnt_id, peer->mnt_id);
		if (!ns_ok(ns, peer))
			checker_fail(c, "mount %d: peer %d in another namespace",
				     m->mnt_id, peer->mnt_id);
		if (peer->mnt.mnt_sb != m->mnt.mnt_sb)
			checker_fail(c, "mount %d: peer %d on another superblock",
				     m->mnt_id, peer->mnt_id);
		if (++steps > limit) {
			checker_fail(c, "mount %d: peer ring does not close",
				     m->mnt_id);
			return;
		}
		pos = pos->next;
	} while (pos != &m->mnt_share);
}

static bool on_slave_list(struct mount *master, struct mount *m,
			  unsigned long limit)
{
	struct mount *s;
	unsigned long steps = 0;

	list_for_each_entry(s, &master->mnt_slave_list, mnt_slave) {
		if (s == m)
			return true;
		if (++steps > limit)
			break;
	}
	return false;
}

static void check_master(struct mnt_namespace *ns, struct mount *m,
			 struct checker *c)
{
	struct mount *p, *s;
	unsigned long steps = 0, limit = mounts_limit(ns);

	if (!m->mnt_master) {
		if (!list_empty(&m->mnt_slave))
			checker_fail(c, "mount %d: no master but on a slave list",
				     m->mnt_id);
	} else {
		if (m->mnt_master == m)
			checker_fail(c, "mount %d: slave of itself", m->mnt_id);
		if (!ns_ok(ns, m->mnt_master))
			checker_fail(c, "mount %d: master %d in another namespace",
				     m->mnt_id, m->mnt_master->mnt_id);
		if (!on_slave_list(m->mnt_master, m, limit))
			checker_fail(c, "mount %d: not on master %d's slave list",
				     m->mnt_id, m->mnt_master->mnt_id);
		for (p = m->mnt_master; p; p = p->mnt_master) {
			if (p == m || ++steps > limit) {
				checker_fail(c, "mount %d: its chain of masters "
					     "loops", m->mnt_id);
				break;
			}
		}
	}
	steps = 0;
	list_for_each_entry(s, &m->mnt_slave_list, mnt_slave) {
		if (s->mnt_master != m)
			checker_fail(c, "mount %d: slave %d names master %d",
				     m->mnt_id, s->mnt_id,
				     s->mnt_master ? s->mnt_master->mnt_id : 0);
		if (++steps > limit) {
			checker_fail(c, "mount %d: slave list does not end",
				     m->mnt_id);
			break;
		}
	}
}

static struct mount *slave_entry(struct list_head *pos)
{
	return list_entry(pos, struct mount, mnt_slave);
}

static struct mount *peer_entry(struct list_head *pos)
{
	return list_entry(pos, struct mount, mnt_share);
}

/*
 * Each shared slave of @m that ends a run (the next entry of the slave
 * list is not its next peer) must end a run that holds its whole ring.
 */
static void check_slave_runs(struct mnt_namespace *ns, struct mount *m,
			     struct checker *c)
{
	unsigned long limit = mounts_limit(ns);
	struct mount *s, *x;

	list_for_each_entry(s, &m->mnt_slave_list, mnt_slave) {
		unsigned long run = 1, ring = 1;

		if (!IS_MNT_SHARED(s))
			continue;
		if (s->mnt_slave.next != &m->mnt_slave_list &&
		    slave_entry(s->mnt_slave.next) == peer_entry(s->mnt_share.next))
			continue;
		for (x = s; x->mnt_slave.prev != &m->mnt_slave_list &&
			    slave_entry(x->mnt_slave.prev) == peer_entry(x->mnt_share.prev) &&
			    run <= limit; x = slave_entry(x->mnt_slave.prev))
			run++;
		for (x = peer_entry(s->mnt_share.next); x != s && ring <= limit;
		     x = peer_entry(x->mnt_share.next))
			ring++;
		if (run != ring)
			checker_fail(c, "mount %d: peer group %d split on master "
				     "%d's slave list (a run of %lu of %lu peers)",
				     s->mnt_id, s->mnt_group_id, m->mnt_id, run, ring);
	}
}

/* What propagation keeps true between groups (the header's second list). */
static void check_groups(struct mnt_namespace *ns, struct mount *m,
			 struct checker *c)
{
	unsigned long steps = 0, limit = mounts_limit(ns);
	struct mount *p;

	if (IS_MNT_SHARED(m) && IS_MNT_UNBINDABLE(m))
		checker_fail(c, "mount %d: shared and unbindable", m->mnt_id);
	if (!list_empty(&m->mnt_slave_list) && !IS_MNT_SHARED(m))
		checker_fail(c, "mount %d: has slaves but is not shared", m->mnt_id);
	if (!m->mnt_master)
		return;
	if (m->mnt_master->mnt.mnt_sb != m->mnt.mnt_sb)
		checker_fail(c, "mount %d: master %d on another superblock",
			     m->mnt_id, m->mnt_master->mnt_id);
	if (!IS_MNT_SHARED(m))
		return;
	for (p = m->mnt_master; p && ++steps <= limit; p = p->mnt_master) {
		if (p->mnt_group_id == m->mnt_group_id) {
			checker_fail(c, "mount %d: a slave of its own peer group %d (through %d)",
				     m->mnt_id, m->mnt_group_id, p->mnt_id);
			break;
		}
	}
}

void check_propagation(struct mnt_namespace *ns, struct mount *m,
		       struct checker *c)
{
	if (m->mnt.mnt_flags & MNT_MARKED)
		checker_fail(c, "mount %d: MNT_MARKED left behind", m->mnt_id);
	if (!list_empty(&m->mnt_umounting))
		checker_fail(c, "mount %d: left on an umount scratch list", m->mnt_id);
	check_peers(ns, m, c);
	check_master(ns, m, c);
	if (!c->bad)	/* the lists walked are well formed */
		check_groups(ns, m, c);
	if (!c->bad)
		check_slave_runs(ns, m, c);
}

/* The lowest mount ID of @m's peer ring names the ring. */
static int ring_leader(struct mount *m)
{
	struct mount *p = m;
	int id = m->mnt_id;

	while ((p = list_entry(p->mnt_share.next, struct mount, mnt_share)) != m)
		if (p->mnt_id < id)
			id = p->mnt_id;
	return id;
}

struct group_leader {
	int group, leader;
};

static int cmp_group_leader(const void *a, const void *b)
{
	const struct group_leader *x = a, *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return (x->leader > y->leader) - (x->leader < y->leader);
}

/* Run after check_propagation() found the rings well formed. */
void check_peer_group_ids(struct vfsim *v, struct checker *c)
{
	struct mnt_namespace *ns;
	struct group_leader *g;
	unsigned int n = 0, all = 0, i;
	struct mount *m;

	if (c->bad)
		return;
	/* A peer group spans namespaces: one ring, whichever they are. */
	list_for_each_entry(ns, &v->mnt_namespaces, mnt_ns_list)
		all += ns->mounts;
	g = kcalloc(all ? all : 1, sizeof(*g), GFP_KERNEL | __GFP_NOFAIL);
	if (!g)
		return;
	list_for_each_entry(ns, &v->mnt_namespaces, mnt_ns_list) {
		list_for_each_entry(m, &ns->list, mnt_list) {
			if (mnt_is_cursor(m) || !IS_MNT_SHARED(m) || n == all)
				continue;
			g[n].group = m->mnt_group_id;
			g[n].leader = ring_leader(m);
			n++;
		}
	}
	qsort(g, n, sizeof(*g), cmp_group_leader);
	for (i = 1; i < n; i++)
		if (g[i].group == g[i - 1].group && g[i].leader != g[i - 1].leader)
			checker_fail(c, "peer group %d: two rings (mounts %d and %d)",
				     g[i].group, g[i - 1].leader, g[i].leader);
	kfree(g);
}
