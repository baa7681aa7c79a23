// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Wild pointers through the syscall shim (issue 30, item 3; docs/shim.md
 * promises EFAULT): built like a program of the patch set, with
 * vfsim-shim's flags, its calls reach the model, whose user copies turn a
 * fault into -EFAULT (compat/uaccess_fault.c): -1 and errno EFAULT here.
 * Before, mount() with a target of 0xdeadbeef and a statmount() whose
 * buffer runs into a PROT_NONE page died with SIGSEGV.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/mount.h>	/* vfsim's: struct statmount, mnt_id_req */

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif
#ifndef __NR_statmount
#define __NR_statmount 457
#endif

static int failures;

static void expect_efault(const char *what, long ret)
{
	int e = errno;

	printf("%-52s %ld %s\n", what, ret, ret == -1 ? strerror(e) : "");
	if (ret != -1 || e != EFAULT)
		failures++;
}

int main(void)
{
	struct mnt_id_req req;
	struct statx stx;
	char *p;

	setvbuf(stdout, NULL, _IOLBF, 0);
	errno = 0;
	expect_efault("mount(\"none\", 0xdeadbeef, \"tmpfs\", 0, 0)",
		      mount("none", (char *)0xdeadbeefUL, "tmpfs", 0, 0));
	errno = 0;
	expect_efault("umount2(0xffff800000000000, 0)",
		      umount2((char *)0xffff800000000000UL, 0));

	memset(&stx, 0, sizeof(stx));
	if (statx(AT_FDCWD, "/", 0, STATX_MNT_ID_UNIQUE, &stx) ||
	    !(stx.stx_mask & STATX_MNT_ID_UNIQUE)) {
		perror("statx /");
		return 2;
	}
	/* Two pages, the second PROT_NONE; the buffer starts 64 bytes
	 * before it. */
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mprotect(p + 4096, 4096, PROT_NONE))
		return 2;
	memset(&req, 0, sizeof(req));
	req.size = MNT_ID_REQ_SIZE_VER0;
	req.mnt_id = stx.stx_mnt_id;
	req.param = STATMOUNT_MNT_ROOT | STATMOUNT_MNT_POINT | STATMOUNT_FS_TYPE;
	errno = 0;
	expect_efault("statmount() into a buffer running into PROT_NONE",
		      syscall(__NR_statmount, &req, p + 4096 - 64, 1024, 0));
	return failures ? 1 : 0;
}
