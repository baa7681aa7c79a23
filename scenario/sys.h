/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The calls the scenario language makes, as one table (struct scn_sys)
 * with one implementation per backend: the model's (sys_model.c, the
 * public vfsim_*() calls) and the running kernel's (sys_kernel.c, real
 * system calls in a private mount namespace).  The verbs parse a line
 * once and make their calls through the table of the run's backend, so
 * a line means the same thing, and makes the same calls, on both.
 *
 * A task (struct scn_task) is the backend's: on the model it is the
 * struct vfsim_task itself; on the kernel, a process of the sandbox.
 * Every call of a task returns >= 0 or a negative errno.
 *
 * A member may be NULL: the backend cannot make that call.  Verbs whose
 * calls the kernel has no counterpart of (fsinfo, watches, quirks, test
 * objects, the simulated network filesystems...) are marked
 * SCN_VERB_MODEL in their tables and refused on the kernel before the
 * line runs (scn_dispatch()); they reach the model through
 * scn_model_task() and scn_model().
 */
#ifndef VFSIM_SCENARIO_SYS_H
#define VFSIM_SCENARIO_SYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <vfsim/vfsim.h>

struct scn_task;	/* the backend's task */
struct statx;
struct statfs;
struct pollfd;
struct mnt_id_req;
struct statmount;
struct mount_attr;
struct timespec;

struct scn_sys {
	const char *name;		/* "model", "kernel" */

	/* ---- the backend (@b: its state) ---- */
	/* `boot TREE`: 0 or -errno. */
	long (*boot)(void *b, const char *tree);
	/* The init task (uid 0, all capabilities); NULL before boot. */
	struct scn_task *(*init_task)(void *b);
	/* A task with these credentials, as if forked from init now. */
	long (*task_create)(void *b, uid_t uid, gid_t gid, struct scn_task **t);
	/* `check`: the backend's own consistency, 0 or -EUCLEAN (@why). */
	long (*check)(void *b, char *why, size_t len);
	/* `--check` after a line: the same at the cost of what changed
	 * (vfsim_check_changed()); the run ends with a full check. */
	long (*check_changed)(void *b, char *why, size_t len);
	/* Free the backend's state; its tasks end. */
	void (*end)(void *b);

	/* ---- files and directories ---- */
	long (*mkdir)(struct scn_task *t, const char *path, mode_t mode);
	/* `mkdir -p`: @path and each missing directory above it; 0 if it is
	 * a directory at the end (vfsim_mkdir_p()'s contract). */
	long (*mkdir_p)(struct scn_task *t, const char *path, mode_t mode);
	long (*symlink)(struct scn_task *t, const char *target, const char *path);
	/* mknodat(2); @dev as makedev() makes it. */
	long (*mknod)(struct scn_task *t, const char *path, mode_t mode, dev_t dev);
	long (*chmod)(struct scn_task *t, const char *path, mode_t mode);
	long (*chown)(struct scn_task *t, const char *path, uid_t uid, gid_t gid);
	long (*chdir)(struct scn_task *t, const char *path);
	long (*chroot)(struct scn_task *t, const char *path);
	long (*open)(struct scn_task *t, int dfd, const char *path, int flags,
		     mode_t mode);
	long (*close)(struct scn_task *t, int fd);
	long (*read)(struct scn_task *t, int fd, void *buf, size_t len);
	/* A read that never sleeps: what would block returns an error
	 * instead (the model: -ERESTARTSYS, as a pending signal makes it). */
	long (*read_nowait)(struct scn_task *t, int fd, void *buf, size_t len);
	long (*statx)(struct scn_task *t, int dfd, const char *path, int flags,
		      unsigned int mask, struct statx *buf);

	/* ---- file data, filesystems' space, poll (verbs_file.c) ---- */
	long (*write)(struct scn_task *t, int fd, const void *buf, size_t len);
	long (*pread)(struct scn_task *t, int fd, void *buf, size_t len, int64_t pos);
	long (*pwrite)(struct scn_task *t, int fd, const void *buf, size_t len,
		       int64_t pos);
	int64_t (*lseek)(struct scn_task *t, int fd, int64_t offset, int whence);
	long (*truncate)(struct scn_task *t, const char *path, int64_t length);
	long (*ftruncate)(struct scn_task *t, int fd, int64_t length);
	long (*fallocate)(struct scn_task *t, int fd, int mode, int64_t offset,
			  int64_t len);
	long (*fsync)(struct scn_task *t, int fd, bool datasync);
	long (*statfs)(struct scn_task *t, const char *path, struct statfs *buf);
	long (*fstatfs)(struct scn_task *t, int fd, struct statfs *buf);
	/* poll(2) with a timeout of 0 */
	long (*poll)(struct scn_task *t, struct pollfd *fds, unsigned int nfds);

	/* ---- mounts ---- */
	long (*mount)(struct scn_task *t, const char *source, const char *target,
		      const char *fstype, unsigned long flags, const char *data);
	long (*umount2)(struct scn_task *t, const char *target, int flags);
	long (*fsopen)(struct scn_task *t, const char *fs_name, unsigned int flags);
	long (*fsconfig)(struct scn_task *t, int fd, unsigned int cmd,
			 const char *key, const void *value, int aux);
	long (*fsmount)(struct scn_task *t, int fs_fd, unsigned int flags,
			unsigned int attr);
	long (*fspick)(struct scn_task *t, int dfd, const char *path,
		       unsigned int flags);
	long (*open_tree)(struct scn_task *t, int dfd, const char *path,
			  unsigned int flags);
	long (*move_mount)(struct scn_task *t, int from_dfd, const char *from,
			   int to_dfd, const char *to, unsigned int flags);
	long (*mount_setattr)(struct scn_task *t, int dfd, const char *path,
			      unsigned int flags, struct mount_attr *attr,
			      size_t size);
	long (*statmount)(struct scn_task *t, const struct mnt_id_req *req,
			  struct statmount *buf, size_t size, unsigned int flags);
	long (*listmount)(struct scn_task *t, const struct mnt_id_req *req,
			  uint64_t *ids, size_t nr, unsigned int flags);
	long (*pivot_root)(struct scn_task *t, const char *new_root,
			   const char *put_old);

	/* ---- fanotify mount events ---- */
	long (*open_mntns)(struct scn_task *t, unsigned int flags);
	long (*fanotify_init)(struct scn_task *t, unsigned int flags,
			      unsigned int event_f_flags);
	long (*fanotify_mark)(struct scn_task *t, int fd, unsigned int flags,
			      uint64_t mask, int dfd, const char *path);

	/* ---- looking ---- */
	/* @t's /proc/self/mountinfo into *@text (malloc()ed): 0 or -errno. */
	long (*mountinfo)(struct scn_task *t, char **text);
	/* The mount tree of @t's namespace, as vfsim_tree_render(). */
	long (*tree)(struct scn_task *t, FILE *out,
		     const struct vfsim_tree_opts *o);

	/* ---- tasks and mount namespaces (docs/namespaces.md) ---- */
	/* clone(2) of @parent with @flags (CLONE_FS, CLONE_FILES,
	 * CLONE_NEWNS): the child in *@child.  0 or -errno. */
	long (*task_fork)(struct scn_task *parent, unsigned long flags,
			  struct scn_task **child);
	/* @t exits and is gone (not the init task). */
	void (*task_exit)(struct scn_task *t);
	long (*unshare)(struct scn_task *t, unsigned long flags);
	long (*setns)(struct scn_task *t, int fd, int nstype);
	/* @t opens /proc/PID/ns/mnt of @target: an fd of @t, or -errno. */
	long (*open_task_mntns)(struct scn_task *t, struct scn_task *target,
				unsigned int flags);
	/* ---- directories and names (verbs_dirs.c) ---- */
	long (*getdents64)(struct scn_task *t, int fd, void *buf, size_t len);
	long (*unlinkat)(struct scn_task *t, const char *path, int flags);
	long (*renameat2)(struct scn_task *t, const char *oldpath,
			  const char *newpath, unsigned int flags);
	long (*linkat)(struct scn_task *t, const char *oldpath,
		       const char *newpath, int flags);
	long (*readlink)(struct scn_task *t, const char *path, char *buf,
			 size_t len);
	long (*utimensat)(struct scn_task *t, const char *path,
			  const struct timespec times[2], int flags);
	long (*faccessat2)(struct scn_task *t, const char *path, int mode,
			   int flags);

	/* ---- user namespaces (docs/user-namespaces.md) ---- */
	/* @t writes @text to /proc/PID/@file of @target, @file one of
	 * "uid_map", "gid_map", "setgroups": the length written or -errno. */
	long (*userns_write)(struct scn_task *t, struct scn_task *target,
			     const char *file, const char *text);
};

extern const struct scn_sys scn_sys_model;	/* @b: a struct vfsim */
extern const struct scn_sys scn_sys_kernel;	/* @b: sys_kernel.c's */

/* The model's task behind @t (the model backend's tasks are its own). */
static inline struct vfsim_task *scn_vtask(struct scn_task *t)
{
	return (struct vfsim_task *)t;
}

static inline struct scn_task *scn_task_of(struct vfsim_task *t)
{
	return (struct scn_task *)t;
}

#endif /* VFSIM_SCENARIO_SYS_H */
