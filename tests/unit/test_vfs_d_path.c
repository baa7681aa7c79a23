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
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* /m a tmpfs with dir/sub in it, and /other. */
static void m_and_other(struct vfsim *vm)
{
	struct vfsim_task *init = vfsim_init_task(vm);

	fx_tmpfs(init, "m", "/m");
	fx_dirs(init, "/m/dir/sub", "/other", NULL);
}

/* Look @name up as @who: the path, held. */
static void lookup(struct vfsim_entry *e, struct vfsim_task *who, const char *name,
		   struct path *p)
{
	vfsim_enter(e, (struct task_struct *)who);
	cr_assert_eq(kern_path(name, LOOKUP_FOLLOW, p), 0, "%s", name);
}

VT_TEST(d_path, from_the_task_root, "empty", m_and_other)
{
	struct vfsim_entry e;
	struct path p;
	char buf[64], *s;

	lookup(&e, t, "/m/dir/sub", &p);
	s = d_path(&p, buf, sizeof(buf));
	cr_expect_str_eq(s, "/m/dir/sub");
	s = d_path(&p, buf, 10);
	cr_expect_eq(s, ERR_PTR(-ENAMETOOLONG));
	s = d_absolute_path_ns(&p, buf, sizeof(buf));
	cr_expect_str_eq(s, "/m/dir/sub");
	s = d_absolute_path_ns(&p, buf, 5);
	cr_expect_eq(s, ERR_PTR(-ENAMETOOLONG));
	path_put(&p);

	lookup(&e, t, "/", &p);
	vfsim_leave(&e);
	vfsim_enter(&e, (struct task_struct *)t);
	s = d_path(&p, buf, sizeof(buf));
	cr_expect_str_eq(s, "/");
	cr_expect_eq(d_path(&p, buf, 1), ERR_PTR(-ENAMETOOLONG), "no room for the '/'");
	cr_expect_str_eq(d_absolute_path_ns(&p, buf, sizeof(buf)), "/");
	cr_expect_eq(d_absolute_path_ns(&p, buf, 1), ERR_PTR(-ENAMETOOLONG));
	path_put(&p);
	vfsim_leave(&e);
}

VT_TEST(d_path, chrooted_and_below_a_root, "empty", m_and_other)
{
	struct vfsim_entry e;
	struct path p, root, other;
	struct vfsim_task *jailed = vt_task(v, 0, 1);
	char buf[64], *s;

	/* The jailed task's "/" is /m. */
	OK(vfsim_chroot(jailed, "/m"));
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
	lookup(&e, t, "/other", &other);
	cr_expect_null(__d_path(&p, &other, buf, sizeof(buf)));
	path_put(&other);
	path_put(&root);
	path_put(&p);
	vfsim_leave(&e);
	vfsim_task_destroy(jailed);
}

/* The path of a dentry within its filesystem (as mountinfo's root field). */
VT_TEST(d_path, dentry_path_raw, "empty", m_and_other)
{
	struct vfsim_entry e;
	struct path p;
	char buf[64];

	lookup(&e, t, "/m/dir/sub", &p);
	cr_expect_str_eq(dentry_path_raw(p.dentry, buf, sizeof(buf)), "/dir/sub");
	cr_expect_eq(dentry_path_raw(p.dentry, buf, 8), ERR_PTR(-ENAMETOOLONG));
	cr_expect_str_eq(dentry_path_raw(p.mnt->mnt_root, buf, sizeof(buf)), "/");
	cr_expect_eq(dentry_path_raw(p.mnt->mnt_root, buf, 1), ERR_PTR(-ENAMETOOLONG));
	path_put(&p);
	vfsim_leave(&e);
}

/* kern_path() takes a kernel string: empty is ENOENT, PATH_MAX is too long. */
VT_TEST(d_path, kern_path_limits, "empty", m_and_other)
{
	static char longname[4200];
	struct vfsim_entry e;
	struct path p;

	memset(longname, 'a', sizeof(longname) - 1);
	longname[0] = '/';
	vfsim_enter(&e, (struct task_struct *)t);
	cr_expect_eq(kern_path("", LOOKUP_FOLLOW, &p), -ENOENT);
	cr_expect_eq(kern_path(longname, LOOKUP_FOLLOW, &p), -ENAMETOOLONG);
	vfsim_leave(&e);
}
