/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim_mountinfo(): /proc/self/mountinfo as 5.8's show_mountinfo() writes
 * it.  The text is compared whole, so a change of field order, escaping or
 * option spelling fails here; the comparison with the real kernel's file
 * is tests/kernel/ (vfsim-kdiff).
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
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

/* The whole text (caller frees), checking that the size query agrees. */
static char *mountinfo(struct vfsim_task *t)
{
	long n = vfsim_mountinfo(t, NULL, 0), m;
	char *buf;

	cr_assert_geq(n, 0, "size query: %ld", n);
	buf = malloc((size_t)n + 1);
	cr_assert_not_null(buf);
	m = vfsim_mountinfo(t, buf, (size_t)n + 1);
	cr_assert_eq(m, n);
	cr_assert_eq(strlen(buf), (size_t)n);
	return buf;
}

static struct vfsim *v;
static struct vfsim_task *t;


VT_TEST(mountinfo, empty_tree, "empty", NULL)
{
	char *s = mountinfo(t);

	cr_assert_str_eq(s, "1 1 0:1 / / rw,relatime - rootfs rootfs rw\n");
	free(s);
}

VT_TEST(mountinfo, flags_propagation_and_escapes, "empty", NULL)
{
	char *s;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/a b", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/s", 0755));
	OK(vfsim_mount(t, "src\tx", "/a b", "tmpfs",
		       MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOATIME |
		       MS_NODIRATIME | MS_SYNCHRONOUS | MS_DIRSYNC | MS_LAZYTIME,
		       "mode=700"));
	OK(vfsim_mount(t, NULL, "/a b", NULL, MS_SHARED, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a b/d", 0755));
	OK(vfsim_mount(t, "/a b/d", "/s", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, NULL, "/s", NULL, MS_SLAVE, NULL));
	OK(vfsim_mount(t, NULL, "/s", NULL,
		       MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	s = mountinfo(t);
	cr_assert_str_eq(s,
		"1 1 0:1 / / rw,relatime - rootfs rootfs rw\n"
		"2 1 0:2 / /a\\040b rw,nosuid,nodev,noexec,noatime,nodiratime "
		"shared:1 - tmpfs src\\011x rw,sync,dirsync,lazytime,mode=700\n"
		"3 1 0:2 /d /s ro,noatime,nodiratime master:1 - tmpfs src\\011x "
		"rw,sync,dirsync,lazytime,mode=700\n");
	free(s);
	OK(vfsim_mount(t, NULL, "/s", NULL, MS_UNBINDABLE, NULL));
	s = mountinfo(t);
	cr_assert(strstr(s, "3 1 0:2 /d /s ro,noatime,nodiratime unbindable - tmpfs"),
		  "%s", s);
	free(s);
}

/*
 * A chrooted reader sees paths from its root and nothing outside it.  A
 * slave whose master group has no mount the reader can see, but whose
 * master's master has one, gets propagate_from (get_dominating_id()):
 *
 *   /m      tmpfs m    shared:1
 *   /out    bind of /m, slave then shared: shared:2 master:1 (outside)
 *   /j      tmpfs j    the reader's root
 *   /j/x    bind of /m: shared:1, visible
 *   /j/s    bind of /out made slave: master:2, propagate_from:1
 */
VT_TEST(mountinfo, chroot_and_propagate_from, "empty", NULL)
{
	struct vfsim_task *jail;
	char *s;

	fx_shared_bind(t, "m", "/m", "/out", MS_SLAVE, MS_SHARED);
	fx_tmpfs(t, "j", "/j");
	OK(vfsim_mkdirat(t, AT_FDCWD, "/j/x", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/j/s", 0755));
	OK(vfsim_mount(t, "/m", "/j/x", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "/out", "/j/s", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, NULL, "/j/s", NULL, MS_SLAVE, NULL));
	jail = vt_task(v, 0, 1);
	OK(vfsim_chroot(jail, "/j"));
	s = mountinfo(jail);
	cr_assert_str_eq(s,
		"4 1 0:3 / / rw,relatime - tmpfs j rw\n"
		"5 4 0:2 / /x rw,relatime shared:1 - tmpfs m rw\n"
		"6 4 0:2 / /s rw,relatime master:2 propagate_from:1 - tmpfs m rw\n");
	free(s);
	/* From the real root the master is visible: no propagate_from. */
	s = mountinfo(t);
	cr_assert(strstr(s, "6 4 0:2 / /j/s rw,relatime master:2 - tmpfs m rw\n"),
		  "%s", s);
	free(s);
}

VT_TEST(mountinfo, short_buffer_and_faults, "empty", NULL)
{
	char small[16], *whole;
	long n;

	fx_tmpfs(t, "x", "/x");
	whole = mountinfo(t);
	n = vfsim_mountinfo(t, small, sizeof(small));
	cr_assert_eq(n, (long)strlen(whole));
	cr_assert_eq(strlen(small), sizeof(small) - 1);
	cr_assert_eq(memcmp(small, whole, sizeof(small) - 1), 0);

	vfsim_fail_nth_uaccess(v, 1, 0);
	cr_assert_eq(vfsim_mountinfo(t, small, sizeof(small)), -EFAULT);
	cr_assert(vfsim_uaccess_fault_fired(v));
	vfsim_fail_nth_uaccess(v, 0, 0);

	vfsim_fail_nth_alloc(v, 1);
	cr_assert_eq(vfsim_mountinfo(t, NULL, 0), -ENOMEM);
	vfsim_fail_nth_alloc(v, 0);
	free(whole);
}

/* 200 mounts with long names: more than a page of text. */
static void long_text(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v);
	char path[64];
	int i;

	for (i = 0; i < 200; i++) {
		snprintf(path, sizeof(path), "/mount-with-a-long-name-%03d", i);
		OK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
		OK(vfsim_mount(t, "a-long-source-name", path, "tmpfs", 0, NULL));
	}
}

static void setup_long_text(struct fault_run *r)
{
	long_text(r->v);
}

VT_TEST(mountinfo, more_than_a_page, "empty", long_text)
{
	char *s = mountinfo(t);

	cr_assert_gt(strlen(s), 8192);
	cr_assert(strstr(s, " /mount-with-a-long-name-199 rw,relatime - tmpfs "));
	free(s);
}

static long op_mountinfo_size(struct fault_run *r)
{
	return vfsim_mountinfo(r->t, NULL, 0);
}

static char *whole_text(struct fault_run *r)
{
	return mountinfo(r->t);
}

/* More than a page of text: the seq_file buffer is doubled and the pass
 * made again, as seq_read() does; an allocation failure at any doubling
 * is -ENOMEM with nothing leaked, and the text is then the same. */
FAULT_ALLOC_TEST(mountinfo_fault_alloc, grows_its_buffer, .setup = setup_long_text,
		 .op = op_mountinfo_size, .min_allocs = 3, .changes_nothing = true,
		 .frees_all = true, .outcome = whole_text)

VT_TEST(mountinfo, bad_task, "empty", NULL)
{
	cr_assert_eq(vfsim_mountinfo(NULL, NULL, 0), -EINVAL);
}
