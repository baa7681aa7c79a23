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
 * allocation behind; every instance tears down leak-free.
 *
 *   /          rootfs
 *   `-/a       tmpfs "a"
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

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755), 0);
	EXPECT(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	return v;
}

static uint64_t live(struct vfsim *v)
{
	struct vfsim_alloc_stats st;

	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &st);
	return st.live_objects;
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

struct ua_case {
	const char *name;
	unsigned int flags, request;
	char *pathname;
};

static void countdown(const struct ua_case *c, size_t after)
{
	unsigned long n;
	long want;

	{
		struct vfsim *v = boot();

		memset(&params, 0, sizeof(params));
		params.flags = c->flags;
		params.request = c->request;
		want = vfsim_fsinfo(vfsim_init_task(v), AT_FDCWD, c->pathname, &params,
				    buffer, sizeof(buffer));
		cr_assert_gt(want, 0, "%s: %ld", c->name, want);
		cr_assert_eq(vt_finish(v), 0);
	}
	for (n = 1;; n++) {
		struct vfsim *v = boot();
		struct vfsim_task *t = vfsim_init_task(v);
		char *before = vt_tree(t, VT_ALL), *now;
		uint64_t before_live = live(v);
		bool fired;
		long ret;

		memset(&params, 0, sizeof(params));
		params.flags = c->flags;
		params.request = c->request;
		vfsim_fail_nth_uaccess(v, n, after);
		ret = vfsim_fsinfo(t, AT_FDCWD, c->pathname, &params, buffer, sizeof(buffer));
		fired = vfsim_uaccess_fault_fired(v);
		vfsim_fail_nth_uaccess(v, 0, 0);

		if (fired)
			cr_assert_eq(ret, -EFAULT, "%s n=%lu after=%zu: %ld", c->name, n,
				     after, ret);
		else
			cr_assert_eq(ret, want, "%s n=%lu", c->name, n);
		cr_assert_eq(live(v), before_live, "%s n=%lu: allocations left", c->name, n);
		now = vt_tree(t, VT_ALL);
		cr_assert_str_eq(now, before, "%s n=%lu", c->name, n);
		free(now);
		free(before);
		cr_assert_eq(vt_finish(v), 0, "%s n=%lu", c->name, n);
		if (!fired)
			break;
	}
	cr_log_info("%s: %lu user copies", c->name, n - 1);
	fprintf(stderr, "countdown %-14s after=%zu: %lu user copies\n", c->name, after, n - 1);
}

#define COUNTDOWN(id, ...)						\
	Test(fsinfo_fault_uaccess, id)					\
	{								\
		static const struct ua_case c = { .name = #id, __VA_ARGS__ }; \
		countdown(&c, 0);					\
		countdown(&c, 3);					\
	}

/* params, pathname, value, tail */
COUNTDOWN(path_vstruct, .request = FSINFO_ATTR_MOUNT_INFO, .pathname = path_a)
/* params, pathname, value */
COUNTDOWN(path_string, .request = FSINFO_ATTR_MOUNT_DEVNAME, .pathname = path_a)
/* params, ID string, value, tail */
COUNTDOWN(mount_id, .flags = FSINFO_FLAGS_QUERY_MOUNT,
	  .request = FSINFO_ATTR_IDS, .pathname = mnt_id_2)
