// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NFS clients (the kernel's fs/nfs/client.c): one record per server the
 * instance talks to, shared by every superblock mounted from that server,
 * as nfs_get_client() shares them.  The model's key is everything the
 * mount data says of the server machine: host name, address and port,
 * transport, version and minor version, GSSAPI acceptor.  (The kernel
 * matches on the address, transport and version alone and keeps the first
 * mount's host name; the model's mount data can name a server two ways,
 * and two names are two servers here.)
 *
 * The kernel keeps its clients per network namespace (struct nfs_net);
 * the model has one network namespace per instance, and keeps them in the
 * instance's struct nfs_net (nfs_net(), the state of subsystem PERNET_NFS,
 * on the instance's heap with everything else it owns: a list shared by
 * instances would point from one instance's heap into another's, and a
 * snapshot of one would not hold all of its state).
 */
#include <linux/slab.h>
#include <vfs/kernel.h>

#include "internal.h"

static const struct nfs_rpc_ops nfs_v2_clientops = { .version = 2 };
static const struct nfs_rpc_ops nfs_v3_clientops = { .version = 3 };
static const struct nfs_rpc_ops nfs_v4_clientops = { .version = 4 };

static const struct nfs_rpc_ops *nfs_rpc_ops(u32 version)
{
	return version == 2 ? &nfs_v2_clientops :
	       version == 3 ? &nfs_v3_clientops : &nfs_v4_clientops;
}

static bool nfs_match_client(const struct nfs_client *clp, const struct nfs_fs_context *ctx)
{
	const char *acceptor = ctx->acceptor ? ctx->acceptor : "";

	return clp->rpc_ops->version == ctx->version &&
	       clp->cl_minorversion == ctx->minorversion &&
	       clp->cl_proto == ctx->proto &&
	       clp->cl_addrlen == ctx->addrlen &&
	       !memcmp(&clp->cl_addr, &ctx->addr, ctx->addrlen) &&
	       !strcmp(clp->cl_hostname, ctx->hostname) &&
	       !strcmp(clp->cl_acceptor ? clp->cl_acceptor : "", acceptor);
}

static void nfs_free_client(struct nfs_client *clp)
{
	mutex_destroy(&clp->cl_lock);
	kfree(clp->cl_hostname);
	kfree(clp->cl_acceptor);
	kfree(clp);
}

static struct nfs_client *nfs_alloc_client(const struct nfs_fs_context *ctx)
{
	struct nfs_client *clp = kzalloc(sizeof(*clp), GFP_KERNEL);

	if (!clp)
		return NULL;
	mutex_init(&clp->cl_lock);
	INIT_LIST_HEAD(&clp->cl_superblocks);
	clp->cl_count = 1;
	clp->cl_kernel = current_kernel();
	clp->rpc_ops = nfs_rpc_ops(ctx->version);
	clp->cl_minorversion = ctx->minorversion;
	clp->cl_proto = ctx->proto;
	memcpy(&clp->cl_addr, &ctx->addr, ctx->addrlen);
	clp->cl_addrlen = ctx->addrlen;
	clp->cl_hostname = kstrdup(ctx->hostname, GFP_KERNEL);
	if (ctx->acceptor)
		clp->cl_acceptor = kstrdup(ctx->acceptor, GFP_KERNEL);
	if (!clp->cl_hostname || (ctx->acceptor && !clp->cl_acceptor)) {
		nfs_free_client(clp);
		return NULL;
	}
	return clp;
}

/* nfs_get_client - the client for @ctx's server, found or made: a counted
 * reference, or ERR_PTR(-ENOMEM). */
struct nfs_client *nfs_get_client(const struct nfs_fs_context *ctx)
{
	struct nfs_net *nn = nfs_net(current_kernel());
	struct nfs_client *clp;

	mutex_lock(&nn->nfs_client_lock);
	list_for_each_entry(clp, &nn->nfs_client_list, cl_share_link) {
		if (nfs_match_client(clp, ctx)) {
			clp->cl_count++;
			mutex_unlock(&nn->nfs_client_lock);
			return clp;
		}
	}
	clp = nfs_alloc_client(ctx);
	if (clp)
		list_add_tail(&clp->cl_share_link, &nn->nfs_client_list);
	mutex_unlock(&nn->nfs_client_lock);
	return clp ? clp : ERR_PTR(-ENOMEM);
}

void nfs_put_client(struct nfs_client *clp)
{
	struct nfs_net *nn = nfs_net(clp->cl_kernel);
	bool last;

	mutex_lock(&nn->nfs_client_lock);
	last = --clp->cl_count == 0;
	if (last)
		list_del(&clp->cl_share_link);
	mutex_unlock(&nn->nfs_client_lock);
	if (last) {
		WARN_ON(!list_empty(&clp->cl_superblocks));
		nfs_free_client(clp);
	}
}

/* The server's superblock starts hearing of its client's network state. */
void nfs_server_insert_lists(struct nfs_server *server)
{
	struct nfs_client *clp = server->nfs_client;

	mutex_lock(&clp->cl_lock);
	list_add_tail(&server->client_link, &clp->cl_superblocks);
	mutex_unlock(&clp->cl_lock);
}

void nfs_server_remove_lists(struct nfs_server *server)
{
	struct nfs_client *clp = server->nfs_client;

	mutex_lock(&clp->cl_lock);
	list_del_init(&server->client_link);
	mutex_unlock(&clp->cl_lock);
}

/* Linux's nfs_net_init() and nfs_net_exit(). */
static int nfs_net_init(struct vfsim *v)
{
	struct nfs_net *nn = nfs_net(v);

	mutex_init(&nn->nfs_client_lock);
	INIT_LIST_HEAD(&nn->nfs_client_list);
	return 0;
}

/* After the last superblock: every client has gone with its last server. */
static void nfs_net_exit(struct vfsim *v)
{
	struct nfs_net *nn = nfs_net(v);

	WARN_ON(!list_empty(&nn->nfs_client_list));
	mutex_destroy(&nn->nfs_client_lock);
}

static struct file_system_type *const nfs_types[] = { &nfs_fs_type, &nfs4_fs_type };

/* The subsystem, with the types init_nfs_fs() and init_nfs_v4() register. */
const struct pernet_operations nfs_net_ops = {
	.name = "nfs",
	.id = PERNET_NFS,
	.size = sizeof(struct nfs_net),
	.fs_types = nfs_types,
	.nr_fs_types = ARRAY_SIZE(nfs_types),
	.init = nfs_net_init,
	.exit = nfs_net_exit,
};
