// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mount calls never reach the host (docs/shim.md, "Mounts"): mount(),
 * umount(), umount2() and their syscall() forms act on the model;
 * chdir(), fchdir(), chroot(), mkdir(), symlink(), mknod(), statfs() and fstatfs()
 * on model paths and fds too, while host paths (VFSIM_SHIM_HOST_PATHS'
 * default list) and relative paths from a host working directory stay
 * the host's; pivot_root() is the model's, and so is the new mount API
 * (shim_successors.c tests it).  With
 * argument "mountinfo" (run with VFSIM_SHIM_MOUNTINFO=model), the
 * process's mountinfo file is the model's.
 *
 * tests/shim/private_ns.sh runs this program as root in a private mount
 * namespace and checks that the namespace's mounts did not change.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <vfsim/vfsim.h>

#include "shim_check.h"

#define TMPFS_MAGIC 0x01021994

/* The model's mount ID at @path, or -errno. */
static long model_mnt_id(const char *path)
{
	return vfsim_path_mnt_id(vfsim_shim_task(), path);
}

static void mounts(void)
{
	long before = model_mnt_id("/mnt");

	CHECK(before > 0);
	CHECK(mount("shimsrc", "/mnt", "tmpfs", 0, "size=1m") == 0);
	CHECK(model_mnt_id("/mnt") > before);
	CHECK(mkdir("/mnt/a", 0755) == 0);
	CHECK(mkdir("/mnt/b", 0755) == 0);
	CHECK(mount("/mnt/a", "/mnt/b", NULL, MS_BIND, NULL) == 0);
	CHECK(mount(NULL, "/mnt/b", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) == 0);
	CHECK_ERR(mkdir("/mnt/b/x", 0755), EROFS);
	CHECK(umount2("/mnt/b", 0) == 0);
	CHECK(syscall(SYS_mount, "/mnt/a", "/mnt/b", NULL, MS_BIND, NULL) == 0);
	CHECK(syscall(SYS_umount2, "/mnt/b", MNT_DETACH) == 0);
	CHECK(umount("/mnt") == 0);
	CHECK(model_mnt_id("/mnt") == before);
	CHECK_ERR(umount("/mnt"), EINVAL);
	/* The model's errors, not the host's: no such directory there. */
	CHECK_ERR(mount("none", "/no/such", "tmpfs", 0, NULL), ENOENT);
	CHECK_ERR(mount("none", "/mnt", "nosuchfs", 0, NULL), ENODEV);
}

/* glibc declares none; the shim defines one. */
int pivot_root(const char *new_root, const char *put_old);

/*
 * pivot_root() is the model's: /mnt is on the root's mount (EBUSY), a
 * missing path the model's ENOENT, a put_old outside new_root EINVAL; a
 * tmpfs on /mnt becomes the root and the old root goes on /mnt/old, then
 * the same back again, which leaves the model as it was.
 */
static void pivot(void)
{
	long root = model_mnt_id("/");

	CHECK_ERR(syscall(SYS_pivot_root, "/mnt", "/mnt"), EBUSY);
	CHECK_ERR(pivot_root("/mnt", "/mnt"), EBUSY);
	CHECK_ERR(pivot_root("/no/such", "/mnt"), ENOENT);
	CHECK(mount("pivot", "/mnt", "tmpfs", 0, NULL) == 0);
	CHECK_ERR(pivot_root("/mnt", "/tmp"), EINVAL);
	CHECK(mkdir("/mnt/old", 0755) == 0);
	CHECK(pivot_root("/mnt", "/mnt/old") == 0);
	CHECK(model_mnt_id("/old") == root);
	CHECK(syscall(SYS_pivot_root, "/old", "/old/mnt") == 0);
	CHECK(model_mnt_id("/") == root);
	CHECK(umount("/mnt") == 0);
}

/* The new mount API is the model's (ENODEV, EBADF, EINVAL below are its
 * answers: none of it reaches the host). */
static void not_implemented(void)
{
	int fd;

	CHECK_ERR(syscall(SYS_fsopen, "nosuchfs", 0), ENODEV);
	CHECK_ERR(syscall(SYS_fsconfig, 3, FSCONFIG_CMD_CREATE, NULL, NULL, 0), EBADF);
	CHECK_ERR(syscall(SYS_fsmount, 3, 0, 0), EBADF);
	CHECK_ERR(syscall(SYS_fspick, AT_FDCWD, "/no/such", 0), ENOENT);
	CHECK_ERR(syscall(SYS_move_mount, AT_FDCWD, "/mnt", AT_FDCWD, "/tmp", 0), EINVAL);
	CHECK_ERR(syscall(SYS_open_tree, AT_FDCWD, "/no/such", 0), ENOENT);
	CHECK_ERR(syscall(SYS_mount_setattr, AT_FDCWD, "/", 0, NULL, 0), EINVAL);
	CHECK_ERR(fsopen("nosuchfs", 0), ENODEV);
	CHECK_ERR(fsconfig(3, FSCONFIG_CMD_CREATE, NULL, NULL, 0), EBADF);
	CHECK_ERR(fsmount(3, 0, 0), EBADF);
	CHECK_ERR(fspick(AT_FDCWD, "/no/such", 0), ENOENT);
	CHECK_ERR(move_mount(AT_FDCWD, "/mnt", AT_FDCWD, "/tmp", 0), EINVAL);
	CHECK_ERR(open_tree(AT_FDCWD, "/no/such", 0), ENOENT);
	CHECK_ERR(mount_setattr(AT_FDCWD, "/", 0, NULL, 0), EINVAL);
	fd = open_tree(AT_FDCWD, "/tmp", OPEN_TREE_CLONE);
	CHECK(fd >= VFSIM_SHIM_FD_BASE);
	CHECK(close(fd) == 0);
}

static void dirs_and_links(void)
{
	struct vfsim_task *t = vfsim_shim_task();
	char host_cwd[4096], buf[64];
	int host_dir, dfd;

	CHECK(getcwd(host_cwd, sizeof(host_cwd)) != NULL);
	host_dir = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	/* "." goes to the model under the open rule: that is a model fd. */
	CHECK(host_dir >= VFSIM_SHIM_FD_BASE);
	CHECK(close(host_dir) == 0);
	host_dir = open(host_cwd, O_RDONLY);	/* a host fd: no O_DIRECTORY */
	CHECK(host_dir >= 0 && host_dir < VFSIM_SHIM_FD_BASE);

	/* Absolute paths outside the host prefixes are the model's. */
	CHECK(mkdir("/home/shim", 0700) == 0);
	CHECK_ERR(mkdir("/home/shim", 0700), EEXIST);
	CHECK(syscall(SYS_mkdir, "/home/shim/s", 0700) == 0);
	CHECK(mkdirat(AT_FDCWD, "/home/shim/d", 0700) == 0);
	CHECK(symlink("/home/shim/d", "/home/shim/l") == 0);
	CHECK(syscall(SYS_symlinkat, "d", AT_FDCWD, "/home/shim/l2") == 0);
	CHECK(vfsim_path_mnt_id(t, "/home/shim/l") == vfsim_path_mnt_id(t, "/home"));
	dfd = open("/home/shim", O_PATH);
	CHECK(dfd >= VFSIM_SHIM_FD_BASE);
	CHECK(mkdirat(dfd, "e", 0700) == 0);
	CHECK(syscall(SYS_mkdirat, dfd, "f", 0700) == 0);
	CHECK(symlinkat("e", dfd, "l3") == 0);
	CHECK(vfsim_openat(t, AT_FDCWD, "/home/shim/e", O_PATH, 0) >= 0);
	/* mknod: the model's nodes, its errors (/home is nodev: the node is
	 * made, and does not open) */
	CHECK(mknod("/home/shim/null", S_IFCHR | 0666, makedev(1, 3)) == 0);
	CHECK_ERR(mknod("/home/shim/null", S_IFCHR | 0666, makedev(1, 3)), EEXIST);
	CHECK_ERR(mknod("/home/shim/d2", S_IFDIR | 0755, 0), EPERM);
	CHECK(mknodat(dfd, "fifo", S_IFIFO | 0600, 0) == 0);
	CHECK(syscall(SYS_mknodat, dfd, "sock", S_IFSOCK | 0600, 0) == 0);
	CHECK(syscall(SYS_mknod, "/tmp/shim-zero", S_IFCHR | 0666, makedev(1, 5)) == 0);
	CHECK(vfsim_openat(t, AT_FDCWD, "/home/shim/null", O_RDONLY, 0) == -EACCES);
	CHECK(vfsim_openat(t, AT_FDCWD, "/home/shim/fifo", O_PATH, 0) >= 0);

	/* A model working directory: relative paths follow it. */
	CHECK(chdir("/home/shim") == 0);
	CHECK(mkdir("rel", 0700) == 0);
	CHECK(symlink("rel", "rel-link") == 0);
	CHECK(vfsim_openat(t, AT_FDCWD, "/home/shim/rel", O_PATH, 0) >= 0);
	CHECK(syscall(SYS_chdir, "/tmp") == 0);
	CHECK(mkdir("in-tmp", 0700) == 0);
	CHECK(vfsim_openat(t, AT_FDCWD, "/tmp/in-tmp", O_PATH, 0) >= 0);
	CHECK(fchdir(dfd) == 0);
	CHECK(syscall(SYS_fchdir, dfd) == 0);
	CHECK(mkdir("g", 0700) == 0);
	CHECK(vfsim_openat(t, AT_FDCWD, "/home/shim/g", O_PATH, 0) >= 0);
	CHECK_ERR(chdir("/home/shim/nope"), ENOENT);
	/* The host's working directory never moved. */
	CHECK(getcwd(buf, sizeof(buf)) != NULL || errno == ERANGE);

	/* Back on the host: relative paths are the host's again. */
	CHECK(fchdir(host_dir) == 0);
	CHECK(mkdir("shim_mounts.dir", 0700) == 0);
	CHECK(access("shim_mounts.dir", F_OK) == 0);
	CHECK(rmdir("shim_mounts.dir") == 0);
	CHECK(chdir("/usr") == 0);	/* a host prefix */
	CHECK(getcwd(buf, sizeof(buf)) != NULL && strcmp(buf, "/usr") == 0);
	/* The directory the test runs in is no host prefix: chdir() to it
	 * by name would go to the model. */
	CHECK_ERR(chdir(host_cwd), ENOENT);
	CHECK(fchdir(host_dir) == 0);
	CHECK(getcwd(buf, sizeof(buf)) == NULL || strcmp(buf, "/usr") != 0);
	CHECK_ERR(mkdir("/etc", 0700), EEXIST);	/* the host's /etc */
	CHECK_ERR(mkdir("/usr/no/such", 0700), ENOENT);
	CHECK_ERR(chroot("/usr/no/such"), ENOENT);
	CHECK_ERR(syscall(SYS_chroot, "/usr/no/such"), ENOENT);

	/* chroot into the model: its "/" is /home/shim from now on. */
	CHECK(chroot("/home/shim") == 0);
	CHECK(vfsim_openat(t, AT_FDCWD, "/rel", O_PATH, 0) >= 0);
	CHECK(syscall(SYS_chroot, "/rel") == 0);
	CHECK(close(dfd) == 0);
	CHECK(close(host_dir) == 0);
}

static void statfs_calls(void)
{
	struct statfs sf;
	struct statfs64 sf64;
	int fd;

	CHECK(statfs("/tmp", &sf) == 0);
	CHECK(sf.f_type == TMPFS_MAGIC);
	CHECK(sf.f_bsize > 0 && sf.f_namelen > 0);
	CHECK(sf.f_flags & 0x20);	/* ST_VALID */
	CHECK(syscall(SYS_statfs, "/tmp", &sf) == 0 && sf.f_type == TMPFS_MAGIC);
	CHECK(statfs64("/tmp", &sf64) == 0 && sf64.f_type == TMPFS_MAGIC);
	fd = open("/tmp", O_PATH);
	CHECK(fd >= VFSIM_SHIM_FD_BASE);
	CHECK(fstatfs(fd, &sf) == 0 && sf.f_type == TMPFS_MAGIC);
	CHECK(fstatfs64(fd, &sf64) == 0 && sf64.f_type == TMPFS_MAGIC);
	CHECK(syscall(SYS_fstatfs, fd, &sf) == 0 && sf.f_type == TMPFS_MAGIC);
	CHECK(close(fd) == 0);
	CHECK_ERR(statfs("/no/such", &sf), ENOENT);
	CHECK_ERR(fstatfs(fd, &sf), EBADF);
	/* A read-only mount says so. */
	CHECK(mount("ro", "/mnt", "tmpfs", MS_RDONLY, NULL) == 0);
	CHECK(statfs("/mnt", &sf) == 0 && (sf.f_flags & ST_RDONLY));
	CHECK(umount("/mnt") == 0);
	/* Host paths and fds are the host's. */
	CHECK(statfs("/proc/self", &sf) == 0 && sf.f_type == 0x9fa0);	/* PROC */
	fd = open("/usr", O_RDONLY);
	CHECK(fd >= 0 && fd < VFSIM_SHIM_FD_BASE);
	CHECK(fstatfs(fd, &sf) == 0);
	CHECK(fstatfs64(fd, &sf64) == 0);
	CHECK(statfs64("/usr", &sf64) == 0);
	CHECK(close(fd) == 0);
}

/* @path, if it can be read, is not the model's mountinfo. */
static void host_file(const char *path)
{
	char got[8192];
	size_t n;
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	n = fread(got, 1, sizeof(got) - 1, f);
	got[n] = '\0';
	CHECK(strstr(got, " - tmpfs shown ") == NULL);
	CHECK(fclose(f) == 0);
}

/* With VFSIM_SHIM_MOUNTINFO=model: the file is vfsim_mountinfo()'s text,
 * through open(), openat(), fopen() and syscall(). */
static void mountinfo(void)
{
	struct vfsim_task *t = vfsim_shim_task();
	char expect[8192], got[8192], own[64];
	long len = vfsim_mountinfo(t, expect, sizeof(expect));
	ssize_t n;
	FILE *f;
	int fd;

	CHECK(len > 0 && (size_t)len < sizeof(expect));
	fd = open("/proc/self/mountinfo", O_RDONLY);
	CHECK(fd >= 0 && fd < VFSIM_SHIM_FD_BASE);
	n = read(fd, got, sizeof(got));
	CHECK(n == len && memcmp(got, expect, (size_t)len) == 0);
	CHECK(close(fd) == 0);
	snprintf(own, sizeof(own), "/proc/%d/mountinfo", (int)getpid());
	fd = openat(AT_FDCWD, own, O_RDONLY | O_CLOEXEC);
	CHECK(fd >= 0 && read(fd, got, sizeof(got)) == len);
	CHECK(close(fd) == 0);
	fd = (int)syscall(SYS_openat, AT_FDCWD, "/proc/thread-self/mountinfo", O_RDONLY);
	CHECK(fd >= 0 && read(fd, got, sizeof(got)) == len);
	CHECK(close(fd) == 0);
	f = fopen("/proc/self/mountinfo", "re");
	CHECK(f != NULL);
	n = (ssize_t)fread(got, 1, sizeof(got), f);
	CHECK(n == len && memcmp(got, expect, (size_t)len) == 0);
	CHECK(fclose(f) == 0);
	/* A mount shows at the next open. */
	CHECK(mount("shown", "/mnt", "tmpfs", 0, NULL) == 0);
	f = fopen64("/proc/self/mountinfo", "r");
	CHECK(f != NULL);
	n = (ssize_t)fread(got, 1, sizeof(got) - 1, f);
	got[n] = '\0';
	CHECK(strstr(got, " /mnt ") != NULL && strstr(got, " - tmpfs shown ") != NULL);
	CHECK(fclose(f) == 0);
	/* Opened for writing, or another process's: the host's file. */
	fd = open("/proc/self/mountinfo", O_RDWR);
	if (fd >= 0) {
		CHECK(fd < VFSIM_SHIM_FD_BASE);
		CHECK(close(fd) == 0);
	}
	f = fopen("/proc/self/mountinfo", "r+");
	if (f)
		CHECK(fclose(f) == 0);
	host_file("/proc/1/mountinfo");
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "mountinfo") == 0) {
		mountinfo();
		CHECKS_DONE("shim.mounts.mountinfo");
	}
	mounts();
	pivot();
	not_implemented();
	statfs_calls();
	dirs_and_links();
	CHECKS_DONE("shim.mounts");
}
