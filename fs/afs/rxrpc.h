/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The AF_RXRPC socket address: the element type of
 * FSINFO_ATTR_AFS_SERVER_ADDRESSES (patch 15).  The system's
 * <linux/rxrpc.h> is used where it exists, so the layout is Linux's own;
 * otherwise a duplicated definition with the same layout stands in.
 *
 * Include this after <netinet/in.h>: <linux/in.h> then leaves glibc's
 * definitions alone (linux/libc-compat.h).
 */
#ifndef _VFSIM_FS_AFS_RXRPC_H
#define _VFSIM_FS_AFS_RXRPC_H

#include <netinet/in.h>
#include <stddef.h>
#include <sys/socket.h>

#if defined(__has_include) && __has_include(<linux/rxrpc.h>)
#include <linux/rxrpc.h>
#else
#include <linux/socket.h>

/* Duplicated: include/uapi/linux/rxrpc.h. */
struct sockaddr_rxrpc {
	__kernel_sa_family_t	srx_family;	/* address family */
	__u16			srx_service;	/* service desired */
	__u16			transport_type;	/* type of transport socket (SOCK_DGRAM) */
	__u16			transport_len;	/* length of transport address */
	union {
		__kernel_sa_family_t family;	/* transport address family */
		struct sockaddr_in sin;		/* IPv4 transport address */
		struct sockaddr_in6 sin6;	/* IPv6 transport address */
	} transport;
};
#endif

#ifndef AF_RXRPC
#define AF_RXRPC 33
#endif

/* The layout test-fsinfo and `vfsim fsinfo` decode. */
_Static_assert(AF_RXRPC == 33, "AF_RXRPC");
_Static_assert(offsetof(struct sockaddr_rxrpc, srx_service) == 2, "srx_service");
_Static_assert(offsetof(struct sockaddr_rxrpc, transport_type) == 4, "transport_type");
_Static_assert(offsetof(struct sockaddr_rxrpc, transport_len) == 6, "transport_len");
_Static_assert(offsetof(struct sockaddr_rxrpc, transport) == 8, "transport");
_Static_assert(sizeof(struct sockaddr_rxrpc) == 36, "sockaddr_rxrpc");

#endif
