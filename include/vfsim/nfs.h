/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The simulated NFS client's state a harness may read back (fs/nfs/api.c).
 * An NFS mount is made and configured with vfsim_mount() and its mount
 * data (docs/filesystems.md); its server's reachability changes with
 * vfsim_sb_network() on any path of the mount.
 */
#ifndef VFSIM_NFS_H
#define VFSIM_NFS_H

#include <stdint.h>

#include <vfsim/vfsim.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the NFS client knows of the server a mount is from. */
struct vfsim_nfs_server_status {
	/* Info flags (WATCH_INFO_FLAG_*, bits 16-23) of the last network
	 * status change reported: 0 until the first one and after "up";
	 * WATCH_INFO_FLAG_0 is the model's "the server does not answer". */
	uint32_t info_flags;
	/* Network status changes reported for this server so far. */
	uint32_t changes;
	/* Superblocks mounted from this server (sharing its client). */
	uint32_t superblocks;
};

/**
 * vfsim_nfs_server_status - the state of the server of the NFS mount @path
 * resolves to (looked up as @t, following symlinks).  0, -EOPNOTSUPP if
 * @path is not on an NFS filesystem, -EINVAL for a NULL @st, or the
 * lookup's -errno.
 */
VFSIM_API long vfsim_nfs_server_status(struct vfsim_task *t, const char *path,
				       struct vfsim_nfs_server_status *st);

#ifdef __cplusplus
}
#endif

#endif
