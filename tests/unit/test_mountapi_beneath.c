// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * move_mount(MOVE_MOUNT_BENEATH) (6.5): a mount put between the top of a
 * stack and what the top sits on, from an attached mount or a detached
 * tree; its copies under a shared parent, each tucked under the copy of
 * the top it meets; v17's records where attach_recursive_mnt() posts them
 * (MOVE_FROM and MOVE_TO, or NEW_MOUNT, on the top's parent); and every
 * refusal, with the tree left as it was.  tests/kernel/mount_beneath*.scn
 * hold the same cases against the running kernel.
 *
 *   /            rootfs (the namespace's root: nothing goes beneath a
 *   |               mount on it, so the stacks are one level down)
 *   |-/p         tmpfs "p"
 *   | `-/p/x     tmpfs "top"
 *   `-/b         tmpfs "src", with a directory sub
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

static void stack(struct vfsim *vm)
{
	struct vfsim_task *it = vfsim_init_task(vm);

	fx_tmpfs(it, "p", "/p");
	fx_tmpfs(it, "top", "/p/x");
	fx_tmpfs(it, "src", "/b");
	fx_dirs(it, "/b/sub", NULL);
}

static long beneath(const char *from, const char *to)
{
	return vfsim_move_mount(t, AT_FDCWD, from, AT_FDCWD, to, MOVE_MOUNT_BENEATH);
}

/* A detached tmpfs "new": the fs_context fd in *@ctx, the mount's fd returned. */
static int detached(int *ctx)
{
	long f = vfsim_fsopen(t, "tmpfs", 0);
	long m;

	OK(f);
	OK(vfsim_fsconfig(t, (int)f, FSCONFIG_SET_STRING, "source", "new", 0));
	OK(vfsim_fsconfig(t, (int)f, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	m = vfsim_fsmount(t, (int)f, 0, 0);
	OK(m);
	*ctx = (int)f;
	return (int)m;
}

/*
 * The moved mount keeps its ID and takes the top's place on /p; the top
 * keeps its ID and now sits on the moved mount's root; unmounting the
 * top shows the moved mount, which brought its own submount along.
 */
VT_TEST(beneath, attached, "empty", stack)
{
	unsigned int p = nt_mnt_id(t, "/p"), top = nt_mnt_id(t, "/p/x");
	unsigned int src = nt_mnt_id(t, "/b"), sub;

	fx_tmpfs(t, "sub", "/b/sub");
	sub = nt_mnt_id(t, "/b/sub");
	OK(beneath("/b", "/p/x"));
	cr_assert_eq(nt_mnt_id(t, "/p/x"), top);
	{
		char want[256];

		snprintf(want, sizeof(want),
			 "1 1 / rootfs rootfs\n"
			 "%u 1 /p tmpfs p\n"
			 "%u %u /p/x tmpfs src\n"
			 "%u %u /p/x/sub tmpfs sub\n"
			 "%u %u /p/x tmpfs top\n",
			 p, src, p, sub, src, top, src);
		cr_assert(vt_tree_is(t, 0, want));
	}
	/* the top is busy no more than before; off it goes */
	OK(vfsim_umount2(t, "/p/x", 0));
	cr_assert_eq(nt_mnt_id(t, "/p/x"), src);
	cr_assert_eq(nt_mnt_id(t, "/p/x/sub"), sub);
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n/p tmpfs p\n/p/x tmpfs src\n"
					 "/p/x/sub tmpfs sub\n"));
}

/* A stack three high: the mount goes under the topmost only. */
VT_TEST(beneath, under_the_topmost, "empty", stack)
{
	fx_tmpfs(t, "t2", "/p/x");
	fx_tmpfs(t, "t3", "/p/x");
	OK(beneath("/b", "/p/x"));
	OK(vfsim_umount2(t, "/p/x", 0));
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n/p tmpfs p\n/p/x tmpfs top\n"
					 "/p/x tmpfs t2\n/p/x tmpfs src\n"));
	OK(vfsim_umount2(t, "/p/x", 0));
	OK(vfsim_umount2(t, "/p/x", 0));
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n/p tmpfs p\n/p/x tmpfs top\n"));
}

/* v17 sees a move: MOVE_FROM on the old parent, MOVE_TO on the top's parent. */
VT_TEST(beneath, notifications, "empty", stack)
{
	unsigned int src = nt_mnt_id(t, "/b"), top = nt_mnt_id(t, "/p/x");
	int q[2];

	nt_pipe(t, 32, q);
	OK(vfsim_watch_mount(t, AT_FDCWD, "/", 0, q[0], 7));
	OK(beneath("/b", "/p/x"));
	cr_assert(nt_records_are(t, q[0],
				 "mount move_from id=7 triggered_on=1 changed_mount=%u\n"
				 "mount move_to id=7 flags=in_subtree triggered_on=%u changed_mount=%u\n",
				 src, nt_mnt_id(t, "/p"), src));
	/* the top's new place is not posted, as a tucked mount's is not */
	OK(vfsim_umount2(t, "/p/x", 0));
	cr_assert(nt_records_are(t, q[0],
				 "mount unmount id=7 flags=in_subtree triggered_on=%u changed_mount=%u\n",
				 src, top));
	OK(vfsim_close(t, q[0]));
	OK(vfsim_close(t, q[1]));
}

/* From a detached tree: NEW_MOUNT on the top's parent; closing the fd leaves it. */
VT_TEST(beneath, detached, "empty", stack)
{
	unsigned int p = nt_mnt_id(t, "/p"), top = nt_mnt_id(t, "/p/x");
	int ctx, m = detached(&ctx);
	int q[2];

	nt_pipe(t, 32, q);
	OK(vfsim_watch_mount(t, AT_FDCWD, "/p", 0, q[0], 3));
	OK(vfsim_move_mount(t, m, "", AT_FDCWD, "/p/x",
			    MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_BENEATH));
	OK(vfsim_close(t, m));
	OK(vfsim_close(t, ctx));
	OK(vfsim_umount2(t, "/p/x", 0));
	cr_assert(nt_records_are(t, q[0],
				 "mount new_mount id=3 triggered_on=%u changed_mount=%u\n"
				 "mount unmount id=3 flags=in_subtree triggered_on=%u changed_mount=%u\n",
				 p, nt_mnt_id(t, "/p/x"), nt_mnt_id(t, "/p/x"), top));
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n/p tmpfs p\n/p/x tmpfs new\n"
					 "/b tmpfs src\n"));
	OK(vfsim_close(t, q[0]));
	OK(vfsim_close(t, q[1]));
}

/*
 * Under a shared parent the moved mount joins a new peer group, and a
 * copy goes beneath the copy of the top on each peer and slave of the
 * parent (propagate_mnt() from the top's parent, then the copies tucked
 * under what sits on their mountpoint).
 */
VT_TEST(beneath, propagates, "empty", fx_peers_and_slave)
{
	fx_tmpfs(t, "top", "/a/x");
	fx_tmpfs(t, "src", "/m");
	OK(beneath("/m", "/a/x"));
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n"
			     "/a tmpfs a shared:1\n"
			     "/a/x tmpfs src shared:3\n"
			     "/a/x tmpfs top shared:2\n"
			     "/b tmpfs a shared:1\n"
			     "/b/x tmpfs src shared:3\n"
			     "/b/x tmpfs top shared:2\n"
			     "/s tmpfs a master:1\n"
			     "/s/x tmpfs src master:3\n"
			     "/s/x tmpfs top master:2\n"));
	/* unmounting the top propagates; the moved mount and its copies stay */
	OK(vfsim_umount2(t, "/a/x", 0));
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n"
			     "/a tmpfs a shared:1\n"
			     "/a/x tmpfs src shared:3\n"
			     "/b tmpfs a shared:1\n"
			     "/b/x tmpfs src shared:3\n"
			     "/s tmpfs a master:1\n"
			     "/s/x tmpfs src master:3\n"));
}

/* A peer with no copy of the top gets a plain copy of the moved mount. */
VT_TEST(beneath, peer_without_top, "empty", NULL)
{
	fx_tmpfs(t, "a", "/a");
	fx_tmpfs(t, "top", "/a/x");
	OK(vfsim_mount(t, "none", "/a", NULL, MS_SHARED, NULL));
	fx_dirs(t, "/b", NULL);
	OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
	fx_tmpfs(t, "src", "/m");
	OK(beneath("/m", "/a/x"));
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n"
			     "/a tmpfs a shared:1\n"
			     "/a/x tmpfs src shared:2\n"
			     "/a/x tmpfs top private\n"
			     "/b tmpfs a shared:1\n"
			     "/b/x tmpfs src shared:2\n"));
}

/* A top bound on its own mountpoint but no peer of its shared parent:
 * nothing would be propagated onto it, so the move goes ahead. */
VT_TEST(beneath, own_mountpoint_private, "empty", stack)
{
	fx_dirs(t, "/p/z", NULL);
	OK(vfsim_mount(t, "/p/z", "/p/z", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "none", "/p", NULL, MS_SHARED, NULL));
	OK(beneath("/b", "/p/z"));
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n"
			     "/p tmpfs p shared:1\n"
			     "/p/x tmpfs top private\n"
			     "/p/z tmpfs src shared:2\n"
			     "/p/z tmpfs p[/z] private\n"));
}

/* The refusals, each leaving the tree as it was. */
VT_TEST(beneath, refusals, "empty", stack)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	char *before;

	fx_dirs(t, "/p/x/d", "/p/y", NULL);
	before = vt_tree(t, VT_ALL);
	cr_assert(before);
	EXPECT(vfsim_move_mount(u, AT_FDCWD, "/b", AT_FDCWD, "/p/x", MOVE_MOUNT_BENEATH),
	       -EPERM);
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/b", AT_FDCWD, "/p/x",
				MOVE_MOUNT_BENEATH | MOVE_MOUNT_SET_GROUP), -EINVAL);
	/* not a mount's root; a directory that is no mount at all */
	EXPECT(beneath("/b", "/p/x/d"), -EINVAL);
	EXPECT(beneath("/b", "/p/y"), -EINVAL);
	/* the namespace's root has no parent; nothing goes beneath a mount on it */
	EXPECT(beneath("/b", "/"), -EINVAL);
	EXPECT(beneath("/b", "/p"), -EINVAL);
	/* the top itself; a mount below the top */
	EXPECT(beneath("/p/x", "/p/x"), -EINVAL);
	fx_tmpfs(t, "below", "/p/x/d");
	EXPECT(beneath("/p/x/d", "/p/x"), -EINVAL);
	OK(vfsim_umount2(t, "/p/x/d", 0));
	/* the top's parent, which would end up on itself */
	fx_dirs(t, "/q", NULL);
	fx_tmpfs(t, "q", "/q");
	fx_dirs(t, "/q/x", NULL);
	fx_tmpfs(t, "qtop", "/q/x");
	EXPECT(beneath("/q", "/q/x"), -ELOOP);
	OK(vfsim_umount2(t, "/q/x", 0));
	OK(vfsim_umount2(t, "/q", 0));
	/* a file mount cannot go beneath a directory mount */
	OK(vfsim_openat(t, AT_FDCWD, "/b/file", O_CREAT | O_RDONLY, 0644));
	OK(vfsim_close(t, 3));
	OK(vfsim_openat(t, AT_FDCWD, "/p/file", O_CREAT | O_RDONLY, 0644));
	OK(vfsim_close(t, 3));
	OK(vfsim_mount(t, "/b/file", "/p/file", NULL, MS_BIND, NULL));
	EXPECT(beneath("/p/file", "/p/x"), -EINVAL);
	OK(vfsim_umount2(t, "/p/file", 0));
	/* a covered source (its copies would be hidden at once) */
	{
		long cov = vfsim_openat(t, AT_FDCWD, "/b", O_PATH, 0);

		OK(cov);
		fx_tmpfs(t, "over", "/b");
		EXPECT(vfsim_move_mount(t, (int)cov, "", AT_FDCWD, "/p/x",
					MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_BENEATH), -EINVAL);
		OK(vfsim_umount2(t, "/b", 0));
		OK(vfsim_close(t, (int)cov));
	}
	vfsim_task_destroy(u);
	cr_assert(vt_tree_is(t, VT_ALL, before));
	free(before);
}

/* Refusals that need a shared parent: propagation would cover the top or the source. */
VT_TEST(beneath, refusals_shared, "empty", stack)
{
	OK(vfsim_mount(t, "none", "/p", NULL, MS_SHARED, NULL));
	fx_dirs(t, "/p/y", "/p/z", "/c", NULL);
	/* an unbindable tree under a shared mount */
	OK(vfsim_mount(t, "none", "/b", NULL, MS_UNBINDABLE, NULL));
	EXPECT(beneath("/b", "/p/x"), -EINVAL);
	OK(vfsim_mount(t, "none", "/b", NULL, MS_PRIVATE, NULL));
	/* a source whose parent is shared stays where it is */
	fx_tmpfs(t, "iny", "/p/y");
	EXPECT(beneath("/p/y", "/p/x"), -EINVAL);
	/* a top that is a peer of its parent, its root its own mountpoint:
	 * the moved mount's copy would land on top of it */
	OK(vfsim_mount(t, "/p/z", "/p/z", NULL, MS_BIND, NULL));
	EXPECT(beneath("/b", "/p/z"), -EINVAL);
	OK(vfsim_umount2(t, "/p/z", 0));
	/* a source that is a peer of the parent, its root the top's
	 * mountpoint: a copy of it would land on itself (/q, a peer without
	 * the top, reaches that directory) */
	fx_dirs(t, "/q", NULL);
	OK(vfsim_mount(t, "/p", "/q", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "/q/x", "/c", NULL, MS_BIND, NULL));
	EXPECT(beneath("/c", "/p/x"), -EINVAL);
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n"
			     "/p tmpfs p shared:1\n"
			     "/p/x tmpfs top private\n"
			     "/p/y tmpfs iny shared:2\n"
			     "/b tmpfs src private\n"
			     "/q tmpfs p shared:1\n"
			     "/c tmpfs p[/x] shared:1\n"));
}

/*
 * A target on a lazily unmounted mount: its root is ENOENT (6.15's
 * do_lock_mount() refuses what is not mounted), anything below its root
 * EINVAL, which is checked first.  A task chrooted into the top cannot
 * put anything beneath its own root.
 */
VT_TEST(beneath, unmounted_and_root, "empty", stack)
{
	struct vfsim_task *u = vt_task(v, 0, 0);

	fx_tmpfs(t, "lazy", "/p/x");
	fx_dirs(t, "/p/x/d", NULL);
	OK(vfsim_chdir(t, "/p/x/d"));
	OK(vfsim_umount2(t, "/p/x", MNT_DETACH));
	EXPECT(beneath("/b", "."), -EINVAL);
	OK(vfsim_chdir(t, ".."));
	EXPECT(beneath("/b", "."), -ENOENT);
	OK(vfsim_chdir(t, "/"));
	fx_tmpfs(t, "inside", "/p/x/s");
	OK(vfsim_chroot(u, "/p/x"));
	EXPECT(vfsim_move_mount(u, AT_FDCWD, "/s", AT_FDCWD, "/", MOVE_MOUNT_BENEATH), -EINVAL);
	vfsim_task_destroy(u);
}
