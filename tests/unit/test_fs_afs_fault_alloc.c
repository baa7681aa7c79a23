/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps over the simulated AFS, as
 * test_vfs_fault_alloc.c does for the mount operations: for n = 1, 2, ...
 * set up a fresh instance, snapshot its mount tree, fail the n-th
 * allocation of the operation and check that
 *   - it returned -ENOMEM,
 *   - the mount tree is exactly as before,
 *   - the cells the operation defines are in the database with their
 *     directories in the dynamic root, or neither (a retry without a fault
 *     then succeeds; -EEXIST shows the database has them).  Only a mount
 *     can leave them behind, and only when what failed came after the
 *     filesystem's part (vfs_create_mount(), grafting): Linux, too, keeps
 *     the cells a failed mount looked up.  vfsim_afs_add_cells() is all or
 *     nothing;
 *   - the invariants hold and no WARN_ON fired,
 *   - vfsim_destroy_check() finds no leak.
 * The sweep ends at the first n whose fault did not fire.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/afs.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/vfstest.h"
#include "common/check.h"

#define S0 "a8f3e1b2-5c7d-4e90-8f12-3456789abc01"
#define S1 "a8f3e1b2-5c7d-4e90-8f12-3456789abc02"
#define S2 "a8f3e1b2-5c7d-4e90-8f12-3456789abc03"
#define GCO_CELL							\
	"cell=grand.central.org,"					\
	"server=" S0 "@192.0.2.11+[2001:db8::11],"			\
	"server=" S1 "@192.0.2.12+[2001:db8::12],"			\
	"server=" S2 "@198.51.100.13+192.0.2.13+[2001:db8::13],"	\
	"volume=root.cell,dir=doc,dir=a-rather-long-directory-name/x/y"
/* Two cells: the second's failure must take the first's directory away. */
#define NEW_CELLS							\
	"cell=new.example,server=99999999-8888-7777-6666-555555555555@192.0.2.99," \
	"volume=root.cell,dir=a/b,"					\
	"cell=a-cell-name-longer-than-the-inline-dentry-name.example,"	\
	"volume=root.cell"
#define NEW2 "a-cell-name-longer-than-the-inline-dentry-name.example"

struct sweep_case {
	const char *name;
	void (*setup)(struct vfsim *v, struct vfsim_task *t);
	long (*op)(struct vfsim *v, struct vfsim_task *t);
	/* the dynamic-root directories of the cells the op adds */
	const char *cell_dirs[2];
	/* a failed op may leave its cells added (a mount, see above) */
	bool cells_may_stay;
	bool no_retry;
};

static bool exists(struct vfsim_task *t, const char *path)
{
	long fd = vfsim_openat(t, AT_FDCWD, path, O_PATH | O_NOFOLLOW, 0);

	if (fd < 0)
		return false;
	vfsim_close(t, (int)fd);
	return true;
}

/* ---- set-ups ------------------------------------------------------------------ */

static void setup_dirs(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	OK(vfsim_mkdirat(t, AT_FDCWD, "/afs", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/b", 0755));
}

/* /afs is the dynamic root, with grand.central.org */
static void setup_dyn(struct vfsim *v, struct vfsim_task *t)
{
	setup_dirs(v, t);
	OK(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn," GCO_CELL));
}

/* a database, but no dynamic root: a volume mount made it */
static void setup_volume_only(struct vfsim *v, struct vfsim_task *t)
{
	setup_dirs(v, t);
	OK(vfsim_mount(t, "%grand.central.org:root.cell.", "/mnt/b", "afs", 0, GCO_CELL));
}

/* setup_dyn, the cell walked into and marked by one expiry pass */
static void setup_marked(struct vfsim *v, struct vfsim_task *t)
{
	setup_dyn(v, t);
	OK(vfsim_path_mnt_id(t, "/afs/grand.central.org/doc"));
	cr_assert_eq(vfsim_expire_mounts(v), 0);
}

/* ---- operations ------------------------------------------------------------------ */

static long op_mount_dyn(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "none", "/afs", "afs", 0, "dyn,autocell," GCO_CELL "," NEW_CELLS);
}

/* a new dynamic root over an existing database, adding cells */
static long op_mount_dyn_adding(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "none", "/afs", "afs", 0, "dyn," NEW_CELLS);
}

/* the existing dynamic root, mounted again, adding cells */
static long op_mount_dyn_again(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "none", "/mnt/a", "afs", 0, "dyn," NEW_CELLS);
}

static long op_mount_volume(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "%grand.central.org:root.cell.", "/mnt/a", "afs", 0,
			   "flock=openafs");
}

/* a volume mount with its own cell, as the first AFS mount */
static long op_mount_volume_first(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_mount(t, "%grand.central.org:root.cell.", "/mnt/a", "afs", 0, GCO_CELL);
}

static long op_automount(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	return vfsim_path_mnt_id(t, "/afs/grand.central.org/a-rather-long-directory-name/x/y");
}

static long op_add_cells(struct vfsim *v, struct vfsim_task *t)
{
	(void)t;
	return vfsim_afs_add_cells(v, NEW_CELLS);
}

static long op_expire(struct vfsim *v, struct vfsim_task *t)
{
	(void)t;
	return vfsim_expire_mounts(v);
}

static long op_server_down(struct vfsim *v, struct vfsim_task *t)
{
	(void)t;
	return vfsim_afs_server_down(v, S2);
}

/* ---- the sweep ------------------------------------------------------------------ */

static void check_clean(struct vfsim *v, const char *what, unsigned long n)
{
	char why[256] = "";

	cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), 0,
		     "%s n=%lu: invariant: %s", what, n, why);
	cr_assert_eq(vfsim_warn_count(v), 0, "%s n=%lu: WARN_ON fired", what, n);
}

static unsigned long sweep(const struct sweep_case *c)
{
	unsigned long n;

	for (n = 1;; n++) {
		struct vfsim *v = NULL;
		struct vfsim_task *t;
		char *before, *after;
		unsigned int i;
		bool fired, stayed;
		long ret;

		cr_assert_eq(vfsim_create(NULL, &v), 0);
		cr_assert_eq(vfsim_boot(v, "empty"), 0);
		t = vfsim_init_task(v);
		c->setup(v, t);
		before = vt_tree(t, VT_ALL);
		cr_assert_not_null(before);

		vfsim_fail_nth_alloc(v, n);
		ret = c->op(v, t);
		fired = vfsim_alloc_fault_fired(v);
		vfsim_fail_nth_alloc(v, 0);

		if (fired) {
			cr_assert_eq(ret, -ENOMEM, "%s n=%lu: returned %ld (%s), want -ENOMEM",
				     c->name, n, ret, vfsim_errno_name((int)-ret));
			after = vt_tree(t, VT_ALL);
			cr_assert_not_null(after);
			cr_assert_str_eq(after, before, "%s n=%lu: tree changed", c->name, n);
			free(after);
			stayed = c->cell_dirs[0] && exists(t, c->cell_dirs[0]);
			for (i = 0; i < 2 && c->cell_dirs[i]; i++)
				cr_assert_eq(exists(t, c->cell_dirs[i]), stayed,
					     "%s n=%lu: %s half added", c->name, n, c->cell_dirs[i]);
			cr_assert(!stayed || c->cells_may_stay, "%s n=%lu: %s left behind",
				  c->name, n, c->cell_dirs[0]);
			check_clean(v, c->name, n);
			if (!c->no_retry) {
				ret = c->op(v, t);
				if (!c->cell_dirs[0] && c->cells_may_stay && ret == -EEXIST) {
					/* no dynamic root to look in before: make one */
					OK(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn"));
					cr_assert(exists(t, "/afs/new.example") &&
						  exists(t, "/afs/" NEW2),
						  "%s n=%lu: cells half added", c->name, n);
					stayed = true;
				}
				cr_assert(stayed ? ret == -EEXIST : ret >= 0,
					  "%s n=%lu: retry after the fault: %ld (%s)",
					  c->name, n, ret, vfsim_errno_name((int)-ret));
				check_clean(v, c->name, n);
			}
		} else {
			cr_assert(ret >= 0, "%s n=%lu: no fault, but %ld (%s)", c->name, n,
				  ret, vfsim_errno_name((int)-ret));
			check_clean(v, c->name, n);
		}
		free(before);
		cr_assert_eq(vfsim_destroy_check(v, stderr), 0,
			     "%s n=%lu: leak or teardown warning", c->name, n);
		if (!fired)
			break;
	}
	cr_log_info("%s: %lu allocation failure points", c->name, n - 1);
	fprintf(stderr, "sweep %-22s %4lu failure points\n", c->name, n - 1);
	return n - 1;
}

#define SWEEP(id, min_points, ...)					\
	Test(fs_afs_fault_alloc, id)					\
	{								\
		static const struct sweep_case c = { .name = #id, __VA_ARGS__ }; \
		unsigned long points = sweep(&c);			\
		cr_assert_geq(points, (min_points), "%s: only %lu failure points", \
			      #id, points);				\
	}

/* The first AFS mount: the parse, the database, the superblock, the root
 * and a directory per cell (one with a name too long for the dentry's
 * inline buffer), the options, the mount. */
SWEEP(mount_dynamic_root, 20, .setup = setup_dirs, .op = op_mount_dyn,
      .cell_dirs = { "/afs/new.example", "/afs/" NEW2 })
/* A dynamic root made over a database a volume mount made, adding cells:
 * their directories are made in the new root after it is filled. */
SWEEP(mount_dynamic_root_adding_cells, 10, .setup = setup_volume_only,
      .op = op_mount_dyn_adding, .cells_may_stay = true)
/* The live dynamic root gets directories for the cells a second mount of
 * it brings; a failure takes the ones already made away again. */
SWEEP(mount_dynamic_root_again, 10, .setup = setup_dyn, .op = op_mount_dyn_again,
      .cell_dirs = { "/afs/new.example", "/afs/" NEW2 }, .cells_may_stay = true)
SWEEP(mount_volume, 5, .setup = setup_dyn, .op = op_mount_volume)
SWEEP(mount_volume_first, 10, .setup = setup_dirs, .op = op_mount_volume_first)
/* The walk into /afs/CELL: d_automount's source string, the volume's
 * superblock with its directories, the submount, grafting it. */
SWEEP(automount, 10, .setup = setup_dyn, .op = op_automount)
SWEEP(add_cells, 5, .setup = setup_dyn, .op = op_add_cells,
      .cell_dirs = { "/afs/new.example", "/afs/" NEW2 })
/* The second expiry pass unmounts the marked cell. */
SWEEP(expire_cell, 0, .setup = setup_marked, .op = op_expire, .no_retry = true)
/* Posting NETWORK records allocates nothing. */
SWEEP(server_down, 0, .setup = setup_marked, .op = op_server_down, .no_retry = true)
