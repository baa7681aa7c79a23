// SPDX-License-Identifier: LGPL-2.1-or-later
/* open/close, chdir/fchdir/chroot, chmod/chown (fs/open.c). */
#include <fcntl.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

#define VALID_OPEN_FLAGS (O_ACCMODE | O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | \
			  O_APPEND | O_NONBLOCK | O_DSYNC | O_DIRECT | \
			  O_LARGEFILE | O_DIRECTORY | O_NOFOLLOW | O_NOATIME | \
			  O_CLOEXEC | O_PATH | O_SYNC | O_TMPFILE)

static const struct file_operations empty_fops;

static int may_open(const struct path *path, int acc_mode, int flag)
{
	struct inode *inode = path->dentry->d_inode;
	int err;

	if (S_ISLNK(inode->i_mode))
		return -ELOOP;
	if (S_ISDIR(inode->i_mode) && (acc_mode & MAY_WRITE))
		return -EISDIR;
	/* a device on a nodev mount is closed, before any permission */
	if ((S_ISCHR(inode->i_mode) || S_ISBLK(inode->i_mode)) && !may_open_dev(path))
		return -EACCES;
	err = inode_permission(inode, acc_mode);
	if (err)
		return err;
	/* writing a device, FIFO or socket writes no filesystem */
	if ((acc_mode & MAY_WRITE) && !special_file(inode->i_mode) &&
	    __mnt_is_readonly(path->mnt))
		return -EROFS;
	(void)flag;
	return 0;
}

/*
 * open_last_lookups() with O_CREAT: a name followed by a slash is EISDIR,
 * whether or not it exists, once the walk to its parent went well (an
 * error on the way is that error, and "." or ".." last are not names).
 */
static bool trailing_slash_after_name(int dfd, struct filename *name)
{
	size_t len = strlen(name->name);
	struct path parent;
	struct qstr last;
	int type;

	if (!len || name->name[len - 1] != '/')
		return false;
	if (filename_parentat(dfd, name, 0, &parent, &last, &type))
		return false;
	path_put(&parent);
	return type == LAST_NORM;
}

/*
 * The name O_CREAT creates for @name, which a followed lookup did not
 * find: open_last_lookups() follows a last component that is a symlink
 * and creates what the body names (resolved from the link's directory),
 * through up to MAXSYMLINKS links.  @name itself when the last component
 * is no symlink (or its parent is missing, which creating reports), else
 * a new name for putname(); ERR_PTR on failure.
 */
static struct filename *create_name(int dfd, struct filename *name)
{
	struct filename *cur = name;
	int links;

	for (links = 0;; links++) {
		const char *body, *slash;
		struct filename *next;
		struct path path;
		size_t dir, len;

		if (filename_lookup(dfd, cur, 0, &path))
			return cur;
		if (!d_is_symlink(path.dentry)) {
			path_put(&path);
			return cur;
		}
		if (links >= MAXSYMLINKS) {
			path_put(&path);
			next = ERR_PTR(-ELOOP);
			goto out;
		}
		body = path.dentry->d_inode->i_link;
		slash = strrchr(cur->name, '/');
		/* an absolute body stands alone; a relative one follows the
		 * link's directory, as the walk to the link named it */
		dir = body[0] == '/' || !slash ? 0 : (size_t)(slash - cur->name) + 1;
		len = dir + strlen(body);
		next = len >= PATH_MAX ? ERR_PTR(-ENAMETOOLONG) :
		       kmalloc(sizeof(*next) + len + 1, GFP_KERNEL);
		if (!next)
			next = ERR_PTR(-ENOMEM);
		if (!IS_ERR(next)) {
			memcpy(next->iname, cur->name, dir);
			memcpy(next->iname + dir, body, len - dir + 1);
			next->name = next->iname;
			next->refcnt = 1;
		}
		path_put(&path);
out:
		if (cur != name)
			putname(cur);
		if (IS_ERR(next))
			return next;
		cur = next;
	}
}

/* What the file's f_op is: the inode's, the in-memory filesystems'
 * directory operations (getdents64), or none (O_PATH, files without data). */
static const struct file_operations *open_fops(const struct path *path, int flags)
{
	struct inode *inode = path->dentry->d_inode;

	if (flags & O_PATH)
		return &empty_fops;
	if (inode->i_fop)
		return inode->i_fop;
	if (S_ISDIR(inode->i_mode))
		return &simple_dir_operations;
	return &empty_fops;
}

long do_sys_open(int dfd, const char __user *filename, int flags, umode_t mode)
{
	unsigned int lookup_flags = 0;
	struct filename *name;
	struct file *f;
	struct path path;
	int acc_mode = 0;
	long err;

	if (flags & ~VALID_OPEN_FLAGS)
		return -EINVAL;
	if ((flags & O_TMPFILE) == O_TMPFILE)
		return -EOPNOTSUPP;
	if ((flags & (O_CREAT | O_DIRECTORY)) == (O_CREAT | O_DIRECTORY))
		return -EINVAL;
	if (flags & O_PATH)
		flags &= O_DIRECTORY | O_NOFOLLOW | O_PATH | O_CLOEXEC;
	else if ((flags & O_ACCMODE) == O_RDONLY)
		acc_mode = MAY_READ;
	else if ((flags & O_ACCMODE) == O_WRONLY)
		acc_mode = MAY_WRITE;
	else
		acc_mode = MAY_READ | MAY_WRITE;
	/* build_open_flags(): O_TRUNC needs write permission, whatever the
	 * access mode (so EROFS, EACCES, EISDIR as a write would) */
	if ((flags & O_TRUNC) && !(flags & O_PATH))
		acc_mode |= MAY_WRITE;

	/* build_open_flags(): O_CREAT | O_EXCL never follows a last component
	 * that is a symlink: the name exists, whatever it points to. */
	if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
		flags |= O_NOFOLLOW;
	if (!(flags & O_NOFOLLOW))
		lookup_flags |= LOOKUP_FOLLOW;
	if (flags & O_DIRECTORY)
		lookup_flags |= LOOKUP_DIRECTORY;
	if (!(flags & O_PATH))
		lookup_flags |= LOOKUP_OPEN;

	name = getname(filename);
	if (IS_ERR(name))
		return PTR_ERR(name);

	if ((flags & O_CREAT) && trailing_slash_after_name(dfd, name)) {
		err = -EISDIR;
	} else if (flags & O_CREAT) {
		err = filename_lookup(dfd, name, lookup_flags, &path);
		if (!err && (flags & O_EXCL)) {
			path_put(&path);
			err = -EEXIST;
		} else if (!err && d_is_dir(path.dentry)) {
			/* do_open(): O_CREAT never opens a directory */
			path_put(&path);
			err = -EISDIR;
		} else if (err == -ENOENT) {
			struct filename *target = (lookup_flags & LOOKUP_FOLLOW) ?
						  create_name(dfd, name) : name;

			err = IS_ERR(target) ? PTR_ERR(target) : do_mkfile(dfd, target, mode);
			if (!err)
				err = filename_lookup(dfd, target, lookup_flags, &path);
			/* the model creates, then looks the name up again: a
			 * directory renamed there meanwhile is not opened (5.8
			 * does both under the directory's lock) */
			if (!err && d_is_dir(path.dentry)) {
				path_put(&path);
				err = -EISDIR;
			}
			if (!IS_ERR(target) && target != name)
				putname(target);
			acc_mode = 0;	/* a file we just created opens as asked */
		}
	} else {
		err = filename_lookup(dfd, name, lookup_flags, &path);
	}
	putname(name);
	if (err)
		return err;

	if (!(flags & O_PATH)) {
		err = may_open(&path, acc_mode, flags);
		if (err) {
			path_put(&path);
			return err;
		}
	} else if ((flags & O_DIRECTORY) && !d_is_dir(path.dentry)) {
		path_put(&path);
		return -ENOTDIR;
	}

	f = alloc_file_path(&path, (unsigned int)flags, open_fops(&path, flags));
	path_put(&path);
	if (IS_ERR(f))
		return PTR_ERR(f);
	/* dcache_dir_open(): a directory's readdir cursor */
	if (f->f_op == &simple_dir_operations) {
		err = dcache_dir_open(f);
		if (err) {
			fput(f);
			return err;
		}
	}
	/* do_dentry_open(): a file open for writing is a writer of its
	 * mount, until its last fput() (special files are not) */
	if ((f->f_mode & FMODE_WRITE) && !special_file(f->f_path.dentry->d_inode->i_mode)) {
		err = __mnt_want_write(f->f_path.mnt);
		if (err) {
			fput(f);
			return err;
		}
		f->f_mode |= FMODE_WRITER;
	}
	/* the file's own open (a device's or FIFO's driver, a seq_file of
	 * /proc), after the write access as do_dentry_open() orders them; a
	 * failed one is never released */
	if (f->f_op && f->f_op->open) {
		err = f->f_op->open(f->f_path.dentry->d_inode, f);
		if (err) {
			f->f_op = NULL;
			fput(f);
			return err;
		}
	}
	err = fd_install_new(f, (unsigned int)flags);
	if (err < 0) {
		fput(f);
		return err;
	}
	/* handle_truncate(): O_TRUNC empties a regular file, opened for
	 * reading alone too (may_open() checked write access), once nothing
	 * can fail (the kernel has its file and fd by then too); to length 0
	 * it cannot fail */
	if ((flags & O_TRUNC) && !(flags & O_PATH) && d_is_reg(f->f_path.dentry))
		WARN_ON(do_truncate(f->f_path.dentry, 0));
	return err;
}

long ksys_close(int fd)
{
	if (fd < 0)
		return -EBADF;
	return close_fd((unsigned int)fd);
}

long ksys_chdir(const char __user *filename)
{
	struct path path;
	long err;

	err = user_path_at(AT_FDCWD, filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &path);
	if (err)
		return err;
	err = inode_permission(path.dentry->d_inode, MAY_EXEC);
	if (!err)
		set_fs_pwd(current->fs, &path);
	path_put(&path);
	return err;
}

long ksys_fchdir(int fd)
{
	struct file *f = fd < 0 ? NULL : fget_raw((unsigned int)fd);
	long err;

	if (!f)
		return -EBADF;
	err = -ENOTDIR;
	if (d_is_dir(f->f_path.dentry)) {
		err = inode_permission(f->f_path.dentry->d_inode, MAY_EXEC);
		if (!err)
			set_fs_pwd(current->fs, &f->f_path);
	}
	fput(f);
	return err;
}

long ksys_chroot(const char __user *filename)
{
	struct path path;
	long err;

	err = user_path_at(AT_FDCWD, filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &path);
	if (err)
		return err;
	err = inode_permission(path.dentry->d_inode, MAY_EXEC);
	if (!err && !capable(CAP_SYS_CHROOT))
		err = -EPERM;
	if (!err)
		set_fs_root(current->fs, &path);
	path_put(&path);
	return err;
}

long ksys_chmod(const char __user *filename, umode_t mode)
{
	struct path path;
	struct inode *inode;
	long err;

	err = user_path_at(AT_FDCWD, filename, LOOKUP_FOLLOW, &path);
	if (err)
		return err;
	inode = path.dentry->d_inode;
	err = mnt_want_write(path.mnt);
	if (err)
		goto out;
	if (current->cred.fsuid != inode->i_uid && !capable(CAP_FOWNER))
		err = -EPERM;
	if (!err) {
		inode->i_mode = (umode_t)((inode->i_mode & S_IFMT) | (mode & 07777));
		inode->i_ctime = current_time_v(current_kernel());
	}
	mnt_drop_write(path.mnt);
out:
	path_put(&path);
	return err;
}

/* setattr_prepare()'s chown_ok(): the owner may "change" the owner to itself. */
static bool chown_ok(const struct inode *inode, kuid_t uid)
{
	if (current->cred.fsuid == inode->i_uid && uid == inode->i_uid)
		return true;
	return capable(CAP_CHOWN);
}

/* chgrp_ok(): the owner may give the file its own group or one of its groups. */
static bool chgrp_ok(const struct inode *inode, kgid_t gid)
{
	if (current->cred.fsuid == inode->i_uid &&
	    (gid == current->cred.fsgid || gid == inode->i_gid))
		return true;
	return capable(CAP_CHOWN);
}

long ksys_chown(const char __user *filename, kuid_t user, kgid_t group)
{
	struct path path;
	struct inode *inode;
	long err;

	err = user_path_at(AT_FDCWD, filename, LOOKUP_FOLLOW, &path);
	if (err)
		return err;
	inode = path.dentry->d_inode;
	err = mnt_want_write(path.mnt);
	if (err)
		goto out;
	if ((user != (kuid_t)-1 && !chown_ok(inode, user)) ||
		 (group != (kgid_t)-1 && !chgrp_ok(inode, group)))
		err = -EPERM;
	if (!err) {
		if (user != (kuid_t)-1)
			inode->i_uid = user;
		if (group != (kgid_t)-1)
			inode->i_gid = group;
		inode->i_ctime = current_time_v(current_kernel());
	}
	mnt_drop_write(path.mnt);
out:
	path_put(&path);
	return err;
}

/* ---- truncate, fallocate, fsync (fs/open.c, fs/sync.c) ------------------ */

/* do_truncate(): simple_setattr()'s size change, under the inode lock. */
long do_truncate(struct dentry *dentry, loff_t length)
{
	struct inode *inode = dentry->d_inode;
	long err;

	if (length < 0)
		return -EINVAL;
	if (!inode->i_mapping)
		return -EINVAL;	/* no ->setattr size change for it */
	mutex_lock(&inode->i_mapping->i_rwsem);
	err = simple_setsize(inode, length);
	if (!err)
		inode->i_mtime = inode->i_ctime = current_time_v(inode->i_sb->s_kernel);
	mutex_unlock(&inode->i_mapping->i_rwsem);
	return err;
}

/* do_sys_truncate(): by name, with write permission on the file. */
long do_sys_truncate(const char __user *pathname, loff_t length)
{
	struct path path;
	struct inode *inode;
	long err;

	if (length < 0)
		return -EINVAL;
	err = user_path_at(AT_FDCWD, pathname, LOOKUP_FOLLOW, &path);
	if (err)
		return err;
	inode = path.dentry->d_inode;
	if (S_ISDIR(inode->i_mode))
		err = -EISDIR;
	else if (!S_ISREG(inode->i_mode))
		err = -EINVAL;
	else if (!(err = mnt_want_write(path.mnt))) {
		err = inode_permission(inode, MAY_WRITE);
		if (!err)
			err = do_truncate(path.dentry, length);
		mnt_drop_write(path.mnt);
	}
	path_put(&path);
	return err;
}

/* do_sys_ftruncate(): an fd open for writing on a regular file. */
long do_sys_ftruncate(unsigned int fd, loff_t length)
{
	struct file *f;
	long err;

	if (length < 0)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	if (!(f->f_mode & FMODE_WRITE) || !d_is_reg(f->f_path.dentry))
		err = -EINVAL;	/* O_APPEND is no obstacle: IS_APPEND() is chattr's */
	else
		err = do_truncate(f->f_path.dentry, length);
	fput(f);
	return err;
}

/* vfs_fallocate(): the checks every filesystem gets, then ->fallocate. */
long ksys_fallocate(int fd, int mode, loff_t offset, loff_t len)
{
	struct file *f;
	struct inode *inode;
	loff_t end;
	long err;

	f = fd < 0 ? NULL : fget((unsigned int)fd);
	if (!f)
		return -EBADF;
	inode = f->f_path.dentry->d_inode;
	if (offset < 0 || len <= 0)
		err = -EINVAL;
	else if (mode & ~(FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE |
			  FALLOC_FL_NO_HIDE_STALE | FALLOC_FL_COLLAPSE_RANGE |
			  FALLOC_FL_ZERO_RANGE | FALLOC_FL_INSERT_RANGE))
		err = -EOPNOTSUPP;
	else if ((mode & FALLOC_FL_PUNCH_HOLE) && !(mode & FALLOC_FL_KEEP_SIZE))
		err = -EOPNOTSUPP;
	else if (!(f->f_mode & FMODE_WRITE))
		err = -EBADF;
	else if (S_ISDIR(inode->i_mode))
		err = -EISDIR;
	else if (S_ISFIFO(inode->i_mode))
		err = -ESPIPE;
	else if (!S_ISREG(inode->i_mode))
		err = -ENODEV;
	else if (__builtin_add_overflow(offset, len, &end) || end > inode->i_sb->s_maxbytes)
		err = -EFBIG;
	else if (!f->f_op || !f->f_op->fallocate)
		err = -EOPNOTSUPP;
	else {
		mutex_lock(&inode->i_mapping->i_rwsem);
		err = f->f_op->fallocate(f, mode, offset, len);
		mutex_unlock(&inode->i_mapping->i_rwsem);
	}
	fput(f);
	return err;
}

/* do_fsync(): nothing to write back in memory; a file without ->fsync
 * (a pipe, a directory of the model) is -EINVAL, as in 5.8. */
long do_fsync(unsigned int fd, int datasync)
{
	struct file *f = fget(fd);
	long err;

	if (!f)
		return -EBADF;
	if (d_is_dir(f->f_path.dentry))
		err = 0;	/* dcache_dir_ops: noop_fsync */
	else if (!f->f_op || !f->f_op->fsync)
		err = -EINVAL;
	else
		err = f->f_op->fsync(f, 0, INT64_MAX, datasync);
	fput(f);
	return err;
}
