/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The invariant checker's parts (invariants.c, invariants_pnode.c). */
#ifndef _VFSIM_VFS_INVARIANTS_H
#define _VFSIM_VFS_INVARIANTS_H

#include <stddef.h>

#include <vfs/mount.h>

struct checker {
	char *why;
	size_t len;
	int bad;
};

/* Record a violation; only the first one's text is kept. */
void checker_fail(struct checker *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

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
