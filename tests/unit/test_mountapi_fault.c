// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Fault sweeps over the new mount API (common/fault_sweep.h): every
 * allocation of fsopen(), fsconfig(), fsmount(), move_mount(), open_tree(),
 * fspick() and mount_setattr() made to fail in turn, and every user copy
 * made to fault: each failure gives -ENOMEM or -EFAULT (or the errno the
 * case names), leaves the mount tree as it was, the invariants true and
 * no leak; the call then succeeds when run again.
 *
 * The fd numbers below are what the setups leave: the init task's first
 * fd is 3.
 *
 *   /            rootfs
 *   |-/m         (directory)
 *   `-/a         tmpfs "a", shared:1 in the _shared setups
 *     `-/a/x     tmpfs "x"
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>

#include <vfsim/uapi/linux/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"

static void setup_tree(struct fault_run *r)
{
	fx_dirs(r->t, "/m", NULL);
	fx_tmpfs(r->t, "a", "/a");
	fx_tmpfs(r->t, "x", "/a/x");
	fx_dirs(r->t, "/a/d", NULL);
}

/* fd 3: a tmpfs context */
static void setup_ctx(struct fault_run *r)
{
	setup_tree(r);
	EXPECT(vfsim_fsopen(r->t, "tmpfs", 0), 3);
}

/* fd 3: a created tmpfs context */
static void setup_created(struct fault_run *r)
{
	setup_ctx(r);
	OK(vfsim_fsconfig(r->t, 3, FSCONFIG_SET_STRING, "source", "new", 0));
	OK(vfsim_fsconfig(r->t, 3, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
}

/* fd 3 a created context, fd 4 its detached mount */
static void setup_detached(struct fault_run *r)
{
	setup_created(r);
	EXPECT(vfsim_fsmount(r->t, 3, 0, 0), 4);
}

static void setup_detached_shared(struct fault_run *r)
{
	setup_detached(r);
	OK(vfsim_mount(r->t, "none", "/a", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(r->t, "/a", "/m", NULL, MS_BIND, NULL));
}

/* fd 3: an fspick() context on /a */
static void setup_picked(struct fault_run *r)
{
	setup_tree(r);
	EXPECT(vfsim_fspick(r->t, AT_FDCWD, "/a", 0), 3);
	OK(vfsim_fsconfig(r->t, 3, FSCONFIG_SET_FLAG, "ro", NULL, 0));
	OK(vfsim_fsconfig(r->t, 3, FSCONFIG_SET_STRING, "size", "1m", 0));
}

/* fd 3: a ramfs context, which ignores parameters it does not know */
static void setup_ramfs(struct fault_run *r)
{
	setup_tree(r);
	EXPECT(vfsim_fsopen(r->t, "ramfs", 0), 3);
}

/* fd 3: a legacy (ext4) context */
static void setup_legacy(struct fault_run *r)
{
	setup_tree(r);
	EXPECT(vfsim_fsopen(r->t, "ext4", 0), 3);
}

/* ---- the calls ------------------------------------------------------------ */

static long op_fsopen(struct fault_run *r)
{
	return vfsim_fsopen(r->t, r->args[0] ? r->args[0] : "tmpfs", 0);
}

static long op_set_string(struct fault_run *r)
{
	return vfsim_fsconfig(r->t, 3, FSCONFIG_SET_STRING,
			      r->args[0] ? r->args[0] : "mode",
			      r->args[1] ? r->args[1] : "700", 0);
}

static long op_set_source(struct fault_run *r)
{
	return vfsim_fsconfig(r->t, 3, FSCONFIG_SET_STRING, "source", "src", 0);
}

static long op_set_binary(struct fault_run *r)
{
	return vfsim_fsconfig(r->t, 3, FSCONFIG_SET_BINARY, "foo", "blob", 4);
}

static long op_set_path(struct fault_run *r)
{
	return vfsim_fsconfig(r->t, 3, FSCONFIG_SET_PATH, "size", "/a", AT_FDCWD);
}

static long op_set_fd(struct fault_run *r)
{
	return vfsim_fsconfig(r->t, 3, FSCONFIG_SET_FD, "size", NULL, 3);
}

/* An unknown key is refused, and the log says so: the message's length.
 * A failed log allocation is replaced by a constant message (benign). */
static long op_set_unknown(struct fault_run *r)
{
	char buf[128];
	long ret = vfsim_fsconfig(r->t, 3, FSCONFIG_SET_FLAG, "bogus", NULL, 0);

	if (ret != -EINVAL)
		return ret < 0 ? ret : -EPROTO;
	return vfsim_read(r->t, 3, buf, sizeof(buf));
}

static bool log_replaced(struct fault_run *r)
{
	return r->ret == (long)sizeof("OOM: Can't store error string") - 1;
}

static long op_create(struct fault_run *r)
{
	return vfsim_fsconfig(r->t, 3, FSCONFIG_CMD_CREATE, NULL, NULL, 0);
}

static void setup_ctx_opts(struct fault_run *r)
{
	setup_ctx(r);
	OK(vfsim_fsconfig(r->t, 3, FSCONFIG_SET_STRING, "mode", "700", 0));
	OK(vfsim_fsconfig(r->t, 3, FSCONFIG_SET_STRING, "source", "s", 0));
}

static long op_reconfigure(struct fault_run *r)
{
	return vfsim_fsconfig(r->t, 3, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0);
}

static long op_fsmount(struct fault_run *r)
{
	return vfsim_fsmount(r->t, 3, 0, MOUNT_ATTR_NOSUID);
}

static long op_attach(struct fault_run *r)
{
	return vfsim_move_mount(r->t, 4, "", AT_FDCWD, r->args[0] ? r->args[0] : "/a/d",
				MOVE_MOUNT_F_EMPTY_PATH);
}

static long op_move(struct fault_run *r)
{
	return vfsim_move_mount(r->t, AT_FDCWD, r->args[0] ? r->args[0] : "/a/x",
				AT_FDCWD, r->args[1] ? r->args[1] : "/m", 0);
}

/* MOVE_MOUNT_BENEATH: /m's tmpfs under /a/x's (setup_beneath) */
static long op_beneath(struct fault_run *r)
{
	return vfsim_move_mount(r->t, AT_FDCWD, "/m", AT_FDCWD, "/a/x", MOVE_MOUNT_BENEATH);
}

/* fd 4's detached mount under /a/x's, /a shared with its peer /m */
static long op_attach_beneath(struct fault_run *r)
{
	return vfsim_move_mount(r->t, 4, "", AT_FDCWD, "/a/x",
				MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_BENEATH);
}

static long op_move_beneath(struct fault_run *r)
{
	return vfsim_move_mount(r->t, AT_FDCWD, r->args[0], AT_FDCWD, r->args[1],
				MOVE_MOUNT_BENEATH);
}

static void setup_beneath(struct fault_run *r)
{
	setup_tree(r);
	fx_tmpfs(r->t, "b", "/m");
	fx_dirs(r->t, "/m/sub", NULL);
	fx_tmpfs(r->t, "sub", "/m/sub");
}

static long op_set_group(struct fault_run *r)
{
	return vfsim_move_mount(r->t, AT_FDCWD, "/a", AT_FDCWD, "/a/x",
				MOVE_MOUNT_SET_GROUP);
}

static void setup_set_group(struct fault_run *r)
{
	setup_tree(r);
	OK(vfsim_mount(r->t, "/a", "/m", NULL, MS_BIND, NULL));
	OK(vfsim_mount(r->t, "none", "/a", NULL, MS_SHARED, NULL));
	OK(vfsim_umount2(r->t, "/a/x", 0));
	OK(vfsim_mount(r->t, "/m", "/a/x", NULL, MS_BIND, NULL));
	OK(vfsim_mount(r->t, "none", "/a/x", NULL, MS_PRIVATE, NULL));
}

static long op_open_tree(struct fault_run *r)
{
	return vfsim_open_tree(r->t, AT_FDCWD, r->args[0] ? r->args[0] : "/a",
			       OPEN_TREE_CLONE | AT_RECURSIVE);
}

static long op_open_tree_path(struct fault_run *r)
{
	return vfsim_open_tree(r->t, AT_FDCWD, "/a", 0);
}

static long op_fspick(struct fault_run *r)
{
	return vfsim_fspick(r->t, AT_FDCWD, r->args[0] ? r->args[0] : "/a", 0);
}

static long op_setattr(struct fault_run *r)
{
	static const struct mount_attr a = {
		.attr_set = MOUNT_ATTR_RDONLY, .propagation = MS_SHARED,
	};

	return vfsim_mount_setattr(r->t, AT_FDCWD, r->args[0] ? r->args[0] : "/a",
				   AT_RECURSIVE, (struct mount_attr *)&a, sizeof(a));
}

/* A bigger struct than 6.18's: the tail is checked through a copy. */
static long op_setattr_big(struct fault_run *r)
{
	static const struct { struct mount_attr a; char tail[32]; } b = {
		.a = { .attr_set = MOUNT_ATTR_NOEXEC },
	};

	return vfsim_mount_setattr(r->t, AT_FDCWD, r->args[0] ? r->args[0] : "/a", 0,
				   (struct mount_attr *)&b, sizeof(b));
}

static long op_close_detached(struct fault_run *r)
{
	return vfsim_close(r->t, 4);
}

/* fsmount() cleans the context before its last allocations: a failure
 * after that leaves it waiting for a reconfiguration (EBUSY), as the
 * kernel's does. */
static void retry_fsmount(struct fault_run *r)
{
	cr_assert(r->ret == 4 || r->ret == 5 || r->ret == -EBUSY,
		  "%s: retry %ld", r->what, r->ret);
}

/* A failed create leaves the context failed. */
static void retry_create(struct fault_run *r)
{
	cr_assert(r->ret == 0 || r->ret == -EBUSY, "%s: retry %ld", r->what, r->ret);
}

/* ---- allocation sweeps ----------------------------------------------------- */

/* the name, the context, its log, anon_inodefs on first use (superblock,
 * root, mount), the file's inode, dentry and file, the fd table */
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsopen, .setup = setup_tree, .op = op_fsopen,
		 .min_allocs = 10)
/* key, value, the data page */
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_string, .setup = setup_ctx,
		 .op = op_set_string, .min_allocs = 3)
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_source, .setup = setup_ctx,
		 .op = op_set_source, .min_allocs = 2)
/* key, the blob (ramfs ignores the key) */
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_binary, .setup = setup_ramfs,
		 .op = op_set_binary, .min_allocs = 2)
/* key, the filename */
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_path, .setup = setup_ramfs,
		 .op = op_set_path, .min_allocs = 2)
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_fd, .setup = setup_ramfs,
		 .op = op_set_fd, .min_allocs = 1)
/* key, the message */
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_unknown, .setup = setup_ctx,
		 .op = op_set_unknown, .min_allocs = 2, .partial_ok = log_replaced)
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_legacy, .setup = setup_legacy,
		 .op = op_set_string, .min_allocs = 3)
/* get_tree: superblock, root inode and dentry, the options copy */
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_create, .setup = setup_ctx_opts,
		 .op = op_create, .min_allocs = 4, .check_retry = retry_create)
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsconfig_reconfigure, .setup = setup_picked,
		 .op = op_reconfigure, .allocates_nothing = true)
/* mount, ID, devname, the anonymous namespace, the file, the fd table */
FAULT_ALLOC_TEST(mountapi_fault_alloc, fsmount, .setup = setup_created, .op = op_fsmount,
		 .min_allocs = 4, .check_retry = retry_fsmount)
/* the paths, the mountpoints */
FAULT_ALLOC_TEST(mountapi_fault_alloc, move_mount_attach, .setup = setup_detached,
		 .op = op_attach, .min_allocs = 3)
/* and the copies propagation makes for /a's peer /m */
FAULT_ALLOC_TEST(mountapi_fault_alloc, move_mount_attach_shared,
		 .setup = setup_detached_shared, .op = op_attach, .min_allocs = 6)
FAULT_ALLOC_TEST(mountapi_fault_alloc, move_mount_move, .setup = setup_tree,
		 .op = op_move, .min_allocs = 3)
/* the paths, the mountpoint on the moved mount's root */
FAULT_ALLOC_TEST(mountapi_fault_alloc, move_mount_beneath, .setup = setup_beneath,
		 .op = op_beneath, .min_allocs = 3)
/* and the copy for /a's peer /m (its mountpoint x is pinned already) */
FAULT_ALLOC_TEST(mountapi_fault_alloc, move_mount_beneath_shared,
		 .setup = setup_detached_shared, .op = op_attach_beneath, .min_allocs = 5)
FAULT_ALLOC_TEST(mountapi_fault_alloc, move_mount_set_group, .setup = setup_set_group,
		 .op = op_set_group, .min_allocs = 2)
/* the namespace, the path, three clones (mount, devname), the file */
FAULT_ALLOC_TEST(mountapi_fault_alloc, open_tree_clone, .setup = setup_tree,
		 .op = op_open_tree, .min_allocs = 6)
FAULT_ALLOC_TEST(mountapi_fault_alloc, open_tree_path, .setup = setup_tree,
		 .op = op_open_tree_path, .min_allocs = 2)
FAULT_ALLOC_TEST(mountapi_fault_alloc, fspick, .setup = setup_tree, .op = op_fspick,
		 .min_allocs = 5)
/* the path; the group IDs of /a and /a/x */
FAULT_ALLOC_TEST(mountapi_fault_alloc, mount_setattr, .setup = setup_tree,
		 .op = op_setattr, .min_allocs = 2)
FAULT_ALLOC_TEST(mountapi_fault_alloc, mount_setattr_big, .setup = setup_tree,
		 .op = op_setattr_big, .min_allocs = 2)
/* Dissolving a detached tree allocates nothing. */
FAULT_ALLOC_TEST(mountapi_fault_alloc, close_detached, .setup = setup_detached,
		 .op = op_close_detached, .allocates_nothing = true, .no_retry = true)

/* ---- user-copy sweeps ------------------------------------------------------ */

/* The first copy is the empty from-path, whole before any cut. */
static long want_attach(struct fault_run *r)
{
	if (!r->fired || (r->n == 1 && r->after > 0))
		return FAULT_SUCCEEDS;
	return -EFAULT;
}

FAULT_UACCESS_TEST(mountapi_fault_uaccess, fsopen, .setup = setup_tree, .op = op_fsopen,
		   .nargs = 1, .args = { "tmpfs" }, .copies = 1,
		   .null_ret = { FAULT_SUCCEEDS }, .tail_ret = { -EFAULT })
/* key, then value */
FAULT_UACCESS_TEST(mountapi_fault_uaccess, fsconfig_string, .setup = setup_ctx,
		   .op = op_set_string, .nargs = 2, .args = { "mode", "700" }, .copies = 2,
		   .null_ret = { FAULT_SUCCEEDS, FAULT_SUCCEEDS }, .copy_order = { 0, 1 })
FAULT_UACCESS_TEST(mountapi_fault_uaccess, move_mount, .setup = setup_tree, .op = op_move,
		   .nargs = 2, .args = { "/a/x", "/a/d" }, .copies = 2,
		   .null_ret = { FAULT_SUCCEEDS, FAULT_SUCCEEDS }, .copy_order = { 0, 1 })
FAULT_UACCESS_TEST(mountapi_fault_uaccess, move_mount_beneath, .setup = setup_beneath,
		   .op = op_move_beneath, .nargs = 2, .args = { "/m/.", "/a/x" }, .copies = 2,
		   .copy_order = { 0, 1 })
FAULT_UACCESS_TEST(mountapi_fault_uaccess, move_mount_attach, .setup = setup_detached,
		   .op = op_attach, .nargs = 1, .args = { "/a/d" }, .copies = 2,
		   .want = want_attach,
		   .null_ret = { FAULT_SUCCEEDS }, .copy_order = { 0 })
FAULT_UACCESS_TEST(mountapi_fault_uaccess, open_tree, .setup = setup_tree,
		   .op = op_open_tree, FAULT_ONE_PATH("/a/"),
		   .null_ret = { FAULT_SUCCEEDS })
FAULT_UACCESS_TEST(mountapi_fault_uaccess, fspick, .setup = setup_tree,
		   .op = op_fspick, FAULT_ONE_PATH("/a/"),
		   .null_ret = { FAULT_SUCCEEDS })
/* the struct, then the path */
FAULT_UACCESS_TEST(mountapi_fault_uaccess, mount_setattr, .setup = setup_tree,
		   .op = op_setattr, .nargs = 1, .args = { "/a/" }, .copies = 2,
		   .null_ret = { FAULT_SUCCEEDS }, .copy_order = { 0 })
/* the tail past 6.18's struct, the struct, then the path */
FAULT_UACCESS_TEST(mountapi_fault_uaccess, mount_setattr_big, .setup = setup_tree,
		   .op = op_setattr_big, .nargs = 1, .args = { "/a/" }, .copies = 3,
		   .null_ret = { FAULT_SUCCEEDS }, .copy_order = { 0 })
