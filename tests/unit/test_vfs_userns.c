/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User namespaces as mounts need them (vfs/user_namespace.c,
 * vfs/mnt_lock.c): unshare/clone CLONE_NEWUSER and their refusals, the
 * uid_map/gid_map/setgroups write rules of 5.8, the capability walk, and
 * what a mount namespace copied into a less privileged user namespace may
 * not do: unmount, move or reveal a locked mount, clear a locked flag,
 * mount a filesystem without FS_USERNS_MOUNT.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define W(fn, who, target, s) fn((who), (target), (s), strlen(s))

static struct vfsim_task *user_task(void)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);

	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/data", 0755));
	OK(vfsim_mount(t, "ro", "/mnt", "tmpfs", MS_RDONLY | MS_NOSUID, NULL));
	OK(vfsim_mount(t, "host", "/data", "tmpfs", 0, NULL));
	return u;
}

VT_TEST(userns, unshare_and_maps, "empty", NULL)
{
	struct vfsim_task *u = user_task(), *c = NULL;

	cr_assert_eq(vfsim_task_ns_uid(u), 1000);
	OK(vfsim_unshare(u, CLONE_NEWUSER));
	cr_assert_eq(vfsim_task_ns_uid(u), 65534);	/* unmapped yet */
	/* The initial namespace's maps are fixed. */
	EXPECT(W(vfsim_write_uid_map, t, t, "0 0 1"), -EPERM);
	/* Malformed lines */
	EXPECT(W(vfsim_write_uid_map, u, u, "0 1000"), -EINVAL);
	EXPECT(W(vfsim_write_uid_map, u, u, "0 1000 0"), -EINVAL);
	EXPECT(W(vfsim_write_uid_map, u, u, "0 1000 1 x"), -EINVAL);
	EXPECT(W(vfsim_write_uid_map, u, u, "-1 1000 1"), -EINVAL);
	EXPECT(W(vfsim_write_uid_map, u, u, "4294967295 1000 1"), -EINVAL);
	EXPECT(W(vfsim_write_uid_map, u, u, "4294967290 1000 10"), -EINVAL);
	EXPECT(W(vfsim_write_uid_map, u, u, "0 1000 1\n0 2000 1"), -EINVAL);
	EXPECT(W(vfsim_write_uid_map, u, u, ""), -EINVAL);
	/* Not its own id: needs CAP_SETUID over the parent */
	EXPECT(W(vfsim_write_uid_map, u, u, "0 1001 1"), -EPERM);
	EXPECT(W(vfsim_write_uid_map, u, u, "0 1000 2"), -EPERM);
	/* Another user's file */
	EXPECT(W(vfsim_write_uid_map, vt_task(v, 2000, 2000), u, "0 1000 1"), -EACCES);
	/* gid_map of its own gid needs setgroups denied first */
	EXPECT(W(vfsim_write_gid_map, u, u, "0 1000 1"), -EPERM);
	EXPECT(W(vfsim_write_setgroups, u, u, "maybe"), -EINVAL);
	EXPECT(W(vfsim_write_setgroups, u, u, "deny x"), -EINVAL);
	EXPECT(W(vfsim_write_setgroups, u, u, "denyyyyyy"), -EINVAL);
	EXPECT(W(vfsim_write_setgroups, u, u, "allow"), 5);
	EXPECT(W(vfsim_write_setgroups, u, u, "deny\n"), 5);
	EXPECT(W(vfsim_write_setgroups, u, u, "allow"), -EPERM);
	EXPECT(W(vfsim_write_gid_map, u, u, "0 1000 1"), 8);
	EXPECT(W(vfsim_write_gid_map, u, u, "0 1000 1"), -EPERM);	/* once */
	EXPECT(W(vfsim_write_setgroups, u, u, "deny"), -EPERM);	/* after gid_map */
	EXPECT(W(vfsim_write_uid_map, u, u, "0 1000 1\n"), 9);
	EXPECT(W(vfsim_write_uid_map, u, u, "0 1000 1"), -EPERM);
	cr_assert_eq(vfsim_task_ns_uid(u), 0);
	/* Root of the parent maps ranges; many extents (past the inline 5) */
	OK(vfsim_task_fork(u, 0, &c));
	OK(vfsim_unshare(c, CLONE_NEWUSER));
	EXPECT(W(vfsim_write_uid_map, t, c, "0 0 1"), -EPERM);	/* not in parent or ns */
	EXPECT(W(vfsim_write_uid_map, u, c, "0 0 1\n1 5 1"), -EPERM);	/* 5 unmapped in u's */
	vfsim_task_exit(c);
	OK(vfsim_task_fork(t, 0, &c));
	OK(vfsim_unshare(c, CLONE_NEWUSER));
	EXPECT(W(vfsim_write_uid_map, t, c,
		 "0 100 1\n1 200 1\n2 300 1\n3 400 1\n4 500 1\n5 600 1\n6 700 1"), 55);
	vfsim_task_exit(c);
	EXPECT(vfsim_write_uid_map(u, NULL, "x", 1), -EINVAL);
	EXPECT(vfsim_write_uid_map(u, u, (const char *)8, 4), -EFAULT);
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST(userns, create_refusals, "empty", NULL)
{
	struct vfsim_task *u = user_task(), *c = NULL, *r = NULL;
	int i;

	EXPECT(vfsim_task_fork(u, CLONE_NEWUSER | CLONE_FS, &c), -EINVAL);
	/* A chrooted task may not escape its root through a new namespace */
	OK(vfsim_task_fork(t, 0, &r));
	OK(vfsim_chroot(r, "/data"));
	EXPECT(vfsim_unshare(r, CLONE_NEWUSER), -EPERM);
	EXPECT(vfsim_task_fork(r, CLONE_NEWUSER, &c), -EPERM);
	vfsim_task_exit(r);
	/* 33 levels below the initial one, each mapping its creator (else
	 * -EPERM below it), then -ENOSPC */
	OK(vfsim_unshare(u, CLONE_NEWUSER));
	EXPECT(vfsim_unshare(u, CLONE_NEWUSER), -EPERM);
	for (i = 1; i < 33; i++) {
		EXPECT(W(vfsim_write_uid_map, u, u, "1000 1000 1"), 11);
		EXPECT(W(vfsim_write_setgroups, u, u, "deny"), 4);
		EXPECT(W(vfsim_write_gid_map, u, u, "1000 1000 1"), 11);
		OK(vfsim_unshare(u, CLONE_NEWUSER));
	}
	EXPECT(W(vfsim_write_uid_map, u, u, "1000 1000 1"), 11);
	EXPECT(W(vfsim_write_setgroups, u, u, "deny"), 4);
	EXPECT(W(vfsim_write_gid_map, u, u, "1000 1000 1"), 11);
	EXPECT(vfsim_unshare(u, CLONE_NEWUSER), -ENOSPC);
	/* An unmapped creator (65534 is not mapped in a fresh namespace) */
	OK(vfsim_task_fork(vt_task(v, 1001, 1001), CLONE_NEWUSER, &c));
	EXPECT(vfsim_unshare(c, CLONE_NEWUSER), -EPERM);
	/* ...but it has every capability in its own namespace: a copy of
	 * the mount namespace, with the user namespace of the same call */
	OK(vfsim_unshare(c, CLONE_NEWNS));
	vfsim_task_exit(c);
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST(userns, locked_mounts, "empty", NULL)
{
	struct vfsim_task *u = user_task(), *c = NULL;
	struct mount_attr clr_ro = { .attr_clr = MOUNT_ATTR_RDONLY };
	struct mount_attr set_noexec = { .attr_set = MOUNT_ATTR_NOEXEC };

	OK(vfsim_mkdirat(t, AT_FDCWD, "/data/sub", 0755));
	OK(vfsim_mount(t, "sub", "/data/sub", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mv", 0755));
	long oldfd = vfsim_open_task_mntns(u, u, 0);

	OK(oldfd);
	/* unprivileged: no mount namespace without a user namespace */
	EXPECT(vfsim_unshare(u, CLONE_NEWNS), -EPERM);
	OK(vfsim_unshare(u, CLONE_NEWUSER | CLONE_NEWNS));
	EXPECT(vfsim_umount2(u, "/mnt", 0), -EINVAL);
	EXPECT(vfsim_umount2(u, "/mnt", MNT_DETACH), -EINVAL);
	EXPECT(vfsim_mount(u, "/data/sub", "/mv", NULL, MS_MOVE, NULL), -EINVAL);
	/* the locked flags: ro and nosuid stay, the atime flags too */
	EXPECT(vfsim_mount(u, NULL, "/mnt", NULL, MS_REMOUNT | MS_BIND | MS_NOSUID, NULL), -EPERM);
	EXPECT(vfsim_mount(u, NULL, "/mnt", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), -EPERM);
	EXPECT(vfsim_mount(u, NULL, "/mnt", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NOATIME, NULL), -EPERM);
	OK(vfsim_mount(u, NULL, "/mnt", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID |
		       MS_NODEV, NULL));
	EXPECT(vfsim_mount(u, NULL, "/mnt", NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID, NULL), -EPERM);
	EXPECT(vfsim_mount_setattr(u, AT_FDCWD, "/mnt", 0, &clr_ro, sizeof(clr_ro)), -EPERM);
	OK(vfsim_mount_setattr(u, AT_FDCWD, "/mnt", 0, &set_noexec, sizeof(set_noexec)));
	/* the superblock is the initial namespace's: no remount of it */
	EXPECT(vfsim_mount(u, NULL, "/data", NULL, MS_REMOUNT, NULL), -EPERM);
	/* a bind of /data alone would uncover /data/sub */
	EXPECT(vfsim_mount(u, "/data", "/mv", NULL, MS_BIND, NULL), -EINVAL);
	EXPECT(vfsim_open_tree(u, AT_FDCWD, "/data", OPEN_TREE_CLONE), -EINVAL);
	OK(vfsim_mount(u, "/data", "/mv", NULL, MS_BIND | MS_REC, NULL));
	/* its own mounts are not locked; FS_USERNS_MOUNT only */
	OK(vfsim_mount(u, "mine", "/data/sub", "tmpfs", 0, NULL));
	OK(vfsim_mount(u, NULL, "/data/sub", NULL, MS_REMOUNT | MS_RDONLY, NULL));
	OK(vfsim_umount2(u, "/data/sub", 0));
	EXPECT(vfsim_mount(u, "x", "/data", "ext4", 0, NULL), -EPERM);
	/* proc is the initial pid namespace's, owned by the initial user ns */
	EXPECT(vfsim_mount(u, "proc", "/data", "proc", 0, NULL), -EPERM);
	/* lazily unmounting the parent takes the locked child along */
	OK(vfsim_umount2(u, "/mv", MNT_DETACH));
	/* setns into it: CAP_SYS_ADMIN over its owner; from it back: none */
	OK(vfsim_task_fork(t, 0, &c));
	{
		long fd = vfsim_open_task_mntns(c, u, 0);

		OK(fd);
		OK(vfsim_setns(c, (int)fd, CLONE_NEWNS));
		OK(vfsim_close(c, (int)fd));
		EXPECT(vfsim_setns(u, (int)oldfd, CLONE_NEWNS), -EPERM);
		OK(vfsim_close(u, (int)oldfd));
	}
	vfsim_task_exit(c);
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST(userns, shared_becomes_slave, "empty", NULL)
{
	struct vfsim_task *u = user_task(), *c = NULL;

	OK(vfsim_mount(t, NULL, "/data", NULL, MS_SHARED, NULL));
	OK(vfsim_task_fork(u, CLONE_NEWUSER | CLONE_NEWNS, &c));
	/* the host's mounts reach the copy; the copy's do not reach back */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/data/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/data/b", 0755));
	OK(vfsim_mount(t, "a", "/data/a", "tmpfs", 0, NULL));
	OK(vfsim_mount(c, "b", "/data/b", "tmpfs", 0, NULL));
	{
		struct vt_mount m;

		OK(vt_mount_at(c, "/data/a", &m));
		cr_assert_str_eq(m.mountpoint, "/data/a");
		OK(vt_mount_at(t, "/data/b", &m));
		cr_assert_str_eq(m.mountpoint, "/data");
	}
	/* propagated from a more privileged namespace: its flags locked,
	 * itself not (attach_recursive_mnt() clears MNT_LOCKED on the root) */
	EXPECT(vfsim_mount(c, NULL, "/data/a", NULL, MS_REMOUNT | MS_BIND | MS_NOATIME, NULL),
	       -EPERM);
	OK(vfsim_umount2(c, "/data/a", 0));
	vfsim_task_exit(c);
	cr_assert_eq(vt_check(v), 0);
}
