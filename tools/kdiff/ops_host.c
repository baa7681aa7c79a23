// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The running kernel's side of struct kd_ops: the real system calls, made by
 * the calling process (the kernel-side runner or one of its helpers), which
 * lives in a private mount namespace (side_kernel.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ops.h"
#include "statmount.h"

static long ret(long r)
{
	return r < 0 ? -errno : r;
}

static long h_mkdir(void *t, const char *path, mode_t mode)
{
	return ret(mkdirat(AT_FDCWD, path, mode));
}

static long h_symlink(void *t, const char *target, const char *path)
{
	return ret(symlinkat(target, AT_FDCWD, path));
}

static long h_chmod(void *t, const char *path, mode_t mode)
{
	return ret(chmod(path, mode));
}

static long h_chown(void *t, const char *path, uid_t uid, gid_t gid)
{
	return ret(chown(path, uid, gid));
}

static long h_chdir(void *t, const char *path)
{
	return ret(chdir(path));
}

static long h_chroot(void *t, const char *path)
{
	return ret(chroot(path));
}

static long h_open(void *t, const char *path, int flags, mode_t mode)
{
	return ret(openat(AT_FDCWD, path, flags, mode));
}

static long h_close(void *t, int fd)
{
	return ret(close(fd));
}

static long h_mount(void *t, const char *source, const char *target,
		    const char *fstype, unsigned long flags, const char *data)
{
	return ret(mount(source, target, fstype, flags, data));
}

static long h_umount(void *t, const char *target, int flags)
{
	return ret(umount2(target, flags));
}

/*
 * Opened afresh each time, through the /proc kept from before the chroot:
 * the kernel takes the reader's root when the file is opened, so the mount
 * points come out relative to the scenario's root, as the model's do.
 */
static long h_mountinfo(void *t, struct kd_buf *out)
{
	struct kd_host *h = t;
	int fd = openat(h->procfd, "self/mountinfo", O_RDONLY | O_CLOEXEC);
	int r;

	if (fd < 0)
		return -errno;
	r = kd_buf_read_fd(out, fd);
	close(fd);
	return r;
}

/* x86_64's numbers (6.8+); Debian 12's headers predate them. */
#define KD_NR_statmount 457
#define KD_NR_listmount 458

static long h_listmount(void *t, const struct mnt_id_req *req, uint64_t *ids,
			size_t n, unsigned int flags)
{
	return ret(syscall(KD_NR_listmount, req, ids, n, flags));
}

static long h_statmount(void *t, const struct mnt_id_req *req,
			struct statmount *buf, size_t size, unsigned int flags)
{
	return ret(syscall(KD_NR_statmount, req, buf, size, flags));
}

static long h_statmounts(void *t, struct kd_buf *out)
{
	static const struct kd_statmount_calls calls = { h_listmount, h_statmount };

	return kd_statmount_dump(&calls, t, out);
}

static void h_mnt_point(void *t, uint64_t id, char *buf, size_t len)
{
	static const struct kd_statmount_calls calls = { h_listmount, h_statmount };

	kd_statmount_point(&calls, t, id, buf, len);
}

/*
 * fanotify mount events: /proc/self/ns/mnt through the /proc opened before
 * the chroot, and fanotify_init/fanotify_mark by their x86_64 numbers
 * (300, 301) for glibc's wrappers' sake: the constants of 6.15 are
 * <vfsim/uapi/linux/fanotify.h>'s.
 */
static long h_open_mntns(void *t, unsigned int flags)
{
	const struct kd_host *h = t;

	return ret(openat(h->procfd, "self/ns/mnt", O_RDONLY | (int)flags));
}

static long h_fanotify_init(void *t, unsigned int flags, unsigned int event_f_flags)
{
	return ret(syscall(300, flags, event_f_flags));
}

static long h_fanotify_mark(void *t, int fd, unsigned int flags, uint64_t mask,
			    int dfd, const char *path)
{
	return ret(syscall(301, fd, flags, mask, dfd, path));
}

/*
 * The new mount API through syscall(2): glibc 2.36 has wrappers for only
 * some of them, and the x86_64 numbers are the ABI (428-433, 442).
 */
static long h_fsopen(void *t, const char *fs_name, unsigned int flags)
{
	return ret(syscall(430, fs_name, flags));
}

static long h_fsconfig(void *t, int fd, unsigned int cmd, const char *key,
		       const void *value, int aux)
{
	return ret(syscall(431, fd, cmd, key, value, aux));
}

static long h_fsmount(void *t, int fs_fd, unsigned int flags, unsigned int attr)
{
	return ret(syscall(432, fs_fd, flags, attr));
}

static long h_fspick(void *t, int dfd, const char *path, unsigned int flags)
{
	return ret(syscall(433, dfd, path, flags));
}

static long h_open_tree(void *t, int dfd, const char *path, unsigned int flags)
{
	return ret(syscall(428, dfd, path, flags));
}

static long h_move_mount(void *t, int from_dfd, const char *from, int to_dfd,
			 const char *to, unsigned int flags)
{
	return ret(syscall(429, from_dfd, from, to_dfd, to, flags));
}

static long h_mount_setattr(void *t, int dfd, const char *path, unsigned int flags,
			    void *attr, size_t size)
{
	return ret(syscall(442, dfd, path, flags, attr, size));
}

static long h_read(void *t, int fd, void *buf, size_t len)
{
	return ret(read(fd, buf, len));
}

const struct kd_ops kd_host_ops = {
	.mkdir = h_mkdir,
	.symlink = h_symlink,
	.chmod = h_chmod,
	.chown = h_chown,
	.chdir = h_chdir,
	.chroot = h_chroot,
	.open = h_open,
	.close = h_close,
	.mount = h_mount,
	.umount = h_umount,
	.mountinfo = h_mountinfo,
	.statmounts = h_statmounts,
	.open_mntns = h_open_mntns,
	.fanotify_init = h_fanotify_init,
	.fanotify_mark = h_fanotify_mark,
	.mnt_point = h_mnt_point,
	.fsopen = h_fsopen,
	.fsconfig = h_fsconfig,
	.fsmount = h_fsmount,
	.fspick = h_fspick,
	.open_tree = h_open_tree,
	.move_mount = h_move_mount,
	.mount_setattr = h_mount_setattr,
	.read = h_read,
};
