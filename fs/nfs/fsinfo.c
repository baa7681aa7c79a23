// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsinfo() for NFS (patch 17/17): the table patch 17 installs on nfs_sops
 * and nfs4_sops, with values taken from the server record the mount data
 * made.  Everything else comes from the common table.
 *
 * Erratum B13 (docs/errata.md), NFS's share, fixed by default; with
 * VFSIM_QUIRK_B13 the posted behaviour comes back:
 *  - FEATURES never sets nr_features (callers see 0 features);
 *  - SUPPORTS claims STATX_TYPE|STATX_MODE when the server does *not* have
 *    NFS_CAP_MODE (the test is inverted; FEATURES' NO_UNIX_MODE test is
 *    the right way round in v17 already);
 *  - TIMESTAMP_INFO stores the granularity mantissa in a __u16 whatever
 *    its size, so time_delta = 65536 ns reads as 0 x 10^-9 s.
 */
#include <netinet/in.h>
#include <sys/stat.h>

#include <fsinfo/fsinfo.h>
#include <uapi/linux/windows.h>
#include <vfs/kernel.h>

#include "internal.h"

/* glibc's <sys/stat.h> has the statx bits with _GNU_SOURCE. */
#ifndef STATX_TYPE
#define STATX_TYPE		0x00000001U
#define STATX_MODE		0x00000002U
#define STATX_NLINK		0x00000004U
#define STATX_UID		0x00000008U
#define STATX_GID		0x00000010U
#define STATX_ATIME		0x00000020U
#define STATX_MTIME		0x00000040U
#define STATX_CTIME		0x00000080U
#define STATX_SIZE		0x00000200U
#endif
#ifndef STATX_ATTR_AUTOMOUNT
#define STATX_ATTR_AUTOMOUNT	0x00001000ULL
#endif

static bool nfs_b13(const struct super_block *sb)
{
	return vfsim_quirk(sb->s_kernel, 13);
}

/*
 * The server's time_delta as mantissa x 10^exponent seconds: trailing
 * decimal zeros of the nanoseconds move into the exponent; 0 (the server
 * did not say) is 1 s.  A mantissa above 65535 does not fit the __u16:
 * the model rounds it up to fewer digits (exponent + 1 each time), so the
 * granularity reported is the finest one that is representable and not
 * finer than the server's.  v17 (B13) keeps the low 16 bits instead.
 */
void nfs_time_granularity(u64 nsec, bool b13, u16 *mantissa, s8 *exponent)
{
	int exp = -9;

	if (nsec == 0) {
		*mantissa = 1;
		*exponent = 0;
		return;
	}
	for (;;) {
		while (nsec % 10 == 0) {
			nsec /= 10;
			exp++;
		}
		if (b13 || nsec <= UINT16_MAX)
			break;
		nsec = nsec / 10 + (nsec % 10 != 0);	/* up, without overflow */
		exp++;
	}
	*mantissa = (u16)nsec;
	*exponent = (s8)exp;
}

static int nfs_fsinfo_get_timestamp_info(struct path *path, struct fsinfo_context *ctx)
{
	struct super_block *sb = path->dentry->d_sb;
	const struct nfs_server *server = NFS_SB(sb);
	struct fsinfo_timestamp_info *r = ctx->buffer;
	struct fsinfo_timestamp_one *ts[] = { &r->atime, &r->mtime, &r->ctime, &r->btime };
	u64 nsec;
	u16 mant;
	s8 exp;
	size_t i;

	nsec = (u64)server->time_delta.tv_sec * 1000000000ULL +
	       (u64)server->time_delta.tv_nsec;
	nfs_time_granularity(nsec, nfs_b13(sb), &mant, &exp);
	for (i = 0; i < ARRAY_SIZE(ts); i++) {
		ts[i]->minimum = 0;
		ts[i]->maximum = UINT_MAX;
		ts[i]->gran_mantissa = mant;
		ts[i]->gran_exponent = exp;
	}
	return sizeof(*r);
}

static int nfs_fsinfo_get_info(struct path *path, struct fsinfo_context *ctx)
{
	const struct nfs_client *clp = NFS_SB(path->dentry->d_sb)->nfs_client;
	struct fsinfo_nfs_info *r = ctx->buffer;

	r->version		= clp->rpc_ops->version;
	r->minor_version	= clp->cl_minorversion;
	r->transport_proto	= (u32)clp->cl_proto;
	return sizeof(*r);
}

static int nfs_fsinfo_get_server_name(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_string(NFS_SB(path->dentry->d_sb)->nfs_client->cl_hostname, ctx);
}

/* Exactly one element: the server's sockaddr, zero-padded to 128 bytes. */
static int nfs_fsinfo_get_server_addresses(struct path *path, struct fsinfo_context *ctx)
{
	const struct nfs_client *clp = NFS_SB(path->dentry->d_sb)->nfs_client;
	struct fsinfo_nfs_server_address *addr = ctx->buffer;
	unsigned int size = 1 * sizeof(*addr);

	if (size <= ctx->buf_size)
		memcpy(&addr[0].address, &clp->cl_addr, clp->cl_addrlen);
	return (int)size;
}

static int nfs_fsinfo_get_gssapi_name(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_string(NFS_SB(path->dentry->d_sb)->nfs_client->cl_acceptor, ctx);
}

static int nfs_fsinfo_get_limits(struct path *path, struct fsinfo_context *ctx)
{
	const struct nfs_server *server = NFS_SB(path->dentry->d_sb);
	struct fsinfo_limits *lim = ctx->buffer;

	lim->max_file_size.hi	= 0;
	lim->max_file_size.lo	= server->maxfilesize;
	lim->max_ino.hi		= 0;
	lim->max_ino.lo		= UINT64_MAX;
	lim->max_hard_links	= UINT_MAX;
	lim->max_uid		= UINT_MAX;
	lim->max_gid		= UINT_MAX;
	lim->max_filename_len	= NAME_MAX - 1;
	lim->max_symlink_len	= PATH_MAX - 1;
	return sizeof(*lim);
}

static int nfs_fsinfo_get_supports(struct path *path, struct fsinfo_context *ctx)
{
	struct super_block *sb = path->dentry->d_sb;
	const struct nfs_server *server = NFS_SB(sb);
	struct fsinfo_supports *sup = ctx->buffer;
	bool has_mode = server->caps & NFS_CAP_MODE;

	/* No STATX_INO: NFS inode numbers are made up from file IDs and need
	 * not be unique. */
	if (has_mode != nfs_b13(sb))
		sup->stx_mask |= STATX_TYPE | STATX_MODE;
	if (server->caps & NFS_CAP_OWNER)
		sup->stx_mask |= STATX_UID;
	if (server->caps & NFS_CAP_OWNER_GROUP)
		sup->stx_mask |= STATX_GID;
	if (server->caps & NFS_CAP_ATIME)
		sup->stx_mask |= STATX_ATIME;
	if (server->caps & NFS_CAP_CTIME)
		sup->stx_mask |= STATX_CTIME;
	if (server->caps & NFS_CAP_MTIME)
		sup->stx_mask |= STATX_MTIME;
	if (server->attr_bitmask[0] & FATTR4_WORD0_SIZE)
		sup->stx_mask |= STATX_SIZE;
	if (server->attr_bitmask[1] & FATTR4_WORD1_NUMLINKS)
		sup->stx_mask |= STATX_NLINK;

	if (server->attr_bitmask[0] & FATTR4_WORD0_ARCHIVE)
		sup->win_file_attrs |= ATTR_ARCHIVE;
	if (server->attr_bitmask[0] & FATTR4_WORD0_HIDDEN)
		sup->win_file_attrs |= ATTR_HIDDEN;
	if (server->attr_bitmask[1] & FATTR4_WORD1_SYSTEM)
		sup->win_file_attrs |= ATTR_SYSTEM;

	sup->stx_attributes = STATX_ATTR_AUTOMOUNT;
	return sizeof(*sup);
}

static int nfs_fsinfo_get_features(struct path *path, struct fsinfo_context *ctx)
{
	struct super_block *sb = path->dentry->d_sb;
	const struct nfs_server *server = NFS_SB(sb);
	struct fsinfo_features *ft = ctx->buffer;

	if (!nfs_b13(sb))
		fsinfo_init_features(ft);
	fsinfo_set_feature(ft, FSINFO_FEAT_IS_NETWORK_FS);
	fsinfo_set_feature(ft, FSINFO_FEAT_AUTOMOUNTS);
	fsinfo_set_feature(ft, FSINFO_FEAT_O_SYNC);
	fsinfo_set_feature(ft, FSINFO_FEAT_O_DIRECT);
	fsinfo_set_feature(ft, FSINFO_FEAT_ADV_LOCKS);
	fsinfo_set_feature(ft, FSINFO_FEAT_DEVICE_FILES);
	fsinfo_set_feature(ft, FSINFO_FEAT_UNIX_SPECIALS);
	if (server->nfs_client->rpc_ops->version == 4) {
		fsinfo_set_feature(ft, FSINFO_FEAT_LEASES);
		fsinfo_set_feature(ft, FSINFO_FEAT_IVER_ALL_CHANGE);
	}

	if (server->caps & NFS_CAP_OWNER)
		fsinfo_set_feature(ft, FSINFO_FEAT_UIDS);
	if (server->caps & NFS_CAP_OWNER_GROUP)
		fsinfo_set_feature(ft, FSINFO_FEAT_GIDS);
	if (!(server->caps & NFS_CAP_MODE))
		fsinfo_set_feature(ft, FSINFO_FEAT_NO_UNIX_MODE);
	if (server->caps & NFS_CAP_ACLS)
		fsinfo_set_feature(ft, FSINFO_FEAT_HAS_ACL);
	if (server->caps & NFS_CAP_SYMLINKS)
		fsinfo_set_feature(ft, FSINFO_FEAT_SYMLINKS);
	if (server->caps & NFS_CAP_HARDLINKS)
		fsinfo_set_feature(ft, FSINFO_FEAT_HARD_LINKS);
	if (server->caps & NFS_CAP_ATIME)
		fsinfo_set_feature(ft, FSINFO_FEAT_HAS_ATIME);
	if (server->caps & NFS_CAP_CTIME)
		fsinfo_set_feature(ft, FSINFO_FEAT_HAS_CTIME);
	if (server->caps & NFS_CAP_MTIME)
		fsinfo_set_feature(ft, FSINFO_FEAT_HAS_MTIME);

	if (server->attr_bitmask[0] & FATTR4_WORD0_CASE_INSENSITIVE)
		fsinfo_set_feature(ft, FSINFO_FEAT_NAME_CASE_INDEP);
	if ((server->attr_bitmask[0] & (FATTR4_WORD0_ARCHIVE | FATTR4_WORD0_HIDDEN)) ||
	    (server->attr_bitmask[1] & FATTR4_WORD1_SYSTEM))
		fsinfo_set_feature(ft, FSINFO_FEAT_WINDOWS_ATTRS);
	return sizeof(*ft);
}

static const struct fsinfo_attribute nfs_fsinfo_attributes[] = {
	FSINFO_VSTRUCT	(FSINFO_ATTR_TIMESTAMP_INFO,	nfs_fsinfo_get_timestamp_info),
	FSINFO_VSTRUCT	(FSINFO_ATTR_LIMITS,		nfs_fsinfo_get_limits),
	FSINFO_VSTRUCT	(FSINFO_ATTR_SUPPORTS,		nfs_fsinfo_get_supports),
	FSINFO_VSTRUCT	(FSINFO_ATTR_FEATURES,		nfs_fsinfo_get_features),
	FSINFO_VSTRUCT	(FSINFO_ATTR_NFS_INFO,		nfs_fsinfo_get_info),
	FSINFO_STRING	(FSINFO_ATTR_NFS_SERVER_NAME,	nfs_fsinfo_get_server_name),
	FSINFO_LIST	(FSINFO_ATTR_NFS_SERVER_ADDRESSES, nfs_fsinfo_get_server_addresses),
	FSINFO_STRING	(FSINFO_ATTR_NFS_GSSAPI_NAME,	nfs_fsinfo_get_gssapi_name),
	{}
};

int nfs_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	return fsinfo_get_attribute(path, ctx, nfs_fsinfo_attributes);
}
