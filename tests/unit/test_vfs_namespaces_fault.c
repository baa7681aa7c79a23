/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Allocation-failure sweeps (common/fault_sweep.h) over the namespace
 * calls: fork (copy_files(), copy_fs(), copy_namespaces() with
 * copy_mnt_ns() and copy_tree()), unshare (unshare_fs(), unshare_fd(),
 * copy_mnt_ns()), the namespace file and setns.  Each failure is -ENOMEM
 * and leaves the caller's tree and namespace as they were, no task or
 * namespace half made (no leak: .frees_all), the invariants true (each
 * namespace's count is its holders'); run again, the call succeeds.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"

static struct vfsim_task *child, *other;
static long nsfd;

/*
 *   /            rootfs
 *   |-/vol       tmpfs "vol", shared:1, with /vol/sub (tmpfs "sub")
 *   |-/s         bind of /vol, master:1
 *   `-/priv      tmpfs "priv", with two fds open on it and the cwd there
 */
static void setup(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	child = other = NULL;
	fx_dirs(t, "/vol", "/s", "/priv", NULL);
	fx_tmpfs(t, "vol", "/vol");
	OK(vfsim_mount(t, NULL, "/vol", NULL, MS_SHARED, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/vol/sub", 0755));
	fx_tmpfs(t, "sub", "/vol/sub");
	OK(vfsim_mount(t, "/vol", "/s", NULL, MS_BIND | MS_REC, NULL));
	OK(vfsim_mount(t, NULL, "/s", NULL, MS_SLAVE, NULL));
	fx_tmpfs(t, "priv", "/priv");
	OK(vfsim_openat(t, AT_FDCWD, "/priv", O_PATH, 0));
	OK(vfsim_openat(t, AT_FDCWD, "/vol", O_RDONLY | O_DIRECTORY, 0));
	OK(vfsim_chdir(t, "/priv"));
}

/* setup, and a task sharing the caller's fd table and fs_struct. */
static void setup_shared(struct fault_run *r)
{
	setup(r);
	OK(vfsim_task_fork(r->t, CLONE_FILES | CLONE_FS, &other));
}

/* setup, and a child in a namespace of its own with a mount there. */
static void setup_other_ns(struct fault_run *r)
{
	setup(r);
	OK(vfsim_task_fork(r->t, CLONE_NEWNS, &other));
	OK(vfsim_mount(other, "o", "/priv", "tmpfs", 0, NULL));
	/* anon_inodefs is mounted on first use and stays: not the op's */
	nsfd = vfsim_open_mntns(r->t, 0);
	OK(nsfd);
	OK(vfsim_close(r->t, (int)nsfd));
}

static void cleanup(struct fault_run *r)
{
	(void)r;
	vfsim_task_exit(child);
	child = NULL;
}

static long op_fork(struct fault_run *r)
{
	return vfsim_task_fork(r->t, 0, &child);
}

static long op_fork_newns(struct fault_run *r)
{
	return vfsim_task_fork(r->t, CLONE_NEWNS, &child);
}

static long op_unshare_all(struct fault_run *r)
{
	return vfsim_unshare(r->t, CLONE_NEWNS | CLONE_FILES | CLONE_FS);
}

static long op_unshare_newns(struct fault_run *r)
{
	return vfsim_unshare(r->t, CLONE_NEWNS);
}

/* open("/proc/PID/ns/mnt") of the other task, setns into it, close. */
static long op_setns(struct fault_run *r)
{
	long ret;

	nsfd = vfsim_open_task_mntns(r->t, other, 0);
	if (nsfd < 0)
		return nsfd;
	ret = vfsim_setns(r->t, (int)nsfd, CLONE_NEWNS);
	vfsim_close(r->t, (int)nsfd);
	return ret;
}

/* The task, its fd table and the table's array, its fs_struct. */
FAULT_ALLOC_TEST(ns_fault, fork, .setup = setup, .op = op_fork, .cleanup = cleanup,
		 .frees_all = true, .min_allocs = 4)
/* And the namespace, a copy of each of its 6 mounts with its devname,
 * and the peer group the slave's copy joins (none: peers share IDs). */
FAULT_ALLOC_TEST(ns_fault, fork_newns, .setup = setup, .op = op_fork_newns,
		 .cleanup = cleanup, .frees_all = true, .min_allocs = 17)
/* A copy of the shared fs_struct, of the shared fd table, and the
 * namespace. */
FAULT_ALLOC_TEST(ns_fault, unshare_all, .setup = setup_shared, .op = op_unshare_all,
		 .frees_all = true, .min_allocs = 16)
/* In place: the fs_struct is the caller's alone. */
FAULT_ALLOC_TEST(ns_fault, unshare_newns, .setup = setup, .op = op_unshare_newns,
		 .frees_all = true, .min_allocs = 13)
/* The namespace file (the file, its anon inode and dentry); setns itself
 * allocates nothing. */
FAULT_ALLOC_TEST(ns_fault, setns, .setup = setup_other_ns, .op = op_setns,
		 .frees_all = true, .min_allocs = 3)
