/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The LSM hooks of the model (include/linux/security.h): the points where
 * a security module may refuse an operation.  There is no module stack;
 * each hook asks the harness's one policy callback (vfsim_set_lsm_hook()),
 * and with none installed everything is allowed, as with no LSM.
 *
 * To add a hook (security_watch_mount(), security_watch_sb(),
 * security_post_notification() of the notification patches): give it a
 * VFSIM_LSM_* value in <vfsim/testing.h> and a wrapper here that fills a
 * struct vfsim_lsm_call and calls vfsim_lsm_ask().
 */
#ifndef _VFSIM_VFS_SECURITY_H
#define _VFSIM_VFS_SECURITY_H

#include <vfs/fs.h>
#include <vfsim/testing.h>

/* Ask the policy; 0 or the -errno it refuses with. */
int vfsim_lsm_ask(struct vfsim_lsm_call *call);

/* fsinfo() and statfs() of @dentry's superblock. */
int security_sb_statfs(struct dentry *dentry);

#endif
