/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * fs.mount-max (struct vfsim_options.mount_max): a namespace holds at most
 * that many mounts; a mount, or a bind whose tree would pass the limit with
 * all its propagated copies, fails with -ENOSPC (count_mounts()) and
 * leaves the tree as it was.  0 is Linux's default, 100000.
 */
#include <errno.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/vfstest.h"

static struct vfsim *boot(unsigned int mount_max)
{
	struct vfsim_options opts = { .mount_max = mount_max };

	return vt_boot_with(&opts, "empty");
}

Test(vfs_mount_max, mount_and_rbind_stop_at_the_limit)
{
	struct vfsim *v = boot(4);
	struct vfsim_task *t = vfsim_init_task(v);

	OK(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755));
	OK(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL));	/* 2 mounts */
	OK(vfsim_mount(t, "/", "/b", NULL, MS_BIND | MS_REC, NULL));	/* 4 */
	cr_assert_eq(vt_count_mounts(t), 4);
	/* one more is one too many, and an rbind of two more is too */
	EXPECT(vfsim_mount(t, "c", "/a", "tmpfs", 0, NULL), -ENOSPC);
	EXPECT(vfsim_mount(t, "/a", "/a", NULL, MS_BIND | MS_REC, NULL), -ENOSPC);
	cr_assert_eq(vt_count_mounts(t), 4, "a refused mount left something behind");
	OK(vfsim_umount2(t, "/b/a", 0));
	OK(vfsim_mount(t, "c", "/a", "tmpfs", 0, NULL));
	cr_assert_eq(vt_finish(v), 0);
}

Test(vfs_mount_max, zero_is_the_default)
{
	struct vfsim *v = boot(0);
	struct vfsim_task *t = vfsim_init_task(v);
	int i;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755));
	/* 2^7 = 128 mounts from seven doubling rbinds: far below 100000 */
	OK(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL));
	for (i = 0; i < 6; i++)
		OK(vfsim_mount(t, "/", "/", NULL, MS_BIND | MS_REC, NULL));
	cr_assert_eq(vt_count_mounts(t), 128);
	cr_assert_eq(vt_finish(v), 0);
}
