/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What watch_mount() and watch_sb() check alike, in the same order: the
 * watch_id (-1..255, before anything else), the at_flags (AT_NO_AUTOMOUNT
 * and AT_EMPTY_PATH only, before the walk), the path (a directory,
 * symlinks followed, lookup errors as they are, before the queue) and the
 * watch_fd (errata B1 and B2, fixed; tests/errata has the quirks).  Each
 * test runs once for each call; only the records differ: a mount watch
 * hears of a mount made below /mnt/a and is keyed by the directory's
 * inode number, a superblock watch hears of a remount and is keyed by the
 * superblock's ID.
 *
 * The tree: fx_notify_tree (common/fixtures.h).
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

typedef long watch_call(struct vfsim_task *t, int dfd, const char *path,
			unsigned int at_flags, int watch_fd, int watch_id);

struct call {
	watch_call *watch;
	/* cause one record for a watch on /mnt/a; the record, for watch @id */
	void (*event)(void);
	void (*event_record)(char *buf, size_t size, int id);
	/* the removal record of a watch with ID @id on /mnt/a */
	void (*removal_record)(char *buf, size_t size, int id);
};

static void new_mount_below(void)
{
	OK(vfsim_mount(t, "x", "/mnt/a/d", "tmpfs", 0, NULL));
}

static void new_mount_record(char *buf, size_t size, int id)
{
	snprintf(buf, size, "mount new_mount id=%d triggered_on=%u changed_mount=%u\n", id,
		 nt_mnt_id(t, "/mnt/a"), nt_mnt_id(t, "/mnt/a/d"));
}

static void mount_removal_record(char *buf, size_t size, int id)
{
	/* the object of a mount watch: the directory's inode number */
	snprintf(buf, size, "meta removal id=%d object=0x1\n", id);
}

static void remount(void)
{
	nt_poke_sb(t, "/mnt/a");
}

static void sb_readonly_record(char *buf, size_t size, int id)
{
	snprintf(buf, size, "sb readonly id=%d sb_id=0x%llx\n", id, nt_sb_id(t, "/mnt/a"));
}

static void sb_removal_record(char *buf, size_t size, int id)
{
	snprintf(buf, size, "meta removal id=%d object=0x%llx\n", id, nt_sb_id(t, "/mnt/a"));
}

static const struct call watch_mount = {
	vfsim_watch_mount, new_mount_below, new_mount_record, mount_removal_record,
};
static const struct call watch_sb = {
	vfsim_watch_sb, remount, sb_readonly_record, sb_removal_record,
};

/* Both calls: VT_TEST(watch_args, <name>_of_watch_mount/_sb) running
 * <name>(&watch_mount / &watch_sb). */
#define BOTH_CALLS(name)						\
	VT_TEST(watch_args, name##_of_watch_mount, "empty", fx_notify_tree)	\
	{								\
		name(&watch_mount);					\
	}								\
	VT_TEST(watch_args, name##_of_watch_sb, "empty", fx_notify_tree)	\
	{								\
		name(&watch_sb);					\
	}

/* ---- watch_id ---------------------------------------------------------------- */

/* -1..255 only, checked before anything else: a missing path and a bad
 * watch_fd do not change the answer. */
static void watch_id_range(const struct call *c)
{
	static const int bad[] = { -2, -3, INT_MIN, 256, 0x1ff, INT_MAX };
	char want[128];
	unsigned int i;
	int p[2], q[2];

	nt_pipes(t, 16, p, q, NULL);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, p[0], bad[i]), -EINVAL);
		EXPECT(c->watch(t, AT_FDCWD, "/nope", 0, 99, bad[i]), -EINVAL);
	}
	cr_assert_eq(vt_check(v), 0);
	/* -1 is removal: nothing to remove yet */
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), -EBADSLT);

	/* the two ends of the range, and what the records carry */
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, p[0], 0), 0);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, q[0], 255), 0);
	c->event();
	c->event_record(want, sizeof(want), 0);
	cr_assert(nt_records_are(t, p[0], "%s", want));
	c->event_record(want, sizeof(want), 255);
	cr_assert(nt_records_are(t, q[0], "%s", want));
}

BOTH_CALLS(watch_id_range)

/* ---- at_flags ---------------------------------------------------------------- */

/* Only AT_NO_AUTOMOUNT and AT_EMPTY_PATH; any other bit is EINVAL before
 * the walk (a missing path still gives EINVAL). */
static void at_flags(const struct call *c)
{
	unsigned int bit;
	char want[128];
	int p[2];

	nt_pipe(t, 16, p);
	for (bit = 0; bit < 32; bit++) {
		unsigned int f = 1U << bit;

		if (f == AT_NO_AUTOMOUNT || f == AT_EMPTY_PATH)
			continue;
		cr_assert_eq(c->watch(t, AT_FDCWD, "/mnt/a", f, p[0], 1), -EINVAL,
			     "at_flags %#x", f);
		cr_assert_eq(c->watch(t, AT_FDCWD, "/nope", f | AT_EMPTY_PATH, p[0], 1),
			     -EINVAL, "at_flags %#x", f);
	}
	cr_assert_eq(vt_check(v), 0);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", AT_NO_AUTOMOUNT | AT_EMPTY_PATH, p[0], 1), 0);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", AT_NO_AUTOMOUNT | AT_EMPTY_PATH, p[0], -1), 0);
	c->removal_record(want, sizeof(want), 1);
	cr_assert(nt_records_are(t, p[0], "%s", want));
}

BOTH_CALLS(at_flags)

/* ---- the path walk ------------------------------------------------------------ */

/* A directory is required (LOOKUP_DIRECTORY); symlinks are followed
 * (LOOKUP_FOLLOW); lookup errors come back as they are. */
static void path_errors(const struct call *c)
{
	long fd;
	int p[2];

	nt_pipe(t, 16, p);
	OK(vfsim_symlinkat(t, "/f", AT_FDCWD, "/flink"));
	OK(vfsim_symlinkat(t, "/nowhere", AT_FDCWD, "/dangling"));
	fd = vfsim_openat(t, AT_FDCWD, "/f", O_RDONLY, 0);
	OK(fd);

	EXPECT(c->watch(t, AT_FDCWD, "/f", 0, p[0], 1), -ENOTDIR);
	EXPECT(c->watch(t, AT_FDCWD, "/f/x", 0, p[0], 1), -ENOTDIR);
	EXPECT(c->watch(t, AT_FDCWD, "/flink", 0, p[0], 1), -ENOTDIR);
	EXPECT(c->watch(t, (int)fd, "", AT_EMPTY_PATH, p[0], 1), -ENOTDIR);
	EXPECT(c->watch(t, (int)fd, "x", 0, p[0], 1), -ENOTDIR);
	EXPECT(c->watch(t, AT_FDCWD, "/nope", 0, p[0], 1), -ENOENT);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/nope/x", 0, p[0], 1), -ENOENT);
	EXPECT(c->watch(t, AT_FDCWD, "/dangling", 0, p[0], 1), -ENOENT);
	EXPECT(c->watch(t, AT_FDCWD, "", 0, p[0], 1), -ENOENT);
	EXPECT(c->watch(t, 77, "x", 0, p[0], 1), -EBADF);
	/* the walk comes before the queue: a bad watch_fd does not show */
	EXPECT(c->watch(t, AT_FDCWD, "/nope", 0, 99, 1), -ENOENT);
	EXPECT(c->watch(t, AT_FDCWD, "/f", 0, 99, 1), -ENOTDIR);
	/* the same errors for removal */
	EXPECT(c->watch(t, AT_FDCWD, "/f", 0, p[0], -1), -ENOTDIR);
	EXPECT(c->watch(t, AT_FDCWD, "/nope", 0, p[0], -1), -ENOENT);
	OK(vfsim_close(t, (int)fd));
	cr_assert_eq(vt_check(v), 0);
	cr_assert(nt_records_are(t, p[0], "%s", ""));
}

BOTH_CALLS(path_errors)

/* ---- the watch queue ---------------------------------------------------------- */

/* A closed fd is EBADF, an fd that is not a notification pipe EINVAL, for
 * adding and for removing; either end of the pipe names the queue. */
static void watch_fd(const struct call *c)
{
	char want[128];
	int p[2], plain[2];
	long file;

	nt_pipe(t, 16, p);
	OK(vfsim_pipe2(t, plain, 0));
	file = vfsim_openat(t, AT_FDCWD, "/f", O_RDONLY, 0);
	OK(file);

	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, 99, 1), -EBADF);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, -1, 1), -EBADF);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, (int)file, 1), -EINVAL);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, plain[0], 1), -EINVAL);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, plain[1], 1), -EINVAL);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, 99, -1), -EBADF);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, plain[0], -1), -EINVAL);
	cr_assert_eq(vt_check(v), 0);

	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, p[1], 1), 0);
	EXPECT(c->watch(t, AT_FDCWD, "/mnt/a", 0, p[0], -1), 0);
	c->removal_record(want, sizeof(want), 1);
	cr_assert(nt_records_are(t, p[0], "%s", want));
	OK(vfsim_close(t, (int)file));
}

BOTH_CALLS(watch_fd)
