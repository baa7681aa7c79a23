/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The simulated AFS: Linux's fs/afs as far as patch 15 of the series, the
 * mount tree and the notifications can see it.  There is no network and no
 * file data: a cell database says which cells exist, which fileservers
 * (UUID, rxrpc addresses, up or down) each has, and which volumes (name,
 * ID, server list, directories) live there.  docs/filesystems.md ("afs")
 * describes the mount data that builds it.
 *
 * Objects and lifetimes:
 *  - afs_net: an instance's AFS state, as Linux keeps one per network
 *    namespace: the state of subsystem PERNET_AFS (vfs/pernet.h), reached
 *    through afs_net().  It holds the cell database, which every AFS
 *    superblock uses (net->usage), so that the database lives exactly as
 *    long as some AFS superblock does: the last one's end empties it, and
 *    afs_net_find() finds none until the next AFS mount.
 *  - afs_cell, afs_server, afs_volume: owned by their net; never removed
 *    while it lives, so superblocks and dentries point at them freely.
 *    Immutable once added, except afs_server.down.
 *  - afs_super_info (sb->s_fs_info): the dynamic root's or a volume's.
 *
 * Locks, and what each protects (how they nest: docs/internals.md, "Locks"):
 *   net->mount_mutex	using the database, adding cells to it, making AFS
 *			superblocks (so that sget never races and a mount
 *			sees the cells it looked up stay)
 *   net->lock		net->usage, net->cells, afs_server.down,
 *			net->volume_sbs, net->dynroot_sb
 *   v->sb_lock		sb->s_fs_info while the sb is on super_blocks
 */
#ifndef _VFSIM_FS_AFS_INTERNAL_H
#define _VFSIM_FS_AFS_INTERNAL_H

#include "rxrpc.h"

#include <linux/mutex.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>

struct vfsim;
struct fsinfo_context;

#define AFS_FS_MAGIC		0x6B414653	/* 'kAFS' */
#define AFS_BLOCK_SIZE		1024		/* statfs block size */
#define AFSNAMEMAX		256		/* filename limit + 1 */
#define AFSPATHMAX		1024		/* symlink body limit + 1 */
#define AFS_MAXCELLNAME		64		/* longest cell name (model limit) */
#define AFS_MAXVOLNAME		64		/* longest volume name */
#define AFS_MAX_SERVERS		64		/* fileservers per cell (model limit) */
#define AFS_MAX_ADDRS		64		/* addresses per fileserver (model limit) */
#define AFS_FS_PORT		7000		/* fileserver UDP port */
#define FS_SERVICE		1		/* RxRPC service ID of the fileserver */
#define AFS_VID_BASE		536870912ULL	/* first default volume ID */
/* What a volume's statfs reports: a 1 GiB quota, 2 KiB per directory. */
#define AFS_VOLUME_QUOTA	1048576ULL
#define AFS_DIR_BLOCKS		2

/* What walking into /afs/CELL mounts. */
#define AFS_ROOT_VOLUME		"root.cell"

enum afs_flock_mode {
	afs_flock_mode_unset,
	afs_flock_mode_local,	/* Local locking only */
	afs_flock_mode_openafs,	/* Don't get server lock for a partial lock */
	afs_flock_mode_strict,	/* Always get a server lock for a partial lock */
	afs_flock_mode_write,	/* Get an exclusive server lock for a partial lock */
};

struct afs_server {
	struct list_head	link;		/* on cell->servers, in definition order */
	uuid_t			uuid;
	unsigned int		nr_addrs;
	struct sockaddr_rxrpc	*addrs;		/* NULL: no address list */
	bool			down;		/* written under net->lock */
};

struct afs_dir {
	struct list_head	link;		/* on volume->dirs */
	char			path[];		/* "a/b/c", relative to the volume root */
};

struct afs_volume {
	struct list_head	link;		/* on cell->volumes */
	struct afs_cell		*cell;
	u64			vid;
	unsigned int		nr_servers;
	struct afs_server	**servers;	/* the server list; NULL: none */
	struct list_head	dirs;		/* struct afs_dir, as defined */
	/* What the mount data said about the server list, until
	 * afs_resolve_cells() builds it. */
	bool			spec_none;
	unsigned int		nr_spec;
	u8			spec[AFS_MAX_SERVERS];
	char			name[AFS_MAXVOLNAME + 1];
};

struct afs_cell {
	struct list_head	link;		/* on net->cells (or a parse list) */
	unsigned int		nr_servers;
	unsigned int		nr_volumes;
	struct list_head	servers;	/* struct afs_server */
	struct list_head	volumes;	/* struct afs_volume */
	char			name[AFS_MAXCELLNAME + 1];
};

struct afs_net {
	struct mutex		mount_mutex;
	struct mutex		lock;
	/* One per AFS superblock, plus users; 0: there is no database (no
	 * cells), and afs_net_find() says so. */
	unsigned int		usage;
	struct list_head	cells;		/* definition order; the first is the root cell */
	struct list_head	volume_sbs;	/* afs_super_info of the volume superblocks */
	struct super_block	*dynroot_sb;	/* not a reference: cleared by its kill_sb */
};

struct afs_super_info {
	struct afs_net		*net;		/* a use (net->usage) */
	struct afs_cell		*cell;		/* NULL on the dynamic root */
	struct afs_volume	*volume;	/* NULL on the dynamic root */
	struct super_block	*sb;
	struct list_head	net_link;	/* on net->volume_sbs, under net->lock */
	unsigned int		nr_dirs;	/* directories of the volume, root included */
	enum afs_flock_mode	flock_mode;
	bool			dyn_root;	/* the dynamic root (-o dyn) */
	bool			autocell;	/* patch 15 keeps it here for show_options */
};

static inline struct afs_super_info *AFS_FS_S(struct super_block *sb)
{
	return sb->s_fs_info;
}

/* What mount data and the source say (Linux's struct afs_fs_context). */
struct afs_fs_context {
	bool			dyn_root;
	bool			autocell;
	bool			no_cell;	/* the source was "none" (or absent) */
	bool			force_rw;	/* '%': the R/W volume */
	bool			replica;	/* ".readonly" or ".backup" */
	enum afs_flock_mode	flock_mode;
	char			cellname[AFS_MAXCELLNAME + 1]; /* "" : the root cell */
	char			volname[AFS_MAXVOLNAME + 1];
	struct list_head	cells;		/* the cells the data defines */
};

/* addr.c */
int afs_parse_uuid(const char *s, uuid_t *uuid);
/* "%pU": 36 lowercase characters, 8-4-4-4-12, and a NUL. */
void afs_uuid_str(const uuid_t *uuid, char buf[37]);
/* "ADDR[+ADDR]..." into @server's sorted address list. */
int afs_parse_addr_list(char *list, struct afs_server *server);
/* A decimal number of at most @max, digits only. */
int afs_parse_uint(const char *s, unsigned long long max, unsigned long long *out);
/* strsep() of *@s at @sep that refuses empty words: 1 and the word in
 * *@word, 0 at the end, or -EINVAL. */
int afs_next_word(char **s, int sep, char **word);

/* super.c: the mount data and source */
void afs_init_fs_context(struct afs_fs_context *ctx);
void afs_free_fs_context(struct afs_fs_context *ctx);
/* @defs_only: only cell definitions are allowed (vfsim_afs_add_cells()). */
int afs_parse_data(struct afs_fs_context *ctx, const char *data, bool defs_only);
int afs_parse_source(struct afs_fs_context *ctx, const char *name);

/* cell.c */
struct afs_cell *afs_alloc_cell(const char *name);
void afs_free_cells(struct list_head *cells);
struct afs_cell *afs_find_cell(struct list_head *cells, const char *name);
struct afs_server *afs_find_server(struct list_head *cells, const uuid_t *uuid);
struct afs_volume *afs_find_volume(struct afs_cell *cell, const char *name);
bool afs_volume_uses(const struct afs_volume *volume, const struct afs_server *server);
unsigned int afs_volume_servers_up(const struct afs_volume *volume);
int afs_resolve_cells(struct list_head *cells);

/* net.c */
static inline struct afs_net *afs_net(const struct vfsim *v)
{
	return net_generic(v, PERNET_AFS);
}

struct afs_net *afs_net_find(struct vfsim *v);
void afs_get_net(struct afs_net *net);
void afs_put_net(struct afs_net *net);
int afs_net_add_cells(struct afs_net *net, struct list_head *cells);

/* dynroot.c */
extern const struct dentry_operations afs_dynroot_dentry_operations;
int afs_dynroot_fill(struct super_block *sb, struct afs_net *net);
int afs_dynroot_mkdir(struct super_block *sb, struct afs_cell *cell);
void afs_dynroot_rmdir(struct super_block *sb, struct afs_cell *cell);

/* server.c */
long afs_set_server_state(struct afs_net *net, const uuid_t *uuid, bool up);

/* super.c */
extern struct file_system_type afs_fs_type;
bool afs_is_afs_sb(const struct super_block *sb);
int afs_fsinfo(struct path *path, struct fsinfo_context *ctx);

#endif
