// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The mount data of a simulated NFS mount (the kernel's fs/nfs/fs_context.c
 * for the options it shares; the rest describes the simulated server).
 * Strict: an unknown option or a bad value is -EINVAL.  The options and
 * their defaults are documented in docs/filesystems.md.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>

#include <linux/kstrtox.h>
#include <vfs/kernel.h>

#include "internal.h"

struct nfs_name {
	const char *name;
	unsigned int value;
};

/* caps=: NFS_CAP_* by name. */
static const struct nfs_name nfs_cap_names[] = {
	{ "readdirplus", NFS_CAP_READDIRPLUS },	{ "hardlinks", NFS_CAP_HARDLINKS },
	{ "symlinks", NFS_CAP_SYMLINKS },	{ "acls", NFS_CAP_ACLS },
	{ "atomic_open", NFS_CAP_ATOMIC_OPEN },	{ "fileid", NFS_CAP_FILEID },
	{ "mode", NFS_CAP_MODE },		{ "nlink", NFS_CAP_NLINK },
	{ "owner", NFS_CAP_OWNER },		{ "owner_group", NFS_CAP_OWNER_GROUP },
	{ "atime", NFS_CAP_ATIME },		{ "ctime", NFS_CAP_CTIME },
	{ "mtime", NFS_CAP_MTIME },		{ "posix_lock", NFS_CAP_POSIX_LOCK },
	{ "uidgid_nomap", NFS_CAP_UIDGID_NOMAP },
	{ "security_label", NFS_CAP_SECURITY_LABEL },
	{ "seek", NFS_CAP_SEEK },		{ "allocate", NFS_CAP_ALLOCATE },
	{ "deallocate", NFS_CAP_DEALLOCATE },	{ "clone", NFS_CAP_CLONE },
	{ "copy", NFS_CAP_COPY },
};

/* fattr=: NFSv4 attribute numbers (RFC 7530 §5.8) by name. */
static const struct nfs_name nfs_fattr_names[] = {
	{ "supported_attrs", 0 },	{ "type", 1 },		{ "fh_expire_type", 2 },
	{ "change", 3 },		{ "size", 4 },		{ "link_support", 5 },
	{ "symlink_support", 6 },	{ "named_attr", 7 },	{ "fsid", 8 },
	{ "unique_handles", 9 },	{ "lease_time", 10 },	{ "rdattr_error", 11 },
	{ "acl", 12 },			{ "aclsupport", 13 },	{ "archive", 14 },
	{ "cansettime", 15 },		{ "case_insensitive", 16 },
	{ "case_preserving", 17 },	{ "chown_restricted", 18 },
	{ "filehandle", 19 },		{ "fileid", 20 },	{ "files_avail", 21 },
	{ "files_free", 22 },		{ "files_total", 23 },	{ "fs_locations", 24 },
	{ "hidden", 25 },		{ "homogeneous", 26 },	{ "maxfilesize", 27 },
	{ "maxlink", 28 },		{ "maxname", 29 },	{ "maxread", 30 },
	{ "maxwrite", 31 },		{ "mimetype", 32 },	{ "mode", 33 },
	{ "no_trunc", 34 },		{ "numlinks", 35 },	{ "owner", 36 },
	{ "owner_group", 37 },		{ "quota_avail_hard", 38 },
	{ "quota_avail_soft", 39 },	{ "quota_used", 40 },	{ "rawdev", 41 },
	{ "space_avail", 42 },		{ "space_free", 43 },	{ "space_total", 44 },
	{ "space_used", 45 },		{ "system", 46 },	{ "time_access", 47 },
	{ "time_access_set", 48 },	{ "time_backup", 49 },	{ "time_create", 50 },
	{ "time_delta", 51 },		{ "time_metadata", 52 },
	{ "time_modify", 53 },		{ "time_modify_set", 54 },
	{ "mounted_on_fileid", 55 },
};

/*
 * What a server says of itself when the mount data does not: the kernel's
 * own settings for NFSv2/3 (nfs_init_server() gives every POSIX capability,
 * NFSv2 files stop at 2 GiB, v3 adds READDIRPLUS), and for NFSv4 what
 * knfsd over a POSIX filesystem reports.  The v4 attribute list leaves
 * out case_insensitive, archive, hidden and system: v17 reads those bits as
 * if they were the attributes' values (see docs/filesystems.md).
 */
#define NFS_POSIX_CAPS "hardlinks:symlinks:fileid:mode:nlink:owner:owner_group:atime:ctime:mtime"
static const char nfs2_default_caps[] = NFS_POSIX_CAPS;
static const char nfs3_default_caps[] = "readdirplus:" NFS_POSIX_CAPS;
static const char nfs4_default_caps[] = "acls:atomic_open:posix_lock:" NFS_POSIX_CAPS;
static const char nfs4_default_fattr[] =
	"supported_attrs:type:fh_expire_type:change:size:link_support:"
	"symlink_support:named_attr:fsid:unique_handles:lease_time:rdattr_error:"
	"acl:aclsupport:cansettime:case_preserving:chown_restricted:filehandle:"
	"fileid:files_avail:files_free:files_total:fs_locations:homogeneous:"
	"maxfilesize:maxlink:maxname:maxread:maxwrite:"
	"mode:no_trunc:numlinks:owner:owner_group:rawdev:space_avail:space_free:"
	"space_total:space_used:time_access:time_delta:time_metadata:time_modify:"
	"mounted_on_fileid";

/* @list as NAME[:NAME]... (may be empty) looked up in @names; @set gets
 * each value.  -EINVAL for an unknown or empty NAME. */
static int parse_name_list(const char *list, const struct nfs_name *names, size_t nr,
			   void (*set)(void *arg, unsigned int value), void *arg)
{
	const char *w = list;

	if (!*w)
		return 0;
	for (;;) {
		size_t n = strcspn(w, ":"), i;

		for (i = 0; i < nr; i++)
			if (strlen(names[i].name) == n && !strncmp(names[i].name, w, n))
				break;
		if (i == nr)
			return -EINVAL;
		set(arg, names[i].value);
		if (!w[n])
			return 0;
		w += n + 1;
	}
}

static void set_cap(void *arg, unsigned int value)
{
	*(u32 *)arg |= value;
}

static void set_fattr(void *arg, unsigned int value)
{
	u32 *words = arg;

	words[value / 32] |= FATTR4_BIT(value);
}

static int parse_caps(const char *val, u32 *caps)
{
	*caps = 0;
	return parse_name_list(val, nfs_cap_names, ARRAY_SIZE(nfs_cap_names), set_cap, caps);
}

static int parse_fattr(const char *val, u32 *words)
{
	memset(words, 0, NFS_ATTR_WORDS * sizeof(*words));
	return parse_name_list(val, nfs_fattr_names, ARRAY_SIZE(nfs_fattr_names),
			       set_fattr, words);
}

static int parse_u64(const char *val, unsigned int base, u64 *out)
{
	unsigned long long n;

	if (!val || kstrtoull(val, base, &n))
		return -EINVAL;
	*out = n;
	return 0;
}

/* vers=: 2, 3, 4 (= 4.0: the model does not negotiate), 4.0, 4.1, 4.2. */
static int parse_version(const char *val, struct nfs_fs_context *ctx)
{
	static const struct {
		const char *s;
		u32 version, minor;
	} vers[] = {
		{ "2", 2, 0 }, { "3", 3, 0 }, { "4", 4, 0 },
		{ "4.0", 4, 0 }, { "4.1", 4, 1 }, { "4.2", 4, 2 },
	};
	size_t i;

	for (i = 0; val && i < ARRAY_SIZE(vers); i++) {
		if (!strcmp(val, vers[i].s)) {
			ctx->version = vers[i].version;
			ctx->minorversion = vers[i].minor;
			return 0;
		}
	}
	return -EINVAL;
}

/* An IPv4 or IPv6 literal into ctx->addr (port filled in later). */
static int parse_address(const char *s, struct nfs_fs_context *ctx)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)&ctx->addr;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ctx->addr;

	memset(&ctx->addr, 0, sizeof(ctx->addr));
	if (inet_pton(AF_INET, s, &sin->sin_addr) == 1) {
		sin->sin_family = AF_INET;
		ctx->addrlen = sizeof(*sin);
		return 0;
	}
	if (inet_pton(AF_INET6, s, &sin6->sin6_addr) == 1) {
		sin6->sin6_family = AF_INET6;
		ctx->addrlen = sizeof(*sin6);
		return 0;
	}
	ctx->addrlen = 0;
	return -EINVAL;
}

/*
 * The source as nfs_parse_source() reads it: HOST:/PATH, or [IPV6]:/PATH.
 * A source without a ':' names no server (then server= must).
 */
static int parse_source(const char *src, struct nfs_fs_context *ctx)
{
	const char *host = src, *end;
	size_t hlen;

	if (!src || !strchr(src, ':'))
		return 0;
	if (*src == '[') {
		host = src + 1;
		end = strchr(host, ']');
		if (!end || end[1] != ':')
			return -EINVAL;
	} else {
		end = strchr(src, ':');
	}
	hlen = (size_t)(end - host);
	ctx->export_path = end + (*src == '[' ? 2 : 1);
	if (hlen == 0 || hlen > NFS_MAXHOSTNAME ||
	    ctx->export_path[0] != '/' || strlen(ctx->export_path) > NFS_MAXPATHLEN)
		return -EINVAL;
	memcpy(ctx->host, host, hlen);
	ctx->host[hlen] = 0;
	ctx->hostname = ctx->host;
	return 0;
}

static int parse_one(struct nfs_fs_context *ctx, char *opt, const char **server,
		     const char **addr, bool *caps_set, bool *fattr_set,
		     bool *time_delta_set, bool *maxfilesize_set)
{
	char *val = strchr(opt, '=');
	u64 n;

	if (!val)
		return -EINVAL;	/* every option has a value */
	*val++ = 0;
	if (!strcmp(opt, "vers") || !strcmp(opt, "nfsvers"))
		return parse_version(val, ctx);
	if (!strcmp(opt, "server")) {
		if (!*val || strlen(val) > NFS_MAXHOSTNAME)
			return -EINVAL;
		*server = val;
		return 0;
	}
	if (!strcmp(opt, "addr")) {
		*addr = val;
		return parse_address(val, ctx);
	}
	if (!strcmp(opt, "port")) {
		if (parse_u64(val, 10, &n) || n == 0 || n > 65535)
			return -EINVAL;
		ctx->port = (unsigned int)n;
		return 0;
	}
	if (!strcmp(opt, "proto")) {
		if (!strcmp(val, "tcp"))
			ctx->proto = IPPROTO_TCP;
		else if (!strcmp(val, "udp"))
			ctx->proto = IPPROTO_UDP;
		else
			return -EINVAL;
		return 0;
	}
	if (!strcmp(opt, "acceptor")) {
		if (strlen(val) > NFS_MAXHOSTNAME)
			return -EINVAL;
		ctx->acceptor = val;
		return 0;
	}
	if (!strcmp(opt, "time_delta")) {
		*time_delta_set = true;
		return parse_u64(val, 10, &ctx->time_delta_ns);
	}
	if (!strcmp(opt, "maxfilesize")) {
		/* decimal or 0x hex; a leading 0 is not octal */
		bool hex = val[0] == '0' && (val[1] == 'x' || val[1] == 'X');

		*maxfilesize_set = true;
		return parse_u64(val, hex ? 16 : 10, &ctx->maxfilesize);
	}
	if (!strcmp(opt, "caps")) {
		*caps_set = true;
		return parse_caps(val, &ctx->caps);
	}
	if (!strcmp(opt, "fattr")) {
		*fattr_set = true;
		return parse_fattr(val, ctx->attr_bitmask);
	}
	return -EINVAL;
}

/*
 * nfs_parse_mount_data - fc->source and fc->data into @ctx, with the
 * version's defaults for what the data leaves out; @nfs4: for the "nfs4"
 * type, which speaks 4.0 unless vers= names another minor version, and
 * refuses versions 2 and 3.  Empty options are skipped, as the kernel's
 * monolithic option parser skips them; later options win over earlier
 * ones.
 */
int nfs_parse_mount_data(struct fs_context *fc, bool nfs4, struct nfs_fs_context *ctx)
{
	bool caps_set = false, fattr_set = false, td_set = false, mfs_set = false;
	const char *server = NULL, *addr = NULL;
	char *opt, *save = NULL;
	int err;

	memset(ctx, 0, sizeof(*ctx));
	ctx->proto = IPPROTO_TCP;
	ctx->port = NFS_PORT;
	ctx->version = nfs4 ? 4 : 3;

	if (fc->data) {
		/* The kernel copies one page of mount data. */
		if (strlen(fc->data) >= sizeof(ctx->data))
			return -EINVAL;
		strcpy(ctx->data, fc->data);
		for (opt = strtok_r(ctx->data, ",", &save); opt;
		     opt = strtok_r(NULL, ",", &save)) {
			err = parse_one(ctx, opt, &server, &addr, &caps_set,
					&fattr_set, &td_set, &mfs_set);
			if (err)
				return err;
		}
	}

	/* nfs4 speaks only 4.x, and NFSv4 needs a congestion-controlled
	 * transport (RFC 7530 §3.1): the kernel refuses udp for it. */
	if (nfs4 && ctx->version != 4)
		return -EINVAL;
	if (ctx->version == 4 && ctx->proto == IPPROTO_UDP)
		return -EINVAL;

	err = parse_source(fc->source, ctx);
	if (err)
		return err;
	if (server && ctx->hostname && strcmp(server, ctx->hostname))
		return -EINVAL;	/* two names for the server */
	if (server)
		ctx->hostname = server;
	if (!ctx->hostname)
		return -EINVAL;
	/* No resolver in the model: the host must be a literal if addr= is absent. */
	if (!addr && parse_address(ctx->hostname, ctx))
		return -EINVAL;
	if (ctx->addr.ss_family == AF_INET)
		((struct sockaddr_in *)&ctx->addr)->sin_port = htons((u16)ctx->port);
	else
		((struct sockaddr_in6 *)&ctx->addr)->sin6_port = htons((u16)ctx->port);

	if (!caps_set)
		parse_caps(ctx->version == 2 ? nfs2_default_caps :
			   ctx->version == 3 ? nfs3_default_caps : nfs4_default_caps,
			   &ctx->caps);
	if (!fattr_set && ctx->version == 4)
		parse_fattr(nfs4_default_fattr, ctx->attr_bitmask);
	if (!td_set)
		ctx->time_delta_ns = ctx->version == 2 ? 0 :
				     ctx->version == 3 ? 1000000 : 1;
	if (!mfs_set)
		ctx->maxfilesize = ctx->version == 2 ? 0x7fffffffULL : 0x7fffffffffffffffULL;
	return 0;
}
