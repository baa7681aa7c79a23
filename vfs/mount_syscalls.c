// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mount(2) and umount2(2) entry: copying the arguments in through the
 * user-memory seam (copy_mount_string, copy_mount_options) and looking the
 * target up, before path_mount()/path_umount() do the work.
 */
#include <fcntl.h>
#include <sys/mount.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

#define PAGE_SIZE 4096

static char *copy_mount_string(const void __user *data)
{
	return data ? strndup_user(data, PATH_MAX) : NULL;
}

/*
 * copy_mount_options - the kernel copies a whole page and accepts a copy cut
 * short by a fault as long as something was copied.  Mount data in the
 * model is always a string, so the copy stops at its NUL instead of
 * reading past the end of the caller's buffer.
 */
static char *copy_mount_options(const void __user *data)
{
	char *copy;
	long len;

	if (!data)
		return NULL;
	copy = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!copy)
		return ERR_PTR(-ENOMEM);
	len = strncpy_from_user(copy, data, PAGE_SIZE);
	/* strncpy_from_user() leaves what it read before a fault in place. */
	if (len < 0 && !copy[0]) {
		kfree(copy);
		return ERR_PTR(-EFAULT);
	}
	copy[PAGE_SIZE - 1] = 0;
	return copy;
}

long ksys_mount(const char __user *dev_name, const char __user *dir_name,
		const char __user *type, unsigned long flags, const void __user *data)
{
	char *kernel_type, *kernel_dev, *options;
	struct path path;
	long ret;

	kernel_type = copy_mount_string(type);
	ret = PTR_ERR(kernel_type);
	if (IS_ERR(kernel_type))
		goto out_type;

	kernel_dev = copy_mount_string(dev_name);
	ret = PTR_ERR(kernel_dev);
	if (IS_ERR(kernel_dev))
		goto out_dev;

	options = copy_mount_options(data);
	ret = PTR_ERR(options);
	if (IS_ERR(options))
		goto out_data;

	ret = user_path_at(AT_FDCWD, dir_name, LOOKUP_FOLLOW, &path);
	if (!ret) {
		ret = path_mount(kernel_dev, &path, kernel_type, flags, options);
		path_put(&path);
	}

	kfree(options);
out_data:
	kfree(kernel_dev);
out_dev:
	kfree(kernel_type);
out_type:
	return ret;
}

long ksys_umount(const char __user *name, int flags)
{
	unsigned int lookup_flags = LOOKUP_MOUNTPOINT;
	struct path path;
	long ret;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW))
		return -EINVAL;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (!(flags & UMOUNT_NOFOLLOW))
		lookup_flags |= LOOKUP_FOLLOW;
	ret = user_path_at(AT_FDCWD, name, lookup_flags, &path);
	if (ret)
		return ret;
	return path_umount(&path, flags);
}
