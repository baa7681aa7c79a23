// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The public syscall API: each call enters the instance as the given task,
 * runs the kernel-side implementation and returns its value (>= 0 or
 * -errno) unchanged.
 */
#include <fcntl.h>

#include <linux/bug.h>
#include <linux/slab.h>
#include <api/api.h>
#include <vfs/namei.h>
#include <vfs/syscalls.h>
#include <vfsim/testing.h>


struct vfsim_task *vfsim_init_task(struct vfsim *v)
{
	if (!v || !v->booted)
		return NULL;
	return (struct vfsim_task *)v->init_task;
}

int vfsim_task_create(struct vfsim *v, uid_t uid, gid_t gid, struct vfsim_task **out)
{
	struct vfsim_entry e;
	struct task_struct *t;

	if (!v || !out)
		return -EINVAL;
	*out = NULL;
	if (!v->booted)
		return -EINVAL;
	vfsim_enter(&e, v->init_task);
	t = task_alloc(v, v->init_task, uid, gid);
	vfsim_leave(&e);
	if (!t)
		return -ENOMEM;
	*out = (struct vfsim_task *)t;
	return 0;
}

void vfsim_task_destroy(struct vfsim_task *t)
{
	struct vfsim_entry e;

	if (!t || T(t) == T(t)->kernel->init_task)
		return;
	vfsim_enter(&e, T(t));
	task_free(T(t));
	vfsim_leave(&e);
}

void vfsim_task_set_caps(struct vfsim_task *t, uint64_t caps)
{
	if (t)
		T(t)->cred.cap_effective = caps;
}

uint64_t vfsim_task_caps(const struct vfsim_task *t)
{
	return t ? ((const struct task_struct *)t)->cred.cap_effective : 0;
}

uid_t vfsim_task_uid(const struct vfsim_task *t)
{
	return t ? ((const struct task_struct *)t)->cred.uid : (uid_t)-1;
}

gid_t vfsim_task_gid(const struct vfsim_task *t)
{
	return t ? ((const struct task_struct *)t)->cred.gid : (gid_t)-1;
}

void vfsim_task_set_signal_pending(struct vfsim_task *t, bool pending)
{
	if (t)
		set_signal_pending(T(t), pending);
}

struct vfsim *vfsim_task_kernel(const struct vfsim_task *t)
{
	return t ? ((const struct task_struct *)t)->kernel : NULL;
}

long vfsim_mkdirat(struct vfsim_task *t, int dfd, const char *path, mode_t mode)
{
	return VFSIM_SYSCALL(t, do_mkdirat(dfd, path, (umode_t)mode));
}

long vfsim_symlinkat(struct vfsim_task *t, const char *target, int dfd,
		     const char *path)
{
	return VFSIM_SYSCALL(t, do_symlinkat(target, dfd, path));
}

long vfsim_mknodat(struct vfsim_task *t, int dfd, const char *path, mode_t mode,
		   dev_t dev)
{
	if (dev != (unsigned int)dev)
		return -EINVAL;	/* glibc's check: the system call takes 32 bits */
	return VFSIM_SYSCALL(t, do_mknodat(dfd, path, (umode_t)mode, (unsigned int)dev));
}

long vfsim_openat(struct vfsim_task *t, int dfd, const char *path, int flags,
		  mode_t mode)
{
	return VFSIM_SYSCALL(t, do_sys_open(dfd, path, flags, (umode_t)mode));
}

long vfsim_close(struct vfsim_task *t, int fd)
{
	return VFSIM_SYSCALL(t, ksys_close(fd));
}

long vfsim_chdir(struct vfsim_task *t, const char *path)
{
	return VFSIM_SYSCALL(t, ksys_chdir(path));
}

long vfsim_fchdir(struct vfsim_task *t, int fd)
{
	return VFSIM_SYSCALL(t, ksys_fchdir(fd));
}

long vfsim_chroot(struct vfsim_task *t, const char *path)
{
	return VFSIM_SYSCALL(t, ksys_chroot(path));
}

long vfsim_chmod(struct vfsim_task *t, const char *path, mode_t mode)
{
	return VFSIM_SYSCALL(t, ksys_chmod(path, (umode_t)mode));
}

long vfsim_chown(struct vfsim_task *t, const char *path, uid_t uid, gid_t gid)
{
	return VFSIM_SYSCALL(t, ksys_chown(path, uid, gid));
}

long vfsim_mount(struct vfsim_task *t, const char *source, const char *target,
		 const char *fstype, unsigned long flags, const void *data)
{
	return VFSIM_SYSCALL(t, ksys_mount(source, target, fstype, flags, data));
}

long vfsim_umount2(struct vfsim_task *t, const char *target, int flags)
{
	return VFSIM_SYSCALL(t, ksys_umount(target, flags));
}

long vfsim_pivot_root(struct vfsim_task *t, const char *new_root,
		      const char *put_old)
{
	return VFSIM_SYSCALL(t, ksys_pivot_root(new_root, put_old));
}

long vfsim_mkautomount(struct vfsim_task *t, const char *path, const char *fstype,
		       const char *source, const char *data)
{
	return VFSIM_SYSCALL(t, do_mkautomount(path, fstype, source, data));
}

static long do_mnt_set_expiry(const char *name)
{
	struct path path;
	long err;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	err = user_path_at(AT_FDCWD, name, LOOKUP_FOLLOW, &path);
	if (err)
		return err;
	if (path.dentry != path.mnt->mnt_root ||
	    /*
	     * Only a mount with a parent in the caller's namespace, as the
	     * submounts automounters hand to mnt_set_expiry() are: expiring
	     * a namespace's root, or a mount a lazy umount took away, would
	     * run umount_tree() where the kernel never does
	     * (propagate_mount_unlock's BUG_ON, found by fuzz_ops).
	     */
	    !mnt_has_parent(real_mount(path.mnt)) ||
	    real_mount(path.mnt)->mnt_ns != current->nsproxy_mnt_ns) {
		err = -EINVAL;
	} else {
		struct mount *m = real_mount(path.mnt);

		if (list_empty(&m->mnt_expire))
			mnt_set_expiry(path.mnt, &current_kernel()->expiry_list);
	}
	/* Putting a mount on the list is no use of it: keep any mark. */
	dput(path.dentry);
	mntput_no_expire(real_mount(path.mnt));
	return err;
}

long vfsim_mnt_set_expiry(struct vfsim_task *t, const char *path)
{
	return VFSIM_SYSCALL(t, do_mnt_set_expiry(path));
}

int __mark_mounts_for_expiry(struct vfsim *v, struct list_head *mounts);

long vfsim_expire_mounts(struct vfsim *v)
{
	struct vfsim_entry e;
	long n;

	if (!v || !v->booted)
		return -EINVAL;
	vfsim_enter(&e, v->init_task);
	n = __mark_mounts_for_expiry(v, &v->expiry_list);
	vfsim_leave(&e);
	return n;
}
