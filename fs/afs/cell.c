// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Cells, their fileservers and volumes: making, finding and freeing them,
 * and turning a volume's server numbers into its server list.  The lists
 * are either a parse list (a mount's own, not shared) or net->cells (under
 * the locks of internal.h).
 */
#include <stdio.h>

#include "internal.h"

#include <linux/slab.h>

struct afs_cell *afs_alloc_cell(const char *name)
{
	struct afs_cell *cell = kzalloc(sizeof(*cell), GFP_KERNEL);

	if (!cell)
		return NULL;
	INIT_LIST_HEAD(&cell->servers);
	INIT_LIST_HEAD(&cell->volumes);
	snprintf(cell->name, sizeof(cell->name), "%s", name);
	return cell;
}

static void afs_free_volume(struct afs_volume *volume)
{
	struct afs_dir *dir, *d;

	list_for_each_entry_safe(dir, d, &volume->dirs, link)
		kfree(dir);
	kfree(volume->servers);
	kfree(volume);
}

static void afs_free_cell(struct afs_cell *cell)
{
	struct afs_volume *volume, *v;
	struct afs_server *server, *s;

	list_for_each_entry_safe(volume, v, &cell->volumes, link)
		afs_free_volume(volume);
	list_for_each_entry_safe(server, s, &cell->servers, link) {
		kfree(server->addrs);
		kfree(server);
	}
	kfree(cell);
}

void afs_free_cells(struct list_head *cells)
{
	struct afs_cell *cell, *c;

	list_for_each_entry_safe(cell, c, cells, link) {
		list_del(&cell->link);
		afs_free_cell(cell);
	}
}

struct afs_cell *afs_find_cell(struct list_head *cells, const char *name)
{
	struct afs_cell *cell;

	list_for_each_entry(cell, cells, link)
		if (!strcmp(cell->name, name))
			return cell;
	return NULL;
}

/* Fileservers are known by UUID across the whole database, as Linux's
 * net->fs_servers tree knows them. */
struct afs_server *afs_find_server(struct list_head *cells, const uuid_t *uuid)
{
	struct afs_server *server;
	struct afs_cell *cell;

	list_for_each_entry(cell, cells, link)
		list_for_each_entry(server, &cell->servers, link)
			if (uuid_equal(&server->uuid, uuid))
				return server;
	return NULL;
}

struct afs_volume *afs_find_volume(struct afs_cell *cell, const char *name)
{
	struct afs_volume *volume;

	list_for_each_entry(volume, &cell->volumes, link)
		if (!strcmp(volume->name, name))
			return volume;
	return NULL;
}

bool afs_volume_uses(const struct afs_volume *volume, const struct afs_server *server)
{
	unsigned int i;

	for (i = 0; i < volume->nr_servers; i++)
		if (volume->servers[i] == server)
			return true;
	return false;
}

unsigned int afs_volume_servers_up(const struct afs_volume *volume)
{
	unsigned int i, n = 0;

	for (i = 0; i < volume->nr_servers; i++)
		if (!READ_ONCE(volume->servers[i]->down))
			n++;
	return n;
}

static struct afs_server *nth_server(struct afs_cell *cell, unsigned int n)
{
	struct afs_server *server;

	list_for_each_entry(server, &cell->servers, link)
		if (n-- == 0)
			return server;
	return NULL;
}

/*
 * Build each volume's server list from what the mount data said: the
 * numbered servers, all of the cell's (the default), or none.  A volume
 * with no server at all has no list (NULL), which is what erratum B13's
 * NULL dereference needs.  Volume IDs must differ within a cell.
 */
static int afs_resolve_cell(struct afs_cell *cell)
{
	struct afs_volume *volume, *other;
	unsigned int i, n;

	list_for_each_entry(volume, &cell->volumes, link) {
		list_for_each_entry(other, &cell->volumes, link)
			if (other != volume && other->vid == volume->vid)
				return -EINVAL;
		if (volume->servers || volume->spec_none)
			continue;
		n = volume->nr_spec ? volume->nr_spec : cell->nr_servers;
		if (n == 0)
			continue;
		for (i = 0; i < volume->nr_spec; i++)
			if (volume->spec[i] >= cell->nr_servers)
				return -EINVAL;
		volume->servers = kcalloc(n, sizeof(*volume->servers), GFP_KERNEL);
		if (!volume->servers)
			return -ENOMEM;
		for (i = 0; i < n; i++)
			volume->servers[i] = nth_server(cell, volume->nr_spec ?
							volume->spec[i] : i);
		volume->nr_servers = n;
	}
	return 0;
}

int afs_resolve_cells(struct list_head *cells)
{
	struct afs_cell *cell;
	int err;

	list_for_each_entry(cell, cells, link) {
		err = afs_resolve_cell(cell);
		if (err)
			return err;
	}
	return 0;
}
