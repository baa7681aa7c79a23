// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The filesystem-type registry (fs/filesystems.c), one per instance.  The
 * filesystems' own definitions are const templates shared by every
 * instance; each instance registers a copy, so the list linkage is its own.
 * A filesystem registers its types from its subsystem's init() and takes
 * them away in its exit() (vfs/pernet.h; the built-in ones: fs/builtin.c),
 * as Linux's init_*_fs() and exit_*_fs() do.
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

/* Mounts of it must be gone: the instance's copy is freed. */
void unregister_filesystem(struct vfsim *v, const struct file_system_type *tmpl)
{
	struct file_system_type *fs = get_fs_type(v, tmpl->name);

	if (WARN_ON(!fs))
		return;
	list_del(&fs->fs_list);
	kfree(fs);
}

/* At the instance's end, after its subsystems: the types registered by
 * hand, outside any subsystem (a test's own filesystem). */
void filesystems_release(struct vfsim *v)
{
	struct file_system_type *fs, *n;

	list_for_each_entry_safe(fs, n, &v->filesystems, fs_list) {
		list_del(&fs->fs_list);
		kfree(fs);
	}
}

/*
 * register_filesystems - register each of @types (@nr of them), or none:
 * on a failure the ones registered are taken away again.  For a
 * subsystem's init() that brings several.
 */
int register_filesystems(struct vfsim *v, struct file_system_type *const *types, size_t nr)
{
	size_t i;
	int err;

	for (i = 0; i < nr; i++) {
		err = register_filesystem(v, types[i]);
		if (err) {
			while (i-- > 0)
				unregister_filesystem(v, types[i]);
			return err;
		}
	}
	return 0;
}

void unregister_filesystems(struct vfsim *v, struct file_system_type *const *types, size_t nr)
{
	while (nr-- > 0)
		unregister_filesystem(v, types[nr]);
}
