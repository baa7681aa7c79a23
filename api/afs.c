// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The public AFS calls of <vfsim/afs.h>: they act on the instance's cell
 * database as the kernel would from below (a probe finding a fileserver
 * gone, an administrator adding cells), entered as the init task.
 */
#include <fs/afs/internal.h>

#include <vfs/kernel.h>
#include <uapi/linux/watch_queue.h>
#include <vfsim/afs.h>

/* What fs/afs/server.c posts. */
_Static_assert(VFSIM_AFS_NETWORK_SERVER_DOWN == WATCH_INFO_FLAG_0, "server down flag");
_Static_assert(VFSIM_AFS_NETWORK_NO_SERVER == WATCH_INFO_FLAG_1, "no server flag");

static long afs_server_state(struct vfsim *v, const char *uuid_str, bool up)
{
	struct vfsim_entry e;
	struct afs_net *net;
	uuid_t uuid;
	long ret;

	if (!v || !v->booted || afs_parse_uuid(uuid_str, &uuid))
		return -EINVAL;
	vfsim_enter(&e, v->init_task);
	net = afs_net_find(v);
	ret = net ? afs_set_server_state(net, &uuid, up) : -ENOENT;
	afs_put_net(net);
	vfsim_leave(&e);
	return ret;
}

long vfsim_afs_server_down(struct vfsim *v, const char *uuid)
{
	return afs_server_state(v, uuid, false);
}

long vfsim_afs_server_up(struct vfsim *v, const char *uuid)
{
	return afs_server_state(v, uuid, true);
}

long vfsim_afs_add_cells(struct vfsim *v, const char *spec)
{
	struct afs_fs_context ctx;
	struct vfsim_entry e;
	struct afs_net *net;
	long ret;

	if (!v || !v->booted || !spec)
		return -EINVAL;
	vfsim_enter(&e, v->init_task);
	afs_init_fs_context(&ctx);
	ret = afs_parse_data(&ctx, spec, true);
	if (!ret && list_empty(&ctx.cells))
		ret = -EINVAL;
	if (!ret) {
		mutex_lock(&afs_net(v)->mount_mutex);
		net = afs_net_find(v);
		ret = net ? afs_net_add_cells(net, &ctx.cells) : -ENOENT;
		afs_put_net(net);
		mutex_unlock(&afs_net(v)->mount_mutex);
	}
	afs_free_fs_context(&ctx);
	vfsim_leave(&e);
	return ret;
}
