/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The invariant checker's parts (invariants.c, invariants_pnode.c). */
#ifndef _VFSIM_VFS_INVARIANTS_H
#define _VFSIM_VFS_INVARIANTS_H

#include <stdbool.h>
#include <stddef.h>

#include <vfs/kernel.h>
#include <vfs/mount.h>

struct checker {
	char *why;
	size_t len;
	int bad;
};

/* Record a violation; only the first one's text is kept. */
void checker_fail(struct checker *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The mounts the tasks' paths hold (root, cwd, open files), one entry
 * per reference; kfree(mnt) when done. */
struct path_holders {
	struct vfsmount **mnt;
	size_t nr;
};
void gather_path_holders(struct vfsim *v, struct path_holders *h);

/* @child, on @m's child list: its links, hash and mountpoint. */
void check_child(struct mnt_namespace *ns, struct mount *m, struct mount *child,
		 struct checker *c);
/* @m, a mount of @ns's tree: its links, ID and count, and with
 * @all_children check_child() of each child. */
void check_mount(struct vfsim *v, const struct path_holders *held,
		 struct mnt_namespace *ns, struct mount *m, bool all_children,
		 struct checker *c);
/* fanotify's per-mount state of @m, a mount of @ns. */
void check_mount_notify(struct mnt_namespace *ns, struct mount *m,
			struct checker *c);
/* @sb's active count.  Caller holds mount_lock and sb_lock. */
void check_super(struct vfsim *v, struct super_block *sb, struct checker *c);
/* The umount and notify lists are empty outside namespace_sem. */
void check_lists(struct vfsim *v, struct checker *c);

/* Peer ring, master and slave links of @m, a mount of @ns's tree. */
void check_propagation(struct mnt_namespace *ns, struct mount *m,
		       struct checker *c);
/* Locked flags and locked mounts of @m, a mount of @ns's tree
 * (invariants_userns.c). */
void check_userns_locks(struct vfsim *v, struct mnt_namespace *ns, struct mount *m,
			struct checker *c);
/* No two peer groups of @ns share an ID. */
void check_peer_group_ids(struct vfsim *v, struct checker *c);

#endif
