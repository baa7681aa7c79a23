// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The dynamic root (mount -t afs none /afs -o dyn; Linux's fs/afs/dynroot.c
 * and mntpt.c): a directory per cell of the database, each an automount
 * point.  Walking into /afs/CELL mounts the cell's root volume there as a
 * submount, "%CELL:root.cell." (the model's volumes are all R/W, so '%'),
 * and puts it on the instance's expiry list, where vfsim_expire_mounts()
 * finds it: Linux's own afs_vfsmounts list and its 10-minute timer are
 * replaced by that.
 */
#include <stdio.h>

#include "internal.h"

#include <linux/slab.h>
#include <vfs/kernel.h>

/* Nothing can be made here: no ->mkdir (EPERM), no ->create (EACCES). */
static const struct inode_operations afs_dynroot_inode_operations = { 0 };

/*
 * afs_d_automount - mount the root volume of the cell whose directory
 * @path is (afs_mntpt_do_automount() for a pseudo-directory).
 */
static struct vfsmount *afs_d_automount(struct path *path)
{
	struct afs_cell *cell = path->dentry->d_fsdata;
	struct vfsim *v = current_kernel();
	struct vfsmount *mnt;
	char *source;

	source = kasprintf(GFP_KERNEL, "%%%s:%s.", cell->name, AFS_ROOT_VOLUME);
	if (!source)
		return ERR_PTR(-ENOMEM);
	mnt = vfs_kern_mount(path->dentry->d_sb->s_type, SB_SUBMOUNT, source, NULL);
	kfree(source);
	if (IS_ERR(mnt))
		return mnt;

	mntget(mnt);		/* prevent immediate expiration */
	mnt_set_expiry(mnt, &v->expiry_list);
	return mnt;
}

const struct dentry_operations afs_dynroot_dentry_operations = {
	.d_automount = afs_d_automount,
};

/* Make @cell's directory in the dynamic root @sb. */
int afs_dynroot_mkdir(struct super_block *sb, struct afs_cell *cell)
{
	struct dentry *d;

	d = simple_make_child(sb->s_root, cell->name, S_IFDIR | 0555, NULL);
	if (IS_ERR(d))
		return (int)PTR_ERR(d) == -ENOSPC ? -ENOMEM : (int)PTR_ERR(d);
	d->d_inode->i_op = &afs_dynroot_inode_operations;
	d->d_inode->i_uid = 0;
	d->d_inode->i_gid = 0;
	spin_lock(&d->d_lock);
	d->d_fsdata = cell;
	d->d_op = &afs_dynroot_dentry_operations;
	WRITE_ONCE(d->d_flags, d->d_flags | DCACHE_NEED_AUTOMOUNT);
	spin_unlock(&d->d_lock);
	dput(d);
	return 0;
}

/* Take @cell's directory away again (a failed addition of cells). */
void afs_dynroot_rmdir(struct super_block *sb, struct afs_cell *cell)
{
	struct qstr q = { .name = cell->name, .len = (unsigned int)strlen(cell->name) };
	struct dentry *d;

	q.hash = full_name_hash(sb->s_root, q.name, q.len);
	d = d_lookup(sb->s_root, &q);
	if (!d)
		return;
	dput(d);
	d_delete_subtree(d);
	sb->s_root->d_inode->i_nlink--;
}

/* The root of a new dynamic root superblock, with a directory per cell. */
int afs_dynroot_fill(struct super_block *sb, struct afs_net *net)
{
	struct afs_cell *cell;
	int err;

	err = simple_fill_root(sb, 0555);
	if (err)
		return err;
	sb->s_root->d_inode->i_op = &afs_dynroot_inode_operations;
	list_for_each_entry(cell, &net->cells, link) {
		err = afs_dynroot_mkdir(sb, cell);
		if (err)
			return err;
	}
	return 0;
}
