// SPDX-License-Identifier: LGPL-2.1-or-later
/* LSM hooks (security/security.c) calling the harness's policy. */
#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfs/security.h>

static void cred_desc(const struct cred *c, struct lsm_cred *d)
{
	d->uid = c->euid;
	d->gid = c->egid;
	d->caps = c->cap_effective;
}

static const struct lsm_policy *lsm(struct vfsim **v)
{
	*v = current_kernel();
	return __atomic_load_n(&(*v)->lsm, __ATOMIC_ACQUIRE);
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
	const struct lsm_policy *ops;
	struct lsm_cred watcher, poster;
	struct vfsim *v;

	ops = lsm(&v);
	if (!ops || !ops->post_notification)
		return 0;
	cred_desc(w_cred, &watcher);
	cred_desc(cred, &poster);
	return lsm_errno(ops->post_notification(v, &watcher, &poster, n));
}

int security_watch_mount(struct watch *watch, struct path *path)
{
	const struct lsm_policy *ops;
	struct lsm_cred who;
	struct vfsim *v;

	(void)watch;
	ops = lsm(&v);
	if (!ops || !ops->watch_mount)
		return 0;
	cred_desc(current_cred(), &who);
	return lsm_errno(ops->watch_mount(v, &who, (unsigned int)real_mount(path->mnt)->mnt_id));
}

int security_watch_sb(struct watch *watch, struct super_block *sb)
{
	const struct lsm_policy *ops;
	struct lsm_cred who;
	struct vfsim *v;

	(void)watch;
	ops = lsm(&v);
	if (!ops || !ops->watch_sb)
		return 0;
	cred_desc(current_cred(), &who);
	return lsm_errno(ops->watch_sb(v, &who, sb->s_unique_id));
}

int security_sb_statfs(struct dentry *dentry)
{
	const struct lsm_policy *ops;
	struct lsm_cred who;
	struct vfsim *v;

	ops = lsm(&v);
	if (!ops || !ops->sb_statfs)
		return 0;
	cred_desc(current_cred(), &who);
	return lsm_errno(ops->sb_statfs(v, &who, dentry->d_sb->s_unique_id));
}

void security_set_policy(struct vfsim *v, const struct lsm_policy *policy)
{
	__atomic_store_n(&v->lsm, policy, __ATOMIC_RELEASE);
}
