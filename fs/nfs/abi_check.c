// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The UAPI patch 17 adds, checked at compile time: <linux/windows.h>'s
 * values and the NFS fsinfo structures (the patch's own numbers), and
 * that the addresses the model stores fit the 128-byte list element.
 */
#include <netinet/in.h>
#include <stddef.h>

#include <uapi/linux/fsinfo.h>
#include <uapi/linux/windows.h>

#include "internal.h"

_Static_assert(ATTR_READONLY == 0x0001 && ATTR_HIDDEN == 0x0002 &&
	       ATTR_SYSTEM == 0x0004 && ATTR_VOLUME == 0x0008 &&
	       ATTR_DIRECTORY == 0x0010 && ATTR_ARCHIVE == 0x0020 &&
	       ATTR_DEVICE == 0x0040 && ATTR_NORMAL == 0x0080 &&
	       ATTR_TEMPORARY == 0x0100 && ATTR_SPARSE == 0x0200 &&
	       ATTR_REPARSE == 0x0400 && ATTR_COMPRESSED == 0x0800 &&
	       ATTR_OFFLINE == 0x1000 && ATTR_NOT_CONTENT_INDEXED == 0x2000 &&
	       ATTR_ENCRYPTED == 0x4000, "Windows file attributes");
_Static_assert(ATTR_POSIX_SEMANTICS == 0x01000000 &&
	       ATTR_BACKUP_SEMANTICS == 0x02000000 &&
	       ATTR_DELETE_ON_CLOSE == 0x04000000 &&
	       ATTR_SEQUENTIAL_SCAN == 0x08000000 &&
	       ATTR_RANDOM_ACCESS == 0x10000000 &&
	       ATTR_NO_BUFFERING == 0x20000000 &&
	       ATTR_WRITE_THROUGH == 0x80000000U, "Windows open flags");

_Static_assert(sizeof(struct fsinfo_nfs_info) == 12 &&
	       offsetof(struct fsinfo_nfs_info, version) == 0 &&
	       offsetof(struct fsinfo_nfs_info, minor_version) == 4 &&
	       offsetof(struct fsinfo_nfs_info, transport_proto) == 8,
	       "struct fsinfo_nfs_info");
_Static_assert(sizeof(struct fsinfo_nfs_server_address) == 128,
	       "struct fsinfo_nfs_server_address");
_Static_assert(sizeof(struct sockaddr_in) <= sizeof(struct fsinfo_nfs_server_address) &&
	       sizeof(struct sockaddr_in6) <= sizeof(struct fsinfo_nfs_server_address) &&
	       sizeof(((struct nfs_client *)0)->cl_addr) <=
	       sizeof(struct fsinfo_nfs_server_address),
	       "a server address fits one list element");
_Static_assert(IPPROTO_TCP == 6 && IPPROTO_UDP == 17, "transport_proto values");
_Static_assert(FATTR4_WORD1_NUMLINKS == (1U << 3) && FATTR4_WORD1_SYSTEM == (1U << 14) &&
	       FATTR4_WORD0_CASE_INSENSITIVE == (1U << 16) &&
	       FATTR4_WORD0_HIDDEN == (1U << 25), "FATTR4 bits (include/linux/nfs4.h)");
