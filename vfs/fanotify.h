/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * fanotify mount events (Linux 6.15+) on the model: the part of
 * include/linux/fsnotify.h, fs/notify/fanotify/ and fs/notify/mark.c that
 * mount events use.  A group is an fd of anon_inodefs, "[fanotify]"; its
 * marks sit on mount namespaces (FAN_MARK_MNTNS); namespace_unlock() hands
 * every mount that was attached or detached to fsnotify_mnt(), which
 * queues one event per interested group.  docs/fanotify.md.
 *
 * Locks, outermost first: namespace_sem (the poster), the instance's
 * fsnotify_mark_lock (every mark of every group and namespace, and each
 * namespace's n_fsnotify_marks), a group's notification_waitq.lock (its
 * queue).
 */
#ifndef _VFSIM_VFS_FANOTIFY_H
#define _VFSIM_VFS_FANOTIFY_H

#include <vfs/kernel.h>

/* fs/notify/fanotify's default queue limit (fanotify_max_queued_events). */
#define FANOTIFY_DEFAULT_MAX_EVENTS	16384

/* FS_MNT_ATTACH and FS_MNT_DETACH (include/linux/fsnotify_backend.h)
 * have the values of FAN_MNT_ATTACH and FAN_MNT_DETACH; a move within a
 * namespace is both at once (FS_MNT_MOVE). */
#define FS_MNT_ATTACH	0x01000000
#define FS_MNT_DETACH	0x02000000
#define FS_MNT_MOVE	(FS_MNT_ATTACH | FS_MNT_DETACH)

/*
 * fanotify's state in an instance: the state of subsystem PERNET_FSNOTIFY
 * (vfs/pernet.h), reached through fsnotify_net().  Linux has a lock per
 * mark connector and per group; the model's one lock covers every mark.
 */
struct fsnotify_net {
	struct mutex fsnotify_mark_lock;
};

static inline struct fsnotify_net *fsnotify_net(const struct vfsim *v)
{
	return net_generic(v, PERNET_FSNOTIFY);
}

/* fs/notify/fsnotify.c: post @mask about @mnt to the marks on @ns. */
void fsnotify_mnt(u32 mask, struct mnt_namespace *ns, struct vfsmount *mnt);

static inline void fsnotify_mnt_attach(struct mnt_namespace *ns, struct vfsmount *mnt)
{
	fsnotify_mnt(FS_MNT_ATTACH, ns, mnt);
}

static inline void fsnotify_mnt_detach(struct mnt_namespace *ns, struct vfsmount *mnt)
{
	fsnotify_mnt(FS_MNT_DETACH, ns, mnt);
}

static inline void fsnotify_mnt_move(struct mnt_namespace *ns, struct vfsmount *mnt)
{
	fsnotify_mnt(FS_MNT_MOVE, ns, mnt);
}

/* The namespace is being freed: its marks go (fsnotify_mntns_delete()). */
void fsnotify_mntns_delete(struct mnt_namespace *ns);

/*
 * For the invariant checker: the marks on @ns, each checked to be on its
 * group's list and to name @ns; -1 if one is not, or if the count
 * n_fsnotify_marks disagrees.
 */
long fsnotify_check_marks(struct mnt_namespace *ns);

long ksys_fanotify_init(unsigned int flags, unsigned int event_f_flags);
long ksys_fanotify_mark(int fanotify_fd, unsigned int flags, u64 mask,
			int dfd, const char __user *pathname);

#endif
