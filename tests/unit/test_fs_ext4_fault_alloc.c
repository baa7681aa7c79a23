/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps over the simulated ext4, in the
 * manner of test_vfs_fault_alloc.c: for n = 1, 2, ... build the starting
 * tree in a fresh instance, make the n-th allocation of the operation
 * fail, and check that
 *   - it returned -ENOMEM,
 *   - it left no allocation behind (live objects as before),
 *   - the mount tree is as it was (mounts, sources, superblock options
 *     and read-only state),
 *   - the invariants hold and no WARN_ON fired,
 *   - the operation, run again without a fault, succeeds and gives what a
 *     run that never saw a fault gives,
 *   - the instance tears down leak-free.
 * The sweep ends at the first n whose fault did not fire.
 *
 * The cases: a first mount of a device (the superblock, its info, the
 * source's copy, the options string, root and lost+found), a second mount
 * of the same device (the superblock is found, not made), a remount, and
 * an error that takes a watched filesystem read-only.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include "common/fsinfo_testfs.h"
#include "common/notifytest.h"
#include "common/vfstest.h"
#include "common/check.h"

#define DATA "label=root,uuid=01234567-89ab-cdef-0011-223344556677,mkfs_time=4294967296," \
	     "errors=remount-ro"

struct fault_case {
	const char *name;
	void (*setup)(struct vfsim_task *t);
	long (*op)(struct vfsim_task *t);
	bool watched;		/* fd 3 is a pipe watching /a's superblock */
};

static void setup_dirs(struct vfsim_task *t)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755));
}

static void setup_mounted(struct vfsim_task *t)
{
	setup_dirs(t);
	OK(vfsim_mount(t, "/dev/vda1", "/a", "ext4", 0, DATA));
}

/* Mounted and watched: fds 3 and 4 are the pipe. */
static void setup_watched(struct vfsim_task *t)
{
	int p[2];

	setup_mounted(t);
	nt_pipe(t, 16, p);
	OK(vfsim_watch_sb(t, AT_FDCWD, "/a", 0, p[0], 1));
}

static long op_mount(struct vfsim_task *t)
{
	return vfsim_mount(t, "/dev/vda1", "/a", "ext4", MS_NOSUID, DATA);
}

static long op_mount_same_device(struct vfsim_task *t)
{
	return vfsim_mount(t, "/dev/vda1", "/b", "ext4", 0, "label=ignored");
}

static long op_remount(struct vfsim_task *t)
{
	return vfsim_mount(t, NULL, "/a", NULL, MS_REMOUNT | MS_RDONLY, "errors=continue");
}

static long op_sb_error(struct vfsim_task *t)
{
	return vfsim_sb_error(t, "/a", EIO);
}

/* What the operation leaves that the tree does not show. */
static void result(const struct fault_case *c, struct vfsim_task *t, char *out,
		   size_t size)
{
	struct fsinfo_ext4_timestamps ts;
	char label[32] = "";
	char records[NT_TEXT] = "";
	long n;

	n = vt_fsinfo(t, "/a", FSINFO_ATTR_VOLUME_NAME, 0, 0, label, sizeof(label) - 1);
	cr_assert_geq(n, 0);
	memset(&ts, 0, sizeof(ts));
	cr_assert_eq(vt_fsinfo(t, "/a", FSINFO_ATTR_EXT4_TIMESTAMPS, 0, 0, &ts, sizeof(ts)),
		     sizeof(ts));
	if (c->watched)
		cr_assert_geq(nt_drain(t, 3, records, sizeof(records)), 0);
	snprintf(out, size, "label=%s mkfs=%llu last_err=%llu\n%s", label,
		 (unsigned long long)ts.mkfs_time, (unsigned long long)ts.last_error_time,
		 records);
}

static uint64_t live(struct vfsim *v)
{
	struct vfsim_alloc_stats st;

	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &st);
	return st.live_objects;
}

static void sweep(const struct fault_case *c)
{
	char want[2 * NT_TEXT], got[2 * NT_TEXT];
	char *want_tree;
	unsigned long n;

	{
		struct vfsim *v = vt_boot("empty");
		struct vfsim_task *t = vfsim_init_task(v);

		c->setup(t);
		OK(c->op(t));
		want_tree = vt_tree(t, VT_ALL | VT_NOID);
		result(c, t, want, sizeof(want));
		cr_assert_eq(vt_finish(v), 0);
	}
	for (n = 1;; n++) {
		struct vfsim *v = vt_boot("empty");
		struct vfsim_task *t = vfsim_init_task(v);
		uint64_t before_live;
		char *before, *after;
		bool fired;
		long ret;

		c->setup(t);
		before = vt_tree(t, VT_ALL);
		before_live = live(v);

		vfsim_fail_nth_alloc(v, n);
		ret = c->op(t);
		fired = vfsim_alloc_fault_fired(v);
		vfsim_fail_nth_alloc(v, 0);

		if (fired) {
			cr_assert_eq(ret, -ENOMEM, "%s n=%lu: %ld", c->name, n, ret);
			cr_assert_eq(live(v), before_live, "%s n=%lu: allocations left",
				     c->name, n);
			after = vt_tree(t, VT_ALL);
			cr_assert_str_eq(after, before, "%s n=%lu: tree changed", c->name, n);
			free(after);
			cr_assert_eq(vt_check(v), 0, "%s n=%lu", c->name, n);
			ret = c->op(t);
		}
		cr_assert_eq(ret, 0, "%s n=%lu: %ld", c->name, n, ret);
		after = vt_tree(t, VT_ALL | VT_NOID);
		cr_assert_str_eq(after, want_tree, "%s n=%lu", c->name, n);
		free(after);
		result(c, t, got, sizeof(got));
		cr_assert_str_eq(got, want, "%s n=%lu", c->name, n);
		free(before);
		cr_assert_eq(vt_finish(v), 0, "%s n=%lu", c->name, n);
		if (!fired)
			break;
	}
	free(want_tree);
	cr_log_info("%s: %lu allocation failure points", c->name, n - 1);
	fprintf(stderr, "sweep %-22s %4lu failure points\n", c->name, n - 1);
	cr_assert_gt(n, 1, "%s: no allocation to fail", c->name);
}

#define SWEEP(id, ...)							\
	Test(fs_ext4_fault_alloc, id)					\
	{								\
		static const struct fault_case c = { .name = #id, __VA_ARGS__ }; \
		sweep(&c);						\
	}

SWEEP(mount, .setup = setup_dirs, .op = op_mount)
SWEEP(mount_same_device, .setup = setup_mounted, .op = op_mount_same_device)
SWEEP(remount, .setup = setup_watched, .op = op_remount, .watched = true)
SWEEP(sb_error_remount_ro, .setup = setup_watched, .op = op_sb_error, .watched = true)
