/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The path walk (vfs/namei.c, fs/namei.c of Linux 5.6): absolute and
 * relative paths, dfd and AT_FDCWD, "." and "..", symlinks and their
 * limits, the errors of the walk, permission checks on the way, mkdir's
 * errors, and where a walk triggers an automount.
 *
 * Checked on Linux 6.18 (unshare -m, fresh tmpfs), same results unless
 * noted: mkdir "." EEXIST; stat "f/" ENOTDIR; open "f/" ENOTDIR; stat
 * "f/x" ENOTDIR; mkdir "f/x" ENOTDIR; mkdir "f/" (f a file) EEXIST; mkdir
 * "nope/x" ENOENT; a 256-byte component ENAMETOOLONG, 255 ENOENT; a
 * 4096-byte path ENAMETOOLONG, 4095 bytes ENOENT; a chain of 40 symlinks
 * resolves, 41 ELOOP; a two-link loop ELOOP; open(O_NOFOLLOW) of a symlink
 * ELOOP, O_PATH|O_NOFOLLOW opens it, O_PATH|O_NOFOLLOW|O_DIRECTORY
 * ENOTDIR; "dirlink/" resolves to the directory; mkdir under a read-only
 * bind mount EROFS, of an existing name there EEXIST, of "." EEXIST; mkdir
 * on a read-only superblock EROFS; uid 1000 stat/mkdir through a 0700
 * root-owned directory EACCES, root passes; ".." from inside a mount
 * root lands in the parent mount.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define SB_SUBMOUNT_BIT (1u << 26)

/*
 *   /            rootfs (1)
 *   |-/x/y/z     plain directories of the root
 *   `-/mnt/a     tmpfs "a" (2)
 */
VT_TEST(vfs_namei, absolute_relative_and_dfd, "empty", NULL)
{
	long fd, fda, ffile;

	EXPECT(vt_mkdir_p(t, "/x/y/z", 0755), 0);
	fx_tmpfs(t, "a", "/mnt/a");

	/* AT_FDCWD and a relative path start at the cwd. */
	EXPECT(vfsim_chdir(t, "/x"), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "y/rel", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/x/y/rel", 0755), -EEXIST);
	EXPECT(vfsim_chdir(t, "/"), 0);

	/* A dfd from O_PATH|O_DIRECTORY is where a relative path starts... */
	fd = vfsim_openat(t, AT_FDCWD, "/x/y", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_mkdirat(t, (int)fd, "viafd", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/x/y/viafd", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, (int)fd, "z/deeper", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/x/y/z/deeper", 0755), -EEXIST);
	/* ... and is ignored by an absolute path, even a bad one. */
	EXPECT(vfsim_mkdirat(t, (int)fd, "/abs", 0755), 0);
	EXPECT(vfsim_mkdirat(t, 999, "/abs2", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/abs", 0755), -EEXIST);
	/* A bad dfd with a relative path is EBADF, a file one ENOTDIR. */
	EXPECT(vfsim_mkdirat(t, 999, "rel", 0755), -EBADF);
	EXPECT(vfsim_mkdirat(t, -5, "rel", 0755), -EBADF);
	ffile = vfsim_openat(t, AT_FDCWD, "/x/file", O_CREAT | O_RDONLY, 0644);
	cr_assert_geq(ffile, 0);
	EXPECT(vfsim_mkdirat(t, (int)ffile, "rel", 0755), -ENOTDIR);

	/* ".." from a dfd at a mount root goes into the parent mount. */
	fda = vfsim_openat(t, AT_FDCWD, "/mnt/a", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fda, 0);
	EXPECT(vfsim_mkdirat(t, (int)fda, "../up-from-a", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/mnt/up-from-a", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, (int)fda, "in-a", 0755), 0);
	EXPECT(vfsim_path_mnt_id(t, "/mnt/a/in-a"), 2);

	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_close(t, (int)fda), 0);
	EXPECT(vfsim_close(t, (int)ffile), 0);
	EXPECT(vfsim_close(t, (int)ffile), -EBADF);
}

/*
 *   /             rootfs (1)
 *   |-/mnt/a      tmpfs "a" (2)
 *   |  `-/mnt/a/b tmpfs "b" (3)
 *   `-/jail       plain directory, a chroot
 */
VT_TEST(vfs_namei, dot_and_dotdot, "empty", NULL)
{
	struct vfsim_task *j;

	EXPECT(vt_mkdir_p(t, "/mnt/a", 0755), 0);
	EXPECT(vt_mkdir_p(t, "/jail/in", 0755), 0);
	EXPECT(vfsim_mount(t, "a", "/mnt/a", "tmpfs", 0, NULL), 0);
	fx_tmpfs(t, "b", "/mnt/a/b");
	EXPECT(vt_mkdir_p(t, "/mnt/a/b/c", 0755), 0);

	/* "." stays, ".." goes up within a mount. */
	EXPECT(vfsim_path_mnt_id(t, "/mnt/./a/./b/."), 3);
	EXPECT(vfsim_path_mnt_id(t, "/mnt/a/b/c/.."), 3);
	/* ".." at a mount root crosses into the parent mount, twice. */
	EXPECT(vfsim_path_mnt_id(t, "/mnt/a/b/.."), 2);
	EXPECT(vfsim_path_mnt_id(t, "/mnt/a/b/c/../.."), 2);
	EXPECT(vfsim_path_mnt_id(t, "/mnt/a/b/c/../../.."), 1);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/mnt/a/b/../made-in-a", 0755), 0);
	EXPECT(vfsim_path_mnt_id(t, "/mnt/a/made-in-a"), 2);
	/* ".." and back down a mountpoint lands on the mount again. */
	EXPECT(vfsim_path_mnt_id(t, "/mnt/a/b/../b"), 3);
	/* From a cwd at a mount root. */
	EXPECT(vfsim_chdir(t, "/mnt/a/b"), 0);
	EXPECT(vfsim_path_mnt_id(t, "."), 3);
	EXPECT(vfsim_path_mnt_id(t, ".."), 2);
	EXPECT(vfsim_path_mnt_id(t, "../.."), 1);
	EXPECT(vfsim_chdir(t, "/"), 0);

	/* ".." at the root stays at the root. */
	EXPECT(vfsim_path_mnt_id(t, "/.."), 1);
	EXPECT(vfsim_path_mnt_id(t, "/../../../mnt/a"), 2);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/../../top", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/top", 0755), -EEXIST);

	/* After chroot, ".." stops at the new root, not at the mount root. */
	j = vt_task(v, 0, 0);
	EXPECT(vfsim_chroot(j, "/jail"), 0);
	EXPECT(vfsim_chdir(j, "/"), 0);
	EXPECT(vfsim_mkdirat(j, AT_FDCWD, "/../../../made-in-jail", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/jail/made-in-jail", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(j, AT_FDCWD, "in/../../../in/x", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/jail/in/x", 0755), -EEXIST);
	/* The jail does not see /mnt. */
	EXPECT(vfsim_path_mnt_id(j, "/../mnt"), -ENOENT);
	/* Non-root tasks may not chroot. */
	{
		struct vfsim_task *u = vt_task(v, 1000, 1000);

		EXPECT(vfsim_chroot(u, "/jail"), -EPERM);
		vfsim_task_destroy(u);
	}
	vfsim_task_destroy(j);
}

/*
 *   /                 rootfs (1)
 *   |-/d/e            directories
 *   |-/m              tmpfs "m" (2), with /m/in
 *   |-/labs -> /d/e   absolute
 *   |-/d/lrel -> e    relative (to /d)
 *   |-/chain -> labs2 -> /d/lrel
 *   `-/lm -> m/in     into another mount
 */
VT_TEST(vfs_namei, symlinks, "empty", NULL)
{
	EXPECT(vt_mkdir_p(t, "/d/e", 0755), 0);
	fx_tmpfs(t, "m", "/m");
	EXPECT(vt_mkdir_p(t, "/m/in", 0755), 0);
	EXPECT(vfsim_symlinkat(t, "/d/e", AT_FDCWD, "/labs"), 0);
	EXPECT(vfsim_symlinkat(t, "e", AT_FDCWD, "/d/lrel"), 0);
	EXPECT(vfsim_symlinkat(t, "/d/lrel", AT_FDCWD, "/labs2"), 0);
	EXPECT(vfsim_symlinkat(t, "labs2", AT_FDCWD, "/chain"), 0);
	EXPECT(vfsim_symlinkat(t, "m/in", AT_FDCWD, "/lm"), 0);
	EXPECT(vfsim_symlinkat(t, "/d/e", AT_FDCWD, "/labs"), -EEXIST);

	/* absolute */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/labs/via-abs", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d/e/via-abs", 0755), -EEXIST);
	/* relative: resolved from the link's directory, not the cwd */
	EXPECT(vfsim_chdir(t, "/m"), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d/lrel/via-rel", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d/e/via-rel", 0755), -EEXIST);
	EXPECT(vfsim_chdir(t, "/"), 0);
	/* a chain: /chain -> labs2 -> /d/lrel -> e */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/chain/via-chain", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d/e/via-chain", 0755), -EEXIST);
	/* into another mount, and ".." after a link is the target's parent */
	EXPECT(vfsim_path_mnt_id(t, "/lm"), 2);
	EXPECT(vfsim_path_mnt_id(t, "/lm/.."), 2);
	EXPECT(vfsim_path_mnt_id(t, "/lm/../.."), 1);
	/* a trailing slash on a link to a directory follows it */
	EXPECT(vfsim_path_mnt_id(t, "/lm/"), 2);
	/* a link as the last component of mkdir is not followed: EEXIST */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/labs", 0755), -EEXIST);
	/* a dangling link */
	EXPECT(vfsim_symlinkat(t, "/nowhere", AT_FDCWD, "/dangling"), 0);
	EXPECT(vfsim_path_mnt_id(t, "/dangling"), -ENOENT);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/dangling", O_PATH | O_NOFOLLOW, 0) >= 0, 1);
}

/*
 *   /                    rootfs (1)
 *   |-/d                 a directory
 *   |-/l0 -> d, /l1 -> l0, ... /l44 -> l43
 *   `-/loopa -> loopb -> loopa
 */
VT_TEST(vfs_namei, symlink_limits, "empty", NULL)
{
	char name[32], target[32];
	int i;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d", 0755), 0);
	EXPECT(vfsim_symlinkat(t, "d", AT_FDCWD, "/l0"), 0);
	for (i = 1; i < 45; i++) {
		snprintf(name, sizeof(name), "/l%d", i);
		snprintf(target, sizeof(target), "l%d", i - 1);
		EXPECT(vfsim_symlinkat(t, target, AT_FDCWD, name), 0);
	}
	/* /l39 follows 40 links (l39..l0): the limit, allowed. */
	EXPECT(vfsim_path_mnt_id(t, "/l39"), 1);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/l39/forty", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d/forty", 0755), -EEXIST);
	/* /l40 needs 41: ELOOP, as an intermediate component too. */
	EXPECT(vfsim_path_mnt_id(t, "/l40"), -ELOOP);
	EXPECT(vfsim_path_mnt_id(t, "/l40/forty"), -ELOOP);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/l40/x", 0755), -ELOOP);
	/* The count is per lookup, across nested bodies: the link itself
	 * plus 20 plus 20 is 41... */
	EXPECT(vfsim_symlinkat(t, "/l19/../l19", AT_FDCWD, "/twice"), 0);
	EXPECT(vfsim_path_mnt_id(t, "/twice"), -ELOOP);
	/* ... and 1 + 20 + 19 is 40. */
	EXPECT(vfsim_symlinkat(t, "/l19/../l18", AT_FDCWD, "/twice2"), 0);
	EXPECT(vfsim_path_mnt_id(t, "/twice2"), 1);

	/* A loop */
	EXPECT(vfsim_symlinkat(t, "loopb", AT_FDCWD, "/loopa"), 0);
	EXPECT(vfsim_symlinkat(t, "loopa", AT_FDCWD, "/loopb"), 0);
	EXPECT(vfsim_path_mnt_id(t, "/loopa"), -ELOOP);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/loopa", O_RDONLY, 0), -ELOOP);
	EXPECT(vfsim_symlinkat(t, "self", AT_FDCWD, "/self"), 0);
	EXPECT(vfsim_path_mnt_id(t, "/self/x"), -ELOOP);
}

/*
 *   /                 rootfs (1)
 *   |-/d              a directory
 *   |-/f              a regular file
 *   |-/lf -> f
 *   `-/ld -> d
 */
VT_TEST(vfs_namei, nofollow_trailing_slash_and_enotdir, "empty", NULL)
{
	long fd;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d", 0755), 0);
	fd = vfsim_openat(t, AT_FDCWD, "/f", O_CREAT | O_EXCL | O_RDONLY, 0644);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/f", O_CREAT | O_EXCL | O_RDONLY, 0644), -EEXIST);
	EXPECT(vfsim_symlinkat(t, "f", AT_FDCWD, "/lf"), 0);
	EXPECT(vfsim_symlinkat(t, "d", AT_FDCWD, "/ld"), 0);

	/* O_NOFOLLOW on a symlink: ELOOP; with O_PATH it opens the link. */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/lf", O_RDONLY | O_NOFOLLOW, 0), -ELOOP);
	fd = vfsim_openat(t, AT_FDCWD, "/lf", O_PATH | O_NOFOLLOW, 0);
	cr_assert_geq(fd, 0);
	/* the O_PATH fd of a symlink is no directory to start from */
	EXPECT(vfsim_mkdirat(t, (int)fd, "x", 0755), -ENOTDIR);
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/lf", O_PATH | O_NOFOLLOW | O_DIRECTORY, 0),
	       -ENOTDIR);
	/* without O_NOFOLLOW the link is followed */
	fd = vfsim_openat(t, AT_FDCWD, "/lf", O_RDONLY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);
	/* O_NOFOLLOW only concerns the last component */
	fd = vfsim_openat(t, AT_FDCWD, "/ld", O_RDONLY | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/ld", O_RDONLY | O_NOFOLLOW | O_DIRECTORY, 0),
	       -ENOTDIR);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/ld/sub", 0755), 0);
	fd = vfsim_openat(t, AT_FDCWD, "/ld/sub", O_RDONLY | O_NOFOLLOW, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);

	/* A trailing slash on a non-directory: ENOTDIR; on a link to a
	 * directory: followed. */
	EXPECT(vfsim_path_mnt_id(t, "/f/"), -ENOTDIR);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/f/", O_RDONLY, 0), -ENOTDIR);
	EXPECT(vfsim_path_mnt_id(t, "/lf/"), -ENOTDIR);
	EXPECT(vfsim_path_mnt_id(t, "/ld/"), 1);
	EXPECT(vfsim_path_mnt_id(t, "/d//"), 1);
	/* A file as an intermediate component: ENOTDIR. */
	EXPECT(vfsim_path_mnt_id(t, "/f/x"), -ENOTDIR);
	EXPECT(vfsim_path_mnt_id(t, "/lf/x"), -ENOTDIR);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/f/x", 0755), -ENOTDIR);
	EXPECT(vfsim_chdir(t, "/f"), -ENOTDIR);
	/* mkdir of an existing file's name with a slash: EEXIST */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/f/", 0755), -EEXIST);
	/* O_DIRECTORY on a file */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/f", O_RDONLY | O_DIRECTORY, 0), -ENOTDIR);
	cr_assert_eq(vfsim_path_mnt_id(t, "/f"), 1);
}

/*
 *   /        rootfs (1), with /d
 */
VT_TEST(vfs_namei, enoent_and_name_lengths, "empty", NULL)
{
	char name[300], *path;
	size_t i;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d", 0755), 0);
	EXPECT(vfsim_path_mnt_id(t, "/nope"), -ENOENT);
	EXPECT(vfsim_path_mnt_id(t, "/nope/x"), -ENOENT);
	EXPECT(vfsim_path_mnt_id(t, "/d/nope/.."), -ENOENT);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/nope/x", 0755), -ENOENT);
	EXPECT(vfsim_path_mnt_id(t, ""), -ENOENT);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "", 0755), -ENOENT);
	EXPECT(vfsim_openat(t, AT_FDCWD, "", O_PATH, 0), -ENOENT);

	/* A component of NAME_MAX (255) is fine, 256 is ENAMETOOLONG. */
	memset(name, 'n', sizeof(name));
	name[0] = '/';
	name[256] = 0;			/* "/" + 255 */
	EXPECT(vfsim_path_mnt_id(t, name), -ENOENT);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, name, 0755), 0);
	EXPECT(vfsim_path_mnt_id(t, name), 1);
	name[256] = 'n';
	name[257] = 0;			/* "/" + 256 */
	EXPECT(vfsim_path_mnt_id(t, name), -ENAMETOOLONG);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, name, 0755), -ENAMETOOLONG);
	name[257] = '/';
	name[258] = 'x';
	name[259] = 0;			/* as an intermediate component */
	EXPECT(vfsim_path_mnt_id(t, name), -ENAMETOOLONG);

	/* A path of PATH_MAX bytes (without its NUL) is ENAMETOOLONG;
	 * PATH_MAX - 1 bytes are walked. */
	path = malloc(4097);
	cr_assert_not_null(path);
	for (i = 0; i < 4096; i++)
		path[i] = '/';
	memcpy(path + 4096 - 4, "nope", 4);
	path[4096] = 0;
	EXPECT(vfsim_path_mnt_id(t, path), -ENAMETOOLONG);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, path, 0755), -ENAMETOOLONG);
	EXPECT(vfsim_openat(t, AT_FDCWD, path, O_PATH, 0), -ENAMETOOLONG);
	EXPECT(vfsim_mount(t, "x", path, "tmpfs", 0, NULL), -ENAMETOOLONG);
	EXPECT(vfsim_umount2(t, path, 0), -ENAMETOOLONG);
	memmove(path, path + 1, 4096);	/* 4095 bytes */
	EXPECT(vfsim_path_mnt_id(t, path), -ENOENT);
	free(path);
}

/*
 *   /                 rootfs (1)
 *   |-/priv           0700 root:root, with /priv/in
 *   `-/pub            0755 root:root
 */
VT_TEST(vfs_namei, permissions, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);

	EXPECT(vt_mkdir_p(t, "/priv/in", 0700), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/pub", 0755), 0);

	/* uid 1000 cannot search a 0700 root-owned directory... */
	EXPECT(vfsim_path_mnt_id(u, "/priv/in"), -EACCES);
	EXPECT(vfsim_path_mnt_id(u, "/priv/nope"), -EACCES);
	EXPECT(vfsim_mkdirat(u, AT_FDCWD, "/priv/x", 0755), -EACCES);
	EXPECT(vfsim_chdir(u, "/priv"), -EACCES);
	EXPECT(vfsim_openat(u, AT_FDCWD, "/priv/in", O_PATH, 0), -EACCES);
	/* ... but can name the directory itself. */
	EXPECT(vfsim_path_mnt_id(u, "/priv"), 1);
	/* may not write a 0755 root-owned one */
	EXPECT(vfsim_mkdirat(u, AT_FDCWD, "/pub/x", 0755), -EACCES);
	/* root passes by capability (CAP_DAC_OVERRIDE/READ_SEARCH) */
	EXPECT(vfsim_path_mnt_id(t, "/priv/in"), 1);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/priv/x", 0755), 0);
	/* CAP_DAC_READ_SEARCH alone lets uid 1000 search, not write */
	vfsim_task_set_caps(u, VFSIM_CAP_DAC_READ_SEARCH);
	EXPECT(vfsim_path_mnt_id(u, "/priv/in"), 1);
	EXPECT(vfsim_mkdirat(u, AT_FDCWD, "/priv/y", 0755), -EACCES);
	/* CAP_DAC_OVERRIDE does both */
	vfsim_task_set_caps(u, VFSIM_CAP_DAC_OVERRIDE);
	EXPECT(vfsim_mkdirat(u, AT_FDCWD, "/priv/y", 0755), 0);
	/* a root task without capabilities is refused like anyone else */
	{
		struct vfsim_task *r = vt_task(v, 0, 0);

		vfsim_task_set_caps(r, 0);
		EXPECT(vfsim_path_mnt_id(r, "/priv/in"), 1);	/* owner: rwx */
		EXPECT(vfsim_chown(t, "/priv", 5, 5), 0);
		EXPECT(vfsim_path_mnt_id(r, "/priv/in"), -EACCES);
		vfsim_task_destroy(r);
	}
	/* the owner passes without capabilities */
	vfsim_task_set_caps(u, 0);
	EXPECT(vfsim_chown(t, "/priv", 1000, 1000), 0);
	EXPECT(vfsim_path_mnt_id(u, "/priv/in"), 1);
	EXPECT(vfsim_mkdirat(u, AT_FDCWD, "/priv/mine", 0755), 0);
	vfsim_task_destroy(u);
}

/*
 *   /                 rootfs (1)
 *   |-/robind         tmpfs "rb" (2), then remounted MS_BIND|MS_RDONLY
 *   |-/rosb           tmpfs "rs" (3) mounted MS_RDONLY (read-only sb)
 *   `-/proc           proc (4): nothing can be made in it
 */
VT_TEST(vfs_namei, mkdir_errors, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/robind", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/rosb", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/proc", 0555), 0);
	EXPECT(vfsim_mount(t, "rb", "/robind", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/robind/ex", 0755), 0);
	EXPECT(vfsim_mount(t, NULL, "/robind", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), 0);
	EXPECT(vfsim_mount(t, "rs", "/rosb", "tmpfs", MS_RDONLY, NULL), 0);
	EXPECT(vfsim_mount(t, "proc", "/proc", "proc", 0, NULL), 0);

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/robind/new", 0755), -EROFS);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/robind/ex", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/robind/.", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/rosb/new", 0755), -EROFS);
	EXPECT(vfsim_symlinkat(t, "x", AT_FDCWD, "/rosb/lnk"), -EROFS);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/rosb/file", O_CREAT | O_RDONLY, 0644), -EROFS);
	/* the mountpoint itself is in the (writable) root */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/rosb", 0755), -EEXIST);
	/* proc's lookup fails unknown names: ENOENT (checked on 6.18) */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/proc/new", 0755), -ENOENT);
	EXPECT(vfsim_symlinkat(t, "x", AT_FDCWD, "/proc/lnk"), -ENOENT);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/proc/file", O_CREAT | O_RDONLY, 0644), -ENOENT);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/proc/sys", 0755), -EEXIST);
	/* EEXIST for "." and the root, and for an existing name */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, ".", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "..", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/robind/..", 0755), -EEXIST);
	/* EACCES */
	EXPECT(vfsim_mkdirat(u, AT_FDCWD, "/new", 0755), -EACCES);
	/* a remount back to rw makes it writable again */
	EXPECT(vfsim_mount(t, NULL, "/robind", NULL, MS_REMOUNT | MS_BIND, NULL), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/robind/new", 0755), 0);
	EXPECT(vfsim_mount(t, NULL, "/rosb", NULL, MS_REMOUNT, NULL), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/rosb/new", 0755), 0);
	vfsim_task_destroy(u);
}

/*
 *   /                        rootfs (1)
 *   `-/auto                  tmpfs "auto" (2), nosuid
 *      `-/auto/cell          automount point -> tmpfs "cell" (3, 4, ...)
 *
 * Pinned (as fs/namei.c 5.6 follow_automount() decides): the last
 * component triggers the automount only with LOOKUP_DIRECTORY, _OPEN,
 * _CREATE or _AUTOMOUNT, or a trailing slash; vfsim_path_mnt_id() looks
 * up with LOOKUP_FOLLOW only, so it names the automount point itself (in
 * the parent mount) and mounts nothing.  An intermediate component always
 * triggers it.
 */
VT_TEST(vfs_namei, automount, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	struct vt_mount m;
	char *tree;
	long fd, id;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/auto", 0755), 0);
	EXPECT(vfsim_mount(t, "auto", "/auto", "tmpfs", MS_NOSUID, NULL), 0);
	EXPECT(vfsim_mkautomount(u, "/auto/cell", "tmpfs", "cell", NULL), -EPERM);
	EXPECT(vfsim_mkautomount(t, "/auto/cell", "nosuchfs", "cell", NULL), -ENODEV);
	EXPECT(vfsim_mkautomount(t, "/auto/cell", "tmpfs", "cell", "mode=700"), 0);
	EXPECT(vfsim_mkautomount(t, "/auto/cell", "tmpfs", "cell", NULL), -EEXIST);

	/* The point itself, LOOKUP_FOLLOW only: no automount. */
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell"), 2);
	cr_assert_eq(vt_count_mounts(t), 2);
	/* A trailing slash does it. */
	id = vfsim_path_mnt_id(t, "/auto/cell/");
	cr_assert_eq(id, 3);
	cr_assert_eq(vt_mount_id(t, 3, &m), 0);
	cr_assert_eq(m.d.parent_id, 2);
	cr_assert_str_eq(m.mountpoint, "/auto/cell");
	cr_assert_str_eq(m.fstype, "tmpfs");
	cr_assert_str_eq(m.source, "cell");
	cr_assert(m.d.sb_flags & SB_SUBMOUNT_BIT);
	/* the submount takes the parent mount's flags */
	cr_assert(m.d.attr & VFSIM_ATTR_NOSUID);
	/* now mounted: the point resolves into the submount */
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell"), 3);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell/.."), 2);
	tree = vt_tree(t, 0);
	cr_assert_str_eq(tree,
		"1 1 / rootfs rootfs\n"
		"2 1 /auto tmpfs auto\n"
		"3 2 /auto/cell tmpfs cell\n");
	free(tree);

	/* Unmounted, an intermediate component mounts it again. */
	EXPECT(vfsim_umount2(t, "/auto/cell", 0), 0);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell"), 2);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell/nope"), -ENOENT);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell"), 3);
	EXPECT(vfsim_umount2(t, "/auto/cell", 0), 0);
	/* open() (LOOKUP_OPEN) and mkdir below it (the parent walk) do */
	fd = vfsim_openat(t, AT_FDCWD, "/auto/cell", O_RDONLY | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell"), 3);
	EXPECT(vfsim_close(t, (int)fd), 0);
	EXPECT(vfsim_umount2(t, "/auto/cell", 0), 0);
	/* O_PATH without O_DIRECTORY has no LOOKUP_OPEN: it does not */
	fd = vfsim_openat(t, AT_FDCWD, "/auto/cell", O_PATH, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_close(t, (int)fd), 0);
	cr_assert_eq(vt_count_mounts(t), 2);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/auto/cell/made", 0755), 0);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell/made"), 3);
	/* the submount is a new filesystem each time: "made" is gone */
	EXPECT(vfsim_umount2(t, "/auto/cell", 0), 0);
	EXPECT(vfsim_path_mnt_id(t, "/auto/cell/made"), -ENOENT);
	/* an unprivileged walk triggers it too (the mount is the kernel's) */
	EXPECT(vfsim_path_mnt_id(u, "/auto/cell/"), 3);
	vfsim_task_destroy(u);
}
