/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * listmount(2) as Linux 6.18 answers it (vfs/statmount.c): the mounts
 * below a mount (or the caller's root, LSMT_ROOT, itself included) in
 * unique-ID order, paged by the last ID seen, LISTMOUNT_REVERSE, the
 * count limits, every errno.
 *
 *   /              rootfs (1)          U+0
 *   |-/a           tmpfs "a" (2)       U+1
 *   |  `-/a/x      tmpfs "ax" (3)      U+2
 *   |     `-/a/x/y tmpfs "axy" (4)     U+3
 *   `-/b           tmpfs "b" (5)       U+4
 *      `-/b/x      bind of /a (6)      U+5 (a copy: its child not taken)
 *
 * where U is 6.18's first unique mount ID, 2^31 + 1.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

#define U (0x80000000ULL + 1)

static struct vfsim *v;
static struct vfsim_task *t;
static uint64_t ids[16];

static void build(struct vfsim *vv)
{
	struct vfsim_task *it = vfsim_init_task(vv);

	fx_tmpfs(it, "a", "/a");
	fx_tmpfs(it, "ax", "/a/x");
	fx_tmpfs(it, "axy", "/a/x/y");
	fx_tmpfs(it, "b", "/b");
	OK(vfsim_mkdirat(it, AT_FDCWD, "/b/x", 0755));
	OK(vfsim_mount(it, "/a", "/b/x", NULL, MS_BIND, NULL));
}

static long lm_as(struct vfsim_task *task, uint64_t parent, uint64_t last, size_t n,
		  unsigned int flags)
{
	struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = parent, .param = last };

	memset(ids, 0xee, sizeof(ids));
	return vfsim_listmount(task, &r, ids, n, flags);
}

static long lm(uint64_t parent, uint64_t last, size_t n, unsigned int flags)
{
	return lm_as(t, parent, last, n, flags);
}

static void ids_are(long n, const uint64_t *want)
{
	long i;

	for (i = 0; i < n; i++)
		cr_assert_eq(ids[i], want[i], "ids[%ld]: %#llx, want %#llx", i,
			     (unsigned long long)ids[i], (unsigned long long)want[i]);
	cr_assert_eq(ids[n], 0xeeeeeeeeeeeeeeeeULL, "nothing past the count");
}

VT_TEST(listmount, whole_tree_and_subtrees, "empty", build)
{
	EXPECT(lm(LSMT_ROOT, 0, 16, 0), 6);
	ids_are(6, (uint64_t[]){ U, U + 1, U + 2, U + 3, U + 4, U + 5 });
	EXPECT(lm(LSMT_ROOT, 0, 16, LISTMOUNT_REVERSE), 6);
	ids_are(6, (uint64_t[]){ U + 5, U + 4, U + 3, U + 2, U + 1, U });
	/* a mount's descendants, not itself */
	EXPECT(lm(U, 0, 16, 0), 5);
	EXPECT(lm(U + 1, 0, 16, 0), 2);
	ids_are(2, (uint64_t[]){ U + 2, U + 3 });
	EXPECT(lm(U + 4, 0, 16, LISTMOUNT_REVERSE), 1);
	ids_are(1, (uint64_t[]){ U + 5 });
	EXPECT(lm(U + 3, 0, 16, 0), 0);
	/* IDs follow creation, not the tree: a later mount under /a */
	OK(vfsim_umount2(t, "/a/x/y", 0));
	fx_tmpfs(t, "az", "/a/z");
	EXPECT(lm(U + 1, 0, 16, 0), 2);
	ids_are(2, (uint64_t[]){ U + 2, U + 6 });
}

VT_TEST(listmount, paging, "empty", build)
{
	uint64_t last = 0, seen[8];
	size_t n = 0;
	long got;

	/* two at a time, from the last ID of each page */
	while ((got = lm(LSMT_ROOT, last, 2, 0)) > 0) {
		cr_assert_leq(got, 2);
		memcpy(seen + n, ids, (size_t)got * sizeof(ids[0]));
		n += (size_t)got;
		last = ids[got - 1];
	}
	EXPECT(got, 0);
	cr_assert_eq(n, 6);
	cr_assert_eq(seen[0], U);
	cr_assert_eq(seen[5], U + 5);
	/* backwards */
	EXPECT(lm(LSMT_ROOT, U + 3, 2, LISTMOUNT_REVERSE), 2);
	ids_are(2, (uint64_t[]){ U + 2, U + 1 });
	EXPECT(lm(LSMT_ROOT, U + 3, 16, 0), 2);
	ids_are(2, (uint64_t[]){ U + 4, U + 5 });
	/* a last ID that names no mount is a place in the order all the same */
	EXPECT(lm(LSMT_ROOT, U + 100, 16, LISTMOUNT_REVERSE), 6);
	EXPECT(lm(LSMT_ROOT, U + 100, 16, 0), 0);
	/* room for none */
	EXPECT(lm(LSMT_ROOT, 0, 0, 0), 0);
	cr_assert_eq(vfsim_listmount(t, &(struct mnt_id_req){ .size = 24, .mnt_id = LSMT_ROOT },
				     NULL, 0, 0), 0);
	/* one of each heap shape: 1, 3, 5 of 6 */
	EXPECT(lm(LSMT_ROOT, 0, 1, 0), 1);
	ids_are(1, (uint64_t[]){ U });
	EXPECT(lm(LSMT_ROOT, 0, 3, LISTMOUNT_REVERSE), 3);
	ids_are(3, (uint64_t[]){ U + 5, U + 4, U + 3 });
	EXPECT(lm(LSMT_ROOT, 0, 5, 0), 5);
	ids_are(5, (uint64_t[]){ U, U + 1, U + 2, U + 3, U + 4 });
}

VT_TEST(listmount, errors, "empty", build)
{
	struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER1, .mnt_id = LSMT_ROOT };
	int fd;

	EXPECT(lm(LSMT_ROOT, 0, 16, 2), -EINVAL);
	EXPECT(lm(LSMT_ROOT, 0, 16, LISTMOUNT_REVERSE | 4), -EINVAL);
	EXPECT(lm(LSMT_ROOT, 0, 1000001, 0), -EOVERFLOW);
	EXPECT(lm(LSMT_ROOT, 5, 16, 0), -EINVAL);
	EXPECT(lm(LSMT_ROOT, 0x80000000ULL, 16, 0), -EINVAL);
	EXPECT(lm(5, 0, 16, 0), -EINVAL);
	EXPECT(lm(U + 77, 0, 16, 0), -ENOENT);
	EXPECT(vfsim_listmount(t, NULL, ids, 16, 0), -EFAULT);
	EXPECT(vfsim_listmount(t, &r, NULL, 16, 0), -EFAULT);
	r.size = 8;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), -EINVAL);
	r.size = 4097;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), -E2BIG);
	r.size = MNT_ID_REQ_SIZE_VER1;
	r.mnt_ns_id = 4;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), 6);
	r.mnt_ns_id = 9;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), -ENOENT);
	r.mnt_ns_id = 0;
	r.mnt_ns_fd = 77;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), -EBADF);
	fd = (int)vfsim_openat(t, AT_FDCWD, "/a", O_RDONLY, 0);
	r.mnt_ns_fd = (uint32_t)fd;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), -EINVAL);
	OK(vfsim_close(t, fd));
	EXPECT(vfsim_listmount(NULL, &r, ids, 16, 0), -EINVAL);
}

VT_TEST(listmount, permissions, "empty", build)
{
	struct vfsim_task *jail = vt_task(v, 1000, 1000), *admin = vt_task(v, 0, 0);

	vfsim_task_set_caps(jail, ~0ULL);
	OK(vfsim_chroot(jail, "/a"));
	vfsim_task_set_caps(jail, 0);
	OK(vfsim_chroot(admin, "/a"));
	/* LSMT_ROOT is the caller's root: /a and below */
	EXPECT(lm_as(jail, LSMT_ROOT, 0, 16, 0), 3);
	ids_are(3, (uint64_t[]){ U + 1, U + 2, U + 3 });
	/* a mount outside: EPERM without CAP_SYS_ADMIN */
	EXPECT(lm_as(jail, U + 4, 0, 16, 0), -EPERM);
	EXPECT(lm_as(jail, U, 0, 16, 0), -EPERM);
	EXPECT(lm_as(admin, U, 0, 16, 0), 5);
	EXPECT(lm_as(admin, U + 4, 0, 16, 0), 1);
	vfsim_task_destroy(jail);
	vfsim_task_destroy(admin);
}
