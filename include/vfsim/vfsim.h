/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim — a userspace model of the Linux VFS as changed by the patch set
 * "VFS: Filesystem information and notifications [ver #17]".
 *
 * The public embedding API.  One `struct vfsim` is one simulated kernel; a
 * `struct vfsim_task` is a process in it.  Every syscall returns a value >= 0
 * or a negative errno, exactly as the kernel would return it.  Flags take the
 * values of the Linux UAPI (MS_*, MNT_*, AT_*, O_*): include <sys/mount.h> and
 * <fcntl.h> for them.  Nothing kernel-shaped is exposed here.
 */
#ifndef VFSIM_VFSIM_H
#define VFSIM_VFSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>	/* struct timespec (vfsim_utimensat()) */

#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/uapi/linux/watch_queue.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(VFSIM_STATIC_DEFINE)
#define VFSIM_API
#else
#define VFSIM_API __attribute__((visibility("default")))
#endif

#define VFSIM_VERSION_MAJOR 0
#define VFSIM_VERSION_MINOR 1
#define VFSIM_VERSION_PATCH 0
#define VFSIM_VERSION_STRING "0.1.0"

/** The library's version string (may differ from the header's). */
VFSIM_API const char *vfsim_version(void);

/*
 * Threads.
 *
 * Instances are independent: calls on different instances may run at the
 * same time from any threads, and one thread may use several instances.
 * A thread needs no setup: it is registered with liburcu on its first call
 * and unregistered when it exits.
 *
 * On one instance, every call that acts in it may be made from any number
 * of threads at once: those taking a struct vfsim_task (the system calls,
 * fsinfo, the watch and event calls, the tree walkers, vfsim_mountinfo(),
 * the vfsim_test_* calls of <vfsim/testing.h>), vfsim_expire_mounts() and
 * the calls of <vfsim/afs.h> and <vfsim/nfs.h>.  Threads may share
 * a task: a task is a process, whose threads share its fd table, root and
 * cwd.  The other calls are not for concurrent use on the instance:
 * vfsim_boot() (before any task is used), vfsim_set_lsm() and
 * vfsim_set_oops_hook() (before other threads use the instance),
 * vfsim_set_quirks() (while no watch is in place), vfsim_task_set_caps()
 * (while that task is in no call), vfsim_task_destroy() (while no other
 * thread uses that task) and vfsim_destroy() (once every other call on the
 * instance has returned, so never while a thread sleeps in it).  The
 * testing seams may be armed from any thread; an armed fault hits
 * whichever thread of the instance gets to it first.
 *
 * Which calls block.  A call may wait for a lock that a call in progress on
 * another thread holds; such a call always finishes, so that wait ends.
 * Two calls sleep until another thread acts:
 *  - vfsim_read() of an empty pipe, plain or notification, whose fd is not
 *    O_NONBLOCK, while a write end is open: until data is written (plain)
 *    or a record is posted or lost (notification), the last write end is
 *    closed (then 0), or vfsim_task_set_signal_pending() is called for
 *    the reading task (then -ERESTARTSYS);
 *  - vfsim_write() to a full plain pipe without O_NONBLOCK, while a read
 *    end is open: until a read makes room, the last read end is closed
 *    (-EPIPE), or a signal is made pending (-ERESTARTSYS, or the bytes
 *    written before it slept).
 * Each of those can only come from another thread.  A thread that makes
 * such a call when no other thread will act on that pipe never returns,
 * and the write end it holds itself counts: a notification pipe's reader
 * usually holds it, so its read never sees end of file.  A harness that
 * drives an instance from one thread uses O_NONBLOCK fds, or creates the
 * instance with the nosleep option (struct vfsim_options), which makes
 * every such sleep fail with -EAGAIN.
 *
 * Callbacks.  The LSM hooks (vfsim_set_lsm()) and the oops hook run inside
 * the call that triggers them, on its thread, possibly with kernel locks
 * held: they must not call into the instance.  The callbacks of the tree
 * walkers (vfsim_for_each_mount(), vfsim_mount_by_id()) run outside it,
 * on a snapshot, and may.
 */

struct vfsim;
struct vfsim_task;

/** Allocator behind an instance's allocation seam. */
enum vfsim_allocator {
	VFSIM_ALLOC_DEFAULT = 0, /* the build's default (jemalloc when built with it) */
	VFSIM_ALLOC_LIBC = 1,
	VFSIM_ALLOC_JEMALLOC = 2, /* -EOPNOTSUPP from vfsim_create if not built in */
	/*
	 * Every object of the instance in one reserved range of address
	 * space (vfsim_options.region_size), so that vfsim_snapshot() and
	 * vfsim_reset() can save and restore the whole kernel by copying it.
	 * Freed memory is reused but never returned to the system before
	 * vfsim_destroy().
	 */
	VFSIM_ALLOC_SNAPSHOT = 3,
};

/*
 * Quirks: each reproduces the posted v17 behaviour of one bug of the
 * errata list (docs/errata.md), bit N for erratum BN.  Off by default:
 * the model then does what the code meant to do.  docs/notifications.md
 * and docs/fsinfo.md describe them.
 */
#define VFSIM_QUIRK_B1 (1ULL << 1)  /* watch_mount: bad watch_fd returns 0 */
#define VFSIM_QUIRK_B2 (1ULL << 2)  /* watch_sb: bad watch_fd returns 0 */
#define VFSIM_QUIRK_B3 (1ULL << 3)  /* watch_sb: at_flags used as lookup flags */
#define VFSIM_QUIRK_B4 (1ULL << 4)  /* removal on a never-watched object oopses */
#define VFSIM_QUIRK_B5 (1ULL << 5)  /* SETATTR IS_NOW_RO tests SB_RDONLY (= nosuid) */
#define VFSIM_QUIRK_B6 (1ULL << 6)  /* fsinfo size-only: 4096 for strings/lists */
#define VFSIM_QUIRK_B7 (1ULL << 7)  /* fsinfo strings cut to 4095 bytes */
#define VFSIM_QUIRK_B8 (1ULL << 8)  /* watch ID shifted by 24, not 8 */
#define VFSIM_QUIRK_B9 (1ULL << 9)  /* removal record id = kernel dentry address */
#define VFSIM_QUIRK_B10 (1ULL << 10) /* DCACHE_MOUNT_WATCH never cleared */
#define VFSIM_QUIRK_B11 (1ULL << 11) /* fsinfo mount ID > INT_MAX returns 0 */
#define VFSIM_QUIRK_B13 (1ULL << 13) /* AFS/NFS fsinfo tables as posted (nr_features 0...) */

struct vfsim_options {
	/* Seed for everything pseudo-random in the instance (fault probability,
	 * the start of superblock unique IDs). */
	uint64_t seed;
	/* VFSIM_QUIRK_* bits: reproduce the posted v17 behaviour of an erratum. */
	uint64_t quirks;
	enum vfsim_allocator allocator;
	/* log2 of the first size of the mount and mountpoint hashes (the
	 * dentry hash's is 4x), 1..20; 0 = default (4).  Not a tuning knob:
	 * the hashes double as they fill, whatever their first size. */
	unsigned int mhash_shift;
	/* First superblock unique ID; 0 = derived from the seed (S10, docs/errata.md). */
	uint64_t sb_id_start;
	/*
	 * Never sleep (see "Threads" above): a vfsim_read() or vfsim_write()
	 * of a pipe that would sleep until another thread acts fails with
	 * -EAGAIN instead, whether the fd is O_NONBLOCK or not, so that a
	 * harness with one thread cannot hang in the instance.  -EAGAIN
	 * rather than -EDEADLK: it is what the same call gives on an
	 * O_NONBLOCK fd, which callers already handle (a write that wrote
	 * something returns that count, as there); and it does not depend on
	 * whether another thread happens to be in the instance at the moment,
	 * which would make a run's result depend on timing.  The price: no
	 * call waits for another thread either; a reader that expects a
	 * record from one has to poll.
	 */
	bool nosleep;
	/*
	 * fs.mount-max: how many mounts a namespace may hold (a mount or bind
	 * that would pass it fails with -ENOSPC); 0 = Linux's default, 100000.
	 * A fuzz harness sets it low, so that a program of doubling rbinds
	 * meets the limit in a few calls instead of building 100000 mounts.
	 */
	unsigned int mount_max;
	/*
	 * VFSIM_ALLOC_SNAPSHOT: bytes of address space to reserve (pages
	 * are only used when touched); 0 = 1 GiB.  An allocation past it
	 * fails, as under memory pressure (-ENOMEM).
	 */
	size_t region_size;
};

/**
 * vfsim_create - make a new simulated kernel, with no mounts yet.
 * @opts may be NULL for the defaults.  Returns 0 or -errno.
 */
VFSIM_API int vfsim_create(const struct vfsim_options *opts, struct vfsim **out);

/**
 * vfsim_snapshot - save the whole state of @v, to go back to it with
 * vfsim_reset() as often as wanted: a fresh tree for a test or a fuzz
 * input in microseconds instead of vfsim_create() + vfsim_boot() +
 * vfsim_destroy() (docs/snapshot.md).  @v must have been created with
 * VFSIM_ALLOC_SNAPSHOT (-EOPNOTSUPP otherwise), and no other thread may
 * be in it.  A second snapshot replaces the first.  -ENOMEM if the copy
 * cannot be made (the previous snapshot, if any, is kept).
 */
VFSIM_API int vfsim_snapshot(struct vfsim *v);

/**
 * vfsim_reset - put @v back as vfsim_snapshot() saved it: mounts, tasks,
 * fds, pipes, watches, IDs, the clocks and the allocation statistics, so
 * the same calls give the same results again.  Kept as they are: fault
 * injection (vfsim_fail_nth_alloc() and friends, the user-memory seam),
 * the warning count, the oops hook.  Every task, pipe or fd obtained
 * after the snapshot is gone: pointers to tasks made since are invalid.
 * No other thread may be in the instance.  -ENODATA with no snapshot.
 */
VFSIM_API int vfsim_reset(struct vfsim *v);

/** vfsim_destroy - tear the whole kernel down: tasks, mounts, memory. */
VFSIM_API void vfsim_destroy(struct vfsim *v);

/**
 * vfsim_boot - mount a root filesystem and build a tree.
 * @tree: "empty" (a tmpfs-like root and nothing else) or "default"
 * (the documented default tree, docs/default-tree.md).
 * Only once per instance: -EBUSY after the first successful boot.
 */
VFSIM_API int vfsim_boot(struct vfsim *v, const char *tree);

/** The init task (uid 0, all capabilities); NULL before vfsim_boot(). */
VFSIM_API struct vfsim_task *vfsim_init_task(struct vfsim *v);

/**
 * vfsim_task_create - a new task as if forked from init then given new
 * credentials: same root and cwd, an empty fd table.  Capabilities are all
 * set for uid 0 and none otherwise.
 */
VFSIM_API int vfsim_task_create(struct vfsim *v, uid_t uid, gid_t gid,
				struct vfsim_task **out);
/** Exit a task: its fds are closed, its root, cwd and namespace dropped
 * (as vfsim_task_exit()).  The init task cannot be destroyed. */
VFSIM_API void vfsim_task_destroy(struct vfsim_task *t);

/*
 * Many mount namespaces (docs/namespaces.md): tasks fork and exit, leave
 * their namespace (unshare) or enter another (setns), as Linux 5.8 does.
 * vfsim_task_create() is a fork of the init task with new credentials and
 * an empty fd table; vfsim_task_destroy() is vfsim_task_exit().
 */
/**
 * vfsim_task_fork - clone(2) of @parent: the child (in *@child) has
 * @parent's credentials, root, cwd, umask, fds and mount namespace.
 * @clone_flags (<sched.h>): CLONE_FS shares the root, cwd and umask,
 * CLONE_FILES the fd table, CLONE_NEWNS gives the child a copy of the
 * namespace (CAP_SYS_ADMIN, else -EPERM; with CLONE_FS -EINVAL).
 * CLONE_NEWUSER gives it a new user namespace first (docs/user-namespaces.md;
 * -ENOSPC past 32 levels, -EPERM chrooted).  Any other flag: -EINVAL.
 * 0, or -EINVAL, -EPERM, -ENOSPC, -ENOMEM.
 */
VFSIM_API int vfsim_task_fork(struct vfsim_task *parent, unsigned long clone_flags,
			      struct vfsim_task **child);
/** The task exits: fds closed, root, cwd and namespace dropped (a
 * namespace no task and no file holds dies).  Not the init task. */
VFSIM_API void vfsim_task_exit(struct vfsim_task *t);
/**
 * vfsim_unshare - unshare(2): CLONE_NEWNS (a copy of the namespace; it
 * implies CLONE_FS), CLONE_FS, CLONE_FILES; CLONE_THREAD, CLONE_SIGHAND,
 * CLONE_VM, CLONE_SYSVSEM do nothing (a task is one thread).
 * CLONE_NEWUSER: a new user namespace (implies CLONE_FS), made before the
 * mount namespace of the same call.  The other namespaces are -EINVAL
 * (not modelled), as is any unknown flag.
 * 0, or -EINVAL, -EPERM, -ENOSPC, -ENOMEM.
 */
VFSIM_API long vfsim_unshare(struct vfsim_task *t, unsigned long flags);
/**
 * vfsim_setns - setns(2) with a namespace fd (vfsim_open_mntns(),
 * vfsim_open_task_mntns()); @nstype 0 or CLONE_NEWNS.  The task's root and
 * cwd become the namespace's root.  -EBADF, -EINVAL (not a namespace file,
 * a wrong @nstype, a detached tree's namespace, an fs_struct shared by
 * CLONE_FS), -EPERM (CAP_SYS_ADMIN and CAP_SYS_CHROOT needed).
 */
VFSIM_API long vfsim_setns(struct vfsim_task *t, int fd, int nstype);
/** The PID the model gave @t (1 for the init task), or -1. */
VFSIM_API int vfsim_task_pid(const struct vfsim_task *t);
/*
 * User namespaces (docs/user-namespaces.md): @t writes @text (@len bytes)
 * to /proc/PID/uid_map, gid_map or setgroups of @target, as Linux 5.8's
 * map_write() and proc_setgroups_write() allow it.  The length written,
 * or -EACCES (not @target's file to write), -EPERM, -EINVAL, -EFAULT,
 * -ENOMEM.
 */
VFSIM_API long vfsim_write_uid_map(struct vfsim_task *t, struct vfsim_task *target,
				   const char *text, size_t len);
VFSIM_API long vfsim_write_gid_map(struct vfsim_task *t, struct vfsim_task *target,
				   const char *text, size_t len);
VFSIM_API long vfsim_write_setgroups(struct vfsim_task *t, struct vfsim_task *target,
				     const char *text, size_t len);
/** @t's uid as its own user namespace sees it (65534 unmapped), or -1. */
VFSIM_API long vfsim_task_ns_uid(const struct vfsim_task *t);

/* Capabilities, as bits (1ULL << CAP_*) of linux/capability.h. */
#define VFSIM_CAP_DAC_OVERRIDE (1ULL << 1)
#define VFSIM_CAP_DAC_READ_SEARCH (1ULL << 2)
#define VFSIM_CAP_SYS_ADMIN (1ULL << 21)
#define VFSIM_CAP_ALL (~0ULL)

VFSIM_API void vfsim_task_set_caps(struct vfsim_task *t, uint64_t caps);
VFSIM_API uint64_t vfsim_task_caps(const struct vfsim_task *t);
VFSIM_API uid_t vfsim_task_uid(const struct vfsim_task *t);
VFSIM_API gid_t vfsim_task_gid(const struct vfsim_task *t);
/** Make a signal pending (fsinfo's resize loop then gives -ERESTARTSYS). */
VFSIM_API void vfsim_task_set_signal_pending(struct vfsim_task *t, bool pending);
VFSIM_API struct vfsim *vfsim_task_kernel(const struct vfsim_task *t);

/* ---- syscalls ----------------------------------------------------------- */

VFSIM_API long vfsim_mkdirat(struct vfsim_task *t, int dfd, const char *path,
			     mode_t mode);
/**
 * vfsim_mkdir_p - `mkdir -p` for harnesses: make @path and every missing
 * directory above it with @mode (each through vfsim_mkdirat(), so with
 * @t's permissions, as mkdir(1) -p makes them with mkdir(2)).  0 if
 * @path is a directory at the end, whether made or already there; else the
 * first error, -errno: -EEXIST (@path is there and is not a directory),
 * -ENOTDIR (a component above it is not), -EACCES, -ENOSPC (an inode could not be
 * allocated: testing.h, "the allocation seam"), -EFAULT, -ENAMETOOLONG,
 * -ENOENT (an empty path).  Directories made before a failure stay, as
 * mkdir -p leaves them.  Not a system call: no Linux counterpart.
 */
VFSIM_API long vfsim_mkdir_p(struct vfsim_task *t, int dfd, const char *path,
			     mode_t mode);
VFSIM_API long vfsim_symlinkat(struct vfsim_task *t, const char *target,
			       int dfd, const char *path);
/**
 * vfsim_mknodat - mknodat(2): a character or block device (@dev from
 * makedev(); CAP_MKNOD, else -EPERM), a FIFO, a socket or a regular file
 * (S_IFMT of @mode, 0 meaning S_IFREG).  -EPERM for S_IFDIR, -EINVAL for
 * any other type or a @dev that does not fit the system call's 32 bits
 * (as glibc's mknodat() answers), -EEXIST, -EROFS, -EACCES, -ENOENT,
 * -ENOTDIR, -ENOSPC, -EFAULT, -ENAMETOOLONG as for mkdirat.
 */
VFSIM_API long vfsim_mknodat(struct vfsim_task *t, int dfd, const char *path,
			     mode_t mode, dev_t dev);
/** Enough of open for O_PATH, O_DIRECTORY, O_NOFOLLOW, O_CLOEXEC, O_RDONLY,
 *  O_CREAT (regular file) and O_EXCL. */
VFSIM_API long vfsim_openat(struct vfsim_task *t, int dfd, const char *path,
			    int flags, mode_t mode);
VFSIM_API long vfsim_close(struct vfsim_task *t, int fd);
VFSIM_API long vfsim_chdir(struct vfsim_task *t, const char *path);
VFSIM_API long vfsim_fchdir(struct vfsim_task *t, int fd);
VFSIM_API long vfsim_chroot(struct vfsim_task *t, const char *path);
VFSIM_API long vfsim_chmod(struct vfsim_task *t, const char *path, mode_t mode);
VFSIM_API long vfsim_chown(struct vfsim_task *t, const char *path, uid_t uid,
			   gid_t gid);

/*
 * Directories and names (docs/filesystems.md, "Directories and names"):
 * the syscalls as Linux 5.8 has them, >= 0 or -errno.
 * vfsim_getdents64() fills @dirp with struct linux_dirent64 records in
 * 5.8's dcache_readdir() order ("." and "..", then newest first), d_off
 * the position of the next record, and returns the bytes used (0 at the
 * end, -EINVAL if the first record does not fit).  vfsim_unlinkat() takes
 * AT_REMOVEDIR (rmdir(2)); vfsim_renameat2() RENAME_NOREPLACE,
 * RENAME_EXCHANGE and (tmpfs, CAP_MKNOD) RENAME_WHITEOUT; a name that is a
 * mountpoint in the caller's namespace is -EBUSY, one mounted on only in
 * another namespace goes and those mounts are detached.  vfsim_linkat()
 * takes AT_SYMLINK_FOLLOW and AT_EMPTY_PATH; vfsim_readlinkat() returns the
 * bytes of the body it copied (no NUL); vfsim_utimensat() takes NULL @path
 * with an fd (futimens), UTIME_NOW and UTIME_OMIT; vfsim_faccessat2() F_OK,
 * R_OK, W_OK, X_OK with AT_EACCESS, AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH.
 */
VFSIM_API long vfsim_getdents64(struct vfsim_task *t, int fd, void *dirp,
				size_t count);
VFSIM_API long vfsim_unlinkat(struct vfsim_task *t, int dfd, const char *path,
			      int flags);
VFSIM_API long vfsim_renameat2(struct vfsim_task *t, int olddfd,
			       const char *oldpath, int newdfd,
			       const char *newpath, unsigned int flags);
VFSIM_API long vfsim_linkat(struct vfsim_task *t, int olddfd, const char *oldpath,
			    int newdfd, const char *newpath, int flags);
VFSIM_API long vfsim_readlinkat(struct vfsim_task *t, int dfd, const char *path,
				char *buf, size_t bufsiz);
struct timespec;
VFSIM_API long vfsim_utimensat(struct vfsim_task *t, int dfd, const char *path,
			       const struct timespec times[2], int flags);
VFSIM_API long vfsim_faccessat2(struct vfsim_task *t, int dfd, const char *path,
				int mode, int flags);

/**
 * vfsim_mount - mount(2).  @flags are MS_* values; @data is the filesystem's
 * option string (may be NULL).  New mounts, MS_BIND (with MS_REC), MS_MOVE,
 * MS_REMOUNT (with and without MS_BIND) and the propagation changes
 * MS_SHARED/MS_PRIVATE/MS_SLAVE/MS_UNBINDABLE (with MS_REC).
 */
VFSIM_API long vfsim_mount(struct vfsim_task *t, const char *source,
			   const char *target, const char *fstype,
			   unsigned long flags, const void *data);
/** umount2(2): MNT_FORCE, MNT_DETACH, MNT_EXPIRE, UMOUNT_NOFOLLOW. */
VFSIM_API long vfsim_umount2(struct vfsim_task *t, const char *target, int flags);
/**
 * pivot_root(2) of the task (5.8): the root mount goes onto @put_old, the
 * mount at @new_root takes its place, and every task whose root or cwd was
 * the old root moves to the new one.  -EPERM without CAP_SYS_ADMIN;
 * -ENOTDIR, -ENOENT... from the walks; -EINVAL for a shared put_old or a
 * shared parent of either root, mounts of another namespace, a root or
 * @new_root that is not an attached mount's root, @put_old not at or under
 * @new_root, @new_root not under the root; -EBUSY when either path is on
 * the root mount; -ENOENT for an unlinked @new_root.
 */
VFSIM_API long vfsim_pivot_root(struct vfsim_task *t, const char *new_root,
				const char *put_old);

/**
 * vfsim_mnt_set_expiry - put the mount at @path on its namespace's expiry
 * list, as an automounter does with mnt_set_expiry().  -EPERM without
 * CAP_SYS_ADMIN; -EINVAL unless @path is the root of a mount that has a
 * parent in the caller's namespace (an automounter's submounts are such;
 * a namespace's root, or a mount a lazy umount took away, is not).
 */
VFSIM_API long vfsim_mnt_set_expiry(struct vfsim_task *t, const char *path);
/**
 * vfsim_expire_mounts - one pass of mark_mounts_for_expiry() over the
 * namespace's expiry list: an unused mount is marked on the first pass and
 * unmounted on the second.  Returns the number of mounts unmounted.
 */
VFSIM_API long vfsim_expire_mounts(struct vfsim *v);

/**
 * vfsim_mkautomount - make the directory @path an automount point: walking
 * into it mounts @fstype (from @source, with @data) there as a submount
 * (SB_SUBMOUNT, MNT_SHRINKABLE) that is put on the expiry list, as autofs
 * or an AFS cell directory would.  Needs CAP_SYS_ADMIN.
 */
VFSIM_API long vfsim_mkautomount(struct vfsim_task *t, const char *path,
				 const char *fstype, const char *source,
				 const char *data);

/* ---- pipes and the notification queue ---------------------------------- */

/*
 * The watch_queue ABI (O_NOTIFICATION_PIPE, IOC_WATCH_QUEUE_*, the record
 * layouts) is <vfsim/uapi/linux/watch_queue.h>, installed beside this
 * header and included by it; it is the patch set's <linux/watch_queue.h>.
 * The system's <linux/watch_queue.h> defines the same structures: included
 * after this header it is skipped; included before, it stops the build
 * with an #error that says so (ctest headers.order).
 */

/**
 * vfsim_pipe2 - pipe2(2).  @flags: O_CLOEXEC, O_NONBLOCK, O_DIRECT (packet
 * mode) and O_NOTIFICATION_PIPE (a notification queue: size it with
 * IOC_WATCH_QUEUE_SET_SIZE, filter it with IOC_WATCH_QUEUE_SET_FILTER, read
 * records from fds[0]; it cannot be written).  @fds is written through the
 * user-memory seam.
 */
VFSIM_API long vfsim_pipe2(struct vfsim_task *t, int fds[2], int flags);
/** read(2): a notification pipe returns whole records only (-ENOBUFS if
 *  the next one does not fit), with LOSS records where records were lost. */
VFSIM_API long vfsim_read(struct vfsim_task *t, int fd, void *buf, size_t len);
VFSIM_API long vfsim_write(struct vfsim_task *t, int fd, const void *buf,
			   size_t len);
/*
 * Files with data (regular files of tmpfs, ramfs and the simulated ext4,
 * nfs and afs; docs/filesystems.md): the syscalls as Linux 5.8 has them,
 * >= 0 or -errno.  vfsim_read()/vfsim_write() read and write them at the
 * file's position (O_APPEND: at the end); tmpfs's size= limit makes a
 * write short, or -ENOSPC if it wrote nothing.
 */
VFSIM_API long vfsim_pread(struct vfsim_task *t, int fd, void *buf, size_t len,
			   int64_t pos);
VFSIM_API long vfsim_pwrite(struct vfsim_task *t, int fd, const void *buf,
			    size_t len, int64_t pos);
/** lseek(2): SEEK_SET, SEEK_CUR, SEEK_END, SEEK_DATA, SEEK_HOLE (tmpfs
 *  page by page; other filesystems: all data, one hole at the end). */
VFSIM_API int64_t vfsim_lseek(struct vfsim_task *t, int fd, int64_t offset, int whence);
VFSIM_API long vfsim_truncate(struct vfsim_task *t, const char *path, int64_t length);
VFSIM_API long vfsim_ftruncate(struct vfsim_task *t, int fd, int64_t length);
/** fallocate(2): tmpfs only (mode 0, FALLOC_FL_KEEP_SIZE, FALLOC_FL_PUNCH_HOLE
 *  | FALLOC_FL_KEEP_SIZE); -EOPNOTSUPP elsewhere. */
VFSIM_API long vfsim_fallocate(struct vfsim_task *t, int fd, int mode,
			       int64_t offset, int64_t len);
/** fsync(2), fdatasync(2): nothing to write back; 0 for files with data. */
VFSIM_API long vfsim_fsync(struct vfsim_task *t, int fd);
VFSIM_API long vfsim_fdatasync(struct vfsim_task *t, int fd);
struct statfs;
/** statfs(2), fstatfs(2): tmpfs reports its size= and nr_inodes= limits
 *  (0 where unlimited), ramfs zeros; f_flags the mount's ST_* flags. */
VFSIM_API long vfsim_statfs(struct vfsim_task *t, const char *path, struct statfs *buf);
VFSIM_API long vfsim_fstatfs(struct vfsim_task *t, int fd, struct statfs *buf);
struct pollfd;
/**
 * vfsim_poll - poll(2) with a timeout of 0: the model never sleeps in
 * poll; each entry's revents says what its file reports now (@fds read
 * and written through the user-memory seam).  Returns how many entries
 * have revents set, or -errno (-EINVAL: @nfds > 1024).  A file without a
 * poll method is always ready (POLLIN|POLLOUT); /proc/self/mountinfo,
 * mounts and mountstats report POLLIN, and POLLERR|POLLPRI once after
 * each change of their namespace, as libmount's monitor waits for.
 */
VFSIM_API long vfsim_poll(struct vfsim_task *t, struct pollfd *fds, unsigned int nfds);
/** ioctl(2): FIONREAD, IOC_WATCH_QUEUE_SET_SIZE, IOC_WATCH_QUEUE_SET_FILTER;
 *  -ENOTTY for anything a file does not know. */
VFSIM_API long vfsim_ioctl(struct vfsim_task *t, int fd, unsigned long cmd,
			   unsigned long arg);

/**
 * vfsim_decode_record - render one notification record as a line of text
 * (no newline), e.g. "mount new_mount id=1 flags=in_subtree
 * triggered_on=5 changed_mount=12" or "meta removal id=2 object=0x7".
 * @len is what is available at @rec; the record's own length comes from its
 * info field.  Returns the record's length (> 0) and writes at most @size
 * bytes to @out (always NUL-terminated if @size > 0), or -EINVAL for a
 * record whose length is under 8 or beyond @len (the text says why).
 */
VFSIM_API long vfsim_decode_record(const void *rec, size_t len, char *out,
				   size_t size);

/*
 * The records of a buffer that vfsim_read() filled from a notification
 * pipe, one at a time:
 *
 *	struct vfsim_record_iter it;
 *	struct vfsim_record rec;
 *	int ret;
 *
 *	vfsim_record_iter_init(&it, buf, n);
 *	while ((ret = vfsim_record_next(&it, &rec)) > 0)
 *		if (rec.type == WATCH_TYPE_MOUNT_NOTIFY)
 *			use((const struct mount_notification *)rec.hdr);
 *	if (ret < 0)
 *		... -EBADMSG: a malformed record at it.pos
 *
 * @buf must be aligned for a __u64 (malloc's, or an array of __u64) for
 * the casts of rec.hdr.
 */
struct vfsim_record_iter {
	const unsigned char *buf;
	size_t len;		/* bytes at buf */
	size_t pos;		/* offset of the next record */
};

struct vfsim_record {
	const struct watch_notification *hdr;	/* the record, len bytes */
	unsigned int type;	/* enum watch_notification_type */
	unsigned int subtype;	/* the type's subtype (NOTIFY_MOUNT_*, ...) */
	unsigned int len;	/* the record's length, header included */
	unsigned int watch_id;	/* WATCH_INFO_ID: the watch's tag */
	unsigned int info;	/* the whole info word (flags: WATCH_INFO_FLAG_*) */
};

/** vfsim_record_iter_init - iterate over @len bytes at @buf (NULL: none). */
VFSIM_API void vfsim_record_iter_init(struct vfsim_record_iter *it,
				      const void *buf, size_t len);

/**
 * vfsim_record_next - the next record into @rec.  Returns 1, 0 at the end
 * of the buffer, -EBADMSG for a malformed record (a length under 8, past
 * the end of the buffer, or under the size of its type's structure:
 * struct mount_notification, superblock_notification,
 * superblock_error_notification or key_notification; or fewer than 8
 * bytes left), where the iterator then stays, or -EINVAL for a NULL
 * argument.
 */
VFSIM_API int vfsim_record_next(struct vfsim_record_iter *it,
				struct vfsim_record *rec);

/** Names of one watch type, its subtypes and its info flags (flag i is
 *  WATCH_INFO_FLAG_0 << i), as the decoder and the filter syntax use them. */
struct vfsim_record_names {
	const char *name;		/* "meta", "key", "mount", "sb" */
	const char *const *subtypes;
	unsigned int nr_subtypes;
	const char *const *flags;
	unsigned int nr_flags;
};
/** The names of watch types 0 .. *@nr - 1. */
VFSIM_API const struct vfsim_record_names *vfsim_record_names(unsigned int *nr);

/**
 * vfsim_filter_parse - build a struct watch_notification_filter (the
 * argument of IOC_WATCH_QUEUE_SET_FILTER) from text rules separated by
 * blanks, e.g. "key mount:~move_from sb:readonly/flags=is_now_ro"; the
 * syntax is in docs/filters.md.  The result is not validated the way the
 * kernel validates it, so that a harness can build bad filters on purpose
 * (more than 16 rules, info_filter outside info_mask, ...).  Returns the
 * size of the filter written to @buf (8 + 44 * rules), -ENOSPC if @size is
 * too small, or -EINVAL with a message in @err (if @errsize > 0).
 */
VFSIM_API long vfsim_filter_parse(const char *text, void *buf, size_t size,
				  char *err, size_t errsize);

/* ---- security policy ------------------------------------------------------ */

struct vfsim_cred {
	uid_t uid;
	gid_t gid;
	uint64_t caps;
};

/**
 * The LSM hooks of the patch set, for a harness to deny things.  Each hook
 * returns 0 to allow or a negative errno, which the syscall returns (or,
 * for post_notification, which makes that watcher miss the record).  NULL
 * hooks allow.  Install before the instance is in use by other threads.
 */
struct vfsim_lsm_ops {
	/* A record about to go to a watcher; @record is the header and
	 * payload (length in its info field) with the watcher's ID in it. */
	int (*post_notification)(void *arg, const struct vfsim_cred *watcher,
				 const struct vfsim_cred *poster,
				 const void *record);
	int (*watch_mount)(void *arg, const struct vfsim_cred *who,
			   unsigned int mnt_id);
	int (*watch_sb)(void *arg, const struct vfsim_cred *who, uint64_t sb_id);
	int (*sb_statfs)(void *arg, const struct vfsim_cred *who, uint64_t sb_id);
};

/** Install (or with NULL remove) the security policy of @v. */
VFSIM_API void vfsim_set_lsm(struct vfsim *v, const struct vfsim_lsm_ops *ops,
			     void *arg);

/* ---- mount and superblock notifications (seeds 002, 003) ---------------- */

/**
 * vfsim_watch_mount - watch_mount(2): watch the mount topology below the
 * directory @path (resolved from @dfd, following symlinks; AT_EMPTY_PATH
 * allowed; automount points are triggered even with AT_NO_AUTOMOUNT,
 * because the lookup asks for a directory, which in the namei of the
 * patch set's time triggers the automount by itself) through the
 * notification pipe @watch_fd, records carrying @watch_id (0..255); -1
 * removes this pipe's watch on that directory (-EBADSLT if none).
 */
VFSIM_API long vfsim_watch_mount(struct vfsim_task *t, int dfd, const char *path,
				 unsigned int at_flags, int watch_fd, int watch_id);
/** vfsim_watch_sb - watch_sb(2): watch the superblock of @path. */
VFSIM_API long vfsim_watch_sb(struct vfsim_task *t, int dfd, const char *path,
			      unsigned int at_flags, int watch_fd, int watch_id);

/*
 * What a filesystem or driver raises from below, on the superblock of
 * @path (looked up as @t): notify_sb_error() with @error (a positive errno
 * value, recorded as is), the EDQUOT helper, and a NETWORK status change
 * whose @info_flags (WATCH_INFO_FLAG_* bits, 0x00ff0000) go into the record.
 */
VFSIM_API long vfsim_sb_error(struct vfsim_task *t, const char *path, int error);
VFSIM_API long vfsim_sb_edquot(struct vfsim_task *t, const char *path);
VFSIM_API long vfsim_sb_network(struct vfsim_task *t, const char *path,
				unsigned int info_flags);

/** The instance's VFSIM_QUIRK_* bits, and changing them.  Change quirks
 *  while no watch is in place: B9 decides how mount watches are keyed. */
VFSIM_API uint64_t vfsim_quirks(const struct vfsim *v);
VFSIM_API void vfsim_set_quirks(struct vfsim *v, uint64_t quirks);

/**
 * The instance's virtual clock (CLOCK_MONOTONIC in ns; every syscall
 * entry advances it by 1 us, so runs are deterministic), and making time
 * pass without a syscall, as a sleep would: superblock IDs and timestamps
 * taken later see it.  NULL: 0, nothing.
 */
VFSIM_API uint64_t vfsim_clock_ns(struct vfsim *v);
VFSIM_API void vfsim_clock_advance(struct vfsim *v, uint64_t ns);

/**
 * Where a posted patch would oops (B4's quirk), the model calls @hook with
 * the kernel function and a reason, and the syscall fails with -EFAULT;
 * the process goes on.  NULL removes the hook (oopses are then printed to
 * stderr).
 */
typedef void (*vfsim_oops_hook)(void *arg, const char *function, const char *reason);
VFSIM_API void vfsim_set_oops_hook(struct vfsim *v, vfsim_oops_hook hook, void *arg);

/* ---- keys and key notifications (Linux 5.8, docs/keys.md) --------------- */

/*
 * The key calls take and return what the syscalls of <linux/keyctl.h> do
 * (KEY_SPEC_* IDs, KEYCTL_* commands: <vfsim/uapi/linux/keyctl.h> has the
 * values); strings, payloads and buffers are user memory of @t.  Key
 * serials are deterministic: an instance hands them out one up from
 * 0x10000000, in the order the keys are made.
 */

/** vfsim_add_key - add_key(2): the new or updated key's serial. */
VFSIM_API long vfsim_add_key(struct vfsim_task *t, const char *type,
			     const char *description, const void *payload,
			     size_t plen, int32_t ringid);
/**
 * vfsim_request_key - request_key(2): the serial of a key of that type
 * and description found in @t's keyrings, or, if none and @callout_info is
 * not NULL, of a new key instantiated with @callout_info as its payload
 * (no /sbin/request-key is called), linked into @destringid (0: the
 * default keyring).
 */
VFSIM_API long vfsim_request_key(struct vfsim_task *t, const char *type,
				 const char *description,
				 const char *callout_info, int32_t destringid);
/**
 * vfsim_keyctl - keyctl(2): KEYCTL_GET_KEYRING_ID, UPDATE, REVOKE, CHOWN,
 * SETPERM, DESCRIBE, CLEAR, LINK, UNLINK, READ, INVALIDATE and WATCH_KEY;
 * any other command is -EOPNOTSUPP.
 */
VFSIM_API long vfsim_keyctl(struct vfsim_task *t, int cmd, unsigned long arg2,
			    unsigned long arg3, unsigned long arg4,
			    unsigned long arg5);
/**
 * vfsim_key_gc - run the key garbage collector as if key_gc_delay (5
 * minutes) had passed since every revocation: revoked keys leave every
 * keyring, and a key nothing else holds is destroyed (its watchers get
 * their REMOVAL records).  Returns 0.
 */
VFSIM_API long vfsim_key_gc(struct vfsim_task *t);

/* ---- looking at the tree ------------------------------------------------ */

/* Propagation bits of struct vfsim_mount_desc.propagation (as uapi mount.h
 * MOUNT_PROPAGATION_*; shared and slave may both be set). */
#define VFSIM_PROPAGATION_PRIVATE 0x0
#define VFSIM_PROPAGATION_UNBINDABLE 0x1
#define VFSIM_PROPAGATION_SLAVE 0x2
#define VFSIM_PROPAGATION_SHARED 0x4

/* Mount attribute bits of struct vfsim_mount_desc.attr (uapi MOUNT_ATTR_*). */
#define VFSIM_ATTR_RDONLY 0x01
#define VFSIM_ATTR_NOSUID 0x02
#define VFSIM_ATTR_NODEV 0x04
#define VFSIM_ATTR_NOEXEC 0x08
#define VFSIM_ATTR_NOATIME 0x10
#define VFSIM_ATTR_STRICTATIME 0x20
#define VFSIM_ATTR_NODIRATIME 0x80
#define VFSIM_ATTR_NOSYMFOLLOW 0x00200000 /* MOUNT_ATTR_NOSYMFOLLOW: fsmount(), mount_setattr() */

/* Superblock flag bits of struct vfsim_mount_desc.sb_flags (SB_*). */
#define VFSIM_SB_RDONLY 0x1
#define VFSIM_SB_NOSUID 0x2
#define VFSIM_SB_NODEV 0x4
#define VFSIM_SB_NOEXEC 0x8
#define VFSIM_SB_SUBMOUNT (1U << 26)

/** One mount, as the tree walkers see it.  Strings are never NULL and live
 *  until the callback returns. */
struct vfsim_mount_desc {
	unsigned int mnt_id;
	unsigned int parent_id; /* == mnt_id for the namespace root */
	unsigned int depth;     /* 0 for the namespace root */
	const char *mountpoint; /* path from the namespace root, of any
				 * length (PATH_MAX does not limit it) */
	const char *root;       /* path of the mount's root within its fs */
	const char *fstype;
	const char *source;     /* device name */
	const char *sb_options; /* "rw" or "ro" plus the fs's own options */
	unsigned int attr;      /* VFSIM_ATTR_* */
	unsigned int propagation;
	unsigned int peer_group; /* 0 if not shared */
	unsigned int master;     /* peer group of the master, 0 if not a slave */
	uint64_t sb_unique_id;
	uint64_t change_counter;
	unsigned int sb_flags;   /* SB_* */
	bool expiry_marked;
};

typedef int (*vfsim_mount_cb)(const struct vfsim_mount_desc *m, void *arg);
/**
 * vfsim_for_each_mount - the mounts of @t's namespace, depth first, each
 * parent before its children, children in attachment order.  A non-zero
 * return from @cb stops the walk and is returned.
 */
VFSIM_API int vfsim_for_each_mount(struct vfsim_task *t, vfsim_mount_cb cb,
				   void *arg);
/** The ID of the mount that @path resolves to (following symlinks). */
VFSIM_API long vfsim_path_mnt_id(struct vfsim_task *t, const char *path);
/** Fill @m for mount @mnt_id; -ENOENT if no such mount in @t's namespace. */
VFSIM_API int vfsim_mount_by_id(struct vfsim_task *t, unsigned int mnt_id,
				vfsim_mount_cb cb, void *arg);

/* ---- fsinfo() ----------------------------------------------------------- */

/**
 * vfsim_fsinfo - fsinfo(2) of the patch set (v17): query attribute
 * @params->request (value @params->Nth, @params->Mth) of the object named by
 * @dfd and @pathname as @params->flags says (a path, an open fd, or a mount
 * ID given as a string).  @params may be NULL (FSINFO_ATTR_STATFS of a
 * path).  At most @buf_size bytes are copied to @buffer; the value's full
 * size is returned, or -errno.  @buffer NULL with @buf_size 0 asks for the
 * size only.  The structures and constants are those of
 * <vfsim/uapi/linux/fsinfo.h>.
 */
VFSIM_API long vfsim_fsinfo(struct vfsim_task *t, int dfd, const char *pathname,
			    const struct fsinfo_params *params, void *buffer,
			    size_t buf_size);

/**
 * vfsim_fsinfo_by_mount_id - vfsim_fsinfo() of mount @mnt_id, a number:
 * the query by mount ID (FSINFO_FLAGS_QUERY_MOUNT) relative to @t's root,
 * without a decimal string to write.  @params as for vfsim_fsinfo() (NULL:
 * FSINFO_ATTR_STATFS); its query kind is made FSINFO_FLAGS_QUERY_MOUNT,
 * and must be that or FSINFO_FLAGS_QUERY_PATH (0) before.  Returns the
 * value's full size, or -errno as the syscall would give it: -EPERM for
 * an ID that names no mount reachable from @t's root, -EINVAL for one
 * over INT_MAX or an fd query, -EFAULT for unreadable @params.
 */
VFSIM_API long vfsim_fsinfo_by_mount_id(struct vfsim_task *t,
					unsigned int mnt_id,
					const struct fsinfo_params *params,
					void *buffer, size_t buf_size);

/**
 * vfsim_mountinfo - the text /proc/self/mountinfo would give @t: one line
 * per mount its root can reach, mount points relative to that root, in
 * the kernel's format ("36 35 0:3 / /mnt rw,relatime shared:1 - tmpfs
 * src rw,size=1024k").  Writes at most @size bytes to @buf (NUL-terminated
 * when @size > 0, through the user-memory seam) and returns the length of
 * the whole text, so a first call with @size 0 sizes the buffer; or
 * -errno.
 */
VFSIM_API long vfsim_mountinfo(struct vfsim_task *t, char *buf, size_t size);

/** Print the tree of @t's namespace like the `vfsim tree` verb. */
VFSIM_API int vfsim_print_tree(struct vfsim_task *t, FILE *out);

/* Formats of struct vfsim_tree_opts.format. */
#define VFSIM_TREE_TREE 0	/* a table, TARGET drawn as a tree (findmnt) */
#define VFSIM_TREE_LIST 1	/* a table, full paths (findmnt -l) */
#define VFSIM_TREE_RAW 2	/* cells one space apart, unpadded (findmnt -r) */
#define VFSIM_TREE_JSON 3	/* findmnt -J: {"filesystems": [...]} */
#define VFSIM_TREE_DOT 4	/* Graphviz: mounts, peer groups, masters */

/** How vfsim_tree_render() prints; all zero (or NULL) is vfsim_print_tree(). */
struct vfsim_tree_opts {
	unsigned int format;	/* VFSIM_TREE_* */
	bool flat;		/* JSON: one list, no "children" (findmnt -J -l) */
	const char *columns;	/* "TARGET,FS-OPTIONS" (findmnt's names, any
				 * case): ID PARENT TARGET SOURCE FSTYPE OPTIONS
				 * VFS-OPTIONS FS-OPTIONS OPT-FIELDS PROPAGATION
				 * FSROOT; NULL: the `tree` verb's columns.
				 * Not used by DOT. */
	const char *target;	/* only the mount PATH is on (findmnt --target);
				 * NULL: every mount */
};

/**
 * vfsim_tree_render - the mount tree of @t's namespace in one of findmnt's
 * forms, or as Graphviz DOT (docs/vfsim-command.md, `vfsim tree`).
 * Returns 0, -EINVAL for a bad format or column name, -errno of the
 * --target lookup, -ENOMEM, or the -errno of a failed write to @out
 * (-ENOSPC, -EPIPE; -EIO if the stream does not say).
 */
VFSIM_API int vfsim_tree_render(struct vfsim_task *t, FILE *out,
				const struct vfsim_tree_opts *o);

/** Name of an errno value ("ENOENT"), or NULL; and the reverse. */
VFSIM_API const char *vfsim_errno_name(int err);
VFSIM_API int vfsim_errno_from_name(const char *name);

/*
 * Linux 6.8+'s mount queries on the model (docs/statmount.md): statx's
 * 64-bit unique mount ID, statmount(2) and listmount(2) as Linux 6.18
 * has them.  The structs are the UAPI's (<vfsim/uapi/linux/mount.h> for
 * struct mnt_id_req and struct statmount, <sys/stat.h> for struct statx).
 */
struct statx;
struct mnt_id_req;
struct statmount;

/**
 * vfsim_statx - statx(2) of @path as @t, for the mount IDs: stx_mnt_id is
 * the unique mount ID (stx_mask STATX_MNT_ID_UNIQUE, 0x4000) when @mask
 * asks for it, else the 32-bit one (STATX_MNT_ID).  The other fields are
 * those the model's inodes carry (type, mode, links, owner, times, inode
 * number, size, device).  0 or -errno.
 */
VFSIM_API long vfsim_statx(struct vfsim_task *t, int dfd, const char *path,
			   int flags, unsigned int mask, struct statx *buf);

/**
 * vfsim_statmount - statmount(2): what @req->param (STATMOUNT_*) asks of
 * the mount whose unique ID is @req->mnt_id, written to @buf (@bufsize
 * bytes: the struct, then the string area).  0 or -errno as 6.18 gives
 * it: -EINVAL (flags, a request size under MNT_ID_REQ_SIZE_VER0, an ID
 * not above 2^31), -E2BIG (a request over a page, or with non-zero bytes
 * past the known struct), -ENOENT (no such mount in the namespace, an
 * unknown namespace ID), -EPERM (a mount outside @t's root without
 * CAP_SYS_ADMIN), -EOVERFLOW (strings that do not fit), -EFAULT.
 */
VFSIM_API long vfsim_statmount(struct vfsim_task *t, const struct mnt_id_req *req,
			       struct statmount *buf, size_t bufsize,
			       unsigned int flags);

/**
 * vfsim_listmount - listmount(2): up to @nr_mnt_ids unique IDs of the
 * mounts below @req->mnt_id (LSMT_ROOT: @t's root, itself included), in
 * ID order (LISTMOUNT_REVERSE: descending), after @req->param if not 0.
 * The number written, or -errno as 6.18 gives it.
 */
VFSIM_API long vfsim_listmount(struct vfsim_task *t, const struct mnt_id_req *req,
			       uint64_t *mnt_ids, size_t nr_mnt_ids,
			       unsigned int flags);

/* ---- the new mount API (Linux 5.2 / 5.12; docs/mount-api.md) ------------ */

/*
 * Each takes the arguments of the system call of the same name and returns
 * what it returns (an fd, 0, or -errno); constants are <linux/mount.h>'s
 * (FSOPEN_*, FSCONFIG_*, FSMOUNT_*, FSPICK_*, OPEN_TREE_*, MOVE_MOUNT_*,
 * MOUNT_ATTR_*; vfsim's <vfsim/uapi/linux/mount.h> adds what Debian 12's
 * headers lack).  An fs_context fd (fsopen, fspick) reads its messages
 * with vfsim_read(), "e ...\n" one per call, -ENODATA when none is left;
 * a detached tree (fsmount, open_tree with OPEN_TREE_CLONE) is freed when
 * its fd is closed unless vfsim_move_mount() attached it.
 */
struct mount_attr;
VFSIM_API long vfsim_fsopen(struct vfsim_task *t, const char *fs_name,
			    unsigned int flags);
VFSIM_API long vfsim_fsconfig(struct vfsim_task *t, int fd, unsigned int cmd,
			      const char *key, const void *value, int aux);
VFSIM_API long vfsim_fsmount(struct vfsim_task *t, int fs_fd, unsigned int flags,
			     unsigned int attr_flags);
VFSIM_API long vfsim_fspick(struct vfsim_task *t, int dfd, const char *path,
			    unsigned int flags);
VFSIM_API long vfsim_open_tree(struct vfsim_task *t, int dfd, const char *path,
			       unsigned int flags);
VFSIM_API long vfsim_move_mount(struct vfsim_task *t, int from_dfd,
				const char *from_path, int to_dfd,
				const char *to_path, unsigned int flags);
VFSIM_API long vfsim_mount_setattr(struct vfsim_task *t, int dfd, const char *path,
				   unsigned int flags, struct mount_attr *attr,
				   size_t size);

/* ---- fanotify mount events (Linux 6.15+; docs/fanotify.md) ------------- */

/**
 * vfsim_open_mntns - what open("/proc/self/ns/mnt", O_RDONLY | @flags)
 * gives on Linux: an fd of @t's mount namespace (the model has no
 * /proc/PID/ns).  It names the namespace to vfsim_fanotify_mark() (as
 * @dfd, with a NULL path) and to vfsim_statmount()/vfsim_listmount()
 * (mnt_id_req.mnt_ns_fd).  @flags: 0 or O_CLOEXEC.  The fd, or -EINVAL,
 * -ENOMEM, -EMFILE.
 */
VFSIM_API long vfsim_open_mntns(struct vfsim_task *t, unsigned int flags);
/**
 * vfsim_open_task_mntns - what @t gets from open("/proc/PID/ns/mnt") of
 * @target: an fd of @target's mount namespace.  -EACCES unless @t is
 * @target, has its uids and gids, or CAP_SYS_PTRACE (ptrace_may_access()).
 * The fd answers NS_GET_MNTNS_ID and NS_GET_NSTYPE through vfsim_ioctl()
 * (<vfsim/uapi/linux/nsfs.h>).
 */
VFSIM_API long vfsim_open_task_mntns(struct vfsim_task *t, struct vfsim_task *target,
				     unsigned int flags);

/**
 * vfsim_fanotify_init - fanotify_init(2) as Linux 6.18 checks it: an fd
 * whose read() gives mount events (with FAN_REPORT_MNT) as struct
 * fanotify_event_metadata + struct fanotify_event_info_mnt records.
 * Constants and structs: <vfsim/uapi/linux/fanotify.h>.  -EPERM, -EINVAL
 * (-EINVAL too for FAN_REPORT_PIDFD: the model has no pidfds), -ENOMEM.
 */
VFSIM_API long vfsim_fanotify_init(struct vfsim_task *t, unsigned int flags,
				   unsigned int event_f_flags);

/**
 * vfsim_fanotify_mark - fanotify_mark(2): FAN_MARK_ADD, FAN_MARK_REMOVE
 * or FAN_MARK_FLUSH of a FAN_MARK_MNTNS mark for FAN_MNT_ATTACH and
 * FAN_MNT_DETACH on the namespace file @dfd/@pathname names (@pathname
 * NULL: @dfd itself).  0 or -errno as 6.18 gives it; marks of other types
 * on a group without FAN_REPORT_MNT are -EOPNOTSUPP (the model has no file
 * events).
 */
VFSIM_API long vfsim_fanotify_mark(struct vfsim_task *t, int fanotify_fd,
				   unsigned int flags, uint64_t mask, int dfd,
				   const char *pathname);

#ifdef __cplusplus
}
#endif
#endif /* VFSIM_VFSIM_H */
