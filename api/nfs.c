// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public calls of the simulated NFS client (include/vfsim/nfs.h). */
#include <fcntl.h>

#include <api/api.h>
#include <vfs/namei.h>
#include <vfsim/nfs.h>

#include <fs/nfs/internal.h>

static bool is_nfs(const struct super_block *sb)
{
	return sb->s_op && sb->s_op->network_status == nfs_network_status;
}

static long nfs_server_status(const char __user *pathname,
			      struct vfsim_nfs_server_status *st)
{
	struct nfs_client *clp;
	struct path path;
	struct nfs_server *s;
	long ret;

	if (!st)
		return -EINVAL;
	ret = user_path_at(AT_FDCWD, pathname, LOOKUP_FOLLOW, &path);
	if (ret)
		return ret;
	if (!is_nfs(path.dentry->d_sb)) {
		path_put(&path);
		return -EOPNOTSUPP;
	}
	clp = NFS_SB(path.dentry->d_sb)->nfs_client;
	mutex_lock(&clp->cl_lock);
	st->info_flags = clp->cl_net_status;
	st->changes = clp->cl_net_changes;
	st->superblocks = 0;
	list_for_each_entry(s, &clp->cl_superblocks, client_link)
		st->superblocks++;
	mutex_unlock(&clp->cl_lock);
	path_put(&path);
	return 0;
}

long vfsim_nfs_server_status(struct vfsim_task *t, const char *path,
			     struct vfsim_nfs_server_status *st)
{
	return VFSIM_SYSCALL(t, nfs_server_status(path, st));
}
