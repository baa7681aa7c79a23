/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * pivot_root(2) (vfs/pivot_root.c, fs/namespace.c of 5.8): every refusal
 * and its errno in 5.8's order, the swap, the tasks it moves
 * (chroot_fs_refs()), what v17 posts (semantics note S11) and what 6.15's
 * fanotify reports, the change counters, and the mounts' state after it.
 *
 * Checked on Linux 6.18 (the scenarios of tests/kernel/pending/pivot_root_*):
 * the same results, but for a new_root in a lazily unmounted mount, which
 * 6.15's lock_mount() refuses with ENOENT before 5.8's check_mnt() EINVAL
 * (0d039eac6e59).
 *
 * Every test but the first starts from host():
 *   /               rootfs (1)
 *   `-/host         tmpfs "host" (2): the init task's root and cwd
 *      `-/host/new  tmpfs "new" (3), with /host/new/old
 * so that the root is a mount with a parent, as pivot_root needs (the
 * model's rootfs, like Linux's, has none).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <criterion/criterion.h>

#include <vfs/kernel.h>
#include <vfs/namei.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/notifytest.h"
#include "common/vfstest.h"

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif

static struct vfsim *v;
static struct vfsim_task *t;

static void host_of(struct vfsim_task *u)
{
	fx_tmpfs(u, "host", "/host");
	OK(vfsim_chroot(u, "/host"));
	OK(vfsim_chdir(u, "/"));
	fx_tmpfs(u, "new", "/new");
	OK(vfsim_mkdirat(u, AT_FDCWD, "/new/old", 0755));
}

static void host(struct vfsim *vv)
{
	host_of(vfsim_init_task(vv));
}

VT_TEST(pivot_root, rootfs_has_no_parent, "empty", NULL)
{
	fx_tmpfs(t, "new", "/new");
	OK(vfsim_mkdirat(t, AT_FDCWD, "/new/old", 0755));
	/* the namespace's first mount is not attached to anything */
	EXPECT(vfsim_pivot_root(t, "/new", "/new/old"), -EINVAL);
	EXPECT(vfsim_pivot_root(NULL, "/new", "/new/old"), -EINVAL);
}

VT_TEST(pivot_root, swap, "empty", host)
{
	cr_assert(vt_tree_is(t, 0,
			     "1 1 / rootfs rootfs\n"
			     "2 1 /host tmpfs host\n"
			     "3 2 /host/new tmpfs new\n"));
	OK(vfsim_pivot_root(t, "/new", "/new/old"));
	cr_assert(vt_tree_is(t, 0,
			     "1 1 / rootfs rootfs\n"
			     "3 1 /host tmpfs new\n"
			     "2 3 /host/old tmpfs host\n"));
	/* root and cwd followed: "/" is the new root, the old one below it */
	OK(vfsim_mkdirat(t, AT_FDCWD, "probe", 0755));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/probe", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/old/new", 0755), -EEXIST);
	/* the old root goes with a lazy umount */
	OK(vfsim_umount2(t, "/old", MNT_DETACH));
	cr_assert(vt_tree_is(t, 0,
			     "1 1 / rootfs rootfs\n"
			     "3 1 /host tmpfs new\n"));
}

VT_TEST(pivot_root, eperm_before_the_walks, "empty", host)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);

	EXPECT(vfsim_pivot_root(u, "/missing", "/missing"), -EPERM);
	EXPECT(vfsim_pivot_root(u, "/new", "/new/old"), -EPERM);
	vfsim_task_destroy(u);
}

VT_TEST(pivot_root, walks, "empty", host)
{
	long fd = vfsim_openat(t, AT_FDCWD, "/new/file", O_CREAT | O_RDWR, 0644);

	OK(fd);
	OK(vfsim_close(t, (int)fd));
	OK(vfsim_symlinkat(t, "/new", AT_FDCWD, "/link"));
	EXPECT(vfsim_pivot_root(t, "/missing", "/new/old"), -ENOENT);
	EXPECT(vfsim_pivot_root(t, "/new", "/new/missing"), -ENOENT);
	EXPECT(vfsim_pivot_root(t, "/new/file", "/new/old"), -ENOTDIR);
	EXPECT(vfsim_pivot_root(t, "/new", "/new/file"), -ENOTDIR);
	EXPECT(vfsim_pivot_root(t, "", "/new/old"), -ENOENT);
	EXPECT(vfsim_pivot_root(t, "/new", ""), -ENOENT);
	/* both paths follow symlinks */
	OK(vfsim_pivot_root(t, "/link", "/link/old"));
	cr_assert(vt_tree_is(t, VT_NOID,
			     "/ rootfs rootfs\n"
			     "/host tmpfs new\n"
			     "/host/old tmpfs host\n"));
}

VT_TEST(pivot_root, ebusy_on_the_root_mount, "empty", host)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/outside", 0755));
	EXPECT(vfsim_pivot_root(t, "/", "/new/old"), -EBUSY);
	EXPECT(vfsim_pivot_root(t, "/new", "/outside"), -EBUSY);
	EXPECT(vfsim_pivot_root(t, "/outside", "/new/old"), -EBUSY);
	/* EBUSY comes before "not a mount point" */
	EXPECT(vfsim_pivot_root(t, "/", "/"), -EBUSY);
}

VT_TEST(pivot_root, einval_not_a_mount_root, "empty", host)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/new/plain", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/new/plain/old", 0755));
	EXPECT(vfsim_pivot_root(t, "/new/plain", "/new/plain/old"), -EINVAL);
	/* a root that is a plain directory of its mount */
	OK(vfsim_mkdirat(t, AT_FDCWD, "/jail", 0755));
	OK(vfsim_chroot(t, "/jail"));
	fx_tmpfs(t, "j", "/j");
	OK(vfsim_mkdirat(t, AT_FDCWD, "/j/old", 0755));
	EXPECT(vfsim_pivot_root(t, "/j", "/j/old"), -EINVAL);
}

VT_TEST(pivot_root, einval_put_old_not_under_new_root, "empty", host)
{
	fx_tmpfs(t, "side", "/side");
	EXPECT(vfsim_pivot_root(t, "/new", "/side"), -EINVAL);
	fx_tmpfs(t, "deep", "/new/deep");
	OK(vfsim_mkdirat(t, AT_FDCWD, "/new/deep/old", 0755));
	/* put_old above new_root, in new_root's parent */
	EXPECT(vfsim_pivot_root(t, "/new/deep", "/new/old"), -EINVAL);
	OK(vfsim_pivot_root(t, "/new/deep", "/new/deep/old"));
}

/* new_root reached from a cwd outside the root: not under the root. */
VT_TEST(pivot_root, einval_new_root_not_under_the_root, "empty", host)
{
	fx_tmpfs(t, "jail", "/jail");
	OK(vfsim_chdir(t, "/new"));
	OK(vfsim_chroot(t, "/jail"));
	EXPECT(vfsim_pivot_root(t, ".", "old"), -EINVAL);
}

VT_TEST(pivot_root, einval_shared, "empty", host)
{
	fx_tmpfs(t, "old", "/new/old");
	/* put_old shared */
	OK(vfsim_mount(t, NULL, "/new/old", NULL, MS_SHARED, NULL));
	EXPECT(vfsim_pivot_root(t, "/new", "/new/old"), -EINVAL);
	OK(vfsim_mount(t, NULL, "/new/old", NULL, MS_PRIVATE, NULL));
	/* new_root's parent (the root) shared */
	OK(vfsim_mount(t, NULL, "/", NULL, MS_SHARED, NULL));
	EXPECT(vfsim_pivot_root(t, "/new", "/new/old"), -EINVAL);
	/* a slave parent is fine */
	OK(vfsim_mount(t, NULL, "/", NULL, MS_PRIVATE, NULL));
	OK(vfsim_pivot_root(t, "/new", "/new/old"));
}

/* The parent of the root, outside it, shared. */
VT_TEST(pivot_root, einval_root_parent_shared, "empty", NULL)
{
	OK(vfsim_mount(t, NULL, "/", NULL, MS_SHARED, NULL));
	fx_tmpfs(t, "host", "/host");
	OK(vfsim_mount(t, NULL, "/host", NULL, MS_PRIVATE, NULL));
	OK(vfsim_chroot(t, "/host"));
	fx_tmpfs(t, "new", "/new");
	OK(vfsim_mkdirat(t, AT_FDCWD, "/new/old", 0755));
	EXPECT(vfsim_pivot_root(t, "/new", "/new/old"), -EINVAL);
}

/* 5.8: check_mnt() refuses a mount a lazy umount took out (6.15: ENOENT). */
VT_TEST(pivot_root, einval_detached_new_root, "empty", host)
{
	OK(vfsim_chdir(t, "/new"));
	OK(vfsim_umount2(t, "/new", MNT_DETACH));
	EXPECT(vfsim_pivot_root(t, ".", "old"), -EINVAL);
	/* put_old of the namespace, new_root not */
	EXPECT(vfsim_pivot_root(t, ".", "/"), -EINVAL);
}

/* A detached tree of open_tree(OPEN_TREE_CLONE): another namespace. */
VT_TEST(pivot_root, einval_anonymous_namespace, "empty", host)
{
	long fd = vfsim_open_tree(t, AT_FDCWD, "/new", OPEN_TREE_CLONE);

	OK(fd);
	OK(vfsim_fchdir(t, (int)fd));
	EXPECT(vfsim_pivot_root(t, ".", "old"), -EINVAL);
	OK(vfsim_chdir(t, "/"));
	OK(vfsim_close(t, (int)fd));
}

/* The hook for user namespaces: a locked new_root is EINVAL. */
VT_TEST(pivot_root, einval_locked_new_root, "empty", host)
{
	struct vt_mount m;
	struct mount *mnt;

	OK(vt_mount_at(t, "/new", &m));
	mnt = mnt_find_by_id(v, (int)m.d.mnt_id);
	cr_assert_not_null(mnt);
	mnt->mnt.mnt_flags |= MNT_LOCKED;
	EXPECT(vfsim_pivot_root(t, "/new", "/new/old"), -EINVAL);
	mnt->mnt.mnt_flags &= ~MNT_LOCKED;
}

/* A locked root passes its lock to new_root, which takes its place. */
VT_TEST(pivot_root, lock_passes_to_new_root, "empty", host)
{
	struct vt_mount m;
	struct mount *root, *new;

	OK(vt_mount_at(t, "/", &m));
	root = mnt_find_by_id(v, (int)m.d.mnt_id);
	OK(vt_mount_at(t, "/new", &m));
	new = mnt_find_by_id(v, (int)m.d.mnt_id);
	root->mnt.mnt_flags |= MNT_LOCKED;
	OK(vfsim_pivot_root(t, "/new", "/new/old"));
	cr_assert(new->mnt.mnt_flags & MNT_LOCKED);
	cr_assert(!(root->mnt.mnt_flags & MNT_LOCKED));
	new->mnt.mnt_flags &= ~MNT_LOCKED;
}

/*
 * An unlinked new_root: ENOENT, after the shared and namespace checks.
 * The model has no rmdir yet: the cwd's dentry is taken out of the hash
 * by hand, as an rmdir would; it stays on its parent's list, so the
 * teardown frees it as any other.
 */
VT_TEST(pivot_root, enoent_unlinked_new_root, "empty", host)
{
	struct vfsim_entry e;
	struct dentry *d;
	struct path p;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/new/gone", 0755));
	OK(vfsim_chdir(t, "/new/gone"));
	vfsim_enter(&e, (struct task_struct *)t);
	cr_assert_eq(kern_path("/new/gone", LOOKUP_FOLLOW, &p), 0);
	d = p.dentry;
	spin_lock(&v->dcache_lock);
	hlist_del_init_rcu(&d->d_hash);
	v->nr_hashed_dentries--;
	spin_unlock(&v->dcache_lock);
	path_put(&p);
	vfsim_leave(&e);

	EXPECT(vfsim_pivot_root(t, ".", "/new/old"), -ENOENT);
	/* the shared check comes first */
	OK(vfsim_mount(t, "/new/old", "/new/old", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, NULL, "/new/old", NULL, MS_SHARED, NULL));
	EXPECT(vfsim_pivot_root(t, ".", "/new/old"), -EINVAL);
	OK(vfsim_chdir(t, "/"));
}

/* Every task whose root or cwd was the old root moves; other cwds stay. */
VT_TEST(pivot_root, tasks_follow, "empty", host)
{
	struct vfsim_task *same = vt_task(v, 0, 1);
	struct vfsim_task *elsewhere = vt_task(v, 0, 2);
	struct vfsim_task *user = vt_task(v, 1000, 1000);

	OK(vfsim_mkdirat(t, AT_FDCWD, "/d", 0755));
	OK(vfsim_chmod(t, "/d", 0777));
	OK(vfsim_chdir(elsewhere, "/d"));
	OK(vfsim_pivot_root(t, "/new", "/new/old"));
	OK(vfsim_mkdirat(same, AT_FDCWD, "probe1", 0755));
	OK(vfsim_mkdirat(same, AT_FDCWD, "/probe2", 0755));
	OK(vfsim_mkdirat(elsewhere, AT_FDCWD, "probe3", 0755));
	OK(vfsim_mkdirat(user, AT_FDCWD, "/old/d/probe4", 0755));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/probe1", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/probe2", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/old/d/probe3", 0755), -EEXIST);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/old/d/probe4", 0755), -EEXIST);
	vfsim_task_destroy(user);
	vfsim_task_destroy(elsewhere);
	vfsim_task_destroy(same);
}

/* put_old with a stack on it: the old root goes on top of the stack. */
VT_TEST(pivot_root, put_old_stacked, "empty", host)
{
	fx_tmpfs(t, "low", "/new/old");
	OK(vfsim_mount(t, "high", "/new/old", "tmpfs", 0, NULL));
	OK(vfsim_pivot_root(t, "/new", "/new/old"));
	cr_assert(vt_tree_is(t, VT_NOID,
			     "/ rootfs rootfs\n"
			     "/host tmpfs new\n"
			     "/host/old tmpfs low\n"
			     "/host/old tmpfs high\n"
			     "/host/old tmpfs host\n"));
}

/* pivot_root(".", "."): the old root stacked on the new one. */
VT_TEST(pivot_root, dot_dot, "empty", host)
{
	OK(vfsim_chdir(t, "/new"));
	OK(vfsim_pivot_root(t, ".", "."));
	cr_assert(vt_tree_is(t, VT_NOID,
			     "/ rootfs rootfs\n"
			     "/host tmpfs new\n"
			     "/host tmpfs host\n"));
	OK(vfsim_umount2(t, ".", MNT_DETACH));
	OK(vfsim_chdir(t, "/"));
	cr_assert(vt_tree_is(t, VT_NOID,
			     "/ rootfs rootfs\n"
			     "/host tmpfs new\n"));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/old/x", 0755));
}

/* A mount on an expiry list leaves it when it becomes the root. */
VT_TEST(pivot_root, new_root_no_longer_expires, "empty", host)
{
	OK(vfsim_mnt_set_expiry(t, "/new"));
	OK(vfsim_pivot_root(t, "/new", "/new/old"));
	OK(vfsim_expire_mounts(v));
	OK(vfsim_expire_mounts(v));
	cr_assert(vt_tree_is(t, VT_NOID,
			     "/ rootfs rootfs\n"
			     "/host tmpfs new\n"
			     "/host/old tmpfs host\n"));
}

/* The counters: v17's UNMOUNT moves new_root's old parent's; 6.18's
 * statmount and listmount see the new shape from the new root. */
VT_TEST(pivot_root, counters_statmount_listmount, "empty", host)
{
	struct vt_mount m;
	union {
		struct statmount sm;
		char bytes[4096];
	} out;
	struct mnt_id_req r = { .size = MNT_ID_REQ_SIZE_VER0 };
	uint64_t ids[8], c_host, c_new, c_rootfs, u_host, u_new;
	unsigned int host_id, new_id;
	struct statx stx;

	OK(vt_mount_at(t, "/", &m));
	host_id = m.d.mnt_id;
	c_host = m.d.change_counter;
	OK(vt_mount_at(t, "/new", &m));
	new_id = m.d.mnt_id;
	c_new = m.d.change_counter;
	c_rootfs = vt_desc(t, 1).change_counter;
	OK(vfsim_statx(t, AT_FDCWD, "/", 0, STATX_MNT_ID_UNIQUE, &stx));
	u_host = stx.stx_mnt_id;
	OK(vfsim_statx(t, AT_FDCWD, "/new", 0, STATX_MNT_ID_UNIQUE, &stx));
	u_new = stx.stx_mnt_id;

	OK(vfsim_pivot_root(t, "/new", "/new/old"));
	cr_assert_eq(vt_desc(t, host_id).change_counter, c_host + 1);
	cr_assert_eq(vt_desc(t, new_id).change_counter, c_new);
	cr_assert_eq(vt_desc(t, 1).change_counter, c_rootfs);

	r.mnt_id = u_host;
	r.param = STATMOUNT_MNT_BASIC | STATMOUNT_MNT_POINT;
	OK(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0));
	cr_assert_eq(out.sm.mnt_parent_id, u_new);
	cr_assert_str_eq(out.sm.str + out.sm.mnt_point, "/old");
	r.mnt_id = u_new;
	OK(vfsim_statmount(t, &r, &out.sm, sizeof(out), 0));
	cr_assert_str_eq(out.sm.str + out.sm.mnt_point, "/");

	r.mnt_id = LSMT_ROOT;
	r.param = 0;
	/* a chrooted caller's LSMT_ROOT: its root and what is below, by ID */
	EXPECT(vfsim_listmount(t, &r, ids, 8, 0), 2);
	cr_assert_eq(ids[0], u_host);
	cr_assert_eq(ids[1], u_new);
}

/* The caller's root in a mount a lazy umount took out: not ours, EINVAL,
 * which comes before EBUSY (a lazy umount unhashes the mounts below too,
 * so the root's own mount is all the task can reach). */
VT_TEST(pivot_root, einval_root_not_in_the_namespace, "empty", host)
{
	struct vfsim_task *w = vt_task(v, 0, 1);

	OK(vfsim_chroot(w, "/new"));
	OK(vfsim_chdir(w, "/"));
	OK(vfsim_umount2(t, "/new", MNT_DETACH));
	EXPECT(vfsim_pivot_root(w, "/", "/old"), -EINVAL);
	vfsim_task_destroy(w);
}

/*
 * new_root the namespace's first mount, reached from a cwd left outside
 * the root: rootfs is MNT_LOCKED (init_mount_tree()), EINVAL; without the
 * lock (the root of a namespace copy will have none) it has no parent,
 * EINVAL all the same.
 */
VT_TEST(pivot_root, einval_new_root_not_attached, "empty", NULL)
{
	struct mount *rootfs = mnt_find_by_id(v, 1);

	fx_tmpfs(t, "host", "/host");
	OK(vfsim_chroot(t, "/host"));
	/* the cwd is rootfs's root, outside the new root */
	cr_assert(rootfs->mnt.mnt_flags & MNT_LOCKED);
	EXPECT(vfsim_pivot_root(t, ".", "."), -EINVAL);
	rootfs->mnt.mnt_flags &= ~MNT_LOCKED;
	EXPECT(vfsim_pivot_root(t, ".", "."), -EINVAL);
	rootfs->mnt.mnt_flags |= MNT_LOCKED;
}

/* A cwd on the same dentry through another mount (a bind of the root) is
 * not the old root: it stays. */
VT_TEST(pivot_root, same_dentry_other_mount_stays, "empty", host)
{
	struct vfsim_task *w = vt_task(v, 0, 1);

	OK(vfsim_mkdirat(t, AT_FDCWD, "/bind", 0755));
	OK(vfsim_mount(t, "/", "/bind", NULL, MS_BIND, NULL));
	OK(vfsim_chdir(w, "/bind"));
	OK(vfsim_pivot_root(t, "/new", "/new/old"));
	/* w's cwd is still the bind: "new" there is the directory */
	OK(vfsim_mkdirat(w, AT_FDCWD, "new/x", 0755));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/old/new/x", 0755), -EEXIST);
	OK(vfsim_chdir(w, "/"));
	vfsim_task_destroy(w);
}
