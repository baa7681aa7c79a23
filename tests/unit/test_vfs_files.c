// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Files, permissions and the ram filesystems' options:
 *   - tmpfs and ramfs mount data: mode=, uid=, gid= (the root inode's
 *     owner and mode, which later permission checks show), size= and
 *     nr_inodes= with their suffixes, huge= (tmpfs only), and what each
 *     refuses, as Linux 6.18 does (test_fs_tmpfs_limits.c: the limits);
 *     remount parses the same words but changes nothing of the root;
 *   - open(2)'s flag checks, EISDIR, ENOTDIR, EROFS (a read-only mount
 *     and a read-only superblock);
 *   - generic_permission(): owner, group, other, and the capabilities
 *     DAC_OVERRIDE and DAC_READ_SEARCH, each on its own;
 *   - chmod and chown: EPERM without ownership or CAP_CHOWN, EROFS.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* The empty tree with a directory /m to mount on. */
static void dir_m(struct vfsim *vm)
{
	fx_dirs(vfsim_init_task(vm), "/m", NULL);
}

/* Mount @fstype with @data on /m: its result, unmounted again on success. */
static long try_mount(const char *fstype, const char *data)
{
	long ret = vfsim_mount(t, "x", "/m", fstype, 0, data);

	if (ret == 0)
		OK(vfsim_umount2(t, "/m", 0));
	return ret;
}

VT_TEST(vfs_files, ram_options, "empty", dir_m)
{
	static const struct {
		const char *fstype, *data;
		long want;
	} cases[] = {
		{ "tmpfs", "", 0 },
		{ "tmpfs", "mode=0700,uid=5,gid=6", 0 },
		{ "tmpfs", "size=10,size=1k,size=2K,size=3m,size=4M,size=5g,size=6G,size=50%", 0 },
		{ "tmpfs", "nr_inodes=100k", 0 },
		{ "tmpfs", "mode", -EINVAL },
		{ "tmpfs", "mode=", -EINVAL },
		{ "tmpfs", "mode=8", -EINVAL },
		{ "tmpfs", "mode=17777", 0 },	/* 5.8 and 6.18 take & 07777 */
		{ "tmpfs", "uid=x", -EINVAL },
		{ "tmpfs", "uid=4294967295", -EINVAL },
		{ "tmpfs", "gid=-", -EINVAL },
		{ "tmpfs", "gid=4294967295", -EINVAL },
		{ "tmpfs", "size", -EINVAL },
		{ "tmpfs", "size=", -EINVAL },
		{ "tmpfs", "size=1t", 0 },	/* memparse() knows T, P, E */
		{ "tmpfs", "size=1kk", -EINVAL },
		{ "tmpfs", "huge=never", 0 },
		{ "tmpfs", "huge=deny", -EINVAL },	/* sysfs's only */
		/* ramfs ignores what it does not know, size included. */
		{ "ramfs", "size=1t,huge=never,mode=0700", 0 },
		{ "ramfs", "mode=9", -EINVAL },
	};
	char big[5000];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		cr_expect_eq(try_mount(cases[i].fstype, cases[i].data), cases[i].want,
			     "%s -o %s", cases[i].fstype, cases[i].data);

	/* mount(2) copies one page of data, NUL included: a bad word
	 * beyond 4095 bytes is never seen. */
	memset(big, 'a', sizeof(big));
	strcpy(big + 4094, ",mode=8");
	EXPECT(try_mount("ramfs", big), 0);
	strcpy(big + 4080, ",mode=8");
	EXPECT(try_mount("ramfs", big), -EINVAL);
}

VT_TEST(vfs_files, ram_root_owner_and_mode, "empty", dir_m)
{
	struct vfsim_task *owner = vt_task(v, 5, 6), *group = vt_task(v, 7, 6);
	struct vfsim_task *other = vt_task(v, 8, 8);

	OK(vfsim_mount(t, "x", "/m", "tmpfs", 0, "mode=0770,uid=5,gid=6"));
	OK(vfsim_mkdirat(owner, AT_FDCWD, "/m/o", 0755));
	OK(vfsim_mkdirat(group, AT_FDCWD, "/m/g", 0755));
	EXPECT(vfsim_mkdirat(other, AT_FDCWD, "/m/x", 0755), -EACCES);

	/* A remount reads the words but the root keeps its owner. */
	OK(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT, "mode=0700,uid=7"));
	OK(vfsim_mkdirat(group, AT_FDCWD, "/m/g2", 0755));
	EXPECT(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT, "uid=x"), -EINVAL);
	OK(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT, "huge=always"));
	OK(vfsim_umount2(t, "/m", MNT_DETACH));

	OK(vfsim_mount(t, "x", "/m", "ramfs", 0, "mode=0700,uid=5"));
	OK(vfsim_mkdirat(owner, AT_FDCWD, "/m/o", 0755));
	EXPECT(vfsim_mkdirat(group, AT_FDCWD, "/m/g", 0755), -EACCES);
	OK(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT, "whatever"));
	EXPECT(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT, "gid=x"), -EINVAL);
	OK(vfsim_umount2(t, "/m", MNT_DETACH));
	vfsim_task_destroy(owner);
	vfsim_task_destroy(group);
	vfsim_task_destroy(other);
}

VT_TEST(vfs_files, open_flags, "empty", dir_m)
{
	OK(vfsim_mount(t, "x", "/m", "tmpfs", 0, NULL));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m", O_RDONLY | 0x80000000, 0), -EINVAL);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/f", O_CREAT | O_DIRECTORY, 0644), -EINVAL);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m", O_WRONLY, 0), -EISDIR);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m", O_RDWR, 0), -EISDIR);
	OK(vt_open_close(t, "/m/f", O_RDWR | O_CREAT, 0644));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/f", O_RDONLY | O_DIRECTORY, 0), -ENOTDIR);
	OK(vt_open_close(t, "/m/f", O_WRONLY, 0));

	/* Read-only mount: writing is EROFS, reading is not. */
	OK(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/f", O_WRONLY, 0), -EROFS);
	EXPECT(vfsim_chmod(t, "/m/f", 0600), -EROFS);
	EXPECT(vfsim_chown(t, "/m/f", 1, 1), -EROFS);
	OK(vt_open_close(t, "/m/f", O_RDONLY, 0));

	/* Read-only superblock: the inode check says EROFS first. */
	OK(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT | MS_BIND, NULL));
	OK(vfsim_mount(t, "none", "/m", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/f", O_RDWR, 0), -EROFS);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755), -EROFS);
	OK(vfsim_umount2(t, "/m", 0));
}

VT_TEST(vfs_files, permission_and_capabilities, "empty", dir_m)
{
	struct vfsim_task *user = vt_task(v, 1000, 1000);

	OK(vfsim_mount(t, "x", "/m", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0700));
	OK(vt_open_close(t, "/m/f", O_RDWR | O_CREAT, 0600));
	OK(vt_open_close(t, "/m/x", O_RDWR | O_CREAT, 0700));

	EXPECT(vfsim_openat(user, AT_FDCWD, "/m/f", O_RDONLY, 0), -EACCES);
	EXPECT(vfsim_chdir(user, "/m/d"), -EACCES);

	/* DAC_READ_SEARCH: reading and searching, not writing. */
	vfsim_task_set_caps(user, VFSIM_CAP_DAC_READ_SEARCH);
	OK(vt_open_close(user, "/m/f", O_RDONLY, 0));
	EXPECT(vfsim_openat(user, AT_FDCWD, "/m/f", O_WRONLY, 0), -EACCES);
	OK(vfsim_chdir(user, "/m/d"));
	EXPECT(vfsim_mkdirat(user, AT_FDCWD, "/m/d/e", 0755), -EACCES);
	OK(vfsim_chdir(user, "/"));

	/* DAC_OVERRIDE: anything on directories, read/write on files. */
	vfsim_task_set_caps(user, VFSIM_CAP_DAC_OVERRIDE);
	OK(vt_open_close(user, "/m/f", O_RDWR, 0));
	OK(vfsim_mkdirat(user, AT_FDCWD, "/m/d/e", 0755));
	cr_expect_eq(vfsim_task_caps(user), VFSIM_CAP_DAC_OVERRIDE);

	/* Not owner, no CAP_FOWNER or CAP_CHOWN. */
	vfsim_task_set_caps(user, 0);
	EXPECT(vfsim_chmod(user, "/m/x", 0777), -EPERM);
	EXPECT(vfsim_chown(user, "/m/x", 1000, 1000), -EPERM);
	/* Ownership given: chmod is the owner's, and so is a chown to itself
	 * and its own group (setattr_prepare's chown_ok and chgrp_ok), but
	 * not to anyone else's uid or group; chown with -1 leaves that ID
	 * alone. */
	OK(vfsim_chown(t, "/m/x", 1000, (gid_t)-1));
	OK(vfsim_chmod(user, "/m/x", 0640));
	OK(vfsim_chown(user, "/m/x", 1000, 1000));
	EXPECT(vfsim_chown(user, "/m/x", 0, (gid_t)-1), -EPERM);
	EXPECT(vfsim_chown(user, "/m/x", (uid_t)-1, 5), -EPERM);
	OK(vfsim_chown(t, "/m/f", (uid_t)-1, 1000));
	OK(vfsim_chmod(t, "/m/f", 0040));
	/* The group's bits now: read yes, write no. */
	OK(vt_open_close(user, "/m/f", O_RDONLY, 0));
	EXPECT(vfsim_openat(user, AT_FDCWD, "/m/f", O_WRONLY, 0), -EACCES);
	vfsim_task_destroy(user);
	OK(vfsim_umount2(t, "/m", 0));
}
