// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Building path names (fs/d_path.c): the name of a (mount, dentry) pair as
 * seen from a root, crossing mount roots to their mountpoints.  The caller
 * holds namespace_sem (mount topology) and rename_lock is sampled for the
 * dentry names.
 */
#include <linux/bug.h>
#include <vfs/d_path.h>
#include <vfs/kernel.h>

static int prepend(char **buffer, int *buflen, const char *str, int namelen)
{
	*buflen -= namelen;
	if (*buflen < 0)
		return -ENAMETOOLONG;
	*buffer -= namelen;
	memcpy(*buffer, str, (size_t)namelen);
	return 0;
}

/*
 * Returns 0 if @root was reached, 1 if the walk reached the namespace root
 * without meeting @root (the path is then absolute from there), 2 if it
 * reached a mount that is not attached anywhere, or -ENAMETOOLONG.
 */
int prepend_path(const struct path *path, const struct path *root,
		 char **buffer, int *buflen)
{
	struct dentry *dentry = path->dentry;
	struct mount *mnt = real_mount(path->mnt);
	char *bptr = *buffer;
	int blen = *buflen;
	int error = 0;

	while (dentry != root->dentry || &mnt->mnt != root->mnt) {
		struct dentry *parent;

		if (dentry == mnt->mnt.mnt_root || IS_ROOT(dentry)) {
			struct mount *parent_mnt = mnt->mnt_parent;

			if (dentry != mnt->mnt.mnt_root) {
				/* Escaped? */
				error = 3;
				break;
			}
			if (mnt != parent_mnt) {
				dentry = mnt->mnt_mountpoint;
				mnt = parent_mnt;
				continue;
			}
			error = is_mounted(&mnt->mnt) ? 1 : 2;
			break;
		}
		parent = dentry->d_parent;
		error = prepend(&bptr, &blen, dentry->d_name.name, (int)dentry->d_name.len);
		if (!error)
			error = prepend(&bptr, &blen, "/", 1);
		if (error)
			break;
		dentry = parent;
	}
	*buffer = bptr;
	*buflen = blen;
	return error;
}

/*
 * __d_path - the path of @path relative to @root, "/" if they are the same.
 * NULL if @root is not on the way up from @path (outside it, unreachable,
 * or an escaped dentry); ERR_PTR(-ENAMETOOLONG) if it does not fit.  The
 * result ends with the NUL at buf[buflen - 1].
 */
char *__d_path(const struct path *path, const struct path *root, char *buf,
	       int buflen)
{
	char *res = buf + buflen;
	int error;

	prepend(&res, &buflen, "", 1);
	error = prepend_path(path, root, &res, &buflen);
	if (error < 0)
		return ERR_PTR(error);
	if (error > 0)
		return NULL;
	if (!*res && prepend(&res, &buflen, "/", 1))
		return ERR_PTR(-ENAMETOOLONG);
	return res;
}

/* The path from the namespace root, "/" for the root itself. */
char *d_absolute_path_ns(const struct path *path, char *buf, int buflen)
{
	struct path null_root = { 0 };
	char *res = buf + buflen;
	int error;

	prepend(&res, &buflen, "", 1);
	error = prepend_path(path, &null_root, &res, &buflen);
	if (error < 0)
		return ERR_PTR(error);
	if (!*res) {
		if (prepend(&res, &buflen, "/", 1))
			return ERR_PTR(-ENAMETOOLONG);
	}
	return res;
}

/*
 * d_path - the path relative to the task's root; a path outside it is
 * given from the namespace root, as the kernel's d_path() does.
 */
char *d_path(const struct path *path, char *buf, int buflen)
{
	struct path root;
	char *res = buf + buflen;
	int error;

	get_fs_root(current->fs, &root);
	prepend(&res, &buflen, "", 1);
	error = prepend_path(path, &root, &res, &buflen);
	path_put(&root);
	if (error < 0)
		return ERR_PTR(error);
	if (!*res) {
		if (prepend(&res, &buflen, "/", 1))
			return ERR_PTR(-ENAMETOOLONG);
	}
	return res;
}
