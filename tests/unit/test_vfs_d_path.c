// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The kernel's path printers (vfs/d_path.c) called as the kernel calls
 * them, inside a task: d_path() gives the path from the task's root (a
 * chrooted task sees its own "/"), __d_path() the path below a given
 * root or NULL when the root is not on the way up, d_absolute_path_ns()
 * the path from the namespace root, dentry_path_raw() the path within
 * the filesystem; each is -ENAMETOOLONG for a buffer too small, the NUL
 * included.  kern_path()'s own checks: empty, and PATH_MAX long.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <vfs/d_path.h>
#include <vfs/kernel.h>
#include <vfs/mount.h>
#include <vfs/namei.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"

static struct vfsim *v;
static struct vfsim_task *init, *jailed;

static void setup(void)
{
	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "empty"), 0);
	init = vfsim_init_task(v);
	OK(vfsim_mkdirat(init, AT_FDCWD, "/m", 0755));
	OK(vfsim_mount(init, "m", "/m", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/m/dir", 0755));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/m/dir/sub", 0755));
	OK(vfsim_mkdirat(init, AT_FDCWD, "/other", 0755));
	OK(vfsim_task_create(v, 0, 1, &jailed));
	OK(vfsim_chroot(jailed, "/m"));
}

static void teardown(void)
{
	vfsim_task_destroy(jailed);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

TestSuite(d_path, .init = setup, .fini = teardown);

/* Look @name up as @t: the path, held. */
static void lookup(struct vfsim_entry *e, struct vfsim_task *t, const char *name,
		   struct path *p)
{
	vfsim_enter(e, (struct task_struct *)t);
	cr_assert_eq(kern_path(name, LOOKUP_FOLLOW, p), 0, "%s", name);
}

Test(d_path, from_the_task_root)
{
	struct vfsim_entry e;
	struct path p;
	char buf[64], *s;

	lookup(&e, init, "/m/dir/sub", &p);
	s = d_path(&p, buf, sizeof(buf));
	cr_expect_str_eq(s, "/m/dir/sub");
	s = d_path(&p, buf, 10);
	cr_expect_eq(s, ERR_PTR(-ENAMETOOLONG));
	s = d_absolute_path_ns(&p, buf, sizeof(buf));
	cr_expect_str_eq(s, "/m/dir/sub");
	s = d_absolute_path_ns(&p, buf, 5);
	cr_expect_eq(s, ERR_PTR(-ENAMETOOLONG));
	path_put(&p);

	lookup(&e, init, "/", &p);
	vfsim_leave(&e);
	vfsim_enter(&e, (struct task_struct *)init);
	s = d_path(&p, buf, sizeof(buf));
	cr_expect_str_eq(s, "/");
	cr_expect_eq(d_path(&p, buf, 1), ERR_PTR(-ENAMETOOLONG), "no room for the '/'");
	cr_expect_str_eq(d_absolute_path_ns(&p, buf, sizeof(buf)), "/");
	cr_expect_eq(d_absolute_path_ns(&p, buf, 1), ERR_PTR(-ENAMETOOLONG));
	path_put(&p);
	vfsim_leave(&e);
}

Test(d_path, chrooted_and_below_a_root)
{
	struct vfsim_entry e;
	struct path p, root, other;
	char buf[64], *s;

	/* The jailed task's "/" is /m. */
	lookup(&e, jailed, "/dir/sub", &p);
	cr_expect_str_eq(d_path(&p, buf, sizeof(buf)), "/dir/sub");
	cr_expect_str_eq(d_absolute_path_ns(&p, buf, sizeof(buf)), "/m/dir/sub");
	cr_assert_eq(kern_path("/dir", LOOKUP_FOLLOW, &root), 0);
	s = __d_path(&p, &root, buf, sizeof(buf));
	cr_expect_str_eq(s, "/sub");
	cr_expect_str_eq(__d_path(&root, &root, buf, sizeof(buf)), "/");
	cr_expect_eq(__d_path(&root, &root, buf, 1), ERR_PTR(-ENAMETOOLONG));
	cr_expect_eq(__d_path(&p, &root, buf, 3), ERR_PTR(-ENAMETOOLONG));
	vfsim_leave(&e);

	/* A root that is not on the way up: NULL. */
	lookup(&e, init, "/other", &other);
	cr_expect_null(__d_path(&p, &other, buf, sizeof(buf)));
	path_put(&other);
	path_put(&root);
	path_put(&p);
	vfsim_leave(&e);
}

/* The path of a dentry within its filesystem (as mountinfo's root field). */
Test(d_path, dentry_path_raw)
{
	struct vfsim_entry e;
	struct path p;
	char buf[64];

	lookup(&e, init, "/m/dir/sub", &p);
	cr_expect_str_eq(dentry_path_raw(p.dentry, buf, sizeof(buf)), "/dir/sub");
	cr_expect_eq(dentry_path_raw(p.dentry, buf, 8), ERR_PTR(-ENAMETOOLONG));
	cr_expect_str_eq(dentry_path_raw(p.mnt->mnt_root, buf, sizeof(buf)), "/");
	cr_expect_eq(dentry_path_raw(p.mnt->mnt_root, buf, 1), ERR_PTR(-ENAMETOOLONG));
	path_put(&p);
	vfsim_leave(&e);
}

/* kern_path() takes a kernel string: empty is ENOENT, PATH_MAX is too long. */
Test(d_path, kern_path_limits)
{
	static char longname[4200];
	struct vfsim_entry e;
	struct path p;

	memset(longname, 'a', sizeof(longname) - 1);
	longname[0] = '/';
	vfsim_enter(&e, (struct task_struct *)init);
	cr_expect_eq(kern_path("", LOOKUP_FOLLOW, &p), -ENOENT);
	cr_expect_eq(kern_path(longname, LOOKUP_FOLLOW, &p), -ENAMETOOLONG);
	vfsim_leave(&e);
}
