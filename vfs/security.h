/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The LSM hooks of the patch set (patch 01: watch_mount, watch_sb; 5.8:
 * post_notification) and fsinfo's sb_statfs gate.  With no policy
 * installed each returns 0; a harness installs one with vfsim_set_lsm()
 * and its negative return is the syscall's error.
 */
#ifndef _VFSIM_VFS_SECURITY_H
#define _VFSIM_VFS_SECURITY_H

#include <vfs/task.h>
#include <uapi/linux/watch_queue.h>

struct watch;
struct path;
struct super_block;

/* Who asks, as the policy sees it. */
struct lsm_cred {
	uid_t uid;
	gid_t gid;
	u64 caps;
};

/* A policy: each hook returns 0 to allow or a negative errno; NULL allows. */
struct lsm_policy {
	int (*post_notification)(struct vfsim *v, const struct lsm_cred *watcher,
				 const struct lsm_cred *poster, const void *record);
	int (*watch_mount)(struct vfsim *v, const struct lsm_cred *who,
			   unsigned int mnt_id);
	int (*watch_sb)(struct vfsim *v, const struct lsm_cred *who, u64 sb_id);
	int (*sb_statfs)(struct vfsim *v, const struct lsm_cred *who, u64 sb_id);
};

/* Install @policy (NULL: allow everything). */
void security_set_policy(struct vfsim *v, const struct lsm_policy *policy);

int security_post_notification(const struct cred *w_cred, const struct cred *cred,
			       struct watch_notification *n);
int security_watch_mount(struct watch *watch, struct path *path);
int security_watch_sb(struct watch *watch, struct super_block *sb);
int security_sb_statfs(struct dentry *dentry);

#endif
