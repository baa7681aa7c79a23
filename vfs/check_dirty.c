// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The invariant checker's dirty list (vfs/check_dirty.h).  check_lock is
 * a leaf: a mark is made from mntget() under any lock, and nothing is
 * taken inside it.
 */
#include <vfs/check_dirty.h>

void __mnt_check_dirty(struct vfsim *v, struct mount *m)
{
	spin_lock(&v->check_lock);
	if (!m->mnt_check_marked && v->check_track) {
		list_add_tail(&m->mnt_check, &v->check_dirty);
		WRITE_ONCE(m->mnt_check_marked, true);
	}
	spin_unlock(&v->check_lock);
}

void mnt_check_dirty_propagation(struct mount *m)
{
	struct mount *s;

	if (likely(!READ_ONCE(mnt_kernel(m)->check_track)))
		return;
	mnt_check_dirty(m);
	if (!list_empty(&m->mnt_share)) {
		mnt_check_dirty(list_entry(m->mnt_share.next, struct mount, mnt_share));
		mnt_check_dirty(list_entry(m->mnt_share.prev, struct mount, mnt_share));
	}
	if (m->mnt_master)
		mnt_check_dirty(m->mnt_master);
	list_for_each_entry(s, &m->mnt_slave_list, mnt_slave)
		mnt_check_dirty(s);
}

void mnt_check_forget(struct vfsim *v, struct mount *m)
{
	if (!READ_ONCE(m->mnt_check_marked))
		return;
	spin_lock(&v->check_lock);
	if (m->mnt_check_marked) {
		list_del_init(&m->mnt_check);
		m->mnt_check_marked = false;
	}
	spin_unlock(&v->check_lock);
}

struct mount *mnt_check_next_dirty(struct vfsim *v)
{
	struct mount *m = NULL;

	spin_lock(&v->check_lock);
	if (!list_empty(&v->check_dirty)) {
		m = list_first_entry(&v->check_dirty, struct mount, mnt_check);
		list_del_init(&m->mnt_check);
		WRITE_ONCE(m->mnt_check_marked, false);
	}
	spin_unlock(&v->check_lock);
	return m;
}

void mnt_check_track(struct vfsim *v, bool on)
{
	struct mount *m;

	spin_lock(&v->check_lock);
	WRITE_ONCE(v->check_track, on);
	if (!on) {
		while (!list_empty(&v->check_dirty)) {
			m = list_first_entry(&v->check_dirty, struct mount, mnt_check);
			list_del_init(&m->mnt_check);
			WRITE_ONCE(m->mnt_check_marked, false);
		}
	}
	spin_unlock(&v->check_lock);
}
