/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * watch_sb(2) (seed 003, vfs/super.c): the validation rules and
 * errnos, in the order the syscall checks them (the watch_id, at_flags,
 * path and watch_fd checks it shares with watch_mount() are in
 * test_notify_watch_args.c), the superblock a watch pins, and the REMOVAL
 * records of an explicit removal and of a dying superblock.
 *
 * An sb watch is keyed by the superblock's unique ID, so the REMOVAL
 * records (explicit or at the superblock's death) carry that ID, and one
 * pipe can watch one superblock once, through whichever path.
 *
 * Not covered: -EIO for a superblock that is no longer active.  A path
 * held by the syscall pins a mount, and a mount keeps its superblock
 * active, so only an unmount racing the syscall could reach it; the
 * public API gives no deterministic way to get there.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/mount.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/notifytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* The tree of every test: fx_notify_tree (common/fixtures.h), /mnt/a's
 * root, d and e being inodes 1, 2 and 3 of tmpfs "a". */

/* ---- the path walk (errata B3, fixed: the lookup flags are used) ----------------- */

/* A symlink is followed: the watch is on the target's superblock. */
VT_TEST(watch_sb, follows_symlinks, "empty", fx_notify_tree)
{
	int p[2];

	nt_pipe(t, 16, p);
	OK(vfsim_symlinkat(t, "/mnt/a/d", AT_FDCWD, "/link"));
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/link", 0, p[0], 1), 0);
	nt_poke_sb(t, "/");
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	nt_poke_sb(t, "/mnt/a");
	cr_assert(nt_records_are(t, p[0], "sb readonly id=1 sb_id=0x%llx\n",
			         nt_sb_id(t, "/mnt/a")));
}

/*
 *   /priv      0700 root
 *   `-sub
 */
VT_TEST(watch_sb, search_permission, "empty", fx_notify_tree)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int p[2], up[2];

	nt_mkdirs(t, "/priv/sub");
	OK(vfsim_chmod(t, "/priv", 0700));
	nt_pipe(t, 16, p);
	nt_pipe(u, 16, up);

	EXPECT(vfsim_watch_sb(u, AT_FDCWD, "/priv", 0, up[0], 1), -EACCES);
	EXPECT(vfsim_watch_sb(u, AT_FDCWD, "/priv/sub", 0, up[0], 1), -EACCES);
	EXPECT(vfsim_watch_sb(u, AT_FDCWD, "/priv", 0, 99, 1), -EACCES);
	EXPECT(vfsim_watch_sb(u, AT_FDCWD, "/priv", 0, up[0], -1), -EACCES);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/priv", 0, p[0], -1), -EBADSLT);

	EXPECT(vfsim_watch_sb(u, AT_FDCWD, "/mnt", 0, up[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/priv/sub", 0, p[0], 2), 0);
	vfsim_task_set_caps(u, VFSIM_CAP_DAC_READ_SEARCH);
	EXPECT(vfsim_watch_sb(u, AT_FDCWD, "/priv/sub", 0, up[0], 3), -EBUSY);
	EXPECT(vfsim_watch_sb(u, AT_FDCWD, "/priv/sub", 0, up[0], -1), 0);
	cr_assert(nt_records_are(u, up[0], "meta removal id=1 object=0x%llx\n",
			         nt_sb_id(t, "/")));
	vfsim_task_destroy(u);
	cr_assert_eq(vt_check(v), 0);
}

VT_TEST(watch_sb, empty_path_and_dfd, "empty", fx_notify_tree)
{
	uint64_t sb_a, sb_root;
	long dfd;
	int p[2], q[2];

	nt_pipes(t, 16, p, q, NULL);
	sb_a = nt_sb_id(t, "/mnt/a");
	sb_root = nt_sb_id(t, "/");
	dfd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d", O_PATH | O_DIRECTORY, 0);
	OK(dfd);

	EXPECT(vfsim_watch_sb(t, (int)dfd, "", 0, p[0], 1), -ENOENT);
	EXPECT(vfsim_watch_sb(t, (int)dfd, "", AT_EMPTY_PATH, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, (int)dfd, "e", 0, p[0], 2), -EBUSY);
	EXPECT(vfsim_watch_sb(t, (int)dfd, "..", 0, p[0], 2), -EBUSY);
	EXPECT(vfsim_watch_sb(t, (int)dfd, "../..", 0, p[0], 2), 0);
	OK(vfsim_chdir(t, "/mnt/a/d/e"));
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "", AT_EMPTY_PATH, q[0], 3), 0);
	OK(vfsim_chdir(t, "/"));
	nt_poke_sb(t, "/mnt/a");
	nt_poke_sb(t, "/");
	cr_assert(nt_records_are(t, p[0],
			         "sb readonly id=1 sb_id=0x%llx\n"
			         "sb readonly id=2 sb_id=0x%llx\n",
			         (unsigned long long)sb_a, (unsigned long long)sb_root));
	cr_assert(nt_records_are(t, q[0], "sb readonly id=3 sb_id=0x%llx\n", (unsigned long long)sb_a));
	OK(vfsim_close(t, (int)dfd));
}

/*
 * As for watch_mount: AT_NO_AUTOMOUNT leaves LOOKUP_DIRECTORY, which
 * triggers a terminal automount by itself (fs/namei.c follow_automount),
 * so the watch is on the new submount's superblock either way; it dies
 * with the expired submount (REMOVAL with its sb ID).
 */
static void automount_case(unsigned int at_flags)
{
	unsigned long long sb;
	int p[2];

	fx_notify_tree(v);
	nt_pipe(t, 16, p);
	cr_assert(nt_watch_automounts(t, vfsim_watch_sb, at_flags, p[0]));
	sb = nt_sb_id(t, "/mnt/auto");
	cr_assert_neq(sb, nt_sb_id(t, "/mnt"));
	nt_poke_sb(t, "/mnt/auto");
	cr_assert_eq(vfsim_expire_mounts(v), 0);
	cr_assert_eq(vfsim_expire_mounts(v), 1);
	cr_assert(nt_records_are(t, p[0],
			         "sb readonly id=1 sb_id=0x%llx\n"
			         "meta removal id=1 object=0x%llx\n",
			         (unsigned long long)sb, sb));
}

VT_TEST(watch_sb, no_automount_flag_still_automounts, "empty", NULL)
{
	automount_case(AT_NO_AUTOMOUNT);
}

VT_TEST(watch_sb, automount_triggered, "empty", NULL)
{
	automount_case(0);
}

/* ---- EBUSY ------------------------------------------------------------------------- */

/*
 * One watch per (pipe, superblock), whichever path names it: another
 * directory of the same filesystem or a bind mount of it is EBUSY; another
 * pipe or another superblock is fine.
 *
 *   /mnt/a    tmpfs "a"
 *   /mnt/b    bind of /mnt/a/d   (same superblock)
 *   /mnt/c    tmpfs "c"          (another)
 */
VT_TEST(watch_sb, ebusy, "empty", fx_notify_tree)
{
	uint64_t sb_a;
	int p[2], q[2];

	nt_mkdirs(t, "/mnt/c");
	OK(vfsim_mount(t, "/mnt/a/d", "/mnt/b", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "c", "/mnt/c", "tmpfs", 0, NULL));
	nt_pipes(t, 16, p, q, NULL);
	sb_a = nt_sb_id(t, "/mnt/a");

	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), -EBUSY);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d/e", 0, p[0], 2), -EBUSY);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/b", 0, p[0], 2), -EBUSY);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/b", 0, p[1], 2), -EBUSY);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/b", 0, q[0], 3), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/c", 0, p[0], 4), 0);
	cr_assert_eq(vt_check(v), 0);

	nt_poke_sb(t, "/mnt/a");
	nt_poke_sb(t, "/mnt/c");
	cr_assert(nt_records_are(t, p[0],
			         "sb readonly id=1 sb_id=0x%llx\n"
			         "sb readonly id=4 sb_id=0x%llx\n",
			         (unsigned long long)sb_a, nt_sb_id(t, "/mnt/c")));
	cr_assert(nt_records_are(t, q[0], "sb readonly id=3 sb_id=0x%llx\n", (unsigned long long)sb_a));
}

/* ---- removal ------------------------------------------------------------------------ */

VT_TEST(watch_sb, removal, "empty", fx_notify_tree)
{
	uint64_t sb_a;
	int p[2], q[2];

	nt_pipes(t, 16, p, q, NULL);
	sb_a = nt_sb_id(t, "/mnt/a");
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 7), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, q[0], 8), 0);

	/* a superblock that never had a watch (errata B4, fixed) */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/", 0, p[0], -1), -EBADSLT);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	/* any directory of the superblock names it */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a/d/e", 0, p[0], -1), 0);
	cr_assert(nt_records_are(t, p[0], "meta removal id=7 object=0x%llx\n", (unsigned long long)sb_a));
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
	cr_assert_eq(vt_check(v), 0);

	nt_poke_sb(t, "/mnt/a");
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert(nt_records_are(t, q[0], "sb readonly id=8 sb_id=0x%llx\n", (unsigned long long)sb_a));
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, q[0], -1), 0);
	cr_assert(nt_records_are(t, q[0], "meta removal id=8 object=0x%llx\n", (unsigned long long)sb_a));
	/* the list stays, empty: still EBADSLT, not the never-watched path */
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, q[0], -1), -EBADSLT);
	cr_assert_eq(vt_check(v), 0);
}

/* ---- the LSM hook ---------------------------------------------------------------------- */

/* security_watch_sb() gets the superblock's ID; a refusal's errno comes
 * back and leaves no watch; removal does not ask. */
VT_TEST(watch_sb, lsm_denies, "empty", fx_notify_tree)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	struct nt_lsm_log log = { .ret = -EPERM };
	uint64_t sb_a;
	int p[2], up[2];

	nt_pipe(t, 16, p);
	nt_pipe(u, 16, up);
	sb_a = nt_sb_id(t, "/mnt/a");
	vfsim_set_lsm(v, &nt_lsm_watch_sb_ops, &log);

	EXPECT(vfsim_watch_sb(u, AT_FDCWD, "/mnt/a/d", 0, up[0], 1), -EPERM);
	cr_assert_eq(log.calls, 1);
	cr_assert_eq(log.object, sb_a);
	cr_assert_eq(log.uid, 1000);
	log.ret = -EACCES;
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), -EACCES);
	cr_assert_eq(log.uid, 0);
	cr_assert_eq(vt_check(v), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);
	cr_assert_eq(log.calls, 2, "removal asked the LSM");
	nt_poke_sb(t, "/mnt/a");
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert(nt_records_are(u, up[0], "%s", ""));

	log.ret = 0;
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	cr_assert_eq(log.calls, 3);
	nt_poke_sb(t, "/mnt/a");
	cr_assert(nt_records_are(t, p[0], "sb readonly id=1 sb_id=0x%llx\n", (unsigned long long)sb_a));
	vfsim_set_lsm(v, NULL, NULL);
	vfsim_task_destroy(u);
}

/* ---- what a watch pins, and the superblock's death ---------------------------------------- */

/*
 * The superblock lives while any mount of it does; a watch holds a
 * passive reference (s_count) and lets go when removed or when the pipe
 * closes.  When the last mount goes, the superblock dies and each watcher
 * gets a REMOVAL with its unique ID (the newest watch first).
 *
 *   /mnt/a    tmpfs "a"
 *   /mnt/b    bind of /mnt/a       (the same superblock)
 */
VT_TEST(watch_sb, removal_when_the_superblock_dies, "empty", fx_notify_tree)
{
	uint64_t sb_a;
	int p[2], q[2], r[2];

	OK(vfsim_mount(t, "/mnt/a", "/mnt/b", NULL, MS_BIND, NULL));
	nt_pipes(t, 16, p, q, r, NULL);
	sb_a = nt_sb_id(t, "/mnt/a");
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/b", 0, q[0], 2), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, r[0], 3), 0);
	OK(vfsim_close(t, r[0]));
	OK(vfsim_close(t, r[1]));
	cr_assert_eq(vt_check(v), 0);

	EXPECT(vfsim_umount2(t, "/mnt/a", 0), 0);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	cr_assert(nt_records_are(t, q[0], "%s", ""));
	EXPECT(vfsim_umount2(t, "/mnt/b", 0), 0);
	cr_assert(nt_records_are(t, p[0], "meta removal id=1 object=0x%llx\n", (unsigned long long)sb_a));
	cr_assert(nt_records_are(t, q[0], "meta removal id=2 object=0x%llx\n", (unsigned long long)sb_a));
	cr_assert_eq(vt_check(v), 0);
}

/* A lazily detached mount kept by an fd keeps the superblock active: the
 * REMOVAL waits for the close. */
VT_TEST(watch_sb, removal_after_lazy_umount, "empty", fx_notify_tree)
{
	uint64_t sb_a;
	long fd;
	int p[2];

	nt_pipe(t, 16, p);
	sb_a = nt_sb_id(t, "/mnt/a");
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	fd = vfsim_openat(t, AT_FDCWD, "/mnt/a/d", O_PATH | O_DIRECTORY, 0);
	OK(fd);
	EXPECT(vfsim_umount2(t, "/mnt/a", MNT_DETACH), 0);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
	OK(vfsim_close(t, (int)fd));
	cr_assert(nt_records_are(t, p[0], "meta removal id=1 object=0x%llx\n", (unsigned long long)sb_a));
	cr_assert_eq(vt_check(v), 0);
}

/* Watches left in place at teardown, on a live and on a dead superblock:
 * nothing leaks (vt_finish). */
VT_TEST(watch_sb, pins_are_released_at_teardown, "empty", fx_notify_tree)
{
	int p[2];

	nt_pipe(t, 16, p);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/", 0, p[0], 2), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	EXPECT(vfsim_watch_sb(t, AT_FDCWD, "/mnt/a", 0, p[0], 3), 0);
	cr_assert_eq(vt_check(v), 0);
}
