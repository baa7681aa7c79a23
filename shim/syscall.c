// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * syscall(): the patch set's calls go to the model; pipe2, read, write,
 * close, ioctl, open and openat made through syscall() follow the same
 * rules as the libc functions; so do the successors' calls (the new mount
 * API, always the model's; statmount and listmount, always the model's;
 * statx by the path rule; unlinkat, renameat2, linkat, readlinkat and
 * getdents64 by the path or fd rule, a rename or link is routed when both
 * paths are the model's); every other number is libc's syscall(), given
 * six arguments as the kernel always receives six registers.
 *
 * The numbers are x86_64's 439..441, which later kernels gave to
 * faccessat2, process_madvise and epoll_pwait2: a program calling those
 * through syscall() reaches the model instead (docs/shim.md).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <sys/syscall.h>

#include <vfsim/uapi/linux/watch_queue.h>

#include "internal.h"

static long sys_openat(int dfd, const char *path, int flags, mode_t mode,
		       const long a[6], long nr)
{
	bool routed;
	long fd;
	int mfd;

	if (dfd == AT_FDCWD && shim_mountinfo_open(path, flags, &mfd))
		return mfd;
	if (dfd == AT_FDCWD && shim_mntns_open(path, flags, &mfd))
		return mfd;
	fd = shim_model_openat(dfd, path, flags, mode, &routed);
	if (routed)
		return fd;
	return shim_real()->syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* statmount(2) and listmount(2) (Linux 6.8): x86_64's numbers, which
 * Debian 12's headers (6.1) do not have. */
#ifndef SYS_statmount
#define SYS_statmount 457
#endif
#ifndef SYS_listmount
#define SYS_listmount 458
#endif

/* The new mount API: always the model's, never the host's (ENOSYS from
 * inside the model).  True if @nr is one, its result in *@ret. */
static bool route_mount_api(long nr, const long a[6], long *ret)
{
	switch (nr) {
	case SYS_fsopen:
	case SYS_fsconfig:
	case SYS_fsmount:
	case SYS_fspick:
	case SYS_open_tree:
	case SYS_move_mount:
	case SYS_mount_setattr:
		if (!shim_passthrough())
			break;
		errno = ENOSYS;
		*ret = -1;
		return true;
	default:
		return false;
	}
	switch (nr) {
	case SYS_fsopen:
		*ret = shim_model_fsopen((const char *)a[0], (unsigned int)a[1]);
		break;
	case SYS_fsconfig:
		*ret = shim_model_fsconfig((int)a[0], (unsigned int)a[1],
					   (const char *)a[2], (const void *)a[3],
					   (int)a[4]);
		break;
	case SYS_fsmount:
		*ret = shim_model_fsmount((int)a[0], (unsigned int)a[1],
					  (unsigned int)a[2]);
		break;
	case SYS_fspick:
		*ret = shim_model_fspick((int)a[0], (const char *)a[1],
					 (unsigned int)a[2]);
		break;
	case SYS_open_tree:
		*ret = shim_model_open_tree((int)a[0], (const char *)a[1],
					    (unsigned int)a[2]);
		break;
	case SYS_move_mount:
		*ret = shim_model_move_mount((int)a[0], (const char *)a[1], (int)a[2],
					     (const char *)a[3], (unsigned int)a[4]);
		break;
	case SYS_mount_setattr:
		*ret = shim_model_mount_setattr((int)a[0], (const char *)a[1],
						(unsigned int)a[2],
						(struct mount_attr *)a[3], (size_t)a[4]);
		break;
	}
	return true;
}

/* mount(2), umount2(2) and pivot_root(2): always the model's. */
static bool is_mount_call(long nr)
{
	return nr == SYS_mount || nr == SYS_umount2 || nr == SYS_pivot_root;
}

static long route_mount(long nr, const long a[6])
{
	if (nr == SYS_mount)
		return shim_model_mount((const char *)a[0], (const char *)a[1],
					(const char *)a[2], (unsigned long)a[3],
					(const void *)a[4]);
	if (nr == SYS_pivot_root)
		return shim_model_pivot_root((const char *)a[0], (const char *)a[1]);
	return shim_model_umount2((const char *)a[0], (int)a[1]);
}

/*
 * Six arguments are read whatever the caller passed, as glibc's assembly
 * syscall() reads six registers' worth.  On x86_64 the sixth is the first
 * slot of the caller's stack arguments, which AddressSanitizer (clang's)
 * reports as an underflow when the caller passed fewer: not instrumented.
 */
SHIM_EXPORT __attribute__((no_sanitize("address"))) long syscall(long nr, ...)
{
	long a[6], ret;
	va_list ap;
	int i;

	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);

	if (is_mount_call(nr) && shim_passthrough()) {
		errno = ENOSYS;
		return -1;
	}
	if (is_mount_call(nr))
		return route_mount(nr, a);
	if (nr == SYS_fanotify_init)
		return shim_model_fanotify_init((unsigned int)a[0], (unsigned int)a[1]);
	if (nr == SYS_fanotify_mark)
		return shim_model_fanotify_mark((int)a[0], (unsigned int)a[1],
						(uint64_t)a[2], (int)a[3],
						(const char *)a[4]);
	if (route_mount_api(nr, a, &ret))
		return ret;
	if (shim_passthrough())
		goto host;
	if (shim_key_syscall(nr, a, &ret))
		return ret;
	switch (nr) {
	case __NR_fsinfo:
		return shim_fsinfo((int)a[0], (const char *)a[1],
				   (const void *)a[2], (void *)a[3], (size_t)a[4]);
	case __NR_watch_mount:
	case __NR_watch_sb:
		return shim_watch(nr == __NR_watch_sb, (int)a[0],
				  (const char *)a[1], (unsigned int)a[2],
				  (int)a[3], (int)a[4]);
	case SYS_pipe2:
		if ((int)a[1] & O_NOTIFICATION_PIPE)
			return shim_model_pipe2((int *)a[0], (int)a[1]);
		break;
	case SYS_read:
		if (shim_is_model_fd((int)a[0])) {
			shim_read_gate((int)a[0]);
			return shim_model_read((int)a[0], (void *)a[1], (size_t)a[2]);
		}
		break;
	case SYS_write:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_write((int)a[0], (const void *)a[1],
						(size_t)a[2]);
		break;
	case SYS_close:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_close((int)a[0]);
		break;
	case SYS_ioctl:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_ioctl((int)a[0], (unsigned long)a[1],
						(unsigned long)a[2]);
		break;
	case SYS_chdir:
		if (shim_path_is_model(AT_FDCWD, (const char *)a[0]))
			return shim_model_chdir((const char *)a[0]);
		break;
	case SYS_fchdir:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_fchdir((int)a[0]);
		break;
	case SYS_chroot:
		if (shim_path_is_model(AT_FDCWD, (const char *)a[0]))
			return shim_model_chroot((const char *)a[0]);
		break;
#ifdef SYS_mkdir
	case SYS_mkdir:
		if (shim_path_is_model(AT_FDCWD, (const char *)a[0]))
			return shim_model_mkdirat(AT_FDCWD, (const char *)a[0],
						  (mode_t)a[1]);
		break;
#endif
	case SYS_mkdirat:
		if (shim_path_is_model((int)a[0], (const char *)a[1]))
			return shim_model_mkdirat((int)a[0], (const char *)a[1],
						  (mode_t)a[2]);
		break;
#ifdef SYS_symlink
	case SYS_symlink:
		if (shim_path_is_model(AT_FDCWD, (const char *)a[1]))
			return shim_model_symlinkat((const char *)a[0], AT_FDCWD,
						    (const char *)a[1]);
		break;
#endif
	case SYS_symlinkat:
		if (shim_path_is_model((int)a[1], (const char *)a[2]))
			return shim_model_symlinkat((const char *)a[0], (int)a[1],
						    (const char *)a[2]);
		break;
	case SYS_unlinkat:
		if (shim_unlink_is_model((int)a[0], (const char *)a[1], (int)a[2]))
			return shim_model_unlinkat((int)a[0], (const char *)a[1], (int)a[2]);
		break;
	case SYS_renameat2:
		if (shim_name_is_model((int)a[0], (const char *)a[1]) &&
		    shim_name_is_model((int)a[2], (const char *)a[3]))
			return shim_model_renameat2((int)a[0], (const char *)a[1], (int)a[2],
						    (const char *)a[3], (unsigned int)a[4]);
		break;
	case SYS_linkat:
		if (shim_name_is_model((int)a[0], (const char *)a[1]) &&
		    shim_name_is_model((int)a[2], (const char *)a[3]))
			return shim_model_linkat((int)a[0], (const char *)a[1], (int)a[2],
						 (const char *)a[3], (int)a[4]);
		break;
	case SYS_readlinkat:
		if (shim_name_is_model((int)a[0], (const char *)a[1]))
			return shim_model_readlinkat((int)a[0], (const char *)a[1],
						     (char *)a[2], (size_t)a[3]);
		break;
	case SYS_getdents64:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_getdents64((int)a[0], (void *)a[1], (size_t)a[2]);
		break;
#ifdef SYS_mknod
	case SYS_mknod:
		if (shim_path_is_model(AT_FDCWD, (const char *)a[0]))
			return shim_model_mknodat(AT_FDCWD, (const char *)a[0],
						  (mode_t)a[1], (unsigned int)a[2]);
		break;
#endif
	case SYS_mknodat:
		if (shim_path_is_model((int)a[0], (const char *)a[1]))
			return shim_model_mknodat((int)a[0], (const char *)a[1],
						  (mode_t)a[2], (unsigned int)a[3]);
		break;
	case SYS_statfs:
		if (shim_path_is_model(AT_FDCWD, (const char *)a[0]))
			return shim_model_statfs(AT_FDCWD, (const char *)a[0],
						 (struct statfs *)a[1]);
		break;
	case SYS_statmount:
		return shim_model_statmount((const struct mnt_id_req *)a[0],
					    (struct statmount *)a[1], (size_t)a[2],
					    (unsigned int)a[3]);
	case SYS_listmount:
		return shim_model_listmount((const struct mnt_id_req *)a[0],
					    (uint64_t *)a[1], (size_t)a[2],
					    (unsigned int)a[3]);
	case SYS_statx:
		if (shim_path_is_model((int)a[0], (const char *)a[1]))
			return shim_model_statx((int)a[0], (const char *)a[1], (int)a[2],
						(unsigned int)a[3], (struct statx *)a[4]);
		break;
	case SYS_fstatfs:
		if (shim_is_model_fd((int)a[0]))
			return shim_model_statfs((int)a[0], NULL,
						 (struct statfs *)a[1]);
		break;
#ifdef SYS_open
	case SYS_open:
		return sys_openat(AT_FDCWD, (const char *)a[0], (int)a[1],
				  (mode_t)a[2], a, nr);
#endif
	case SYS_openat:
		return sys_openat((int)a[0], (const char *)a[1], (int)a[2],
				  (mode_t)a[3], a, nr);
	}
host:
	return shim_real()->syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}
