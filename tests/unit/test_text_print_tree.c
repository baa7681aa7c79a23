// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_print_tree() on the words a tree row may hold: a source with a
 * space, a tab, a backslash and a byte above 0x7e is written with octal
 * escapes as in /proc/self/mountinfo, an empty source is "-", a bind
 * shows its root in brackets; a stream that cannot be written is its -errno,
 * and NULL arguments are -EINVAL.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

VT_TEST(print_tree, escapes_and_empty_source, "empty", NULL)
{
	char *out = NULL;
	size_t len;
	FILE *f;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/a b", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/e", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/c", 0755));
	OK(vfsim_mount(t, "s\tx\\y\xe9", "/a b", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "", "/e", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/e/sub dir", 0755));
	OK(vfsim_mount(t, "/e/sub dir", "/c", NULL, MS_BIND, NULL));

	f = open_memstream(&out, &len);
	cr_assert_not_null(f);
	OK(vfsim_print_tree(t, f));
	fclose(f);
	cr_expect_str_eq(out,
		"ID TARGET    FSTYPE SOURCE          OPTIONS PROPAGATION\n"
		"1  /         rootfs rootfs          rw      private\n"
		"2  |-/a\\040b tmpfs  s\\011x\\134y\\351 rw      private\n"
		"3  |-/e      tmpfs  -               rw      private\n"
		"4  `-/c      tmpfs  -[/sub\\040dir]  rw      private\n");
	free(out);
}

VT_TEST(print_tree, bad_stream_and_arguments, "empty", NULL)
{
	FILE *ro = fopen("/dev/null", "r");

	FILE *full = fopen("/dev/full", "w");

	cr_assert_not_null(ro);
	cr_assert_not_null(full);
	/* a lost write says why, as the commands' "write error" does;
	 * a read-only stream fails before any write(): no reason known */
	EXPECT(vfsim_print_tree(t, ro), -EIO);
	EXPECT(vfsim_print_tree(t, full), -ENOSPC);
	fclose(ro);
	fclose(full);
	EXPECT(vfsim_print_tree(t, NULL), -EINVAL);
	EXPECT(vfsim_print_tree(NULL, stdout), -EINVAL);
}
