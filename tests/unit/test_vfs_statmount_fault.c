/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown fault sweeps (common/fault_sweep.h) over statx, statmount
 * and listmount (vfs/stat.c, vfs/statmount.c): each failed allocation
 * gives -ENOMEM, each failed user copy -EFAULT; neither changes the tree
 * nor keeps an allocation, and the call repeated without a fault gives
 * the bytes a call that never saw one gives.
 *
 *   /                  rootfs
 *   |-/a               tmpfs "a", options "mode=700,size=1m"
 *   |  `-/a/b          tmpfs "b"
 *   |-/r               ramfs with 3999 bytes of options
 *   `-/ddd.../ddd      bind of /r/ddd.../ddd, both near PATH_MAX deep:
 *                      a statmount of it needs a second, larger buffer
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <vfsim/uapi/linux/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif

#define U (0x80000000ULL + 1)

static union {
	struct statmount sm;
	unsigned char bytes[20000];
} out;
static uint64_t ids[8];
static struct mnt_id_req req;
static struct statx stx;

static void setup(struct fault_run *r)
{
	char opts[4000], deep[4000], path[4100];

	fx_dirs(r->t, "/a", "/r", NULL);
	OK(vfsim_mount(r->t, "a", "/a", "tmpfs", 0, "mode=700,size=1m"));
	fx_tmpfs(r->t, "b", "/a/b");
	memset(opts, 'o', sizeof(opts) - 1);
	opts[sizeof(opts) - 1] = '\0';
	opts[5] = ',';
	OK(vfsim_mount(r->t, "long", "/r", "ramfs", 0, opts));
	strcpy(deep, "");
	while (strlen(deep) < 3900)
		strcat(deep, "/dddddddddddddddddddddddddddddddddddddddddddddddddd");
	snprintf(path, sizeof(path), "/r%s", deep);
	OK(vt_mkdir_p(r->t, path, 0755));
	OK(vt_mkdir_p(r->t, deep, 0755));
	OK(vfsim_mount(r->t, path, deep, NULL, MS_BIND, NULL));
}

static void fresh(uint64_t id, uint64_t param)
{
	memset(&req, 0, sizeof(req));
	req.size = MNT_ID_REQ_SIZE_VER0;
	req.mnt_id = id;
	req.param = param;
	memset(&out, 0xbd, sizeof(out));
	memset(ids, 0xbd, sizeof(ids));
	memset(&stx, 0xbd, sizeof(stx));
}

static long op_statmount_all(struct fault_run *r)
{
	fresh(U + 1, 0x7fff);
	return vfsim_statmount(r->t, &req, &out.sm, sizeof(out), 0);
}

static long op_statmount_basic(struct fault_run *r)
{
	fresh(U + 2, STATMOUNT_MNT_BASIC | STATMOUNT_SB_BASIC);
	return vfsim_statmount(r->t, &req, &out.sm, sizeof(out), 0);
}

/* 3999 bytes of options twice, and the rest: past 3 * PATH_MAX. */
static long op_statmount_retry(struct fault_run *r)
{
	fresh(U + 4, STATMOUNT_MNT_OPTS | STATMOUNT_OPT_ARRAY | STATMOUNT_SB_SOURCE |
		     STATMOUNT_MNT_POINT | STATMOUNT_MNT_ROOT);
	/* bigger than the first buffer, as a VER1 request */
	req.size = MNT_ID_REQ_SIZE_VER1;
	return vfsim_statmount(r->t, &req, &out.sm, sizeof(out), 0);
}

static long op_listmount(struct fault_run *r)
{
	fresh(LSMT_ROOT, 0);
	return vfsim_listmount(r->t, &req, ids, 8, LISTMOUNT_REVERSE);
}

static long op_statx(struct fault_run *r)
{
	fresh(0, 0);
	return vfsim_statx(r->t, AT_FDCWD, r->args[0], 0, STATX_MNT_ID_UNIQUE, &stx);
}

static char *outcome(struct fault_run *r)
{
	char *s = malloc(64 + 2 * (sizeof(out) + sizeof(ids) + sizeof(stx)));
	size_t n, i;

	cr_assert_not_null(s);
	n = (size_t)sprintf(s, "%ld ", r->ret);
	for (i = 0; i < sizeof(out); i++)
		n += (size_t)sprintf(s + n, "%02x", out.bytes[i]);
	for (i = 0; i < sizeof(ids); i++)
		n += (size_t)sprintf(s + n, "%02x", ((unsigned char *)ids)[i]);
	for (i = 0; i < sizeof(stx); i++)
		n += (size_t)sprintf(s + n, "%02x", ((unsigned char *)&stx)[i]);
	return s;
}

#define SM_ALLOC(id, ...)						\
	FAULT_ALLOC_TEST(statmount_fault_alloc, id, .setup = setup,	\
			 .changes_nothing = true, .frees_all = true,	\
			 .outcome = outcome, __VA_ARGS__)
#define SM_UACCESS(id, ...)						\
	FAULT_UACCESS_TEST(statmount_fault_uaccess, id, .setup = setup,	\
			   .changes_nothing = true, .frees_all = true,	\
			   .outcome = outcome, __VA_ARGS__)

/* struct kstatmount, the string buffer */
SM_ALLOC(statmount_all, .op = op_statmount_all, .min_allocs = 2)
/* struct kstatmount alone: no string asked for */
SM_ALLOC(statmount_basic, .op = op_statmount_basic, .min_allocs = 1)
/* struct kstatmount, the first string buffer, the second */
SM_ALLOC(statmount_retry, .op = op_statmount_retry, .min_allocs = 3)
/* the result array */
SM_ALLOC(listmount, .op = op_listmount, .min_allocs = 1)
/* the path name */
SM_ALLOC(statx, .op = op_statx, .nargs = 1, .args = { "/a/b" }, .min_allocs = 1)

/* mnt_id_req.size, the request, the string area, the struct */
SM_UACCESS(statmount_all, .op = op_statmount_all, .copies = 4)
/* mnt_id_req.size, the request, the struct */
SM_UACCESS(statmount_basic, .op = op_statmount_basic, .copies = 3)
/* the same, after a retry: the first try copied nothing out */
SM_UACCESS(statmount_retry, .op = op_statmount_retry, .copies = 4)
/* mnt_id_req.size, the request, the IDs */
SM_UACCESS(listmount, .op = op_listmount, .copies = 3)
/* the path, the struct statx */
SM_UACCESS(statx, .op = op_statx, .nargs = 1, .args = { "/a/b" }, .copies = 2)
