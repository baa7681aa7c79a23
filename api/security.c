// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_set_lsm(): a harness's policy (struct vfsim_lsm_ops, public) behind
 * the kernel's (struct lsm_policy): each hook converts the credentials and
 * calls the harness with its own argument.
 */
#include <vfs/kernel.h>
#include <vfs/security.h>
#include <vfsim/vfsim.h>

static const struct vfsim_lsm_ops *harness(struct vfsim *v, void **arg)
{
	*arg = v->lsm_harness_arg;
	return v->lsm_harness_ops;
}

static struct vfsim_cred cred(const struct lsm_cred *c)
{
	return (struct vfsim_cred){ .uid = c->uid, .gid = c->gid, .caps = c->caps };
}

static int post_notification(struct vfsim *v, const struct lsm_cred *watcher,
			     const struct lsm_cred *poster, const void *record)
{
	struct vfsim_cred w = cred(watcher), p = cred(poster);
	void *arg;
	const struct vfsim_lsm_ops *ops = harness(v, &arg);

	return ops->post_notification ?
		ops->post_notification(arg, &w, &p, record) : 0;
}

static int watch_mount(struct vfsim *v, const struct lsm_cred *who,
		       unsigned int mnt_id)
{
	struct vfsim_cred c = cred(who);
	void *arg;
	const struct vfsim_lsm_ops *ops = harness(v, &arg);

	return ops->watch_mount ? ops->watch_mount(arg, &c, mnt_id) : 0;
}

static int watch_sb(struct vfsim *v, const struct lsm_cred *who, u64 sb_id)
{
	struct vfsim_cred c = cred(who);
	void *arg;
	const struct vfsim_lsm_ops *ops = harness(v, &arg);

	return ops->watch_sb ? ops->watch_sb(arg, &c, sb_id) : 0;
}

static int sb_statfs(struct vfsim *v, const struct lsm_cred *who, u64 sb_id)
{
	struct vfsim_cred c = cred(who);
	void *arg;
	const struct vfsim_lsm_ops *ops = harness(v, &arg);

	return ops->sb_statfs ? ops->sb_statfs(arg, &c, sb_id) : 0;
}

static const struct lsm_policy harness_policy = {
	.post_notification = post_notification,
	.watch_mount = watch_mount,
	.watch_sb = watch_sb,
	.sb_statfs = sb_statfs,
};

void vfsim_set_lsm(struct vfsim *v, const struct vfsim_lsm_ops *ops, void *arg)
{
	if (!v)
		return;
	/* "Install before the instance is in use by other threads" (vfsim.h):
	 * the table and argument are set before the policy is published. */
	security_set_policy(v, NULL);
	v->lsm_harness_ops = ops;
	v->lsm_harness_arg = arg;
	if (ops)
		security_set_policy(v, &harness_policy);
}
