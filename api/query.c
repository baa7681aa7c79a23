// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Looking at the tree from outside: snapshots of the mounts of a task's
 * namespace, taken under namespace_sem and handed to the caller's callback
 * after the lock is dropped, so the callback may call back into the model.
 */
#include <fcntl.h>
#include <stdio.h>

#include <linux/bug.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <api/api.h>
#include <vfs/d_path.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>

struct mount_snap {
	struct vfsim_mount_desc d;
	char *strings;		/* one allocation for all the strings */
};

static unsigned int mnt_attr(int f)
{
	unsigned int a = 0;

	if (f & MNT_READONLY)
		a |= VFSIM_ATTR_RDONLY;
	if (f & MNT_NOSUID)
		a |= VFSIM_ATTR_NOSUID;
	if (f & MNT_NODEV)
		a |= VFSIM_ATTR_NODEV;
	if (f & MNT_NOEXEC)
		a |= VFSIM_ATTR_NOEXEC;
	if (f & MNT_NODIRATIME)
		a |= VFSIM_ATTR_NODIRATIME;
	if (f & MNT_NOSYMFOLLOW)
		a |= VFSIM_ATTR_NOSYMFOLLOW;
	if (f & MNT_NOATIME)
		a |= VFSIM_ATTR_NOATIME;
	else if (!(f & MNT_RELATIME))
		a |= VFSIM_ATTR_STRICTATIME;
	return a;
}

/* Caller holds namespace_sem. */
static int snap_mount(struct mount *m, struct mount *ns_root, struct mount_snap *s)
{
	struct super_block *sb = m->mnt.mnt_sb;
	char *buf, *long_buf = NULL, *mp, *root;
	struct path p;
	size_t need, size;
	int depth = 0;
	struct mount *q;
	char opts[512];

	buf = kmalloc(2 * PATH_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	root = dentry_path_raw(m->mnt.mnt_root, buf + PATH_MAX, PATH_MAX);
	if (IS_ERR(root)) {
		kfree(buf);
		return (int)PTR_ERR(root);
	}
	if (m == ns_root || !mnt_has_parent(m)) {
		mp = "/";
	} else {
		p.mnt = &m->mnt_parent->mnt;
		p.dentry = m->mnt_mountpoint;
		mp = d_absolute_path_ns(&p, buf, PATH_MAX);
		/* Deeper than PATH_MAX (thousands of nested mounts): the
		 * kernel's mountinfo grows its buffer until the path fits,
		 * and so does the walk, so that no mount goes missing. */
		for (size = 2 * PATH_MAX; mp == ERR_PTR(-ENAMETOOLONG); size *= 2) {
			kfree(long_buf);
			long_buf = kmalloc(size, GFP_KERNEL);
			mp = long_buf ? d_absolute_path_ns(&p, long_buf, (int)size) :
					ERR_PTR(-ENOMEM);
		}
		if (IS_ERR(mp)) {
			kfree(long_buf);
			kfree(buf);
			return (int)PTR_ERR(mp);
		}
	}
	{
		/* the super options as mountinfo shows them (->show_options) */
		struct seq_file sm = { .buf = opts, .size = sizeof(opts) - 1 };

		seq_puts(&sm, sb_rdonly(sb) ? "ro" : "rw");
		show_sb_fs_options(&sm, sb);
		opts[sm.count] = 0;
	}

	need = strlen(mp) + strlen(root) + strlen(sb->s_type->name) +
	       strlen(m->mnt_devname ? m->mnt_devname : "none") + strlen(opts) + 5;
	s->strings = kmalloc(need, GFP_KERNEL);
	if (!s->strings) {
		kfree(long_buf);
		kfree(buf);
		return -ENOMEM;
	}
	{
		char *w = s->strings;

#define PUT(field, str) do { s->d.field = w; w = stpcpy(w, str) + 1; } while (0)
		PUT(mountpoint, mp);
		PUT(root, root);
		PUT(fstype, sb->s_type->name);
		PUT(source, m->mnt_devname ? m->mnt_devname : "none");
		PUT(sb_options, opts);
#undef PUT
	}
	kfree(long_buf);
	kfree(buf);

	for (q = m; q != ns_root && mnt_has_parent(q); q = q->mnt_parent)
		depth++;
	s->d.mnt_id = (unsigned int)m->mnt_id;
	s->d.parent_id = (unsigned int)(mnt_has_parent(m) ? m->mnt_parent->mnt_id : m->mnt_id);
	s->d.depth = (unsigned int)depth;
	s->d.attr = mnt_attr(m->mnt.mnt_flags);
	s->d.propagation = (IS_MNT_SHARED(m) ? VFSIM_PROPAGATION_SHARED : 0) |
			   (IS_MNT_SLAVE(m) ? VFSIM_PROPAGATION_SLAVE : 0) |
			   (IS_MNT_UNBINDABLE(m) ? VFSIM_PROPAGATION_UNBINDABLE : 0);
	s->d.peer_group = IS_MNT_SHARED(m) ? (unsigned int)m->mnt_group_id : 0;
	s->d.master = m->mnt_master ? (unsigned int)m->mnt_master->mnt_group_id : 0;
	s->d.sb_unique_id = sb->s_unique_id;
	s->d.change_counter = (uint64_t)atomic_read(&m->mnt_change_counter);
	s->d.sb_flags = (unsigned int)sb->s_flags;
	s->d.expiry_marked = READ_ONCE(m->mnt_expiry_mark) != 0;
	return 0;
}

static void free_snaps(struct mount_snap *snaps, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		kfree(snaps[i].strings);
	kfree(snaps);
}

/* Snapshot the mounts of the current task's namespace, or just mount @id. */
static long snapshot(int id, struct mount_snap **out, unsigned int *nr)
{
	struct vfsim *v = current_kernel();
	struct mnt_namespace *ns = current->nsproxy_mnt_ns;
	struct mount_snap *snaps = NULL;
	unsigned int n = 0, cap;
	struct mount *m;
	long err = 0;

	down_read(&v->namespace_sem);
	cap = id ? 1 : ns->mounts;
	snaps = kcalloc(cap ? cap : 1, sizeof(*snaps), GFP_KERNEL);
	if (!snaps) {
		err = -ENOMEM;
		goto out;
	}
	if (id) {
		/* By the ID index, not a walk of the whole tree (O(1), not
		 * O(mounts)).  A mount whose mnt_ns is @ns is pinned by its
		 * tree reference while we hold namespace_sem; RCU covers the
		 * look at mnt_ns of one that is not. */
		rcu_read_lock();
		m = mnt_find_by_id(v, id);
		if (m && READ_ONCE(m->mnt_ns) != ns)
			m = NULL;
		rcu_read_unlock();
		if (!m)
			err = -ENOENT;
		else if (!(err = snap_mount(m, ns->root, &snaps[0])))
			n = 1;
		goto out;
	}
	for (m = ns->root; m && n < cap; m = next_mnt(m, ns->root)) {
		err = snap_mount(m, ns->root, &snaps[n]);
		if (err)
			break;
		n++;
	}
out:
	up_read(&v->namespace_sem);
	if (err) {
		free_snaps(snaps, n);
		return err;
	}
	*out = snaps;
	*nr = n;
	return 0;
}

static int deliver(struct vfsim_task *t, int id, vfsim_mount_cb cb, void *arg)
{
	struct task_struct *task = (struct task_struct *)t;
	struct mount_snap *snaps = NULL;
	struct vfsim_entry e;
	unsigned int n = 0, i;
	long err;
	int ret = 0;

	if (!t || !cb || !task->kernel->booted)
		return -EINVAL;
	vfsim_enter(&e, task);
	err = snapshot(id, &snaps, &n);
	vfsim_leave(&e);
	if (err)
		return (int)err;
	for (i = 0; i < n && !ret; i++)
		ret = cb(&snaps[i].d, arg);
	vfsim_enter(&e, task);
	free_snaps(snaps, n);
	vfsim_leave(&e);
	return ret;
}

int vfsim_for_each_mount(struct vfsim_task *t, vfsim_mount_cb cb, void *arg)
{
	return deliver(t, 0, cb, arg);
}

int vfsim_mount_by_id(struct vfsim_task *t, unsigned int mnt_id,
		      vfsim_mount_cb cb, void *arg)
{
	if (!mnt_id || mnt_id > INT_MAX)
		return -ENOENT;
	return deliver(t, (int)mnt_id, cb, arg);
}

static long do_path_mnt_id(const char *name)
{
	struct path path;
	long err;

	err = user_path_at(AT_FDCWD, name, LOOKUP_FOLLOW, &path);
	if (err)
		return err;
	err = real_mount(path.mnt)->mnt_id;
	path_put(&path);
	return err;
}

long vfsim_path_mnt_id(struct vfsim_task *t, const char *path)
{
	struct task_struct *task = (struct task_struct *)t;
	struct vfsim_entry e;
	long ret;

	if (!t || !task->kernel->booted)
		return -EINVAL;
	vfsim_enter(&e, task);
	ret = do_path_mnt_id(path);
	vfsim_leave(&e);
	return ret;
}

long vfsim_mountinfo(struct vfsim_task *t, char *buf, size_t size)
{
	return VFSIM_SYSCALL(t, do_mountinfo(buf, size));
}
