// SPDX-License-Identifier: LGPL-2.1-or-later
/* Helpers for in-memory filesystems (fs/libfs.c, fs/ramfs/inode.c). */
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

struct inode *simple_new_inode(struct super_block *sb, umode_t mode)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_mode = mode;
	if (current) {
		inode->i_uid = current->cred.fsuid;
		inode->i_gid = current->cred.fsgid;
	}
	if (S_ISDIR(mode)) {
		inode->i_op = &simple_dir_inode_operations;
		inode->i_nlink = 2;
	} else if (S_ISREG(mode)) {
		/* ramfs_get_inode(): a regular file has pages */
		inode->i_fop = &ramfs_file_operations;
		inode->i_mapping = mapping_alloc(NULL);
		if (!inode->i_mapping) {
			iput_final(inode);
			return NULL;
		}
	}
	return inode;
}

/*
 * ramfs_mknod()/shmem_mknod(): make the inode with @get_inode (the
 * filesystem's, which may refuse: -ENOSPC, as a NULL from
 * ramfs_get_inode() is) and put it in the tree.
 */
int simple_mknod_with(struct inode *dir, struct dentry *dentry, umode_t mode,
		      const char *target, dev_t rdev,
		      struct inode *(*get_inode)(struct super_block *sb, umode_t mode, int *err))
{
	int err = -ENOSPC;
	struct inode *inode = get_inode(dir->i_sb, mode, &err);

	if (!inode)
		return err;
	if (special_file(mode))
		init_special_inode(inode, mode, rdev);
	if (target) {
		inode->i_link = kstrdup(target, GFP_KERNEL);
		if (!inode->i_link) {
			iput_final(inode);
			return -ENOMEM;
		}
		inode->i_size = (loff_t)strlen(target);
	}
	if (dir->i_mode & S_ISGID) {
		inode->i_gid = dir->i_gid;
		if (S_ISDIR(mode))
			inode->i_mode |= S_ISGID;
	}
	d_add(dentry, inode);
	dget(dentry);		/* the caller's reference; d_add's is the tree's */
	dir->i_mtime = dir->i_ctime = current_time_v(dir->i_sb->s_kernel);
	if (S_ISDIR(mode))
		dir->i_nlink++;
	return 0;
}

static struct inode *ramfs_get_inode(struct super_block *sb, umode_t mode, int *err)
{
	(void)err;	/* ramfs_get_inode() failing gives ENOSPC */
	return simple_new_inode(sb, mode);
}

static int simple_mknod(struct inode *dir, struct dentry *dentry, umode_t mode,
			const char *target)
{
	return simple_mknod_with(dir, dentry, mode, target, 0, ramfs_get_inode);
}

/* ramfs_mknod(): a device node, FIFO or socket */
static int simple_mknod_dev(struct inode *dir, struct dentry *dentry, umode_t mode,
			    dev_t rdev)
{
	return simple_mknod_with(dir, dentry, mode, NULL, rdev, ramfs_get_inode);
}

static int simple_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return simple_mknod(dir, dentry, S_IFDIR | (mode & 07777), NULL);
}

static int simple_symlink(struct inode *dir, struct dentry *dentry, const char *target)
{
	return simple_mknod(dir, dentry, S_IFLNK | 0777, target);
}

static int simple_create(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return simple_mknod(dir, dentry, S_IFREG | (mode & 07777), NULL);
}

/* simple_empty(): no child in the tree (cursors and unlinked names do
 * not count). */
bool simple_empty(struct dentry *dentry)
{
	struct vfsim *v = dentry->d_sb->s_kernel;
	struct dentry *child;
	bool ret = true;

	spin_lock(&v->dcache_lock);
	list_for_each_entry(child, &dentry->d_subdirs, d_child) {
		if (simple_positive(child)) {
			ret = false;
			break;
		}
	}
	spin_unlock(&v->dcache_lock);
	return ret;
}

/* simple_link(): one more name for the inode; the tree's reference on the
 * new dentry is d_add()'s, the caller's its own (dget()). */
int simple_link(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = old_dentry->d_inode;

	inode->i_ctime = dir->i_ctime = dir->i_mtime = current_time_v(dir->i_sb->s_kernel);
	inode->i_nlink++;
	ihold(inode);
	d_add(dentry, inode);
	dget(dentry);
	return 0;
}

/* simple_unlink(): the name goes and with it the tree's reference; the
 * inode lives while a dentry of it is held (an open file). */
int simple_unlink(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = dentry->d_inode;

	inode->i_ctime = dir->i_ctime = dir->i_mtime = current_time_v(dir->i_sb->s_kernel);
	drop_nlink(inode);
	d_delete(dentry);
	dput(dentry);
	return 0;
}

int simple_rmdir(struct inode *dir, struct dentry *dentry)
{
	if (!simple_empty(dentry))
		return -ENOTEMPTY;
	drop_nlink(dentry->d_inode);
	drop_nlink(dir);
	return simple_unlink(dir, dentry);
}

/* simple_rename_exchange() (5.15's, for tmpfs's RENAME_EXCHANGE in 5.8's
 * shmem_exchange()): directories moving between parents move a link. */
int simple_rename_exchange(struct inode *old_dir, struct dentry *old_dentry,
			   struct inode *new_dir, struct dentry *new_dentry)
{
	bool old_is_dir = d_is_dir(old_dentry);
	bool new_is_dir = d_is_dir(new_dentry);

	if (old_dir != new_dir && old_is_dir != new_is_dir) {
		if (old_is_dir) {
			drop_nlink(old_dir);
			new_dir->i_nlink++;
		} else {
			drop_nlink(new_dir);
			old_dir->i_nlink++;
		}
	}
	old_dir->i_ctime = old_dir->i_mtime = new_dir->i_ctime = new_dir->i_mtime =
		old_dentry->d_inode->i_ctime = new_dentry->d_inode->i_ctime =
		current_time_v(old_dir->i_sb->s_kernel);
	return 0;
}

/*
 * simple_rename() of 5.8: RENAME_NOREPLACE only (5.8's ramfs refuses
 * RENAME_EXCHANGE with -EINVAL; 5.15 added it); a target is unlinked
 * first.  The VFS moves the dentry afterwards (d_move()).
 */
int simple_rename(struct inode *old_dir, struct dentry *old_dentry,
		  struct inode *new_dir, struct dentry *new_dentry, unsigned int flags)
{
	struct inode *inode = old_dentry->d_inode;
	bool they_are_dirs = d_is_dir(old_dentry);

	if (flags & ~RENAME_NOREPLACE)
		return -EINVAL;
	if (new_dentry->d_inode && !simple_empty(new_dentry))
		return -ENOTEMPTY;
	if (new_dentry->d_inode) {
		struct inode *target = new_dentry->d_inode;

		/* simple_unlink() drops the tree's reference the rename's
		 * caller still holds one of */
		simple_unlink(new_dir, new_dentry);
		if (they_are_dirs) {
			drop_nlink(target);
			drop_nlink(old_dir);
		}
	} else if (they_are_dirs) {
		drop_nlink(old_dir);
		new_dir->i_nlink++;
	}
	old_dir->i_ctime = old_dir->i_mtime = new_dir->i_ctime = new_dir->i_mtime =
		inode->i_ctime = current_time_v(old_dir->i_sb->s_kernel);
	return 0;
}

const struct inode_operations simple_dir_inode_operations = {
	.mkdir = simple_mkdir,
	.symlink = simple_symlink,
	.create = simple_create,
	.link = simple_link,
	.unlink = simple_unlink,
	.rmdir = simple_rmdir,
	.rename = simple_rename,
	.mknod = simple_mknod_dev,
};

/*
 * Directories of kernel filesystems (proc): nothing can be made in them.
 * proc's ->lookup() fails a name it does not know with -ENOENT before
 * vfs_mkdir() (or vfs_symlink(), vfs_create()) is reached, so creating
 * anything there is -ENOENT, not the -EPERM of a missing ->mkdir.
 */
static int simple_ro_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	(void)dir, (void)dentry, (void)mode;
	return -ENOENT;
}

static int simple_ro_symlink(struct inode *dir, struct dentry *dentry,
			     const char *target)
{
	(void)dir, (void)dentry, (void)target;
	return -ENOENT;
}

static int simple_ro_mknod(struct inode *dir, struct dentry *dentry, umode_t mode,
			   dev_t rdev)
{
	(void)rdev;
	return simple_ro_mkdir(dir, dentry, mode);
}

const struct inode_operations simple_ro_dir_inode_operations = {
	.mkdir = simple_ro_mkdir,
	.symlink = simple_ro_symlink,
	.create = simple_ro_mkdir,
	.mknod = simple_ro_mknod,
};

int simple_fill_root(struct super_block *sb, umode_t mode)
{
	struct inode *inode = simple_new_inode(sb, S_IFDIR | mode);

	if (!inode)
		return -ENOMEM;
	inode->i_uid = 0;
	inode->i_gid = 0;
	sb->s_root = d_make_root(inode);
	if (!sb->s_root)
		return -ENOMEM;
	return 0;
}

struct dentry *simple_make_child(struct dentry *parent, const char *name,
				 umode_t mode, const char *target)
{
	struct qstr q = { .name = name, .len = (unsigned int)strlen(name) };
	struct dentry *d;
	int err;

	q.hash = full_name_hash(parent, name, q.len);
	d = d_alloc(parent, &q);
	if (!d)
		return ERR_PTR(-ENOMEM);
	err = simple_mknod(parent->d_inode, d, mode, target);
	if (err) {
		dput(d);
		return ERR_PTR(err);
	}
	return d;
}

int simple_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	buf->f_type = (long)dentry->d_sb->s_magic;
	buf->f_bsize = 4096;
	buf->f_namelen = NAME_MAX;
	buf->f_frsize = 4096;
	return 0;
}
