// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Fileservers going down and coming back (what Linux's AFS learns from
 * probes and callbacks): each superblock of a volume served by the server
 * gets a NOTIFY_SUPERBLOCK_NETWORK notification.  v17 defines the subtype
 * but nothing posts it and no flags for it; the model's flags (published as
 * VFSIM_AFS_NETWORK_* in <vfsim/afs.h>) are:
 *
 *   WATCH_INFO_FLAG_0 (AFS_NETWORK_SERVER_DOWN)	the server went down;
 *						clear: it came back up
 *   WATCH_INFO_FLAG_1 (AFS_NETWORK_NO_SERVER)	no server of the volume
 *						is up now
 *
 * FLAG_0 is what `sb_network PATH down` (the generic event) calls "down".
 */
#include "internal.h"

#include <uapi/linux/watch_queue.h>
#include <vfs/kernel.h>
#include <vfs/notify.h>

#define AFS_NETWORK_SERVER_DOWN WATCH_INFO_FLAG_0
#define AFS_NETWORK_NO_SERVER WATCH_INFO_FLAG_1

/*
 * afs_set_server_state - mark the server @uuid of @net up or down and tell
 * every volume superblock that uses it.  Returns how many superblocks were
 * told (0 when the state did not change: nothing is posted), or -ENOENT
 * if @net has no such server.
 */
long afs_set_server_state(struct afs_net *net, const uuid_t *uuid, bool up)
{
	struct afs_super_info *as;
	struct afs_server *server;
	long n = 0;

	mutex_lock(&net->lock);
	server = afs_find_server(&net->cells, uuid);
	if (!server) {
		mutex_unlock(&net->lock);
		return -ENOENT;
	}
	if (server->down == !up) {
		mutex_unlock(&net->lock);
		return 0;
	}
	WRITE_ONCE(server->down, !up);

	/* A superblock on the list is alive: its kill_sb takes it off under
	 * net->lock before anything of it goes. */
	list_for_each_entry(as, &net->volume_sbs, net_link) {
		u32 info = up ? 0 : AFS_NETWORK_SERVER_DOWN;

		if (!afs_volume_uses(as->volume, server))
			continue;
		if (!afs_volume_servers_up(as->volume))
			info |= AFS_NETWORK_NO_SERVER;
		notify_sb(as->sb, NOTIFY_SUPERBLOCK_NETWORK, info);
		n++;
	}
	mutex_unlock(&net->lock);
	return n;
}
