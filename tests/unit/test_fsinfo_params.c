/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * fsinfo()'s arguments (docs/fsinfo.md): the buffer/size pair, the
 * 48-byte parameter block read through the user-memory seam, its reserved
 * fields and flags, the query kinds, and what a path query and an fd query
 * accept.  (Query by mount ID has its own suite.)
 *
 *   /                rootfs
 *   |-/a             tmpfs "a"
 *   |  `-(/a/d)      a directory
 *   |-/lnk -> /a     a symlink on the root filesystem
 *   `-/auto          automount point for tmpfs "auto"
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	fx_tmpfs(t, "a", "/a");
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a/d", 0755), 0);
	EXPECT(vfsim_symlinkat(t, "/a", AT_FDCWD, "/lnk"), 0);
	EXPECT(vfsim_mkautomount(t, "/auto", "tmpfs", "auto", NULL), 0);
}

/* The fstype name an IDS query at @path reports, with @p. */
static const char *fstype_of(int dfd, const char *path, struct fsinfo_params *p,
			     char *buf)
{
	struct fsinfo_ids ids;
	long ret;

	p->request = FSINFO_ATTR_IDS;
	ret = vfsim_fsinfo(t, dfd, path, p, &ids, sizeof(ids));
	if (ret < 0)
		return vfsim_errno_name((int)-ret);
	strcpy(buf, ids.f_fs_name);
	return buf;
}

VT_TEST(fsinfo_params, null_params_is_statfs_of_a_path, "empty", setup)
{
	struct fsinfo_statfs a, b;
	struct fsinfo_params p = { .request = FSINFO_ATTR_STATFS };

	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/a", NULL, &a, sizeof(a)), sizeof(a));
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/a", &p, &b, sizeof(b)), sizeof(b));
	cr_assert_eq(memcmp(&a, &b, sizeof(a)), 0);
	/* NULL params means at_flags 0: the symlink is followed */
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/lnk", NULL, &b, sizeof(b)), sizeof(b));
	cr_assert_eq(memcmp(&a, &b, sizeof(a)), 0);
}

VT_TEST(fsinfo_params, buffer_and_size_must_agree, "empty", setup)
{
	char buf[64];
	struct fsinfo_params p = { .request = FSINFO_ATTR_IDS };

	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, NULL, 10), -EINVAL);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, buf, 0), -EINVAL);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, buf, (size_t)UINT_MAX + 1), -EOVERFLOW);
	/* NULL and 0 together: the size only */
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, NULL, 0), sizeof(struct fsinfo_ids));
	/* size checks come before the params are read: a bad pointer does
	 * not matter yet */
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", (void *)8, NULL, 1), -EINVAL);
}

VT_TEST(fsinfo_params, params_read_through_the_seam, "empty", setup)
{
	static struct fsinfo_params p = { .request = FSINFO_ATTR_IDS };
	struct fsinfo_ids ids;

	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", (void *)8, &ids, sizeof(ids)), -EFAULT);
	cr_assert_eq(vfsim_uaccess_unmap(v, (char *)&p + 40, 8), 0);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, &ids, sizeof(ids)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, &ids, sizeof(ids)), sizeof(ids));
}

VT_TEST(fsinfo_params, reserved_fields_and_unknown_flags, "empty", setup)
{
	struct fsinfo_params p;
	struct fsinfo_ids ids;
	unsigned int i, flag;

	memset(&p, 0, sizeof(p));
	p.request = FSINFO_ATTR_IDS;
	p.__reserved32[0] = 1;
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, &ids, sizeof(ids)), -EINVAL);
	for (i = 0; i < 3; i++) {
		memset(&p, 0, sizeof(p));
		p.request = FSINFO_ATTR_IDS;
		p.__reserved[i] = 1ULL << 63;
		EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, &ids, sizeof(ids)), -EINVAL);
	}
	/* flags outside FSINFO_FLAGS_QUERY_MASK */
	for (flag = 0x8; flag; flag <<= 1) {
		memset(&p, 0, sizeof(p));
		p.request = FSINFO_ATTR_IDS;
		p.flags = flag;
		EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, &ids, sizeof(ids)), -EINVAL);
	}
	/* query kinds 3..7 are inside the mask but mean nothing */
	for (flag = 3; flag <= 7; flag++) {
		memset(&p, 0, sizeof(p));
		p.request = FSINFO_ATTR_IDS;
		p.flags = flag;
		EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, &ids, sizeof(ids)), -EINVAL);
	}
	/* and an unknown request is the attribute's business, not the parser's */
	memset(&p, 0, sizeof(p));
	p.request = 0xdead;
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, "/", &p, &ids, sizeof(ids)), -EOPNOTSUPP);
}

VT_TEST(fsinfo_params, path_at_flags, "empty", setup)
{
	static const struct {
		unsigned int at_flags;
		const char *path, *fstype;	/* fstype_of()'s answer */
	} cases[] = {
		/* follows by default, AT_SYMLINK_NOFOLLOW looks at the link itself */
		{ 0, "/lnk", "tmpfs" },
		{ AT_SYMLINK_NOFOLLOW, "/lnk", "rootfs" },
		/* automounts are triggered unless AT_NO_AUTOMOUNT */
		{ AT_NO_AUTOMOUNT, "/auto", "rootfs" },
		{ 0, "/auto", "tmpfs" },
		/* anything else is refused */
		{ AT_REMOVEDIR, "/a", "EINVAL" },
		{ AT_SYMLINK_FOLLOW, "/a", "EINVAL" },
		/* lookup errors come through */
		{ 0, "/nope", "ENOENT" },
		{ 0, NULL, "EFAULT" },
		{ 0, "", "ENOENT" },
	};
	struct fsinfo_params p = { 0 };
	char buf[32];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		p.at_flags = cases[i].at_flags;
		cr_assert_str_eq(fstype_of(AT_FDCWD, cases[i].path, &p, buf), cases[i].fstype,
				 "case %zu: %s with at_flags %#x", i,
				 cases[i].path ? cases[i].path : "NULL", cases[i].at_flags);
	}
}

VT_TEST(fsinfo_params, path_relative_to_dfd_and_empty_path, "empty", setup)
{
	struct fsinfo_params p = { 0 };
	char buf[32];
	long fd = vfsim_openat(t, AT_FDCWD, "/a", O_PATH | O_DIRECTORY, 0);

	cr_assert_geq(fd, 0);
	cr_assert_str_eq(fstype_of((int)fd, "d", &p, buf), "tmpfs");
	cr_assert_str_eq(fstype_of((int)fd, "", &p, buf), "ENOENT");
	p.at_flags = AT_EMPTY_PATH;
	cr_assert_str_eq(fstype_of((int)fd, "", &p, buf), "tmpfs");
	cr_assert_str_eq(fstype_of(9999, "d", &p, buf), "EBADF");
	EXPECT(vfsim_close(t, (int)fd), 0);
}

VT_TEST(fsinfo_params, fd_query, "empty", setup)
{
	struct fsinfo_params p = { .flags = FSINFO_FLAGS_QUERY_FD };
	char buf[32];
	long opath = vfsim_openat(t, AT_FDCWD, "/a/d", O_PATH, 0);
	long dir = vfsim_openat(t, AT_FDCWD, "/", O_RDONLY | O_DIRECTORY, 0);

	cr_assert_geq(opath, 0);
	cr_assert_geq(dir, 0);
	/* O_PATH fds work (fdget_raw) */
	cr_assert_str_eq(fstype_of((int)opath, NULL, &p, buf), "tmpfs");
	cr_assert_str_eq(fstype_of((int)dir, NULL, &p, buf), "rootfs");
	/* the pathname must be NULL; at_flags are not looked at */
	cr_assert_str_eq(fstype_of((int)dir, "", &p, buf), "EINVAL");
	p.at_flags = 0xffffffff;
	cr_assert_str_eq(fstype_of((int)dir, NULL, &p, buf), "rootfs");
	/* bad fds */
	cr_assert_str_eq(fstype_of(AT_FDCWD, NULL, &p, buf), "EBADF");
	cr_assert_str_eq(fstype_of(-1, NULL, &p, buf), "EBADF");
	cr_assert_str_eq(fstype_of(1000, NULL, &p, buf), "EBADF");
	EXPECT(vfsim_close(t, (int)opath), 0);
	cr_assert_str_eq(fstype_of((int)opath, NULL, &p, buf), "EBADF");
	EXPECT(vfsim_close(t, (int)dir), 0);
}

VT_TEST(fsinfo_params, api_refuses_null_or_unbooted_task, "empty", setup)
{
	struct vfsim *fresh;
	struct fsinfo_ids ids;

	EXPECT(vfsim_fsinfo(NULL, AT_FDCWD, "/", NULL, &ids, sizeof(ids)), -EINVAL);
	cr_assert_eq(vfsim_create(NULL, &fresh), 0);
	cr_assert_null(vfsim_init_task(fresh));
	vfsim_destroy(fresh);
}
