/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Kernel-side syscall implementations behind the public API. */
#ifndef _VFSIM_VFS_SYSCALLS_H
#define _VFSIM_VFS_SYSCALLS_H

#include <vfs/kernel.h>

long do_mkdirat(int dfd, const char __user *pathname, umode_t mode);
long do_symlinkat(const char __user *oldname, int newdfd, const char __user *newname);
long do_mknodat(int dfd, const char __user *filename, umode_t mode, unsigned int dev);
long do_sys_open(int dfd, const char __user *filename, int flags, umode_t mode);
long ksys_close(int fd);
long ksys_chdir(const char __user *filename);
long ksys_fchdir(int fd);
long ksys_chroot(const char __user *filename);
/* pivot_root.c */
long ksys_pivot_root(const char __user *new_root, const char __user *put_old);
long ksys_chmod(const char __user *filename, umode_t mode);
long ksys_chown(const char __user *filename, kuid_t user, kgid_t group);
long ksys_mount(const char __user *dev_name, const char __user *dir_name,
		const char __user *type, unsigned long flags, const void __user *data);
long ksys_umount(const char __user *name, int flags);
long ksys_read(unsigned int fd, char __user *buf, size_t count);
long ksys_write(unsigned int fd, const char __user *buf, size_t count);
long ksys_pread64(unsigned int fd, char __user *buf, size_t count, loff_t pos);
long ksys_pwrite64(unsigned int fd, const char __user *buf, size_t count, loff_t pos);
long ksys_lseek(unsigned int fd, loff_t offset, unsigned int whence);
/* select.c: poll(2) with a timeout of 0 */
struct pollfd;
long do_sys_poll(struct pollfd __user *ufds, unsigned int nfds);
long do_truncate(struct dentry *dentry, loff_t length);
long do_sys_truncate(const char __user *pathname, loff_t length);
long do_sys_ftruncate(unsigned int fd, loff_t length);
long ksys_fallocate(int fd, int mode, loff_t offset, loff_t len);
long do_fsync(unsigned int fd, int datasync);
struct statfs;
long user_statfs(const char __user *pathname, struct statfs __user *buf);
long fd_statfs(int fd, struct statfs __user *buf);
long ksys_ioctl(unsigned int fd, unsigned int cmd, unsigned long arg);
long do_pipe2(int __user *fildes, int flags);
struct filename;
long do_mkfile(int dfd, struct filename *name, umode_t mode);
/* proc_namespace.c: /proc/self/mountinfo of the current task */
long do_mountinfo(char __user *buf, size_t size);
/* Directories and names: vfs/unlink.c, rename.c, link.c, readlink.c,
 * readdir.c, utimes.c, access.c */
long do_rmdir(int dfd, const char __user *pathname);
long do_unlinkat(int dfd, const char __user *pathname);
long ksys_unlinkat(int dfd, const char __user *pathname, int flag);
long do_renameat2(int olddfd, const char __user *oldname, int newdfd,
		  const char __user *newname, unsigned int flags);
long do_linkat(int olddfd, const char __user *oldname, int newdfd,
	       const char __user *newname, int flags);
long do_readlinkat(int dfd, const char __user *pathname, char __user *buf, int bufsiz);
long ksys_getdents64(unsigned int fd, void __user *dirent, unsigned int count);
struct __kernel_timespec;
long do_utimensat(int dfd, const char __user *filename,
		  const struct timespec __user *utimes, int flags);
long do_faccessat(int dfd, const char __user *filename, int mode, int flags);
/* The open directories of the in-memory filesystems (vfs/readdir.c). */
extern const struct file_operations simple_dir_operations;
int dcache_dir_open(struct file *f);
loff_t dcache_dir_lseek(struct file *f, loff_t offset, int whence);
long do_mkautomount(const char __user *pathname, const char *fstype,
		    const char *source, const char *data);

#endif
