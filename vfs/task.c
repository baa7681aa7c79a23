// SPDX-License-Identifier: LGPL-2.1-or-later
/* Tasks, their credentials and fs_struct (kernel/fork.c, fs/fs_struct.c). */
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/key.h>

void get_fs_root(struct fs_struct *fs, struct path *root)
{
	spin_lock(&fs->lock);
	*root = fs->root;
	path_get(root);
	spin_unlock(&fs->lock);
}

void get_fs_pwd(struct fs_struct *fs, struct path *pwd)
{
	spin_lock(&fs->lock);
	*pwd = fs->pwd;
	path_get(pwd);
	spin_unlock(&fs->lock);
}

/* Replace the root; the old one is put after the lock is dropped. */
void set_fs_root(struct fs_struct *fs, const struct path *path)
{
	struct path old;

	path_get(path);
	spin_lock(&fs->lock);
	old = fs->root;
	fs->root = *path;
	spin_unlock(&fs->lock);
	if (old.dentry)
		path_put(&old);
}

void set_fs_pwd(struct fs_struct *fs, const struct path *path)
{
	struct path old;

	path_get(path);
	spin_lock(&fs->lock);
	old = fs->pwd;
	fs->pwd = *path;
	spin_unlock(&fs->lock);
	if (old.dentry)
		path_put(&old);
}

struct task_struct *task_alloc(struct vfsim *v, const struct task_struct *parent,
			       kuid_t uid, kgid_t gid)
{
	struct task_struct *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return NULL;
	t->kernel = v;
	t->cred.uid = t->cred.euid = t->cred.fsuid = uid;
	t->cred.gid = t->cred.egid = t->cred.fsgid = gid;
	t->cred.cap_effective = uid == 0 ? ~0ULL : 0;
	spin_lock_init(&t->fs.lock);
	t->fs.umask = parent ? parent->fs.umask : 022;
	spin_lock_init(&t->files.file_lock);
	spin_lock_init(&t->sig_lock);
	if (parent) {
		get_fs_root((struct fs_struct *)&parent->fs, &t->fs.root);
		get_fs_pwd((struct fs_struct *)&parent->fs, &t->fs.pwd);
		t->nsproxy_mnt_ns = parent->nsproxy_mnt_ns;
		if (t->nsproxy_mnt_ns)
			atomic_inc(&t->nsproxy_mnt_ns->count);
		key_fork(t, parent);
	}
	spin_lock(&v->tasks_lock);
	t->pid = ++v->next_pid;
	list_add_tail(&t->tasks, &v->tasks);
	spin_unlock(&v->tasks_lock);
	return t;
}

/* Exit: close files, drop root/cwd and the namespace. */
void task_free(struct task_struct *t)
{
	struct vfsim *v = t->kernel;

	files_release(t);
	exit_keys(t);
	if (t->fs.root.dentry)
		path_put(&t->fs.root);
	if (t->fs.pwd.dentry)
		path_put(&t->fs.pwd);
	t->fs.root.dentry = t->fs.pwd.dentry = NULL;
	if (t->nsproxy_mnt_ns)
		put_mnt_ns(t->nsproxy_mnt_ns);
	spin_lock(&v->tasks_lock);
	list_del(&t->tasks);
	spin_unlock(&v->tasks_lock);
	spin_lock_destroy(&t->fs.lock);
	spin_lock_destroy(&t->files.file_lock);
	spin_lock_destroy(&t->sig_lock);
	kfree(t);
}

const struct cred init_cred = {
	.cap_effective = ~0ULL,
};

/* signal_wake_up(): see vfs/sched_wait.h for the protocol. */
void set_signal_pending(struct task_struct *t, bool pending)
{
	spin_lock(&t->sig_lock);
	WRITE_ONCE(t->sigpending, pending);
	if (pending && t->sleeping_on)
		wake_up_interruptible_all(t->sleeping_on);
	spin_unlock(&t->sig_lock);
}
