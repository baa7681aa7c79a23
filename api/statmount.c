// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public statx, statmount and listmount calls (vfs/stat.c, vfs/statmount.c). */
#include <api/api.h>
#include <vfs/statmount.h>

long vfsim_statx(struct vfsim_task *t, int dfd, const char *path, int flags,
		 unsigned int mask, struct statx *buf)
{
	return VFSIM_SYSCALL(t, do_statx(dfd, path, (unsigned int)flags, mask, buf));
}

long vfsim_statmount(struct vfsim_task *t, const struct mnt_id_req *req,
		     struct statmount *buf, size_t bufsize, unsigned int flags)
{
	return VFSIM_SYSCALL(t, ksys_statmount(req, buf, bufsize, flags));
}

long vfsim_listmount(struct vfsim_task *t, const struct mnt_id_req *req,
		     uint64_t *mnt_ids, size_t nr_mnt_ids, unsigned int flags)
{
	return VFSIM_SYSCALL(t, ksys_listmount(req, (u64 *)mnt_ids, nr_mnt_ids, flags));
}
