/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps over fsinfo(), as
 * test_vfs_fault_alloc.c does for the mount operations: for n = 1, 2, ...
 * build the tree in a fresh instance, make the n-th allocation of one
 * fsinfo() call fail, and check that
 *   - the call returned -ENOMEM,
 *   - it left no allocation behind (live objects as before the call),
 *   - the tree is exactly as it was (fsinfo() changes nothing),
 *   - the invariants hold and no WARN_ON fired,
 *   - the call, repeated without a fault, gives the same bytes as a call
 *     that never saw a fault,
 *   - the instance tears down leak-free.
 * The sweep ends at the first n whose fault did not fire.
 *
 *   /                rootfs
 *   |-/a             tmpfs "a"  (/a/f an open file: fd 3)
 *   |  |-/a/0 ...    tmpfs "c0" ... "c599" (MOUNT_CHILDREN > one page)
 *   `-/t             fsinfotest "t"
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"
#include "common/check.h"

#define BUF 8192

struct fault_case {
	const char *name;
	bool many_children;
	long (*op)(struct vfsim_task *t, void *buf);
};

static void setup(struct vfsim *v, struct vfsim_task *t, bool many)
{
	unsigned int i;
	char path[32];

	cr_assert_eq(vt_register_testfs(v), 0);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t", 0755));
	OK(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL));
	OK(vfsim_openat(t, AT_FDCWD, "/a/f", O_CREAT | O_RDONLY, 0644));
	for (i = 0; many && i < 600; i++) {
		snprintf(path, sizeof(path), "/a/%u", i);
		OK(vfsim_mkdirat(t, AT_FDCWD, path, 0755));
		OK(vfsim_mount(t, "c", path, "ramfs", 0, NULL));
	}
}

static long op_statfs_path(struct vfsim_task *t, void *buf)
{
	return vfsim_fsinfo(t, AT_FDCWD, "/a", NULL, buf, BUF);
}

static long op_ids_fd(struct vfsim_task *t, void *buf)
{
	struct fsinfo_params p = { .flags = FSINFO_FLAGS_QUERY_FD,
				   .request = FSINFO_ATTR_IDS };

	return vfsim_fsinfo(t, 3, NULL, &p, buf, BUF);
}

static long op_mount_info_by_id(struct vfsim_task *t, void *buf)
{
	return vt_fsinfo_mnt(t, 2, FSINFO_ATTR_MOUNT_INFO, buf, BUF);
}

static long op_mount_point(struct vfsim_task *t, void *buf)
{
	return vt_fsinfo(t, "/a", FSINFO_ATTR_MOUNT_POINT, 0, 0, buf, BUF);
}

static long op_volume_id(struct vfsim_task *t, void *buf)
{
	return vt_fsinfo(t, "/a", FSINFO_ATTR_VOLUME_ID, 0, 0, buf, BUF);
}

static long op_children_resize(struct vfsim_task *t, void *buf)
{
	return vt_fsinfo(t, "/a", FSINFO_ATTR_MOUNT_CHILDREN, 0, 0, buf, BUF);
}

static long op_attributes_size_only(struct vfsim_task *t, void *buf)
{
	return vt_fsinfo(t, "/t", FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, NULL, 0);
}

static long op_opaque_resize(struct vfsim_task *t, void *buf)
{
	vt_testfs.opaque_size = 6000;
	return vt_fsinfo(t, "/t", VT_ATTR_OPAQUE, 0, 0, buf, BUF);
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
	void *want = malloc(BUF), *got = malloc(BUF);
	long want_ret;
	unsigned long n;

	/* the answer without faults */
	{
		struct vfsim *v = vt_boot("empty");

		setup(v, vfsim_init_task(v), c->many_children);
		memset(want, 0xbd, BUF);
		want_ret = c->op(vfsim_init_task(v), want);
		cr_assert_geq(want_ret, 0, "%s: %ld", c->name, want_ret);
		cr_assert_eq(vt_finish(v), 0);
	}
	for (n = 1;; n++) {
		struct vfsim *v = vt_boot("empty");
		struct vfsim_task *t = vfsim_init_task(v);
		uint64_t before_live;
		char *before, *after;
		bool fired;
		long ret;

		setup(v, t, c->many_children);
		before = vt_tree(t, VT_ALL);
		before_live = live(v);

		memset(got, 0xbd, BUF);
		vfsim_fail_nth_alloc(v, n);
		ret = c->op(t, got);
		fired = vfsim_alloc_fault_fired(v);
		vfsim_fail_nth_alloc(v, 0);

		if (fired)
			cr_assert_eq(ret, -ENOMEM, "%s n=%lu: %ld", c->name, n, ret);
		cr_assert_eq(live(v), before_live, "%s n=%lu: allocations left", c->name, n);
		after = vt_tree(t, VT_ALL);
		cr_assert_str_eq(after, before, "%s n=%lu: tree changed", c->name, n);
		free(after);
		free(before);
		if (fired) {
			memset(got, 0xbd, BUF);
			ret = c->op(t, got);
		}
		cr_assert_eq(ret, want_ret, "%s n=%lu", c->name, n);
		cr_assert_eq(memcmp(got, want, BUF), 0, "%s n=%lu: other bytes", c->name, n);
		cr_assert_eq(vt_finish(v), 0, "%s n=%lu", c->name, n);
		if (!fired)
			break;
	}
	cr_log_info("%s: %lu allocation failure points", c->name, n - 1);
	fprintf(stderr, "sweep %-22s %4lu failure points\n", c->name, n - 1);
	cr_assert_gt(n, 1, "%s: no allocation to fail", c->name);
	free(want);
	free(got);
}

#define SWEEP(id, ...)							\
	Test(fsinfo_fault_alloc, id)					\
	{								\
		static const struct fault_case c = { .name = #id, __VA_ARGS__ }; \
		sweep(&c);						\
	}

/* getname(), the kernel buffer */
SWEEP(statfs_path, .op = op_statfs_path)
/* the kernel buffer only */
SWEEP(ids_fd, .op = op_ids_fd)
/* the ID string's copy, the kernel buffer */
SWEEP(mount_info_by_id, .op = op_mount_info_by_id)
SWEEP(mount_point, .op = op_mount_point)
SWEEP(volume_id, .op = op_volume_id)
/* two buffers: 4096 bytes, then 8192 */
SWEEP(children_resize, .many_children = true, .op = op_children_resize)
/* erratum B6 fixed: the size-only query fetches */
SWEEP(attributes_size_only, .op = op_attributes_size_only)
SWEEP(opaque_resize, .op = op_opaque_resize)
