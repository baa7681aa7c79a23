// SPDX-License-Identifier: LGPL-2.1-or-later
/* chroot_fs_refs() of fs/fs_struct.c: what pivot_root(2) does to tasks. */
#include <vfs/kernel.h>

static int replace_path(struct path *p, const struct path *old,
			const struct path *new)
{
	if (p->dentry != old->dentry || p->mnt != old->mnt)
		return 0;
	*p = *new;
	return 1;
}

/*
 * Every task of the instance whose root or cwd is @old_root gets
 * @new_root instead, whatever its namespace, as 5.8 walks every thread.
 * The references are taken under the locks and the old ones dropped
 * after: the caller holds @old_root, so none of these puts is the last.
 */
void chroot_fs_refs(const struct path *old_root, const struct path *new_root)
{
	struct vfsim *v = current_kernel();
	struct task_struct *p;
	int count = 0;

	spin_lock(&v->tasks_lock);
	list_for_each_entry(p, &v->tasks, tasks) {
		struct fs_struct *fs = p->fs;
		int hits = 0;

		/* CLONE_FS sharers meet the same fs_struct again: by then its
		 * paths no longer match @old_root */
		spin_lock(&fs->lock);
		hits += replace_path(&fs->root, old_root, new_root);
		hits += replace_path(&fs->pwd, old_root, new_root);
		while (hits--) {
			count++;
			path_get(new_root);
		}
		spin_unlock(&fs->lock);
	}
	spin_unlock(&v->tasks_lock);
	while (count--)
		path_put(old_root);
}
