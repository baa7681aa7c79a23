/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The character devices the model has (vfs/char_dev.c, vfs/mem.c). */
#ifndef _VFSIM_VFS_CHAR_DEV_H
#define _VFSIM_VFS_CHAR_DEV_H

#include <vfs/task.h>

/* mem.c: drivers/char/mem.c's devices (random_fops is urandom's too) */
extern const struct file_operations null_fops, zero_fops, full_fops, random_fops;

/* devpts's magic: /dev/ptmx finds its instance by it (char_dev.c) */
#define DEVPTS_SUPER_MAGIC 0x1cd1

#endif
