// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mount(2) at its edges, through the C API (the scenario language cannot
 * write these flags):
 *   - the old magic number in the top of the flags (MS_MGC_VAL) is
 *     stripped, as the kernel does; MS_MANDLOCK is EPERM (mandatory
 *     locking is configured out); two propagation types at once are
 *     EINVAL; MS_MOVE with an empty source is EINVAL;
 *   - a mount taken out of the namespace by a lazy umount but still held
 *     (as the cwd of a task) is no longer the caller's: remounting it,
 *     binding from or onto it, moving it and unmounting it are all EINVAL
 *     (changing its propagation is not checked, as in 5.6);
 *   - a recursive bind of a subdirectory takes only the mounts below it;
 *   - moving a file mount onto a directory is EINVAL (do_move_mount()).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"

#ifndef MS_MGC_VAL
#define MS_MGC_VAL 0xC0ED0000
#endif

static struct vfsim *v;
static struct vfsim_task *init;

static void setup(void)
{
	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "empty"), 0);
	init = vfsim_init_task(v);
	OK(vfsim_mkdirat(init, AT_FDCWD, "/m", 0755));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/b", 0755));
}

static void teardown(void)
{
	char why[256];

	EXPECT(vfsim_check_invariants(v, why, sizeof(why)), 0);
	cr_expect_eq(vfsim_warn_count(v), 0);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

TestSuite(mount_edges, .init = setup, .fini = teardown);

Test(mount_edges, flags)
{
	OK(vfsim_mount(init, "m", "/m", "tmpfs", MS_MGC_VAL | MS_RDONLY, NULL));
	EXPECT(vfsim_mkdirat(init, AT_FDCWD, "/m/d", 0755), -EROFS);
	OK(vfsim_umount2(init, "/m", 0));
	EXPECT(vfsim_mount(init, "m", "/m", "tmpfs", MS_MANDLOCK, NULL), -EPERM);
	OK(vfsim_mount(init, "m", "/m", "tmpfs", 0, NULL));
	EXPECT(vfsim_mount(init, "none", "/m", NULL, MS_SHARED | MS_PRIVATE, NULL), -EINVAL);
	EXPECT(vfsim_mount(init, "", "/b", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_mount(init, NULL, "/b", NULL, MS_MOVE, NULL), -EINVAL);
	OK(vfsim_umount2(init, "/m", 0));
	EXPECT(vfsim_path_mnt_id(init, "/m"), 1);
}

Test(mount_edges, detached_mount_is_not_ours)
{
	struct vfsim_task *t;

	OK(vfsim_mount(init, "m", "/m", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/m/d", 0755));
	OK(vfsim_task_create(v, 0, 1, &t));
	OK(vfsim_chdir(t, "/m"));
	OK(vfsim_umount2(init, "/m", MNT_DETACH));

	/* "." is the detached mount's root for t. */
	EXPECT(vfsim_mount(t, "none", ".", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "none", ".", NULL, MS_REMOUNT, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "d", "/b", NULL, MS_BIND, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "/b", "d", NULL, MS_BIND, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, ".", "/b", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_umount2(t, ".", 0), -EINVAL);
	vfsim_task_destroy(t);
}

Test(mount_edges, recursive_bind_of_a_subdirectory)
{
	long id;

	OK(vfsim_mount(init, "m", "/m", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/m/x", 0755));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/m/y", 0755));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/m/x/in", 0755));
	OK(vfsim_mount(init, "in", "/m/x/in", "tmpfs", 0, NULL));
	OK(vfsim_mount(init, "y", "/m/y", "tmpfs", 0, NULL));
	OK(vfsim_mount(init, "/m/x", "/b", NULL, MS_BIND | MS_REC, NULL));
	/* /m/x/in came along, /m/y did not. */
	id = vfsim_path_mnt_id(init, "/b/in");
	OK(id);
	cr_expect_neq(id, vfsim_path_mnt_id(init, "/b"));
	cr_expect_neq(id, vfsim_path_mnt_id(init, "/m/x/in"));
	EXPECT(vfsim_umount2(init, "/b/in", 0), 0);
	EXPECT(vfsim_umount2(init, "/b", 0), 0);
	OK(vfsim_umount2(init, "/m/y", 0));
	OK(vfsim_umount2(init, "/m/x/in", 0));
	OK(vfsim_umount2(init, "/m", 0));
}

Test(mount_edges, file_mounts)
{
	long fd;

	OK(vfsim_mount(init, "m", "/m", "tmpfs", 0, NULL));
	fd = vfsim_openat(init, AT_FDCWD, "/m/f", O_RDONLY | O_CREAT, 0644);
	OK(fd);
	OK(vfsim_close(init, (int)fd));
	fd = vfsim_openat(init, AT_FDCWD, "/m/g", O_RDONLY | O_CREAT, 0644);
	OK(fd);
	OK(vfsim_close(init, (int)fd));
	OK(vfsim_mount(init, "/m/f", "/m/g", NULL, MS_BIND, NULL));
	EXPECT(vfsim_mount(init, "/m/g", "/b", NULL, MS_MOVE, NULL), -EINVAL);
	OK(vfsim_umount2(init, "/m/g", 0));
	OK(vfsim_umount2(init, "/m", 0));
}
