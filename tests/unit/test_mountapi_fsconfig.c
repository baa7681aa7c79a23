// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsopen(), fspick() and fsconfig(): every command, the phases of a
 * context, the message log read() returns, and every refusal, with the
 * errnos and messages Linux 6.18 gives (recorded on this machine:
 * tests/kernel/mountapi_*.scn hold the ones a scenario can express).
 *
 * tmpfs and ramfs check parameters as they come (->parse_param); ext4,
 * nfs and afs take the legacy path: strings and flags gathered into the
 * data string mount(2) would pass, judged at FSCONFIG_CMD_CREATE.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* The next message of @fd's log is @want (with its newline). */
static void log_is(int fd, const char *want)
{
	char buf[512];
	long n = vfsim_read(t, fd, buf, sizeof(buf) - 1);

	cr_assert_gt(n, 0, "read: %ld (%s), want \"%s\"", n, check_errname(n), want);
	buf[n] = 0;
	cr_assert_str_eq(buf, want);
}

static void log_empty(int fd)
{
	char buf[64];

	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), -ENODATA);
}

static void dirs_m(struct vfsim *vm)
{
	fx_dirs(vfsim_init_task(vm), "/m", "/n", NULL);
}

VT_TEST(fsopen, refusals, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);

	EXPECT(vfsim_fsopen(t, "tmpfs", 2), -EINVAL);
	EXPECT(vfsim_fsopen(t, "nonexist", 0), -ENODEV);
	EXPECT(vfsim_fsopen(t, "", 0), -ENODEV);
	EXPECT(vfsim_fsopen(t, NULL, 0), -EFAULT);
	EXPECT(vfsim_fsopen(u, "tmpfs", 0), -EPERM);
	/* The model registers neither pipefs nor anon_inodefs.  Linux 6.18
	 * registers pipefs (fsopen() succeeds, a mount of it fails later),
	 * not anon_inodefs: a listed difference (docs/mount-api.md). */
	EXPECT(vfsim_fsopen(t, "pipefs", 0), -ENODEV);
	EXPECT(vfsim_fsopen(NULL, "tmpfs", 0), -EINVAL);
	vfsim_task_destroy(u);
}

VT_TEST(fsopen, cloexec_fd_and_close, "empty", NULL)
{
	long fd = vfsim_fsopen(t, "tmpfs", FSOPEN_CLOEXEC);

	EXPECT(fd, 3);
	log_empty((int)fd);
	/* an fs_context fd is no file to write or an O_PATH to look up from */
	EXPECT(vfsim_write(t, (int)fd, "x", 1), -EINVAL);
	OK(vfsim_close(t, (int)fd));
	EXPECT(vfsim_close(t, (int)fd), -EBADF);
}

VT_TEST(fsconfig, argument_checks, "empty", NULL)
{
	long fd = vfsim_fsopen(t, "tmpfs", 0);
	long pfd = vfsim_openat(t, AT_FDCWD, "/", O_PATH, 0);
	long dfd = vfsim_openat(t, AT_FDCWD, "/", O_RDONLY, 0);
	int f = (int)fd;

	OK(fd);
	EXPECT(vfsim_fsconfig(t, f, 99, NULL, NULL, 0), -EOPNOTSUPP);
	EXPECT(vfsim_fsconfig(t, f, 9, NULL, NULL, 0), -EOPNOTSUPP);
	EXPECT(vfsim_fsconfig(t, -1, FSCONFIG_SET_FLAG, "ro", NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, 100, FSCONFIG_SET_FLAG, "ro", NULL, 0), -EBADF);
	/* not an fs_context: a directory (EINVAL), an O_PATH fd (EBADF) */
	EXPECT(vfsim_fsconfig(t, (int)dfd, FSCONFIG_SET_FLAG, "ro", NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, (int)pfd, FSCONFIG_SET_FLAG, "ro", NULL, 0), -EBADF);

	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, NULL, NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "ro", "x", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "ro", NULL, 1), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "size", NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, NULL, "1", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "size", "1", 1), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_BINARY, "size", "ab", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_BINARY, "size", "ab", 1024 * 1024 + 1), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_BINARY, NULL, "ab", 2), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_BINARY, "size", NULL, 2), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_PATH, "size", "/", -5), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_PATH, NULL, "/", AT_FDCWD), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_PATH_EMPTY, "size", NULL, AT_FDCWD), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FD, "size", NULL, -1), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FD, "size", "x", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FD, NULL, NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FD, "size", NULL, 100), -EBADF);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, "x", NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, "x", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 1), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE_EXCL, "x", NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, "x", NULL, 0), -EINVAL);
	/* user memory that faults */
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, (const char *)8, NULL, 0), -EFAULT);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "size", (const char *)8, 0), -EFAULT);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_BINARY, "size", (const char *)8, 2), -EFAULT);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_PATH, "size", (const char *)8, AT_FDCWD), -EFAULT);
	/* an empty path needs SET_PATH_EMPTY */
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_PATH, "size", "", AT_FDCWD), -ENOENT);
	log_empty(f);
	OK(vfsim_close(t, (int)pfd));
	OK(vfsim_close(t, (int)dfd));
	OK(vfsim_close(t, f));
}

/* tmpfs judges each parameter; the messages are 6.18's. */
VT_TEST(fsconfig, tmpfs_parameters, "empty", NULL)
{
	int f = (int)vfsim_fsopen(t, "tmpfs", 0);

	OK(f);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "foo", NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "nosuid", NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "size", "abc", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "mode", "", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "mode", "1,2", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "size", NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_BINARY, "size", "ab", 2), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_PATH, "size", "/", AT_FDCWD), -EINVAL);
	log_is(f, "e tmpfs: Unknown parameter 'foo'\n");
	log_is(f, "e tmpfs: Unknown parameter 'nosuid'\n");
	log_is(f, "e tmpfs: Bad value for 'size'\n");
	log_is(f, "e tmpfs: Bad value for 'mode'\n");
	log_is(f, "e tmpfs: Bad value for 'mode'\n");
	log_is(f, "e tmpfs: Bad value for 'size'\n");
	log_is(f, "e tmpfs: Bad value for 'size'\n");
	log_is(f, "e tmpfs: Bad value for 'size'\n");
	log_empty(f);

	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "mode", "700", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "size", "10k", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "nr_inodes", "100", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "uid", "5", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "gid", "6", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "source", "a,b", 0));
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "source", "x", 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "source", NULL, 0), -EINVAL);
	log_is(f, "e Multiple sources\n");
	log_is(f, "e Non-string source\n");
	/* the VFS's superblock flags, set and cleared */
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "ro", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "sync", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "async", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "lazytime", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "nolazytime", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0), -EBUSY);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE_EXCL, NULL, NULL, 0), -EBUSY);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0), -EBUSY);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "ro", NULL, 0), -EBUSY);
	log_empty(f);
	OK(vfsim_close(t, f));
}

/* ramfs keeps mode, uid and gid and ignores what it does not know. */
VT_TEST(fsconfig, ramfs_parameters, "empty", NULL)
{
	int f = (int)vfsim_fsopen(t, "ramfs", 0);

	OK(f);
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "foo", "x", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "nosuid", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_BINARY, "foo", "x", 1));
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "mode", "x", 0), -EINVAL);
	log_is(f, "e ramfs: Bad value for 'mode'\n");
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "mode", "711", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "source", "r", 0));
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "source", "r", 0), -EINVAL);
	log_is(f, "e Multiple sources\n");
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE_EXCL, NULL, NULL, 0));
	OK(vfsim_close(t, f));
}

/* ext4, nfs and afs take the legacy path of 5.8 and 6.18 alike. */
VT_TEST(fsconfig, legacy_parameters, "empty", NULL)
{
	char big[250];
	int f = (int)vfsim_fsopen(t, "ext4", 0);
	int i;

	OK(f);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_BINARY, "x", "ab", 2), -EOPNOTSUPP);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_PATH, "x", "/", AT_FDCWD), -EOPNOTSUPP);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_PATH_EMPTY, "x", "", AT_FDCWD), -EOPNOTSUPP);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FD, "x", NULL, 0), -EOPNOTSUPP);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE_EXCL, NULL, NULL, 0), -EOPNOTSUPP);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "a", "b,c", 0), -EINVAL);
	log_is(f, "e VFS: Legacy: Option 'a' contained comma\n");
	/* no source: get_tree_bdev()'s message */
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0), -EINVAL);
	log_is(f, "e No source specified\n");
	/* a failed create leaves the context failed */
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "source", "/dev/x", 0), -EBUSY);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0), -EBUSY);
	OK(vfsim_close(t, f));

	/* the options gathered stop at a page */
	f = (int)vfsim_fsopen(t, "nfs", 0);
	memset(big, 'k', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	for (i = 0; i < 16; i++)
		OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "o", big, 0));
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "o", big, 0), -EINVAL);
	log_is(f, "e VFS: Legacy: Cumulative options too large\n");
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "source", NULL, 0), -EINVAL);
	log_is(f, "e Non-string source\n");
	OK(vfsim_close(t, f));

	/* a legacy filesystem judges its options at create time */
	f = (int)vfsim_fsopen(t, "ext4", 0);
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "source", "/dev/sda1", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "bogus", NULL, 0));
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0), -EINVAL);
	OK(vfsim_close(t, f));
	f = (int)vfsim_fsopen(t, "ext4", 0);
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "source", "/dev/sda1", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "errors", "remount-ro", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "ro", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	OK(vfsim_close(t, f));
}

/* The log keeps 8 messages: the ninth drops the oldest.  A message read
 * into too small a buffer stays (EMSGSIZE). */
VT_TEST(fsconfig, log_ring, "empty", NULL)
{
	char small[8];
	char key[16];
	int f = (int)vfsim_fsopen(t, "tmpfs", 0);
	int i;

	OK(f);
	for (i = 0; i < 9; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, key, NULL, 0), -EINVAL);
	}
	EXPECT(vfsim_read(t, f, small, sizeof(small)), -EMSGSIZE);
	for (i = 1; i < 9; i++) {
		char want[64];

		snprintf(want, sizeof(want), "e tmpfs: Unknown parameter 'k%d'\n", i);
		log_is(f, want);
	}
	log_empty(f);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "k", NULL, 0), -EINVAL);
	EXPECT(vfsim_read(t, f, (void *)8, 64), -EFAULT);
	log_empty(f);
	OK(vfsim_close(t, f));
	/* a log with messages still in it is freed with its context */
	f = (int)vfsim_fsopen(t, "tmpfs", 0);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "k", NULL, 0), -EINVAL);
	OK(vfsim_close(t, f));
}

VT_TEST(fsconfig, create_needs_cap, "empty", NULL)
{
	int f = (int)vfsim_fsopen(t, "tmpfs", 0);
	uint64_t caps = vfsim_task_caps(t);

	OK(f);
	vfsim_task_set_caps(t, 0);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0), -EPERM);
	vfsim_task_set_caps(t, caps);
	/* refused before it started: the context may still create */
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	OK(vfsim_close(t, f));
}

VT_TEST(fspick, refusals, "empty", dirs_m)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	long pfd;

	fx_tmpfs(t, "m", "/m");
	EXPECT(vfsim_fspick(u, AT_FDCWD, "/m", 0), -EPERM);
	EXPECT(vfsim_fspick(t, AT_FDCWD, "/m", 0x10), -EINVAL);
	EXPECT(vfsim_fspick(t, AT_FDCWD, "/nonexist", 0), -ENOENT);
	EXPECT(vfsim_fspick(t, AT_FDCWD, "", 0), -ENOENT);
	/* not the root of a mount */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755));
	EXPECT(vfsim_fspick(t, AT_FDCWD, "/m/d", 0), -EINVAL);
	/* by fd, with FSPICK_EMPTY_PATH */
	pfd = vfsim_openat(t, AT_FDCWD, "/m", O_PATH, 0);
	EXPECT(vfsim_fspick(t, (int)pfd, "", 0), -ENOENT);
	{
		long f = vfsim_fspick(t, (int)pfd, "", FSPICK_EMPTY_PATH | FSPICK_CLOEXEC |
				      FSPICK_NO_AUTOMOUNT | FSPICK_SYMLINK_NOFOLLOW);

		OK(f);
		OK(vfsim_close(t, (int)f));
	}
	OK(vfsim_close(t, (int)pfd));
	vfsim_task_destroy(u);
}

/* fspick, then reconfigure the superblock: ro and back, as remount. */
VT_TEST(fspick, reconfigure, "empty", dirs_m)
{
	int f;

	fx_tmpfs(t, "m", "/m");
	f = (int)vfsim_fspick(t, AT_FDCWD, "/m", 0);
	OK(f);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0), -EBUSY);
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "ro", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0));
	cr_assert(vt_tree_is(t, VT_SB | VT_NOID, "/ rootfs rootfs sb=rw\n/m tmpfs m sb=ro\n"));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755), -EROFS);
	/* the context is ready for another round */
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "rw", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "size", "1m", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755));
	/* a flag remount may not change: the reconfigure fails, for good */
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "dirsync", NULL, 0));
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0), -EINVAL);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0), -EBUSY);
	OK(vfsim_close(t, f));

	/* without CAP_SYS_ADMIN at reconfigure time */
	f = (int)vfsim_fspick(t, AT_FDCWD, "/m", 0);
	vfsim_task_set_caps(t, 0);
	EXPECT(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0), -EPERM);
	vfsim_task_set_caps(t, ~0ULL);
	OK(vfsim_close(t, f));
}

/* A legacy filesystem reconfigured: its ->reconfigure gets the string. */
VT_TEST(fspick, legacy_reconfigure, "empty", dirs_m)
{
	int f;

	OK(vfsim_mount(t, "/dev/sdb1", "/m", "ext4", 0, NULL));
	f = (int)vfsim_fspick(t, AT_FDCWD, "/m", 0);
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_STRING, "errors", "continue", 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "ro", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0));
	cr_assert(vt_tree_is(t, VT_SB | VT_NOID,
			     "/ rootfs rootfs sb=rw\n/m ext4 /dev/sdb1 sb=ro\n"));
	OK(vfsim_close(t, f));
}
