// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What fsinfo() queries (patches 07 and 09): a path, the file open on an
 * fd (O_PATH fds included), or a mount given by its ID.
 */
#include <fcntl.h>

#include <linux/kstrtox.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <fsinfo/internal.h>
#include <vfs/namei.h>

/*
 * A path query follows symlinks and triggers automounts unless at_flags
 * say otherwise.  (The kernel retries once with LOOKUP_REVAL on -ESTALE;
 * no filesystem of the model goes stale, so there is no retry.)
 */
int vfs_fsinfo_path(int dfd, const char __user *pathname,
		    unsigned int at_flags, struct fsinfo_context *ctx)
{
	unsigned int lookup_flags;
	struct path path;
	int ret;

	ret = at_flags_to_lookup_flags(at_flags,
				       AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH,
				       &lookup_flags);
	if (ret)
		return ret;
	ret = user_path_at(dfd, pathname, lookup_flags, &path);
	if (ret)
		return ret;
	ret = vfs_fsinfo(&path, ctx);
	path_put(&path);
	return ret;
}

int vfs_fsinfo_fd(unsigned int fd, struct fsinfo_context *ctx)
{
	struct file *f = fget_raw(fd);
	int ret;

	if (!f)
		return -EBADF;
	ret = vfs_fsinfo(&f->f_path, ctx);
	fput(f);
	return ret;
}

/*
 * The mount ID comes as a string of at most 31 characters in the kernel's
 * number syntax (decimal, 0x-hex, 0-octal).
 *
 * v17 parses it into a long and returns 0 (copying nothing: ret is still
 * 0 from the parse) when it is above INT_MAX (erratum B11); an ID above
 * LONG_MAX wraps negative there, slips past that test and is truncated to
 * an int.  With the B11 quirk the model does exactly that; otherwise an ID
 * that cannot be a mount ID is -EINVAL, like any other malformed ID.
 */
int vfs_fsinfo_mount(int dfd, const char __user *filename,
		     struct fsinfo_context *ctx)
{
	unsigned long mnt_id = 0;
	struct file *f = NULL;
	struct path path;
	char *name;
	int ret;

	if (!filename)
		return -EINVAL;

	name = strndup_user(filename, 32);
	if (IS_ERR(name))
		return (int)PTR_ERR(name);
	ret = kstrtoul(name, 0, &mnt_id);
	if (ret < 0)
		goto out_name;
	if (vfsim_quirk(current_kernel(), 11)) {
		if ((long)mnt_id > INT_MAX)
			goto out_name;
	} else if (mnt_id > INT_MAX) {
		ret = -EINVAL;
		goto out_name;
	}

	if (dfd != AT_FDCWD) {
		ret = -EBADF;
		f = fget_raw((unsigned int)dfd);
		if (!f)
			goto out_name;
	}

	ret = lookup_mount_object(f ? &f->f_path : NULL, (int)mnt_id, &path);
	if (ret < 0)
		goto out_fd;

	ret = vfs_fsinfo(&path, ctx);
	path_put(&path);
out_fd:
	if (f)
		fput(f);
out_name:
	kfree(name);
	return ret;
}
