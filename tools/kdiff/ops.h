/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The system calls a scenario verb makes, behind one table per side: the
 * model's (vfsim_*() on a vfsim_task) and the host's (the real syscalls of
 * the calling process).  The verbs (verbs*.c) are written once against this
 * table, so both sides parse a line and call the kernel identically.  Every
 * call returns >= 0 or -errno.
 */
#ifndef VFSIM_KDIFF_OPS_H
#define VFSIM_KDIFF_OPS_H

#include <stdint.h>
#include <sys/types.h>

#include "kdiff.h"

struct kd_ops {
	long (*mkdir)(void *t, const char *path, mode_t mode);
	long (*symlink)(void *t, const char *target, const char *path);
	long (*chmod)(void *t, const char *path, mode_t mode);
	long (*chown)(void *t, const char *path, uid_t uid, gid_t gid);
	long (*chdir)(void *t, const char *path);
	long (*chroot)(void *t, const char *path);
	long (*open)(void *t, const char *path, int flags, mode_t mode);
	long (*close)(void *t, int fd);
	long (*mount)(void *t, const char *source, const char *target,
		      const char *fstype, unsigned long flags, const char *data);
	long (*umount)(void *t, const char *target, int flags);
	/* The task's /proc/self/mountinfo, appended to @out. */
	long (*mountinfo)(void *t, struct kd_buf *out);
	/* listmount + statmount of the task's tree, the raw dump of
	 * statmount.h appended to @out. */
	long (*statmounts)(void *t, struct kd_buf *out);
	/* The new mount API (verbs_mount_api.c): the syscalls' own arguments. */
	long (*fsopen)(void *t, const char *fs_name, unsigned int flags);
	long (*fsconfig)(void *t, int fd, unsigned int cmd, const char *key,
			 const void *value, int aux);
	long (*fsmount)(void *t, int fs_fd, unsigned int flags, unsigned int attr);
	long (*fspick)(void *t, int dfd, const char *path, unsigned int flags);
	long (*open_tree)(void *t, int dfd, const char *path, unsigned int flags);
	long (*move_mount)(void *t, int from_dfd, const char *from, int to_dfd,
			   const char *to, unsigned int flags);
	long (*mount_setattr)(void *t, int dfd, const char *path, unsigned int flags,
			      void *attr, size_t size);
	long (*read)(void *t, int fd, void *buf, size_t len);
	/* fanotify mount events (verbs_fanotify.c): the mount namespace's
	 * file (/proc/self/ns/mnt; vfsim_open_mntns()), fanotify_init(2),
	 * fanotify_mark(2), and the mount point statmount() gives for a
	 * unique mount ID (into @buf, "" when statmount fails). */
	long (*open_mntns)(void *t, unsigned int flags);
	long (*fanotify_init)(void *t, unsigned int flags, unsigned int event_f_flags);
	long (*fanotify_mark)(void *t, int fd, unsigned int flags, uint64_t mask,
			      int dfd, const char *path);
	void (*mnt_point)(void *t, uint64_t id, char *buf, size_t len);
};

/* @t is a struct vfsim_task *. */
extern const struct kd_ops kd_model_ops;

/* @t is a struct kd_host *: the calling process. */
struct kd_host {
	int procfd;	/* O_PATH on /proc, opened before the chroot */
};
extern const struct kd_ops kd_host_ops;

#endif /* VFSIM_KDIFF_OPS_H */
