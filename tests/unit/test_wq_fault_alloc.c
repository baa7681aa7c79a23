/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (common/fault_sweep.h) over the
 * notification-pipe entry points.  Besides the sweep's own checks (the
 * result, invariants, no WARN_ON, the retry, no leak):
 *   - no fd was left behind (and none taken away): the snapshot;
 *   - the state is as before, by what the case can see of it (the queue
 *     still unsized, the old filter still in force, no watch added, ...);
 *   - the call, run again without a fault, works.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/wqtest.h"

#define NFD 64

/* The instance of the current run, and what setup made in it. */
static struct vfsim *v;
static struct vfsim_task *t;
static int fds[2], other[2];
static struct watch_notification_filter *filter;

static void start(struct fault_run *r)
{
	v = r->v;
	t = r->t;
	fds[0] = fds[1] = other[0] = other[1] = -1;
}

/* What a failure must not change: the fds. */
static char *fd_count(struct fault_run *r)
{
	char *s;

	cr_assert_neq(asprintf(&s, "fds %u", wqt_count_fds(r->t, NFD)), -1);
	return s;
}

static void free_filter(struct fault_run *r)
{
	free(filter);
	filter = NULL;
}

/* ---- the cases ------------------------------------------------------------------- */

static void setup_none(struct fault_run *r)
{
	start(r);
}

/* pipefs is mounted by the first pipe2(): get that out of the way. */
static void setup_pipefs(struct fault_run *r)
{
	int tmp[2];

	start(r);
	OK(vfsim_pipe2(t, tmp, 0));
	OK(vfsim_close(t, tmp[0]));
	OK(vfsim_close(t, tmp[1]));
}

/* fds 3..14 taken: the second fd of the next pipe needs a bigger table */
static void setup_full_fd_table(struct fault_run *r)
{
	int tmp[2];

	start(r);
	for (int i = 0; i < 6; i++)
		OK(vfsim_pipe2(t, tmp, 0));
}

/* An unsized notification pipe watching object 1 with ID 1. */
static void setup_unsized(struct fault_run *r)
{
	start(r);
	wqt_pipe(t, O_NONBLOCK, 0, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 1));
}

/* A sized notification pipe, not watching anything. */
static void setup_sized(struct fault_run *r)
{
	start(r);
	wqt_pipe(t, O_NONBLOCK, 4, fds);
}

/* A sized pipe watching object 1 with ID 1, with a filter passing subtype 1. */
static void setup_filtered(struct fault_run *r)
{
	struct watch_notification_filter *f = wqt_filter_new(1);

	start(r);
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 1));
	wqt_rule(f, 0, WQT_TYPE, 1u << 1, 0, 0);
	OK(wqt_set_filter(t, fds[0], f));
	free(f);
}

/* Two sized pipes watching object 1 (IDs 1 and 2). */
static void setup_watched(struct fault_run *r)
{
	start(r);
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	wqt_pipe(t, O_NONBLOCK, 4, other);
	OK(vfsim_test_watch(t, fds[0], 1, 1));
	OK(vfsim_test_watch(t, other[0], 1, 2));
}

/* setup_watched with records 1..5 posted to a 4-note queue: "1..4 loss". */
static void setup_queued(struct fault_run *r)
{
	setup_watched(r);
	for (uint32_t i = 1; i <= 5; i++)
		OK(wqt_post_seq(t, 1, i));
}

static void setup_plain(struct fault_run *r)
{
	start(r);
	OK(vfsim_pipe2(t, fds, O_NONBLOCK));
}

static void setup_plain_data(struct fault_run *r)
{
	setup_plain(r);
	OK(vfsim_write(t, fds[1], "abc", 3));
}

/* The last close of a notification pipe with watches and unread records. */
static void setup_last_close(struct fault_run *r)
{
	setup_queued(r);
	OK(vfsim_close(t, fds[1]));
}

/* pipe2 */

static long op_pipe2(struct fault_run *r)
{
	return vfsim_pipe2(t, fds, 0);
}

static long op_pipe2_notification(struct fault_run *r)
{
	return vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK);
}

static void pipe2_ok(struct fault_run *r)
{
	char buf[8];

	cr_assert(fds[0] >= 3 && fds[1] >= 3, "%s %s: fds %d %d", r->c->name, r->what,
		  fds[0], fds[1]);
	/* the pipe works: a plain one carries bytes, a notification one sizes */
	if (wqt_set_size(t, fds[0], 4) == -ENODEV) {
		EXPECT(vfsim_write(t, fds[1], "x", 1), 1);
		EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 1);
	} else {
		EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
		EXPECT(wqt_post_seq(t, 1, 1), 0);
		cr_assert(wqt_reads(t, fds[0], "1"), "%s %s", r->c->name, r->what);
	}
}

/* SET_SIZE: the queue must still be unsized, and size to what it should. */

static unsigned int size_arg;

static long op_set_size(struct fault_run *r)
{
	return wqt_set_size(t, fds[0], size_arg);
}

static void size_fail(struct fault_run *r)
{
	/* still losing everything, and owing a LOSS for it */
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	cr_assert(wqt_reads(t, fds[0], "loss"), "%s %s", r->c->name, r->what);
}

static void size_ok(struct fault_run *r)
{
	char want[8192];
	size_t off = 0;
	unsigned int cap = size_arg == 1 ? 1 : size_arg == 33 ? 64 : 512;
	char *got = malloc(8192);

	cr_assert_not_null(got);
	EXPECT(wqt_set_size(t, fds[0], size_arg), -EBUSY);
	for (unsigned int i = 1; i <= cap + 1; i++) {
		EXPECT(wqt_post_seq(t, 1, i), 0);
		if (i <= cap)
			off += (size_t)snprintf(want + off, sizeof(want) - off, "%u@1 ", i);
	}
	snprintf(want + off, sizeof(want) - off, "loss");
	cr_assert_geq(wqt_drain(t, fds[0], 4096, got, 8192), 0);
	cr_assert_str_eq(got, want, "%s %s: capacity", r->c->name, r->what);
	free(got);
}

/* SET_FILTER: from "subtype 1 only" to "subtype 2 only". */

static long op_set_filter(struct fault_run *r)
{
	return wqt_set_filter(t, fds[0], filter);
}

static void filter_post_both(struct fault_run *r)
{
	EXPECT(wqt_post(t, 1, WQT_TYPE, 1, 16, 0, 1), 0);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 2, 16, 0, 2), 0);
}

static void filter_fail(struct fault_run *r)
{
	filter_post_both(r);
	cr_assert(wqt_reads(t, fds[0], "1@1/s1"), "%s %s", r->c->name, r->what);
}

static void filter_ok(struct fault_run *r)
{
	filter_post_both(r);
	cr_assert(wqt_reads(t, fds[0], "2@1/s2"), "%s %s", r->c->name, r->what);
}

/* watch */

static long op_watch(struct fault_run *r)
{
	return vfsim_test_watch(t, fds[0], 1, 1);
}

static void watch_fail(struct fault_run *r)
{
	EXPECT(vfsim_test_unwatch(t, fds[0], 1), -EBADSLT);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	cr_assert(wqt_reads(t, fds[0], ""), "%s %s", r->c->name, r->what);
}

static void watch_ok(struct fault_run *r)
{
	EXPECT(vfsim_test_watch(t, fds[0], 1, 1), -EBUSY);
	EXPECT(wqt_post_seq(t, 1, 7), 0);
	cr_assert(wqt_reads(t, fds[0], "7@1"), "%s %s", r->c->name, r->what);
}

/* setup_sized plus object 1 already watched by another pipe */
static void setup_object_exists(struct fault_run *r)
{
	setup_sized(r);
	wqt_pipe(t, O_NONBLOCK, 4, other);
	OK(vfsim_test_watch(t, other[0], 1, 2));
}

static void watch_existing_fail(struct fault_run *r)
{
	watch_fail(r);
	cr_assert(wqt_reads(t, other[0], "1@2"), "%s %s", r->c->name, r->what);
}

static void watch_existing_ok(struct fault_run *r)
{
	watch_ok(r);
	cr_assert(wqt_reads(t, other[0], "7@2"), "%s %s", r->c->name, r->what);
}

/* post, unwatch, destroy */

static long op_post(struct fault_run *r)
{
	return wqt_post_seq(t, 1, 9);
}

static void post_ok(struct fault_run *r)
{
	cr_assert(wqt_reads(t, fds[0], "9@1"), "%s %s", r->c->name, r->what);
	cr_assert(wqt_reads(t, other[0], "9@2"), "%s %s", r->c->name, r->what);
}

static long op_unwatch(struct fault_run *r)
{
	return vfsim_test_unwatch(t, fds[0], 1);
}

static void unwatch_ok(struct fault_run *r)
{
	cr_assert(wqt_reads(t, fds[0], "rm:1@1"), "%s %s", r->c->name, r->what);
	EXPECT(wqt_post_seq(t, 1, 3), 0);
	cr_assert(wqt_reads(t, fds[0], ""), "%s %s", r->c->name, r->what);
	cr_assert(wqt_reads(t, other[0], "3@2"), "%s %s", r->c->name, r->what);
}

static long op_destroy(struct fault_run *r)
{
	return vfsim_test_destroy_object(t, 1);
}

static void destroy_ok(struct fault_run *r)
{
	cr_assert(wqt_reads(t, fds[0], "rm:1@1"), "%s %s", r->c->name, r->what);
	cr_assert(wqt_reads(t, other[0], "rm:1@2"), "%s %s", r->c->name, r->what);
	EXPECT(vfsim_test_destroy_object(t, 1), -ENOENT);
}

/* read */

static unsigned char rbuf[512];

static long op_read(struct fault_run *r)
{
	return vfsim_read(t, fds[0], rbuf, sizeof(rbuf));
}

static void read_fail(struct fault_run *r)
{
	cr_assert(wqt_reads(t, fds[0], "1@1 2@1 3@1 4@1 loss"), "%s %s", r->c->name, r->what);
}

static void read_ok(struct fault_run *r)
{
	char text[256] = "";

	EXPECT(r->ret, 64);
	cr_assert_geq(wqt_render(rbuf, (size_t)r->ret, text, sizeof(text)), 0);
	cr_assert_str_eq(text, "1@1 2@1 3@1 4@1", "%s %s", r->c->name, r->what);
	cr_assert(wqt_reads(t, fds[0], "loss"), "%s %s", r->c->name, r->what);
}

/* plain write and read */

static long op_write(struct fault_run *r)
{
	return vfsim_write(t, fds[1], "hello", 5);
}

static int fionread(void)
{
	int n = -1;

	OK(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n));
	return n;
}

static void write_fail(struct fault_run *r)
{
	EXPECT(fionread(), 0);
}

static void write_ok(struct fault_run *r)
{
	EXPECT(fionread() % 5, 0);
	EXPECT(vfsim_read(t, fds[0], rbuf, 5), 5);
	cr_assert(memcmp(rbuf, "hello", 5) == 0);
}

static char two_pages[8192];

static long op_write_two_pages(struct fault_run *r)
{
	return vfsim_write(t, fds[1], two_pages, sizeof(two_pages));
}

/* The second page failing: the first page was written and counts. */
static bool first_page_written(struct fault_run *r)
{
	return r->ret == 4096 && fionread() == 4096;
}

static void write2_fail(struct fault_run *r)
{
	EXPECT(fionread(), r->ret > 0 ? r->ret : 0);
	/* a write cut short is no failure to retry: the pipe goes on */
	if (r->ret > 0) {
		OK(op_write_two_pages(r));
		EXPECT(fionread() % 4096, 0);
	}
}

static void write2_ok(struct fault_run *r)
{
	EXPECT(fionread() % 4096, 0);
}

static long op_read_plain(struct fault_run *r)
{
	return vfsim_read(t, fds[0], rbuf, sizeof(rbuf));
}

static void read_plain_ok(struct fault_run *r)
{
	EXPECT(r->ret, 3);
}

/* the last close */

static long op_close(struct fault_run *r)
{
	return vfsim_close(t, fds[0]);
}

static void close_ok(struct fault_run *r)
{
	/* the other queue keeps its records and its watch */
	cr_assert(wqt_reads(t, other[0], "1@2 2@2 3@2 4@2 loss"), "%s %s", r->c->name, r->what);
	EXPECT(wqt_post_seq(t, 1, 6), 0);
	cr_assert(wqt_reads(t, other[0], "6@2"), "%s %s", r->c->name, r->what);
	EXPECT(vfsim_test_destroy_object(t, 1), 0);
	cr_assert(wqt_reads(t, other[0], "rm:1@2"), "%s %s", r->c->name, r->what);
}

/* Every case: the fds as its snapshot, the filter freed after each run. */
#define WQ_SWEEP(id, ...)						\
	FAULT_ALLOC_TEST(wq_fault_alloc, id, .snapshot = fd_count,	\
			 .cleanup = free_filter, __VA_ARGS__)

/* The first pipe2() also mounts pipefs (superblock, root, mount). */
WQ_SWEEP(pipe2_first, .min_allocs = 8, .setup = setup_none, .op = op_pipe2,
	 .after_ok = pipe2_ok)
WQ_SWEEP(pipe2_notification_first, .min_allocs = 9, .setup = setup_none,
	 .op = op_pipe2_notification, .after_ok = pipe2_ok)
/* dentry, inode, pipe, ring, two files (and the queue) */
WQ_SWEEP(pipe2, .min_allocs = 6, .setup = setup_pipefs, .op = op_pipe2, .after_ok = pipe2_ok)
WQ_SWEEP(pipe2_notification, .min_allocs = 7, .setup = setup_pipefs,
	 .op = op_pipe2_notification, .after_ok = pipe2_ok)
/* the fd table grows between the two fds: the first one must be given back */
WQ_SWEEP(pipe2_grows_fd_table, .min_allocs = 7, .setup = setup_full_fd_table, .op = op_pipe2,
	 .after_ok = pipe2_ok)

static void setup_size_1(struct fault_run *r) { setup_unsized(r); size_arg = 1; }
static void setup_size_33(struct fault_run *r) { setup_unsized(r); size_arg = 33; }
static void setup_size_512(struct fault_run *r) { setup_unsized(r); size_arg = 512; }

/* ring, page array, pages (1, 2, 16), bitmap */
WQ_SWEEP(set_size_1, .min_allocs = 4, .setup = setup_size_1, .op = op_set_size,
	 .after_fail = size_fail, .after_ok = size_ok)
WQ_SWEEP(set_size_33, .min_allocs = 5, .setup = setup_size_33, .op = op_set_size,
	 .after_fail = size_fail, .after_ok = size_ok)
WQ_SWEEP(set_size_512, .min_allocs = 19, .setup = setup_size_512, .op = op_set_size,
	 .after_fail = size_fail, .after_ok = size_ok)

static void setup_filter_1(struct fault_run *r)
{
	setup_filtered(r);
	filter = wqt_filter_new(1);
	wqt_rule(filter, 0, WQT_TYPE, 1u << 2, 0, 0);
}

static void setup_filter_16(struct fault_run *r)
{
	setup_filtered(r);
	filter = wqt_filter_new(16);
	for (unsigned int i = 0; i < 16; i++)
		wqt_rule(filter, i, i < 15 ? WATCH_TYPE_SB_NOTIFY : WQT_TYPE, 1u << 2, 0, 0);
}

/* the rules' copy and the kernel filter */
WQ_SWEEP(set_filter, .min_allocs = 2, .setup = setup_filter_1, .op = op_set_filter,
	 .after_fail = filter_fail, .after_ok = filter_ok)
WQ_SWEEP(set_filter_16_rules, .min_allocs = 2, .setup = setup_filter_16, .op = op_set_filter,
	 .after_fail = filter_fail, .after_ok = filter_ok)

/* the watch, and a new object with its list */
WQ_SWEEP(watch_new_object, .min_allocs = 3, .setup = setup_sized, .op = op_watch,
	 .after_fail = watch_fail, .after_ok = watch_ok)
WQ_SWEEP(watch_existing_object, .min_allocs = 1, .setup = setup_object_exists, .op = op_watch,
	 .after_fail = watch_existing_fail, .after_ok = watch_existing_ok)

/*
 * What allocates nothing, as in the kernel, so cannot fail for memory:
 *   - a post: post_watch_notification() runs under RCU and the queue's
 *     spinlock and fills a note of the ring SET_SIZE allocated;
 *   - removing a watch or a watched object: remove_watch_from_object()
 *     and remove_watch_list() post a REMOVAL record (a post, as above) and
 *     free the watch and the list (kfree_rcu);
 *   - a read: watch_queue's pipe_read() copies notes out and releases
 *     them, a plain pipe's gives its pages back;
 *   - the last close: free_pipe_info() and watch_queue_clear() only free.
 * Each is run once and checked; a failure point would fail the claim.
 */
WQ_SWEEP(post, .allocates_nothing = true, .setup = setup_watched, .op = op_post,
	 .after_ok = post_ok)
WQ_SWEEP(unwatch, .allocates_nothing = true, .setup = setup_watched, .op = op_unwatch,
	 .after_ok = unwatch_ok)
WQ_SWEEP(destroy_object, .allocates_nothing = true, .setup = setup_watched, .op = op_destroy,
	 .after_ok = destroy_ok)
WQ_SWEEP(read, .allocates_nothing = true, .setup = setup_queued, .op = op_read,
	 .after_fail = read_fail, .after_ok = read_ok)
WQ_SWEEP(read_plain, .allocates_nothing = true, .setup = setup_plain_data,
	 .op = op_read_plain, .after_ok = read_plain_ok)
WQ_SWEEP(last_close, .allocates_nothing = true, .setup = setup_last_close, .op = op_close,
	 .after_ok = close_ok)

/* a page for the bytes */
WQ_SWEEP(write, .min_allocs = 1, .setup = setup_plain, .op = op_write,
	 .after_fail = write_fail, .after_ok = write_ok)
/* the second page failing: the first page was written and counts */
WQ_SWEEP(write_two_pages, .min_allocs = 2, .setup = setup_plain, .op = op_write_two_pages,
	 .partial_ok = first_page_written, .after_fail = write2_fail, .after_ok = write2_ok)
