// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * unshare(2) and setns(2) (kernel/fork.c ksys_unshare(), kernel/nsproxy.c
 * of 5.8) for what the model has: the fs_struct, the fd table and the
 * mount namespace.
 */
#include <sched.h>

#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/nsfs.h>

/* Namespaces the model does not have: unshare() of them is -EINVAL. */
#define VFSIM_CLONE_NEW_UNMODELLED (CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET | \
				    CLONE_NEWPID | CLONE_NEWCGROUP | CLONE_NEWTIME)

static int check_unshare_flags(unsigned long unshare_flags)
{
	if (unshare_flags & ~(unsigned long)(CLONE_THREAD | CLONE_FS | CLONE_NEWNS |
					     CLONE_SIGHAND | CLONE_VM | CLONE_FILES |
					     CLONE_SYSVSEM | CLONE_NEWUTS | CLONE_NEWIPC |
					     CLONE_NEWNET | CLONE_NEWUSER | CLONE_NEWPID |
					     CLONE_NEWCGROUP | CLONE_NEWTIME))
		return -EINVAL;
	/*
	 * CLONE_THREAD, CLONE_SIGHAND, CLONE_VM: 5.8 pretends they work when
	 * there is nothing to unshare, which a task of one thread never has.
	 * The namespaces the model lacks it cannot pretend to make.
	 */
	if (unshare_flags & VFSIM_CLONE_NEW_UNMODELLED)
		return -EINVAL;
	return 0;
}

static int unshare_fs(unsigned long unshare_flags, struct fs_struct **new_fsp)
{
	struct fs_struct *fs = current->fs;
	int users;

	if (!(unshare_flags & CLONE_FS))
		return 0;
	spin_lock(&fs->lock);
	users = fs->users;
	spin_unlock(&fs->lock);
	if (users == 1)
		return 0;
	*new_fsp = copy_fs_struct(fs);
	return *new_fsp ? 0 : -ENOMEM;
}

static int unshare_fd(unsigned long unshare_flags, struct files_struct **new_fdp)
{
	struct files_struct *fd = current->files;
	int error = 0;

	if ((unshare_flags & CLONE_FILES) && atomic_read(&fd->count) > 1)
		*new_fdp = dup_fd(fd, &error);
	return error;
}

/*
 * unshare_userns(): the credentials of a new user namespace, in
 * *@new_credp, which the caller installs once nothing else can fail.
 */
static int unshare_userns(unsigned long unshare_flags, struct cred *new_cred,
			  bool *have_cred)
{
	int err;

	if (!(unshare_flags & CLONE_NEWUSER))
		return 0;
	*new_cred = current->cred;
	get_user_ns(new_cred->user_ns);
	err = create_user_ns(new_cred);
	if (err) {
		put_user_ns(new_cred->user_ns);
		return err;
	}
	*have_cred = true;
	return 0;
}

/*
 * unshare_nsproxy_namespaces() of the one namespace the model has: a copy
 * owned by the new user namespace, if the same call made one (5.8 makes
 * the user namespace first, so its root may copy the mount namespace).
 */
static int unshare_mnt_ns(unsigned long unshare_flags, struct mnt_namespace **new_nsp,
			  struct user_namespace *user_ns, struct fs_struct *new_fs)
{
	struct mnt_namespace *ns;

	if (!(unshare_flags & CLONE_NEWNS))
		return 0;
	if (!ns_capable(user_ns, CAP_SYS_ADMIN))
		return -EPERM;
	ns = copy_mnt_ns(unshare_flags, current->nsproxy_mnt_ns, user_ns, new_fs);
	if (IS_ERR(ns))
		return (int)PTR_ERR(ns);
	*new_nsp = ns;
	return 0;
}

long ksys_unshare(unsigned long unshare_flags)
{
	struct task_struct *t = current;
	struct fs_struct *fs, *new_fs = NULL;
	struct files_struct *fd, *new_fd = NULL;
	struct mnt_namespace *new_ns = NULL;
	struct cred new_cred;
	bool have_cred = false;
	int err;

	/* A new user namespace is of one thread, with its own root and cwd. */
	if (unshare_flags & CLONE_NEWUSER)
		unshare_flags |= CLONE_THREAD | CLONE_FS;
	/* A new mount namespace needs its own root and cwd. */
	if (unshare_flags & CLONE_NEWNS)
		unshare_flags |= CLONE_FS;
	err = check_unshare_flags(unshare_flags);
	if (err)
		return err;
	err = unshare_fs(unshare_flags, &new_fs);
	if (err)
		return err;
	err = unshare_fd(unshare_flags, &new_fd);
	if (err)
		goto bad_unshare_cleanup_fs;
	err = unshare_userns(unshare_flags, &new_cred, &have_cred);
	if (err)
		goto bad_unshare_cleanup_fd;
	err = unshare_mnt_ns(unshare_flags, &new_ns,
			     have_cred ? new_cred.user_ns : t->cred.user_ns,
			     new_fs ? new_fs : t->fs);
	if (err)
		goto bad_unshare_cleanup_cred;

	if (new_ns) {
		struct mnt_namespace *old = t->nsproxy_mnt_ns;

		spin_lock(&t->kernel->tasks_lock);
		t->nsproxy_mnt_ns = new_ns;
		spin_unlock(&t->kernel->tasks_lock);
		put_mnt_ns(old);
	}
	if (new_fs) {
		fs = t->fs;
		spin_lock(&fs->lock);
		t->fs = new_fs;
		new_fs = --fs->users ? NULL : fs;
		spin_unlock(&fs->lock);
	}
	if (new_fd) {
		fd = t->files;
		t->files = new_fd;
		new_fd = fd;
	}
	if (have_cred) {	/* commit_creds() */
		struct cred old = t->cred;

		spin_lock(&t->kernel->tasks_lock);
		t->cred = new_cred;
		spin_unlock(&t->kernel->tasks_lock);
		new_cred = old;
	}

bad_unshare_cleanup_cred:
	if (have_cred)
		put_user_ns(new_cred.user_ns);
bad_unshare_cleanup_fd:
	if (new_fd)
		put_files_struct(new_fd);
bad_unshare_cleanup_fs:
	if (new_fs)
		free_fs_struct(new_fs);
	return err;
}

/* setns(2): @nstype 0 or CLONE_NEWNS, the type of the namespace of @fd. */
long ksys_setns(int fd, int nstype)
{
	struct mnt_namespace *ns;
	struct file *file;
	int err;

	file = fget((unsigned int)fd);
	if (!file)
		return -EBADF;
	/* 5.8 also takes a pidfd; the model has none, so any other file is
	 * -EINVAL, as 5.8's setns() says of one that is neither. */
	ns = proc_ns_file(file) ? file->private_data : NULL;
	if (!ns || (nstype && nstype != CLONE_NEWNS))
		err = -EINVAL;
	else
		err = mntns_install(ns);
	fput(file);
	return err;
}
