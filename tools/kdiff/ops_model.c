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
};
