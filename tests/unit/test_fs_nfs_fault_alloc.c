/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (common/fault_sweep.h) over NFS
 * mounting (and the calls that reach the NFS client): each failure
 * returns -ENOMEM, leaves no allocation behind, the tree exactly as it
 * was and the server's client state as it was (no half-linked
 * superblock, no change counted); the operation then succeeds when run
 * again.
 *
 *   /            rootfs
 *   |-/have      nfs4 "fileserver.example:/" 4.2 192.0.2.10   (setup_have only)
 *   `-/m         where the operations mount
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/nfs.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/vfstest.h"

static void setup_empty(struct fault_run *r)
{
	OK(vfsim_mkdirat(r->t, AT_FDCWD, "/m", 0755));
}

static void setup_have(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	setup_empty(r);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/have", 0755));
	OK(vfsim_mount(t, "fileserver.example:/", "/have", "nfs4", 0,
		       "vers=4.2,addr=192.0.2.10"));
}

/* A new client: the server record, the client, its host name. */
static long op_mount_v3(struct fault_run *r)
{
	return vfsim_mount(r->t, "fileserver.example:/home", "/m", "nfs", MS_NODEV,
			   "vers=3,addr=192.0.2.10,time_delta=1000,caps=mode:owner");
}

/* ... and its acceptor. */
static long op_mount_v41_ipv6(struct fault_run *r)
{
	return vfsim_mount(r->t, "v6.example:/srv", "/m", "nfs4", 0,
			   "vers=4.1,addr=2001:db8::10,acceptor=nfs@v6.example");
}

/* The client of /have, shared: only the server record is new. */
static long op_mount_shared(struct fault_run *r)
{
	return vfsim_mount(r->t, "fileserver.example:/home", "/m", "nfs4", 0,
			   "vers=4.2,addr=192.0.2.10");
}

/* The last superblock of a client takes the client with it. */
static long op_umount_last(struct fault_run *r)
{
	return vfsim_umount2(r->t, "/have", 0);
}

static long op_network(struct fault_run *r)
{
	return vfsim_sb_network(r->t, "/have", WATCH_INFO_FLAG_0);
}

/* The tree and the client state of /have ("-" when there is no /have). */
static char *tree_and_client(struct fault_run *r)
{
	struct vfsim_nfs_server_status st;
	char *tree = vt_tree(r->t, VT_ALL), *s;
	int n;

	cr_assert_not_null(tree);
	if (vfsim_nfs_server_status(r->t, "/have", &st))
		n = asprintf(&s, "%s-\n", tree);
	else
		n = asprintf(&s, "%s%#x %u %u\n", tree, st.info_flags, st.changes,
			     st.superblocks);
	cr_assert_neq(n, -1);
	free(tree);
	return s;
}

#define NFS_SWEEP(id, ...)						\
	FAULT_ALLOC_TEST(fs_nfs_fault_alloc, id, .snapshot = tree_and_client,	\
			 .frees_all = true, __VA_ARGS__)

NFS_SWEEP(mount_v3, .setup = setup_empty, .op = op_mount_v3)
NFS_SWEEP(mount_v41_ipv6, .setup = setup_empty, .op = op_mount_v41_ipv6)
NFS_SWEEP(mount_shared_client, .setup = setup_have, .op = op_mount_shared)
NFS_SWEEP(umount_last, .setup = setup_have, .op = op_umount_last)
/* the path's copy: nothing reaches the client */
NFS_SWEEP(network, .setup = setup_have, .op = op_network)
