/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Linux 6.8+'s mount queries on the 5.8 model: statx's unique mount ID
 * (stat.c), statmount(2) and listmount(2) (statmount.c).
 */
#ifndef _VFSIM_VFS_STATMOUNT_H
#define _VFSIM_VFS_STATMOUNT_H

#include <vfs/kernel.h>

struct statx;
struct mnt_id_req;
struct statmount;

long do_statx(int dfd, const char __user *filename, unsigned int flags,
	      unsigned int mask, struct statx __user *buffer);
long ksys_statmount(const struct mnt_id_req __user *req,
		    struct statmount __user *buf, size_t bufsize,
		    unsigned int flags);
long ksys_listmount(const struct mnt_id_req __user *req,
		    u64 __user *mnt_ids, size_t nr_mnt_ids, unsigned int flags);

#endif
