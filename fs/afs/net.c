// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * An instance's AFS state (Linux's struct afs_net, one per network
 * namespace; here the state of subsystem PERNET_AFS, vfs/pernet.h): the
 * cell database, used by every AFS superblock, and emptied by the last of
 * them; adding cells to it (with their directories in the dynamic root,
 * as afs_dynroot_mkdir() does when a cell is added in Linux).
 */
#include "internal.h"

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

/*
 * afs_net_find - @v's AFS state with a use of its database, or NULL if
 * there is no database (no AFS superblock, nor a user).  A caller that
 * needs the answer to stay true holds net->mount_mutex.
 */
struct afs_net *afs_net_find(struct vfsim *v)
{
	struct afs_net *net = afs_net(v);
	bool found;

	mutex_lock(&net->lock);
	found = net->usage != 0;
	if (found)
		net->usage++;
	mutex_unlock(&net->lock);
	return found ? net : NULL;
}

/* A use of the database: the first makes it (empty). */
void afs_get_net(struct afs_net *net)
{
	mutex_lock(&net->lock);
	net->usage++;
	mutex_unlock(&net->lock);
}

/* The last use gone (the last AFS superblock's end): the database goes. */
void afs_put_net(struct afs_net *net)
{
	if (!net)
		return;
	mutex_lock(&net->lock);
	if (!--net->usage) {
		WARN_ON(!list_empty(&net->volume_sbs) || net->dynroot_sb);
		afs_free_cells(&net->cells);
	}
	mutex_unlock(&net->lock);
}

/*
 * afs_net_add_cells - move the cells of @cells (a parse list) into @net,
 * all or none: -EEXIST if a cell of that name or a fileserver of that UUID
 * is already there, -ENOMEM if a directory could not be made in the
 * dynamic root.  The caller holds net->mount_mutex: no mount can be looking
 * for these cells while they are added (or taken away again).
 */
int afs_net_add_cells(struct afs_net *net, struct list_head *cells)
{
	struct afs_cell *cell, *done;
	struct afs_server *server;
	int err = 0;

	if (list_empty(cells))
		return 0;
	mutex_lock(&net->lock);
	list_for_each_entry(cell, cells, link) {
		if (afs_find_cell(&net->cells, cell->name)) {
			err = -EEXIST;
			goto out;
		}
		list_for_each_entry(server, &cell->servers, link) {
			if (afs_find_server(&net->cells, &server->uuid)) {
				err = -EEXIST;
				goto out;
			}
		}
	}
	if (net->dynroot_sb) {
		list_for_each_entry(cell, cells, link) {
			err = afs_dynroot_mkdir(net->dynroot_sb, cell);
			if (!err)
				continue;
			list_for_each_entry(done, cells, link) {
				if (done == cell)
					break;
				afs_dynroot_rmdir(net->dynroot_sb, done);
			}
			goto out;
		}
	}
	list_splice_tail_init(cells, &net->cells);
out:
	mutex_unlock(&net->lock);
	return err;
}

static int afs_net_init(struct vfsim *v)
{
	struct afs_net *net = afs_net(v);

	mutex_init(&net->mount_mutex);
	mutex_init(&net->lock);
	INIT_LIST_HEAD(&net->cells);
	INIT_LIST_HEAD(&net->volume_sbs);
	return 0;
}

/* After the last superblock: the database is gone with it. */
static void afs_net_exit(struct vfsim *v)
{
	struct afs_net *net = afs_net(v);

	WARN_ON(net->usage || !list_empty(&net->cells));
	mutex_destroy(&net->lock);
	mutex_destroy(&net->mount_mutex);
}

static struct file_system_type *const afs_types[] = { &afs_fs_type };

/* The subsystem, with the type afs_init() registers. */
const struct pernet_operations afs_net_ops = {
	.name = "afs",
	.id = PERNET_AFS,
	.size = sizeof(struct afs_net),
	.fs_types = afs_types,
	.nr_fs_types = ARRAY_SIZE(afs_types),
	.init = afs_net_init,
	.exit = afs_net_exit,
};
