/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Mount propagation (vfs/pnode.c, fs/pnode.c of Linux 5.6): shared, slave,
 * private and unbindable mounts; new mounts and umounts propagating to
 * peers and slaves and not back from slaves; binds of unbindable mounts;
 * peer group IDs.
 *
 * Checked on Linux 6.18 (unshare -m, fresh tmpfs), same trees: a mount on
 * a shared mount appears on its peer (shared, a new group) and on its
 * slave (master: that group); a mount on the slave stays there; umount of
 * the copy on a peer takes the original too; umount while the slave's
 * copy is open EBUSY; umount when the slave's copy has a submount takes
 * the original and the peer's copy and leaves the slave's copy (now
 * private) with its submount; MS_SLAVE on a lone shared mount makes it
 * private; bind of an unbindable mount EINVAL; an rbind leaves unbindable
 * submounts out.  Peer group IDs are global on Linux, so "smallest free"
 * was not checked there: it is the IDA the kernel uses (mnt_group_ida).
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

/* The common start: fx_peers_and_slave (common/fixtures.h), a shared
 * mount /a (2), its peer /b (3) and its slave /s (4). */
static void peers(struct vfsim *v)
{
	fx_peers_and_slave(v);
	cr_assert(vt_tree_is(vfsim_init_task(v), VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /a tmpfs a shared:1\n"
		         "3 1 /b tmpfs a shared:1\n"
		         "4 1 /s tmpfs a master:1\n"));
}

/*
 * After the mounts below:
 *   /              rootfs (1)
 *   |-/a           (2) shared:1
 *   |  |-/a/x      tmpfs "x" (5) shared:2
 *   |  `-/a/y      copy of "y" (9) shared:3
 *   |-/b           (3) shared:1
 *   |  |-/b/x      copy of "x" (6) shared:2
 *   |  `-/b/y      tmpfs "y" (8) shared:3
 *   `-/s           (4) master:1
 *      |-/s/x      copy of "x" (7) master:2
 *      |-/s/y      copy of "y" (10) master:3
 *      `-/s/z      tmpfs "z" (11), private: not propagated back
 */
VT_TEST(vfs_propagation, peers_and_slaves, "empty", peers)
{
	EXPECT(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /a tmpfs a shared:1\n"
		         "5 2 /a/x tmpfs x shared:2\n"
		         "3 1 /b tmpfs a shared:1\n"
		         "6 3 /b/x tmpfs x shared:2\n"
		         "4 1 /s tmpfs a master:1\n"
		         "7 4 /s/x tmpfs x master:2\n"));
	/* from a peer back to the original */
	EXPECT(vfsim_mount(t, "y", "/b/y", "tmpfs", 0, NULL), 0);
	/* a mount on the slave does not go back */
	EXPECT(vfsim_mount(t, "z", "/s/z", "tmpfs", 0, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /a tmpfs a shared:1\n"
		         "5 2 /a/x tmpfs x shared:2\n"
		         "9 2 /a/y tmpfs y shared:3\n"
		         "3 1 /b tmpfs a shared:1\n"
		         "6 3 /b/x tmpfs x shared:2\n"
		         "8 3 /b/y tmpfs y shared:3\n"
		         "4 1 /s tmpfs a master:1\n"
		         "7 4 /s/x tmpfs x master:2\n"
		         "10 4 /s/y tmpfs y master:3\n"
		         "11 4 /s/z tmpfs z private\n"));
	/* all copies share the superblock of the original */
	{
		struct vt_mount m1, m2;

		cr_assert_eq(vt_mount_at(t, "/a/x", &m1), 0);
		cr_assert_eq(vt_mount_at(t, "/s/x", &m2), 0);
		cr_assert_eq(m1.d.sb_unique_id, m2.d.sb_unique_id);
	}
	/* and they show the same files */
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/s/x/seen", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a/x/seen", 0755), -EEXIST);

	/* umount propagates: from a peer, to the original and the slave */
	EXPECT(vfsim_umount2(t, "/b/x", 0), 0);
	/* not back from a slave */
	EXPECT(vfsim_umount2(t, "/s/y", 0), 0);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /a tmpfs a shared:1\n"
		         "9 2 /a/y tmpfs y shared:3\n"
		         "3 1 /b tmpfs a shared:1\n"
		         "8 3 /b/y tmpfs y shared:3\n"
		         "4 1 /s tmpfs a master:1\n"
		         "11 4 /s/z tmpfs z private\n"));
}

/*
 *   /              rootfs (1)
 *   |-/a           (2) shared:1
 *   |  `-/a/x      tmpfs "x" (5) shared:2
 *   |-/b           (3) shared:1
 *   |  `-/b/x      copy (6) shared:2
 *   `-/s           (4) master:1
 *      `-/s/x      copy (7) master:2, busy, then with a submount
 *         `-/s/x/c tmpfs "c" (8)
 */
VT_TEST(vfs_propagation, umount_of_busy_or_covered_copies, "empty", peers)
{
	long fd;

	EXPECT(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL), 0);
	/* an open fd on the slave's copy makes the original busy */
	fd = vfsim_openat(t, AT_FDCWD, "/s/x", O_PATH | O_DIRECTORY, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_umount2(t, "/a/x", 0), -EBUSY);
	EXPECT(vfsim_close(t, (int)fd), 0);
	/* a submount on the slave's copy: the original and the peer's copy
	 * go, the slave's copy stays with its submount, now private */
	fx_tmpfs(t, "c", "/s/x/c");
	EXPECT(vfsim_umount2(t, "/a/x", 0), 0);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /a tmpfs a shared:1\n"
		         "3 1 /b tmpfs a shared:1\n"
		         "4 1 /s tmpfs a master:1\n"
		         "7 4 /s/x tmpfs x private\n"
		         "8 7 /s/x/c tmpfs c private\n"));
	/* group 2 is free again */
	EXPECT(vfsim_mount(t, NULL, "/s/x", NULL, MS_SHARED, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP | VT_NOID,
		         "/ rootfs rootfs private\n"
		         "/a tmpfs a shared:1\n"
		         "/b tmpfs a shared:1\n"
		         "/s tmpfs a master:1\n"
		         "/s/x tmpfs x shared:2\n"
		         "/s/x/c tmpfs c private\n"));
}

/*
 *   /                rootfs (1)
 *   |-/u             tmpfs "u" (2), with /u/q
 *   |  `-/u/q        tmpfs "q" (3), unbindable
 *   |-/t1            bind target
 *   |-/sh            tmpfs "sh" (4), shared
 *   `-/t2            rbind of /u (5): /t2/q left out
 */
VT_TEST(vfs_propagation, unbindable, "empty", NULL)
{
	EXPECT(vt_mkdir_p(t, "/t1", 0755), 0);
	EXPECT(vt_mkdir_p(t, "/t2", 0755), 0);
	fx_tmpfs(t, "u", "/u");
	fx_tmpfs(t, "q", "/u/q");
	EXPECT(vt_mkdir_p(t, "/u/q/deep", 0755), 0);
	EXPECT(vfsim_mount(t, NULL, "/u/q", NULL, MS_UNBINDABLE, NULL), 0);
	fx_tmpfs(t, "sh", "/sh");
	EXPECT(vfsim_mount(t, NULL, "/sh", NULL, MS_SHARED, NULL), 0);

	EXPECT(vfsim_mount(t, "/u/q", "/t1", NULL, MS_BIND, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "/u/q", "/t1", NULL, MS_BIND | MS_REC, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "/u", "/t2", NULL, MS_BIND | MS_REC, NULL), 0);
	/* moving a tree with an unbindable mount under a shared one */
	EXPECT(vt_mkdir_p(t, "/sh/in", 0755), 0);
	EXPECT(vfsim_mount(t, "/u", "/sh/in", NULL, MS_MOVE, NULL), -EINVAL);
	EXPECT(vfsim_mount(t, "/u/q", "/sh/in", NULL, MS_MOVE, NULL), -EINVAL);
	cr_assert(vt_tree_is(t, VT_PROP,
		         "1 1 / rootfs rootfs private\n"
		         "2 1 /u tmpfs u private\n"
		         "3 2 /u/q tmpfs q unbindable\n"
		         "4 1 /sh tmpfs sh shared:1\n"
		         "5 1 /t2 tmpfs u private\n"));
	/* unbindable -> private makes it bindable again */
	EXPECT(vfsim_mount(t, NULL, "/u/q", NULL, MS_PRIVATE, NULL), 0);
	EXPECT(vfsim_mount(t, "/u/q", "/t1", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_path_mnt_id(t, "/t1/deep"), 6);
}

/*
 *   /              rootfs (1)
 *   |-/a           tmpfs "a" (2)
 *   |-/b           tmpfs "b" (3)
 *   `-/c           tmpfs "c" (4)
 */
/* The peer group ID of the mount at @path (0: none). */
static unsigned int group_of(const char *path)
{
	struct vt_mount m;

	cr_assert_eq(vt_mount_at(t, path, &m), 0, "%s", path);
	return m.d.peer_group;
}

VT_TEST(vfs_propagation, peer_group_ids, "empty", NULL)
{
	fx_tmpfs(t, "a", "/a");
	fx_tmpfs(t, "b", "/b");
	fx_tmpfs(t, "c", "/c");
	EXPECT(vt_mkdir_p(t, "/d", 0755), 0);

	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_SHARED, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/b", NULL, MS_SHARED, NULL), 0);
	/* making a shared mount shared again keeps its group */
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_SHARED, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP | VT_NOID,
		         "/ rootfs rootfs private\n"
		         "/a tmpfs a shared:1\n"
		         "/b tmpfs b shared:2\n"
		         "/c tmpfs c private\n"));
	/* the group of /a dies: 1 is the smallest free */
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_PRIVATE, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/c", NULL, MS_SHARED, NULL), 0);
	cr_assert_eq(group_of("/c"), 1);
	/* a group lives while one peer does */
	EXPECT(vfsim_mount(t, "/c", "/d", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_umount2(t, "/c", 0), 0);
	cr_assert_eq(group_of("/d"), 1);
	EXPECT(vfsim_mount(t, NULL, "/a", NULL, MS_SHARED, NULL), 0);
	cr_assert_eq(group_of("/a"), 3);
	/* ... and dies with the last: umount releases the ID */
	EXPECT(vfsim_umount2(t, "/d", 0), 0);
	EXPECT(vfsim_umount2(t, "/b", 0), 0);
	EXPECT(vfsim_mount(t, "c", "/c", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/c", NULL, MS_SHARED, NULL), 0);
	cr_assert_eq(group_of("/c"), 1);
	EXPECT(vfsim_mount(t, "b", "/b", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/b", NULL, MS_SHARED, NULL), 0);
	cr_assert_eq(group_of("/b"), 2);
}

/*
 *   /              rootfs (1)
 *   |-/l           tmpfs "l" (2): shared, then slave -> private
 *   |-/m           tmpfs "m" (3), shared:1 ... master of /n
 *   `-/n           bind of /m (4), slave, then also shared
 */
VT_TEST(vfs_propagation, make_slave, "empty", NULL)
{
	EXPECT(vt_mkdir_p(t, "/n", 0755), 0);
	fx_tmpfs(t, "l", "/l");
	/* a lone shared mount made a slave has no master: private */
	EXPECT(vfsim_mount(t, NULL, "/l", NULL, MS_SHARED, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/l", NULL, MS_SLAVE, NULL), 0);
	/* a private one made a slave stays private */
	fx_tmpfs(t, "m", "/m");
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_SLAVE, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP | VT_NOID,
		         "/ rootfs rootfs private\n"
		         "/l tmpfs l private\n"
		         "/m tmpfs m private\n"));
	/* the group ID of /l was released */
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_SHARED, NULL), 0);
	EXPECT(vfsim_mount(t, "/m", "/n", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/n", NULL, MS_SLAVE, NULL), 0);
	/* a slave can be shared as well: a new group, the master kept */
	EXPECT(vfsim_mount(t, NULL, "/n", NULL, MS_SHARED, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP | VT_NOID,
		         "/ rootfs rootfs private\n"
		         "/l tmpfs l private\n"
		         "/m tmpfs m shared:1\n"
		         "/n tmpfs m shared:2 master:1\n"));
	/* the master going private frees its slave */
	EXPECT(vfsim_mount(t, NULL, "/m", NULL, MS_PRIVATE, NULL), 0);
	cr_assert(vt_tree_is(t, VT_PROP | VT_NOID,
		         "/ rootfs rootfs private\n"
		         "/l tmpfs l private\n"
		         "/m tmpfs m private\n"
		         "/n tmpfs m shared:2\n"));
}

/*
 *   /                 rootfs (1)
 *   `-/r              tmpfs "r" (2)
 *      |-/r/p         tmpfs "p" (3)
 *      |  `-/r/p/q    tmpfs "q" (4)
 *      `-/r/o         tmpfs "o" (5)
 */
/* A change of propagation and the tree it leaves, for a table. */
struct prop_step {
	const char *path;
	unsigned long flags;
	unsigned int what;	/* for vt_tree() */
	const char *tree;
};

static void prop_steps(const struct prop_step *steps, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		EXPECT(vfsim_mount(t, NULL, steps[i].path, NULL, steps[i].flags, NULL), 0);
		cr_assert(vt_tree_is(t, steps[i].what, steps[i].tree), "step %zu", i);
	}
}

VT_TEST(vfs_propagation, recursive_changes, "empty", NULL)
{
	static const struct prop_step steps[] = {
		/* without MS_REC only the mount itself */
		{ "/r/p", MS_SHARED, VT_PROP,
		  "1 1 / rootfs rootfs private\n"
		  "2 1 /r tmpfs r private\n"
		  "3 2 /r/p tmpfs p shared:1\n"
		  "4 3 /r/p/q tmpfs q private\n"
		  "5 2 /r/o tmpfs o private\n" },
		/* with MS_REC everything below, each its own group, in tree
		 * order; /r/p keeps its group */
		{ "/r", MS_SHARED | MS_REC, VT_PROP,
		  "1 1 / rootfs rootfs private\n"
		  "2 1 /r tmpfs r shared:2\n"
		  "3 2 /r/p tmpfs p shared:1\n"
		  "4 3 /r/p/q tmpfs q shared:3\n"
		  "5 2 /r/o tmpfs o shared:4\n" },
		{ "/r/p", MS_PRIVATE | MS_REC, VT_PROP,
		  "1 1 / rootfs rootfs private\n"
		  "2 1 /r tmpfs r shared:2\n"
		  "3 2 /r/p tmpfs p private\n"
		  "4 3 /r/p/q tmpfs q private\n"
		  "5 2 /r/o tmpfs o shared:4\n" },
		{ "/r", MS_UNBINDABLE | MS_REC, VT_PROP | VT_NOID,
		  "/ rootfs rootfs private\n"
		  "/r tmpfs r unbindable\n"
		  "/r/p tmpfs p unbindable\n"
		  "/r/p/q tmpfs q unbindable\n"
		  "/r/o tmpfs o unbindable\n" },
		/* all groups gone: the next is 1 */
		{ "/r/o", MS_SHARED, VT_PROP | VT_NOID,
		  "/ rootfs rootfs private\n"
		  "/r tmpfs r unbindable\n"
		  "/r/p tmpfs p unbindable\n"
		  "/r/p/q tmpfs q unbindable\n"
		  "/r/o tmpfs o shared:1\n" },
	};

	fx_tmpfs(t, "r", "/r");
	fx_tmpfs(t, "p", "/r/p");
	fx_tmpfs(t, "q", "/r/p/q");
	fx_tmpfs(t, "o", "/r/o");
	prop_steps(steps, sizeof(steps) / sizeof(steps[0]));
}
