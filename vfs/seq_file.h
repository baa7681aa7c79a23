/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The reading side of a seq_file (fs/seq_file.c, 5.8): a file whose text
 * is rendered, record by record, when it is read.  The output helpers
 * are compat/include/linux/seq_file.h's.
 */
#ifndef _VFSIM_VFS_SEQ_FILE_H
#define _VFSIM_VFS_SEQ_FILE_H

#include <linux/seq_file.h>
#include <vfs/kernel.h>

/* Give @file a seq_file with @op and @psize zeroed bytes of private data
 * (__seq_open_private()): the private data, or NULL (-ENOMEM). */
void *__seq_open_private(struct file *file, const struct seq_operations *op, int psize);
/* seq_release_private(): free the seq_file, its buffer and private data. */
int seq_release_private(struct file *file);
long seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos);
loff_t seq_lseek(struct file *file, loff_t offset, int whence);

#endif
