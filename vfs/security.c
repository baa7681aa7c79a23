// SPDX-License-Identifier: LGPL-2.1-or-later
/* The LSM hooks (security/security.c): see vfs/security.h. */
#include <linux/bug.h>
#include <vfs/kernel.h>
#include <vfs/security.h>

void vfsim_set_lsm_hook(struct vfsim *v, vfsim_lsm_fn fn, void *arg)
{
	v->lsm_arg = arg;
	WRITE_ONCE(v->lsm_hook, fn);
}

int vfsim_lsm_ask(struct vfsim_lsm_call *call)
{
	struct vfsim *v = current_kernel();
	vfsim_lsm_fn fn = READ_ONCE(v->lsm_hook);
	int ret;

	if (!fn)
		return 0;
	call->task = (struct vfsim_task *)current;
	ret = fn(v->lsm_arg, call);
	/* A hook allows (0) or refuses (-errno); anything else is the
	 * policy's bug, and refusing is the safe reading of it. */
	if (WARN_ON(ret > 0 || ret < -4095))
		return -EPERM;
	return ret;
}

int security_sb_statfs(struct dentry *dentry)
{
	struct super_block *sb = dentry->d_sb;
	struct vfsim_lsm_call call = {
		.hook	= VFSIM_LSM_SB_STATFS,
		.sb_id	= sb->s_unique_id,
		.fstype	= sb->s_type->name,
	};

	return vfsim_lsm_ask(&call);
}
