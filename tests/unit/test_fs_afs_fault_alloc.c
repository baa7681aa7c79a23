/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (common/fault_sweep.h) over the
 * simulated AFS.  Besides the sweep's own checks (-ENOMEM, the mount tree
 * as before, invariants, no WARN_ON, the retry, no leak): the cells the
 * operation defines are in the database with their directories in the
 * dynamic root, or neither (a retry without a fault then succeeds; -EEXIST
 * shows the database has them).  Only a mount can leave them behind, and
 * only when what failed came after the filesystem's part
 * (vfs_create_mount(), grafting): Linux, too, keeps the cells a failed
 * mount looked up.  vfsim_afs_add_cells() is all or nothing.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>

#include <vfsim/afs.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"

/* The default tree's cell (common/fixtures.h), with a deep directory. */
#define GCO_CELL FX_GCO_CELL "volume=root.cell,dir=doc,dir=a-rather-long-directory-name/x/y"
/* Two cells: the second's failure must take the first's directory away. */
#define NEW_CELLS							\
	"cell=new.example,server=99999999-8888-7777-6666-555555555555@192.0.2.99," \
	"volume=root.cell,dir=a/b,"					\
	"cell=a-cell-name-longer-than-the-inline-dentry-name.example,"	\
	"volume=root.cell"
#define NEW2 "a-cell-name-longer-than-the-inline-dentry-name.example"

static bool exists(struct vfsim_task *t, const char *path)
{
	long fd = vfsim_openat(t, AT_FDCWD, path, O_PATH | O_NOFOLLOW, 0);

	if (fd < 0)
		return false;
	vfsim_close(t, (int)fd);
	return true;
}

/* ---- set-ups ------------------------------------------------------------------ */

static void setup_dirs(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/afs", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/b", 0755));
}

/* /afs is the dynamic root, with grand.central.org */
static void setup_dyn(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	setup_dirs(r);
	OK(vfsim_mount(t, "none", "/afs", "afs", 0, "dyn," GCO_CELL));
}

/* a database, but no dynamic root: a volume mount made it */
static void setup_volume_only(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	setup_dirs(r);
	OK(vfsim_mount(t, "%grand.central.org:root.cell.", "/mnt/b", "afs", 0, GCO_CELL));
}

/* setup_dyn, the cell walked into and marked by one expiry pass */
static void setup_marked(struct fault_run *r)
{
	setup_dyn(r);
	OK(vfsim_path_mnt_id(r->t, "/afs/grand.central.org/doc"));
	cr_assert_eq(vfsim_expire_mounts(r->v), 0);
}

/* ---- operations ------------------------------------------------------------------ */

static long op_mount_dyn(struct fault_run *r)
{
	return vfsim_mount(r->t, "none", "/afs", "afs", 0, "dyn,autocell," GCO_CELL "," NEW_CELLS);
}

/* a new dynamic root over an existing database, adding cells */
static long op_mount_dyn_adding(struct fault_run *r)
{
	return vfsim_mount(r->t, "none", "/afs", "afs", 0, "dyn," NEW_CELLS);
}

/* the existing dynamic root, mounted again, adding cells */
static long op_mount_dyn_again(struct fault_run *r)
{
	return vfsim_mount(r->t, "none", "/mnt/a", "afs", 0, "dyn," NEW_CELLS);
}

static long op_mount_volume(struct fault_run *r)
{
	return vfsim_mount(r->t, "%grand.central.org:root.cell.", "/mnt/a", "afs", 0,
			   "flock=openafs");
}

/* a volume mount with its own cell, as the first AFS mount */
static long op_mount_volume_first(struct fault_run *r)
{
	return vfsim_mount(r->t, "%grand.central.org:root.cell.", "/mnt/a", "afs", 0, GCO_CELL);
}

static long op_automount(struct fault_run *r)
{
	return vfsim_path_mnt_id(r->t, "/afs/grand.central.org/a-rather-long-directory-name/x/y");
}

static long op_add_cells(struct fault_run *r)
{
	return vfsim_afs_add_cells(r->v, NEW_CELLS);
}

static long op_expire(struct fault_run *r)
{
	return vfsim_expire_mounts(r->v);
}

static long op_server_down(struct fault_run *r)
{
	return vfsim_afs_server_down(r->v, FX_GCO_S2);
}

/* ---- the cells an operation adds ----------------------------------------------- */

/* A case's .priv: the dynamic-root directories of the cells it adds. */
struct cells {
	const char *dirs[2];
	bool may_stay;		/* a failed op may leave them added (a mount) */
};

/* Whether the last failure left the cells behind. */
static bool cells_stayed;

/* The cells are all there or none is, and there only if they may stay. */
static void cells_all_or_none(struct fault_run *r)
{
	const struct cells *cells = r->c->priv;
	unsigned int i;

	cells_stayed = cells->dirs[0] && exists(r->t, cells->dirs[0]);
	for (i = 0; i < 2 && cells->dirs[i]; i++)
		cr_assert_eq(exists(r->t, cells->dirs[i]), cells_stayed, "%s %s: %s half added",
			     r->c->name, r->what, cells->dirs[i]);
	cr_assert(!cells_stayed || cells->may_stay, "%s %s: %s left behind", r->c->name,
		  r->what, cells->dirs[0]);
}

/* A retry succeeds, or finds the cells a failure left: -EEXIST. */
static void retry_sees_cells(struct fault_run *r)
{
	const struct cells *cells = r->c->priv;

	if (!cells->dirs[0] && cells->may_stay && r->ret == -EEXIST) {
		/* no dynamic root to look in before: make one */
		OK(vfsim_mount(r->t, "none", "/afs", "afs", 0, "dyn"));
		cr_assert(exists(r->t, "/afs/new.example") && exists(r->t, "/afs/" NEW2),
			  "%s %s: cells half added", r->c->name, r->what);
		cells_stayed = true;
	}
	if (cells_stayed)
		EXPECT(r->ret, -EEXIST);
	else
		OK(r->ret);
}

static const struct cells new_cells = { { "/afs/new.example", "/afs/" NEW2 }, false };
static const struct cells new_cells_may_stay = { { "/afs/new.example", "/afs/" NEW2 }, true };
/* no dynamic root to see them in: the retry's -EEXIST tells */
static const struct cells unseen_cells_may_stay = { { NULL }, true };

#define CELLS(c) .priv = &(c), .after_fail = cells_all_or_none, .check_retry = retry_sees_cells

/* ---- the sweeps ------------------------------------------------------------------ */

/* The first AFS mount: the parse, the database, the superblock, the root
 * and a directory per cell (one with a name too long for the dentry's
 * inline buffer), the options, the mount. */
FAULT_ALLOC_TEST(fs_afs_fault_alloc, mount_dynamic_root, .min_allocs = 20,
		 .setup = setup_dirs, .op = op_mount_dyn, CELLS(new_cells))
/* A dynamic root made over a database a volume mount made, adding cells:
 * their directories are made in the new root after it is filled. */
FAULT_ALLOC_TEST(fs_afs_fault_alloc, mount_dynamic_root_adding_cells, .min_allocs = 10,
		 .setup = setup_volume_only, .op = op_mount_dyn_adding,
		 CELLS(unseen_cells_may_stay))
/* The live dynamic root gets directories for the cells a second mount of
 * it brings; a failure takes the ones already made away again. */
FAULT_ALLOC_TEST(fs_afs_fault_alloc, mount_dynamic_root_again, .min_allocs = 10,
		 .setup = setup_dyn, .op = op_mount_dyn_again, CELLS(new_cells_may_stay))
FAULT_ALLOC_TEST(fs_afs_fault_alloc, mount_volume, .min_allocs = 5, .setup = setup_dyn,
		 .op = op_mount_volume)
FAULT_ALLOC_TEST(fs_afs_fault_alloc, mount_volume_first, .min_allocs = 10,
		 .setup = setup_dirs, .op = op_mount_volume_first)
/* The walk into /afs/CELL: d_automount's source string, the volume's
 * superblock with its directories, the submount, grafting it. */
FAULT_ALLOC_TEST(fs_afs_fault_alloc, automount, .min_allocs = 10, .setup = setup_dyn,
		 .op = op_automount)
FAULT_ALLOC_TEST(fs_afs_fault_alloc, add_cells, .min_allocs = 5, .setup = setup_dyn,
		 .op = op_add_cells, CELLS(new_cells))
/* The second expiry pass unmounts the marked cell: expiry allocates
 * nothing (test_vfs_fault_alloc.c's expire), nor does taking the cell's
 * volume superblock down. */
FAULT_ALLOC_TEST(fs_afs_fault_alloc, expire_cell, .allocates_nothing = true,
		 .setup = setup_marked, .op = op_expire, .no_retry = true)
/* A server going down posts NETWORK records to the superblocks it serves,
 * and a post allocates nothing (it fills a note of the watch queue's
 * preallocated ring, under a spinlock). */
FAULT_ALLOC_TEST(fs_afs_fault_alloc, server_down, .allocates_nothing = true,
		 .setup = setup_marked, .op = op_server_down, .no_retry = true)
