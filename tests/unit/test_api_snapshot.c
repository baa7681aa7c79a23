/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim_snapshot() and vfsim_reset(): an instance made with
 * VFSIM_ALLOC_SNAPSHOT, saved once and put back many times, must be
 * indistinguishable from a freshly booted one: the same tree, the same
 * allocation statistics, and the same results, IDs and record bytes for
 * the same calls afterwards.  Also: the errors, the fault sweep over the
 * snapshot's own memory, deferred frees in flight across a reset, the
 * limits of the region, what a reset leaves to the harness, and the
 * subsystems' state put back with the rest.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>

#include <vfsim/afs.h>
#include <vfsim/nfs.h>
#include <vfsim/uapi/linux/keyctl.h>
#include <vfsim/uapi/linux/watch_queue.h>

#include "common/check.h"
#include "common/vfstest.h"

static const struct vfsim_options snap_opts = { .allocator = VFSIM_ALLOC_SNAPSHOT };

/* Append to a growing transcript. */
struct transcript {
	char *buf;
	size_t len;
	FILE *f;
};

static void tr_open(struct transcript *tr)
{
	tr->buf = NULL;
	tr->len = 0;
	tr->f = open_memstream(&tr->buf, &tr->len);
	cr_assert(tr->f);
}

static char *tr_close(struct transcript *tr)
{
	fclose(tr->f);
	return tr->buf;
}

/*
 * Calls of every kind a test leaves behind: directories, mounts and binds
 * with propagation, an fd, a notification pipe with a watch and the
 * records it got, a second task.  Every result, and the records' bytes,
 * into the transcript.
 */
static char *workload(struct vfsim *v)
{
	struct vfsim_task *t = vfsim_init_task(v), *u = NULL;
	struct transcript tr;
	unsigned char rec[512];
	char *tree;
	int fds[2] = { -1, -1 };
	long n, i;

	tr_open(&tr);
	fprintf(tr.f, "mkdir %ld\n", vfsim_mkdirat(t, AT_FDCWD, "/mnt/w", 0755));
	fprintf(tr.f, "mkdir %ld\n", vfsim_mkdirat(t, AT_FDCWD, "/mnt/b", 0755));
	fprintf(tr.f, "pipe %ld\n", vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE));
	fprintf(tr.f, "size %ld\n", vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_SIZE, 4));
	fprintf(tr.f, "watch %ld\n", vfsim_watch_mount(t, AT_FDCWD, "/", 0, fds[0], 7));
	fprintf(tr.f, "mount %ld\n", vfsim_mount(t, "w", "/mnt/w", "tmpfs", 0, "size=1m"));
	fprintf(tr.f, "shared %ld\n", vfsim_mount(t, NULL, "/mnt/w", NULL, MS_SHARED, NULL));
	fprintf(tr.f, "bind %ld\n", vfsim_mount(t, "/mnt/w", "/mnt/b", NULL, MS_BIND, NULL));
	fprintf(tr.f, "mkdir %ld\n", vfsim_mkdirat(t, AT_FDCWD, "/mnt/w/sub", 0755));
	fprintf(tr.f, "mount %ld\n", vfsim_mount(t, "r", "/mnt/w/sub", "ramfs", 0, NULL));
	fprintf(tr.f, "ro %ld\n", vfsim_mount(t, NULL, "/mnt/b", NULL,
					      MS_REMOUNT | MS_BIND | MS_RDONLY, NULL));
	fprintf(tr.f, "open %ld\n", vfsim_openat(t, AT_FDCWD, "/mnt/w/sub", O_RDONLY, 0));
	fprintf(tr.f, "task %d\n", vfsim_task_create(v, 1000, 1000, &u));
	fprintf(tr.f, "as user %ld\n", vfsim_mkdirat(u, AT_FDCWD, "/tmp/u", 0700));
	fprintf(tr.f, "as user %ld\n", vfsim_umount2(u, "/mnt/b", 0));
	fprintf(tr.f, "umount %ld\n", vfsim_umount2(t, "/mnt/w/sub", MNT_DETACH));
	n = vfsim_read(t, fds[0], rec, sizeof(rec));
	fprintf(tr.f, "read %ld:", n);
	for (i = 0; i < n; i++)
		fprintf(tr.f, " %02x", rec[i]);
	fputc('\n', tr.f);
	tree = vt_tree(t, VT_ALL);
	cr_assert(tree);
	fputs(tree, tr.f);
	free(tree);
	return tr_close(&tr);
}

static void stats_equal(const struct vfsim_alloc_stats *a, const struct vfsim_alloc_stats *b)
{
	cr_assert_eq(a->live_objects, b->live_objects, "live objects %llu, %llu",
		     (unsigned long long)a->live_objects, (unsigned long long)b->live_objects);
	cr_assert_eq(a->live_bytes, b->live_bytes);
	cr_assert_eq(a->total_allocs, b->total_allocs);
	cr_assert_eq(a->peak_bytes, b->peak_bytes);
}

Test(snapshot, errors)
{
	struct vfsim *v = vt_boot("default");
	struct vfsim_options big = snap_opts;
	struct vfsim *w = (struct vfsim *)1;

	EXPECT(vfsim_snapshot(NULL), -EINVAL);
	EXPECT(vfsim_reset(NULL), -EINVAL);
	/* the default allocator's memory is not the instance's alone */
	EXPECT(vfsim_snapshot(v), -EOPNOTSUPP);
	EXPECT(vfsim_reset(v), -ENODATA);
	cr_assert_eq(vt_finish(v), 0);

	v = vt_boot_with(&snap_opts, "empty");
	EXPECT(vfsim_reset(v), -ENODATA);
	cr_assert_eq(vt_finish(v), 0);

	/* more address space than there is */
	big.region_size = (size_t)1 << 62;
	EXPECT(vfsim_create(&big, &w), -ENOMEM);
	cr_assert_null(w);
	big.region_size = SIZE_MAX;
	EXPECT(vfsim_create(&big, &w), -ENOMEM);
}

/* A region too small for the default tree: the boot fails as it would
 * out of memory, and the instance still tears down cleanly.  (Small
 * hashes, so that the instance itself fits.) */
Test(snapshot, region_full)
{
	struct vfsim_options small = snap_opts;
	struct vfsim *v;

	small.mhash_shift = 2;
	small.region_size = 32 * 1024;
	OK(vfsim_create(&small, &v));
	EXPECT(vfsim_boot(v, "default"), -ENOMEM);
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0);
}

Test(snapshot, reset_is_a_fresh_boot)
{
	struct vfsim *fresh = vt_boot("default");
	struct vfsim *v = vt_boot_with(&snap_opts, "default");
	struct vfsim_alloc_stats st0, st;
	char *tree0, *tree, *want, *got;
	int round;

	OK(vfsim_snapshot(v));
	/* before anything allocates again (the tree walk does) */
	vfsim_alloc_stats(v, &st0);
	tree0 = vt_tree(vfsim_init_task(v), VT_ALL);
	cr_assert(tree0);

	want = workload(fresh);
	for (round = 0; round < 3; round++) {
		got = workload(v);
		cr_assert_str_eq(got, want, "round %d differs from a fresh instance", round);
		free(got);
		cr_assert_eq(vt_check(v), 0);
		OK(vfsim_reset(v));
		vfsim_alloc_stats(v, &st);
		stats_equal(&st, &st0);
		cr_assert_eq(vt_check(v), 0);
		tree = vt_tree(vfsim_init_task(v), VT_ALL);
		cr_assert_str_eq(tree, tree0);
		free(tree);
	}
	free(want);
	free(tree0);
	cr_assert_eq(vt_finish(fresh), 0);
	cr_assert_eq(vt_finish(v), 0);
}

/*
 * The subsystems' state (vfs/pernet.h: the key model, the NFS clients,
 * the AFS cell database) is on the region like every other object, and
 * struct vfsim points at it: a reset puts it back.  After each reset the
 * same key gets the same serial, the same cells can be added again, and a
 * mount from a new NFS server makes its client anew.
 */
Test(snapshot, subsystems_restored)
{
	struct vfsim *v = vt_boot_with(&snap_opts, "default");
	struct vfsim_nfs_server_status st;
	long serial = 0;

	OK(vfsim_snapshot(v));
	for (int round = 0; round < 3; round++) {
		struct vfsim_task *t = vfsim_init_task(v);
		long s = vfsim_add_key(t, "user", "k", "x", 1, KEY_SPEC_SESSION_KEYRING);

		cr_assert_gt(s, 0);
		cr_assert(!round || s == serial, "round %d: serial %ld, then %ld", round, serial, s);
		serial = s;
		OK(vfsim_afs_add_cells(v, "cell=new.example,"
				       "server=99999999-8888-7777-6666-555555555555@192.0.2.99"));
		OK(vfsim_mkdirat(t, AT_FDCWD, "/mnt/n", 0755));
		OK(vfsim_mount(t, "other.example:/", "/mnt/n", "nfs4", 0, "vers=4.2,addr=192.0.2.20"));
		OK(vfsim_nfs_server_status(t, "/mnt/n", &st));
		cr_assert_eq(st.superblocks, 1, "round %d: a client of its own", round);
		cr_assert_eq(vt_check(v), 0);
		OK(vfsim_reset(v));
	}
	cr_assert_eq(vt_finish(v), 0);
}

/* A later snapshot replaces the earlier one. */
Test(snapshot, second_snapshot_replaces_first)
{
	struct vfsim *v = vt_boot_with(&snap_opts, "empty");
	struct vfsim_task *t = vfsim_init_task(v);

	OK(vfsim_snapshot(v));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/one", 0755));
	OK(vfsim_snapshot(v));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/two", 0755));
	OK(vfsim_reset(v));
	t = vfsim_init_task(v);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/one", 0755), -EEXIST);
	OK(vfsim_mkdirat(t, AT_FDCWD, "/two", 0755));
	cr_assert_eq(vt_finish(v), 0);
}

/*
 * Each allocation the snapshot makes (the image, the copy of the heap,
 * the two arrays of the mount-ID index) fails in turn: -ENOMEM, and the
 * snapshot taken before still holds.
 */
Test(snapshot, fault_sweep)
{
	struct vfsim *v = vt_boot_with(&snap_opts, "default");
	struct vfsim_task *t;
	unsigned long n, failures = 0;
	long rc;

	OK(vfsim_snapshot(v));
	for (n = 1;; n++) {
		t = vfsim_init_task(v);
		OK(vfsim_mkdirat(t, AT_FDCWD, "/later", 0755));
		vfsim_fail_nth_alloc(v, n);
		rc = vfsim_snapshot(v);
		if (!vfsim_alloc_fault_fired(v)) {
			vfsim_fail_nth_alloc(v, 0);
			OK(rc);
			break;
		}
		EXPECT(rc, -ENOMEM);
		failures++;
		OK(vfsim_reset(v));
		t = vfsim_init_task(v);
		/* the first snapshot: /later is not there */
		OK(vfsim_mkdirat(t, AT_FDCWD, "/later", 0755));
		OK(vfsim_reset(v));
		cr_assert_eq(vt_check(v), 0);
	}
	cr_log_info("vfsim_snapshot: %lu failure points", failures);
	cr_assert_geq(failures, 4, "the image, the heap's copy, the ID index's two arrays");
	/* the last one succeeded: /later is in it */
	OK(vfsim_reset(v));
	t = vfsim_init_task(v);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/later", 0755), -EEXIST);
	cr_assert_eq(vt_finish(v), 0);
}

/* Enough mounts come and go that deferred frees are handed to call_rcu
 * in batches, before a snapshot and before a reset. */
static void churn(struct vfsim *v, int n)
{
	struct vfsim_task *t = vfsim_init_task(v);
	int i;

	for (i = 0; i < n; i++) {
		OK(vfsim_mount(t, "c", "/tmp", "tmpfs", 0, NULL));
		OK(vfsim_umount2(t, "/tmp", 0));
	}
}

Test(snapshot, deferred_frees_in_flight)
{
	struct vfsim *v = vt_boot_with(&snap_opts, "default");
	struct vfsim_alloc_stats st0, st;
	int round;

	churn(v, 300);
	OK(vfsim_snapshot(v));
	vfsim_alloc_stats(v, &st0);
	for (round = 0; round < 3; round++) {
		churn(v, 300);
		OK(vfsim_reset(v));
		vfsim_alloc_stats(v, &st);
		stats_equal(&st, &st0);
		cr_assert_eq(vt_check(v), 0);
	}
	cr_assert_eq(vt_finish(v), 0);
}

/* Fault injection and the warning count are the harness's: a reset
 * leaves them alone. */
Test(snapshot, harness_settings_survive)
{
	struct vfsim *v = vt_boot_with(&snap_opts, "empty");
	struct vfsim_task *t;

	OK(vfsim_snapshot(v));
	vfsim_fail_nth_alloc(v, 1);
	OK(vfsim_reset(v));
	cr_assert(!vfsim_alloc_fault_fired(v));
	t = vfsim_init_task(v);
	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/x", 0755), -ENOMEM);
	cr_assert(vfsim_alloc_fault_fired(v));
	OK(vfsim_mkdirat(t, AT_FDCWD, "/x", 0755));
	cr_assert_eq(vt_finish(v), 0);
}

/* Many resets: nothing grows, nothing leaks. */
Test(snapshot, many_resets)
{
	struct vfsim *v = vt_boot_with(&snap_opts, "default");
	struct vfsim_alloc_stats st0, st;
	int i;

	OK(vfsim_snapshot(v));
	vfsim_alloc_stats(v, &st0);
	for (i = 0; i < 200; i++) {
		free(workload(v));
		OK(vfsim_reset(v));
	}
	vfsim_alloc_stats(v, &st);
	stats_equal(&st, &st0);
	cr_assert_eq(vt_finish(v), 0);
}
