/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Many mount namespaces (vfs/fork.c, vfs/nsproxy.c, vfs/mnt_ns.c,
 * vfs/nsfs.c): fork with CLONE_FS/CLONE_FILES/CLONE_NEWNS, exit, unshare,
 * setns, namespace files of any task and their ioctls, a namespace's
 * death, statmount/listmount of another namespace, fs.mount-max per
 * namespace, snapshots.  Each errno as 5.8 gives it; the shapes are the
 * ones tests/kernel/pending/ns_*.scn compares with Linux 6.18.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <criterion/criterion.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/uapi/linux/nsfs.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static struct vfsim_task *fork_of(struct vfsim_task *parent, unsigned long flags)
{
	struct vfsim_task *c = NULL;

	EXPECT(vfsim_task_fork(parent, flags, &c), 0);
	cr_assert_not_null(c);
	return c;
}

static bool has_mount(struct vfsim_task *task, const char *path)
{
	struct vt_mount m;

	return vt_mount_at(task, path, &m) == 0 && !strcmp(m.mountpoint, path);
}

/* The unique ID of the mount at @path, as @task sees it. */
static uint64_t uid_of(struct vfsim_task *task, const char *path)
{
	struct statx stx;

	OK(vfsim_statx(task, AT_FDCWD, path, 0, 0x4000U, &stx));
	return stx.stx_mnt_id;
}

static uint64_t ns_id_of(struct vfsim_task *task, struct vfsim_task *target)
{
	uint64_t id = 0;
	long fd = vfsim_open_task_mntns(task, target, 0);

	cr_assert_geq(fd, 0);
	OK(vfsim_ioctl(task, (int)fd, NS_GET_MNTNS_ID, (unsigned long)&id));
	OK(vfsim_close(task, (int)fd));
	return id;
}

/*
 *   /          rootfs
 *   |-/vol     tmpfs "vol", shared:1
 *   `-/priv    tmpfs "priv", private
 */
static void build(struct vfsim *iv)
{
	struct vfsim_task *it = vfsim_init_task(iv);

	fx_dirs(it, "/vol", "/priv", "/mnt", NULL);
	fx_tmpfs(it, "vol", "/vol");
	OK(vfsim_mount(it, NULL, "/vol", NULL, MS_SHARED, NULL));
	fx_tmpfs(it, "priv", "/priv");
}

/* ---- fork and exit ----------------------------------------------------- */

VT_TEST(namespaces, fork_copies_or_shares, "empty", build)
{
	struct vfsim_task *c;
	long fd;

	fd = vfsim_openat(t, AT_FDCWD, "/vol", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	OK(vfsim_chdir(t, "/priv"));

	/* a copy: the same fd and cwd, then each its own */
	c = fork_of(t, 0);
	cr_assert_eq(vfsim_task_uid(c), 0);
	cr_assert_eq(vfsim_task_caps(c), vfsim_task_caps(t));
	cr_assert_gt(vfsim_task_pid(c), vfsim_task_pid(t));
	OK(vfsim_mkdirat(c, (int)fd, "d1", 0755));
	OK(vfsim_mkdirat(c, AT_FDCWD, "p1", 0755));	/* cwd /priv */
	OK(vfsim_close(c, (int)fd));
	OK(vfsim_mkdirat(t, (int)fd, "d2", 0755));	/* still the parent's */
	OK(vfsim_chdir(c, "/"));
	OK(vfsim_mkdirat(t, AT_FDCWD, "p2", 0755));	/* parent's cwd stays */
	vfsim_task_exit(c);

	/* CLONE_FILES: one table; CLONE_FS: one cwd */
	c = fork_of(t, CLONE_FILES | CLONE_FS);
	OK(vfsim_close(c, (int)fd));
	EXPECT(vfsim_close(t, (int)fd), -EBADF);
	OK(vfsim_chdir(c, "/vol"));
	OK(vfsim_mkdirat(t, AT_FDCWD, "d3", 0755));	/* in /vol */
	vfsim_task_exit(c);
	OK(vfsim_openat(t, AT_FDCWD, "/vol/d3", O_PATH, 0));
	OK(vfsim_chdir(t, "/"));
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST(namespaces, fork_errors, "empty", build)
{
	struct vfsim_task *c = (void *)1, *u = vt_task(v, 1000, 1000);

	EXPECT(vfsim_task_fork(t, CLONE_NEWNS | CLONE_FS, &c), -EINVAL);
	cr_assert_null(c);
	EXPECT(vfsim_task_fork(t, CLONE_NEWUSER | CLONE_FS, &c), -EINVAL);
	EXPECT(vfsim_task_fork(t, CLONE_VM, &c), -EINVAL);
	EXPECT(vfsim_task_fork(u, CLONE_NEWNS, &c), -EPERM);
	EXPECT(vfsim_task_fork(NULL, 0, &c), -EINVAL);
	EXPECT(vfsim_task_fork(t, 0, NULL), -EINVAL);
	/* an unprivileged fork is fine, and keeps the credentials */
	c = fork_of(u, CLONE_FILES);
	cr_assert_eq(vfsim_task_uid(c), 1000);
	cr_assert_eq(vfsim_task_gid(c), 1000);
	cr_assert_eq(vfsim_task_caps(c), 0);
	vfsim_task_exit(c);
	vfsim_task_exit(NULL);
	vfsim_task_exit(t);	/* the init task does not exit */
	cr_assert_eq(vfsim_task_pid(NULL), -1);
}

/* ---- unshare and copies -------------------------------------------------- */

VT_TEST(namespaces, newns_copies_and_peers, "empty", build)
{
	struct vfsim_task *c = fork_of(t, CLONE_NEWNS);
	char *a, *b;

	/* the same tree, other mounts */
	a = vt_tree(t, VT_NOID | VT_ATTR | VT_PROP);
	b = vt_tree(c, VT_NOID | VT_ATTR | VT_PROP);
	cr_assert_str_eq(a, b);
	free(a);
	free(b);
	cr_assert_neq(uid_of(t, "/vol"), uid_of(c, "/vol"));
	cr_assert_neq(ns_id_of(t, t), ns_id_of(c, c));

	/* private: each side's own; shared: both ways */
	OK(vfsim_mount(c, "cm", "/mnt", "tmpfs", 0, NULL));
	cr_assert(!has_mount(t, "/mnt"));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/vol/h", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/vol/c", 0755));
	OK(vfsim_mount(t, "h", "/vol/h", "tmpfs", 0, NULL));
	cr_assert(has_mount(c, "/vol/h"));
	OK(vfsim_mount(c, "c", "/vol/c", "tmpfs", 0, NULL));
	cr_assert(has_mount(t, "/vol/c"));
	OK(vfsim_umount2(c, "/vol/h", 0));
	cr_assert(!has_mount(t, "/vol/h"));
	cr_assert_eq(vt_check(v), 0);

	/* the child's mountinfo is its own namespace's */
	a = malloc(8192);
	cr_assert_gt(vfsim_mountinfo(c, a, 8192), 0);
	cr_assert(strstr(a, " cm ") || strstr(a, "cm rw"), "%s", a);
	free(a);
	vfsim_task_exit(c);
	/* the namespace died: its private mount went, the peer's stayed */
	cr_assert(has_mount(t, "/vol/c"));
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST(namespaces, unshare, "empty", build)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	struct vfsim_task *c;
	long fd;

	EXPECT(vfsim_unshare(t, 0x1), -EINVAL);	/* CSIGNAL bits: unknown */
	EXPECT(vfsim_unshare(t, CLONE_NEWNET), -EINVAL);
	EXPECT(vfsim_unshare(u, CLONE_NEWNS), -EPERM);
	EXPECT(vfsim_unshare(NULL, CLONE_NEWNS), -EINVAL);
	/* nothing to unshare in a task of one thread */
	OK(vfsim_unshare(t, CLONE_THREAD | CLONE_SIGHAND | CLONE_VM | CLONE_SYSVSEM));
	OK(vfsim_unshare(t, CLONE_FS | CLONE_FILES));

	/* CLONE_FS, CLONE_FILES: separate what a fork shared */
	c = fork_of(t, CLONE_FS | CLONE_FILES);
	fd = vfsim_openat(c, AT_FDCWD, "/vol", O_PATH, 0);
	cr_assert_geq(fd, 0);
	OK(vfsim_unshare(c, CLONE_FS | CLONE_FILES));
	OK(vfsim_close(c, (int)fd));
	OK(vfsim_close(t, (int)fd));	/* the parent's is still open */
	OK(vfsim_chdir(c, "/vol"));
	OK(vfsim_mkdirat(t, AT_FDCWD, "top", 0755));	/* parent still at / */
	OK(vfsim_openat(t, AT_FDCWD, "/top", O_PATH, 0));
	vfsim_task_exit(c);

	/* CLONE_NEWNS with an fs_struct shared: CLONE_FS comes with it, the
	 * parent keeps its root in the old namespace */
	c = fork_of(t, CLONE_FS);
	OK(vfsim_chdir(c, "/priv"));
	OK(vfsim_unshare(c, CLONE_NEWNS));
	OK(vfsim_mount(c, "m", "/mnt", "tmpfs", 0, NULL));
	cr_assert(!has_mount(t, "/mnt"));
	OK(vfsim_mkdirat(c, AT_FDCWD, "cwd-copy", 0755));	/* cwd moved to the copy */
	OK(vfsim_openat(t, AT_FDCWD, "/priv/cwd-copy", O_PATH, 0));
	OK(vfsim_chdir(t, "/"));
	vfsim_task_exit(c);

	/* unshare of the fs_struct alone keeps root and cwd on the
	 * namespace's mounts, and in place unshare moves them */
	c = fork_of(t, 0);
	OK(vfsim_chdir(c, "/vol"));
	OK(vfsim_unshare(c, CLONE_NEWNS));
	OK(vfsim_mkdirat(c, AT_FDCWD, "from-copy", 0755));
	cr_assert_neq(uid_of(c, "."), uid_of(t, "/vol"));
	vfsim_task_exit(c);
	cr_assert_eq(vt_check(v), 0);
}

/* ---- setns and namespace files ------------------------------------------ */

VT_TEST(namespaces, setns_there_and_back, "empty", build)
{
	struct vfsim_task *c = fork_of(t, CLONE_NEWNS), *u = vt_task(v, 1000, 1000);
	struct vfsim_task *w;
	long nsc, nst, f;
	uint64_t id = 0;

	OK(vfsim_mount(c, "cm", "/mnt", "tmpfs", 0, NULL));
	nsc = vfsim_open_task_mntns(t, c, O_CLOEXEC);
	cr_assert_geq(nsc, 0);
	nst = vfsim_open_mntns(t, 0);
	cr_assert_geq(nst, 0);
	OK(vfsim_ioctl(t, (int)nsc, NS_GET_MNTNS_ID, (unsigned long)&id));
	cr_assert_eq(id, ns_id_of(c, c));
	EXPECT(vfsim_ioctl(t, (int)nsc, NS_GET_NSTYPE, 0), CLONE_NEWNS);
	EXPECT(vfsim_ioctl(t, (int)nsc, NS_GET_USERNS, 0), -ENOTTY);
	EXPECT(vfsim_ioctl(t, (int)nsc, NS_GET_MNTNS_ID, 0), -EFAULT);

	/* the errors */
	EXPECT(vfsim_setns(t, 99, 0), -EBADF);
	f = vfsim_openat(t, AT_FDCWD, "/vol", O_RDONLY | O_DIRECTORY, 0);
	cr_assert_geq(f, 0);
	EXPECT(vfsim_setns(t, (int)f, 0), -EINVAL);
	OK(vfsim_close(t, (int)f));
	EXPECT(vfsim_setns(t, (int)nsc, CLONE_NEWNET), -EINVAL);
	w = fork_of(t, CLONE_FS);
	EXPECT(vfsim_setns(t, (int)nsc, 0), -EINVAL);	/* fs shared */
	vfsim_task_exit(w);
	w = fork_of(t, 0);
	vfsim_task_set_caps(w, VFSIM_CAP_SYS_ADMIN);
	EXPECT(vfsim_setns(w, (int)nsc, 0), -EPERM);	/* no CAP_SYS_CHROOT */
	vfsim_task_exit(w);
	EXPECT(vfsim_open_task_mntns(u, c, 0), -EACCES);
	EXPECT(vfsim_open_task_mntns(t, NULL, 0), -EINVAL);
	EXPECT(vfsim_open_task_mntns(t, c, O_RDWR), -EINVAL);
	f = vfsim_open_task_mntns(u, u, 0);	/* its own */
	cr_assert_geq(f, 0);
	OK(vfsim_close(u, (int)f));

	/* there: the child's tree, root and cwd at its root */
	w = fork_of(t, CLONE_FILES);
	OK(vfsim_chdir(w, "/priv"));
	OK(vfsim_setns(w, (int)nsc, CLONE_NEWNS));
	cr_assert(has_mount(w, "/mnt"));
	OK(vfsim_mkdirat(w, AT_FDCWD, "at-root", 0755));
	OK(vfsim_openat(c, AT_FDCWD, "/at-root", O_PATH, 0));
	cr_assert_eq(ns_id_of(w, w), id);
	/* and back */
	OK(vfsim_setns(w, (int)nst, 0));
	cr_assert(!has_mount(w, "/mnt"));
	vfsim_task_exit(w);

	/* a namespace file keeps a namespace no task is in */
	vfsim_task_exit(c);
	w = fork_of(t, 0);
	OK(vfsim_setns(w, (int)nsc, 0));
	cr_assert(has_mount(w, "/mnt"));
	vfsim_task_exit(w);
	cr_assert_eq(vt_check(v), 0);
	OK(vfsim_close(t, (int)nsc));
	OK(vfsim_close(t, (int)nst));
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST(namespaces, statmount_of_another_namespace, "empty", build)
{
	struct vfsim_task *c = fork_of(t, CLONE_NEWNS), *u = vt_task(v, 1000, 1000);
	struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER1 };
	union {
		struct statmount sm;
		char bytes[4096];
	} out;
	uint64_t ids[16], cid = ns_id_of(c, c);
	long fd;

	OK(vfsim_mount(c, "cm", "/mnt", "tmpfs", 0, NULL));
	r.mnt_id = uid_of(c, "/mnt");
	r.param = STATMOUNT_MNT_NS_ID | STATMOUNT_MNT_POINT;
	r.mnt_ns_id = cid;
	OK(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0));
	cr_assert_eq(out.sm.mnt_ns_id, cid);
	cr_assert_str_eq(out.bytes + sizeof(out.sm) + out.sm.mnt_point, "/mnt");
	/* the caller's namespace does not have it */
	r.mnt_ns_id = 0;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -ENOENT);
	/* another namespace by ID takes CAP_SYS_ADMIN; an unknown ID */
	r.mnt_ns_id = cid;
	EXPECT(vfsim_statmount(u, &r, &out.sm, sizeof(out), 0), -ENOENT);
	r.mnt_ns_id = cid + 1000;
	EXPECT(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0), -ENOENT);
	r.param = 0;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), -ENOENT);
	r.param = STATMOUNT_MNT_NS_ID | STATMOUNT_MNT_POINT;
	/* by fd */
	fd = vfsim_open_task_mntns(t, c, 0);
	r.mnt_ns_id = 0;
	r.mnt_ns_fd = (uint32_t)fd;
	OK(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0));
	r.mnt_id = LSMT_ROOT;
	r.param = 0;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), 4);	/* / /vol /priv /mnt */
	r.mnt_ns_fd = 0;
	r.mnt_ns_id = cid;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), 4);
	EXPECT(vfsim_listmount(u, &r, ids, 16, 0), -ENOENT);
	OK(vfsim_close(t, (int)fd));
	vfsim_task_exit(c);
	/* a dead namespace's ID is unknown */
	r.mnt_ns_id = cid;
	EXPECT(vfsim_listmount(t, &r, ids, 16, 0), -ENOENT);
}

/* ---- a namespace's death ------------------------------------------------ */

/*
 * The copy's mounts go without propagating: peers and slaves elsewhere
 * keep theirs; a slave whose master was only in the dead namespace is
 * re-linked to the master's peers or made private (umount_tree()).
 */
VT_TEST(namespaces, death_relinks, "empty", build)
{
	struct vfsim_task *c = fork_of(t, CLONE_NEWNS);
	struct vt_mount m;

	/* a mount propagated from the child, made a slave in the parent:
	 * its master is the child's copy alone */
	OK(vfsim_mkdirat(c, AT_FDCWD, "/vol/s", 0755));
	OK(vfsim_mount(c, "s", "/vol/s", "tmpfs", 0, NULL));	/* propagates to t */
	cr_assert(has_mount(t, "/vol/s"));
	OK(vfsim_mount(t, NULL, "/vol/s", NULL, MS_SLAVE, NULL));
	cr_assert_eq(vt_mount_at(t, "/vol/s", &m), 0);
	cr_assert_gt(m.d.master, 0);
	vfsim_task_exit(c);
	/* the master was the child's copy alone: the slave is private now */
	cr_assert_eq(vt_mount_at(t, "/vol/s", &m), 0);
	cr_assert_eq(m.d.master, 0);
	cr_assert(has_mount(t, "/vol"));
	cr_assert_eq(vt_check(v), 0);
}

/* ---- limits, snapshots ----------------------------------------------------- */

Test(namespaces, mount_max_per_namespace)
{
	struct vfsim_options opts = { .mount_max = 4 };
	struct vfsim *iv = vt_boot_with(&opts, "empty");
	struct vfsim_task *it = vfsim_init_task(iv), *c;

	fx_dirs(it, "/a", "/b", "/c", NULL);
	OK(vfsim_mount(it, "a", "/a", "tmpfs", 0, NULL));
	OK(vfsim_mount(it, "b", "/b", "tmpfs", 0, NULL));
	OK(vfsim_mount(it, "c", "/c", "tmpfs", 0, NULL));	/* 4: full */
	EXPECT(vfsim_mount(it, "d", "/c", "tmpfs", 0, NULL), -ENOSPC);
	/* a copy of a full namespace is made (5.8 does not count it) and
	 * is full on its own */
	EXPECT(vfsim_task_fork(it, CLONE_NEWNS, &c), 0);
	EXPECT(vfsim_mount(c, "d", "/c", "tmpfs", 0, NULL), -ENOSPC);
	OK(vfsim_umount2(c, "/c", 0));
	OK(vfsim_mount(c, "d", "/c", "tmpfs", 0, NULL));	/* its own count */
	EXPECT(vfsim_mount(it, "d", "/c", "tmpfs", 0, NULL), -ENOSPC);
	vfsim_task_exit(c);
	cr_assert_eq(vt_finish(iv), 0);
}

Test(namespaces, snapshot_and_reset)
{
	const struct vfsim_options opts = { .allocator = VFSIM_ALLOC_SNAPSHOT };
	struct vfsim *iv = vt_boot_with(&opts, "empty");
	struct vfsim_task *it = vfsim_init_task(iv), *c;
	char *before, *after;

	build(iv);
	before = vt_tree(it, VT_ALL);
	OK(vfsim_snapshot(iv));
	c = fork_of(it, CLONE_NEWNS);
	OK(vfsim_mount(c, "cm", "/mnt", "tmpfs", 0, NULL));
	OK(vfsim_open_task_mntns(it, c, 0));
	OK(vfsim_reset(iv));
	after = vt_tree(it, VT_ALL);
	cr_assert_str_eq(before, after);
	free(before);
	free(after);
	cr_assert_eq(vt_check(iv), 0);
	/* and again, after the reset */
	c = fork_of(it, CLONE_NEWNS);
	vfsim_task_exit(c);
	cr_assert_eq(vt_finish(iv), 0);
}

/* A cwd (or root) outside the namespace's tree, in a lazily unmounted
 * mount, is not on any mount the copy has: it stays where it is. */
VT_TEST(namespaces, unshare_with_cwd_outside, "empty", build)
{
	struct vfsim_task *c = fork_of(t, 0);

	OK(vfsim_chdir(c, "/priv"));
	OK(vfsim_umount2(t, "/priv", MNT_DETACH));
	OK(vfsim_unshare(c, CLONE_NEWNS));
	OK(vfsim_mkdirat(c, AT_FDCWD, "still-here", 0755));
	OK(vfsim_chdir(c, "/"));
	cr_assert(has_mount(c, "/vol"));
	vfsim_task_exit(c);
	cr_assert_eq(vt_check(v), 0);
}

/* Whose namespace file a task may open (ptrace_may_access()). */
VT_TEST(namespaces, who_may_open, "empty", build)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000), *u2, *r1 = vt_task(v, 0, 1);
	long fd;

	u2 = fork_of(u, 0);
	fd = vfsim_open_task_mntns(u2, u, 0);	/* the same uids and gids */
	cr_assert_geq(fd, 0);
	OK(vfsim_close(u2, (int)fd));
	fd = vfsim_open_task_mntns(r1, t, 0);	/* another gid: CAP_SYS_PTRACE */
	cr_assert_geq(fd, 0);
	OK(vfsim_close(r1, (int)fd));
	vfsim_task_set_caps(r1, VFSIM_CAP_SYS_ADMIN);
	EXPECT(vfsim_open_task_mntns(r1, t, 0), -EACCES);
	vfsim_task_exit(u2);
}

/*
 * One attach's copies into another namespace count together there
 * (5.8's pending_mounts): two peers of the destination in a namespace
 * with room for one more mount refuse the whole mount.
 */
Test(namespaces, mount_max_counts_copies_together)
{
	struct vfsim_options opts = { .mount_max = 6 };
	struct vfsim *iv = vt_boot_with(&opts, "empty");
	struct vfsim_task *it = vfsim_init_task(iv), *c;

	fx_dirs(it, "/vol", "/vol2", "/p", NULL);
	OK(vfsim_mount(it, "vol", "/vol", "tmpfs", 0, NULL));
	OK(vfsim_mount(it, NULL, "/vol", NULL, MS_SHARED, NULL));
	OK(vfsim_mkdirat(it, AT_FDCWD, "/vol/x", 0755));
	OK(vfsim_mount(it, "/vol", "/vol2", NULL, MS_BIND, NULL));	/* a peer */
	EXPECT(vfsim_task_fork(it, CLONE_NEWNS, &c), 0);
	OK(vfsim_mount(c, "p", "/p", "tmpfs", 0, NULL));
	OK(vfsim_mkdirat(c, AT_FDCWD, "/p/q", 0755));
	OK(vfsim_mount(c, "q", "/p/q", "tmpfs", 0, NULL));	/* 5 of 6 there */
	/* here 3 + 2 fit; there 5 + 2 do not */
	EXPECT(vfsim_mount(it, "x", "/vol/x", "tmpfs", 0, NULL), -ENOSPC);
	cr_assert(!has_mount(it, "/vol/x"));
	cr_assert(!has_mount(c, "/vol2/x"));
	cr_assert_eq(vt_check(iv), 0);
	OK(vfsim_umount2(c, "/p/q", 0));	/* 4 of 6 there: room for both */
	OK(vfsim_mount(it, "x", "/vol/x", "tmpfs", 0, NULL));
	cr_assert(has_mount(c, "/vol2/x"));
	vfsim_task_exit(c);
	cr_assert_eq(vt_finish(iv), 0);
}

/* fsinfo() by mount ID sees the caller's namespace alone: a mount of
 * another one does not connect to the caller's root (-EPERM, as v17). */
VT_TEST(namespaces, fsinfo_by_id_per_namespace, "empty", build)
{
	struct vfsim_task *c = fork_of(t, CLONE_NEWNS);
	struct fsinfo_params p = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};
	struct fsinfo_mount_info mi;
	char id[16];
	long mid;

	OK(vfsim_mount(c, "cm", "/mnt", "tmpfs", 0, NULL));
	mid = vfsim_path_mnt_id(c, "/mnt");
	OK(mid);
	snprintf(id, sizeof(id), "%ld", mid);
	OK(vfsim_fsinfo(c, AT_FDCWD, id, &p, &mi, sizeof(mi)));
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, id, &p, &mi, sizeof(mi)), -EPERM);
	vfsim_task_exit(c);
}
