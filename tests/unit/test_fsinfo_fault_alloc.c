/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (common/fault_sweep.h) over
 * fsinfo(): each failure returns -ENOMEM and leaves no allocation behind;
 * no call, failed or not, changes the tree or keeps an allocation
 * (fsinfo() changes nothing); the call, repeated without a fault, gives
 * the same result and the same bytes as a call that never saw a fault;
 * the instance tears down leak-free.
 *
 *   /                rootfs
 *   |-/a             tmpfs "a"  (/a/f an open file: fd 3)
 *   |  |-/a/0 ...    tmpfs "c0" ... "c599" (MOUNT_CHILDREN > one page)
 *   `-/t             fsinfotest "t"
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fsinfo_testfs.h"

#define BUF 8192

/* The caller's buffer, filled with 0xbd before each call. */
static unsigned char buffer[BUF];

static void *fresh_buffer(void)
{
	memset(buffer, 0xbd, sizeof(buffer));
	return buffer;
}

static void setup(struct fault_run *r)
{
	struct vfsim_task *t = r->t;

	cr_assert_eq(vt_register_testfs(r->v), 0);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/t", 0755));
	OK(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL));
	OK(vfsim_mount(t, "t", "/t", "fsinfotest", 0, NULL));
	OK(vfsim_openat(t, AT_FDCWD, "/a/f", O_CREAT | O_RDONLY, 0644));
}

static void setup_many_children(struct fault_run *r)
{
	char path[32];
	unsigned int i;

	setup(r);
	for (i = 0; i < 600; i++) {
		snprintf(path, sizeof(path), "/a/%u", i);
		OK(vfsim_mkdirat(r->t, AT_FDCWD, path, 0755));
		OK(vfsim_mount(r->t, "c", path, "ramfs", 0, NULL));
	}
}

/* The bytes of the buffer, in hex. */
static char *buffer_bytes(struct fault_run *r)
{
	char *s = malloc(2 * BUF + 1);
	size_t i;

	cr_assert_not_null(s);
	for (i = 0; i < BUF; i++)
		snprintf(s + 2 * i, 3, "%02x", buffer[i]);
	return s;
}

static long op_statfs_path(struct fault_run *r)
{
	return vfsim_fsinfo(r->t, AT_FDCWD, "/a", NULL, fresh_buffer(), BUF);
}

static long op_ids_fd(struct fault_run *r)
{
	struct fsinfo_params p = { .flags = FSINFO_FLAGS_QUERY_FD,
				   .request = FSINFO_ATTR_IDS };

	return vfsim_fsinfo(r->t, 3, NULL, &p, fresh_buffer(), BUF);
}

static long op_mount_info_by_id(struct fault_run *r)
{
	return vt_fsinfo_mnt(r->t, 2, FSINFO_ATTR_MOUNT_INFO, fresh_buffer(), BUF);
}

static long op_mount_point(struct fault_run *r)
{
	return vt_fsinfo(r->t, "/a", FSINFO_ATTR_MOUNT_POINT, 0, 0, fresh_buffer(), BUF);
}

static long op_volume_id(struct fault_run *r)
{
	return vt_fsinfo(r->t, "/a", FSINFO_ATTR_VOLUME_ID, 0, 0, fresh_buffer(), BUF);
}

static long op_children_resize(struct fault_run *r)
{
	return vt_fsinfo(r->t, "/a", FSINFO_ATTR_MOUNT_CHILDREN, 0, 0, fresh_buffer(), BUF);
}

/* the buffer untouched: the outcome shows it */
static long op_attributes_size_only(struct fault_run *r)
{
	fresh_buffer();
	return vt_fsinfo(r->t, "/t", FSINFO_ATTR_FSINFO_ATTRIBUTES, 0, 0, NULL, 0);
}

static long op_opaque_resize(struct fault_run *r)
{
	vt_testfs.opaque_size = 6000;
	return vt_fsinfo(r->t, "/t", VT_ATTR_OPAQUE, 0, 0, fresh_buffer(), BUF);
}

/* Every call: fsinfo() changes nothing, keeps nothing, and a success
 * gives the same bytes whether or not a fault came before. */
#define FSINFO_SWEEP(id, ...)						\
	FAULT_ALLOC_TEST(fsinfo_fault_alloc, id, .changes_nothing = true,		\
			 .frees_all = true, .outcome = buffer_bytes, __VA_ARGS__)

/* getname(), the kernel buffer */
FSINFO_SWEEP(statfs_path, .setup = setup, .op = op_statfs_path)
/* the kernel buffer only */
FSINFO_SWEEP(ids_fd, .setup = setup, .op = op_ids_fd)
/* the ID string's copy, the kernel buffer */
FSINFO_SWEEP(mount_info_by_id, .setup = setup, .op = op_mount_info_by_id)
FSINFO_SWEEP(mount_point, .setup = setup, .op = op_mount_point)
FSINFO_SWEEP(volume_id, .setup = setup, .op = op_volume_id)
/* two buffers: 4096 bytes, then 8192 */
FSINFO_SWEEP(children_resize, .op = op_children_resize, .setup = setup_many_children,
	     .min_allocs = 3)
/* erratum B6 fixed: the size-only query fetches */
FSINFO_SWEEP(attributes_size_only, .setup = setup, .op = op_attributes_size_only)
FSINFO_SWEEP(opaque_resize, .setup = setup, .op = op_opaque_resize)
