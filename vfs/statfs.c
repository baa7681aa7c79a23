// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * statfs of a superblock (fs/statfs.c).  fsinfo()'s STATFS and IDS
 * attributes are built on it; statfs(2) itself is not modelled, so the
 * mount flags part of the result (f_flags) is left 0.
 */
#include <vfs/kernel.h>
#include <vfs/security.h>

int statfs_by_dentry(struct dentry *dentry, struct kstatfs *buf)
{
	const struct super_operations *sop = dentry->d_sb->s_op;
	int ret;

	if (!sop || !sop->statfs)
		return -ENOSYS;
	memset(buf, 0, sizeof(*buf));
	ret = security_sb_statfs(dentry);
	if (ret)
		return ret;
	ret = sop->statfs(dentry, buf);
	if (ret == 0 && buf->f_frsize == 0)
		buf->f_frsize = buf->f_bsize;
	return ret;
}

int vfs_statfs(const struct path *path, struct kstatfs *buf)
{
	return statfs_by_dentry(path->dentry, buf);
}
