// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Network status changes (super_operations.network_status, raised by
 * vfsim_sb_network() on any path of an NFS mount).  Reachability is a
 * property of the server machine, not of one mount: the new state is
 * recorded on the nfs_client, where vfsim_nfs_server_status() reads it,
 * and every superblock mounted from that server posts a
 * NOTIFY_SUPERBLOCK_NETWORK record carrying @info_flags - the superblock
 * the event was raised on first, then the others in the order they were
 * mounted.  The flags mean what the harness says they mean; the model's
 * convention is WATCH_INFO_FLAG_0 = the server does not answer, no flag =
 * it answers again.  Every call is a report, posted even if the state
 * did not change.
 *
 * The raising superblock's s_umount is held for writing (sb_raise_event());
 * the others are posted to under the client's lock and RCU, without their
 * s_umount (taking a second one under the first could deadlock against a
 * report raised on the other superblock): a superblock on cl_superblocks
 * is alive, as ->put_super takes it off first, and its watch list, which
 * deactivate_locked_super() may be tearing down meanwhile, is freed only
 * after an RCU grace period.
 */
#include <linux/rcupdate.h>
#include <vfs/kernel.h>
#include <vfs/notify.h>

#include "internal.h"

int nfs_network_status(struct super_block *sb, unsigned int info_flags)
{
	struct nfs_server *server = NFS_SB(sb), *s;
	struct nfs_client *clp = server->nfs_client;

	mutex_lock(&clp->cl_lock);
	clp->cl_net_status = info_flags;
	clp->cl_net_changes++;
	notify_sb(sb, NOTIFY_SUPERBLOCK_NETWORK, info_flags);
	list_for_each_entry(s, &clp->cl_superblocks, client_link) {
		if (s == server)
			continue;
		rcu_read_lock();
		notify_sb(s->super, NOTIFY_SUPERBLOCK_NETWORK, info_flags);
		rcu_read_unlock();
	}
	mutex_unlock(&clp->cl_lock);
	return 0;
}
