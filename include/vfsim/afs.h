/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim's simulated AFS: what a harness does to it from outside, beyond
 * mounting it (docs/filesystems.md, "afs", has the mount data that defines
 * cells, fileservers and volumes).
 *
 * An instance has one AFS cell database.  It is made by the first AFS
 * mount and lives as long as some AFS superblock does (the dynamic root
 * /afs, or a volume); these calls return -ENOENT while there is none.
 */
#ifndef VFSIM_AFS_H
#define VFSIM_AFS_H

#include <vfsim/vfsim.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The info flags of the NOTIFY_SUPERBLOCK_NETWORK records AFS posts when a
 * fileserver goes down or comes back, one record per superblock of a
 * volume the server serves:
 *  SERVER_DOWN (WATCH_INFO_FLAG_0): the server went down; clear: it came up.
 *  NO_SERVER   (WATCH_INFO_FLAG_1): no server of that volume is up now.
 */
#define VFSIM_AFS_NETWORK_SERVER_DOWN 0x00010000U
#define VFSIM_AFS_NETWORK_NO_SERVER   0x00020000U

/**
 * vfsim_afs_server_down - the fileserver with UUID @uuid (36 characters,
 * 8-4-4-4-12 hex, either case) stops answering.  Each superblock of a
 * volume it serves gets a NETWORK notification (flags above).  A volume
 * none of whose servers is up can then not be mounted anew (EHOSTUNREACH).
 * Returns the number of superblocks notified (0 if the server was down
 * already: nothing is posted), -EINVAL for a malformed UUID, -ENOENT if
 * there is no AFS database or no such server in it.
 */
VFSIM_API long vfsim_afs_server_down(struct vfsim *v, const char *uuid);
/** vfsim_afs_server_up - the same, for the server coming back. */
VFSIM_API long vfsim_afs_server_up(struct vfsim *v, const char *uuid);

/**
 * vfsim_afs_add_cells - add the cells @spec defines to the database, as
 * writing to /proc/fs/afs/cells does in Linux: @spec is the cell part of
 * AFS mount data ("cell=NAME,server=...,volume=...,dir=..."), and each new
 * cell gets its directory in the dynamic root.  All or nothing: 0, or
 * -EINVAL (a malformed spec, or options other than cell definitions),
 * -EEXIST (a cell or server UUID already in the database), -ENOMEM,
 * -ENOENT (no AFS database).
 */
VFSIM_API long vfsim_afs_add_cells(struct vfsim *v, const char *spec);

#ifdef __cplusplus
}
#endif
#endif /* VFSIM_AFS_H */
