// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Object creation (fs/namei.c: filename_create, vfs_mkdir, vfs_symlink),
 * and the model's automount points: directories whose d_automount mounts a
 * given filesystem as a submount, the way autofs or AFS cell directories
 * behave, so harnesses can exercise automount and expiry.
 */
#include <fcntl.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

static int mnt_want_write(struct vfsmount *m)
{
	return __mnt_is_readonly(m) ? -EROFS : 0;
}

/*
 * filename_create - look up the parent of @name, make sure the last
 * component does not exist, and return a new unhashed dentry for it.
 */
static struct dentry *filename_create(int dfd, struct filename *name,
				      struct path *path, unsigned int lookup_flags)
{
	struct qstr last;
	struct dentry *dentry;
	int type, err, err2;

	err = filename_parentat(dfd, name, lookup_flags & ~LOOKUP_FOLLOW, path,
				&last, &type);
	if (err)
		return ERR_PTR(err);
	/* Yucky last component or no last component at all? */
	if (unlikely(type != LAST_NORM)) {
		path_put(path);
		return ERR_PTR(-EEXIST);
	}
	/* A trailing slash is fine only for directories. */
	if (!(lookup_flags & LOOKUP_DIRECTORY) && last.name[last.len]) {
		path_put(path);
		return ERR_PTR(-ENOENT);
	}
	if (last.len > NAME_MAX) {
		path_put(path);
		return ERR_PTR(-ENAMETOOLONG);
	}
	err2 = mnt_want_write(path->mnt);
	dentry = d_lookup(path->dentry, &last);
	if (dentry) {
		dput(dentry);
		path_put(path);
		return ERR_PTR(-EEXIST);
	}
	if (err2) {
		path_put(path);
		return ERR_PTR(err2);
	}
	dentry = d_alloc(path->dentry, &last);
	if (!dentry) {
		path_put(path);
		return ERR_PTR(-ENOMEM);
	}
	return dentry;
}

static int may_create(struct inode *dir)
{
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

static long create_common(int dfd, const char __user *pathname, umode_t mode,
			  const char *target, struct dentry **made)
{
	struct filename *name;
	struct dentry *dentry;
	struct inode *dir;
	struct path path;
	long err;

	name = getname(pathname);
	if (IS_ERR(name))
		return PTR_ERR(name);
	dentry = filename_create(dfd, name, &path,
				 S_ISDIR(mode) ? LOOKUP_DIRECTORY : 0);
	putname(name);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);

	dir = path.dentry->d_inode;
	err = may_create(dir);
	if (!err) {
		if (S_ISDIR(mode))
			err = dir->i_op && dir->i_op->mkdir ?
				dir->i_op->mkdir(dir, dentry, mode & ~current_umask()) : -EPERM;
		else if (S_ISLNK(mode))
			err = dir->i_op && dir->i_op->symlink ?
				dir->i_op->symlink(dir, dentry, target) : -EPERM;
		else
			err = dir->i_op && dir->i_op->create ?
				dir->i_op->create(dir, dentry, mode & ~current_umask()) : -EACCES;
	}
	if (!err && made)
		*made = dget(dentry);
	/* On success the tree holds its own reference and this one is the
	 * caller's; on failure this drops the never-hashed dentry. */
	dput(dentry);
	path_put(&path);
	return err;
}

long do_mkdirat(int dfd, const char __user *pathname, umode_t mode)
{
	return create_common(dfd, pathname, S_IFDIR | (mode & 07777), NULL, NULL);
}

long do_symlinkat(const char __user *oldname, int newdfd, const char __user *newname)
{
	struct filename *from = getname(oldname);
	long err;

	if (IS_ERR(from))
		return PTR_ERR(from);
	err = create_common(newdfd, newname, S_IFLNK | 0777, from->name, NULL);
	putname(from);
	return err;
}

/* Create the regular file @name (open with O_CREAT). */
long do_mkfile(int dfd, struct filename *name, umode_t mode)
{
	struct dentry *dentry;
	struct inode *dir;
	struct path path;
	long err;

	dentry = filename_create(dfd, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	dir = path.dentry->d_inode;
	err = may_create(dir);
	if (!err)
		err = dir->i_op && dir->i_op->create ?
			dir->i_op->create(dir, dentry, mode & ~current_umask()) : -EACCES;
	dput(dentry);
	path_put(&path);
	return err;
}

/* ---- automount points --------------------------------------------------- */

struct automount_spec {
	struct file_system_type *type;
	char *source;
	char *data;
};

static struct vfsmount *spec_d_automount(struct path *path)
{
	struct automount_spec *spec = path->dentry->d_fsdata;
	struct vfsim *v = current_kernel();
	struct vfsmount *mnt;

	mnt = vfs_kern_mount(spec->type, SB_SUBMOUNT, spec->source, spec->data);
	if (IS_ERR(mnt))
		return mnt;
	mntget(mnt);		/* prevent immediate expiration */
	mnt_set_expiry(mnt, &v->expiry_list);
	return mnt;
}

static void spec_d_release(struct dentry *dentry)
{
	struct automount_spec *spec = dentry->d_fsdata;

	if (spec) {
		kfree(spec->source);
		kfree(spec->data);
		kfree(spec);
	}
}

static const struct dentry_operations automount_dentry_operations = {
	.d_automount = spec_d_automount,
	.d_release = spec_d_release,
};

long do_mkautomount(const char __user *pathname, const char *fstype,
		    const char *source, const char *data)
{
	struct vfsim *v = current_kernel();
	struct automount_spec *spec;
	struct dentry *d = NULL;
	long err;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	spec = kzalloc(sizeof(*spec), GFP_KERNEL);
	if (!spec)
		return -ENOMEM;
	spec->type = fstype ? get_fs_type(v, fstype) : NULL;
	err = -ENODEV;
	if (!spec->type)
		goto out_free;
	err = -ENOMEM;
	spec->source = kstrdup(source ? source : "none", GFP_KERNEL);
	if (!spec->source)
		goto out_free;
	if (data) {
		spec->data = kstrdup(data, GFP_KERNEL);
		if (!spec->data)
			goto out_free;
	}
	err = create_common(AT_FDCWD, pathname, S_IFDIR | 0755, NULL, &d);
	if (err)
		goto out_free;
	spin_lock(&d->d_lock);
	d->d_fsdata = spec;
	d->d_op = &automount_dentry_operations;
	WRITE_ONCE(d->d_flags, d->d_flags | DCACHE_NEED_AUTOMOUNT);
	spin_unlock(&d->d_lock);
	dput(d);
	return 0;

out_free:
	kfree(spec->source);
	kfree(spec->data);
	kfree(spec);
	return err;
}
