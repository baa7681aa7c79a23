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

/* copy_fs_struct(): the child's own root, cwd and umask, as @old has them. */
struct fs_struct *copy_fs_struct(struct fs_struct *old)
{
	struct fs_struct *fs = kzalloc(sizeof(*fs), GFP_KERNEL);

	if (!fs)
		return NULL;
	fs->users = 1;
	spin_lock_init(&fs->lock);
	spin_lock(&old->lock);
	fs->umask = old->umask;
	fs->root = old->root;
	fs->pwd = old->pwd;
	spin_unlock(&old->lock);
	if (fs->root.dentry)
		path_get(&fs->root);
	if (fs->pwd.dentry)
		path_get(&fs->pwd);
	return fs;
}

void free_fs_struct(struct fs_struct *fs)
{
	if (fs->root.dentry)
		path_put(&fs->root);
	if (fs->pwd.dentry)
		path_put(&fs->pwd);
	spin_lock_destroy(&fs->lock);
	kfree(fs);
}

/* The task leaves its fs_struct; the last user frees it. */
void exit_fs(struct task_struct *t)
{
	struct fs_struct *fs = t->fs;
	int users;

	if (!fs)
		return;
	spin_lock(&fs->lock);
	users = --fs->users;
	spin_unlock(&fs->lock);
	t->fs = NULL;
	if (!users)
		free_fs_struct(fs);
}

void exit_files(struct task_struct *t)
{
	struct files_struct *files = t->files;

	if (!files)
		return;
	t->files = NULL;
	put_files_struct(files);
}

static struct files_struct *alloc_files_struct(void)
{
	struct files_struct *files = kzalloc(sizeof(*files), GFP_KERNEL);

	if (!files)
		return NULL;
	atomic_set(&files->count, 1);
	spin_lock_init(&files->file_lock);
	return files;
}

/*
 * A task with @parent's root, cwd, umask, keyrings and namespace, the
 * given credentials and an fd table of its own: empty (@files NULL) or
 * @files (whose reference it takes).  NULL: out of memory.
 */
struct task_struct *__task_alloc(struct vfsim *v, const struct task_struct *parent,
				 kuid_t uid, kgid_t gid)
{
	struct task_struct *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return NULL;
	t->kernel = v;
	t->cred.uid = t->cred.euid = t->cred.fsuid = uid;
	t->cred.gid = t->cred.egid = t->cred.fsgid = gid;
	t->cred.cap_effective = uid == 0 ? ~0ULL : 0;
	t->cred.user_ns = get_user_ns(parent ? parent->cred.user_ns : &v->init_user_ns);
	spin_lock_init(&t->sig_lock);
	if (parent) {
		t->nsproxy_mnt_ns = parent->nsproxy_mnt_ns;
		if (t->nsproxy_mnt_ns)
			atomic_inc(&t->nsproxy_mnt_ns->count);
		key_fork(t, parent);
	}
	return t;
}

/* Make @t visible: a PID and a place on the instance's task list. */
void task_publish(struct vfsim *v, struct task_struct *t)
{
	spin_lock(&v->tasks_lock);
	t->pid = ++v->next_pid;
	list_add_tail(&t->tasks, &v->tasks);
	spin_unlock(&v->tasks_lock);
}

struct task_struct *task_alloc(struct vfsim *v, const struct task_struct *parent,
			       kuid_t uid, kgid_t gid)
{
	struct task_struct *t = __task_alloc(v, parent, uid, gid);
	struct fs_struct init_fs = { .umask = 022 };

	if (!t)
		return NULL;
	if (parent) {
		t->fs = copy_fs_struct(parent->fs);
	} else {
		spin_lock_init(&init_fs.lock);
		t->fs = copy_fs_struct(&init_fs);
		spin_lock_destroy(&init_fs.lock);
	}
	t->files = alloc_files_struct();
	if (!t->fs || !t->files) {
		task_free(t);
		return NULL;
	}
	task_publish(v, t);
	return t;
}

/* Exit: close files, drop root/cwd and the namespace. */
void task_free(struct task_struct *t)
{
	struct vfsim *v = t->kernel;
	struct mnt_namespace *ns;

	exit_files(t);
	exit_keys(t);
	exit_fs(t);
	spin_lock(&v->tasks_lock);
	ns = t->nsproxy_mnt_ns;
	t->nsproxy_mnt_ns = NULL;
	if (t->pid)
		list_del(&t->tasks);
	spin_unlock(&v->tasks_lock);
	if (ns)
		put_mnt_ns(ns);
	put_user_ns(t->cred.user_ns);
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
