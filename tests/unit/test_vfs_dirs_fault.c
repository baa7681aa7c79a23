// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Fault sweeps of the directory and name calls (common/fault_sweep.h):
 * every allocation and every user copy of unlink, rmdir, rename (plain,
 * over a name, exchange, whiteout, over another namespace's mountpoint),
 * link, readlink, getdents64, utimensat and faccessat2 made to fail in
 * turn.  A failure must leave the names (a listing of /t with each one's
 * type, link count and size, and tmpfs's free inodes) and the mount tree
 * as they were, the invariants true and nothing leaked; the call then
 * succeeds and leaves what an unfaulted one does.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/vfstest.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE	(1 << 0)
#define RENAME_EXCHANGE		(1 << 1)
#define RENAME_WHITEOUT		(1 << 2)
#endif
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE		1
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE		0x8000
#endif

/*
 *   /t         tmpfs, nr_inodes=64
 *   /t/d/sub   directories, /t/e empty
 *   /t/f, /t/g files (f has "data"), /t/l -> f
 *   /t/m       a mountpoint of a detached clone only (fd 3), after
 *              /t/m's own mount went
 */
static void setup(struct fault_run *r)
{
	struct vfsim_task *t = r->t;
	long fd;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/t", 0755));
	OK(vfsim_mount(t, "t", "/t", "tmpfs", 0, "nr_inodes=64"));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/d/sub", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/e", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t/m", 0755));
	fd = vfsim_openat(t, AT_FDCWD, "/t/f", O_CREAT | O_WRONLY, 0644);
	OK(fd);
	OK(vfsim_write(t, (int)fd, "data", 4));
	OK(vfsim_close(t, (int)fd));
	fd = vfsim_openat(t, AT_FDCWD, "/t/g", O_CREAT | O_WRONLY, 0644);
	OK(fd);
	OK(vfsim_close(t, (int)fd));
	OK(vfsim_symlinkat(t, "f", AT_FDCWD, "/t/l"));
	OK(vfsim_mount(t, "m", "/t/m", "tmpfs", 0, NULL));
	fd = vfsim_open_tree(t, AT_FDCWD, "/t", OPEN_TREE_CLONE | AT_RECURSIVE);
	cr_assert_eq(fd, 3);
	OK(vfsim_umount2(t, "/t/m", 0));
}

static void cleanup(struct fault_run *r)
{
	OK(vfsim_close(r->t, 3));
}

/* One directory's entries, recursively, into @out. */
static void list_dir(struct vfsim_task *t, const char *dir, char **out, size_t *len)
{
	char buf[4096], path[512];
	long fd, ret;

	fd = vfsim_openat(t, AT_FDCWD, dir, O_RDONLY | O_DIRECTORY, 0);
	OK(fd);
	while ((ret = vfsim_getdents64(t, (int)fd, buf, sizeof(buf))) > 0) {
		long off = 0;

		while (off < ret) {
			const char *name = buf + off + 19;
			unsigned short reclen;
			struct statx sx;

			memcpy(&reclen, buf + off + 16, 2);
			off += reclen;
			if (!strcmp(name, ".") || !strcmp(name, ".."))
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, name);
			OK(vfsim_statx(t, AT_FDCWD, path, AT_SYMLINK_NOFOLLOW,
				       STATX_BASIC_STATS, &sx));
			*out = realloc(*out, *len + strlen(path) + 64);
			cr_assert(*out);
			*len += (size_t)sprintf(*out + *len, "%s %o %u %llu\n", path,
						sx.stx_mode, sx.stx_nlink,
						(unsigned long long)sx.stx_size);
			if (S_ISDIR(sx.stx_mode))
				list_dir(t, path, out, len);
		}
	}
	OK(ret);
	OK(vfsim_close(t, (int)fd));
}

/* The names under /t, tmpfs's free inodes and the mount tree. */
static char *names(struct fault_run *r)
{
	char *tree = vt_tree(r->t, VT_ALL), *out = NULL;
	struct statfs sfs;
	size_t len = 0;

	list_dir(r->t, "/t", &out, &len);
	OK(vfsim_statfs(r->t, "/t", &sfs));
	out = realloc(out, len + strlen(tree) + 64);
	cr_assert(out);
	sprintf(out + len, "ffree %llu\n%s", (unsigned long long)sfs.f_ffree, tree);
	free(tree);
	return out;
}

static long op_unlink(struct fault_run *r)
{
	return vfsim_unlinkat(r->t, AT_FDCWD, r->args[0], 0);
}

static long op_rmdir(struct fault_run *r)
{
	return vfsim_unlinkat(r->t, AT_FDCWD, r->args[0], AT_REMOVEDIR);
}

static long op_rename(struct fault_run *r)
{
	return vfsim_renameat2(r->t, AT_FDCWD, r->args[0], AT_FDCWD, r->args[1], 0);
}

static long op_rename_exchange(struct fault_run *r)
{
	return vfsim_renameat2(r->t, AT_FDCWD, r->args[0], AT_FDCWD, r->args[1],
			       RENAME_EXCHANGE);
}

static long op_rename_whiteout(struct fault_run *r)
{
	return vfsim_renameat2(r->t, AT_FDCWD, r->args[0], AT_FDCWD, r->args[1],
			       RENAME_WHITEOUT);
}

static long op_link(struct fault_run *r)
{
	return vfsim_linkat(r->t, AT_FDCWD, r->args[0], AT_FDCWD, r->args[1], 0);
}

static long op_utimensat(struct fault_run *r)
{
	return vfsim_utimensat(r->t, AT_FDCWD, r->args[0], NULL, 0);
}

static long op_faccessat2(struct fault_run *r)
{
	return vfsim_faccessat2(r->t, AT_FDCWD, r->args[0], R_OK | W_OK, 0);
}

/* a successful rename, link or removal changes the names: the outcome
 * compares what it left */
#define NAMES .snapshot = names, .outcome = names, .cleanup = cleanup, .setup = setup

#define TWO(a, b) .nargs = 2, .args = { a, b }

FAULT_ALLOC_TEST(dirs_fault, unlink, NAMES, .op = op_unlink, FAULT_ONE_PATH("/t/f"),
		 .min_allocs = 1)
FAULT_ALLOC_TEST(dirs_fault, rmdir, NAMES, .op = op_rmdir, FAULT_ONE_PATH("/t/e"),
		 .min_allocs = 1)
/* getname; the detach of the clone's copy allocates nothing */
FAULT_ALLOC_TEST(dirs_fault, rmdir_clone_mountpoint, NAMES, .op = op_rmdir,
		 FAULT_ONE_PATH("/t/m"), .min_allocs = 1)
/* two getnames, the negative target */
FAULT_ALLOC_TEST(dirs_fault, rename, NAMES, .op = op_rename,
		 TWO("/t/f", "/t/d/sub/a-long-name-past-the-inline-thirty-two"),
		 .min_allocs = 3)
FAULT_ALLOC_TEST(dirs_fault, rename_over, NAMES, .op = op_rename, TWO("/t/f", "/t/g"),
		 .min_allocs = 2)
FAULT_ALLOC_TEST(dirs_fault, rename_over_clone_mountpoint, NAMES, .op = op_rename,
		 TWO("/t/e", "/t/m"), .min_allocs = 2)
FAULT_ALLOC_TEST(dirs_fault, rename_exchange, NAMES, .op = op_rename_exchange,
		 TWO("/t/f", "/t/d"), .min_allocs = 2)
/* ... and the whiteout's dentry and inode (an inode that cannot be had
 * is ENOSPC, shmem_get_inode()) */
FAULT_ALLOC_TEST(dirs_fault, rename_whiteout, NAMES, .op = op_rename_whiteout,
		 TWO("/t/f", "/t/h"), .min_allocs = 5, .errnos = { ENOMEM, ENOSPC })
FAULT_ALLOC_TEST(dirs_fault, link, NAMES, .op = op_link, TWO("/t/f", "/t/d/f2"),
		 .min_allocs = 3)

/* the user copies: each path once, in the order the call copies them */
FAULT_UACCESS_TEST(dirs_fault, unlink_copy, NAMES, .op = op_unlink,
		   FAULT_ONE_PATH("/t/f"))
FAULT_UACCESS_TEST(dirs_fault, rmdir_copy, NAMES, .op = op_rmdir,
		   FAULT_ONE_PATH("/t/e"))
FAULT_UACCESS_TEST(dirs_fault, rename_copy, NAMES, .op = op_rename,
		   TWO("/t/f", "/t/d/sub/x"), .copies = 2, .copy_order = { 0, 1 })
FAULT_UACCESS_TEST(dirs_fault, link_copy, NAMES, .op = op_link,
		   TWO("/t/f", "/t/d/f2"), .copies = 2, .copy_order = { 0, 1 })
FAULT_UACCESS_TEST(dirs_fault, utimensat_copy, NAMES, .op = op_utimensat,
		   FAULT_ONE_PATH("/t/f"))
FAULT_UACCESS_TEST(dirs_fault, faccessat2_copy, NAMES, .op = op_faccessat2,
		   FAULT_ONE_PATH("/t/f"))

/* ---- calls that fill user memory ------------------------------------------ */

static long op_readlink(struct fault_run *r)
{
	return vfsim_readlinkat(r->t, AT_FDCWD, "/t/l", r->args[0], 16);
}

/* the file opened (its cursor), then the records, one copy each */
static long op_getdents(struct fault_run *r)
{
	long fd = vfsim_openat(r->t, AT_FDCWD, "/t/./.", O_RDONLY | O_DIRECTORY, 0);
	long ret;

	if (fd < 0)
		return fd;
	ret = vfsim_getdents64(r->t, (int)fd, r->args[0], 512);
	OK(vfsim_close(r->t, (int)fd));
	return ret;
}

static long getdents_want(struct fault_run *r)
{
	/* copy 1 is the open's path, 2 the first record; a fault after
	 * that leaves the records before it: their bytes are the result
	 * (filldir64's partial buffer) */
	if (!r->fired || r->n > 2)
		return FAULT_SUCCEEDS;
	return -EFAULT;
}

static bool getdents_partial(struct fault_run *r)
{
	return r->n > 2;
}

/* getdents: the open's getname, file and cursor; getdents64 itself
 * allocates nothing (a record is built on the stack) */
FAULT_ALLOC_TEST(dirs_fault, getdents, .setup = setup, .cleanup = cleanup,
		 .op = op_getdents, .buf_size = 512, .nargs = 1, .min_allocs = 3)
FAULT_UACCESS_TEST(dirs_fault, getdents_copy, .setup = setup, .cleanup = cleanup,
		   .op = op_getdents, .nargs = 1, .buf_size = 512, .copies = 9,
		   .want = getdents_want, .partial_ok = getdents_partial,
		   .null_ret = { -EFAULT })
FAULT_ALLOC_TEST(dirs_fault, readlink, .setup = setup, .cleanup = cleanup,
		 .op = op_readlink, .buf_size = 16, .nargs = 1, .min_allocs = 1)
/* the path is a literal, copied once before the body */
FAULT_UACCESS_TEST(dirs_fault, readlink_copy, .setup = setup, .cleanup = cleanup,
		   .op = op_readlink, .buf_size = 16, .nargs = 1, .copies = 2,
		   .null_ret = { -EFAULT })
/* getname alone: the model's credential override allocates nothing */
FAULT_ALLOC_TEST(dirs_fault, faccessat2, NAMES, .op = op_faccessat2,
		 FAULT_ONE_PATH("/t/f"), .min_allocs = 1)
FAULT_ALLOC_TEST(dirs_fault, utimensat, .setup = setup, .cleanup = cleanup,
		 .op = op_utimensat, FAULT_ONE_PATH("/t/f"), .min_allocs = 1)
