// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * nsfs (fs/nsfs.c) for the one kind of namespace the model has.  The
 * kernel gives each namespace one inode on its own pseudo filesystem and
 * reaches it through /proc/PID/ns/mnt; the model has no /proc/PID, so a
 * task opens a task's namespace (its own or another's) with
 * ksys_open_mntns() (the public vfsim_open_mntns(), vfsim_open_task_mntns()), and the file lives on anon_inodefs (each file has
 * its own inode there, vfs/anon_inodes.c).  What makes it a namespace
 * file is its inode's operations, so a lookup that ends on it (a mark's
 * dirfd) is recognised as well as the file itself.  The file holds a
 * reference on the namespace, as the kernel's nsfs dentry does.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>

#include <linux/uaccess.h>
#include <uapi/linux/nsfs.h>

#include <vfs/anon_inodes.h>
#include <vfs/nsfs.h>

/* Set on a namespace file's inode; no operation of it is ever called. */
static const struct inode_operations ns_inode_operations;

/* read() of a namespace file: 6.18's nsfs has none (write(): the file is
 * read-only, -EBADF). */
static long ns_read(struct file *f, void __user *buf, size_t len)
{
	(void)f;
	(void)buf;
	(void)len;
	return -EINVAL;
}

static int ns_release(struct file *f)
{
	struct mnt_namespace *ns = f->private_data;

	f->private_data = NULL;
	f->f_path.dentry->d_inode->i_private = NULL;
	put_mnt_ns(ns);
	return 0;
}

/*
 * ns_ioctl(), for the one namespace type: NS_GET_NSTYPE, and 6.10's
 * NS_GET_MNTNS_ID, whose answer programs pass to statmount and listmount.
 * The ones the model has nothing to answer with (NS_GET_USERNS: no user
 * namespaces yet; 6.12's NS_MNT_GET_INFO/NEXT/PREV) are -ENOTTY, as an
 * ioctl nsfs does not know.
 */
static long ns_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct mnt_namespace *ns = f->private_data;
	u64 id;

	switch (cmd) {
	case NS_GET_NSTYPE:
		return CLONE_NEWNS;
	case NS_GET_MNTNS_ID:
		id = ns->ns_id;
		return put_user(id, (u64 __user *)arg);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations ns_file_operations = {
	.read = ns_read,
	.unlocked_ioctl = ns_ioctl,
	.release = ns_release,
};

bool proc_ns_file(const struct file *file)
{
	return file->f_op == &ns_file_operations;
}

struct mnt_namespace *mnt_ns_from_dentry(const struct dentry *dentry)
{
	const struct inode *inode = dentry->d_inode;

	if (!inode || inode->i_op != &ns_inode_operations)
		return NULL;
	return inode->i_private;
}

/*
 * May the current task open @target's namespace files?  5.8's
 * proc_ns_get_link() asks ptrace_may_access(PTRACE_MODE_READ_FSCREDS):
 * itself, a task of the same uids and gids, or CAP_SYS_PTRACE.
 */
static bool ns_may_access(const struct task_struct *target)
{
	const struct cred *c = current_cred(), *tc = &target->cred;

	if (target == current)
		return true;
	if (c->fsuid == tc->euid && c->fsuid == tc->uid &&
	    c->fsgid == tc->egid && c->fsgid == tc->gid)
		return true;
	return capable(CAP_SYS_PTRACE);
}

long ksys_open_mntns(struct task_struct *target, unsigned int flags)
{
	struct vfsim *v = current_kernel();
	struct mnt_namespace *ns;
	char name[32];
	struct file *f;
	int fd;

	if (flags & ~(unsigned int)O_CLOEXEC)
		return -EINVAL;
	if (!ns_may_access(target))
		return -EACCES;
	/* The target changes its namespace under tasks_lock. */
	spin_lock(&v->tasks_lock);
	ns = target->nsproxy_mnt_ns;
	atomic_inc(&ns->count);
	spin_unlock(&v->tasks_lock);
	/* The name /proc/PID/ns/mnt's link reads, with the namespace ID
	 * where the kernel has the nsfs inode number. */
	snprintf(name, sizeof(name), "mnt:[%llu]", (unsigned long long)ns->ns_id);
	f = anon_inode_getfile(name, &ns_file_operations, ns, O_RDONLY);
	if (IS_ERR(f)) {
		put_mnt_ns(ns);
		return PTR_ERR(f);
	}
	f->f_path.dentry->d_inode->i_op = &ns_inode_operations;
	f->f_path.dentry->d_inode->i_private = ns;
	fd = fd_install_new(f, flags);
	if (fd < 0)
		fput(f);
	return fd;
}
