/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Namespace files (fs/nsfs.c): what /proc/PID/ns/mnt opens.  The model's
 * one kind is the mount namespace's, opened by ksys_open_mntns(); statmount
 * and listmount take it as mnt_ns_fd, fanotify_mark(FAN_MARK_MNTNS) as the
 * object of a mark.
 */
#ifndef _VFSIM_VFS_NSFS_H
#define _VFSIM_VFS_NSFS_H

#include <vfs/kernel.h>

/* A file of @target's mount namespace (/proc/PID/ns/mnt), as an fd of
 * the current task: @flags 0 or O_CLOEXEC (else -EINVAL); -EACCES if
 * the current task may not look at @target; -ENOMEM, -EMFILE. */
long ksys_open_mntns(struct task_struct *target, unsigned int flags);

/* The mount namespace @dentry is a namespace file of, or NULL (6.18's
 * mnt_ns_from_dentry()).  The file holds a reference on it. */
struct mnt_namespace *mnt_ns_from_dentry(const struct dentry *dentry);

/* Is @file a namespace file (proc_ns_file())? */
bool proc_ns_file(const struct file *file);

#endif
