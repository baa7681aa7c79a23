/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared between the files of fs/proc. */
#ifndef _VFSIM_FS_PROC_INTERNAL_H
#define _VFSIM_FS_PROC_INTERNAL_H

#include <vfs/mount.h>

struct fsinfo_context;

/* fsinfo.c */
int proc_fsinfo(struct path *path, struct fsinfo_context *ctx);

#endif
