// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_fsinfo_by_mount_id(): fsinfo() of a mount given its number gives
 * what the syscall gives for the same ID written in decimal (the value,
 * its size, and every error): on the default tree, for each mount's
 * MOUNT_INFO and the default STATFS; an ID that names no mount (EPERM),
 * one over INT_MAX (EINVAL) and, under quirk B11, the v17 code's 0; an fd
 * query (EINVAL); unreadable params (EFAULT); no task (EINVAL).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(void)
{
	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "default"), 0);
	t = vfsim_init_task(v);
}

static void teardown(void)
{
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

TestSuite(api_fsinfo_by_mount_id, .init = setup, .fini = teardown);

/* The syscall with the ID as a string, as the patch set's samples call it. */
static long by_string(unsigned long id, struct fsinfo_params *p, void *buf,
		      size_t size)
{
	char s[32];

	snprintf(s, sizeof(s), "%lu", id);
	p->flags = FSINFO_FLAGS_QUERY_MOUNT;
	return vfsim_fsinfo(t, AT_FDCWD, s, p, buf, size);
}

static int each_mount(const struct vfsim_mount_desc *m, void *arg)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_MOUNT_INFO };
	struct fsinfo_mount_info a, b;
	long ra, rb;

	memset(&a, 0xa5, sizeof(a));
	memset(&b, 0x5a, sizeof(b));
	ra = vfsim_fsinfo_by_mount_id(t, m->mnt_id, &p, &a, sizeof(a));
	rb = by_string(m->mnt_id, &p, &b, sizeof(b));
	cr_expect_eq(ra, rb, "mount %u", m->mnt_id);
	if (m->parent_id == m->mnt_id) {
		/* the rootfs, under the root: not reachable from it */
		cr_expect_eq(ra, -EPERM, "mount %u", m->mnt_id);
	} else {
		cr_expect_gt(ra, 0, "mount %u", m->mnt_id);
		cr_expect_eq(memcmp(&a, &b, sizeof(a)), 0, "mount %u", m->mnt_id);
		cr_expect_eq(a.mnt_id, m->mnt_id);
	}
	++*(int *)arg;
	return 0;
}

Test(api_fsinfo_by_mount_id, every_mount_as_the_syscall_gives_it)
{
	int nr = 0;

	cr_assert_eq(vfsim_for_each_mount(t, each_mount, &nr), 0);
	cr_expect_gt(nr, 3);
}

Test(api_fsinfo_by_mount_id, null_params_is_statfs)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_STATFS };
	struct fsinfo_statfs a, b;
	long id = vfsim_path_mnt_id(t, "/home");
	long ra, rb;

	cr_assert_gt(id, 0);
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	ra = vfsim_fsinfo_by_mount_id(t, (unsigned int)id, NULL, &a, sizeof(a));
	rb = by_string((unsigned long)id, &p, &b, sizeof(b));
	cr_expect_eq(ra, (long)sizeof(a));
	cr_expect_eq(ra, rb);
	cr_expect_eq(memcmp(&a, &b, sizeof(a)), 0);
	/* The size alone. */
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, (unsigned int)id, NULL, NULL, 0), ra);
}

Test(api_fsinfo_by_mount_id, errors_are_the_syscalls)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_MOUNT_INFO };
	struct fsinfo_mount_info a;

	/* No such mount: EPERM, as patch 09's lookup gives it. */
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, 999, &p, &a, sizeof(a)),
		     by_string(999, &p, &a, sizeof(a)));
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, 999, &p, &a, sizeof(a)), -EPERM);
	/* Over INT_MAX: EINVAL; with quirk B11, the v17 code's 0. */
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, (unsigned int)INT_MAX + 1, &p,
					      &a, sizeof(a)), -EINVAL);
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, UINT_MAX, &p, &a, sizeof(a)),
		     by_string(UINT_MAX, &p, &a, sizeof(a)));
	vfsim_set_quirks(v, VFSIM_QUIRK_B11);
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, (unsigned int)INT_MAX + 1, &p,
					      &a, sizeof(a)), 0);
	vfsim_set_quirks(v, 0);
	/* Query kinds: path (0) and mount are taken, fd and beyond are not. */
	p.flags = FSINFO_FLAGS_QUERY_PATH;
	cr_expect_gt(vfsim_fsinfo_by_mount_id(t, 2, &p, &a, sizeof(a)), 0);
	p.flags = FSINFO_FLAGS_QUERY_MOUNT;
	cr_expect_gt(vfsim_fsinfo_by_mount_id(t, 2, &p, &a, sizeof(a)), 0);
	p.flags = FSINFO_FLAGS_QUERY_FD;
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, 2, &p, &a, sizeof(a)), -EINVAL);
	p.flags = FSINFO_FLAGS_QUERY_MASK;
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, 2, &p, &a, sizeof(a)), -EINVAL);
	/* Reserved fields are the syscall's to refuse. */
	p.flags = 0;
	p.__reserved[0] = 1;
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, 2, &p, &a, sizeof(a)), -EINVAL);
	p.__reserved[0] = 0;
	/* Unreadable params, an unwritable buffer. */
	cr_assert_eq(vfsim_uaccess_unmap(v, &p, sizeof(p)), 0);
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, 2, &p, &a, sizeof(a)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	cr_assert_eq(vfsim_uaccess_unmap(v, &a, sizeof(a)), 0);
	cr_expect_eq(vfsim_fsinfo_by_mount_id(t, 2, &p, &a, sizeof(a)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	/* No task. */
	cr_expect_eq(vfsim_fsinfo_by_mount_id(NULL, 2, &p, &a, sizeof(a)), -EINVAL);
}
