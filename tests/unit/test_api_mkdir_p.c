// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_mkdir_p() (api/mkdir_p.c): `mkdir -p` for harnesses.  Every
 * missing directory made, an existing directory fine, the errors of
 * mkdir -p (EEXIST for a non-directory at the end, ENOTDIR above it), a
 * wild or faulting path EFAULT, and every allocation failed in turn
 * leaving a consistent tree (ENOMEM or, from a tmpfs inode, ENOSPC).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"

static struct vfsim *boot(void)
{
	struct vfsim *v;

	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "default"), 0);
	return v;
}

static bool is_dir(struct vfsim_task *t, const char *path)
{
	struct statx stx;

	return !vfsim_statx(t, AT_FDCWD, path, 0, STATX_TYPE, &stx) && S_ISDIR(stx.stx_mode);
}

static void done(struct vfsim *v)
{
	char why[256] = "";

	cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0);
}

Test(api_mkdir_p, makes_what_is_missing)
{
	struct vfsim *v = boot();
	struct vfsim_task *t = vfsim_init_task(v);
	int fd;

	OK(vfsim_mkdir_p(t, AT_FDCWD, "/mnt/a/b//c/", 0755));
	cr_assert(is_dir(t, "/mnt/a") && is_dir(t, "/mnt/a/b") && is_dir(t, "/mnt/a/b/c"));
	OK(vfsim_mkdir_p(t, AT_FDCWD, "/mnt/a/b/c", 0755));	/* there: fine */
	OK(vfsim_mkdir_p(t, AT_FDCWD, "/", 0755));
	/* relative to a directory fd */
	fd = (int)vfsim_openat(t, AT_FDCWD, "/mnt/a", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	OK(vfsim_mkdir_p(t, fd, "x/y", 0700));
	cr_assert(is_dir(t, "/mnt/a/x/y"));
	OK(vfsim_close(t, fd));
	done(v);
}

Test(api_mkdir_p, errors_as_mkdir_p)
{
	struct vfsim *v = boot();
	struct vfsim_task *t = vfsim_init_task(v), *user;
	static char longpath[PATH_MAX + 8];
	long fd;

	fd = vfsim_openat(t, AT_FDCWD, "/mnt/f", O_CREAT | O_RDONLY, 0644);
	cr_assert_geq(fd, 0);
	OK(vfsim_close(t, (int)fd));
	EXPECT(vfsim_mkdir_p(t, AT_FDCWD, "/mnt/f", 0755), -EEXIST);
	EXPECT(vfsim_mkdir_p(t, AT_FDCWD, "/mnt/f/g", 0755), -ENOTDIR);
	EXPECT(vfsim_mkdir_p(t, AT_FDCWD, "", 0755), -ENOENT);
	memset(longpath, 'a', sizeof(longpath) - 1);
	EXPECT(vfsim_mkdir_p(t, AT_FDCWD, longpath, 0755), -ENAMETOOLONG);
	EXPECT(vfsim_mkdir_p(t, AT_FDCWD, (const char *)0xdeadbeefUL, 0755), -EFAULT);
	EXPECT(vfsim_mkdir_p(t, AT_FDCWD, NULL, 0755), -EFAULT);
	EXPECT(vfsim_mkdir_p(NULL, AT_FDCWD, "/x", 0755), -EINVAL);
	/* the path's copy is a user copy: the seam's countdown faults it */
	vfsim_fail_nth_uaccess(v, 1, 2);
	EXPECT(vfsim_mkdir_p(t, AT_FDCWD, "/mnt/u/v", 0755), -EFAULT);
	cr_assert(vfsim_uaccess_fault_fired(v));
	cr_assert(!is_dir(t, "/mnt/u"));
	/* each directory as the task may make it */
	cr_assert_eq(vfsim_task_create(v, 1000, 1000, &user), 0);
	EXPECT(vfsim_mkdir_p(user, AT_FDCWD, "/mnt/p/q", 0755), -EACCES);
	done(v);
}

Test(api_mkdir_p, every_allocation_failed_in_turn)
{
	bool enospc = false;

	for (unsigned long n = 1;; n++) {
		struct vfsim *v = boot();
		struct vfsim_task *t = vfsim_init_task(v);
		long err;

		vfsim_fail_nth_alloc(v, n);
		err = vfsim_mkdir_p(t, AT_FDCWD, "/mnt/s/t/u", 0755);
		if (!vfsim_alloc_fault_fired(v)) {
			OK(err);
			done(v);
			break;
		}
		cr_assert(err == -ENOMEM || err == -ENOSPC, "n=%lu: %ld", n, err);
		enospc |= err == -ENOSPC;
		vfsim_fail_nth_alloc(v, 0);
		OK(vfsim_mkdir_p(t, AT_FDCWD, "/mnt/s/t/u", 0755));	/* then it goes on */
		done(v);
	}
	cr_assert(enospc, "a tmpfs inode allocation fails with ENOSPC (testing.h)");
}
