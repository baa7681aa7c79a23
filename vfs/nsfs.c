// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * nsfs (fs/nsfs.c) for the one kind of namespace the model has.  The
 * kernel gives each namespace one inode on its own pseudo filesystem and
 * reaches it through /proc/PID/ns/mnt; the model has no /proc/PID, so a
 * task opens its namespace with ksys_open_mntns() (the public
 * vfsim_open_mntns()), and the file lives on anon_inodefs (each file has
 * its own inode there, vfs/anon_inodes.c).  What makes it a namespace
 * file is its inode's operations, so a lookup that ends on it (a mark's
 * dirfd) is recognised as well as the file itself.  The file holds a
 * reference on the namespace, as the kernel's nsfs dentry does.
 */
#include <fcntl.h>
#include <stdio.h>

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

static const struct file_operations ns_file_operations = {
	.read = ns_read,
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

long ksys_open_mntns(unsigned int flags)
{
	struct mnt_namespace *ns = current->nsproxy_mnt_ns;
	char name[32];
	struct file *f;
	int fd;

	if (flags & ~(unsigned int)O_CLOEXEC)
		return -EINVAL;
	/* The name /proc/PID/ns/mnt's link reads, with the namespace ID
	 * where the kernel has the nsfs inode number. */
	snprintf(name, sizeof(name), "mnt:[%llu]", (unsigned long long)ns->ns_id);
	atomic_inc(&ns->count);
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
