// SPDX-License-Identifier: LGPL-2.1-or-later
/* LSM hooks (security/security.c) calling the harness's policy. */
#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfs/security.h>

static void cred_desc(const struct cred *c, struct vfsim_cred *d)
{
	d->uid = c->euid;
	d->gid = c->egid;
	d->caps = c->cap_effective;
}

static const struct vfsim_lsm_ops *lsm(void **arg)
{
	struct vfsim *v = current_kernel();
	const struct vfsim_lsm_ops *ops = __atomic_load_n(&v->lsm_ops, __ATOMIC_ACQUIRE);

	*arg = v->lsm_arg;
	return ops;
}

/* A policy may only allow (0) or refuse (-errno); anything else is its
 * bug, reported as a warning and taken as a refusal. */
static int lsm_errno(int ret)
{
	if (WARN_ON(ret > 0))
		return -EPERM;
	return ret;
}

int security_post_notification(const struct cred *w_cred, const struct cred *cred,
			       struct watch_notification *n)
{
	const struct vfsim_lsm_ops *ops;
	struct vfsim_cred watcher, poster;
	void *arg;

	ops = lsm(&arg);
	if (!ops || !ops->post_notification)
		return 0;
	cred_desc(w_cred, &watcher);
	cred_desc(cred, &poster);
	return lsm_errno(ops->post_notification(arg, &watcher, &poster, n));
}

int security_watch_mount(struct watch *watch, struct path *path)
{
	const struct vfsim_lsm_ops *ops;
	struct vfsim_cred who;
	void *arg;

	(void)watch;
	ops = lsm(&arg);
	if (!ops || !ops->watch_mount)
		return 0;
	cred_desc(current_cred(), &who);
	return lsm_errno(ops->watch_mount(arg, &who, (unsigned int)real_mount(path->mnt)->mnt_id));
}

int security_watch_sb(struct watch *watch, struct super_block *sb)
{
	const struct vfsim_lsm_ops *ops;
	struct vfsim_cred who;
	void *arg;

	(void)watch;
	ops = lsm(&arg);
	if (!ops || !ops->watch_sb)
		return 0;
	cred_desc(current_cred(), &who);
	return lsm_errno(ops->watch_sb(arg, &who, sb->s_unique_id));
}

int security_sb_statfs(struct dentry *dentry)
{
	const struct vfsim_lsm_ops *ops;
	struct vfsim_cred who;
	void *arg;

	ops = lsm(&arg);
	if (!ops || !ops->sb_statfs)
		return 0;
	cred_desc(current_cred(), &who);
	return lsm_errno(ops->sb_statfs(arg, &who, dentry->d_sb->s_unique_id));
}

void vfsim_set_lsm(struct vfsim *v, const struct vfsim_lsm_ops *ops, void *arg)
{
	if (!v)
		return;
	v->lsm_arg = arg;
	__atomic_store_n(&v->lsm_ops, ops, __ATOMIC_RELEASE);
}
