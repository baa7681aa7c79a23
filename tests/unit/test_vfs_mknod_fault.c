/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown fault sweeps (common/fault_sweep.h) over device nodes and the
 * pseudo filesystems (issue 29): every allocation of mknod, of opening a
 * device (a ptmx's pty), of each new filesystem's mount and of ext4's
 * source lookup fails in turn; each failure gives -ENOMEM, leaves no
 * allocation behind, no node made and the mount tree as it was, and the
 * invariants hold; the call, run again, succeeds.  The user-copy sweep:
 * mknod's path, copied once.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/vfstest.h"

static void setup_dirs(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/t", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m", 0755));
	OK(vfsim_mount(t, "t", "/t", "tmpfs", 0, NULL));
}

static void setup_pts(struct fault_run *r)
{
	setup_dirs(r);
	OK(vfsim_mkdirat(r->t, AT_FDCWD, "/t/pts", 0755));
	OK(vfsim_mknodat(r->t, AT_FDCWD, "/t/ptmx", S_IFCHR | 0666, makedev(5, 2)));
	OK(vfsim_mount(r->t, "devpts", "/t/pts", "devpts", 0, "max=4"));
}

static void setup_disk_node(struct fault_run *r)
{
	setup_dirs(r);
	OK(vfsim_mknodat(r->t, AT_FDCWD, "/t/vdb", S_IFBLK | 0600, makedev(254, 16)));
}

static long op_mknod_chr(struct fault_run *r)
{
	return vfsim_mknodat(r->t, AT_FDCWD, "/t/null", S_IFCHR | 0666, makedev(1, 3));
}

static long op_mknod_fifo_arg(struct fault_run *r)
{
	return vfsim_mknodat(r->t, AT_FDCWD, r->args[0], S_IFIFO | 0600, 0);
}

/* A failed mknod made nothing. */
static void no_node(struct fault_run *r)
{
	struct statx st;

	EXPECT(vfsim_statx(r->t, AT_FDCWD, "/t/null", 0, STATX_BASIC_STATS, &st), -ENOENT);
}

static long op_open_ptmx(struct fault_run *r)
{
	long fd = vfsim_openat(r->t, AT_FDCWD, "/t/ptmx", O_RDWR, 0);

	return fd < 0 ? fd : vfsim_close(r->t, (int)fd);
}

static long op_mount_devpts(struct fault_run *r)
{
	return vfsim_mount(r->t, "devpts", "/m", "devpts", 0, "ptmxmode=0666,gid=5");
}

static long op_mount_mqueue(struct fault_run *r)
{
	return vfsim_mount(r->t, "mqueue", "/m", "mqueue", MS_NODEV, NULL);
}

static long op_mount_sysfs(struct fault_run *r)
{
	return vfsim_mount(r->t, "sysfs", "/m", "sysfs", 0, NULL);
}

static long op_mount_cgroup2(struct fault_run *r)
{
	return vfsim_mount(r->t, "cgroup2", "/m", "cgroup2", 0, "nsdelegate");
}

static long op_mount_proc(struct fault_run *r)
{
	return vfsim_mount(r->t, "proc", "/m", "proc", 0, "hidepid=2,gid=5");
}

static long op_mount_ext4_node(struct fault_run *r)
{
	return vfsim_mount(r->t, "/t/vdb", "/m", "ext4", 0, "label=b");
}

static char *tree_outcome(struct fault_run *r)
{
	return vt_tree(r->t, VT_ALL | VT_NOID);
}

#define SWEEP(id, ...) FAULT_ALLOC_TEST(vfs_mknod_fault_alloc, id, .frees_all = true, __VA_ARGS__)

/* getname, the inode, the dentry; an inode that cannot be had is ENOSPC
 * (shmem_get_inode()) */
SWEEP(mknod_chr, .setup = setup_dirs, .op = op_mknod_chr, .after_fail = no_node,
      .errnos = { ENOMEM, ENOSPC }, .min_allocs = 3)
/* the file, the pty's record, the index allocator's bitmap.  The bitmap
 * stays with the instance once grown (as the kernel's IDA keeps it), so
 * a failure after it may leave it: not .frees_all. */
FAULT_ALLOC_TEST(vfs_mknod_fault_alloc, open_ptmx, .setup = setup_pts, .op = op_open_ptmx,
		 .min_allocs = 5)
/* each: the superblock, its root, what the filesystem keeps */
SWEEP(mount_devpts, .setup = setup_dirs, .op = op_mount_devpts, .outcome = tree_outcome,
      .min_allocs = 15)
SWEEP(mount_mqueue, .setup = setup_dirs, .op = op_mount_mqueue, .outcome = tree_outcome,
      .min_allocs = 10)
SWEEP(mount_sysfs, .setup = setup_dirs, .op = op_mount_sysfs, .outcome = tree_outcome,
      .min_allocs = 10)
SWEEP(mount_cgroup2, .setup = setup_dirs, .op = op_mount_cgroup2, .outcome = tree_outcome,
      .min_allocs = 11)
SWEEP(mount_proc, .setup = setup_dirs, .op = op_mount_proc, .outcome = tree_outcome,
      .min_allocs = 27)
/* the source's walk (kern_path()) comes first */
SWEEP(mount_ext4_from_node, .setup = setup_disk_node, .op = op_mount_ext4_node,
      .outcome = tree_outcome, .min_allocs = 17)

FAULT_UACCESS_TEST(vfs_mknod_fault_uaccess, mknod_path, .setup = setup_dirs,
		   .op = op_mknod_fifo_arg, FAULT_ONE_PATH("/t/fifo"),
		   .null_ret = { 0 }, .tail_ret = { 0 })
