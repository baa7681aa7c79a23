/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The invariant checker's dirty marks.  `vfsim run --check` checks after
 * every line; walking every mount each time made a run of n mounts cost
 * n^2.  Once a checker asks for what changed (vfsim_check_changed(),
 * api/invariants.c), the kernel marks each mount it changes where it
 * changes it: its reference count (mnt_add_count()), its place in the
 * tree (mnt_set_mountpoint(), unhash_mnt(), commit_tree(), umount_tree()),
 * its propagation (change_mnt_propagation(), clone_mnt()).  The checker
 * takes the marked mounts and checks them with what they relate to.
 * Until then nothing is marked: one load of check_track per mntget().
 */
#ifndef _VFSIM_VFS_CHECK_DIRTY_H
#define _VFSIM_VFS_CHECK_DIRTY_H

#include <vfs/kernel.h>
#include <vfs/mount.h>

void __mnt_check_dirty(struct vfsim *v, struct mount *m);

/* @m changed: the next incremental check looks at it. */
static inline void mnt_check_dirty(struct mount *m)
{
	struct vfsim *v = mnt_kernel(m);

	if (unlikely(READ_ONCE(v->check_track)) && !READ_ONCE(m->mnt_check_marked))
		__mnt_check_dirty(v, m);
}

/* @m's propagation is about to change: mark it, its ring neighbours
 * (whose links change), its master and its slaves. */
void mnt_check_dirty_propagation(struct mount *m);

/* @m is being freed: off the dirty list. */
void mnt_check_forget(struct vfsim *v, struct mount *m);

/* The first marked mount, taken off the list, or NULL. */
struct mount *mnt_check_next_dirty(struct vfsim *v);

/* Start (or stop) marking; stopping drops the marks. */
void mnt_check_track(struct vfsim *v, bool on);

#endif
