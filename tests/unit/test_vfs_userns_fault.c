/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Allocation-failure and user-copy sweeps (common/fault_sweep.h) over user
 * namespaces: clone and unshare with CLONE_NEWUSER|CLONE_NEWNS (the user
 * namespace, then copy_mnt_ns() of a tree with shared, nosuid and read-only
 * mounts, locked by lock_mnt_tree()), and the uid_map write (one extent,
 * and more than the five kept inline).  Each failure is -ENOMEM (-EFAULT
 * for a copy) and leaves nothing made or half made (.frees_all), the
 * invariants true, the map unwritten; run again, the call succeeds.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"

static struct vfsim_task *user, *child;

/*
 *   /            rootfs
 *   |-/vol       tmpfs "vol", shared:1, with /vol/sub (tmpfs "sub")
 *   `-/ro        tmpfs "ro", ro,nosuid
 * and a task of uid 1000.
 */
static void setup(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	child = NULL;
	fx_dirs(t, "/vol", "/ro", NULL);
	fx_tmpfs(t, "vol", "/vol");
	OK(vfsim_mount(t, NULL, "/vol", NULL, MS_SHARED, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/vol/sub", 0755));
	fx_tmpfs(t, "sub", "/vol/sub");
	OK(vfsim_mount(t, "ro", "/ro", "tmpfs", MS_RDONLY | MS_NOSUID, NULL));
	OK(vfsim_task_create(r->v, 1000, 1000, &user));
}

/* setup, and a child of the init task in a user namespace of its own. */
static void setup_child_ns(struct fault_run *r)
{
	setup(r);
	OK(vfsim_task_fork(r->t, 0, &child));
	OK(vfsim_unshare(child, CLONE_NEWUSER));
}

static void cleanup(struct fault_run *r)
{
	(void)r;
	vfsim_task_exit(child);
	child = NULL;
}

static long op_fork_newuser_newns(struct fault_run *r)
{
	(void)r;
	return vfsim_task_fork(user, CLONE_NEWUSER | CLONE_NEWNS, &child);
}

static long op_unshare_newuser_newns(struct fault_run *r)
{
	(void)r;
	return vfsim_unshare(user, CLONE_NEWUSER | CLONE_NEWNS);
}

static long op_uid_map(struct fault_run *r)
{
	return vfsim_write_uid_map(r->t, child, r->args[0], strlen(r->c->args[0]));
}

/* The task, its fd table, its fs_struct, the user namespace, the mount
 * namespace and a copy of each of its 4 mounts with its devname. */
FAULT_ALLOC_TEST(userns_fault, fork_newuser_newns, .setup = setup,
		 .op = op_fork_newuser_newns, .cleanup = cleanup, .frees_all = true,
		 .min_allocs = 13)
/* In place: the user namespace, the mount namespace and its copies. */
FAULT_ALLOC_TEST(userns_fault, unshare_newuser_newns, .setup = setup,
		 .op = op_unshare_newuser_newns, .frees_all = true, .min_allocs = 10)
/* The text and the parse's extents. */
FAULT_ALLOC_TEST(userns_fault, uid_map_one, .setup = setup_child_ns, .op = op_uid_map,
		 .cleanup = cleanup, .nargs = 1, .args = { "0 1000 10\n" },
		 .frees_all = true, .min_allocs = 2)
/* And the extents past the five inline. */
FAULT_ALLOC_TEST(userns_fault, uid_map_many, .setup = setup_child_ns, .op = op_uid_map,
		 .cleanup = cleanup,
		 .nargs = 1, .args = { "0 100 1\n1 200 1\n2 300 1\n3 400 1\n4 500 1\n5 600 1\n" },
		 .frees_all = true, .min_allocs = 3)
FAULT_UACCESS_TEST(userns_fault, uid_map_copy, .setup = setup_child_ns, .op = op_uid_map,
		   .cleanup = cleanup, .nargs = 1, .args = { "0 1000 10\n" }, .copies = 1)
