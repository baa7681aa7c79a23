// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The "afs" filesystem type (Linux's fs/afs/super.c): one superblock per
 * volume however often and wherever it is mounted, and one dynamic root
 * per instance.  A mount's data may define cells (afs_parse_data()); they
 * go into the instance's database, which the mount makes if it is the
 * first AFS superblock of the instance.  As in Linux's fs/afs/super.c,
 * this file also holds the mount data and source parsers and patch 15's
 * fsinfo tables.
 *
 * Errors, as Linux gives them: a source that is not "none", "%..." or
 * "#..." is EINVAL, as is "none" without -o dyn; no source and no dyn is
 * EDESTADDRREQ, as is a source without a cell when no cell is defined; an
 * unknown cell is ENOENT; an unknown volume (or a replica: the model's
 * volumes have none) ENOMEDIUM; a volume whose servers are all down
 * EHOSTUNREACH; a cell or fileserver defined twice EEXIST.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

#include <fsinfo/fsinfo.h>
#include <linux/bug.h>
#include <linux/slab.h>
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

/* What sget should find or make (fc->fs_private). */
struct afs_sb_key {
	struct afs_net		*net;
	struct afs_cell		*cell;
	struct afs_volume	*volume;
	bool			dyn_root;
};

/* Volume directories: an anonymous user has no right to insert (EACCES). */
static int afs_no_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	(void)dir, (void)dentry, (void)mode;
	return -EACCES;
}

static int afs_no_symlink(struct inode *dir, struct dentry *dentry, const char *target)
{
	(void)dir, (void)dentry, (void)target;
	return -EACCES;
}

static const struct inode_operations afs_dir_inode_operations = {
	.mkdir = afs_no_mkdir,
	.symlink = afs_no_symlink,
	.create = afs_no_mkdir,
};

/*
 * afs_statfs - the dynamic root is one block with nothing free; a volume
 * has the model's fixed quota (1 GiB in 1 KiB blocks) with 2 KiB in use
 * per directory, the root included: a volume holds nothing but them.
 */
static int afs_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	struct afs_super_info *as = AFS_FS_S(dentry->d_sb);

	buf->f_type = (long)dentry->d_sb->s_magic;
	buf->f_bsize = AFS_BLOCK_SIZE;
	buf->f_namelen = AFSNAMEMAX - 1;
	if (as->dyn_root) {
		buf->f_blocks = 1;
		buf->f_bavail = 0;
		buf->f_bfree = 0;
		return 0;
	}
	buf->f_blocks = AFS_VOLUME_QUOTA;
	buf->f_bfree = AFS_VOLUME_QUOTA - AFS_DIR_BLOCKS * (u64)as->nr_dirs;
	buf->f_bavail = buf->f_bfree;
	return 0;
}

/* ---- fsinfo (patch 15) -------------------------------------------------- */

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

static const struct super_operations afs_super_ops = {
	.statfs = afs_statfs,
	.fsinfo = afs_fsinfo,
};

/* ---- mount data and source ---------------------------------------------- */

/*
 * Mount data and mount source of the simulated AFS (Linux's
 * afs_parse_param() and afs_parse_source(), plus the model's cell
 * definitions, which stand in for /proc/fs/afs/cells and the VL servers).
 *
 * The data is comma-separated options, read strictly: an unknown option, a
 * value where none belongs, a missing or malformed value is -EINVAL.
 *
 *   dyn				the dynamic root
 *   autocell				kept for show_options, as patch 15 does
 *   flock=local|openafs|strict|write	the locking emulation mode
 *   cell=NAME				start defining cell NAME
 *   server=UUID[@ADDR[+ADDR]...]	a fileserver of that cell
 *   volume=NAME[:VID][@none|@N[+N]...]	a volume of that cell and its
 *					server list (server numbers in
 *					definition order; default: all)
 *   dir=PATH				a directory in that volume
 *
 * ADDR is A.B.C.D[:PORT], [IPV6][:PORT] or a bare IPV6 (addr.c).
 */

/* A name the model can show as a directory and put in a source string. */
static int check_name(const char *s, size_t max)
{
	size_t len = strlen(s);
	const char *p;

	if (len == 0)
		return -EINVAL;
	if (len > max)
		return -ENAMETOOLONG;
	if (s[0] == '.')
		return -EINVAL;
	for (p = s; *p; p++)
		if (!isgraph((unsigned char)*p) || *p == '/' || *p == ':' ||
		    *p == '@' || *p == '%' || *p == '#')
			return -EINVAL;
	return 0;
}

/* ---- cell definitions --------------------------------------------------- */

struct afs_parse_state {
	struct afs_fs_context *ctx;
	struct afs_cell *cell;		/* being defined */
	struct afs_volume *volume;	/* the last volume= of that cell */
};

static int parse_cell(struct afs_parse_state *st, const char *name)
{
	struct afs_cell *cell;
	int err;

	err = check_name(name, AFS_MAXCELLNAME);
	if (err)
		return err == -ENAMETOOLONG ? err : -EINVAL;
	if (afs_find_cell(&st->ctx->cells, name))
		return -EINVAL;
	cell = afs_alloc_cell(name);
	if (!cell)
		return -ENOMEM;
	list_add_tail(&cell->link, &st->ctx->cells);
	st->cell = cell;
	st->volume = NULL;
	return 0;
}

static int parse_server(struct afs_parse_state *st, char *val)
{
	struct afs_server *server;
	char *at;
	uuid_t uuid;
	int err;

	if (!st->cell || st->cell->nr_servers == AFS_MAX_SERVERS)
		return -EINVAL;
	at = strchr(val, '@');
	if (at)
		*at++ = 0;
	if (afs_parse_uuid(val, &uuid) || afs_find_server(&st->ctx->cells, &uuid))
		return -EINVAL;
	server = kzalloc(sizeof(*server), GFP_KERNEL);
	if (!server)
		return -ENOMEM;
	server->uuid = uuid;
	if (at) {
		err = afs_parse_addr_list(at, server);
		if (err) {
			kfree(server);
			return err;
		}
	}
	list_add_tail(&server->link, &st->cell->servers);
	st->cell->nr_servers++;
	return 0;
}

/* "none" or "N[+N]...": the server numbers, each once. */
static int parse_volume_servers(struct afs_volume *volume, char *list)
{
	unsigned int i;
	char *n;
	int ret;

	if (!strcmp(list, "none")) {
		volume->spec_none = true;
		return 0;
	}
	while ((ret = afs_next_word(&list, '+', &n)) > 0) {
		unsigned long long idx;

		if (volume->nr_spec == AFS_MAX_SERVERS ||
		    afs_parse_uint(n, AFS_MAX_SERVERS - 1, &idx))
			return -EINVAL;
		for (i = 0; i < volume->nr_spec; i++)
			if (volume->spec[i] == idx)
				return -EINVAL;
		volume->spec[volume->nr_spec++] = (u8)idx;
	}
	return ret;
}

static bool has_replica_suffix(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot && (!strcmp(dot, ".readonly") || !strcmp(dot, ".backup"));
}

static int parse_volume(struct afs_parse_state *st, char *val)
{
	struct afs_volume *volume;
	unsigned long long vid;
	char *at, *colon;
	int err;

	if (!st->cell)
		return -EINVAL;
	at = strchr(val, '@');
	if (at)
		*at++ = 0;
	colon = strchr(val, ':');
	if (colon)
		*colon++ = 0;
	err = check_name(val, AFS_MAXVOLNAME);
	if (err)
		return err == -ENAMETOOLONG ? err : -EINVAL;
	/* those suffixes name the replicas of a volume */
	if (has_replica_suffix(val) || afs_find_volume(st->cell, val))
		return -EINVAL;
	if (colon) {
		if (afs_parse_uint(colon, UINT32_MAX, &vid) || vid == 0)
			return -EINVAL;
	} else {
		/* R/W volume IDs go in threes (R/W, R/O, backup) */
		vid = AFS_VID_BASE + 3ULL * st->cell->nr_volumes;
	}

	volume = kzalloc(sizeof(*volume), GFP_KERNEL);
	if (!volume)
		return -ENOMEM;
	INIT_LIST_HEAD(&volume->dirs);
	strcpy(volume->name, val);
	volume->vid = vid;
	volume->cell = st->cell;
	if (at) {
		err = parse_volume_servers(volume, at);
		if (err) {
			kfree(volume);
			return err;
		}
	}
	list_add_tail(&volume->link, &st->cell->volumes);
	st->cell->nr_volumes++;
	st->volume = volume;
	return 0;
}

static int parse_dir(struct afs_parse_state *st, const char *path)
{
	const char *c = path;
	struct afs_dir *dir;
	size_t len = strlen(path);

	if (!st->volume || len == 0 || len >= AFSPATHMAX)
		return -EINVAL;
	/* components: not empty, not "." or "..", at most 255 bytes */
	while (*c) {
		size_t n = strcspn(c, "/");

		if (n == 0 || n >= AFSNAMEMAX ||
		    (c[0] == '.' && (n == 1 || (n == 2 && c[1] == '.'))))
			return -EINVAL;
		c += n;
		if (*c == '/' && !*++c)
			return -EINVAL;	/* a trailing slash */
	}
	for (c = path; *c; c++)
		if (!isgraph((unsigned char)*c))
			return -EINVAL;
	dir = kmalloc(sizeof(*dir) + len + 1, GFP_KERNEL);
	if (!dir)
		return -ENOMEM;
	memcpy(dir->path, path, len + 1);
	list_add_tail(&dir->link, &st->volume->dirs);
	return 0;
}

/* ---- mount options ------------------------------------------------------ */

static int parse_flock(struct afs_fs_context *ctx, const char *val)
{
	static const char *const modes[] = {
		[afs_flock_mode_local]	 = "local",
		[afs_flock_mode_openafs] = "openafs",
		[afs_flock_mode_strict]	 = "strict",
		[afs_flock_mode_write]	 = "write",
	};
	unsigned int i;

	for (i = afs_flock_mode_local; i < ARRAY_SIZE(modes); i++) {
		if (!strcmp(val, modes[i])) {
			ctx->flock_mode = (enum afs_flock_mode)i;
			return 0;
		}
	}
	return -EINVAL;
}

static int parse_param(struct afs_parse_state *st, char *key, char *val, bool defs_only)
{
	struct afs_fs_context *ctx = st->ctx;

	if (!defs_only) {
		if (!strcmp(key, "dyn")) {
			ctx->dyn_root = true;
			return val ? -EINVAL : 0;
		}
		if (!strcmp(key, "autocell")) {
			ctx->autocell = true;
			return val ? -EINVAL : 0;
		}
		if (!strcmp(key, "flock"))
			return val ? parse_flock(ctx, val) : -EINVAL;
	}
	if (!val)
		return -EINVAL;
	if (!strcmp(key, "cell"))
		return parse_cell(st, val);
	if (!strcmp(key, "server"))
		return parse_server(st, val);
	if (!strcmp(key, "volume"))
		return parse_volume(st, val);
	if (!strcmp(key, "dir"))
		return parse_dir(st, val);
	return -EINVAL;
}

/*
 * afs_parse_data - read @data into @ctx.  On error @ctx may hold some of
 * the cells; afs_free_fs_context() frees them either way.
 */
int afs_parse_data(struct afs_fs_context *ctx, const char *data, bool defs_only)
{
	struct afs_parse_state st = { .ctx = ctx };
	char *buf, *opt, *next;
	int err = 0;

	if (!data || !*data)
		return 0;
	buf = kstrdup(data, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	/* not strtok: an empty option ("dyn,,x") is an error, not nothing */
	for (opt = buf; opt && !err; opt = next) {
		char *val;

		next = strchr(opt, ',');
		if (next)
			*next++ = 0;
		val = strchr(opt, '=');
		if (val)
			*val++ = 0;
		err = parse_param(&st, opt, val, defs_only);
	}
	kfree(buf);
	if (!err)
		err = afs_resolve_cells(&ctx->cells);
	return err;
}

/*
 * afs_parse_source - the device name, as afs_parse_source() reads it:
 *
 *   none given, or "none"		no volume (only with -o dyn; without,
 *					EDESTADDRREQ and EINVAL, as Linux's
 *					afs_validate_fc() says)
 *   "%[CELL:]VOLUME[.]"		the R/W volume
 *   "#[CELL:]VOLUME[.]"		the volume (R/O if it has one: the model's
 *					volumes have no replicas)
 *   "...VOLUME.readonly", ".backup"	a replica (the model has none)
 *
 * With no CELL the root cell (the first defined) is meant.
 */
int afs_parse_source(struct afs_fs_context *ctx, const char *name)
{
	const char *cell = NULL, *vol, *colon, *suffix;
	size_t cellsz = 0, volsz;

	if (!name)
		return 0;
	if (!strcmp(name, "none")) {
		ctx->no_cell = true;
		return 0;
	}
	if (name[0] != '%' && name[0] != '#')
		return -EINVAL;
	ctx->force_rw = name[0] == '%';
	vol = name + 1;
	colon = strchr(vol, ':');
	if (colon) {
		cell = vol;
		cellsz = (size_t)(colon - vol);
		vol = colon + 1;
		if (cellsz == 0)
			return -EINVAL;
		if (cellsz > AFS_MAXCELLNAME)
			return -ENAMETOOLONG;
	}
	suffix = strrchr(vol, '.');
	if (suffix) {
		if (!strcmp(suffix, ".readonly") || !strcmp(suffix, ".backup"))
			ctx->replica = true;
		else if (suffix[1] != 0)
			suffix = NULL;
	}
	volsz = suffix ? (size_t)(suffix - vol) : strlen(vol);
	if (volsz == 0)
		return -EINVAL;
	if (volsz > AFS_MAXVOLNAME)
		return -ENAMETOOLONG;
	memcpy(ctx->cellname, cell ? cell : "", cellsz);
	ctx->cellname[cellsz] = 0;
	memcpy(ctx->volname, vol, volsz);
	ctx->volname[volsz] = 0;
	return 0;
}

/* ---- superblocks and mounting ------------------------------------------- */

/* mkdir -p @path below @root, each directory 0755 root's: how many it
 * made, or -errno. */
static int afs_mkdir_p(struct dentry *root, const char *path)
{
	char buf[AFSPATHMAX], *comp, *save = NULL;
	struct dentry *parent = dget(root), *d;
	int made = 0;

	snprintf(buf, sizeof(buf), "%s", path);
	for (comp = strtok_r(buf, "/", &save); comp; comp = strtok_r(NULL, "/", &save)) {
		struct qstr q = { .name = comp, .len = (unsigned int)strlen(comp) };

		q.hash = full_name_hash(parent, comp, q.len);
		d = d_lookup(parent, &q);
		if (!d) {
			d = simple_make_child(parent, comp, S_IFDIR | 0755, NULL);
			if (IS_ERR(d)) {
				dput(parent);
				return (int)PTR_ERR(d) == -ENOSPC ? -ENOMEM : (int)PTR_ERR(d);
			}
			d->d_inode->i_op = &afs_dir_inode_operations;
			d->d_inode->i_uid = 0;
			d->d_inode->i_gid = 0;
			made++;
		}
		dput(parent);
		parent = d;
	}
	dput(parent);
	return made;
}

static int afs_fill_volume(struct super_block *sb, struct afs_super_info *as)
{
	struct afs_volume *volume = as->volume;
	struct afs_dir *dir;
	int err;

	/* Fetching the root's status needs a fileserver that answers. */
	if (volume->nr_servers && !afs_volume_servers_up(volume))
		return -EHOSTUNREACH;
	snprintf(sb->s_id, sizeof(sb->s_id), "%llu", (unsigned long long)volume->vid);
	err = simple_fill_root(sb, 0755);
	if (err)
		return err;
	sb->s_root->d_inode->i_op = &afs_dir_inode_operations;
	as->nr_dirs = 1;
	list_for_each_entry(dir, &volume->dirs, link) {
		err = afs_mkdir_p(sb->s_root, dir->path);
		if (err < 0)
			return err;
		as->nr_dirs += (unsigned int)err;
	}
	return 0;
}

/* The options show_options would print (",dyn,autocell,flock=..."), less
 * the leading comma, or NULL for none. */
static int afs_set_options(struct super_block *sb, struct afs_super_info *as)
{
	static const char *const flock[] = {
		[afs_flock_mode_unset]	 = "",
		[afs_flock_mode_local]	 = ",flock=local",
		[afs_flock_mode_openafs] = ",flock=openafs",
		[afs_flock_mode_strict]	 = ",flock=strict",
		[afs_flock_mode_write]	 = ",flock=write",
	};
	char buf[64];

	snprintf(buf, sizeof(buf), "%s%s%s", as->dyn_root ? ",dyn" : "",
		 as->autocell ? ",autocell" : "", flock[as->flock_mode]);
	if (!buf[0])
		return 0;
	sb->s_options = kstrdup(buf + 1, GFP_KERNEL);
	return sb->s_options ? 0 : -ENOMEM;
}

/*
 * A new superblock: fill it, then make it known to the net (a use of the
 * database, and its list of volume superblocks or its dynamic root) and
 * publish its afs_super_info, which is what afs_test_super() looks for.
 */
static int afs_fill_super(struct super_block *sb, struct afs_fs_context *ctx,
			  struct afs_sb_key *key)
{
	struct vfsim *v = sb->s_kernel;
	struct afs_super_info *as;
	int err;

	as = kzalloc(sizeof(*as), GFP_KERNEL);
	if (!as)
		return -ENOMEM;
	as->net = key->net;
	as->cell = key->cell;
	as->volume = key->volume;
	as->sb = sb;
	as->dyn_root = key->dyn_root;
	as->autocell = ctx->autocell;
	as->flock_mode = ctx->flock_mode;
	INIT_LIST_HEAD(&as->net_link);

	sb->s_magic = AFS_FS_MAGIC;
	sb->s_op = &afs_super_ops;
	sb->s_d_op = &afs_dynroot_dentry_operations;
	sb->s_maxbytes = INT64_MAX;	/* MAX_LFS_FILESIZE */
	if (as->dyn_root)
		err = afs_dynroot_fill(sb, key->net);
	else
		err = afs_fill_volume(sb, as);
	if (!err)
		err = afs_set_options(sb, as);
	if (err) {
		kfree(as);
		return err;
	}

	mutex_lock(&key->net->lock);
	key->net->usage++;
	if (as->dyn_root)
		key->net->dynroot_sb = sb;
	else
		list_add_tail(&as->net_link, &key->net->volume_sbs);
	mutex_unlock(&key->net->lock);
	spin_lock(&v->sb_lock);
	sb->s_fs_info = as;
	spin_unlock(&v->sb_lock);
	return 0;
}

static int afs_test_super(struct super_block *sb, struct fs_context *fc)
{
	struct afs_sb_key *key = fc->fs_private;
	struct afs_super_info *as = AFS_FS_S(sb);

	return as && as->net == key->net && as->dyn_root == key->dyn_root &&
	       as->volume == key->volume;
}

/* Which cell and volume a source names: in the net, or among the cells
 * this mount's data defines. */
static int afs_find_target(struct afs_fs_context *ctx, struct afs_sb_key *key)
{
	struct afs_cell *cell;

	if (ctx->no_cell)
		return -EINVAL;		/* "none" needs -o dyn */
	if (!ctx->volname[0])
		return -EDESTADDRREQ;	/* no source at all */
	if (ctx->cellname[0]) {
		cell = afs_find_cell(&key->net->cells, ctx->cellname);
		if (!cell)
			cell = afs_find_cell(&ctx->cells, ctx->cellname);
		if (!cell)
			return -ENOENT;
	} else if (!list_empty(&key->net->cells)) {
		cell = list_first_entry(&key->net->cells, struct afs_cell, link);
	} else if (!list_empty(&ctx->cells)) {
		cell = list_first_entry(&ctx->cells, struct afs_cell, link);
	} else {
		return -EDESTADDRREQ;	/* no root cell */
	}
	key->cell = cell;
	key->volume = ctx->replica ? NULL : afs_find_volume(cell, ctx->volname);
	return key->volume ? 0 : -ENOMEDIUM;
}

static int afs_get_tree(struct fs_context *fc)
{
	struct vfsim *v = current_kernel();
	struct afs_fs_context ctx;
	struct afs_sb_key key = { 0 };
	struct super_block *sb;
	int err;

	afs_init_fs_context(&ctx);
	err = afs_parse_data(&ctx, fc->data, false);
	if (!err)
		err = afs_parse_source(&ctx, fc->source);
	if (err)
		goto out_ctx;

	key.net = afs_net(v);
	mutex_lock(&key.net->mount_mutex);
	afs_get_net(key.net);
	key.dyn_root = ctx.dyn_root;
	if (!key.dyn_root) {
		err = afs_find_target(&ctx, &key);
		if (err)
			goto out_net;
	}

	fc->fs_private = &key;
	sb = sget_fc(fc, afs_test_super, set_anon_super);
	fc->fs_private = NULL;
	if (IS_ERR(sb)) {
		err = (int)PTR_ERR(sb);
		goto out_net;
	}
	if (!sb->s_root) {
		err = afs_fill_super(sb, &ctx, &key);
		if (err) {
			deactivate_locked_super(sb);
			goto out_net;
		}
		sb->s_flags |= SB_ACTIVE | SB_BORN;
	}

	/* Last, so that a mount that fails leaves the database as it was. */
	err = afs_net_add_cells(key.net, &ctx.cells);
	if (err) {
		deactivate_locked_super(sb);
		goto out_net;
	}
	fc->root = dget(sb->s_root);

out_net:
	afs_put_net(key.net);
	mutex_unlock(&key.net->mount_mutex);
out_ctx:
	afs_free_fs_context(&ctx);
	return err;
}

void afs_init_fs_context(struct afs_fs_context *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	INIT_LIST_HEAD(&ctx->cells);
}

void afs_free_fs_context(struct afs_fs_context *ctx)
{
	afs_free_cells(&ctx->cells);
}

/* Remount: the options are read (and refused) as at mount time but change
 * nothing, as Linux's AFS has no ->reconfigure; cells cannot be defined. */
static int afs_reconfigure(struct fs_context *fc)
{
	struct afs_fs_context ctx;
	int err;

	afs_init_fs_context(&ctx);
	err = afs_parse_data(&ctx, fc->data, false);
	if (!err && !list_empty(&ctx.cells))
		err = -EINVAL;
	afs_free_fs_context(&ctx);
	return err;
}

static void afs_kill_super(struct super_block *sb)
{
	struct afs_super_info *as = AFS_FS_S(sb);
	struct vfsim *v = sb->s_kernel;

	spin_lock(&v->sb_lock);
	sb->s_fs_info = NULL;
	spin_unlock(&v->sb_lock);

	mutex_lock(&as->net->lock);
	if (as->dyn_root)
		as->net->dynroot_sb = NULL;
	else
		list_del_init(&as->net_link);
	mutex_unlock(&as->net->lock);

	kill_anon_super(sb);
	afs_put_net(as->net);
	kfree(as);
}

bool afs_is_afs_sb(const struct super_block *sb)
{
	return sb->s_type->get_tree == afs_get_tree;
}

struct file_system_type afs_fs_type = {
	.name = "afs",
	.get_tree = afs_get_tree,
	.reconfigure = afs_reconfigure,
	.kill_sb = afs_kill_super,
};
