// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The model's side of struct kd_ops: the public API, exactly the calls
 * the scenario engine's verbs make.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>

#include <vfsim/vfsim.h>

#include "ops.h"
#include "statmount.h"

static long m_mkdir(void *t, const char *path, mode_t mode)
{
	return vfsim_mkdirat(t, AT_FDCWD, path, mode);
}

static long m_symlink(void *t, const char *target, const char *path)
{
	return vfsim_symlinkat(t, target, AT_FDCWD, path);
}

static long m_chmod(void *t, const char *path, mode_t mode)
{
	return vfsim_chmod(t, path, mode);
}

static long m_chown(void *t, const char *path, uid_t uid, gid_t gid)
{
	return vfsim_chown(t, path, uid, gid);
}

static long m_chdir(void *t, const char *path)
{
	return vfsim_chdir(t, path);
}

static long m_chroot(void *t, const char *path)
{
	return vfsim_chroot(t, path);
}

static long m_open(void *t, const char *path, int flags, mode_t mode)
{
	return vfsim_openat(t, AT_FDCWD, path, flags, mode);
}

static long m_close(void *t, int fd)
{
	return vfsim_close(t, fd);
}

static long m_mount(void *t, const char *source, const char *target,
		    const char *fstype, unsigned long flags, const char *data)
{
	return vfsim_mount(t, source, target, fstype, flags, data);
}

static long m_umount(void *t, const char *target, int flags)
{
	return vfsim_umount2(t, target, flags);
}

static long m_mountinfo(void *t, struct kd_buf *out)
{
	/* sized by a first call; the tree cannot change in between, but a
	 * second round costs nothing if it did */
	for (;;) {
		long need = vfsim_mountinfo(t, NULL, 0), got;
		char *text;

		if (need < 0)
			return need;
		text = kd_malloc((size_t)need + 1);
		got = vfsim_mountinfo(t, text, (size_t)need + 1);
		if (got >= 0 && got <= need)
			kd_buf_add(out, text, (size_t)got);
		free(text);
		if (got < 0 || got <= need)
			return got < 0 ? got : 0;
	}
}

static long m_listmount(void *t, const struct mnt_id_req *req, uint64_t *ids,
			size_t n, unsigned int flags)
{
	return vfsim_listmount(t, req, ids, n, flags);
}

static long m_statmount(void *t, const struct mnt_id_req *req,
			struct statmount *buf, size_t size, unsigned int flags)
{
	return vfsim_statmount(t, req, buf, size, flags);
}

static long m_statmounts(void *t, struct kd_buf *out)
{
	static const struct kd_statmount_calls calls = { m_listmount, m_statmount };

	return kd_statmount_dump(&calls, t, out);
}

static void m_mnt_point(void *t, uint64_t id, char *buf, size_t len)
{
	static const struct kd_statmount_calls calls = { m_listmount, m_statmount };

	kd_statmount_point(&calls, t, id, buf, len);
}

/* ---- fanotify mount events ---- */

static long m_open_mntns(void *t, unsigned int flags)
{
	return vfsim_open_mntns(t, flags);
}

static long m_fanotify_init(void *t, unsigned int flags, unsigned int event_f_flags)
{
	return vfsim_fanotify_init(t, flags, event_f_flags);
}

static long m_fanotify_mark(void *t, int fd, unsigned int flags, uint64_t mask,
			    int dfd, const char *path)
{
	return vfsim_fanotify_mark(t, fd, flags, mask, dfd, path);
}

/* ---- the new mount API ---- */

static long m_fsopen(void *t, const char *fs_name, unsigned int flags)
{
	return vfsim_fsopen(t, fs_name, flags);
}

static long m_fsconfig(void *t, int fd, unsigned int cmd, const char *key,
		       const void *value, int aux)
{
	return vfsim_fsconfig(t, fd, cmd, key, value, aux);
}

static long m_fsmount(void *t, int fs_fd, unsigned int flags, unsigned int attr)
{
	return vfsim_fsmount(t, fs_fd, flags, attr);
}

static long m_fspick(void *t, int dfd, const char *path, unsigned int flags)
{
	return vfsim_fspick(t, dfd, path, flags);
}

static long m_open_tree(void *t, int dfd, const char *path, unsigned int flags)
{
	return vfsim_open_tree(t, dfd, path, flags);
}

static long m_move_mount(void *t, int from_dfd, const char *from, int to_dfd,
			 const char *to, unsigned int flags)
{
	return vfsim_move_mount(t, from_dfd, from, to_dfd, to, flags);
}

static long m_mount_setattr(void *t, int dfd, const char *path, unsigned int flags,
			    void *attr, size_t size)
{
	return vfsim_mount_setattr(t, dfd, path, flags, attr, size);
}

static long m_read(void *t, int fd, void *buf, size_t len)
{
	return vfsim_read(t, fd, buf, len);
}

const struct kd_ops kd_model_ops = {
	.mkdir = m_mkdir,
	.symlink = m_symlink,
	.chmod = m_chmod,
	.chown = m_chown,
	.chdir = m_chdir,
	.chroot = m_chroot,
	.open = m_open,
	.close = m_close,
	.mount = m_mount,
	.umount = m_umount,
	.mountinfo = m_mountinfo,
	.statmounts = m_statmounts,
	.open_mntns = m_open_mntns,
	.fanotify_init = m_fanotify_init,
	.fanotify_mark = m_fanotify_mark,
	.mnt_point = m_mnt_point,
	.fsopen = m_fsopen,
	.fsconfig = m_fsconfig,
	.fsmount = m_fsmount,
	.fspick = m_fspick,
	.open_tree = m_open_tree,
	.move_mount = m_move_mount,
	.mount_setattr = m_mount_setattr,
	.read = m_read,
};
