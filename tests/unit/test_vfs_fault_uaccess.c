/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User-copy fault sweeps over every syscall that takes a user pointer.
 * For each pointer argument of each syscall:
 *   - NULL: -EFAULT, except where the kernel treats NULL as "absent"
 *     (mount's source, type and data: copy_mount_string() and
 *     copy_mount_options() return NULL for them, and the operation decides);
 *   - a pointer to a string that lies wholly in a range marked unmapped:
 *     -EFAULT;
 *   - a string whose tail (from byte 3) is unmapped: -EFAULT, except for
 *     mount data, where copy_mount_options() accepts a copy cut short by a
 *     fault as long as something was copied (fs/namespace.c, 5.6): tmpfs
 *     then sees the option "mod" and refuses it (-EINVAL), ramfs ignores it
 *     and mounts with the options "mod".
 * Then a countdown over all the user copies of the call, n = 1, 2, ...,
 * with the fault at once (after = 0) and after 3 bytes (a partial copy),
 * until the countdown no longer fires; then the call must succeed.
 * Every failure must leave the mount tree unchanged, the invariants true
 * and no WARN_ON fired; every instance is torn down leak-free.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/vfstest.h"
#include "common/check.h"

/* ---- helpers -------------------------------------------------------------- */

/* A string describing every mount of @t's namespace (caller frees). */
static char *tree_snapshot(struct vfsim_task *t)
{
	char *s = vt_tree(t, VT_ALL);

	cr_assert_not_null(s, "vt_tree failed");
	return s;
}

/* ---- the cases ------------------------------------------------------------ */

#define MAXARGS 4
#define SUCCESS 1	/* an expected result: any value >= 0 */

struct ua_case {
	const char *name;
	long (*op)(struct vfsim_task *t, const char *const a[MAXARGS]);
	unsigned int nargs;
	const char *args[MAXARGS];
	/* expected result with args[i] == NULL */
	long null_ret[MAXARGS];
	/* expected result with args[i]'s bytes from 3 on unmapped */
	long tail_ret[MAXARGS];
	/* the order in which the call copies its arguments in */
	unsigned int copy_order[MAXARGS];
	/* after a partial (3-byte) copy that the call accepted: the expected
	 * sb_options of the mount at this path */
	const char *partial_path, *partial_opts;
};

/*
 *   /          rootfs
 *   ├── /mnt/a  tmpfs "a"
 *   └── (/mnt/b, /mnt/dir: empty directories; /mnt/a/file: a file)
 */
static void setup(struct vfsim_task *t)
{
	long fd;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/b", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/dir", 0755));
	OK(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, NULL));
	fd = vfsim_openat(t, AT_FDCWD, "/mnt/a/file", O_CREAT | O_RDWR, 0644);
	cr_assert(fd >= 0);
	OK(vfsim_close(t, (int)fd));
}

static long op_mount(struct vfsim_task *t, const char *const a[])
{
	return vfsim_mount(t, a[0], a[1], a[2], 0, a[3]);
}

static long op_bind(struct vfsim_task *t, const char *const a[])
{
	return vfsim_mount(t, a[0], a[1], NULL, MS_BIND, NULL);
}

static long op_umount(struct vfsim_task *t, const char *const a[])
{
	return vfsim_umount2(t, a[0], 0);
}

static long op_mkdir(struct vfsim_task *t, const char *const a[])
{
	return vfsim_mkdirat(t, AT_FDCWD, a[0], 0755);
}

static long op_symlink(struct vfsim_task *t, const char *const a[])
{
	return vfsim_symlinkat(t, a[0], AT_FDCWD, a[1]);
}

static long op_open(struct vfsim_task *t, const char *const a[])
{
	return vfsim_openat(t, AT_FDCWD, a[0], O_RDONLY, 0);
}

static long op_open_creat(struct vfsim_task *t, const char *const a[])
{
	return vfsim_openat(t, AT_FDCWD, a[0], O_CREAT | O_RDWR, 0600);
}

static long op_chdir(struct vfsim_task *t, const char *const a[])
{
	return vfsim_chdir(t, a[0]);
}

static long op_chroot(struct vfsim_task *t, const char *const a[])
{
	return vfsim_chroot(t, a[0]);
}

static long op_chmod(struct vfsim_task *t, const char *const a[])
{
	return vfsim_chmod(t, a[0], 0700);
}

static long op_chown(struct vfsim_task *t, const char *const a[])
{
	return vfsim_chown(t, a[0], 1, 1);
}

static long op_mkautomount(struct vfsim_task *t, const char *const a[])
{
	return vfsim_mkautomount(t, a[0], "tmpfs", "auto", NULL);
}

static long op_path_mnt_id(struct vfsim_task *t, const char *const a[])
{
	return vfsim_path_mnt_id(t, a[0]);
}

static const struct ua_case cases[] = {
	/* ksys_mount() copies type, source, data, then looks the target up. */
	{ "mount_tmpfs", op_mount, 4, { "fresh", "/mnt/b", "tmpfs", "mode=700,size=1m" },
	  .null_ret = { SUCCESS, -EFAULT, -EINVAL, SUCCESS },
	  .tail_ret = { -EFAULT, -EFAULT, -EFAULT, -EINVAL },
	  .copy_order = { 2, 0, 3, 1 } },
	{ "mount_ramfs", op_mount, 4, { "fresh", "/mnt/b", "ramfs", "mode=700,size=1m" },
	  .null_ret = { SUCCESS, -EFAULT, -EINVAL, SUCCESS },
	  .tail_ret = { -EFAULT, -EFAULT, -EFAULT, SUCCESS },
	  .copy_order = { 2, 0, 3, 1 },
	  .partial_path = "/mnt/b", .partial_opts = "rw,mod" },
	{ "mount_bind", op_bind, 2, { "/mnt/a", "/mnt/b" },
	  .null_ret = { -EINVAL, -EFAULT },
	  .tail_ret = { -EFAULT, -EFAULT },
	  .copy_order = { 0, 1 } },
	{ "umount2", op_umount, 1, { "/mnt/a" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	{ "mkdirat", op_mkdir, 1, { "/mnt/a/newdir" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	/* do_symlinkat() copies the target (oldname) first. */
	{ "symlinkat", op_symlink, 2, { "/mnt/a/file", "/mnt/a/link" },
	  .null_ret = { -EFAULT, -EFAULT }, .tail_ret = { -EFAULT, -EFAULT },
	  .copy_order = { 0, 1 } },
	{ "openat", op_open, 1, { "/mnt/a/file" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	{ "openat_creat", op_open_creat, 1, { "/mnt/a/new" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	{ "chdir", op_chdir, 1, { "/mnt/dir" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	{ "chroot", op_chroot, 1, { "/mnt/dir" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	{ "chmod", op_chmod, 1, { "/mnt/a/file" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	{ "chown", op_chown, 1, { "/mnt/a/file" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	/* Only the path is a user pointer: fstype, source and data are taken
	 * as kernel strings (the call stands for what an automounter sets up
	 * from inside the kernel). */
	{ "mkautomount", op_mkautomount, 1, { "/mnt/a/auto" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
	{ "path_mnt_id", op_path_mnt_id, 1, { "/mnt/a/file" },
	  .null_ret = { -EFAULT }, .tail_ret = { -EFAULT }, .copy_order = { 0 } },
};

/* ---- running one call ----------------------------------------------------- */

struct run {
	struct vfsim *v;
	struct vfsim_task *t;
	char *before;
	char *bufs[MAXARGS];
	const char *args[MAXARGS];
};

static void run_begin(struct run *r, const struct ua_case *c)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	cr_assert_eq(vfsim_create(NULL, &r->v), 0);
	cr_assert_eq(vfsim_boot(r->v, "empty"), 0);
	r->t = vfsim_init_task(r->v);
	setup(r->t);
	r->before = tree_snapshot(r->t);
	/* "User memory": our own copies, which the seam may mark unmapped. */
	for (i = 0; i < c->nargs; i++) {
		r->bufs[i] = strdup(c->args[i]);
		cr_assert_not_null(r->bufs[i]);
		r->args[i] = r->bufs[i];
	}
}

static void check_result(struct run *r, const struct ua_case *c, long ret, long want,
			 const char *what)
{
	char why[256] = "";

	if (want == SUCCESS)
		cr_assert(ret >= 0, "%s %s: %ld (%s), want success", c->name, what, ret,
			  vfsim_errno_name((int)-ret));
	else
		cr_assert_eq(ret, want, "%s %s: %ld (%s), want %ld (%s)", c->name, what,
			     ret, vfsim_errno_name((int)-ret), want,
			     vfsim_errno_name((int)-want));
	if (ret < 0) {
		char *after = tree_snapshot(r->t);

		cr_assert_str_eq(after, r->before, "%s %s: tree changed", c->name, what);
		free(after);
	}
	cr_assert_eq(vfsim_check_invariants(r->v, why, sizeof(why)), 0,
		     "%s %s: invariant: %s", c->name, what, why);
	cr_assert_eq(vfsim_warn_count(r->v), 0, "%s %s: WARN_ON", c->name, what);
}

static int opts_cb(const struct vfsim_mount_desc *m, void *arg)
{
	*(char **)arg = strdup(m->sb_options);
	return 0;
}

static void check_partial(struct run *r, const struct ua_case *c, const char *what)
{
	long id;
	char *opts = NULL;

	if (!c->partial_path)
		return;
	id = vfsim_path_mnt_id(r->t, c->partial_path);
	cr_assert(id > 0);
	cr_assert_eq(vfsim_mount_by_id(r->t, (unsigned int)id, opts_cb, &opts), 0);
	cr_assert_str_eq(opts, c->partial_opts, "%s %s: options", c->name, what);
	free(opts);
}

static void run_end(struct run *r, const struct ua_case *c, const char *what)
{
	unsigned int i;

	vfsim_uaccess_remap_all(r->v);
	cr_assert_eq(vfsim_destroy_check(r->v, stderr), 0, "%s %s: leak", c->name, what);
	for (i = 0; i < MAXARGS; i++)
		free(r->bufs[i]);
	free(r->before);
}

/* ---- the tests ------------------------------------------------------------ */

static void null_and_unmapped(const struct ua_case *c)
{
	unsigned int i;

	for (i = 0; i < c->nargs; i++) {
		struct run r;
		long ret;

		/* NULL */
		run_begin(&r, c);
		r.args[i] = NULL;
		ret = c->op(r.t, r.args);
		check_result(&r, c, ret, c->null_ret[i], "NULL");
		run_end(&r, c, "NULL");

		/* a pointer just past the NULL page but inside it */
		run_begin(&r, c);
		r.args[i] = (const char *)(uintptr_t)16;
		ret = c->op(r.t, r.args);
		check_result(&r, c, ret, -EFAULT, "low pointer");
		run_end(&r, c, "low pointer");

		/* the whole string unmapped */
		run_begin(&r, c);
		cr_assert_eq(vfsim_uaccess_unmap(r.v, r.bufs[i], strlen(r.bufs[i]) + 1), 0);
		ret = c->op(r.t, r.args);
		check_result(&r, c, ret, -EFAULT, "unmapped");
		run_end(&r, c, "unmapped");

		/* its tail unmapped: the copy faults after 3 bytes */
		run_begin(&r, c);
		cr_assert_eq(vfsim_uaccess_unmap(r.v, r.bufs[i] + 3, strlen(r.bufs[i]) - 2), 0);
		ret = c->op(r.t, r.args);
		check_result(&r, c, ret, c->tail_ret[i], "tail unmapped");
		if (ret >= 0)
			check_partial(&r, c, "tail unmapped");
		run_end(&r, c, "tail unmapped");
	}
}

static unsigned long countdown(const struct ua_case *c, size_t after)
{
	unsigned long n;
	char what[64];

	for (n = 1;; n++) {
		struct run r;
		long ret, want;
		bool fired;

		snprintf(what, sizeof(what), "countdown n=%lu after=%zu", n, after);
		run_begin(&r, c);
		vfsim_fail_nth_uaccess(r.v, n, after);
		ret = c->op(r.t, r.args);
		fired = vfsim_uaccess_fault_fired(r.v);
		vfsim_fail_nth_uaccess(r.v, 0, 0);
		if (fired) {
			cr_assert(n <= c->nargs, "%s %s: more copies than arguments",
				  c->name, what);
			want = after ? c->tail_ret[c->copy_order[n - 1]] : -EFAULT;
		} else {
			want = SUCCESS;
		}
		check_result(&r, c, ret, want, what);
		if (fired && ret >= 0)
			check_partial(&r, c, what);
		run_end(&r, c, what);
		if (!fired)
			break;
	}
	return n - 1;
}

static void sweep(const struct ua_case *c)
{
	unsigned long n0, n3;

	null_and_unmapped(c);
	n0 = countdown(c, 0);
	n3 = countdown(c, 3);
	cr_assert_eq(n0, c->nargs, "%s: %lu user copies, want %u", c->name, n0, c->nargs);
	cr_assert_eq(n3, c->nargs);
	cr_log_info("%s: %u pointer arguments, %lu + %lu countdown fault points",
		    c->name, c->nargs, n0, n3);
	fprintf(stderr, "uaccess %-14s %u args, %lu+%lu countdown points\n", c->name,
		c->nargs, n0, n3);
}

#define UA_TEST(idx, id) Test(fault_uaccess, id) { sweep(&cases[idx]); }

UA_TEST(0, mount_tmpfs)
UA_TEST(1, mount_ramfs)
UA_TEST(2, mount_bind)
UA_TEST(3, umount2)
UA_TEST(4, mkdirat)
UA_TEST(5, symlinkat)
UA_TEST(6, openat)
UA_TEST(7, openat_creat)
UA_TEST(8, chdir)
UA_TEST(9, chroot)
UA_TEST(10, chmod)
UA_TEST(11, chown)
UA_TEST(12, mkautomount)
UA_TEST(13, path_mnt_id)

Test(fault_uaccess, all_cases_registered)
{
	cr_assert_eq(sizeof(cases) / sizeof(cases[0]), 14);
}
