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
#include "common/fixtures.h"

#ifndef MS_MGC_VAL
#define MS_MGC_VAL 0xC0ED0000
#endif

static struct vfsim *v;
static struct vfsim_task *t;

/* The empty tree with directories /m and /b. */
static void dirs_m_b(struct vfsim *vm)
{
	fx_dirs(vfsim_init_task(vm), "/m", "/b", NULL);
}

VT_TEST(mount_edges, flags, "empty", dirs_m_b)
{
	OK(vfsim_mount(t, "m", "/m", "tmpfs", MS_MGC_VAL | MS_RDONLY, NULL));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755), -EROFS);
	OK(vfsim_umount2(t, "/m", 0));
	EXPECT(vfsim_mount(t, "m", "/m", "tmpfs", MS_MANDLOCK, NULL), -EPERM);
	OK(vfsim_mount(t, "m", "/m", "tmpfs", 0, NULL));
	EXPECT(vfsim_mount(t, "none", "/m", NULL, MS_SHARED | MS_PRIVATE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "", "/b", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/b", NULL, MS_MOVE, NULL), -EINVAL);
	OK(vfsim_umount2(t, "/m", 0));
	EXPECT(vfsim_path_mnt_id(t, "/m"), 1);
}

VT_TEST(mount_edges, detached_mount_is_not_ours, "empty", dirs_m_b)
{
	struct vfsim_task *held;

	OK(vfsim_mount(t, "m", "/m", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755));
	held = vt_task(v, 0, 1);
	OK(vfsim_chdir(held, "/m"));
	OK(vfsim_umount2(t, "/m", MNT_DETACH));

	/* "." is the detached mount's root for the held task. */
	EXPECT(vfsim_mount(held, "none", ".", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), -EINVAL);
	EXPECT(vfsim_mount(held, "none", ".", NULL, MS_REMOUNT, NULL), -EINVAL);
	EXPECT(vfsim_mount(held, "d", "/b", NULL, MS_BIND, NULL), -EINVAL);
	EXPECT(vfsim_mount(held, "/b", "d", NULL, MS_BIND, NULL), -EINVAL);
	EXPECT(vfsim_mount(held, ".", "/b", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_umount2(held, ".", 0), -EINVAL);
	vfsim_task_destroy(held);
}

VT_TEST(mount_edges, recursive_bind_of_a_subdirectory, "empty", dirs_m_b)
{
	long id;

	OK(vfsim_mount(t, "m", "/m", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/x", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/y", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/x/in", 0755));
	OK(vfsim_mount(t, "in", "/m/x/in", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "y", "/m/y", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "/m/x", "/b", NULL, MS_BIND | MS_REC, NULL));
	/* /m/x/in came along, /m/y did not. */
	id = vfsim_path_mnt_id(t, "/b/in");
	OK(id);
	cr_expect_neq(id, vfsim_path_mnt_id(t, "/b"));
	cr_expect_neq(id, vfsim_path_mnt_id(t, "/m/x/in"));
	EXPECT(vfsim_umount2(t, "/b/in", 0), 0);
	EXPECT(vfsim_umount2(t, "/b", 0), 0);
	OK(vfsim_umount2(t, "/m/y", 0));
	OK(vfsim_umount2(t, "/m/x/in", 0));
	OK(vfsim_umount2(t, "/m", 0));
}

VT_TEST(mount_edges, file_mounts, "empty", dirs_m_b)
{
	OK(vfsim_mount(t, "m", "/m", "tmpfs", 0, NULL));
	OK(vt_open_close(t, "/m/f", O_RDONLY | O_CREAT, 0644));
	OK(vt_open_close(t, "/m/g", O_RDONLY | O_CREAT, 0644));
	OK(vfsim_mount(t, "/m/f", "/m/g", NULL, MS_BIND, NULL));
	EXPECT(vfsim_mount(t, "/m/g", "/b", NULL, MS_MOVE, NULL), -EINVAL);
	OK(vfsim_umount2(t, "/m/g", 0));
	OK(vfsim_umount2(t, "/m", 0));
}
