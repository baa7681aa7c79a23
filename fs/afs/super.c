// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The "afs" filesystem type (Linux's fs/afs/super.c): one superblock per
 * volume however often and wherever it is mounted, and one dynamic root
 * per instance.  A mount's data may define cells (parse.c); they go into
 * the instance's database, which the mount makes if it is the first AFS
 * superblock of the instance.
 *
 * Errors, as Linux gives them: a source that is not "none", "%..." or
 * "#..." is EINVAL, as is "none" without -o dyn; no source and no dyn is
 * EDESTADDRREQ, as is a source without a cell when no cell is defined; an
 * unknown cell is ENOENT; an unknown volume (or a replica: the model's
 * volumes have none) ENOMEDIUM; a volume whose servers are all down
 * EHOSTUNREACH; a cell or fileserver defined twice EEXIST.
 */
#include <stdio.h>

#include "internal.h"

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

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

static const struct super_operations afs_super_ops = {
	.statfs = afs_statfs,
	.fsinfo = afs_fsinfo,
};

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
 * A new superblock: fill it, then make it known to the net (its list of
 * volume superblocks, or as its dynamic root) and publish its
 * afs_super_info, which is what afs_net_find() looks for.
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

	refcount_inc(&key->net->usage);
	mutex_lock(&key->net->lock);
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

	mutex_lock(&afs_mount_mutex);
	key.net = afs_net_find(v);
	if (!key.net) {
		key.net = afs_alloc_net();
		if (!key.net) {
			err = -ENOMEM;
			goto out_unlock;
		}
	}
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
out_unlock:
	mutex_unlock(&afs_mount_mutex);
out_ctx:
	afs_free_fs_context(&ctx);
	return err;
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
