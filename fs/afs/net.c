// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * An instance's cell database (Linux's struct afs_net): finding it through
 * the instance's AFS superblocks, making it, dropping it, and adding cells
 * to it (with their directories in the dynamic root, as
 * afs_dynroot_mkdir() does when a cell is added in Linux).
 */
#include "internal.h"

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

DEFINE_MUTEX(afs_mount_mutex);

/*
 * afs_net_find - the database of @v's AFS superblocks, with a reference,
 * or NULL if there is no AFS superblock.  The caller holds afs_mount_mutex,
 * so that the answer stays true while it makes one.
 *
 * A superblock publishes its afs_super_info under sb_lock once it is fully
 * set up and unpublishes it under sb_lock before it drops its reference on
 * the net, so a net seen here still has that reference.
 */
struct afs_net *afs_net_find(struct vfsim *v)
{
	struct afs_net *net = NULL;
	struct super_block *sb;

	spin_lock(&v->sb_lock);
	list_for_each_entry(sb, &v->super_blocks, s_list) {
		struct afs_super_info *as;

		if (!afs_is_afs_sb(sb))
			continue;
		as = sb->s_fs_info;
		if (as) {
			net = as->net;
			refcount_inc(&net->usage);
			break;
		}
	}
	spin_unlock(&v->sb_lock);
	return net;
}

struct afs_net *afs_alloc_net(void)
{
	struct afs_net *net = kzalloc(sizeof(*net), GFP_KERNEL);

	if (!net)
		return NULL;
	refcount_set(&net->usage, 1);
	mutex_init(&net->lock);
	INIT_LIST_HEAD(&net->cells);
	INIT_LIST_HEAD(&net->volume_sbs);
	return net;
}

void afs_put_net(struct afs_net *net)
{
	if (!net || !refcount_dec_and_test(&net->usage))
		return;
	WARN_ON(!list_empty(&net->volume_sbs) || net->dynroot_sb);
	afs_free_cells(&net->cells);
	mutex_destroy(&net->lock);
	kfree(net);
}

/*
 * afs_net_add_cells - move the cells of @cells (a parse list) into @net,
 * all or none: -EEXIST if a cell of that name or a fileserver of that UUID
 * is already there, -ENOMEM if a directory could not be made in the
 * dynamic root.  The caller holds afs_mount_mutex: no mount can be looking
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
