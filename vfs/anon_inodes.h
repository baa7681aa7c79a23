/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Files with no inode of their own in a filesystem (fs/anon_inodes.c). */
#ifndef _VFSIM_VFS_ANON_INODES_H
#define _VFSIM_VFS_ANON_INODES_H

#include <vfs/kernel.h>

/*
 * A file named @name on the instance's anon_inodefs, opened with @flags
 * (O_ACCMODE bits), its private_data @priv; ERR_PTR on failure, when
 * @fops->release is not called.
 */
struct file *anon_inode_getfile(const char *name, const struct file_operations *fops,
				void *priv, int flags);
void anon_inode_kern_unmount(struct vfsim *v);

#endif
