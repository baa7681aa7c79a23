/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The syscall shim (docs/shim.md): a program written for the patch set
 * "VFS: Filesystem information and notifications [ver #17]" runs against
 * vfsim unchanged when built with
 *
 *	cc prog.c $(pkg-config --cflags --libs vfsim-shim)
 *
 * The flags put vfsim's UAPI directory first on the include path (so
 * <linux/fsinfo.h> and <linux/watch_queue.h> are the patch set's), force-
 * include this header, and link libvfsim-shim.so, which defines syscall(),
 * pipe2(), read(), write(), close(), ioctl(), open() and openat() and sends
 * what is for the model there and everything else to libc.
 *
 * This header comes before the program's first line, so it includes
 * nothing: a system header here would settle glibc's feature macros before
 * the program's own `#define _GNU_SOURCE`.  For the same reason it declares
 * no fsinfo(), watch_mount() or watch_sb(): programs of the patch set
 * define those wrappers themselves.
 */
#ifndef VFSIM_SHIM_H
#define VFSIM_SHIM_H

/* The patch set's syscall numbers (x86_64; v17 gives the same three to
 * every architecture's table at its own offset).  The shim routes these
 * numbers to the model whatever the architecture. */
#ifndef __NR_watch_mount
#define __NR_watch_mount 439
#endif
#ifndef __NR_watch_sb
#define __NR_watch_sb 440
#endif
#ifndef __NR_fsinfo
#define __NR_fsinfo 441
#endif
#ifndef SYS_watch_mount
#define SYS_watch_mount __NR_watch_mount
#endif
#ifndef SYS_watch_sb
#define SYS_watch_sb __NR_watch_sb
#endif
#ifndef SYS_fsinfo
#define SYS_fsinfo __NR_fsinfo
#endif

/* statmount(2) and listmount(2), Linux 6.8 (x86_64's numbers), which the
 * shim routes to the model and Debian 12's headers lack. */
#ifndef __NR_statmount
#define __NR_statmount 457
#endif
#ifndef __NR_listmount
#define __NR_listmount 458
#endif
#ifndef SYS_statmount
#define SYS_statmount __NR_statmount
#endif
#ifndef SYS_listmount
#define SYS_listmount __NR_listmount
#endif

/*
 * Model file descriptors are shown to the program as VFSIM_SHIM_FD_BASE +
 * the model's fd number; every fd from there up belongs to the model.  The
 * shim keeps host fds below it by lowering RLIMIT_NOFILE to it if it was
 * higher (systemd's default hard limit is this same 524288).  Model fds
 * stay below 1 << 20, where tools that keep a table of fds (ThreadSanitizer)
 * stop.
 */
#define VFSIM_SHIM_FD_BASE (1 << 19)
#define VFSIM_SHIM_IS_MODEL_FD(fd) ((fd) >= VFSIM_SHIM_FD_BASE)
#define VFSIM_SHIM_FD(model_fd) ((model_fd) + VFSIM_SHIM_FD_BASE)
#define VFSIM_SHIM_MODEL_FD(fd) ((fd) - VFSIM_SHIM_FD_BASE)

struct vfsim;
struct vfsim_task;

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The shim's simulated kernel, set up on the first call that needs it:
 * the scenario named by VFSIM_SHIM_SCENARIO, else the default tree.  NULL
 * if that failed (the reason went to stderr; routed calls then fail with
 * ENOSYS).  Use it with <vfsim/vfsim.h> (link -lvfsim, which the
 * vfsim-shim module brings) for what the shim does not route: events
 * from below (vfsim_sb_error()), other tasks, the tree.
 */
struct vfsim *vfsim_shim_instance(void);

/* The model task the program is: the instance's init task (NULL as above).
 * Model fds in its table are the program's model fds, less the base. */
struct vfsim_task *vfsim_shim_task(void);

#ifdef __cplusplus
}
#endif
#endif /* VFSIM_SHIM_H */
