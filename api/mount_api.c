// SPDX-License-Identifier: LGPL-2.1-or-later
/* The new mount API's public calls (vfs/fsopen.c, vfs/mount_api.c). */
#include <api/api.h>
#include <vfs/mount_api.h>

long vfsim_fsopen(struct vfsim_task *t, const char *fs_name, unsigned int flags)
{
	return VFSIM_SYSCALL(t, ksys_fsopen(fs_name, flags));
}

long vfsim_fsconfig(struct vfsim_task *t, int fd, unsigned int cmd,
		    const char *key, const void *value, int aux)
{
	return VFSIM_SYSCALL(t, ksys_fsconfig(fd, cmd, key, value, aux));
}

long vfsim_fsmount(struct vfsim_task *t, int fs_fd, unsigned int flags,
		   unsigned int attr_flags)
{
	return VFSIM_SYSCALL(t, ksys_fsmount(fs_fd, flags, attr_flags));
}

long vfsim_fspick(struct vfsim_task *t, int dfd, const char *path, unsigned int flags)
{
	return VFSIM_SYSCALL(t, ksys_fspick(dfd, path, flags));
}

long vfsim_open_tree(struct vfsim_task *t, int dfd, const char *path,
		     unsigned int flags)
{
	return VFSIM_SYSCALL(t, ksys_open_tree(dfd, path, flags));
}

long vfsim_move_mount(struct vfsim_task *t, int from_dfd, const char *from_path,
		      int to_dfd, const char *to_path, unsigned int flags)
{
	return VFSIM_SYSCALL(t, ksys_move_mount(from_dfd, from_path, to_dfd,
						to_path, flags));
}

long vfsim_mount_setattr(struct vfsim_task *t, int dfd, const char *path,
			 unsigned int flags, struct mount_attr *attr, size_t size)
{
	return VFSIM_SYSCALL(t, ksys_mount_setattr(dfd, path, flags, attr, size));
}
