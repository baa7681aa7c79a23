// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Simulated NFS: the "nfs" (versions 2 and 3, and 4 with vers=4.x) and
 * "nfs4" filesystem types (the kernel's fs/nfs/super.c, nfs4super.c and
 * fs_context.c as far as the mount tree and fsinfo() can see them).
 *
 * Every mount makes a superblock of its own (as with the nosharecache
 * option); superblocks from the same server share its nfs_client
 * (client.c).  Version 2 and 3 superblocks get nfs_sops, version 4 ones
 * nfs4_sops, as patch 17 installs its table on both.  The tree below the
 * root is local to the superblock: there is no server to read it from.
 */
#include <stdio.h>
#include <sys/sysmacros.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

#include "internal.h"

/*
 * What the simulated server's FSSTAT says: an empty 1 TiB export, read in
 * blocks of the transfer size (1 MiB; NFSv2 cannot move more than 8 KiB).
 */
#define NFS_EXPORT_BYTES	(1ULL << 40)
#define NFS_EXPORT_FILES	(1ULL << 26)

static int nfs_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	struct super_block *sb = dentry->d_sb;

	buf->f_type = NFS_SUPER_MAGIC;
	buf->f_bsize = (long)sb->s_blocksize;
	buf->f_frsize = (long)sb->s_blocksize;
	buf->f_blocks = NFS_EXPORT_BYTES / sb->s_blocksize;
	buf->f_bfree = buf->f_blocks;
	buf->f_bavail = buf->f_blocks;
	buf->f_files = NFS_EXPORT_FILES;
	buf->f_ffree = NFS_EXPORT_FILES - sb->s_next_ino;
	buf->f_namelen = NAME_MAX;
	return 0;
}

/* Both fill_super's failure path and the end of a superblock come here. */
static void nfs_put_super(struct super_block *sb)
{
	struct nfs_server *server = NFS_SB(sb);

	if (!server)
		return;
	nfs_server_remove_lists(server);
	nfs_put_client(server->nfs_client);
	sb->s_fs_info = NULL;
	kfree(server);
}

static const struct super_operations nfs_sops = {
	.put_super	= nfs_put_super,
	.statfs		= nfs_statfs,
	.fsinfo		= nfs_fsinfo,
	.network_status	= nfs_network_status,
};

static const struct super_operations nfs4_sops = {
	.put_super	= nfs_put_super,
	.statfs		= nfs_statfs,
	.fsinfo		= nfs_fsinfo,
	.network_status	= nfs_network_status,
};

static struct nfs_server *nfs_alloc_server(const struct nfs_fs_context *ctx)
{
	struct nfs_server *server = kzalloc(sizeof(*server), GFP_KERNEL);
	struct nfs_client *clp;

	if (!server)
		return ERR_PTR(-ENOMEM);
	clp = nfs_get_client(ctx);
	if (IS_ERR(clp)) {
		kfree(server);
		return ERR_CAST(clp);
	}
	server->nfs_client = clp;
	INIT_LIST_HEAD(&server->client_link);
	server->caps = ctx->caps;
	memcpy(server->attr_bitmask, ctx->attr_bitmask, sizeof(server->attr_bitmask));
	server->maxfilesize = ctx->maxfilesize;
	server->time_delta.tv_sec = (time64_t)(ctx->time_delta_ns / 1000000000ULL);
	server->time_delta.tv_nsec = (long)(ctx->time_delta_ns % 1000000000ULL);
	return server;
}

static int nfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	const struct nfs_fs_context *ctx = fc->fs_private;
	struct nfs_server *server;
	int err;

	server = nfs_alloc_server(ctx);
	if (IS_ERR(server))
		return (int)PTR_ERR(server);
	server->super = sb;
	sb->s_fs_info = server;
	sb->s_op = ctx->version == 4 ? &nfs4_sops : &nfs_sops;
	sb->s_magic = NFS_SUPER_MAGIC;
	sb->s_maxbytes = (loff_t)min_t(u64, ctx->maxfilesize, INT64_MAX);
	if (ctx->version == 2) {
		sb->s_blocksize = 8192;
		sb->s_blocksize_bits = 13;
	} else {
		sb->s_blocksize = 1048576;
		sb->s_blocksize_bits = 20;
	}
	/* nfs_fill_super(): v2 times are in microseconds, v2/3 times are
	 * unsigned 32-bit seconds. */
	sb->s_time_gran = ctx->version == 2 ? 1000 : 1;
	if (ctx->version == 4) {
		sb->s_time_min = INT64_MIN;
		sb->s_time_max = INT64_MAX;
	} else {
		sb->s_time_min = 0;
		sb->s_time_max = UINT32_MAX;
	}
	snprintf(sb->s_id, sizeof(sb->s_id), "%u:%u", major(sb->s_dev), minor(sb->s_dev));

	err = simple_fill_root(sb, 0755);
	if (err)
		return err;	/* ->put_super frees the server */
	nfs_server_insert_lists(server);
	return 0;
}

/* Options are read before a superblock exists: bad mount data costs no
 * superblock ID. */
static int nfs_get_tree_common(struct fs_context *fc, bool nfs4)
{
	struct nfs_fs_context ctx;
	int err;

	err = nfs_parse_mount_data(fc, nfs4, &ctx);
	if (err)
		return err;
	fc->fs_private = &ctx;
	err = get_tree_nodev(fc, nfs_fill_super);
	fc->fs_private = NULL;
	return err;
}

static int nfs_get_tree(struct fs_context *fc)
{
	return nfs_get_tree_common(fc, false);
}

static int nfs4_get_tree(struct fs_context *fc)
{
	return nfs_get_tree_common(fc, true);
}

/*
 * nfs_reconfigure() refuses to change the server, its address, the
 * version or the transport, and every option of the model describes one of
 * those: a remount may change the flags (ro/rw) only.
 */
static int nfs_reconfigure(struct fs_context *fc)
{
	return fc->data && *fc->data ? -EINVAL : 0;
}

struct file_system_type nfs_fs_type = {
	.name		= "nfs",
	.get_tree	= nfs_get_tree,
	.reconfigure	= nfs_reconfigure,
	.kill_sb	= kill_anon_super,
};

struct file_system_type nfs4_fs_type = {
	.name		= "nfs4",
	.get_tree	= nfs4_get_tree,
	.reconfigure	= nfs_reconfigure,
	.kill_sb	= kill_anon_super,
};
