// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The filesystem-type registry (fs/filesystems.c), one per instance.  The
 * filesystems' own definitions are const templates shared by every
 * instance; each instance registers a copy, so the list linkage is its own.
 */
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>

int register_filesystem(struct vfsim *v, struct file_system_type *tmpl)
{
	struct file_system_type *fs;

	if (get_fs_type(v, tmpl->name))
		return -EBUSY;
	fs = kmemdup(tmpl, sizeof(*fs), GFP_KERNEL);
	if (!fs)
		return -ENOMEM;
	list_add_tail(&fs->fs_list, &v->filesystems);
	return 0;
}

struct file_system_type *get_fs_type(struct vfsim *v, const char *name)
{
	struct file_system_type *fs;

	list_for_each_entry(fs, &v->filesystems, fs_list)
		if (!strcmp(fs->name, name))
			return fs;
	return NULL;
}

void unregister_filesystems(struct vfsim *v)
{
	struct file_system_type *fs, *n;

	list_for_each_entry_safe(fs, n, &v->filesystems, fs_list) {
		list_del(&fs->fs_list);
		kfree(fs);
	}
}
