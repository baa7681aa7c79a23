// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The invariant checker's part of user namespaces (vfs/mnt_lock.c): a
 * locked flag is one the mount has (can_change_locked_flags() never lets
 * it go), and a locked mount is in a namespace owned by a less privileged
 * user namespace than the initial one (lock_mnt_tree()), but for the
 * initial namespace's root, the model's rootfs, locked for good.
 */
#include <api/api.h>
#include <api/invariants.h>

static const struct {
	int lock, flag;
	const char *name;
} locked_flags[] = {
	{ MNT_LOCK_READONLY, MNT_READONLY, "readonly" },
	{ MNT_LOCK_NODEV, MNT_NODEV, "nodev" },
	{ MNT_LOCK_NOSUID, MNT_NOSUID, "nosuid" },
	{ MNT_LOCK_NOEXEC, MNT_NOEXEC, "noexec" },
};

void check_userns_locks(struct vfsim *v, struct mnt_namespace *ns, struct mount *m,
			struct checker *c)
{
	int flags = m->mnt.mnt_flags;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(locked_flags); i++)
		if ((flags & locked_flags[i].lock) && !(flags & locked_flags[i].flag))
			checker_fail(c, "mount %d: %s locked but not set", m->mnt_id,
				     locked_flags[i].name);
	if ((flags & MNT_LOCKED) && ns->user_ns == &v->init_user_ns &&
	    !(ns == v->init_mnt_ns && m == ns->root))
		checker_fail(c, "mount %d: locked in a namespace of the initial user namespace",
			     m->mnt_id);
	if (ns->user_ns->level > 0 && m->mnt_ns == ns && !atomic_read(&ns->user_ns->count))
		checker_fail(c, "namespace %llu: owned by a freed user namespace",
			     (unsigned long long)ns->ns_id);
}
