/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps over NFS mounting (and the calls
 * that reach the NFS client), as test_vfs_fault_alloc.c does for the
 * mount operations: for n = 1, 2, ... set the tree up in a fresh
 * instance, make the n-th allocation of the operation fail, and check that
 *   - it returned -ENOMEM,
 *   - it left no allocation behind (live objects as before the call) and
 *     the tree exactly as it was,
 *   - the server's client state is as it was (no half-linked superblock,
 *     no change counted),
 *   - the invariants hold and no WARN_ON fired,
 *   - the operation, run again without a fault, succeeds,
 *   - the instance tears down leak-free.
 * The sweep ends at the first n whose fault did not fire.
 *
 *   /            rootfs
 *   |-/have      nfs4 "fileserver.example:/" 4.2 192.0.2.10   (setup_have only)
 *   `-/m         where the operations mount
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/nfs.h>

#include "common/vfstest.h"
#include "common/check.h"

struct fault_case {
	const char *name;
	void (*setup)(struct vfsim_task *t);
	long (*op)(struct vfsim_task *t);
	bool no_retry;
};

static void setup_empty(struct vfsim_task *t)
{
	OK(vfsim_mkdirat(t, AT_FDCWD, "/m", 0755));
}

static void setup_have(struct vfsim_task *t)
{
	setup_empty(t);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/have", 0755));
	OK(vfsim_mount(t, "fileserver.example:/", "/have", "nfs4", 0,
		       "vers=4.2,addr=192.0.2.10"));
}

/* A new client: the server record, the client, its host name. */
static long op_mount_v3(struct vfsim_task *t)
{
	return vfsim_mount(t, "fileserver.example:/home", "/m", "nfs", MS_NODEV,
			   "vers=3,addr=192.0.2.10,time_delta=1000,caps=mode:owner");
}

/* ... and its acceptor. */
static long op_mount_v41_ipv6(struct vfsim_task *t)
{
	return vfsim_mount(t, "v6.example:/srv", "/m", "nfs4", 0,
			   "vers=4.1,addr=2001:db8::10,acceptor=nfs@v6.example");
}

/* The client of /have, shared: only the server record is new. */
static long op_mount_shared(struct vfsim_task *t)
{
	return vfsim_mount(t, "fileserver.example:/home", "/m", "nfs4", 0,
			   "vers=4.2,addr=192.0.2.10");
}

/* The last superblock of a client takes the client with it. */
static long op_umount_last(struct vfsim_task *t)
{
	return vfsim_umount2(t, "/have", 0);
}

static long op_network(struct vfsim_task *t)
{
	return vfsim_sb_network(t, "/have", WATCH_INFO_FLAG_0);
}

static uint64_t live(struct vfsim *v)
{
	struct vfsim_alloc_stats st;

	vfsim_rcu_barrier();
	vfsim_alloc_stats(v, &st);
	return st.live_objects;
}

/* The client state of /have as a string ("-" when there is no /have). */
static void client_state(struct vfsim_task *t, char *buf, size_t size)
{
	struct vfsim_nfs_server_status st;

	if (vfsim_nfs_server_status(t, "/have", &st))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%#x %u %u", st.info_flags, st.changes, st.superblocks);
}

static void sweep(const struct fault_case *c)
{
	unsigned long n;

	for (n = 1;; n++) {
		struct vfsim *v = vt_boot("empty");
		struct vfsim_task *t = vfsim_init_task(v);
		char state_before[64], state_after[64];
		uint64_t before_live;
		char *before, *after;
		bool fired;
		long ret;

		c->setup(t);
		before = vt_tree(t, VT_ALL);
		cr_assert_not_null(before);
		client_state(t, state_before, sizeof(state_before));
		before_live = live(v);

		vfsim_fail_nth_alloc(v, n);
		ret = c->op(t);
		fired = vfsim_alloc_fault_fired(v);
		vfsim_fail_nth_alloc(v, 0);

		if (fired) {
			cr_assert_eq(ret, -ENOMEM, "%s n=%lu: %ld (%s)", c->name, n, ret,
				     vfsim_errno_name((int)-ret));
			cr_assert_eq(live(v), before_live, "%s n=%lu: allocations left",
				     c->name, n);
			after = vt_tree(t, VT_ALL);
			cr_assert_str_eq(after, before, "%s n=%lu: tree changed", c->name, n);
			free(after);
			client_state(t, state_after, sizeof(state_after));
			cr_assert_str_eq(state_after, state_before, "%s n=%lu: client state",
					 c->name, n);
			cr_assert_eq(vt_check(v), 0, "%s n=%lu", c->name, n);
			if (!c->no_retry)
				ret = c->op(t);
		}
		cr_assert_geq(ret, 0, "%s n=%lu: %s: %ld (%s)", c->name, n,
			      fired ? "retry" : "no fault", ret, vfsim_errno_name((int)-ret));
		cr_assert_eq(vt_check(v), 0, "%s n=%lu", c->name, n);
		free(before);
		cr_assert_eq(vt_finish(v), 0, "%s n=%lu: leak or teardown warning", c->name, n);
		if (!fired)
			break;
	}
	cr_log_info("%s: %lu allocation failure points", c->name, n - 1);
	fprintf(stderr, "sweep %-22s %4lu failure points\n", c->name, n - 1);
	cr_assert_gt(n, 1, "%s: no allocation to fail", c->name);
}

#define SWEEP(id, ...)							\
	Test(fs_nfs_fault_alloc, id)					\
	{								\
		static const struct fault_case c = { .name = #id, __VA_ARGS__ }; \
		sweep(&c);						\
	}

SWEEP(mount_v3, .setup = setup_empty, .op = op_mount_v3)
SWEEP(mount_v41_ipv6, .setup = setup_empty, .op = op_mount_v41_ipv6)
SWEEP(mount_shared_client, .setup = setup_have, .op = op_mount_shared)
SWEEP(umount_last, .setup = setup_have, .op = op_umount_last)
/* the path's copy: nothing reaches the client */
SWEEP(network, .setup = setup_have, .op = op_network)
