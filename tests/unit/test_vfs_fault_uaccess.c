/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User-copy fault sweeps (common/fault_sweep.h) over every syscall that
 * takes a user pointer.  For each pointer argument of each syscall:
 *   - NULL: -EFAULT, except where the kernel treats NULL as "absent"
 *     (mount's source, type and data: copy_mount_string() and
 *     copy_mount_options() return NULL for them, and the operation decides);
 *   - a pointer into the NULL page, and a string that lies wholly in a
 *     range marked unmapped: -EFAULT;
 *   - a string whose tail (from byte 3) is unmapped: -EFAULT, except for
 *     mount data, where copy_mount_options() accepts a copy cut short by a
 *     fault as long as something was copied (fs/namespace.c, 5.6): tmpfs
 *     then sees the option "mod" and refuses it (-EINVAL), ramfs ignores it
 *     and mounts with the options "mod".
 * Then a countdown over all the user copies of the call, with the fault at
 * once and after 3 bytes (a partial copy), until the countdown no longer
 * fires; then the call must succeed.  Every failure must leave the mount
 * tree unchanged, the invariants true and no WARN_ON fired, and the call
 * must then succeed with its arguments whole; every instance is torn down
 * leak-free.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"

/*
 *   /          rootfs
 *   ├── /mnt/a  tmpfs "a"
 *   └── (/mnt/b, /mnt/dir: empty directories; /mnt/a/file: a file)
 */
static void setup(struct fault_run *r)
{
	struct vfsim_task *t = r->t;
	long fd;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/b", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/dir", 0755));
	OK(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, NULL));
	fd = vfsim_openat(t, AT_FDCWD, "/mnt/a/file", O_CREAT | O_RDWR, 0644);
	OK(fd);
	OK(vfsim_close(t, (int)fd));
}

/* ---- the calls --------------------------------------------------------------- */

static long op_mount(struct fault_run *r)
{
	return vfsim_mount(r->t, r->args[0], r->args[1], r->args[2], 0, r->args[3]);
}

static long op_bind(struct fault_run *r)
{
	return vfsim_mount(r->t, r->args[0], r->args[1], NULL, MS_BIND, NULL);
}

static long op_umount(struct fault_run *r)
{
	return vfsim_umount2(r->t, r->args[0], 0);
}

static long op_mkdir(struct fault_run *r)
{
	return vfsim_mkdirat(r->t, AT_FDCWD, r->args[0], 0755);
}

static long op_symlink(struct fault_run *r)
{
	return vfsim_symlinkat(r->t, r->args[0], AT_FDCWD, r->args[1]);
}

static long op_open(struct fault_run *r)
{
	return vfsim_openat(r->t, AT_FDCWD, r->args[0], O_RDONLY, 0);
}

static long op_open_creat(struct fault_run *r)
{
	return vfsim_openat(r->t, AT_FDCWD, r->args[0], O_CREAT | O_RDWR, 0600);
}

static long op_chdir(struct fault_run *r)
{
	return vfsim_chdir(r->t, r->args[0]);
}

static long op_chroot(struct fault_run *r)
{
	return vfsim_chroot(r->t, r->args[0]);
}

static long op_chmod(struct fault_run *r)
{
	return vfsim_chmod(r->t, r->args[0], 0700);
}

static long op_chown(struct fault_run *r)
{
	return vfsim_chown(r->t, r->args[0], 1, 1);
}

static long op_mkautomount(struct fault_run *r)
{
	return vfsim_mkautomount(r->t, r->args[0], "tmpfs", "auto", NULL);
}

static long op_path_mnt_id(struct fault_run *r)
{
	return vfsim_path_mnt_id(r->t, r->args[0]);
}

/* ---- what a copy cut short leaves -------------------------------------------- */

static int opts_cb(const struct vfsim_mount_desc *m, void *arg)
{
	*(char **)arg = strdup(m->sb_options);
	return 0;
}

/* ramfs mounted with the options its data's first 3 bytes make */
static void ramfs_options_cut(struct fault_run *r)
{
	long id;
	char *opts = NULL;

	if (r->ret < 0)
		return;
	id = vfsim_path_mnt_id(r->t, "/mnt/b");
	cr_assert_gt(id, 0);
	cr_assert_eq(vfsim_mount_by_id(r->t, (unsigned int)id, opts_cb, &opts), 0);
	cr_assert_str_eq(opts, "rw,mod", "%s %s: options", r->c->name, r->what);
	free(opts);
}

/* ---- the sweeps ---------------------------------------------------------------- */

/* A sweep of @op_fn on the tree of setup() with one path, copied once:
 * every fault is -EFAULT. */
#define PATH_SWEEP(id, op_fn, path)					\
	FAULT_UACCESS_TEST(fault_uaccess, id, .setup = setup, .op = op_fn, FAULT_ONE_PATH(path))

/* ksys_mount() copies type, source, data, then looks the target up. */
FAULT_UACCESS_TEST(fault_uaccess, mount_tmpfs, .setup = setup, .op = op_mount,
		   .nargs = 4, .args = { "fresh", "/mnt/b", "tmpfs", "mode=700,size=1m" },
		   .copies = 4,
		   .null_ret = { FAULT_SUCCEEDS, -EFAULT, -EINVAL, FAULT_SUCCEEDS },
		   .tail_ret = { -EFAULT, -EFAULT, -EFAULT, -EINVAL },
		   .copy_order = { 2, 0, 3, 1 })
FAULT_UACCESS_TEST(fault_uaccess, mount_ramfs, .setup = setup, .op = op_mount,
		   .nargs = 4, .args = { "fresh", "/mnt/b", "ramfs", "mode=700,size=1m" },
		   .copies = 4,
		   .null_ret = { FAULT_SUCCEEDS, -EFAULT, -EINVAL, FAULT_SUCCEEDS },
		   .tail_ret = { -EFAULT, -EFAULT, -EFAULT, FAULT_SUCCEEDS },
		   .copy_order = { 2, 0, 3, 1 }, .after_fail = ramfs_options_cut)
FAULT_UACCESS_TEST(fault_uaccess, mount_bind, .setup = setup, .op = op_bind,
		   .nargs = 2, .args = { "/mnt/a", "/mnt/b" }, .copies = 2,
		   .null_ret = { -EINVAL, -EFAULT }, .copy_order = { 0, 1 })
PATH_SWEEP(umount2, op_umount, "/mnt/a")
PATH_SWEEP(mkdirat, op_mkdir, "/mnt/a/newdir")
/* do_symlinkat() copies the target (oldname) first. */
FAULT_UACCESS_TEST(fault_uaccess, symlinkat, .setup = setup, .op = op_symlink,
		   .nargs = 2, .args = { "/mnt/a/file", "/mnt/a/link" }, .copies = 2,
		   .copy_order = { 0, 1 })
PATH_SWEEP(openat, op_open, "/mnt/a/file")
PATH_SWEEP(openat_creat, op_open_creat, "/mnt/a/new")
PATH_SWEEP(chdir, op_chdir, "/mnt/dir")
PATH_SWEEP(chroot, op_chroot, "/mnt/dir")
PATH_SWEEP(chmod, op_chmod, "/mnt/a/file")
PATH_SWEEP(chown, op_chown, "/mnt/a/file")
/* Only the path is a user pointer: fstype, source and data are taken as
 * kernel strings (the call stands for what an automounter sets up from
 * inside the kernel). */
PATH_SWEEP(mkautomount, op_mkautomount, "/mnt/a/auto")
PATH_SWEEP(path_mnt_id, op_path_mnt_id, "/mnt/a/file")
