// SPDX-License-Identifier: LGPL-2.1-or-later
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
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

#include <linux/slab.h>

void afs_init_fs_context(struct afs_fs_context *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	INIT_LIST_HEAD(&ctx->cells);
}

void afs_free_fs_context(struct afs_fs_context *ctx)
{
	afs_free_cells(&ctx->cells);
}

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

/* ---- definitions ------------------------------------------------------------ */

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

/* ---- mount options ------------------------------------------------------------ */

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
