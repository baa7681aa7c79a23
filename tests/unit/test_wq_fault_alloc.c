/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps over the notification-pipe entry
 * points (as tests/unit/test_vfs_fault_alloc.c does for the mount
 * operations): for n = 1, 2, 3, ... build the starting state in a fresh
 * instance, make the n-th allocation of the call fail, and check that
 *   - the call returned -ENOMEM (or the result the case documents),
 *   - no fd was left behind (and none taken away),
 *   - the state is as before, by what the case can see of it (the queue
 *     still unsized, the old filter still in force, no watch added, ...),
 *   - vfsim_check_invariants() holds and no WARN_ON fired,
 *   - the same call, run again without a fault, succeeds and works,
 *   - vfsim_destroy_check() finds no leak.
 * The sweep stops at the first n whose fault did not fire; the call must
 * then have succeeded.  Each sweep logs how many failure points it had.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "common/vfstest.h"
#include "common/wqtest.h"
#include "common/check.h"

#define NFD 64

/* The instance of the current run, and what setup made in it. */
static struct vfsim *v;
static struct vfsim_task *t;
static int fds[2], other[2];
static struct watch_notification_filter *filter;

#define EQ(expr, want, what, n) do {					\
		long __g = (long)(expr), __w = (long)(want);		\
		cr_assert_eq(__g, __w, "%s n=%lu: %s: got %ld (%s), want %ld",	\
			     (what), (n), #expr, __g,			\
			     __g < 0 ? vfsim_errno_name((int)-__g) : "", __w); \
	} while (0)

static void expect_text(const char *case_name, unsigned long n, int fd, const char *want)
{
	char text[512];

	cr_assert_geq(wqt_drain(t, fd, 512, text, sizeof(text)), 0);
	cr_assert_str_eq(text, want, "%s n=%lu: read back", case_name, n);
}

/* ---- the cases ------------------------------------------------------------------- */

struct sweep_case {
	const char *name;
	void (*setup)(void);
	long (*op)(void);
	/* after a failure: the state is as before the call */
	void (*after_fail)(const char *name, unsigned long n, long ret);
	/* after a success (the last run, and every retry): it worked */
	void (*after_ok)(const char *name, unsigned long n, long ret);
	/* a result other than -ENOMEM a failed allocation may give */
	bool (*alt_ret)(long ret);
	/* the call cannot be repeated once it succeeded */
	bool no_retry;
};

static void setup_none(void)
{
}

/* pipefs is mounted by the first pipe2(): get that out of the way. */
static void setup_pipefs(void)
{
	int tmp[2];

	OK(vfsim_pipe2(t, tmp, 0));
	OK(vfsim_close(t, tmp[0]));
	OK(vfsim_close(t, tmp[1]));
}

/* fds 3..14 taken: the second fd of the next pipe needs a bigger table */
static void setup_full_fd_table(void)
{
	int tmp[2];

	for (int i = 0; i < 6; i++)
		OK(vfsim_pipe2(t, tmp, 0));
}

/* An unsized notification pipe watching object 1 with ID 1. */
static void setup_unsized(void)
{
	wqt_pipe(t, O_NONBLOCK, 0, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 1));
}

/* A sized notification pipe, not watching anything. */
static void setup_sized(void)
{
	wqt_pipe(t, O_NONBLOCK, 4, fds);
}

/* A sized pipe watching object 1 with ID 1, with a filter passing subtype 1. */
static void setup_filtered(void)
{
	struct watch_notification_filter *f = wqt_filter_new(1);

	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 1));
	wqt_rule(f, 0, WQT_TYPE, 1u << 1, 0, 0);
	OK(wqt_set_filter(t, fds[0], f));
	free(f);
}

/* Two sized pipes watching object 1 (IDs 1 and 2). */
static void setup_watched(void)
{
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	wqt_pipe(t, O_NONBLOCK, 4, other);
	OK(vfsim_test_watch(t, fds[0], 1, 1));
	OK(vfsim_test_watch(t, other[0], 1, 2));
}

/* setup_watched with records 1..5 posted to a 4-note queue: "1..4 loss". */
static void setup_queued(void)
{
	setup_watched();
	for (uint32_t i = 1; i <= 5; i++)
		OK(wqt_post_seq(t, 1, i));
}

static void setup_plain(void)
{
	OK(vfsim_pipe2(t, fds, O_NONBLOCK));
}

static void setup_plain_data(void)
{
	setup_plain();
	OK(vfsim_write(t, fds[1], "abc", 3));
}

/* The last close of a notification pipe with watches and unread records. */
static void setup_last_close(void)
{
	setup_queued();
	OK(vfsim_close(t, fds[1]));
}

/* pipe2 */

static long op_pipe2(void)
{
	return vfsim_pipe2(t, fds, 0);
}

static long op_pipe2_notification(void)
{
	return vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK);
}

static void pipe2_ok(const char *name, unsigned long n, long ret)
{
	char buf[8];

	(void)ret;
	cr_assert(fds[0] >= 3 && fds[1] >= 3, "%s n=%lu: fds %d %d", name, n, fds[0], fds[1]);
	/* the pipe works: a plain one carries bytes, a notification one sizes */
	if (wqt_set_size(t, fds[0], 4) == -ENODEV) {
		EQ(vfsim_write(t, fds[1], "x", 1), 1, name, n);
		EQ(vfsim_read(t, fds[0], buf, sizeof(buf)), 1, name, n);
	} else {
		EQ(vfsim_test_watch(t, fds[0], 1, 0), 0, name, n);
		EQ(wqt_post_seq(t, 1, 1), 0, name, n);
		expect_text(name, n, fds[0], "1");
	}
}

/* SET_SIZE: the queue must still be unsized, and size to what it should. */

static unsigned int size_arg;

static long op_set_size(void)
{
	return wqt_set_size(t, fds[0], size_arg);
}

static void size_fail(const char *name, unsigned long n, long ret)
{
	(void)ret;
	/* still losing everything, and owing a LOSS for it */
	EQ(wqt_post_seq(t, 1, 1), 0, name, n);
	expect_text(name, n, fds[0], "loss");
}

static void size_ok(const char *name, unsigned long n, long ret)
{
	char want[8192];
	size_t off = 0;
	unsigned int cap = size_arg == 1 ? 1 : size_arg == 33 ? 64 : 512;
	char *got = malloc(8192);

	(void)ret;
	cr_assert_not_null(got);
	EQ(wqt_set_size(t, fds[0], size_arg), -EBUSY, name, n);
	for (unsigned int i = 1; i <= cap + 1; i++) {
		EQ(wqt_post_seq(t, 1, i), 0, name, n);
		if (i <= cap)
			off += (size_t)snprintf(want + off, sizeof(want) - off, "%u@1 ", i);
	}
	snprintf(want + off, sizeof(want) - off, "loss");
	cr_assert_geq(wqt_drain(t, fds[0], 4096, got, 8192), 0);
	cr_assert_str_eq(got, want, "%s n=%lu: capacity", name, n);
	free(got);
}

/* SET_FILTER: from "subtype 1 only" to "subtype 2 only". */

static long op_set_filter(void)
{
	return wqt_set_filter(t, fds[0], filter);
}

static void filter_post_both(const char *name, unsigned long n)
{
	EQ(wqt_post(t, 1, WQT_TYPE, 1, 16, 0, 1), 0, name, n);
	EQ(wqt_post(t, 1, WQT_TYPE, 2, 16, 0, 2), 0, name, n);
}

static void filter_fail(const char *name, unsigned long n, long ret)
{
	(void)ret;
	filter_post_both(name, n);
	expect_text(name, n, fds[0], "1@1/s1");
}

static void filter_ok(const char *name, unsigned long n, long ret)
{
	(void)ret;
	filter_post_both(name, n);
	expect_text(name, n, fds[0], "2@1/s2");
}

/* watch */

static long op_watch(void)
{
	return vfsim_test_watch(t, fds[0], 1, 1);
}

static void watch_fail(const char *name, unsigned long n, long ret)
{
	(void)ret;
	EQ(vfsim_test_unwatch(t, fds[0], 1), -EBADSLT, name, n);
	EQ(wqt_post_seq(t, 1, 1), 0, name, n);
	expect_text(name, n, fds[0], "");
}

static void watch_ok(const char *name, unsigned long n, long ret)
{
	(void)ret;
	EQ(vfsim_test_watch(t, fds[0], 1, 1), -EBUSY, name, n);
	EQ(wqt_post_seq(t, 1, 7), 0, name, n);
	expect_text(name, n, fds[0], "7@1");
}

/* setup_sized plus object 1 already watched by another pipe */
static void setup_object_exists(void)
{
	setup_sized();
	wqt_pipe(t, O_NONBLOCK, 4, other);
	OK(vfsim_test_watch(t, other[0], 1, 2));
}

static void watch_existing_fail(const char *name, unsigned long n, long ret)
{
	watch_fail(name, n, ret);
	expect_text(name, n, other[0], "1@2");
}

static void watch_existing_ok(const char *name, unsigned long n, long ret)
{
	watch_ok(name, n, ret);
	expect_text(name, n, other[0], "7@2");
}

/* post, unwatch, destroy */

static long op_post(void)
{
	return wqt_post_seq(t, 1, 9);
}

static void post_ok(const char *name, unsigned long n, long ret)
{
	(void)ret;
	expect_text(name, n, fds[0], "9@1");
	expect_text(name, n, other[0], "9@2");
}

static long op_unwatch(void)
{
	return vfsim_test_unwatch(t, fds[0], 1);
}

static void unwatch_ok(const char *name, unsigned long n, long ret)
{
	(void)ret;
	expect_text(name, n, fds[0], "rm:1@1");
	EQ(wqt_post_seq(t, 1, 3), 0, name, n);
	expect_text(name, n, fds[0], "");
	expect_text(name, n, other[0], "3@2");
}

static long op_destroy(void)
{
	return vfsim_test_destroy_object(t, 1);
}

static void destroy_ok(const char *name, unsigned long n, long ret)
{
	(void)ret;
	expect_text(name, n, fds[0], "rm:1@1");
	expect_text(name, n, other[0], "rm:1@2");
	EQ(vfsim_test_destroy_object(t, 1), -ENOENT, name, n);
}

/* read */

static unsigned char rbuf[512];

static long op_read(void)
{
	return vfsim_read(t, fds[0], rbuf, sizeof(rbuf));
}

static void read_fail(const char *name, unsigned long n, long ret)
{
	(void)ret;
	expect_text(name, n, fds[0], "1@1 2@1 3@1 4@1 loss");
}

static void read_ok(const char *name, unsigned long n, long ret)
{
	char text[256] = "";

	if (ret == 0)	/* a retry: the first run read it all */
		return;
	EQ(ret, 64, name, n);
	cr_assert_geq(wqt_render(rbuf, (size_t)ret, text, sizeof(text)), 0);
	cr_assert_str_eq(text, "1@1 2@1 3@1 4@1", "%s n=%lu", name, n);
	expect_text(name, n, fds[0], "loss");
}

/* plain write and read */

static long op_write(void)
{
	return vfsim_write(t, fds[1], "hello", 5);
}

static int fionread(void)
{
	int n = -1;

	OK(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n));
	return n;
}

static void write_fail(const char *name, unsigned long n, long ret)
{
	(void)ret;
	EQ(fionread(), 0, name, n);
}

static void write_ok(const char *name, unsigned long n, long ret)
{
	(void)ret;
	EQ(fionread() % 5, 0, name, n);
	EQ(vfsim_read(t, fds[0], rbuf, 5), 5, name, n);
	cr_assert(memcmp(rbuf, "hello", 5) == 0);
}

static char two_pages[8192];

static long op_write_two_pages(void)
{
	return vfsim_write(t, fds[1], two_pages, sizeof(two_pages));
}

/* The second page failing: the first page was written and counts. */
static bool first_page_written(long ret)
{
	return ret == 4096 && fionread() == 4096;
}

static void write2_fail(const char *name, unsigned long n, long ret)
{
	EQ(fionread(), ret > 0 ? ret : 0, name, n);
}

static void write2_ok(const char *name, unsigned long n, long ret)
{
	(void)ret;
	EQ(fionread() % 4096, 0, name, n);
}

static long op_read_plain(void)
{
	return vfsim_read(t, fds[0], rbuf, sizeof(rbuf));
}

static void read_plain_ok(const char *name, unsigned long n, long ret)
{
	if (ret == -EAGAIN)	/* a retry */
		return;
	EQ(ret, 3, name, n);
}

/* the last close */

static long op_close(void)
{
	return vfsim_close(t, fds[0]);
}

static void close_ok(const char *name, unsigned long n, long ret)
{
	(void)ret;
	/* the other queue keeps its records and its watch */
	expect_text(name, n, other[0], "1@2 2@2 3@2 4@2 loss");
	EQ(wqt_post_seq(t, 1, 6), 0, name, n);
	expect_text(name, n, other[0], "6@2");
	EQ(vfsim_test_destroy_object(t, 1), 0, name, n);
	expect_text(name, n, other[0], "rm:1@2");
}

/* ---- the sweep ------------------------------------------------------------------- */

static void check_clean(const char *name, unsigned long n)
{
	char why[256] = "";

	cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), 0,
		     "%s n=%lu: invariant: %s", name, n, why);
	cr_assert_eq(vfsim_warn_count(v), 0, "%s n=%lu: WARN_ON fired", name, n);
}

static unsigned long sweep(const struct sweep_case *c)
{
	unsigned long n;

	for (n = 1;; n++) {
		unsigned int fds_before;
		bool fired;
		long ret;

		v = vt_boot("empty");
		t = vfsim_init_task(v);
		fds[0] = fds[1] = other[0] = other[1] = -1;
		c->setup();
		fds_before = wqt_count_fds(t, NFD);

		vfsim_fail_nth_alloc(v, n);
		ret = c->op();
		fired = vfsim_alloc_fault_fired(v);
		vfsim_fail_nth_alloc(v, 0);

		if (fired) {
			cr_assert(ret == -ENOMEM || (c->alt_ret && c->alt_ret(ret)),
				  "%s n=%lu: returned %ld (%s), want -ENOMEM", c->name, n,
				  ret, ret < 0 ? vfsim_errno_name((int)-ret) : "");
			if (ret < 0)
				cr_assert_eq(wqt_count_fds(t, NFD), fds_before,
					     "%s n=%lu: fds %u before, %u after", c->name, n,
					     fds_before, wqt_count_fds(t, NFD));
			check_clean(c->name, n);
			if (c->after_fail)
				c->after_fail(c->name, n, ret);
			if (!c->no_retry) {
				ret = c->op();
				cr_assert(ret >= 0, "%s n=%lu: retry without a fault: %ld (%s)",
					  c->name, n, ret, vfsim_errno_name((int)-ret));
				if (c->after_ok)
					c->after_ok(c->name, n, ret);
			}
		} else {
			cr_assert(ret >= 0, "%s n=%lu: no fault, but %ld (%s)", c->name, n,
				  ret, vfsim_errno_name((int)-ret));
			check_clean(c->name, n);
			if (c->after_ok)
				c->after_ok(c->name, n, ret);
		}
		check_clean(c->name, n);
		cr_assert_eq(vfsim_destroy_check(v, stderr), 0,
			     "%s n=%lu: leak or teardown warning", c->name, n);
		free(filter);
		filter = NULL;
		if (!fired)
			break;
	}
	cr_log_info("%s: %lu allocation failure points", c->name, n - 1);
	fprintf(stderr, "sweep %-26s %4lu failure points\n", c->name, n - 1);
	return n - 1;
}

#define SWEEP(id, min_points, ...)					\
	Test(wq_fault_alloc, id)					\
	{								\
		static const struct sweep_case c = { .name = #id, __VA_ARGS__ }; \
		unsigned long points = sweep(&c);			\
		cr_assert_geq(points, (min_points),			\
			      #id ": only %lu failure points", points);	\
	}

/* The first pipe2() also mounts pipefs (superblock, root, mount). */
SWEEP(pipe2_first, 8, .setup = setup_none, .op = op_pipe2, .after_ok = pipe2_ok)
SWEEP(pipe2_notification_first, 9, .setup = setup_none, .op = op_pipe2_notification,
      .after_ok = pipe2_ok)
/* dentry, inode, pipe, ring, two files (and the queue) */
SWEEP(pipe2, 6, .setup = setup_pipefs, .op = op_pipe2, .after_ok = pipe2_ok)
SWEEP(pipe2_notification, 7, .setup = setup_pipefs, .op = op_pipe2_notification,
      .after_ok = pipe2_ok)
/* the fd table grows between the two fds: the first one must be given back */
SWEEP(pipe2_grows_fd_table, 7, .setup = setup_full_fd_table, .op = op_pipe2,
      .after_ok = pipe2_ok)

static void setup_size_1(void) { setup_unsized(); size_arg = 1; }
static void setup_size_33(void) { setup_unsized(); size_arg = 33; }
static void setup_size_512(void) { setup_unsized(); size_arg = 512; }

/* ring, page array, pages (1, 2, 16), bitmap */
SWEEP(set_size_1, 4, .setup = setup_size_1, .op = op_set_size, .after_fail = size_fail,
      .after_ok = size_ok)
SWEEP(set_size_33, 5, .setup = setup_size_33, .op = op_set_size, .after_fail = size_fail,
      .after_ok = size_ok)
SWEEP(set_size_512, 19, .setup = setup_size_512, .op = op_set_size,
      .after_fail = size_fail, .after_ok = size_ok)

static void setup_filter_1(void)
{
	setup_filtered();
	filter = wqt_filter_new(1);
	wqt_rule(filter, 0, WQT_TYPE, 1u << 2, 0, 0);
}

static void setup_filter_16(void)
{
	setup_filtered();
	filter = wqt_filter_new(16);
	for (unsigned int i = 0; i < 16; i++)
		wqt_rule(filter, i, i < 15 ? WATCH_TYPE_SB_NOTIFY : WQT_TYPE, 1u << 2, 0, 0);
}

/* the rules' copy and the kernel filter */
SWEEP(set_filter, 2, .setup = setup_filter_1, .op = op_set_filter,
      .after_fail = filter_fail, .after_ok = filter_ok)
SWEEP(set_filter_16_rules, 2, .setup = setup_filter_16, .op = op_set_filter,
      .after_fail = filter_fail, .after_ok = filter_ok)

/* the watch, and a new object with its list */
SWEEP(watch_new_object, 3, .setup = setup_sized, .op = op_watch,
      .after_fail = watch_fail, .after_ok = watch_ok)
SWEEP(watch_existing_object, 1, .setup = setup_object_exists, .op = op_watch,
      .after_fail = watch_existing_fail, .after_ok = watch_existing_ok)
/* Posting never allocates (the kernel posts under spinlocks): 0 points. */
SWEEP(post, 0, .setup = setup_watched, .op = op_post, .after_ok = post_ok, .no_retry = true)
SWEEP(unwatch, 0, .setup = setup_watched, .op = op_unwatch, .after_ok = unwatch_ok,
      .no_retry = true)
SWEEP(destroy_object, 0, .setup = setup_watched, .op = op_destroy, .after_ok = destroy_ok,
      .no_retry = true)
SWEEP(read, 0, .setup = setup_queued, .op = op_read, .after_fail = read_fail,
      .after_ok = read_ok, .no_retry = true)
/* a page for the bytes */
SWEEP(write, 1, .setup = setup_plain, .op = op_write, .after_fail = write_fail,
      .after_ok = write_ok)
SWEEP(write_two_pages, 2, .setup = setup_plain, .op = op_write_two_pages,
      .alt_ret = first_page_written, .after_fail = write2_fail, .after_ok = write2_ok)
SWEEP(read_plain, 0, .setup = setup_plain_data, .op = op_read_plain,
      .after_ok = read_plain_ok)
SWEEP(last_close, 0, .setup = setup_last_close, .op = op_close, .after_ok = close_ok,
      .no_retry = true)
