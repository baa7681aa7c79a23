/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (common/fault_sweep.h) over the
 * simulated ext4: each failure returns -ENOMEM, leaves no allocation
 * behind and the mount tree as it was (mounts, sources, superblock options
 * and read-only state); the operation, run again without a fault,
 * succeeds and gives what a run that never saw a fault gives (the tree,
 * the label, the on-disk times, the records posted to a watcher).
 *
 * The cases: a first mount of a device (the superblock, its info, the
 * source's copy, the options string, root and lost+found), a second mount
 * of the same device (the superblock is found, not made), a remount, and
 * an error that takes a watched filesystem read-only.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fsinfo_testfs.h"
#include "common/notifytest.h"

#define DATA "label=root,uuid=01234567-89ab-cdef-0011-223344556677,mkfs_time=4294967296," \
	     "errors=remount-ro"

static void setup_dirs(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/b", 0755));
}

static void setup_mounted(struct fault_run *r)
{
	setup_dirs(r);
	OK(vfsim_mount(r->t, "/dev/vda1", "/a", "ext4", 0, DATA));
}

/* Mounted and watched: fds 3 and 4 are the pipe. */
static void setup_watched(struct fault_run *r)
{
	struct vfsim_task *t = r->t;
	int p[2];

	setup_mounted(r);
	nt_pipe(t, 16, p);
	OK(vfsim_watch_sb(t, AT_FDCWD, "/a", 0, p[0], 1));
}

static long op_mount(struct fault_run *r)
{
	return vfsim_mount(r->t, "/dev/vda1", "/a", "ext4", MS_NOSUID, DATA);
}

static long op_mount_same_device(struct fault_run *r)
{
	return vfsim_mount(r->t, "/dev/vda1", "/b", "ext4", 0, "label=ignored");
}

static long op_remount(struct fault_run *r)
{
	return vfsim_mount(r->t, NULL, "/a", NULL, MS_REMOUNT | MS_RDONLY, "errors=continue");
}

static long op_sb_error(struct fault_run *r)
{
	return vfsim_sb_error(r->t, "/a", EIO);
}

/* What the operation leaves: the tree (IDs aside), and what the tree does
 * not show; with @records, what the watcher on fds 3 and 4 was sent. */
static char *leaves(struct fault_run *r, bool records)
{
	struct vfsim_task *t = r->t;
	struct fsinfo_ext4_timestamps ts;
	char label[32] = "";
	char text[NT_TEXT] = "";
	char *tree = vt_tree(t, VT_ALL | VT_NOID), *s;

	cr_assert_not_null(tree);
	cr_assert_geq(vt_fsinfo(t, "/a", FSINFO_ATTR_VOLUME_NAME, 0, 0, label, sizeof(label) - 1),
		      0);
	memset(&ts, 0, sizeof(ts));
	EXPECT(vt_fsinfo(t, "/a", FSINFO_ATTR_EXT4_TIMESTAMPS, 0, 0, &ts, sizeof(ts)),
	       sizeof(ts));
	if (records)
		cr_assert_geq(nt_drain(t, 3, text, sizeof(text)), 0);
	cr_assert_neq(asprintf(&s, "%slabel=%s mkfs=%llu last_err=%llu\n%s", tree, label,
			       (unsigned long long)ts.mkfs_time,
			       (unsigned long long)ts.last_error_time, text), -1);
	free(tree);
	return s;
}

static char *leaves_unwatched(struct fault_run *r)
{
	return leaves(r, false);
}

static char *leaves_watched(struct fault_run *r)
{
	return leaves(r, true);
}

#define EXT4_SWEEP(id, ...)						\
	FAULT_ALLOC_TEST(fs_ext4_fault_alloc, id, .frees_all = true, __VA_ARGS__)

EXT4_SWEEP(mount, .setup = setup_dirs, .op = op_mount, .outcome = leaves_unwatched)
EXT4_SWEEP(mount_same_device, .setup = setup_mounted, .op = op_mount_same_device,
	   .outcome = leaves_unwatched)
EXT4_SWEEP(remount, .setup = setup_watched, .op = op_remount, .outcome = leaves_watched)
EXT4_SWEEP(sb_error_remount_ro, .setup = setup_watched, .op = op_sb_error,
	   .outcome = leaves_watched)
