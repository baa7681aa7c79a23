/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The pseudo filesystems a container mounts (fs/pseudo, fs/proc): each
 * option 5.8 takes and the words it refuses (EINVAL), the super options
 * mountinfo shows (->show_options, the text Linux 6.18 printed for the
 * same mounts), statfs's f_type magic, which ones share one superblock,
 * what can be made in them, and the filesystems the model does not have
 * (ENODEV).  ptmx: the pty index, max=, TIOCGPTN, /dev/ptmx beside "pts".
 *
 *   /            rootfs
 *   |-/m         (each case's mounts)
 *   `-/dev       tmpfs, with ptmx 5:2 and pts/ for devpts
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void setup(struct vfsim *v)
{
	(void)v;
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m2", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/dev", 0755), 0);
	EXPECT(vfsim_mount(t, "dev", "/dev", "tmpfs", 0, "mode=755"), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/dev/pts", 0755), 0);
	EXPECT(vfsim_mknodat(t, AT_FDCWD, "/dev/ptmx", S_IFCHR | 0666, makedev(5, 2)), 0);
}

/* Mount @fs with @data on /m: the super options, or the error. */
static void check_mount(const char *fs, const char *data, long want, const char *opts)
{
	struct vt_mount m;
	long ret = vfsim_mount(t, fs, "/m", fs, 0, data);

	cr_assert_eq(ret, want, "mount %s %s: %ld, want %ld", fs, data ? data : "", ret, want);
	if (ret)
		return;
	cr_assert_eq(vt_mount_at(t, "/m", &m), 0);
	cr_assert_str_eq(m.sb_options, opts, "mount %s %s", fs, data ? data : "");
	EXPECT(vfsim_umount2(t, "/m", 0), 0);
}

static long magic_of(const char *path)
{
	struct statfs st;

	EXPECT(vfsim_statfs(t, path, &st), 0);
	return (long)st.f_type;
}

VT_TEST(fs_pseudo, devpts_options, "empty", setup)
{
	check_mount("devpts", NULL, 0, "rw,mode=600,ptmxmode=000");
	check_mount("devpts", "newinstance", 0, "rw,mode=600,ptmxmode=000");
	check_mount("devpts", "ptmxmode=0666,mode=0620,gid=5", 0,
		    "rw,gid=5,mode=620,ptmxmode=666");
	check_mount("devpts", "uid=1000,max=10", 0, "rw,uid=1000,mode=600,ptmxmode=000,max=10");
	check_mount("devpts", "max=0", 0, "rw,mode=600,ptmxmode=000,max=0");
	check_mount("devpts", "max=1048576", 0, "rw,mode=600,ptmxmode=000");
	check_mount("devpts", "mode=017777", 0, "rw,mode=7777,ptmxmode=000");
	check_mount("devpts", "max=1048577", -EINVAL, NULL);
	check_mount("devpts", "max=-1", -EINVAL, NULL);
	check_mount("devpts", "ptmxmode=x", -EINVAL, NULL);
	check_mount("devpts", "mode=99999", -EINVAL, NULL);
	check_mount("devpts", "mode", -EINVAL, NULL);
	check_mount("devpts", "gid=abc", -EINVAL, NULL);
	check_mount("devpts", "uid=4294967295", -EINVAL, NULL);
	check_mount("devpts", "bogus", -EINVAL, NULL);
	check_mount("devpts", "ro", -EINVAL, NULL);	/* a legacy parser in 5.8 */
	check_mount("devpts", "newinstance=1", -EINVAL, NULL);
	EXPECT(vfsim_mount(t, "devpts", "/m", "devpts", 0, "ptmxmode=0620"), 0);
	cr_assert_eq(magic_of("/m"), 0x1cd1);
	/* the root: the ptmx node and nothing can be made */
	{
		struct statx st;

		EXPECT(vfsim_statx(t, AT_FDCWD, "/m/ptmx", 0, STATX_BASIC_STATS, &st), 0);
		cr_assert_eq(st.stx_mode, S_IFCHR | 0620);
		cr_assert_eq(st.stx_rdev_major, 5);
		cr_assert_eq(st.stx_rdev_minor, 2);
		EXPECT(vfsim_statx(t, AT_FDCWD, "/m", 0, STATX_BASIC_STATS, &st), 0);
		cr_assert_eq(st.stx_mode, S_IFDIR | 0755);
		/* remount: the options again; ptmxmode= changes the node */
		EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "ptmxmode=0666,max=3"), 0);
		EXPECT(vfsim_statx(t, AT_FDCWD, "/m/ptmx", 0, STATX_BASIC_STATS, &st), 0);
		cr_assert_eq(st.stx_mode, S_IFCHR | 0666);
		EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "bogus"), -EINVAL);
	}
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/x", 0755), -EPERM);
	EXPECT(vfsim_mknodat(t, AT_FDCWD, "/m/x", S_IFIFO | 0600, 0), -EPERM);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/x", O_CREAT | O_RDWR, 0600), -EACCES);
	/* a new instance every time: stacking is fine */
	EXPECT(vfsim_mount(t, "devpts", "/m", "devpts", 0, NULL), 0);
}

VT_TEST(fs_pseudo, ptmx, "empty", setup)
{
	unsigned int n;
	int a, b, c;

	/* /dev/ptmx without a devpts at /dev/pts: ENODEV; without pts ENOENT */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/dev/ptmx", O_RDWR, 0), -ENODEV);
	EXPECT(vfsim_mknodat(t, AT_FDCWD, "/m/ptmx", S_IFCHR | 0666, makedev(5, 2)), 0);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/ptmx", O_RDWR, 0), -ENOENT);
	EXPECT(vfsim_mount(t, "devpts", "/dev/pts", "devpts", 0, "max=2"), 0);
	a = (int)vfsim_openat(t, AT_FDCWD, "/dev/ptmx", O_RDWR, 0);
	cr_assert_geq(a, 0);
	b = (int)vfsim_openat(t, AT_FDCWD, "/dev/pts/ptmx", O_RDWR, 0);
	cr_assert_geq(b, 0);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/dev/ptmx", O_RDWR, 0), -ENOSPC);
	EXPECT(vfsim_ioctl(t, b, TIOCGPTN, (unsigned long)&n), 0);
	cr_assert_eq(n, 1);
	EXPECT(vfsim_ioctl(t, b, TIOCGPTN, 0), -EFAULT);
	EXPECT(vfsim_ioctl(t, b, TCGETS, (unsigned long)&n), -ENOTTY);
	EXPECT(vfsim_read(t, b, &n, 1), -EINVAL);
	EXPECT(vfsim_close(t, a), 0);
	/* the lowest free index again */
	c = (int)vfsim_openat(t, AT_FDCWD, "/dev/ptmx", O_RDWR, 0);
	cr_assert_geq(c, 0);
	EXPECT(vfsim_ioctl(t, c, TIOCGPTN, (unsigned long)&n), 0);
	cr_assert_eq(n, 0);
	/* an open pty holds the instance past a lazy unmount */
	EXPECT(vfsim_umount2(t, "/dev/pts", MNT_DETACH), 0);
	EXPECT(vfsim_ioctl(t, c, TIOCGPTN, (unsigned long)&n), 0);
	EXPECT(vfsim_close(t, c), 0);
	EXPECT(vfsim_close(t, b), 0);
	/* what is at pts is not devpts: ENODEV */
	EXPECT(vfsim_mount(t, "x", "/dev/pts", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/dev/ptmx", O_RDWR, 0), -ENODEV);
	/* a devpts whose ptmx node is gone cannot happen: its root is closed */
}

VT_TEST(fs_pseudo, mqueue_sysfs, "empty", setup)
{
	struct vt_mount a, b;

	check_mount("mqueue", NULL, 0, "rw");
	check_mount("mqueue", "ro", 0, "ro");
	check_mount("mqueue", "mode=0700", -EINVAL, NULL);
	check_mount("mqueue", "bogus", -EINVAL, NULL);
	check_mount("sysfs", NULL, 0, "rw");
	check_mount("sysfs", ",,rw", 0, "rw");
	check_mount("sysfs", "bogus", -EINVAL, NULL);
	/* one superblock each, wherever it is mounted */
	EXPECT(vfsim_mount(t, "mqueue", "/m", "mqueue", 0, NULL), 0);
	EXPECT(vfsim_mount(t, "mqueue", "/m2", "mqueue", 0, NULL), 0);
	cr_assert_eq(vt_mount_at(t, "/m", &a), 0);
	cr_assert_eq(vt_mount_at(t, "/m2", &b), 0);
	cr_assert_eq(a.d.sb_unique_id, b.d.sb_unique_id);
	cr_assert_eq(magic_of("/m"), 0x19800202);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/x", 0755), -EPERM);
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "bogus"), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, NULL), 0);
	EXPECT(vfsim_mount(t, "sysfs", "/m", "sysfs", 0, NULL), 0);
	cr_assert_eq(magic_of("/m"), 0x62656572);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/x", 0755), -EPERM);
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "bogus"), -EINVAL);
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, NULL), 0);
}

VT_TEST(fs_pseudo, cgroup2, "empty", setup)
{
	struct vt_mount a;

	check_mount("cgroup2", NULL, 0, "rw");
	check_mount("cgroup2", "nsdelegate", 0, "rw,nsdelegate");
	check_mount("cgroup2", "memory_recursiveprot", 0, "rw,memory_recursiveprot");
	check_mount("cgroup2", "memory_localevents", 0, "rw,memory_localevents");
	check_mount("cgroup2", "memory_recursiveprot,memory_localevents,nsdelegate", 0,
		    "rw,nsdelegate,memory_localevents,memory_recursiveprot");
	check_mount("cgroup2", "bogus", -EINVAL, NULL);
	check_mount("cgroup2", "nsdelegate=1", -EINVAL, NULL);
	check_mount("cgroup2", "favordynmods", -EINVAL, NULL);	/* 6.0 */
	/* the options are the hierarchy's: the last mount sets them all */
	EXPECT(vfsim_mount(t, "cgroup2", "/m", "cgroup2", 0, "nsdelegate"), 0);
	EXPECT(vfsim_mount(t, "cgroup2", "/m2", "cgroup2", 0, "memory_localevents"), 0);
	cr_assert_eq(vt_mount_at(t, "/m", &a), 0);
	cr_assert_str_eq(a.sb_options, "rw,memory_localevents");
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "nsdelegate"), 0);
	cr_assert_eq(vt_mount_at(t, "/m2", &a), 0);
	cr_assert_str_eq(a.sb_options, "rw,nsdelegate");
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "bogus"), -EINVAL);
	cr_assert_eq(magic_of("/m"), 0x63677270);
	/* cgroups are directories; nothing else can be made */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m/a", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/m2/a/b", 0755), 0);
	EXPECT(vfsim_mknodat(t, AT_FDCWD, "/m/f", 0644, 0), -EACCES);
	EXPECT(vfsim_symlinkat(t, "x", AT_FDCWD, "/m/l"), -EPERM);
}

VT_TEST(fs_pseudo, proc_options, "empty", setup)
{
	struct vt_mount a, b;

	check_mount("proc", NULL, 0, "rw");
	check_mount("proc", "hidepid=0", 0, "rw");
	check_mount("proc", "hidepid=1", 0, "rw,hidepid=noaccess");
	check_mount("proc", "hidepid=2", 0, "rw,hidepid=invisible");
	check_mount("proc", "hidepid=4", 0, "rw,hidepid=ptraceable");
	check_mount("proc", "hidepid=off", 0, "rw");
	check_mount("proc", "hidepid=noaccess", 0, "rw,hidepid=noaccess");
	check_mount("proc", "hidepid=invisible", 0, "rw,hidepid=invisible");
	check_mount("proc", "hidepid=ptraceable", 0, "rw,hidepid=ptraceable");
	check_mount("proc", "gid=5", 0, "rw,gid=5");
	check_mount("proc", "gid=0x10", 0, "rw,gid=16");
	check_mount("proc", "gid=5,hidepid=2,subset=pid", 0, "rw,gid=5,hidepid=invisible,subset=pid");
	check_mount("proc", "subset=", 0, "rw");	/* 5.8 skips an empty word */
	check_mount("proc", "rw,,sync", 0, "rw");
	check_mount("proc", "hidepid=3", -EINVAL, NULL);
	check_mount("proc", "hidepid=-1", -EINVAL, NULL);
	check_mount("proc", "hidepid=", -EINVAL, NULL);
	check_mount("proc", "hidepid=foo", -EINVAL, NULL);
	check_mount("proc", "hidepid", -EINVAL, NULL);
	check_mount("proc", "subset=sys", -EINVAL, NULL);
	check_mount("proc", "gid=x", -EINVAL, NULL);
	check_mount("proc", "gid=4294967296", -EINVAL, NULL);
	check_mount("proc", "bogus", -EINVAL, NULL);
	/* a superblock per mount (5.8) */
	EXPECT(vfsim_mount(t, "proc", "/m", "proc", 0, "hidepid=2"), 0);
	EXPECT(vfsim_mount(t, "proc", "/m2", "proc", 0, "subset=pid"), 0);
	cr_assert_eq(vt_mount_at(t, "/m", &a), 0);
	cr_assert_eq(vt_mount_at(t, "/m2", &b), 0);
	cr_assert_neq(a.d.sb_unique_id, b.d.sb_unique_id);
	cr_assert_eq(magic_of("/m"), 0x9fa0);
	/* subset=pid hides what is not a pid */
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m/version", O_RDONLY, 0) >= 0, 1);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/m2/version", O_RDONLY, 0), -ENOENT);
	/* remount: the words given change, the others stay */
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "gid=7"), 0);
	cr_assert_eq(vt_mount_at(t, "/m", &a), 0);
	cr_assert_str_eq(a.sb_options, "rw,gid=7,hidepid=invisible");
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_REMOUNT, "hidepid=9"), -EINVAL);
	/* nodev: a device node on proc could not open (SB_I_NODEV) */
}

VT_TEST(fs_pseudo, refused_types, "empty", setup)
{
	EXPECT(vfsim_mount(t, "x", "/m", "binfmt_misc", 0, NULL), -ENODEV);
	EXPECT(vfsim_mount(t, "x", "/m", "debugfs", 0, NULL), -ENODEV);
	EXPECT(vfsim_mount(t, "x", "/m", "tracefs", 0, NULL), -ENODEV);
	EXPECT(vfsim_mount(t, "x", "/m", "cgroup", 0, NULL), -ENODEV);
}
