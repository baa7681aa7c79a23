// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The public API's edges (<vfsim/vfsim.h>, <vfsim/testing.h>,
 * <vfsim/afs.h>, <vfsim/nfs.h>): what each entry point does with a NULL
 * task or instance, before boot, and with options out of range.  A call
 * without a task is -EINVAL and changes nothing; the accessors answer
 * their documented "none" value; setters ignore NULL.  Then the few calls
 * no other suite makes (fchdir, the task's gid, the walk counters).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/afs.h>
#include <vfsim/nfs.h>
#include <vfsim/testing.h>
#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/vfsim.h>

#include "common/check.h"

static int count_cb(const struct vfsim_mount_desc *m, void *arg)
{
	(void)m;
	++*(int *)arg;
	return 0;
}

Test(api_args, null_task_is_einval)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_IDS };
	struct vfsim_nfs_server_status st;
	unsigned char rec[16] = { 0 };
	char buf[64];
	int fds[2] = { -1, -1 }, n = 0;

	EXPECT(vfsim_mkdirat(NULL, AT_FDCWD, "/x", 0755), -EINVAL);
	EXPECT(vfsim_symlinkat(NULL, "/", AT_FDCWD, "/l"), -EINVAL);
	EXPECT(vfsim_openat(NULL, AT_FDCWD, "/", O_RDONLY, 0), -EINVAL);
	EXPECT(vfsim_close(NULL, 0), -EINVAL);
	EXPECT(vfsim_chdir(NULL, "/"), -EINVAL);
	EXPECT(vfsim_fchdir(NULL, 0), -EINVAL);
	EXPECT(vfsim_chroot(NULL, "/"), -EINVAL);
	EXPECT(vfsim_chmod(NULL, "/", 0755), -EINVAL);
	EXPECT(vfsim_chown(NULL, "/", 0, 0), -EINVAL);
	EXPECT(vfsim_mount(NULL, "none", "/", "tmpfs", 0, NULL), -EINVAL);
	EXPECT(vfsim_umount2(NULL, "/", 0), -EINVAL);
	EXPECT(vfsim_mnt_set_expiry(NULL, "/"), -EINVAL);
	EXPECT(vfsim_expire_mounts(NULL), -EINVAL);
	EXPECT(vfsim_mkautomount(NULL, "/a", "tmpfs", "a", NULL), -EINVAL);
	EXPECT(vfsim_pipe2(NULL, fds, 0), -EINVAL);
	cr_expect_eq(fds[0], -1, "no fd made");
	EXPECT(vfsim_read(NULL, 0, buf, sizeof(buf)), -EINVAL);
	EXPECT(vfsim_write(NULL, 0, buf, 1), -EINVAL);
	EXPECT(vfsim_ioctl(NULL, 0, 0, 0), -EINVAL);
	EXPECT(vfsim_watch_mount(NULL, AT_FDCWD, "/", 0, 0, 1), -EINVAL);
	EXPECT(vfsim_watch_sb(NULL, AT_FDCWD, "/", 0, 0, 1), -EINVAL);
	EXPECT(vfsim_sb_error(NULL, "/", 5), -EINVAL);
	EXPECT(vfsim_sb_edquot(NULL, "/"), -EINVAL);
	EXPECT(vfsim_sb_network(NULL, "/", 0), -EINVAL);
	EXPECT(vfsim_for_each_mount(NULL, count_cb, &n), -EINVAL);
	EXPECT(vfsim_path_mnt_id(NULL, "/"), -EINVAL);
	EXPECT(vfsim_mount_by_id(NULL, 1, count_cb, &n), -EINVAL);
	cr_expect_eq(n, 0, "no callback without a task");
	EXPECT(vfsim_fsinfo(NULL, AT_FDCWD, "/", &p, buf, sizeof(buf)), -EINVAL);
	EXPECT(vfsim_mountinfo(NULL, buf, sizeof(buf)), -EINVAL);
	EXPECT(vfsim_print_tree(NULL, stdout), -EINVAL);
	EXPECT(vfsim_test_watch(NULL, 0, 1, 1), -EINVAL);
	EXPECT(vfsim_test_unwatch(NULL, 0, 1), -EINVAL);
	EXPECT(vfsim_test_post(NULL, 1, rec), -EINVAL);
	EXPECT(vfsim_test_destroy_object(NULL, 1), -EINVAL);
	EXPECT(vfsim_nfs_server_status(NULL, "/", &st), -EINVAL);
}

Test(api_args, null_accessors_and_setters)
{
	vfsim_task_destroy(NULL);
	vfsim_task_set_caps(NULL, 1);
	vfsim_task_set_signal_pending(NULL, true);
	cr_expect_eq(vfsim_task_caps(NULL), 0);
	cr_expect_eq(vfsim_task_uid(NULL), (uid_t)-1);
	cr_expect_eq(vfsim_task_gid(NULL), (gid_t)-1);
	cr_expect_null(vfsim_task_kernel(NULL));
	cr_expect_null(vfsim_init_task(NULL));
	cr_expect_eq(vfsim_quirks(NULL), 0);
	vfsim_set_quirks(NULL, VFSIM_QUIRK_B1);
	vfsim_set_oops_hook(NULL, NULL, NULL);
	vfsim_set_lsm(NULL, NULL, NULL);
	vfsim_testing_rename_race(NULL, 3);
	cr_expect_eq(vfsim_mount_walk_retries(NULL), 0);
	EXPECT(vfsim_check_invariants(NULL, NULL, 0), 0);	/* nothing to check */
	EXPECT(vfsim_boot(NULL, "empty"), -EINVAL);
	EXPECT(vfsim_afs_server_down(NULL, "x"), -EINVAL);
	EXPECT(vfsim_afs_server_up(NULL, "x"), -EINVAL);
	EXPECT(vfsim_afs_add_cells(NULL, "x"), -EINVAL);
	vfsim_destroy(NULL);
}

Test(api_args, create_options)
{
	struct vfsim_options o = { .mhash_shift = 21 };
	struct vfsim *v = (struct vfsim *)&o;

	EXPECT(vfsim_create(NULL, NULL), -EINVAL);
	EXPECT(vfsim_create(&o, &v), -EINVAL);
	cr_expect_null(v, "*out is NULL after a failure");
	o.mhash_shift = 0;
	o.allocator = (enum vfsim_allocator)7;
	EXPECT(vfsim_create(&o, &v), -EINVAL);
	/* The smallest hash works as well as the default one. */
	o.allocator = VFSIM_ALLOC_LIBC;
	o.mhash_shift = 1;
	OK(vfsim_create(&o, &v));
	OK(vfsim_boot(v, "default"));
	OK(vfsim_check_invariants(v, NULL, 0));
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

Test(api_args, before_boot)
{
	struct vfsim_task *t = (struct vfsim_task *)&t;
	struct vfsim *v;
	char why[64];

	OK(vfsim_create(NULL, &v));
	cr_expect_null(vfsim_init_task(v));
	EXPECT(vfsim_task_create(v, 1, 1, NULL), -EINVAL);
	EXPECT(vfsim_task_create(NULL, 1, 1, &t), -EINVAL);
	EXPECT(vfsim_task_create(v, 1, 1, &t), -EINVAL);
	cr_expect_null(t);
	EXPECT(vfsim_expire_mounts(v), -EINVAL);
	EXPECT(vfsim_boot(v, NULL), -EINVAL);
	EXPECT(vfsim_boot(v, "full"), -EINVAL);
	OK(vfsim_check_invariants(v, why, sizeof(why)));
	OK(vfsim_boot(v, "empty"));
	EXPECT(vfsim_boot(v, "empty"), -EBUSY);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

Test(api_args, task_calls)
{
	struct vfsim_task *init, *t;
	struct vfsim *v;
	long fd;

	OK(vfsim_create(NULL, &v));
	OK(vfsim_boot(v, "default"));
	init = vfsim_init_task(v);
	cr_assert_not_null(init);
	cr_expect_eq(vfsim_task_kernel(init), v);
	cr_expect_eq(vfsim_task_gid(init), 0);
	OK(vfsim_task_create(v, 1000, 100, &t));
	cr_expect_eq(vfsim_task_uid(t), 1000);
	cr_expect_eq(vfsim_task_gid(t), 100);
	cr_expect_eq(vfsim_task_caps(t), 0);

	/* fchdir: a directory fd becomes the cwd; a bad fd or a
	 * non-directory does not. */
	OK(vfsim_mkdirat(init, AT_FDCWD, "/d", 0755));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/d/e", 0755));
	fd = vfsim_openat(t, AT_FDCWD, "/d", O_RDONLY | O_DIRECTORY, 0);
	OK(fd);
	OK(vfsim_fchdir(t, (int)fd));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "e", 0755), -EEXIST);
	EXPECT(vfsim_fchdir(t, 99), -EBADF);
	OK(vfsim_close(t, (int)fd));
	fd = vfsim_openat(init, AT_FDCWD, "/d/f", O_RDONLY | O_CREAT, 0644);
	OK(fd);
	EXPECT(vfsim_fchdir(init, (int)fd), -ENOTDIR);
	OK(vfsim_close(init, (int)fd));

	/* The init task cannot go; a task made here can. */
	vfsim_task_destroy(init);
	cr_expect_eq(vfsim_init_task(v), init);
	vfsim_task_destroy(t);

	vfsim_testing_rename_race(v, 0);
	cr_expect_eq(vfsim_mount_walk_retries(v), 0);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}
