/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The mount attributes (patches 10 and 12; docs/fsinfo.md): MOUNT_INFO,
 * MOUNT_DEVNAME, MOUNT_POINT and MOUNT_CHILDREN, asked by mount ID for
 * every mount of the namespace and compared with the tree as
 * vfsim_for_each_mount() reports it, after each of a long run of mount,
 * bind, rbind, move, umount, lazy umount, propagation, remount, setattr
 * and automount operations.  Then the rules that depend on the caller's
 * root: parent_id and MOUNT_POINT in a chroot, from_id (the dominating
 * peer group), and MOUNT_POINT's "/" and -EPERM cases.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

static struct vfsim *v;
static struct vfsim_task *t;


/* ---- the tree as the query API sees it ----------------------------------- */

#define MAXM 64

struct snap {
	unsigned int n;
	struct vt_mount m[MAXM];
};

static int collect(const struct vfsim_mount_desc *d, void *arg)
{
	struct snap *s = arg;
	struct vt_mount *m;

	cr_assert_lt(s->n, MAXM);
	m = &s->m[s->n++];
	m->d = *d;
	snprintf(m->mountpoint, sizeof(m->mountpoint), "%s", d->mountpoint);
	snprintf(m->source, sizeof(m->source), "%s", d->source);
	return 0;
}

static const struct vt_mount *find(const struct snap *s, unsigned int id)
{
	unsigned int i;

	for (i = 0; i < s->n; i++)
		if (s->m[i].d.mnt_id == id)
			return &s->m[i];
	return NULL;
}

/* The mountpoint of @m relative to its parent's mountpoint. */
static void expected_mount_point(const struct snap *s, const struct vt_mount *m,
				 char *out, size_t len)
{
	const struct vt_mount *p = find(s, m->d.parent_id);
	size_t plen;

	cr_assert_not_null(p);
	plen = strcmp(p->mountpoint, "/") == 0 ? 0 : strlen(p->mountpoint);
	cr_assert_eq(strncmp(m->mountpoint, p->mountpoint, plen), 0);
	snprintf(out, len, "%s", m->mountpoint[plen] ? m->mountpoint + plen : "/");
}

/*
 * Every mount's four attributes, by ID, against the snapshot.  The caller's
 * root is the namespace root here.
 */
static void check_consistent(const char *when)
{
	static struct snap s;
	unsigned int i, j;

	s.n = 0;
	cr_assert_eq(vfsim_for_each_mount(t, collect, &s), 0);
	for (i = 0; i < s.n; i++) {
		const struct vt_mount *m = &s.m[i];
		struct fsinfo_mount_info mi;
		struct fsinfo_mount_child kids[MAXM + 1];
		char str[4096], want[4096];
		unsigned int id = m->d.mnt_id, nkids = 0;
		long size;

		EXPECT(vt_fsinfo_mnt(t, id, FSINFO_ATTR_MOUNT_INFO, &mi, sizeof(mi)),
		       sizeof(mi));
		cr_assert_eq(mi.mnt_id, id, "%s", when);
		cr_assert_eq(mi.parent_id, m->d.parent_id, "%s: %u", when, id);
		cr_assert_eq(mi.f_sb_id, m->d.sb_unique_id, "%s: %u", when, id);
		cr_assert_eq(mi.change_counter, m->d.change_counter, "%s: %u", when, id);
		cr_assert_eq(mi.attr, m->d.attr, "%s: %u attr %x/%x", when, id, mi.attr,
			     m->d.attr);
		cr_assert_eq(mi.propagation, m->d.propagation, "%s: %u", when, id);
		cr_assert_eq(mi.group_id, m->d.peer_group, "%s: %u", when, id);
		cr_assert_eq(mi.master_id, m->d.master, "%s: %u", when, id);
		cr_assert_eq(mi.from_id, 0, "%s: %u", when, id);

		size = vt_fsinfo_mnt(t, id, FSINFO_ATTR_MOUNT_DEVNAME, str, sizeof(str));
		EXPECT(size, strlen(m->source));
		cr_assert_eq(memcmp(str, m->source, (size_t)size), 0, "%s", when);

		size = vt_fsinfo_mnt(t, id, FSINFO_ATTR_MOUNT_POINT, str, sizeof(str));
		if (m->d.depth == 0) {
			EXPECT(size, -ENODATA);
		} else {
			expected_mount_point(&s, m, want, sizeof(want));
			/* the length counts the NUL (S8) */
			EXPECT(size, strlen(want) + 1);
			cr_assert_str_eq(str, want, "%s: %u", when, id);
		}

		size = vt_fsinfo_mnt(t, id, FSINFO_ATTR_MOUNT_CHILDREN, kids, sizeof(kids));
		cr_assert_gt(size, 0);
		for (j = 0; j < s.n; j++) {
			const struct vt_mount *c = &s.m[j];

			if (c->d.parent_id != id || c->d.mnt_id == id)
				continue;
			cr_assert_lt(nkids, (unsigned int)(size / 8) - 1, "%s: %u", when, id);
			cr_assert_eq(kids[nkids].mnt_id, c->d.mnt_id, "%s: child %u of %u",
				     when, nkids, id);
			cr_assert_eq(kids[nkids].change_counter, c->d.change_counter);
			nkids++;
		}
		/* and the trailing record for the mount itself (S9) */
		EXPECT(size, (nkids + 1) * sizeof(kids[0]));
		cr_assert_eq(kids[nkids].mnt_id, id);
		cr_assert_eq(kids[nkids].change_counter, m->d.change_counter);
	}
	cr_assert_eq(vt_check(v), 0, "%s", when);
}

#define STEP(expr) do { EXPECT(expr, 0); check_consistent(#expr); } while (0)

/*
 * The run builds, and then takes apart:
 *
 *   /                       rootfs
 *   |-/a                    tmpfs "a"        shared
 *   |  |-/a/x               tmpfs "x"
 *   |  `-/a/auto            automount (tmpfs "auto"), once walked into
 *   |-/b                    bind of /a       shared peer, then slave
 *   |  `-/b/x               propagated
 *   |-/c                    rbind of /a/x    unbindable later
 *   |-/d                    tmpfs "d" moved to /e and back
 *   `-/s                    tmpfs "s" with "s2" stacked on it
 */
VT_TEST(fsinfo_mount_attrs, consistent_with_the_tree_at_every_step, "empty", NULL)
{
	static const char *const dirs[] = { "/a", "/b", "/c", "/d", "/e", "/s" };
	size_t i;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		EXPECT(vfsim_mkdirat(t, AT_FDCWD, dirs[i], 0755), 0);
	check_consistent("boot");
	STEP(vfsim_mount(t, "a", "/a", "tmpfs", MS_NOSUID | MS_NODEV, NULL));
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a/x", 0755), 0);
	STEP(vfsim_mount(t, NULL, "/a", NULL, MS_SHARED, NULL));
	STEP(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
	STEP(vfsim_mount(t, "x", "/a/x", "tmpfs", MS_NOATIME, NULL));
	STEP(vfsim_mount(t, NULL, "/b", NULL, MS_SLAVE, NULL));
	STEP(vfsim_mount(t, "/a/x", "/c", NULL, MS_BIND | MS_REC, NULL));
	STEP(vfsim_mount(t, NULL, "/c", NULL, MS_UNBINDABLE, NULL));
	STEP(vfsim_mount(t, "d", "/d", "tmpfs", MS_RDONLY | MS_NOEXEC, NULL));
	STEP(vfsim_mount(t, "/d", "/e", NULL, MS_MOVE, NULL));
	STEP(vfsim_mount(t, "/e", "/d", NULL, MS_MOVE, NULL));
	STEP(vfsim_mount(t, "s", "/s", "tmpfs", 0, NULL));
	STEP(vfsim_mount(t, "s2", "/s", "tmpfs", MS_STRICTATIME, NULL));
	STEP(vfsim_mount(t, "none", "/d", NULL, MS_REMOUNT, NULL));
	STEP(vfsim_mount(t, "none", "/s", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY |
			 MS_NODIRATIME, NULL));
	STEP(vfsim_mkautomount(t, "/a/auto", "tmpfs", "auto", NULL));
	cr_assert_gt(vfsim_path_mnt_id(t, "/a/auto/"), 0);
	check_consistent("automount");
	STEP(vfsim_mount(t, NULL, "/b", NULL, MS_SHARED, NULL));
	STEP(vfsim_mount(t, NULL, "/a", NULL, MS_PRIVATE | MS_REC, NULL));
	STEP(vfsim_umount2(t, "/s", 0));
	STEP(vfsim_umount2(t, "/b/x", 0));
	STEP(vfsim_umount2(t, "/a", MNT_DETACH));
	STEP(vfsim_umount2(t, "/s", 0));
	STEP(vfsim_umount2(t, "/c", 0));
}

VT_TEST(fsinfo_mount_attrs, change_counters_move, "empty", NULL)
{
	struct fsinfo_mount_info mi;
	struct fsinfo_mount_child kids[4];
	struct vt_mount m;

	fx_tmpfs(t, "a", "/a");
	cr_assert_eq(vt_mount_at(t, "/a", &m), 0);
	EXPECT(vt_fsinfo_mnt(t, m.d.mnt_id, FSINFO_ATTR_MOUNT_INFO, &mi, sizeof(mi)),
	       sizeof(mi));
	cr_assert_eq(mi.change_counter, 0);
	/* a mount made on it counts as a change of it */
	fx_tmpfs(t, "k", "/a/k");
	EXPECT(vfsim_umount2(t, "/a/k", 0), 0);
	/* and so does a change of its own attributes */
	EXPECT(vfsim_mount(t, "none", "/a", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), 0);
	EXPECT(vt_fsinfo_mnt(t, m.d.mnt_id, FSINFO_ATTR_MOUNT_CHILDREN, kids, sizeof(kids)),
	       8);
	cr_assert_eq(kids[0].mnt_id, m.d.mnt_id);
	cr_assert_geq(kids[0].change_counter, 3);
	EXPECT(vt_fsinfo_mnt(t, m.d.mnt_id, FSINFO_ATTR_MOUNT_INFO, &mi, sizeof(mi)),
	       sizeof(mi));
	cr_assert_eq(mi.change_counter, kids[0].change_counter);
	cr_assert_eq(mi.attr, 0x01);	/* MOUNT_ATTR_RDONLY, relatime */
}

/*
 *   /                  rootfs (1)
 *   |-/x/a             tmpfs "a" (2)    shared:1
 *   |-/y/b             bind of /x/a (3)  shared:2, master 1
 *   `-/x/c             bind of /y/b (4)  slave of 2
 * A task chrooted to /x sees /x/a and /x/c but not /y/b: /x/c's master (2)
 * has no peer it can see, so its propagation comes "from" group 1.
 */
VT_TEST(fsinfo_mount_attrs, from_id_and_chroot, "empty", NULL)
{
	struct vfsim_task *u;
	struct fsinfo_mount_info mi;
	char mp[64];
	long fd;

	fx_dirs(t, "/x/a", "/x/c", "/y/b", NULL);
	EXPECT(vfsim_mount(t, "a", "/x/a", "tmpfs", 0, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/x/a", NULL, MS_SHARED, NULL), 0);
	EXPECT(vfsim_mount(t, "/x/a", "/y/b", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/y/b", NULL, MS_SLAVE, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/y/b", NULL, MS_SHARED, NULL), 0);
	EXPECT(vfsim_mount(t, "/y/b", "/x/c", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_mount(t, NULL, "/x/c", NULL, MS_SLAVE, NULL), 0);

	/* from the namespace root the master itself is visible */
	EXPECT(vt_fsinfo(t, "/x/c", FSINFO_ATTR_MOUNT_INFO, 0, 0, &mi, sizeof(mi)),
	       sizeof(mi));
	cr_assert_eq(mi.master_id, 2);
	cr_assert_eq(mi.from_id, 0);
	cr_assert_eq(mi.propagation, 0x2);
	EXPECT(vt_fsinfo(t, "/y/b", FSINFO_ATTR_MOUNT_INFO, 0, 0, &mi, sizeof(mi)),
	       sizeof(mi));
	cr_assert_eq(mi.group_id, 2);
	cr_assert_eq(mi.master_id, 1);
	cr_assert_eq(mi.propagation, 0x6);	/* shared and slave */

	u = vt_task(v, 0, 1);
	fd = vfsim_openat(u, AT_FDCWD, "/y/b", O_PATH, 0);
	cr_assert_geq(fd, 0);
	EXPECT(vfsim_chroot(u, "/x"), 0);
	EXPECT(vt_fsinfo(u, "/c", FSINFO_ATTR_MOUNT_INFO, 0, 0, &mi, sizeof(mi)),
	       sizeof(mi));
	cr_assert_eq(mi.mnt_id, 4);
	cr_assert_eq(mi.master_id, 2);
	cr_assert_eq(mi.from_id, 1);
	/* the parent (the root mount) is above the chroot, but connected */
	cr_assert_eq(mi.parent_id, 1);
	/* the parent is the caller's root mount: relative to the caller's root */
	EXPECT(vt_fsinfo(u, "/c", FSINFO_ATTR_MOUNT_POINT, 0, 0, mp, sizeof(mp)), 3);
	cr_assert_str_eq(mp, "/c");

	/* /y/b through the fd opened before the chroot: not connected to the
	 * caller's root, so its parent is not named and its mount point is
	 * out of sight */
	{
		struct fsinfo_params p = {
			.flags = FSINFO_FLAGS_QUERY_FD,
			.request = FSINFO_ATTR_MOUNT_INFO,
		};

		EXPECT(vfsim_fsinfo(u, (int)fd, NULL, &p, &mi, sizeof(mi)), sizeof(mi));
		cr_assert_eq(mi.mnt_id, 3);
		cr_assert_eq(mi.parent_id, 3);
		p.request = FSINFO_ATTR_MOUNT_POINT;
		EXPECT(vfsim_fsinfo(u, (int)fd, NULL, &p, mp, sizeof(mp)), -EPERM);
	}
	EXPECT(vfsim_close(u, (int)fd), 0);
	vfsim_task_destroy(u);
}

VT_TEST(fsinfo_mount_attrs, callers_root_mount, "empty", NULL)
{
	struct vfsim_task *u;
	struct fsinfo_mount_info mi;
	char mp[64];

	fx_tmpfs(t, "r", "/r");
	fx_tmpfs(t, "in", "/r/in");
	u = vt_task(v, 0, 1);
	EXPECT(vfsim_chroot(u, "/r"), 0);
	/* the caller's root mount: its own parent, mounted at "/" (no NUL) */
	EXPECT(vt_fsinfo(u, "/", FSINFO_ATTR_MOUNT_INFO, 0, 0, &mi, sizeof(mi)), sizeof(mi));
	cr_assert_eq(mi.parent_id, mi.mnt_id);
	memset(mp, 0xbd, sizeof(mp));
	EXPECT(vt_fsinfo(u, "/", FSINFO_ATTR_MOUNT_POINT, 0, 0, mp, sizeof(mp)), 1);
	cr_assert_eq(mp[0], '/');
	cr_assert_eq((unsigned char)mp[1], 0xbd);
	/* below it, as anywhere */
	EXPECT(vt_fsinfo(u, "/in", FSINFO_ATTR_MOUNT_POINT, 0, 0, mp, sizeof(mp)), 4);
	cr_assert_str_eq(mp, "/in");
	EXPECT(vt_fsinfo(u, "/in", FSINFO_ATTR_MOUNT_INFO, 0, 0, &mi, sizeof(mi)), sizeof(mi));
	cr_assert_neq(mi.parent_id, mi.mnt_id);
	vfsim_task_destroy(u);
}

VT_TEST(fsinfo_mount_attrs, stacked_on_the_parents_root, "empty", NULL)
{
	char mp[16];

	fx_tmpfs(t, "s", "/s");
	EXPECT(vfsim_mount(t, "s2", "/s", "tmpfs", 0, NULL), 0);
	/* mounted on the root of its parent: "/" and its NUL */
	EXPECT(vt_fsinfo(t, "/s", FSINFO_ATTR_MOUNT_POINT, 0, 0, mp, sizeof(mp)), 2);
	cr_assert_str_eq(mp, "/");
}

VT_TEST(fsinfo_mount_attrs, mount_at_a_subdirectory_bind, "empty", NULL)
{
	char mp[64];

	/* a bind of a subdirectory as the parent: the child's mount point is
	 * relative to that bind's root, not to its filesystem's */
	EXPECT(vt_mkdir_p(t, "/src/sub/deep", 0755), 0);
	EXPECT(vfsim_mount(t, "src", "/src", "tmpfs", 0, NULL), 0);
	EXPECT(vt_mkdir_p(t, "/src/sub/deep", 0755), 0);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/bnd", 0755), 0);
	EXPECT(vfsim_mount(t, "/src/sub", "/bnd", NULL, MS_BIND, NULL), 0);
	EXPECT(vfsim_mount(t, "deep", "/bnd/deep", "tmpfs", 0, NULL), 0);
	EXPECT(vt_fsinfo(t, "/bnd/deep", FSINFO_ATTR_MOUNT_POINT, 0, 0, mp, sizeof(mp)), 6);
	cr_assert_str_eq(mp, "/deep");
	EXPECT(vt_fsinfo(t, "/bnd", FSINFO_ATTR_MOUNT_DEVNAME, 0, 0, mp, sizeof(mp)), 3);
	cr_assert_eq(memcmp(mp, "src", 3), 0);
}
