/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared between the files of fs/nfs: the client and server records of a
 * simulated NFS mount (the kernel's include/linux/nfs_fs_sb.h, cut down to
 * what fsinfo() and the network events read) and the mount data.
 *
 * There is no wire: everything the kernel learns from the server (its
 * capabilities, supported attributes, time_delta, maximum file size) comes
 * from the mount data (options.c, docs/filesystems.md).
 *
 * Objects and ownership:
 *  - struct nfs_server: one per superblock (sb->s_fs_info), made by
 *    fill_super and freed by ->put_super;
 *  - struct nfs_client: one per server machine as the kernel's nfs_client
 *    is (same name, address, transport, version and acceptor), shared by
 *    every superblock mounted from it, and counted by them.
 *
 * Locks: clp->cl_lock guards a client's state and is taken with the
 * raising superblock's s_umount held, and posts under it; nfs_client_lock
 * guards the list of clients and is never held with another lock.  Their
 * place in the whole order: docs/internals.md, "Locks".
 */
#ifndef _VFSIM_FS_NFS_INTERNAL_H
#define _VFSIM_FS_NFS_INTERNAL_H

#include <sys/socket.h>

#include <linux/mutex.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>

struct fsinfo_context;

#define NFS_SUPER_MAGIC		0x6969
#define NFS_PORT		2049
#define NFS_MAXHOSTNAME		255
#define NFS_MAXPATHLEN		1024

/* server->caps (include/linux/nfs_fs_sb.h) */
#define NFS_CAP_READDIRPLUS	(1U << 0)
#define NFS_CAP_HARDLINKS	(1U << 1)
#define NFS_CAP_SYMLINKS	(1U << 2)
#define NFS_CAP_ACLS		(1U << 3)
#define NFS_CAP_ATOMIC_OPEN	(1U << 4)
#define NFS_CAP_FILEID		(1U << 6)
#define NFS_CAP_MODE		(1U << 7)
#define NFS_CAP_NLINK		(1U << 8)
#define NFS_CAP_OWNER		(1U << 9)
#define NFS_CAP_OWNER_GROUP	(1U << 10)
#define NFS_CAP_ATIME		(1U << 11)
#define NFS_CAP_CTIME		(1U << 12)
#define NFS_CAP_MTIME		(1U << 13)
#define NFS_CAP_POSIX_LOCK	(1U << 14)
#define NFS_CAP_UIDGID_NOMAP	(1U << 15)
#define NFS_CAP_SECURITY_LABEL	(1U << 18)
#define NFS_CAP_SEEK		(1U << 19)
#define NFS_CAP_ALLOCATE	(1U << 20)
#define NFS_CAP_DEALLOCATE	(1U << 21)
#define NFS_CAP_CLONE		(1U << 23)
#define NFS_CAP_COPY		(1U << 24)

/*
 * server->attr_bitmask: the attributes the server supports, bit n of word
 * n / 32 for NFSv4 attribute number n (RFC 7530 §5; include/linux/nfs4.h).
 */
#define FATTR4_BIT(n)		(1U << ((n) % 32))
#define FATTR4_WORD0_SIZE		FATTR4_BIT(4)
#define FATTR4_WORD0_ARCHIVE		FATTR4_BIT(14)
#define FATTR4_WORD0_CASE_INSENSITIVE	FATTR4_BIT(16)
#define FATTR4_WORD0_HIDDEN		FATTR4_BIT(25)
#define FATTR4_WORD1_NUMLINKS		FATTR4_BIT(35)
#define FATTR4_WORD1_SYSTEM		FATTR4_BIT(46)
#define NFS_ATTR_WORDS		3

/* What the kernel's rpc_ops carry that fsinfo() reads: the version. */
struct nfs_rpc_ops {
	u32 version;
};

/* super.c */
extern struct file_system_type nfs_fs_type, nfs4_fs_type;

/*
 * The NFS clients of the instance's one network namespace (Linux's
 * struct nfs_net, fs/nfs/netns.h): the state of subsystem PERNET_NFS,
 * reached through nfs_net() (vfs/pernet.h).
 */
struct nfs_net {
	struct mutex nfs_client_lock;
	struct list_head nfs_client_list;
};

static inline struct nfs_net *nfs_net(const struct vfsim *v)
{
	return net_generic(v, PERNET_NFS);
}

struct nfs_client {
	struct list_head cl_share_link;	/* on nfs_client_list, under nfs_client_lock */
	unsigned int cl_count;		/* servers using it, under nfs_client_lock */
	struct vfsim *cl_kernel;	/* the instance (the kernel's net namespace) */
	const struct nfs_rpc_ops *rpc_ops;
	u32 cl_minorversion;
	int cl_proto;			/* IPPROTO_TCP or IPPROTO_UDP */
	struct sockaddr_storage cl_addr;
	size_t cl_addrlen;
	char *cl_hostname;
	char *cl_acceptor;		/* GSSAPI acceptor, NULL if none */

	struct mutex cl_lock;
	/* Under cl_lock: the servers (superblocks) using this client, in
	 * mount order, and the network state last reported (the NETWORK
	 * notification's info flags; 0 = reachable) with a count of reports. */
	struct list_head cl_superblocks;
	u32 cl_net_status;
	u32 cl_net_changes;
};

struct nfs_server {
	struct nfs_client *nfs_client;
	struct super_block *super;
	struct list_head client_link;	/* on cl_superblocks, under cl_lock */
	u32 caps;			/* NFS_CAP_* */
	u32 attr_bitmask[NFS_ATTR_WORDS];
	u64 maxfilesize;
	struct timespec64 time_delta;
};

static inline struct nfs_server *NFS_SB(const struct super_block *sb)
{
	return sb->s_fs_info;
}

/*
 * The mount data, parsed (options.c).  The strings point into @data, @host
 * or fc->source, so the context lives as long as one get_tree call.
 */
struct nfs_fs_context {
	u32 version;			/* 2, 3 or 4 */
	u32 minorversion;
	int proto;
	unsigned int port;
	const char *hostname;
	const char *export_path;	/* from the source, informational */
	const char *acceptor;		/* NULL if not given */
	struct sockaddr_storage addr;
	size_t addrlen;
	u64 time_delta_ns;
	u32 caps;
	u32 attr_bitmask[NFS_ATTR_WORDS];
	u64 maxfilesize;
	char data[4096];		/* a copy of fc->data, cut into options */
	char host[NFS_MAXHOSTNAME + 1];	/* the host part of fc->source */
};

/* options.c */
int nfs_parse_mount_data(struct fs_context *fc, bool nfs4, struct nfs_fs_context *ctx);

/* client.c */
struct nfs_client *nfs_get_client(const struct nfs_fs_context *ctx);
void nfs_put_client(struct nfs_client *clp);
void nfs_server_insert_lists(struct nfs_server *server);
void nfs_server_remove_lists(struct nfs_server *server);

/* network.c */
int nfs_network_status(struct super_block *sb, unsigned int info_flags);

/* fsinfo.c */
int nfs_fsinfo(struct path *path, struct fsinfo_context *ctx);
/* @nsec as mantissa x 10^exponent s (B13: v17's 16-bit truncation). */
void nfs_time_granularity(u64 nsec, bool b13, u16 *mantissa, s8 *exponent);

#endif
