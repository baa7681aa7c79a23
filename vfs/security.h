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

int security_post_notification(const struct cred *w_cred, const struct cred *cred,
			       struct watch_notification *n);
int security_watch_mount(struct watch *watch, struct path *path);
int security_watch_sb(struct watch *watch, struct super_block *sb);
int security_sb_statfs(struct dentry *dentry);

#endif
