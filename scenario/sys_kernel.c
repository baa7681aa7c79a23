// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The scenario's calls on the running kernel (sys.h): each is the real
 * system call of its name, made by the task's own process (kernel.h) in
 * the private mount namespace the backend entered when it began.  The new
 * mount API, statmount/listmount and mount_setattr go by number: their
 * numbers are the same on every architecture (424 and up), and older libc
 * headers lack them.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "engine.h"
#include "kernel.h"

#define NR_open_tree 428
#define NR_move_mount 429
#define NR_fsopen 430
#define NR_fsconfig 431
#define NR_fsmount 432
#define NR_fspick 433
#define NR_mount_setattr 442
#define NR_statmount 457
#define NR_listmount 458

#define L(x) ((long)(x))

static long k_boot(void *b, const char *tree)
{
	struct scn_kernel *k = b;
	long ret;

	if (k->booted)
		return -EBUSY;
	if (strcmp(tree, "empty") != 0)
		return -EOPNOTSUPP;	/* the default tree is the model's */
	ret = scn_ktask_run(k->init, scn_ksandbox_boot, NULL);
	if (ret == 0)
		k->booted = true;
	return ret;
}

static struct scn_task *k_init_task(void *b)
{
	struct scn_kernel *k = b;

	return k->booted ? k->init : NULL;
}

struct creds {
	uid_t uid;
	gid_t gid;
};

/*
 * In the new task: drop to @arg's credentials.  Raw system calls: libc's
 * setresuid() would make every thread of the engine's process change too.
 * A uid other than 0 drops every capability, as in the model.
 */
static long set_creds(struct scn_task *t, void *arg)
{
	const struct creds *c = arg;

	if (syscall(SYS_setgroups, 0, NULL) < 0 ||
	    syscall(SYS_setresgid, c->gid, c->gid, c->gid) < 0 ||
	    syscall(SYS_setresuid, c->uid, c->uid, c->uid) < 0)
		return -errno;
	/* /proc/self stays the task's own to read */
	syscall(SYS_prctl, PR_SET_DUMPABLE, 1, 0, 0, 0);
	return 0;
}

static long k_task_create(void *b, uid_t uid, gid_t gid, struct scn_task **tp)
{
	struct scn_kernel *k = b;
	struct creds c = { uid, gid };
	struct scn_task *t;
	long ret = scn_ktask_new(k, k->init, &t);

	if (ret < 0)
		return ret;
	ret = scn_ktask_run(t, set_creds, &c);
	if (ret < 0)
		return ret;	/* it is ended with the others */
	*tp = t;
	return 0;
}

/* The kernel's own consistency is not the question here. */
static long k_check(void *b, char *why, size_t len)
{
	return 0;
}

static void k_end(void *b)
{
	struct scn_kernel *k = b;

	scn_ktask_end_all(k);
	free(k);
}

static long k_mkdir(struct scn_task *t, const char *path, mode_t mode)
{
	return SCN_KSYS(t, SYS_mkdirat, AT_FDCWD, L(path), L(mode));
}

static long k_statx(struct scn_task *t, int dfd, const char *path, int flags,
		    unsigned int mask, struct statx *buf);

/* `mkdir -p` with real mkdirat(2) calls, one per component, as mkdir(1)
 * -p makes them (api/mkdir_p.c does the same on the model). */
static long k_mkdir_p(struct scn_task *t, const char *path, mode_t mode)
{
	char buf[PATH_MAX];
	struct statx stx;
	size_t len = strlen(path);
	long err = -ENOENT;
	char *p = buf;

	if (len == 0)
		return -ENOENT;
	if (len >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, len + 1);
	for (;;) {
		char *end, c;

		while (*p == '/')
			p++;
		if (!*p)
			break;
		for (end = p; *end && *end != '/'; end++)
			;
		c = *end;
		*end = 0;
		err = k_mkdir(t, buf, mode);
		*end = c;
		if (err && err != -EEXIST)
			return err;
		p = end;
	}
	if (err != -EEXIST)
		return err;
	/* It was there: fine if it is a directory (or a link to one). */
	err = k_statx(t, AT_FDCWD, buf, 0, STATX_TYPE, &stx);
	if (err)
		return err;
	return S_ISDIR(stx.stx_mode) ? 0 : -EEXIST;
}

static long k_symlink(struct scn_task *t, const char *target, const char *path)
{
	return SCN_KSYS(t, SYS_symlinkat, L(target), AT_FDCWD, L(path));
}

static long k_mknod(struct scn_task *t, const char *path, mode_t mode, dev_t dev)
{
	return SCN_KSYS(t, SYS_mknodat, AT_FDCWD, L(path), L(mode), L(dev));
}

static long k_chmod(struct scn_task *t, const char *path, mode_t mode)
{
	return SCN_KSYS(t, SYS_fchmodat, AT_FDCWD, L(path), L(mode));
}

static long k_chown(struct scn_task *t, const char *path, uid_t uid, gid_t gid)
{
	return SCN_KSYS(t, SYS_fchownat, AT_FDCWD, L(path), L(uid), L(gid), 0);
}

static long k_chdir(struct scn_task *t, const char *path)
{
	return SCN_KSYS(t, SYS_chdir, L(path));
}

static long k_chroot(struct scn_task *t, const char *path)
{
	return SCN_KSYS(t, SYS_chroot, L(path));
}

static long k_open(struct scn_task *t, int dfd, const char *path, int flags,
		   mode_t mode)
{
	return SCN_KSYS(t, SYS_openat, dfd, L(path), flags, L(mode));
}

static long k_close(struct scn_task *t, int fd)
{
	return SCN_KSYS(t, SYS_close, fd);
}

static long k_read(struct scn_task *t, int fd, void *buf, size_t len)
{
	return SCN_KSYS(t, SYS_read, fd, L(buf), L(len));
}

struct rw {
	int fd;
	void *buf;
	size_t len;
};

/* In the task: read only what is there now; EAGAIN where it would wait. */
static long read_now(struct scn_task *t, void *arg)
{
	struct rw *r = arg;
	struct pollfd p = { .fd = r->fd, .events = POLLIN };
	long n = poll(&p, 1, 0);

	if (n < 0)
		return -errno;
	if (n == 0)
		return -EAGAIN;
	n = read(r->fd, r->buf, r->len);
	return n < 0 ? -errno : n;
}

static long k_read_nowait(struct scn_task *t, int fd, void *buf, size_t len)
{
	struct rw r = { fd, buf, len };

	return scn_ktask_run(t, read_now, &r);
}

static long k_statx(struct scn_task *t, int dfd, const char *path, int flags,
		    unsigned int mask, struct statx *buf)
{
	return SCN_KSYS(t, SYS_statx, dfd, L(path), flags, L(mask), L(buf));
}

static long k_write(struct scn_task *t, int fd, const void *buf, size_t len)
{
	return SCN_KSYS(t, SYS_write, fd, L(buf), L(len));
}

static long k_pread(struct scn_task *t, int fd, void *buf, size_t len, int64_t pos)
{
	return SCN_KSYS(t, SYS_pread64, fd, L(buf), L(len), L(pos));
}

static long k_pwrite(struct scn_task *t, int fd, const void *buf, size_t len,
		     int64_t pos)
{
	return SCN_KSYS(t, SYS_pwrite64, fd, L(buf), L(len), L(pos));
}

static int64_t k_lseek(struct scn_task *t, int fd, int64_t offset, int whence)
{
	return SCN_KSYS(t, SYS_lseek, fd, L(offset), whence);
}

static long k_truncate(struct scn_task *t, const char *path, int64_t length)
{
	return SCN_KSYS(t, SYS_truncate, L(path), L(length));
}

static long k_ftruncate(struct scn_task *t, int fd, int64_t length)
{
	return SCN_KSYS(t, SYS_ftruncate, fd, L(length));
}

static long k_fallocate(struct scn_task *t, int fd, int mode, int64_t offset,
			int64_t len)
{
	return SCN_KSYS(t, SYS_fallocate, fd, mode, L(offset), L(len));
}

static long k_fsync(struct scn_task *t, int fd, bool datasync)
{
	return SCN_KSYS(t, datasync ? SYS_fdatasync : SYS_fsync, fd);
}

static long k_statfs(struct scn_task *t, const char *path, struct statfs *buf)
{
	return SCN_KSYS(t, SYS_statfs, L(path), L(buf));
}

static long k_fstatfs(struct scn_task *t, int fd, struct statfs *buf)
{
	return SCN_KSYS(t, SYS_fstatfs, fd, L(buf));
}

static long k_poll(struct scn_task *t, struct pollfd *fds, unsigned int nfds)
{
	return SCN_KSYS(t, SYS_poll, L(fds), L(nfds), 0);
}

static long k_mount(struct scn_task *t, const char *source, const char *target,
		    const char *fstype, unsigned long flags, const char *data)
{
	return SCN_KSYS(t, SYS_mount, L(source), L(target), L(fstype), L(flags),
			L(data));
}

static long k_umount2(struct scn_task *t, const char *target, int flags)
{
	return SCN_KSYS(t, SYS_umount2, L(target), flags);
}

static long k_fsopen(struct scn_task *t, const char *fs_name, unsigned int flags)
{
	return SCN_KSYS(t, NR_fsopen, L(fs_name), L(flags));
}

static long k_fsconfig(struct scn_task *t, int fd, unsigned int cmd,
		       const char *key, const void *value, int aux)
{
	return SCN_KSYS(t, NR_fsconfig, fd, L(cmd), L(key), L(value), aux);
}

static long k_fsmount(struct scn_task *t, int fs_fd, unsigned int flags,
		      unsigned int attr)
{
	return SCN_KSYS(t, NR_fsmount, fs_fd, L(flags), L(attr));
}

static long k_fspick(struct scn_task *t, int dfd, const char *path,
		     unsigned int flags)
{
	return SCN_KSYS(t, NR_fspick, dfd, L(path), L(flags));
}

static long k_open_tree(struct scn_task *t, int dfd, const char *path,
			unsigned int flags)
{
	return SCN_KSYS(t, NR_open_tree, dfd, L(path), L(flags));
}

static long k_move_mount(struct scn_task *t, int from_dfd, const char *from,
			 int to_dfd, const char *to, unsigned int flags)
{
	return SCN_KSYS(t, NR_move_mount, from_dfd, L(from), to_dfd, L(to),
			L(flags));
}

static long k_mount_setattr(struct scn_task *t, int dfd, const char *path,
			    unsigned int flags, struct mount_attr *attr,
			    size_t size)
{
	return SCN_KSYS(t, NR_mount_setattr, dfd, L(path), L(flags), L(attr),
			L(size));
}

static long k_statmount(struct scn_task *t, const struct mnt_id_req *req,
			struct statmount *buf, size_t size, unsigned int flags)
{
	return SCN_KSYS(t, NR_statmount, L(req), L(buf), L(size), L(flags));
}

static long k_listmount(struct scn_task *t, const struct mnt_id_req *req,
			uint64_t *ids, size_t nr, unsigned int flags)
{
	return SCN_KSYS(t, NR_listmount, L(req), L(ids), L(nr), L(flags));
}

static long k_pivot_root(struct scn_task *t, const char *new_root,
			 const char *put_old)
{
	return SCN_KSYS(t, SYS_pivot_root, L(new_root), L(put_old));
}

static long k_open_mntns(struct scn_task *t, unsigned int flags)
{
	return SCN_KSYS(t, SYS_openat, t->k->procfd, L("self/ns/mnt"),
			O_RDONLY | (int)flags);
}

static long k_fanotify_init(struct scn_task *t, unsigned int flags,
			    unsigned int event_f_flags)
{
	return SCN_KSYS(t, SYS_fanotify_init, L(flags), L(event_f_flags));
}

static long k_fanotify_mark(struct scn_task *t, int fd, unsigned int flags,
			    uint64_t mask, int dfd, const char *path)
{
	return SCN_KSYS(t, SYS_fanotify_mark, fd, L(flags), (long)mask, dfd,
			L(path));
}

/* ---- tasks and mount namespaces: real processes (kernel_task.c) ---- */

static long k_task_fork(struct scn_task *parent, unsigned long flags,
			struct scn_task **child)
{
	return scn_ktask_clone(parent->k, parent, (int)flags, child);
}

static void k_task_exit(struct scn_task *t)
{
	scn_ktask_end(t->k, t);
}

static long k_unshare(struct scn_task *t, unsigned long flags)
{
	return SCN_KSYS(t, SYS_unshare, L(flags));
}

/*
 * In the task, after setns(2): the namespace's root is the sandbox's
 * base (kdiff-base, kernel_task.c), under the scenario's root on /tmp,
 * where the model's namespaces have their root.  Enter that as the
 * sandbox's boot did: the task ends with the same root and cwd as the
 * model's (the top of what is mounted at the scenario's root).
 */
static long setns_enter(struct scn_task *t, void *arg)
{
	const long *a = arg;

	if (syscall(SYS_setns, (int)a[0], (int)a[1]) < 0)
		return -errno;
	if (chdir("/tmp") < 0 || chroot(".") < 0 || chdir("/") < 0)
		return -errno;
	return 0;
}

static long k_setns(struct scn_task *t, int fd, int nstype)
{
	long a[2] = { fd, nstype };

	return scn_ktask_run(t, setns_enter, a);
}

static long k_open_task_mntns(struct scn_task *t, struct scn_task *target,
			      unsigned int flags)
{
	char path[64];

	snprintf(path, sizeof(path), "%d/ns/mnt", (int)target->pid);
	return SCN_KSYS(t, SYS_openat, t->k->procfd, L(path), O_RDONLY | (int)flags);
}

static long k_getdents64(struct scn_task *t, int fd, void *buf, size_t len)
{
	return SCN_KSYS(t, SYS_getdents64, fd, L(buf), L(len));
}

static long k_unlinkat(struct scn_task *t, const char *path, int flags)
{
	return SCN_KSYS(t, SYS_unlinkat, AT_FDCWD, L(path), flags);
}

static long k_renameat2(struct scn_task *t, const char *oldpath,
			const char *newpath, unsigned int flags)
{
	return SCN_KSYS(t, SYS_renameat2, AT_FDCWD, L(oldpath), AT_FDCWD,
			L(newpath), L(flags));
}

static long k_linkat(struct scn_task *t, const char *oldpath,
		     const char *newpath, int flags)
{
	return SCN_KSYS(t, SYS_linkat, AT_FDCWD, L(oldpath), AT_FDCWD,
			L(newpath), flags);
}

static long k_readlink(struct scn_task *t, const char *path, char *buf, size_t len)
{
	return SCN_KSYS(t, SYS_readlinkat, AT_FDCWD, L(path), L(buf), L(len));
}

static long k_utimensat(struct scn_task *t, const char *path,
			const struct timespec times[2], int flags)
{
	return SCN_KSYS(t, SYS_utimensat, AT_FDCWD, L(path), L(times), flags);
}

static long k_faccessat2(struct scn_task *t, const char *path, int mode, int flags)
{
	return SCN_KSYS(t, SYS_faccessat2, AT_FDCWD, L(path), mode, flags);
}

/* The file of /proc, opened and written by @t, as a shell's echo > would. */
static long k_userns_write(struct scn_task *t, struct scn_task *target,
			   const char *file, const char *text)
{
	char path[64];
	long fd, ret;

	snprintf(path, sizeof(path), "%d/%s", (int)target->pid, file);
	fd = SCN_KSYS(t, SYS_openat, t->k->procfd, L(path), O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return fd;
	ret = SCN_KSYS(t, SYS_write, fd, L(text), L(strlen(text)));
	SCN_KSYS(t, SYS_close, fd);
	return ret;
}

const struct scn_sys scn_sys_kernel = {
	.name = "kernel",
	.boot = k_boot,
	.init_task = k_init_task,
	.task_create = k_task_create,
	.check = k_check,
	.check_changed = k_check,
	.end = k_end,
	.mkdir = k_mkdir,
	.mkdir_p = k_mkdir_p,
	.symlink = k_symlink,
	.mknod = k_mknod,
	.chmod = k_chmod,
	.chown = k_chown,
	.chdir = k_chdir,
	.chroot = k_chroot,
	.open = k_open,
	.close = k_close,
	.read = k_read,
	.read_nowait = k_read_nowait,
	.statx = k_statx,
	.write = k_write,
	.pread = k_pread,
	.pwrite = k_pwrite,
	.lseek = k_lseek,
	.truncate = k_truncate,
	.ftruncate = k_ftruncate,
	.fallocate = k_fallocate,
	.fsync = k_fsync,
	.statfs = k_statfs,
	.fstatfs = k_fstatfs,
	.poll = k_poll,
	.mount = k_mount,
	.umount2 = k_umount2,
	.fsopen = k_fsopen,
	.fsconfig = k_fsconfig,
	.fsmount = k_fsmount,
	.fspick = k_fspick,
	.open_tree = k_open_tree,
	.move_mount = k_move_mount,
	.mount_setattr = k_mount_setattr,
	.statmount = k_statmount,
	.listmount = k_listmount,
	.pivot_root = k_pivot_root,
	.open_mntns = k_open_mntns,
	.fanotify_init = k_fanotify_init,
	.fanotify_mark = k_fanotify_mark,
	.mountinfo = scn_kmountinfo,
	.tree = scn_ktree,
	.task_fork = k_task_fork,
	.task_exit = k_task_exit,
	.unshare = k_unshare,
	.setns = k_setns,
	.open_task_mntns = k_open_task_mntns,
	.getdents64 = k_getdents64,
	.unlinkat = k_unlinkat,
	.renameat2 = k_renameat2,
	.linkat = k_linkat,
	.readlink = k_readlink,
	.utimensat = k_utimensat,
	.faccessat2 = k_faccessat2,
	.userns_write = k_userns_write,
};

/* The backend, its init task in a private mount namespace: 0, or -errno
 * with the reason in @why. */
long scn_kernel_begin(void **bp, char *why, size_t whylen)
{
	struct scn_kernel *k = calloc(1, sizeof(*k));
	long ret;

	if (!k)
		return -ENOMEM;
	k->procfd = -1;
	ret = scn_ktask_new(k, NULL, &k->init);
	if (ret < 0)
		snprintf(k->why, sizeof(k->why), "cannot start a process: %s",
			 strerror((int)-ret));
	else
		ret = scn_ktask_run(k->init, scn_ksandbox_enter, NULL);
	if (ret < 0) {
		if (why && whylen)
			snprintf(why, whylen, "%s", k->why[0] ? k->why : strerror((int)-ret));
		k_end(k);
		return ret;
	}
	*bp = k;
	return 0;
}
