// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The scenario's calls on the model (sys.h): each is the public vfsim_*()
 * call of its name, on the caller's instance.  A task is the model's own
 * struct vfsim_task.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "sys.h"

#define T(t) scn_vtask(t)

static long m_boot(void *b, const char *tree)
{
	return vfsim_boot(b, tree);
}

static struct scn_task *m_init_task(void *b)
{
	return scn_task_of(vfsim_init_task(b));
}

static long m_task_create(void *b, uid_t uid, gid_t gid, struct scn_task **t)
{
	struct vfsim_task *vt;
	int ret = vfsim_task_create(b, uid, gid, &vt);

	if (ret == 0)
		*t = scn_task_of(vt);
	return ret;
}

static long m_check(void *b, char *why, size_t len)
{
	return vfsim_check_invariants(b, why, len);
}

static long m_check_changed(void *b, char *why, size_t len)
{
	return vfsim_check_changed(b, why, len);
}

/* The instance is the caller's: it stays. */
static void m_end(void *b)
{
}

static long m_mkdir(struct scn_task *t, const char *path, mode_t mode)
{
	return vfsim_mkdirat(T(t), AT_FDCWD, path, mode);
}

static long m_mkdir_p(struct scn_task *t, const char *path, mode_t mode)
{
	return vfsim_mkdir_p(T(t), AT_FDCWD, path, mode);
}

static long m_symlink(struct scn_task *t, const char *target, const char *path)
{
	return vfsim_symlinkat(T(t), target, AT_FDCWD, path);
}

static long m_mknod(struct scn_task *t, const char *path, mode_t mode, dev_t dev)
{
	return vfsim_mknodat(T(t), AT_FDCWD, path, mode, dev);
}

static long m_chmod(struct scn_task *t, const char *path, mode_t mode)
{
	return vfsim_chmod(T(t), path, mode);
}

static long m_chown(struct scn_task *t, const char *path, uid_t uid, gid_t gid)
{
	return vfsim_chown(T(t), path, uid, gid);
}

static long m_chdir(struct scn_task *t, const char *path)
{
	return vfsim_chdir(T(t), path);
}

static long m_chroot(struct scn_task *t, const char *path)
{
	return vfsim_chroot(T(t), path);
}

static long m_open(struct scn_task *t, int dfd, const char *path, int flags,
		   mode_t mode)
{
	return vfsim_openat(T(t), dfd, path, flags, mode);
}

static long m_close(struct scn_task *t, int fd)
{
	return vfsim_close(T(t), fd);
}

static long m_read(struct scn_task *t, int fd, void *buf, size_t len)
{
	return vfsim_read(T(t), fd, buf, len);
}

/*
 * The model runs a scenario on one thread: a read that would sleep
 * would never be woken.  With a signal pending it returns ERESTARTSYS
 * instead, as a blocked read(2) interrupted by a signal would.
 */
static long m_read_nowait(struct scn_task *t, int fd, void *buf, size_t len)
{
	long ret;

	vfsim_task_set_signal_pending(T(t), true);
	ret = vfsim_read(T(t), fd, buf, len);
	vfsim_task_set_signal_pending(T(t), false);
	return ret;
}

static long m_statx(struct scn_task *t, int dfd, const char *path, int flags,
		    unsigned int mask, struct statx *buf)
{
	return vfsim_statx(T(t), dfd, path, flags, mask, buf);
}

static long m_write(struct scn_task *t, int fd, const void *buf, size_t len)
{
	return vfsim_write(T(t), fd, buf, len);
}

static long m_pread(struct scn_task *t, int fd, void *buf, size_t len, int64_t pos)
{
	return vfsim_pread(T(t), fd, buf, len, pos);
}

static long m_pwrite(struct scn_task *t, int fd, const void *buf, size_t len,
		     int64_t pos)
{
	return vfsim_pwrite(T(t), fd, buf, len, pos);
}

static int64_t m_lseek(struct scn_task *t, int fd, int64_t offset, int whence)
{
	return vfsim_lseek(T(t), fd, offset, whence);
}

static long m_truncate(struct scn_task *t, const char *path, int64_t length)
{
	return vfsim_truncate(T(t), path, length);
}

static long m_ftruncate(struct scn_task *t, int fd, int64_t length)
{
	return vfsim_ftruncate(T(t), fd, length);
}

static long m_fallocate(struct scn_task *t, int fd, int mode, int64_t offset,
			int64_t len)
{
	return vfsim_fallocate(T(t), fd, mode, offset, len);
}

static long m_fsync(struct scn_task *t, int fd, bool datasync)
{
	return datasync ? vfsim_fdatasync(T(t), fd) : vfsim_fsync(T(t), fd);
}

static long m_statfs(struct scn_task *t, const char *path, struct statfs *buf)
{
	return vfsim_statfs(T(t), path, buf);
}

static long m_fstatfs(struct scn_task *t, int fd, struct statfs *buf)
{
	return vfsim_fstatfs(T(t), fd, buf);
}

static long m_poll(struct scn_task *t, struct pollfd *fds, unsigned int nfds)
{
	return vfsim_poll(T(t), fds, nfds);
}

static long m_mount(struct scn_task *t, const char *source, const char *target,
		    const char *fstype, unsigned long flags, const char *data)
{
	return vfsim_mount(T(t), source, target, fstype, flags, data);
}

static long m_umount2(struct scn_task *t, const char *target, int flags)
{
	return vfsim_umount2(T(t), target, flags);
}

static long m_fsopen(struct scn_task *t, const char *fs_name, unsigned int flags)
{
	return vfsim_fsopen(T(t), fs_name, flags);
}

static long m_fsconfig(struct scn_task *t, int fd, unsigned int cmd,
		       const char *key, const void *value, int aux)
{
	return vfsim_fsconfig(T(t), fd, cmd, key, value, aux);
}

static long m_fsmount(struct scn_task *t, int fs_fd, unsigned int flags,
		      unsigned int attr)
{
	return vfsim_fsmount(T(t), fs_fd, flags, attr);
}

static long m_fspick(struct scn_task *t, int dfd, const char *path,
		     unsigned int flags)
{
	return vfsim_fspick(T(t), dfd, path, flags);
}

static long m_open_tree(struct scn_task *t, int dfd, const char *path,
			unsigned int flags)
{
	return vfsim_open_tree(T(t), dfd, path, flags);
}

static long m_move_mount(struct scn_task *t, int from_dfd, const char *from,
			 int to_dfd, const char *to, unsigned int flags)
{
	return vfsim_move_mount(T(t), from_dfd, from, to_dfd, to, flags);
}

static long m_mount_setattr(struct scn_task *t, int dfd, const char *path,
			    unsigned int flags, struct mount_attr *attr,
			    size_t size)
{
	return vfsim_mount_setattr(T(t), dfd, path, flags, attr, size);
}

static long m_statmount(struct scn_task *t, const struct mnt_id_req *req,
			struct statmount *buf, size_t size, unsigned int flags)
{
	return vfsim_statmount(T(t), req, buf, size, flags);
}

static long m_listmount(struct scn_task *t, const struct mnt_id_req *req,
			uint64_t *ids, size_t nr, unsigned int flags)
{
	return vfsim_listmount(T(t), req, ids, nr, flags);
}

static long m_pivot_root(struct scn_task *t, const char *new_root,
			 const char *put_old)
{
	return vfsim_pivot_root(T(t), new_root, put_old);
}

static long m_open_mntns(struct scn_task *t, unsigned int flags)
{
	return vfsim_open_mntns(T(t), flags);
}

static long m_fanotify_init(struct scn_task *t, unsigned int flags,
			    unsigned int event_f_flags)
{
	return vfsim_fanotify_init(T(t), flags, event_f_flags);
}

static long m_fanotify_mark(struct scn_task *t, int fd, unsigned int flags,
			    uint64_t mask, int dfd, const char *path)
{
	return vfsim_fanotify_mark(T(t), fd, flags, mask, dfd, path);
}

static long m_mountinfo(struct scn_task *t, char **text)
{
	long len = vfsim_mountinfo(T(t), NULL, 0);
	char *buf;

	if (len < 0)
		return len;
	buf = malloc((size_t)len + 1);
	if (!buf)
		return -ENOMEM;
	/* the scenario's thread is the only one: the size holds */
	len = vfsim_mountinfo(T(t), buf, (size_t)len + 1);
	if (len < 0) {
		free(buf);
		return len;
	}
	*text = buf;
	return 0;
}

static long m_tree(struct scn_task *t, FILE *out,
		   const struct vfsim_tree_opts *o)
{
	return vfsim_tree_render(T(t), out, o);
}

static long m_task_fork(struct scn_task *parent, unsigned long flags,
			struct scn_task **child)
{
	struct vfsim_task *vt;
	int ret = vfsim_task_fork(T(parent), flags, &vt);

	if (ret == 0)
		*child = scn_task_of(vt);
	return ret;
}

static void m_task_exit(struct scn_task *t)
{
	vfsim_task_exit(T(t));
}

static long m_unshare(struct scn_task *t, unsigned long flags)
{
	return vfsim_unshare(T(t), flags);
}

static long m_setns(struct scn_task *t, int fd, int nstype)
{
	return vfsim_setns(T(t), fd, nstype);
}

static long m_open_task_mntns(struct scn_task *t, struct scn_task *target,
			      unsigned int flags)
{
	return vfsim_open_task_mntns(T(t), T(target), flags);
}

static long m_getdents64(struct scn_task *t, int fd, void *buf, size_t len)
{
	return vfsim_getdents64(T(t), fd, buf, len);
}

static long m_unlinkat(struct scn_task *t, const char *path, int flags)
{
	return vfsim_unlinkat(T(t), AT_FDCWD, path, flags);
}

static long m_renameat2(struct scn_task *t, const char *oldpath,
			const char *newpath, unsigned int flags)
{
	return vfsim_renameat2(T(t), AT_FDCWD, oldpath, AT_FDCWD, newpath, flags);
}

static long m_linkat(struct scn_task *t, const char *oldpath,
		     const char *newpath, int flags)
{
	return vfsim_linkat(T(t), AT_FDCWD, oldpath, AT_FDCWD, newpath, flags);
}

static long m_readlink(struct scn_task *t, const char *path, char *buf, size_t len)
{
	return vfsim_readlinkat(T(t), AT_FDCWD, path, buf, len);
}

static long m_utimensat(struct scn_task *t, const char *path,
			const struct timespec times[2], int flags)
{
	return vfsim_utimensat(T(t), AT_FDCWD, path, times, flags);
}

static long m_faccessat2(struct scn_task *t, const char *path, int mode, int flags)
{
	return vfsim_faccessat2(T(t), AT_FDCWD, path, mode, flags);
}

static long m_userns_write(struct scn_task *t, struct scn_task *target,
			   const char *file, const char *text)
{
	size_t len = strlen(text);

	if (!strcmp(file, "uid_map"))
		return vfsim_write_uid_map(T(t), T(target), text, len);
	if (!strcmp(file, "gid_map"))
		return vfsim_write_gid_map(T(t), T(target), text, len);
	return vfsim_write_setgroups(T(t), T(target), text, len);
}

const struct scn_sys scn_sys_model = {
	.name = "model",
	.boot = m_boot,
	.init_task = m_init_task,
	.task_create = m_task_create,
	.check = m_check,
	.check_changed = m_check_changed,
	.end = m_end,
	.mkdir = m_mkdir,
	.mkdir_p = m_mkdir_p,
	.symlink = m_symlink,
	.mknod = m_mknod,
	.chmod = m_chmod,
	.chown = m_chown,
	.chdir = m_chdir,
	.chroot = m_chroot,
	.open = m_open,
	.close = m_close,
	.read = m_read,
	.read_nowait = m_read_nowait,
	.statx = m_statx,
	.write = m_write,
	.pread = m_pread,
	.pwrite = m_pwrite,
	.lseek = m_lseek,
	.truncate = m_truncate,
	.ftruncate = m_ftruncate,
	.fallocate = m_fallocate,
	.fsync = m_fsync,
	.statfs = m_statfs,
	.fstatfs = m_fstatfs,
	.poll = m_poll,
	.mount = m_mount,
	.umount2 = m_umount2,
	.fsopen = m_fsopen,
	.fsconfig = m_fsconfig,
	.fsmount = m_fsmount,
	.fspick = m_fspick,
	.open_tree = m_open_tree,
	.move_mount = m_move_mount,
	.mount_setattr = m_mount_setattr,
	.statmount = m_statmount,
	.listmount = m_listmount,
	.pivot_root = m_pivot_root,
	.open_mntns = m_open_mntns,
	.fanotify_init = m_fanotify_init,
	.fanotify_mark = m_fanotify_mark,
	.mountinfo = m_mountinfo,
	.tree = m_tree,
	.task_fork = m_task_fork,
	.task_exit = m_task_exit,
	.unshare = m_unshare,
	.setns = m_setns,
	.open_task_mntns = m_open_task_mntns,
	.getdents64 = m_getdents64,
	.unlinkat = m_unlinkat,
	.renameat2 = m_renameat2,
	.linkat = m_linkat,
	.readlink = m_readlink,
	.utimensat = m_utimensat,
	.faccessat2 = m_faccessat2,
	.userns_write = m_userns_write,
};
