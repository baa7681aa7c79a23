// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsinfo() for AFS (patch 15): a volume's table and the
 * dynamic root's, chosen by afs_fsinfo() as afs_super_info->dyn_root says.
 *
 * Erratum B13 (docs/errata.md), the AFS part.  As posted, neither FEATURES getter sets
 * nr_features, and the server-address getter takes a reference on the
 * volume's server list without looking whether there is one, which
 * dereferences NULL for a volume with no server list.  The model sets
 * nr_features and answers -ENODATA there (as the server-name getter
 * already does); with VFSIM_QUIRK_B13 it leaves nr_features 0, and reports
 * the NULL dereference as a simulated oops and fails with -EFAULT.
 */
#include <stdio.h>

#include "internal.h"

#include <fsinfo/fsinfo.h>
#include <linux/bug.h>
#include <vfs/kernel.h>

#ifndef STATX_TYPE
#define STATX_TYPE		0x00000001U
#define STATX_MODE		0x00000002U
#define STATX_NLINK		0x00000004U
#define STATX_UID		0x00000008U
#define STATX_GID		0x00000010U
#define STATX_MTIME		0x00000040U
#define STATX_INO		0x00000100U
#define STATX_SIZE		0x00000200U
#endif
#ifndef STATX_ATTR_AUTOMOUNT
#define STATX_ATTR_AUTOMOUNT	0x00001000ULL
#endif

static bool afs_quirk_b13(struct path *path)
{
	return vfsim_quirk(path->dentry->d_sb->s_kernel, 13);
}

/* Seconds since 1970 in an unsigned 32-bit field. */
static const struct fsinfo_timestamp_info afs_timestamp_info = {
	.atime = { .minimum = 0, .maximum = UINT_MAX, .gran_mantissa = 1, .gran_exponent = 0 },
	.mtime = { .minimum = 0, .maximum = UINT_MAX, .gran_mantissa = 1, .gran_exponent = 0 },
	.ctime = { .minimum = 0, .maximum = UINT_MAX, .gran_mantissa = 1, .gran_exponent = 0 },
	.btime = { .minimum = 0, .maximum = UINT_MAX, .gran_mantissa = 1, .gran_exponent = 0 },
};

static int afs_fsinfo_get_timestamp(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_timestamp_info *tsinfo = ctx->buffer;

	*tsinfo = afs_timestamp_info;
	return sizeof(*tsinfo);
}

static int afs_fsinfo_get_limits(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_limits *lim = ctx->buffer;

	lim->max_file_size.hi	= 0;
	lim->max_file_size.lo	= INT64_MAX;	/* MAX_LFS_FILESIZE */
	/* Inode numbers can be 96-bit on YFS, but that's hard to determine. */
	lim->max_ino.hi		= 0;
	lim->max_ino.lo		= UINT_MAX;
	lim->max_hard_links	= UINT_MAX;
	lim->max_uid		= UINT_MAX;
	lim->max_gid		= UINT_MAX;
	lim->max_filename_len	= AFSNAMEMAX - 1;
	lim->max_symlink_len	= AFSPATHMAX - 1;
	return sizeof(*lim);
}

static int afs_fsinfo_get_supports(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_supports *p = ctx->buffer;

	p->stx_mask = (STATX_TYPE | STATX_MODE |
		       STATX_NLINK |
		       STATX_UID | STATX_GID |
		       STATX_MTIME | STATX_INO |
		       STATX_SIZE);
	p->stx_attributes = STATX_ATTR_AUTOMOUNT;
	return sizeof(*p);
}

static int afs_fsinfo_get_features(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_features *p = ctx->buffer;

	if (!afs_quirk_b13(path))
		fsinfo_init_features(p);
	fsinfo_set_feature(p, FSINFO_FEAT_IS_NETWORK_FS);
	fsinfo_set_feature(p, FSINFO_FEAT_AUTOMOUNTS);
	fsinfo_set_feature(p, FSINFO_FEAT_ADV_LOCKS);
	fsinfo_set_feature(p, FSINFO_FEAT_UIDS);
	fsinfo_set_feature(p, FSINFO_FEAT_GIDS);
	fsinfo_set_feature(p, FSINFO_FEAT_VOLUME_ID);
	fsinfo_set_feature(p, FSINFO_FEAT_VOLUME_NAME);
	fsinfo_set_feature(p, FSINFO_FEAT_IVER_MONO_INCR);
	fsinfo_set_feature(p, FSINFO_FEAT_SYMLINKS);
	fsinfo_set_feature(p, FSINFO_FEAT_HARD_LINKS_1DIR);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_MTIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_INODE_NUMBERS);
	return sizeof(*p);
}

static int afs_dyn_fsinfo_get_features(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_features *p = ctx->buffer;

	if (!afs_quirk_b13(path))
		fsinfo_init_features(p);
	fsinfo_set_feature(p, FSINFO_FEAT_IS_AUTOMOUNTER_FS);
	fsinfo_set_feature(p, FSINFO_FEAT_AUTOMOUNTS);
	return sizeof(*p);
}

static int afs_fsinfo_get_volume_name(struct path *path, struct fsinfo_context *ctx)
{
	struct afs_super_info *as = AFS_FS_S(path->dentry->d_sb);

	return fsinfo_string(as->volume->name, ctx);
}

static int afs_fsinfo_get_cell_name(struct path *path, struct fsinfo_context *ctx)
{
	struct afs_super_info *as = AFS_FS_S(path->dentry->d_sb);

	return fsinfo_string(as->cell->name, ctx);
}

/* The Nth server of the volume's server list, by UUID ("%pU"). */
static int afs_fsinfo_get_server_name(struct path *path, struct fsinfo_context *ctx)
{
	struct afs_super_info *as = AFS_FS_S(path->dentry->d_sb);
	struct afs_volume *volume = as->volume;
	char uuid[37];

	if (!volume->servers || ctx->Nth >= volume->nr_servers)
		return -ENODATA;
	afs_uuid_str(&volume->servers[ctx->Nth]->uuid, uuid);
	return fsinfo_string(uuid, ctx);
}

/*
 * The addresses of the Nth server: one 128-byte element each, holding a
 * sockaddr_rxrpc (the rest of the element zero).  A server with no
 * address list has no value (-ENODATA), as posted.
 */
static int afs_fsinfo_get_server_address(struct path *path, struct fsinfo_context *ctx)
{
	struct fsinfo_afs_server_address *p = ctx->buffer;
	struct afs_super_info *as = AFS_FS_S(path->dentry->d_sb);
	struct afs_volume *volume = as->volume;
	struct afs_server *server;
	unsigned int i;
	int ret;

	if (!volume->servers) {
		if (afs_quirk_b13(path)) {
			ksim_oops("afs_fsinfo_get_server_address",
				  "NULL pointer dereference: afs_get_serverlist(volume->servers) "
				  "on a volume with no server list");
			return -EFAULT;
		}
		return -ENODATA;
	}
	if (ctx->Nth >= volume->nr_servers)
		return -ENODATA;
	server = volume->servers[ctx->Nth];
	if (!server->addrs)
		return -ENODATA;

	ret = (int)(server->nr_addrs * sizeof(*p));
	if ((unsigned int)ret <= ctx->buf_size) {
		for (i = 0; i < server->nr_addrs; i++)
			memcpy(&p[i].address, &server->addrs[i],
			       sizeof(struct sockaddr_rxrpc));
	}
	return ret;
}

static const struct fsinfo_attribute afs_fsinfo_attributes[] = {
	FSINFO_VSTRUCT	(FSINFO_ATTR_TIMESTAMP_INFO,	afs_fsinfo_get_timestamp),
	FSINFO_VSTRUCT	(FSINFO_ATTR_LIMITS,		afs_fsinfo_get_limits),
	FSINFO_VSTRUCT	(FSINFO_ATTR_SUPPORTS,		afs_fsinfo_get_supports),
	FSINFO_VSTRUCT	(FSINFO_ATTR_FEATURES,		afs_fsinfo_get_features),
	FSINFO_STRING	(FSINFO_ATTR_VOLUME_NAME,	afs_fsinfo_get_volume_name),
	FSINFO_STRING	(FSINFO_ATTR_AFS_CELL_NAME,	afs_fsinfo_get_cell_name),
	FSINFO_STRING_N	(FSINFO_ATTR_AFS_SERVER_NAME,	afs_fsinfo_get_server_name),
	FSINFO_LIST_N	(FSINFO_ATTR_AFS_SERVER_ADDRESSES, afs_fsinfo_get_server_address),
	{}
};

static const struct fsinfo_attribute afs_dyn_fsinfo_attributes[] = {
	FSINFO_VSTRUCT(FSINFO_ATTR_TIMESTAMP_INFO,	afs_fsinfo_get_timestamp),
	FSINFO_VSTRUCT(FSINFO_ATTR_FEATURES,		afs_dyn_fsinfo_get_features),
	{}
};

int afs_fsinfo(struct path *path, struct fsinfo_context *ctx)
{
	struct afs_super_info *as = AFS_FS_S(path->dentry->d_sb);

	if (as->dyn_root)
		return fsinfo_get_attribute(path, ctx, afs_dyn_fsinfo_attributes);
	return fsinfo_get_attribute(path, ctx, afs_fsinfo_attributes);
}
