// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The text forms of what identifies a fileserver: UUIDs (parsed by
 * uuid_parse(), in either case; printed as "%pU" prints them) and rxrpc
 * addresses, kept in the order Linux keeps a server's address list in.
 * Plus the two small parsers the mount-data parser (super.c) shares with
 * them.
 *
 * ADDR is A.B.C.D[:PORT], [IPV6][:PORT] or a bare IPV6 (no port); the port
 * is 7000, the fileserver's, by default.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

#include <linux/slab.h>

int afs_parse_uint(const char *s, unsigned long long max, unsigned long long *out)
{
	char *end;

	if (!s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	*out = strtoull(s, &end, 10);
	if (errno || *end || *out > max)
		return -EINVAL;
	return 0;
}

/*
 * Split off the next @sep-separated word of *@s (strsep), refusing the
 * empty word that strtok would skip ("a++b", "a+", "+a").
 */
int afs_next_word(char **s, int sep, char **word)
{
	char *w = *s, *e;

	if (!w)
		return 0;	/* no more: *word stays NULL */
	e = strchr(w, sep);
	if (e)
		*e++ = 0;
	*s = e;
	if (!*w)
		return -EINVAL;
	*word = w;
	return 1;
}

/*
 * A fileserver's UUID in the mount data or from the API: the whole word
 * is the UUID, so unlike uuid_parse() alone, anything after its 36
 * characters is refused.
 */
int afs_parse_uuid(const char *s, uuid_t *uuid)
{
	if (!s || strlen(s) != UUID_STRING_LEN)
		return -EINVAL;
	return uuid_parse(s, uuid);
}

void afs_uuid_str(const uuid_t *u, char buf[37])
{
	const u8 *b = u->b;

	snprintf(buf, 37,
		 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9],
		 b[10], b[11], b[12], b[13], b[14], b[15]);
}

static int parse_port(const char *s, u16 *port)
{
	unsigned long long n;

	if (afs_parse_uint(s, 65535, &n) || n == 0)
		return -EINVAL;
	*port = (u16)n;
	return 0;
}

static int parse_addr(char *s, struct sockaddr_rxrpc *srx)
{
	u16 port = AFS_FS_PORT;
	char *p;

	memset(srx, 0, sizeof(*srx));
	srx->srx_family = AF_RXRPC;
	srx->srx_service = FS_SERVICE;
	srx->transport_type = SOCK_DGRAM;

	if (*s == '[') {
		p = strchr(s, ']');
		if (!p)
			return -EINVAL;
		*p++ = 0;
		if (*p == ':') {
			if (parse_port(p + 1, &port))
				return -EINVAL;
		} else if (*p) {
			return -EINVAL;
		}
		s++;
		goto ipv6;
	}
	p = strchr(s, ':');
	if (p && strchr(p + 1, ':'))
		goto ipv6;		/* a bare IPv6 address, no port */
	if (p) {
		*p = 0;
		if (parse_port(p + 1, &port))
			return -EINVAL;
	}
	if (inet_pton(AF_INET, s, &srx->transport.sin.sin_addr) != 1)
		return -EINVAL;
	srx->transport_len = sizeof(srx->transport.sin);
	srx->transport.sin.sin_family = AF_INET;
	srx->transport.sin.sin_port = htons(port);
	return 0;

ipv6:
	if (inet_pton(AF_INET6, s, &srx->transport.sin6.sin6_addr) != 1)
		return -EINVAL;
	srx->transport_len = sizeof(srx->transport.sin6);
	srx->transport.sin6.sin6_family = AF_INET6;
	srx->transport.sin6.sin6_port = htons(port);
	return 0;
}

/*
 * The order afs_merge_fs_addr4() and afs_merge_fs_addr6() keep an address
 * list in: IPv4 first, by address then port (host order), then IPv6, by
 * address bytes then port.
 */
static int addr_cmp(const struct sockaddr_rxrpc *a, const struct sockaddr_rxrpc *b)
{
	int d;

	if (a->transport.family != b->transport.family)
		return a->transport.family == AF_INET ? -1 : 1;
	if (a->transport.family == AF_INET) {
		u32 x = ntohl(a->transport.sin.sin_addr.s_addr);
		u32 y = ntohl(b->transport.sin.sin_addr.s_addr);

		if (x != y)
			return x < y ? -1 : 1;
		return (int)ntohs(a->transport.sin.sin_port) -
		       (int)ntohs(b->transport.sin.sin_port);
	}
	d = memcmp(&a->transport.sin6.sin6_addr, &b->transport.sin6.sin6_addr,
		   sizeof(struct in6_addr));
	if (d)
		return d;
	return (int)ntohs(a->transport.sin6.sin6_port) -
	       (int)ntohs(b->transport.sin6.sin6_port);
}

/* "ADDR[+ADDR]..." into a new server's sorted address list. */
int afs_parse_addr_list(char *list, struct afs_server *server)
{
	struct sockaddr_rxrpc addrs[AFS_MAX_ADDRS];
	unsigned int n = 0, i;
	char *a;
	int ret;

	while ((ret = afs_next_word(&list, '+', &a)) > 0) {
		struct sockaddr_rxrpc srx;

		if (n == AFS_MAX_ADDRS || parse_addr(a, &srx))
			return -EINVAL;
		/* insertion sort; the same address twice is an error */
		for (i = n; i > 0; i--) {
			int d = addr_cmp(&srx, &addrs[i - 1]);

			if (d == 0)
				return -EINVAL;
			if (d > 0)
				break;
			addrs[i] = addrs[i - 1];
		}
		addrs[i] = srx;
		n++;
	}
	if (ret < 0)
		return ret;	/* "server=UUID@", "@a+", "@a++b" */
	server->addrs = kmemdup(addrs, n * sizeof(addrs[0]), GFP_KERNEL);
	if (!server->addrs)
		return -ENOMEM;
	server->nr_addrs = n;
	return 0;
}
