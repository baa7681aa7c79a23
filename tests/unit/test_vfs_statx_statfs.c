/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What programs check about a file and its filesystem (vfs/stat.c,
 * vfs/statfs.c): statx()'s attributes and attributes_mask
 * (STATX_ATTR_MOUNT_ROOT on the root of every mount a path ends on, binds
 * and chroots included; AUTOMOUNT; the mask 5.8 gives), the mount ID asked
 * for, the dev numbers mountinfo shows, blocks and blksize; statfs()'s
 * f_flags with every per-mount flag, ST_NOSYMFOLLOW included, and the
 * superblock's; and fault sweeps over statfs.
 *
 *   /              tmpfs (empty tree)
 *   |-/a           tmpfs "a"
 *   |  `-/a/sub    a directory, bound at /b
 *   `-/b           bind of /a/sub
 */
#define _GNU_SOURCE 1
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif
#ifndef STATX_ATTR_MOUNT_ROOT
#define STATX_ATTR_MOUNT_ROOT 0x00002000
#endif
#ifndef ST_NOSYMFOLLOW
#define ST_NOSYMFOLLOW 0x2000
#endif
#define ST_VALID 0x0020

static struct vfsim *v;
static struct vfsim_task *t;

static void tree(struct vfsim *vm)
{
	struct vfsim_task *it = vfsim_init_task(vm);

	fx_dirs(it, "/a", "/b", NULL);
	fx_tmpfs(it, "a", "/a");
	fx_dirs(it, "/a/sub", NULL);
	OK(vfsim_mount(it, "/a/sub", "/b", NULL, MS_BIND, NULL));
}

static struct statx sx(const char *path, int flags, unsigned int mask)
{
	struct statx s;

	memset(&s, 0xbd, sizeof(s));
	OK(vfsim_statx(t, AT_FDCWD, path, flags, mask, &s));
	return s;
}

/* MOUNT_ROOT where the path ends on a mount's root, in the mask always. */
VT_TEST(statx_attrs, mount_root, "empty", tree)
{
	static const struct {
		const char *path;
		bool root;
	} cases[] = {
		{ "/", true }, { "/a", true }, { "/a/", true }, { "/a/sub", false },
		{ "/b", true }, { "/a/sub/..", true }, { "/b/..", true },	/* the parent mount's side: / */
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct statx s = sx(cases[i].path, 0, STATX_BASIC_STATS);

		cr_expect_eq(s.stx_attributes, cases[i].root ? STATX_ATTR_MOUNT_ROOT : 0,
			     "%s: %#llx", cases[i].path, (unsigned long long)s.stx_attributes);
		cr_expect_eq(s.stx_attributes_mask, STATX_ATTR_MOUNT_ROOT, "%s", cases[i].path);
		cr_expect_eq(s.stx_mask, STATX_BASIC_STATS | STATX_MNT_ID, "%s", cases[i].path);
	}
	/* a chroot's root is not a mount's root unless it is one */
	OK(vfsim_chroot(t, "/a/sub"));
	cr_expect_eq(sx("/", 0, 0).stx_attributes, 0);
	OK(vfsim_chroot(t, "/"));
	OK(vfsim_chdir(t, "/"));
}

/* The mount ID asked for, and the other not. */
VT_TEST(statx_attrs, mount_ids, "empty", tree)
{
	struct statx a = sx("/a", 0, STATX_MNT_ID), u = sx("/a", 0, STATX_MNT_ID_UNIQUE);
	struct statx b = sx("/b", 0, STATX_MNT_ID);

	cr_expect(a.stx_mask & STATX_MNT_ID);
	cr_expect_not(a.stx_mask & STATX_MNT_ID_UNIQUE);
	cr_expect(u.stx_mask & STATX_MNT_ID_UNIQUE);
	cr_expect_not(u.stx_mask & STATX_MNT_ID);
	cr_expect_lt(a.stx_mnt_id, 0x80000000ULL);
	cr_expect_geq(u.stx_mnt_id, 0x80000000ULL);
	cr_expect_neq(a.stx_mnt_id, b.stx_mnt_id);
	/* a bind shares its superblock: the same dev */
	cr_expect_eq(a.stx_dev_minor, b.stx_dev_minor);
	cr_expect_eq(a.stx_dev_major, b.stx_dev_major);
}

/* dev numbers and mount IDs are mountinfo's, line by line. */
VT_TEST(statx_attrs, dev_matches_mountinfo, "empty", tree)
{
	static const char *const paths[] = { "/", "/a", "/b" };
	long n = vfsim_mountinfo(t, NULL, 0);
	char *text = malloc((size_t)n + 1), want[64];
	size_t i;

	cr_assert_not_null(text);
	cr_assert_eq(vfsim_mountinfo(t, text, (size_t)n + 1), n);
	for (i = 0; i < 3; i++) {
		struct statx s = sx(paths[i], 0, STATX_MNT_ID);
		char *line;

		snprintf(want, sizeof(want), "%llu ", (unsigned long long)s.stx_mnt_id);
		line = strstr(text, want);
		while (line && line != text && line[-1] != '\n')
			line = strstr(line + 1, want);
		cr_assert_not_null(line, "%s: %s", paths[i], text);
		snprintf(want, sizeof(want), " %u:%u ", s.stx_dev_major, s.stx_dev_minor);
		cr_expect_eq(strstr(line, want), strchr(strchr(line, ' ') + 1, ' '),
			     "%s: %s not in %s", paths[i], want, line);
	}
	free(text);
}

/* Blocks in 512-byte units of the pages written; blksize the page. */
VT_TEST(statx_attrs, blocks_and_blksize, "empty", tree)
{
	long fd = vfsim_openat(t, AT_FDCWD, "/a/f", O_RDWR | O_CREAT, 0644);
	struct statx s;

	cr_assert_geq(fd, 0);
	s = sx("/a/f", 0, STATX_BASIC_STATS);
	cr_expect_eq(s.stx_blocks, 0);
	cr_expect_eq(s.stx_blksize, 4096);
	cr_expect_eq(vfsim_pwrite(t, (int)fd, "x", 1, 5000), 1);
	s = sx("/a/f", 0, STATX_BASIC_STATS);
	cr_expect_eq(s.stx_size, 5001);
	cr_expect_eq(s.stx_blocks, 8);
	/* truncating to the size it has frees what fallocate kept past it */
	OK(vfsim_fallocate(t, (int)fd, 1 /* FALLOC_FL_KEEP_SIZE */, 0, 16384));
	cr_expect_eq(sx("/a/f", 0, 0).stx_blocks, 32);
	OK(vfsim_ftruncate(t, (int)fd, 5001));
	cr_expect_eq(sx("/a/f", 0, 0).stx_blocks, 16);
	OK(vfsim_close(t, (int)fd));
}

/* An automount point, not walked into, says AUTOMOUNT. */
VT_TEST(statx_attrs, automount, "empty", fx_automount)
{
	struct statx s = sx("/mnt/auto", AT_NO_AUTOMOUNT, STATX_BASIC_STATS);

	cr_expect_eq(s.stx_attributes, STATX_ATTR_AUTOMOUNT);
	cr_expect_eq(s.stx_attributes_mask, STATX_ATTR_MOUNT_ROOT);
	s = sx("/mnt/auto", 0, STATX_BASIC_STATS);
	cr_expect_eq(s.stx_attributes, STATX_ATTR_MOUNT_ROOT);
}

static long f_flags(const char *path)
{
	struct statfs st;

	OK(vfsim_statfs(t, path, &st));
	return (long)st.f_flags;
}

/* Every per-mount flag, one mount each, and the superblock's. */
VT_TEST(statfs_flags, each_flag, "empty", tree)
{
	static const struct {
		unsigned long ms;
		long st;
	} cases[] = {
		{ 0, ST_RELATIME },
		{ MS_RDONLY, ST_RDONLY | ST_RELATIME },
		{ MS_NOSUID, ST_NOSUID | ST_RELATIME },
		{ MS_NODEV, ST_NODEV | ST_RELATIME },
		{ MS_NOEXEC, ST_NOEXEC | ST_RELATIME },
		{ MS_NOATIME, ST_NOATIME },
		{ MS_NODIRATIME, ST_NODIRATIME | ST_RELATIME },
		{ MS_STRICTATIME, 0 },
		{ MS_SYNCHRONOUS, ST_SYNCHRONOUS | ST_RELATIME },
	};
	size_t i;

	fx_dirs(t, "/m", NULL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		OK(vfsim_mount(t, "m", "/m", "tmpfs", cases[i].ms, NULL));
		cr_expect_eq(f_flags("/m"), cases[i].st | ST_VALID, "flags %#lx: %#lx",
			     cases[i].ms, f_flags("/m"));
		OK(vfsim_umount2(t, "/m", 0));
	}
}

/* nosymfollow (5.10, mount_setattr() here) is ST_NOSYMFOLLOW. */
VT_TEST(statfs_flags, nosymfollow, "empty", tree)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_NOSYMFOLLOW };
	long fd;
	struct statfs st;

	OK(vfsim_mount_setattr(t, AT_FDCWD, "/b", 0, &attr, sizeof(attr)));
	cr_expect_eq(f_flags("/b"), ST_NOSYMFOLLOW | ST_RELATIME | ST_VALID);
	/* a per-mount flag: the same superblock through /a has none */
	cr_expect_eq(f_flags("/a"), ST_RELATIME | ST_VALID);
	fd = vfsim_openat(t, AT_FDCWD, "/b", O_RDONLY, 0);
	cr_assert_geq(fd, 0);
	OK(vfsim_fstatfs(t, (int)fd, &st));
	cr_expect_eq(st.f_flags, ST_NOSYMFOLLOW | ST_RELATIME | ST_VALID);
	OK(vfsim_close(t, (int)fd));
}

/* A read-only superblock is ST_RDONLY through a read-write mount too. */
VT_TEST(statfs_flags, sb_rdonly, "empty", tree)
{
	OK(vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	cr_expect_eq(f_flags("/b"), ST_RDONLY | ST_RELATIME | ST_VALID);
	EXPECT(vfsim_statfs(t, "/nothing", NULL), -ENOENT);
	EXPECT(vfsim_fstatfs(t, 99, NULL), -EBADF);
	EXPECT(vfsim_fstatfs(t, -1, NULL), -EBADF);
}

/* ---- fault sweeps ---------------------------------------------------- */

static void sweep_setup(struct fault_run *r)
{
	tree(r->v);
}

static long op_statfs(struct fault_run *r)
{
	return vfsim_statfs(r->t, r->args[0], r->args[1]);
}

/* the path name */
FAULT_ALLOC_TEST(statfs_fault_alloc, statfs, .setup = sweep_setup, .op = op_statfs,
		 .changes_nothing = true, .frees_all = true, .nargs = 2,
		 .args = { "/b/../b", "0123456789012345678901234567890123456789012345678901234567890123456789"
			   "012345678901234567890123456789012345678901234567890123456789" },
		 .min_allocs = 1)
/* the path in, the struct statfs out */
FAULT_UACCESS_TEST(statfs_fault_uaccess, statfs, .setup = sweep_setup, .op = op_statfs,
		   .changes_nothing = true, .frees_all = true, .nargs = 2,
		   .args = { "/b/../b", "0123456789012345678901234567890123456789012345678901234567890123456789"
			     "012345678901234567890123456789012345678901234567890123456789" },
		   .copy_order = { 0, 1 }, .copies = 2)
