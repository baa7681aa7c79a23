// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Wild user pointers to the C API (issue 30, item 3): each call must
 * return -EFAULT, as the kernel does, never crash.  Before the user-copy
 * seam caught real faults (compat/uaccess_fault.c) only the first page
 * and -1 were caught, and every case below died with SIGSEGV.  Also: a
 * fault outside a user copy still reaches the program's own handler, and
 * the fault-injection seam still works on top.
 *
 * A plain program (Criterion forks and installs handlers of its own):
 * prints each case and exits 1 at the first that goes wrong.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/vfsim.h>

#define WILD ((void *)0xdeadbeefUL)
#define KERNEL_HALF ((void *)0xffff800000000000UL)
#define NONCANONICAL ((void *)0x8000000000000000UL)

static int failures;

static void expect(const char *what, long got, long want)
{
	printf("%-58s %ld%s\n", what, got, got == want ? "" : "  <- wrong");
	if (got != want)
		failures++;
}

/* Two pages, the second PROT_NONE: a buffer at @tail bytes before the end
 * of the first runs into it. */
static char *guarded(size_t tail)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || mprotect(p + 4096, 4096, PROT_NONE)) {
		perror("mmap");
		exit(2);
	}
	memset(p, 'x', 4096);
	return p + 4096 - tail;
}

static sigjmp_buf own_env;
static volatile sig_atomic_t own_hits;

static void own_handler(int sig)
{
	(void)sig;
	own_hits++;
	siglongjmp(own_env, 1);
}

int main(void)
{
	struct vfsim *v;
	struct vfsim_task *t;
	struct sigaction sa;
	int fds[2], wq[2];

	setvbuf(stdout, NULL, _IOLBF, 0);
	/* The program's handler, there before the model's. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = own_handler;
	sigaction(SIGSEGV, &sa, NULL);

	if (vfsim_create(NULL, &v) || vfsim_boot(v, "default"))
		return 2;
	t = vfsim_init_task(v);

	expect("mkdirat(AT_FDCWD, 0xdeadbeef, 0755)",
	       vfsim_mkdirat(t, AT_FDCWD, WILD, 0755), -EFAULT);
	expect("mkdirat(AT_FDCWD, 0x8000000000000000, 0755)",
	       vfsim_mkdirat(t, AT_FDCWD, NONCANONICAL, 0755), -EFAULT);
	expect("mount(\"none\", 0xdeadbeef, \"tmpfs\")",
	       vfsim_mount(t, "none", WILD, "tmpfs", 0, NULL), -EFAULT);
	expect("mount(\"none\", \"/mnt\", 0xffff800000000000)",
	       vfsim_mount(t, "none", "/mnt", KERNEL_HALF, 0, NULL), -EFAULT);
	/* A path that runs into a PROT_NONE page before its NUL. */
	expect("mkdirat() of a path running into PROT_NONE",
	       vfsim_mkdirat(t, AT_FDCWD, guarded(16), 0755), -EFAULT);

	if (vfsim_pipe2(t, fds, 0) || vfsim_write(t, fds[1], "abc", 3) != 3)
		return 2;
	expect("read(pipe, 0xffff800000000000, 3)",
	       vfsim_read(t, fds[0], KERNEL_HALF, 3), -EFAULT);
	expect("write(pipe, 0xdeadbeef, 3)", vfsim_write(t, fds[1], WILD, 3), -EFAULT);
	{
		char buf[8] = "";

		/* what the failed read left is still there to read */
		expect("read(pipe, buf, 8) after them", vfsim_read(t, fds[0], buf, 8), 3);
	}

	if (vfsim_pipe2(t, wq, O_NOTIFICATION_PIPE))
		return 2;
	expect("ioctl(IOC_WATCH_QUEUE_SET_FILTER, 0xdeadbeef)",
	       vfsim_ioctl(t, wq[0], IOC_WATCH_QUEUE_SET_FILTER, (unsigned long)WILD), -EFAULT);

	/* statmount() whose buffer runs into a PROT_NONE page. */
	{
		struct statx stx;
		struct mnt_id_req req;

		memset(&stx, 0, sizeof(stx));
		if (vfsim_statx(t, AT_FDCWD, "/", 0, 0x4000, &stx))
			return 2;
		memset(&req, 0, sizeof(req));
		req.size = MNT_ID_REQ_SIZE_VER0;
		req.mnt_id = stx.stx_mnt_id;
		req.param = STATMOUNT_MNT_ROOT | STATMOUNT_MNT_POINT | STATMOUNT_FS_TYPE;
		expect("statmount() into a buffer that runs into PROT_NONE",
		       vfsim_statmount(t, &req, (void *)guarded(64), 1024, 0), -EFAULT);
	}

	/* The fault-injection seam still works on top: the 1st copy faults. */
	vfsim_fail_nth_uaccess(v, 1, 0);
	expect("mkdirat(\"/mnt/x\") with the 1st copy faulted",
	       vfsim_mkdirat(t, AT_FDCWD, "/mnt/x", 0755), -EFAULT);
	expect("... fired", vfsim_uaccess_fault_fired(v), 1);
	expect("mkdirat(\"/mnt/x\") then", vfsim_mkdirat(t, AT_FDCWD, "/mnt/x", 0755), 0);

	/* A fault of the program's own still reaches its handler. */
	if (!sigsetjmp(own_env, 1))
		*(volatile char *)WILD = 1;
	expect("the program's own fault reached its handler", own_hits, 1);

	{
		char why[256] = "";

		expect("invariants", vfsim_check_invariants(v, why, sizeof(why)), 0);
	}
	expect("destroy_check", (long)vfsim_destroy_check(v, stderr), 0);
	return failures ? 1 : 0;
}
