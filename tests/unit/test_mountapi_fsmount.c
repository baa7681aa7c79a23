// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsmount() and move_mount(): a detached mount from an fs_context, its
 * MOUNT_ATTR_* flags, its end on close, and move_mount() with every flag
 * but MOVE_MOUNT_BENEATH (test_mountapi_beneath.c), with
 * v17's records where the seed posts them (NEW_MOUNT from
 * attach_recursive_mnt() for a detached tree, MOVE_FROM and MOVE_TO for
 * an attached mount).
 *
 *   /            rootfs
 *   |-/m         (directory; fsmount()ed trees go here)
 *   `-/n         (directory)
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
#include "common/notifytest.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static struct vfsim *v;
static struct vfsim_task *t;

static void dirs(struct vfsim *vm)
{
	fx_dirs(vfsim_init_task(vm), "/m", "/n", "/f", NULL);
	OK(vfsim_openat(vfsim_init_task(vm), AT_FDCWD, "/file", O_CREAT | O_RDONLY, 0644));
	OK(vfsim_close(vfsim_init_task(vm), 3));
}

/* A created tmpfs context, source @src. */
static int created(const char *src)
{
	long f = vfsim_fsopen(t, "tmpfs", 0);

	OK(f);
	OK(vfsim_fsconfig(t, (int)f, FSCONFIG_SET_STRING, "source", src, 0));
	OK(vfsim_fsconfig(t, (int)f, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	return (int)f;
}

VT_TEST(fsmount, refusals, "empty", dirs)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	long dfd = vfsim_openat(t, AT_FDCWD, "/", O_RDONLY, 0);
	int f = (int)vfsim_fsopen(t, "tmpfs", 0);

	EXPECT(vfsim_fsmount(u, f, 0, 0), -EPERM);
	EXPECT(vfsim_fsmount(t, f, 2, 0), -EINVAL);
	EXPECT(vfsim_fsmount(t, f, 0, 0x30), -EINVAL);
	EXPECT(vfsim_fsmount(t, f, 0, 0x40), -EINVAL);
	EXPECT(vfsim_fsmount(t, f, 0, MOUNT_ATTR_IDMAP), -EINVAL);
	EXPECT(vfsim_fsmount(t, f, 0, 0x100), -EINVAL);
	EXPECT(vfsim_fsmount(t, 100, 0, 0), -EBADF);
	EXPECT(vfsim_fsmount(t, (int)dfd, 0, 0), -EINVAL);
	/* no superblock yet */
	EXPECT(vfsim_fsmount(t, f, 0, 0), -EINVAL);
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	{
		long m = vfsim_fsmount(t, f, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOEXEC);
		char c;

		OK(m);
		/* mounted once: the context waits for a reconfiguration */
		EXPECT(vfsim_fsmount(t, f, 0, 0), -EBUSY);
		/* the mount fd is O_PATH: no read, no fs_context */
		EXPECT(vfsim_read(t, (int)m, &c, 1), -EBADF);
		EXPECT(vfsim_fsmount(t, (int)m, 0, 0), -EBADF);
		EXPECT(vfsim_fsconfig(t, (int)m, FSCONFIG_CMD_CREATE, NULL, NULL, 0), -EBADF);
		OK(vfsim_close(t, (int)m));
	}
	OK(vfsim_close(t, f));
	OK(vfsim_close(t, (int)dfd));
	vfsim_task_destroy(u);
}

/* Every attribute and atime setting shows in the attached mount. */
VT_TEST(fsmount, attributes, "empty", dirs)
{
	static const struct {
		unsigned int attr;
		const char *want;
	} cases[] = {
		{ 0, "/m tmpfs s rw" },
		{ MOUNT_ATTR_RDONLY, "/m tmpfs s ro" },
		{ MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC,
		  "/m tmpfs s rw,nosuid,nodev,noexec" },
		{ MOUNT_ATTR_NOATIME, "/m tmpfs s rw,noatime" },
		{ MOUNT_ATTR_STRICTATIME, "/m tmpfs s rw,strictatime" },
		{ MOUNT_ATTR_NODIRATIME, "/m tmpfs s rw,nodiratime" },
	};
	char want[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		int f = created("s");
		long m = vfsim_fsmount(t, f, 0, cases[i].attr);

		OK(m);
		OK(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/m", MOVE_MOUNT_F_EMPTY_PATH));
		snprintf(want, sizeof(want), "/ rootfs rootfs rw\n%s\n", cases[i].want);
		cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR, want), "case %zu", i);
		OK(vfsim_close(t, (int)m));
		OK(vfsim_close(t, f));
		OK(vfsim_umount2(t, "/m", 0));
	}
}

/* MOUNT_ATTR_NOSYMFOLLOW (5.10): symlinks on the mount are not followed. */
VT_TEST(fsmount, nosymfollow, "empty", dirs)
{
	int f = created("s");
	long m = vfsim_fsmount(t, f, 0, MOUNT_ATTR_NOSYMFOLLOW);
	char buf[4096];

	OK(m);
	OK(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/m", MOVE_MOUNT_F_EMPTY_PATH));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/d", 0755));
	OK(vfsim_symlinkat(t, "/m/d", AT_FDCWD, "/m/l"));
	EXPECT(vfsim_chdir(t, "/m/l"), -ELOOP);
	OK(vfsim_chdir(t, "/m/d"));
	OK(vfsim_chdir(t, "/"));
	OK(vfsim_mountinfo(t, buf, sizeof(buf)));
	cr_assert(strstr(buf, "/m rw,relatime,nosymfollow "), "%s", buf);
	cr_assert(vt_tree_is(t, VT_NOID | VT_ATTR, "/ rootfs rootfs rw\n/m tmpfs s rw\n"));
	OK(vfsim_close(t, (int)m));
	OK(vfsim_close(t, f));
}

/* The detached mount is freed with its fd, superblock and all. */
VT_TEST(fsmount, closed_unattached, "empty", dirs)
{
	int f = created("s");
	long m = vfsim_fsmount(t, f, 0, 0);

	OK(m);
	OK(vfsim_close(t, f));
	cr_assert_eq(vt_count_mounts(t), 1);
	cr_assert_eq(vt_check(v), 0, "invariants with a detached mount");
	OK(vfsim_close(t, (int)m));
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n"));
}

/* After fsmount() the context reconfigures the superblock it made. */
VT_TEST(fsmount, context_then_reconfigures, "empty", dirs)
{
	int f = created("s");
	long m = vfsim_fsmount(t, f, 0, 0);

	OK(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/m", MOVE_MOUNT_F_EMPTY_PATH));
	OK(vfsim_close(t, (int)m));
	OK(vfsim_fsconfig(t, f, FSCONFIG_SET_FLAG, "ro", NULL, 0));
	OK(vfsim_fsconfig(t, f, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0));
	cr_assert(vt_tree_is(t, VT_NOID | VT_SB, "/ rootfs rootfs sb=rw\n/m tmpfs s sb=ro\n"));
	OK(vfsim_close(t, f));
}

VT_TEST(move_mount, refusals, "empty", dirs)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int f = created("s");
	long m = vfsim_fsmount(t, f, 0, 0);

	EXPECT(vfsim_move_mount(u, (int)m, "", AT_FDCWD, "/m", MOVE_MOUNT_F_EMPTY_PATH), -EPERM);
	EXPECT(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/m", 0x1000), -EINVAL);
	EXPECT(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/m",
				MOVE_MOUNT_BENEATH | MOVE_MOUNT_SET_GROUP), -EINVAL);
	EXPECT(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/m", 0), -ENOENT);
	EXPECT(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/nonexist",
				MOVE_MOUNT_F_EMPTY_PATH), -ENOENT);
	EXPECT(vfsim_move_mount(t, 100, "", AT_FDCWD, "/m", MOVE_MOUNT_F_EMPTY_PATH), -EBADF);
	/* a directory onto a file */
	EXPECT(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/file", MOVE_MOUNT_F_EMPTY_PATH),
	       -EINVAL);
	/* not a mount's root, not mounted anywhere */
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/m", AT_FDCWD, "/n", 0), -EINVAL);
	/* the root of the namespace is locked */
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/", AT_FDCWD, "/n", 0), -EINVAL);
	/* into itself */
	OK(vfsim_mkdirat(t, (int)m, "d", 0755));
	EXPECT(vfsim_move_mount(t, (int)m, "", (int)m, "d",
				MOVE_MOUNT_F_EMPTY_PATH), -EINVAL);
	OK(vfsim_close(t, (int)m));
	OK(vfsim_close(t, f));
	vfsim_task_destroy(u);
}

/*
 * The attach posts NEW_MOUNT where the seed does; a later move posts
 * MOVE_FROM and MOVE_TO.  The watch is on / (ID 1).
 */
VT_TEST(move_mount, notifications, "empty", dirs)
{
	int p[2];
	int f = created("s");
	long m = vfsim_fsmount(t, f, 0, MOUNT_ATTR_RDONLY);
	unsigned int id;

	nt_pipe(t, 32, p);
	OK(vfsim_watch_mount(t, AT_FDCWD, "/", 0, p[0], 1));
	OK(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/m", MOVE_MOUNT_F_EMPTY_PATH));
	id = nt_mnt_id(t, "/m");
	cr_assert(nt_records_are(t, p[0], "mount new_mount id=1 triggered_on=1 changed_mount=%u\n", id));
	/* the fd names the attached mount now: moving it is a move */
	OK(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/n", MOVE_MOUNT_F_EMPTY_PATH));
	cr_assert(nt_records_are(t, p[0],
				 "mount move_from id=1 triggered_on=1 changed_mount=%u\n"
				 "mount move_to id=1 triggered_on=1 changed_mount=%u\n", id, id));
	OK(vfsim_close(t, (int)m));
	/* closing the fd of an attached mount leaves it */
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n/n tmpfs s\n"));
	/* by path, with the symlink and automount flags */
	OK(vfsim_symlinkat(t, "/n", AT_FDCWD, "/ln"));
	OK(vfsim_move_mount(t, AT_FDCWD, "/ln", AT_FDCWD, "/m",
			    MOVE_MOUNT_F_SYMLINKS | MOVE_MOUNT_F_AUTOMOUNTS |
			    MOVE_MOUNT_T_SYMLINKS | MOVE_MOUNT_T_AUTOMOUNTS));
	nt_discard(t, p[0]);
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n/m tmpfs s\n"));
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/ln", AT_FDCWD, "/n", 0), -EINVAL);
	OK(vfsim_close(t, f));
	OK(vfsim_close(t, p[0]));
	OK(vfsim_close(t, p[1]));
}

/* Onto a shared mount: the detached tree propagates to the peers. */
VT_TEST(move_mount, propagates, "empty", dirs)
{
	int f = created("s");
	long m = vfsim_fsmount(t, f, 0, 0);

	fx_shared_bind(t, "a", "/a", "/b", 0, 0);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a/x", 0755));
	OK(vfsim_move_mount(t, (int)m, "", AT_FDCWD, "/a/x", MOVE_MOUNT_F_EMPTY_PATH));
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n"
			     "/a tmpfs a shared:1\n"
			     "/a/x tmpfs s shared:2\n"
			     "/b tmpfs a shared:1\n"
			     "/b/x tmpfs s shared:2\n"));
	OK(vfsim_close(t, (int)m));
	OK(vfsim_close(t, f));
}

/* MOVE_MOUNT_T_EMPTY_PATH: the target is an fd too. */
VT_TEST(move_mount, to_fd, "empty", dirs)
{
	int f = created("s");
	long m = vfsim_fsmount(t, f, 0, 0);
	long to = vfsim_openat(t, AT_FDCWD, "/n", O_PATH, 0);

	EXPECT(vfsim_move_mount(t, (int)m, "", (int)to, "", MOVE_MOUNT_F_EMPTY_PATH), -ENOENT);
	OK(vfsim_move_mount(t, (int)m, "", (int)to, "",
			    MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH));
	cr_assert(vt_tree_is(t, VT_NOID, "/ rootfs rootfs\n/n tmpfs s\n"));
	OK(vfsim_close(t, (int)to));
	OK(vfsim_close(t, (int)m));
	OK(vfsim_close(t, f));
}

/*
 * MOVE_MOUNT_SET_GROUP (5.15): /c, a bind of /a's tmpfs, joins /a's peer
 * group; and its refusals.
 */
VT_TEST(move_mount, set_group, "empty", dirs)
{
	fx_shared_bind(t, "a", "/a", "/b", MS_SLAVE, 0);
	fx_dirs(t, "/c", "/d", NULL);
	OK(vfsim_mount(t, "/a", "/c", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "/a", "/c", NULL, MS_PRIVATE, NULL));
	fx_tmpfs(t, "other", "/d");
	/* other superblock; not roots; private source; shared target */
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/a", AT_FDCWD, "/d", MOVE_MOUNT_SET_GROUP), -EINVAL);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a/e", 0755));
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/a/e", AT_FDCWD, "/c", MOVE_MOUNT_SET_GROUP), -EINVAL);
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/d", AT_FDCWD, "/c", MOVE_MOUNT_SET_GROUP), -EINVAL);
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/c", AT_FDCWD, "/a", MOVE_MOUNT_SET_GROUP), -EINVAL);
	/* two private mounts of the same superblock */
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/c", AT_FDCWD, "/c", MOVE_MOUNT_SET_GROUP), -EINVAL);
	/* a mount no longer mounted (held by an fd after a lazy umount) */
	{
		long held;

		OK(vfsim_mount(t, "/a", "/n", NULL, MS_BIND, NULL));
		held = vfsim_openat(t, AT_FDCWD, "/n", O_PATH, 0);
		OK(vfsim_umount2(t, "/n", MNT_DETACH));
		EXPECT(vfsim_move_mount(t, AT_FDCWD, "/a", (int)held, "",
					MOVE_MOUNT_SET_GROUP | MOVE_MOUNT_T_EMPTY_PATH), -EINVAL);
		OK(vfsim_close(t, (int)held));
	}
	/* a mount showing less than the target cannot give its group */
	OK(vfsim_mount(t, "/a/e", "/n", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "none", "/n", NULL, MS_SHARED, NULL));
	EXPECT(vfsim_move_mount(t, AT_FDCWD, "/n", AT_FDCWD, "/c", MOVE_MOUNT_SET_GROUP), -EINVAL);
	OK(vfsim_umount2(t, "/n", 0));
	/* from the shared /a, and from the slave /b */
	OK(vfsim_move_mount(t, AT_FDCWD, "/a", AT_FDCWD, "/c", MOVE_MOUNT_SET_GROUP));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m/s", 0755));
	OK(vfsim_mount(t, "/a", "/m/s", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "none", "/m/s", NULL, MS_PRIVATE, NULL));
	OK(vfsim_move_mount(t, AT_FDCWD, "/b", AT_FDCWD, "/m/s", MOVE_MOUNT_SET_GROUP));
	cr_assert(vt_tree_is(t, VT_NOID | VT_PROP,
			     "/ rootfs rootfs private\n"
			     "/a tmpfs a shared:1\n"
			     "/b tmpfs a master:1\n"
			     "/c tmpfs a shared:1\n"
			     "/d tmpfs other private\n"
			     "/m/s tmpfs a master:1\n"));
}
