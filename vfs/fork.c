// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fork and exit of the model's tasks (kernel/fork.c of 5.8: copy_process()'s
 * flag checks, copy_files(), copy_fs(), copy_namespaces(); do_exit()'s
 * exit_files(), exit_fs(), exit_task_namespaces()).
 *
 * A task is a process of one thread; what a fork can share or copy is
 * what the model has: the fs_struct (CLONE_FS), the fd table (CLONE_FILES)
 * and the mount namespace (CLONE_NEWNS copies it).
 */
#include <sched.h>

#include <linux/slab.h>
#include <vfs/kernel.h>
#include <vfs/key.h>

/* The clone flags the model has: others are -EINVAL (see task_fork()). */
#define VFSIM_CLONE_FLAGS (CLONE_FS | CLONE_FILES | CLONE_NEWNS | CLONE_NEWUSER)

/*
 * copy_creds() with CLONE_NEWUSER: the child's credentials become those
 * of a new user namespace.  create_user_ns() checks the chroot of the
 * parent (current), as 5.8's does.
 */
static int copy_creds_newuser(struct task_struct *tsk)
{
	struct cred new = tsk->cred;
	int err;

	err = create_user_ns(&new);
	if (err)
		return err;
	tsk->cred = new;	/* the new namespace holds the old reference */
	return 0;
}

static int copy_files(unsigned long clone_flags, struct task_struct *tsk,
		      struct files_struct *oldf)
{
	int error;

	if (clone_flags & CLONE_FILES) {
		atomic_inc(&oldf->count);
		tsk->files = oldf;
		return 0;
	}
	tsk->files = dup_fd(oldf, &error);
	return tsk->files ? 0 : error;
}

static int copy_fs(unsigned long clone_flags, struct task_struct *tsk,
		   struct fs_struct *fs)
{
	if (clone_flags & CLONE_FS) {
		spin_lock(&fs->lock);
		fs->users++;
		spin_unlock(&fs->lock);
		tsk->fs = fs;
		return 0;
	}
	tsk->fs = copy_fs_struct(fs);
	return tsk->fs ? 0 : -ENOMEM;
}

/*
 * copy_namespaces(): the child already holds a reference on its parent's
 * namespace (__task_alloc()); CLONE_NEWNS replaces it with a copy, which
 * the child's own fs_struct is moved onto.
 */
static int copy_namespaces(unsigned long flags, struct task_struct *tsk)
{
	struct mnt_namespace *old = tsk->nsproxy_mnt_ns, *new;
	struct user_namespace *user_ns = tsk->cred.user_ns;

	if (!(flags & CLONE_NEWNS))
		return 0;
	if (!ns_capable(user_ns, CAP_SYS_ADMIN))
		return -EPERM;
	new = copy_mnt_ns(flags, old, user_ns, tsk->fs);
	if (IS_ERR(new))
		return (int)PTR_ERR(new);
	tsk->nsproxy_mnt_ns = new;
	put_mnt_ns(old);
	return 0;
}

/*
 * task_fork - clone(2) of @parent with @clone_flags; the child is in
 * *@childp.  CLONE_FS, CLONE_FILES, CLONE_NEWNS, CLONE_NEWUSER as 5.8;
 * -EINVAL for any flag the
 * model has nothing of (threads, signals, memory, other namespaces).
 */
int task_fork(struct task_struct *parent, unsigned long clone_flags,
	      struct task_struct **childp)
{
	struct vfsim *v = parent->kernel;
	struct task_struct *t;
	int err;

	*childp = NULL;
	if (clone_flags & ~(unsigned long)VFSIM_CLONE_FLAGS)
		return -EINVAL;
	if ((clone_flags & (CLONE_NEWNS | CLONE_FS)) == (CLONE_NEWNS | CLONE_FS))
		return -EINVAL;
	if ((clone_flags & (CLONE_NEWUSER | CLONE_FS)) == (CLONE_NEWUSER | CLONE_FS))
		return -EINVAL;

	t = __task_alloc(v, parent, parent->cred.uid, parent->cred.gid);
	if (!t)
		return -ENOMEM;
	t->cred = parent->cred;	/* __task_alloc() took its user_ns */
	/* copy_creds(): the child's user namespace comes first. */
	err = 0;
	if (clone_flags & CLONE_NEWUSER)
		err = copy_creds_newuser(t);
	if (!err)
		err = copy_files(clone_flags, t, parent->files);
	if (!err)
		err = copy_fs(clone_flags, t, parent->fs);
	if (!err)
		err = copy_namespaces(clone_flags, t);
	if (err) {
		task_free(t);
		return err;
	}
	task_publish(v, t);
	*childp = t;
	return 0;
}

/* do_exit() of what the model has: the task is gone after this. */
void task_exit(struct task_struct *t)
{
	task_free(t);
}
