// SPDX-License-Identifier: LGPL-2.1-or-later
/* The public calls on directories and names (getdents64, unlink, rmdir,
 * rename, link, readlink, utimensat, faccessat2). */
#include <api/api.h>
#include <vfs/syscalls.h>

long vfsim_getdents64(struct vfsim_task *t, int fd, void *dirp, size_t count)
{
	if (count > UINT32_MAX)
		count = UINT32_MAX;	/* the syscall's unsigned int */
	return VFSIM_SYSCALL(t, fd < 0 ? -EBADF :
			     ksys_getdents64((unsigned int)fd, dirp, (unsigned int)count));
}

long vfsim_unlinkat(struct vfsim_task *t, int dfd, const char *path, int flags)
{
	return VFSIM_SYSCALL(t, ksys_unlinkat(dfd, path, flags));
}

long vfsim_renameat2(struct vfsim_task *t, int olddfd, const char *oldpath,
		     int newdfd, const char *newpath, unsigned int flags)
{
	return VFSIM_SYSCALL(t, do_renameat2(olddfd, oldpath, newdfd, newpath, flags));
}

long vfsim_linkat(struct vfsim_task *t, int olddfd, const char *oldpath,
		  int newdfd, const char *newpath, int flags)
{
	return VFSIM_SYSCALL(t, do_linkat(olddfd, oldpath, newdfd, newpath, flags));
}

long vfsim_readlinkat(struct vfsim_task *t, int dfd, const char *path, char *buf,
		      size_t bufsiz)
{
	if (bufsiz > INT32_MAX)
		bufsiz = INT32_MAX;	/* the syscall's int */
	return VFSIM_SYSCALL(t, do_readlinkat(dfd, path, buf, (int)bufsiz));
}

long vfsim_utimensat(struct vfsim_task *t, int dfd, const char *path,
		     const struct timespec times[2], int flags)
{
	return VFSIM_SYSCALL(t, do_utimensat(dfd, path, times, flags));
}

long vfsim_faccessat2(struct vfsim_task *t, int dfd, const char *path, int mode,
		      int flags)
{
	return VFSIM_SYSCALL(t, do_faccessat(dfd, path, mode, flags));
}
