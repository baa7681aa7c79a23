/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User-copy faults in fsinfo(), as test_vfs_fault_uaccess.c does for the
 * mount calls.  fsinfo() touches user memory in up to five places: the
 * parameter block (copy_from_user), the pathname or mount-ID string
 * (strncpy_from_user), the value (copy_to_user) and, for a vstruct, the
 * rest of the buffer (clear_user).
 *   - each pointer unmapped, or NULL: -EFAULT (NULL params and NULL
 *     buffer with size 0 being legitimate, and a NULL mount ID -EINVAL);
 *   - an unmapped tail of the buffer beyond the value: -EFAULT for a
 *     vstruct, whose tail is cleared, but success for a string, whose tail
 *     is never touched (S6);
 *   - a countdown over all the copies of a call, faulting at once and
 *     after 3 bytes, until it no longer fires; then the call succeeds.
 * Every failure leaves the tree as it was, the invariants true, no
 * allocation behind; every instance tears down leak-free (the countdowns:
 * common/fault_sweep.h).
 *
 *   /          rootfs
 *   `-/a       tmpfs "a"
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/fsinfo_testfs.h"
#include "common/vfstest.h"

/*
 * Argument blocks live in static memory: the seam sees them as user memory.
 * The strings are longer than 3 bytes, so that a fault after 3 bytes cuts
 * them short.
 */
static struct fsinfo_params params;
static char path_a[] = "/./a";
static char mnt_id_2[] = "0x2";
static unsigned char buffer[256];

static struct vfsim *boot(void)
{
	struct vfsim *v = vt_boot("empty");
	struct vfsim_task *t = vfsim_init_task(v);

	fx_tmpfs(t, "a", "/a");
	return v;
}

Test(fsinfo_fault_uaccess, bad_pointers)
{
	struct vfsim *v = boot();
	struct vfsim_task *t = vfsim_init_task(v);

	memset(&params, 0, sizeof(params));
	params.request = FSINFO_ATTR_IDS;
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, NULL, &params, buffer, sizeof(buffer)), -EFAULT);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, path_a, (void *)16, buffer, sizeof(buffer)),
	       -EFAULT);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, path_a, &params, (void *)16, sizeof(buffer)),
	       -EFAULT);

	cr_assert_eq(vfsim_uaccess_unmap(v, &params, sizeof(params)), 0);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, path_a, &params, buffer, sizeof(buffer)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	cr_assert_eq(vfsim_uaccess_unmap(v, path_a, sizeof(path_a)), 0);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, path_a, &params, buffer, sizeof(buffer)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	cr_assert_eq(vfsim_uaccess_unmap(v, buffer, sizeof(buffer)), 0);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, path_a, &params, buffer, sizeof(buffer)), -EFAULT);
	vfsim_uaccess_remap_all(v);

	params.flags = FSINFO_FLAGS_QUERY_MOUNT;
	cr_assert_eq(vfsim_uaccess_unmap(v, mnt_id_2, sizeof(mnt_id_2)), 0);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, mnt_id_2, &params, buffer, sizeof(buffer)),
	       -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, NULL, &params, buffer, sizeof(buffer)), -EINVAL);
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, mnt_id_2, &params, buffer, sizeof(buffer)),
	       sizeof(struct fsinfo_ids));
	cr_assert_eq(vt_finish(v), 0);
}

Test(fsinfo_fault_uaccess, unmapped_tail)
{
	struct vfsim *v = boot();
	struct vfsim_task *t = vfsim_init_task(v);

	memset(&params, 0, sizeof(params));
	cr_assert_eq(vfsim_uaccess_unmap(v, buffer + 100, sizeof(buffer) - 100), 0);
	/* a 48-byte vstruct: its tail up to 256 is cleared, and faults */
	params.request = FSINFO_ATTR_IDS;
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, path_a, &params, buffer, sizeof(buffer)), -EFAULT);
	/* a 5-byte string: nothing past it is touched */
	params.request = FSINFO_ATTR_VOLUME_ID;
	EXPECT(vfsim_fsinfo(t, AT_FDCWD, path_a, &params, buffer, sizeof(buffer)), 5);
	vfsim_uaccess_remap_all(v);
	cr_assert_eq(vt_finish(v), 0);
}

/* ---- the countdowns -------------------------------------------------------------- */

static void setup(struct fault_run *r)
{
	EXPECT(vfsim_mkdirat(r->t, AT_FDCWD, "/a", 0755), 0);
	EXPECT(vfsim_mount(r->t, "a", "/a", "tmpfs", 0, NULL), 0);
}

static long query(struct fault_run *r, unsigned int flags, unsigned int request, char *pathname)
{
	memset(&params, 0, sizeof(params));
	params.flags = flags;
	params.request = request;
	memset(buffer, 0xbd, sizeof(buffer));
	return vfsim_fsinfo(r->t, AT_FDCWD, pathname, &params, buffer, sizeof(buffer));
}

static long op_path_vstruct(struct fault_run *r)
{
	return query(r, 0, FSINFO_ATTR_MOUNT_INFO, path_a);
}

static long op_path_string(struct fault_run *r)
{
	return query(r, 0, FSINFO_ATTR_MOUNT_DEVNAME, path_a);
}

static long op_mount_id(struct fault_run *r)
{
	return query(r, FSINFO_FLAGS_QUERY_MOUNT, FSINFO_ATTR_IDS, mnt_id_2);
}

/* The value as the caller's buffer holds it, in hex. */
static char *buffer_bytes(struct fault_run *r)
{
	char *s = malloc(2 * sizeof(buffer) + 1);
	size_t i;

	cr_assert_not_null(s);
	for (i = 0; i < sizeof(buffer); i++)
		snprintf(s + 2 * i, 3, "%02x", buffer[i]);
	return s;
}

/* Every call: fsinfo() changes nothing and keeps nothing, and a success
 * gives what a call that never saw a fault gives. */
#define FSINFO_UACCESS(id, ...)						\
	FAULT_UACCESS_TEST(fsinfo_fault_uaccess, id, .setup = setup,	\
			   .changes_nothing = true, .frees_all = true,	\
			   .outcome = buffer_bytes, __VA_ARGS__)

/* params, pathname, value, tail */
FSINFO_UACCESS(path_vstruct, .op = op_path_vstruct, .copies = 4)
/* params, pathname, value (a string's tail is not touched: S6) */
FSINFO_UACCESS(path_string, .op = op_path_string, .copies = 3)
/* params, ID string, value, tail */
FSINFO_UACCESS(mount_id, .op = op_mount_id, .copies = 4)
