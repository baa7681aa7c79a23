// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The kernel backend's tasks (kernel.h says what they are) and its
 * sandbox: a private mount namespace holding a fresh tmpfs the scenario is
 * chrooted into, the shape vfsim-kdiff has always compared with the model
 * (docs/kernel-diff.md, "How both sides start").  Nothing here may ever
 * touch the caller's mounts: the namespace is checked to have really
 * changed before the first mount(2) call.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* clone, unshare */
#endif
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel.h"

enum { KT_GONE = 0, KT_IDLE, KT_REQ, KT_DONE, KT_QUIT };

#define KT_STACK (256u << 10)
#define FUTEX_WAIT_OP 0
#define FUTEX_WAKE_OP 1

/*
 * futex(2) without errno: the engine waits with it while a task, which
 * shares the engine thread's errno, makes its calls.  (The task's own
 * waits use it too: nothing of the engine's runs then, but why care.)
 */
static long futex(int *addr, int op, int val)
{
#if defined(__x86_64__)
	register long r10 __asm__("r10") = 0;
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"((long)SYS_futex), "D"(addr), "S"((long)op),
			   "d"((long)val), "r"(r10)
			 : "rcx", "r11", "memory");
	return ret;
#else
	return syscall(SYS_futex, addr, op, val, NULL);
#endif
}

static int load(int *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void store(int *p, int v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
	futex(p, FUTEX_WAKE_OP, 1);
}

static int task_main(void *arg)
{
	struct scn_task *t = arg;
	int s;

	/* the engine gone, the task goes too */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	for (;;) {
		s = load(&t->state);
		if (s == KT_QUIT)
			return 0;
		if (s != KT_REQ) {
			futex(&t->state, FUTEX_WAIT_OP, s);
			continue;
		}
		t->result = t->fn(t, t->arg);
		store(&t->state, KT_DONE);
	}
}

long scn_ktask_run(struct scn_task *t, scn_ktask_fn fn, void *arg)
{
	int s;

	if (load(&t->state) == KT_GONE)
		return -ESRCH;
	t->fn = fn;
	t->arg = arg;
	store(&t->state, KT_REQ);
	/* CLONE_CHILD_CLEARTID zeroes the state and wakes us if it dies */
	while ((s = load(&t->state)) == KT_REQ)
		futex(&t->state, FUTEX_WAIT_OP, KT_REQ);
	if (s != KT_DONE)
		return -ESRCH;
	__atomic_store_n(&t->state, KT_IDLE, __ATOMIC_RELEASE);
	return t->result;
}

/* What spawn() clones: the task and the clone flags it adds. */
struct spawn_req {
	struct scn_task *t;
	int flags;
};

/* In @from (or the engine): clone the task of @arg. */
static long spawn(struct scn_task *from, void *arg)
{
	struct spawn_req *r = arg;
	struct scn_task *t = r->t;
	int flags = CLONE_VM | CLONE_CHILD_CLEARTID | SIGCHLD | r->flags;

	if (from)
		flags |= CLONE_PARENT;	/* the engine reaps it */
	t->pid = clone(task_main, (char *)t->stack + KT_STACK, flags, t,
		       NULL, NULL, &t->state);
	return t->pid < 0 ? -errno : 0;
}

long scn_ktask_clone(struct scn_kernel *k, struct scn_task *from, int flags,
		     struct scn_task **tp)
{
	struct scn_task *t = calloc(1, sizeof(*t));
	struct spawn_req r = { t, flags };
	long ret;

	if (!t)
		return -ENOMEM;
	t->k = k;
	t->stack = mmap(NULL, KT_STACK, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (t->stack == MAP_FAILED) {
		free(t);
		return -ENOMEM;
	}
	t->state = KT_IDLE;
	ret = from ? scn_ktask_run(from, spawn, &r) : spawn(NULL, &r);
	if (ret < 0) {
		munmap(t->stack, KT_STACK);
		free(t);
		return ret;
	}
	t->next = k->tasks;
	k->tasks = t;
	*tp = t;
	return 0;
}

long scn_ktask_new(struct scn_kernel *k, struct scn_task *from,
		   struct scn_task **tp)
{
	return scn_ktask_clone(k, from, 0, tp);
}

/* One task ends and is reaped: by then it has left its namespaces. */
static void ktask_end(struct scn_task *t)
{
	if (load(&t->state) != KT_GONE)
		store(&t->state, KT_QUIT);
	while (waitpid(t->pid, NULL, __WALL) < 0 && errno == EINTR)
		;
	munmap(t->stack, KT_STACK);
	free(t);
}

void scn_ktask_end(struct scn_kernel *k, struct scn_task *t)
{
	struct scn_task **pp;

	for (pp = &k->tasks; *pp; pp = &(*pp)->next) {
		if (*pp == t) {
			*pp = t->next;
			break;
		}
	}
	ktask_end(t);
}

void scn_ktask_end_all(struct scn_kernel *k)
{
	struct scn_task *t;

	while ((t = k->tasks)) {
		k->tasks = t->next;
		ktask_end(t);
	}
	k->init = NULL;
}


static long do_syscall(struct scn_task *t, void *arg)
{
	const long *a = arg;
	long ret = syscall(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);

	return ret < 0 ? -errno : ret;
}

long scn_ksys(struct scn_task *t, long nr, const long a[6])
{
	long req[7] = { nr, a[0], a[1], a[2], a[3], a[4], a[5] };

	return scn_ktask_run(t, do_syscall, req);
}

/* ---- the sandbox ----------------------------------------------------------- */

#define NS_PATH "/proc/self/ns/mnt"

static long fail(struct scn_task *t, const char *what)
{
	int err = errno;

	snprintf(t->k->why, sizeof(t->k->why), "%s: %s", what, strerror(err));
	return -err;
}

long scn_ksandbox_enter(struct scn_task *t, void *arg)
{
	struct stat before, after;

	if (stat(NS_PATH, &before) < 0)
		return fail(t, NS_PATH);
	if (unshare(CLONE_NEWNS) < 0)
		return fail(t, "unshare(CLONE_NEWNS)");
	if (stat(NS_PATH, &after) < 0)
		return fail(t, NS_PATH " after unshare");
	if (after.st_ino == before.st_ino && after.st_dev == before.st_dev) {
		snprintf(t->k->why, sizeof(t->k->why),
			 "unshare(CLONE_NEWNS) left the mount namespace as it was");
		return -EPERM;
	}
	/* from here on only this namespace's copies of the mounts change */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return fail(t, "making / rprivate");
	umask(022);
	/* the namespace and mountinfo files are reached through it after
	 * the chroot */
	t->k->procfd = open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (t->k->procfd < 0)
		return fail(t, "/proc");
	return 0;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/*
 * The scenario's tmpfs ("kdiff-root") is mounted on /tmp of another empty
 * tmpfs ("kdiff-base") that pivot_root(2) made the namespace's root, the
 * caller's tree detached: the model's `boot empty` has the same shape
 * under vfsim-kdiff.  A working directory left outside the scenario's
 * root can climb out of it with "..", but only into kdiff-base
 * (tests/kernel/dotdot_cwd_outside_root.scn).
 */
long scn_ksandbox_boot(struct scn_task *t, void *arg)
{
	const char *dir = is_dir("/tmp") ? "/tmp" : "/mnt";

	if (mount("kdiff-base", dir, "tmpfs", 0, "mode=755") < 0)
		return fail(t, "mount tmpfs kdiff-base");
	if (chdir(dir) < 0)
		return fail(t, "chdir into kdiff-base");
	/* pivot_root(".", "."): the old root ends up on top of the new one,
	 * and the umount of "." detaches it with every mount under it */
	if (syscall(SYS_pivot_root, ".", ".") < 0)
		return fail(t, "pivot_root into kdiff-base");
	if (umount2(".", MNT_DETACH) < 0)
		return fail(t, "detaching the caller's root");
	if (chdir("/") < 0 || mkdir("/tmp", 0755) < 0)
		return fail(t, "mkdir /tmp in kdiff-base");
	if (mount("kdiff-root", "/tmp", "tmpfs", 0, "mode=755") < 0)
		return fail(t, "mount tmpfs kdiff-root");
	if (chdir("/tmp") < 0 || chroot(".") < 0 || chdir("/") < 0)
		return fail(t, "chroot into kdiff-root");
	return 0;
}
