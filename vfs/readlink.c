// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * readlink(2) and readlinkat(2) (fs/stat.c of 5.8, do_readlinkat(), and
 * fs/namei.c's vfs_readlink()): the body of a symlink, cut to the buffer
 * and without a terminating NUL; EINVAL for anything else, ENOENT for an
 * empty name that is not one (readlinkat(fd, "") of an O_PATH fd).
 */
#include <fcntl.h>

#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

long do_readlinkat(int dfd, const char __user *pathname, char __user *buf, int bufsiz)
{
	struct filename *name;
	struct path path;
	int empty = 0;
	size_t len;
	long err;

	if (bufsiz <= 0)
		return -EINVAL;
	name = getname_flags(pathname, LOOKUP_EMPTY, &empty);
	if (IS_ERR(name))
		return PTR_ERR(name);
	err = filename_lookup(dfd, name, LOOKUP_EMPTY, &path);
	putname(name);
	if (err)
		return err;
	err = empty ? -ENOENT : -EINVAL;
	if (d_is_symlink(path.dentry)) {
		const char *body = path.dentry->d_inode->i_link;

		touch_atime(&path);
		len = strlen(body);
		if (len > (size_t)bufsiz)
			len = (size_t)bufsiz;
		err = copy_to_user(buf, body, len) ? -EFAULT : (long)len;
	}
	path_put(&path);
	return err;
}
