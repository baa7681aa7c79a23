/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User-copy fault sweeps (common/fault_sweep.h) over the notification-pipe
 * entry points that take a user pointer.  For each call:
 *   - a pointer into the first page, and the whole user buffer unmapped:
 *     -EFAULT (for write() to a notification pipe: -EXDEV, before any copy);
 *   - a countdown over its user copies, the fault at once and after 3
 *     bytes (a partial copy); the number of copies is the one the case
 *     documents, and the result of each fault the one .want gives;
 *   - after every run the case checks what the call left: no fd behind a
 *     failed pipe2(), the old filter after a failed SET_FILTER, records not
 *     copied still queued and in order, nothing posted by a failed post;
 *   - a failed call, made again, gives what an unfaulted one gives (apart,
 *     where the check of the failed state reads what the retry would);
 *   - vfsim_check_invariants() holds, no WARN_ON, no leak.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

#define NFD 64
#define UBUF 8192

static struct vfsim *v;
static struct vfsim_task *t;
static int fds[2];
/* "User memory": the call's buffer, which the sweep may mark unmapped. */
static unsigned char *ubuf;

static void start(struct fault_run *r)
{
	v = r->v;
	t = r->t;
	fds[0] = fds[1] = -1;
	ubuf = r->args[0];
}

static unsigned int faulted(struct fault_run *r)
{
	return r->fired ? (unsigned int)r->n : 0;
}

static long want_efault_or_0(struct fault_run *r)
{
	unsigned int n = faulted(r);

	return n ? -EFAULT : 0;
}

/* ---- pipe2: one copy, of the two fds ------------------------------------------- */

static void setup_nothing(struct fault_run *r)
{
	start(r);
}

static long op_pipe2(struct fault_run *r)
{
	return vfsim_pipe2(t, r->args[0], 0);
}

static long op_pipe2_notification(struct fault_run *r)
{
	return vfsim_pipe2(t, r->args[0], O_NOTIFICATION_PIPE);
}

static void check_pipe2(struct fault_run *r)
{
	unsigned int n = faulted(r);

	cr_assert_eq(wqt_count_fds(t, NFD), n ? 0 : 2, "%s: fds left", r->what);
}

/* ---- SET_FILTER: the header, then the rules ------------------------------------- */

static unsigned int nr_rules;

/* A pipe watching object 1 whose filter passes subtype 1; in ubuf, one
 * passing subtype 2. */
static void setup_filter(struct fault_run *r)
{
	struct watch_notification_filter *f = wqt_filter_new(nr_rules);

	start(r);
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 0));
	wqt_rule(f, 0, WQT_TYPE, 1u << 1, 0, 0);
	f->nr_filters = 1;
	OK(wqt_set_filter(t, fds[0], f));
	for (unsigned int i = 0; i < nr_rules; i++)
		wqt_rule(f, i, i + 1 < nr_rules ? WATCH_TYPE_SB_NOTIFY : WQT_TYPE, 1u << 2, 0, 0);
	f->nr_filters = nr_rules;
	memcpy(ubuf, f, wqt_filter_size(nr_rules));
	free(f);
}

static void setup_filter_1(struct fault_run *r)
{
	nr_rules = 1;
	setup_filter(r);
}

static void setup_filter_16(struct fault_run *r)
{
	nr_rules = 16;
	setup_filter(r);
}

static long op_set_filter(struct fault_run *r)
{
	return wqt_set_filter(t, fds[0], r->args[0]);
}

static void check_filter(struct fault_run *r)
{
	unsigned int n = faulted(r);

	OK(wqt_post(t, 1, WQT_TYPE, 1, 16, 0, 1));
	OK(wqt_post(t, 1, WQT_TYPE, 2, 16, 0, 2));
	cr_assert(wqt_reads(t, fds[0], n ? "1/s1" : "2/s2"), "%s", r->what);
}

/* ---- read: a copy per record, and one for a LOSS ---------------------------------- */

/* "4 loss 6" queued: record 4 carries the loss mark, record 6 follows. */
static void setup_read(struct fault_run *r)
{
	char text[128];

	start(r);
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 0));
	for (uint32_t i = 1; i <= 5; i++)
		OK(wqt_post_seq(t, 1, i));
	OK(vfsim_read(t, fds[0], text, 48));
	OK(wqt_post_seq(t, 1, 6));
}

static long op_read(struct fault_run *r)
{
	return vfsim_read(t, fds[0], r->args[0], UBUF);
}

static long want_read(struct fault_run *r)
{
	static const long ret[] = { 40, -EFAULT, 16, 24 };

	return ret[faulted(r)];
}

/* What the call returned and what stayed queued make up the whole, in order. */
static void check_read(struct fault_run *r)
{
	char text[512] = "", rest[512];

	if (r->ret > 0)
		cr_assert_geq(wqt_render(ubuf, (size_t)r->ret, text, sizeof(text)), 1);
	cr_assert_geq(wqt_drain(t, fds[0], 512, rest, sizeof(rest)), 0);
	if (text[0] && rest[0])
		strcat(text, " ");
	strcat(text, rest);
	cr_assert_str_eq(text, "4 loss 6", "%s: records", r->what);
}

/* ---- FIONREAD: one copy out ---------------------------------------------------- */

static void setup_fionread(struct fault_run *r)
{
	start(r);
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 0));
	OK(wqt_post(t, 1, WQT_TYPE, 0, 40, 0, 1));
	memset(ubuf, 0xff, sizeof(int));
}

static long op_fionread(struct fault_run *r)
{
	return vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)r->args[0]);
}

static void check_fionread(struct fault_run *r)
{
	unsigned int n = faulted(r);

	int got;

	memcpy(&got, ubuf, sizeof(got));
	if (!n)
		cr_assert_eq(got, 40, "%s: FIONREAD gave %d", r->what, got);
	cr_assert(wqt_reads(t, fds[0], "1/l40"), "%s", r->what);
}

/* ---- vfsim_test_post: the header, then the whole record ----------------------------- */

static void setup_post(struct fault_run *r)
{
	start(r);
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 3));
	wqt_record(ubuf, WQT_TYPE, 5, 100, 0, 77);
}

static long op_post(struct fault_run *r)
{
	return vfsim_test_post(t, 1, r->args[0]);
}

static void check_post(struct fault_run *r)
{
	unsigned int n = faulted(r);

	cr_assert(wqt_reads(t, fds[0], n ? "" : "77@3/s5/l100"), "%s", r->what);
}

/* ---- plain pipes: read and write ------------------------------------------------ */

static void setup_plain_read(struct fault_run *r)
{
	start(r);
	OK(vfsim_pipe2(t, fds, O_NONBLOCK));
	OK(vfsim_write(t, fds[1], "hello", 5));
}

static long op_plain_read(struct fault_run *r)
{
	return vfsim_read(t, fds[0], r->args[0], 5);
}

/* A plain read or write of 5 bytes: all of them, or EFAULT when the one
 * copy faulted. */
static long want_5_bytes(struct fault_run *r)
{
	unsigned int n = faulted(r);

	return n ? -EFAULT : 5;
}

static void check_plain_read(struct fault_run *r)
{
	unsigned int n = faulted(r);

	char buf[8];

	if (n) {
		cr_assert_eq(vfsim_read(t, fds[0], buf, sizeof(buf)), 5, "%s: data kept", r->what);
		cr_assert(memcmp(buf, "hello", 5) == 0);
	} else {
		cr_assert(memcmp(ubuf, "hello", 5) == 0);
	}
}

static void setup_plain_write(struct fault_run *r)
{
	start(r);
	OK(vfsim_pipe2(t, fds, O_NONBLOCK));
	memcpy(ubuf, "hello", 5);
}

/* "ab" in the pipe first: "hello" goes into the same page (merged) */
static void setup_plain_merge(struct fault_run *r)
{
	setup_plain_write(r);
	OK(vfsim_write(t, fds[1], "ab", 2));
}

static long op_plain_write(struct fault_run *r)
{
	return vfsim_write(t, fds[1], r->args[0], 5);
}

static int fionread(void)
{
	int n = -1;

	OK(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n));
	return n;
}

static void check_plain_write(struct fault_run *r)
{
	unsigned int n = faulted(r);

	cr_assert_eq(fionread(), n ? 0 : 5, "%s: bytes in the pipe", r->what);
}

static void check_plain_merge(struct fault_run *r)
{
	unsigned int n = faulted(r);

	char buf[16];

	cr_assert_eq(vfsim_read(t, fds[0], buf, sizeof(buf)), n ? 2 : 7, "%s", r->what);
	cr_assert(memcmp(buf, n ? "ab" : "abhello", n ? 2 : 7) == 0, "%s: bytes", r->what);
}

/* Two pages: a copy each; a fault in the second returns the first page. */
static void setup_plain_two_pages(struct fault_run *r)
{
	start(r);
	OK(vfsim_pipe2(t, fds, O_NONBLOCK));
	memset(ubuf, 'p', UBUF);
}

static long op_plain_write_big(struct fault_run *r)
{
	return vfsim_write(t, fds[1], r->args[0], 8192);
}

static long want_plain_write_big(struct fault_run *r)
{
	static const long ret[] = { 8192, -EFAULT, 4096 };

	return ret[faulted(r)];
}

static void check_plain_write_big(struct fault_run *r)
{
	cr_assert_eq(fionread(), r->ret > 0 ? r->ret : 0, "%s: bytes in the pipe", r->what);
}

/* write() to a notification pipe is refused before any copy. */
static void setup_notification_write(struct fault_run *r)
{
	start(r);
	wqt_pipe(t, O_NONBLOCK, 4, fds);
}

static long op_notification_write(struct fault_run *r)
{
	return vfsim_write(t, fds[1], r->args[0], 16);
}

static long want_exdev(struct fault_run *r)
{
	return -EXDEV;
}


/* ---- the sweeps -------------------------------------------------------------- */

/* the call's user memory: one buffer of UBUF bytes */
#define WQ_UACCESS(id, ...)						\
	FAULT_UACCESS_TEST(wq_fault_uaccess, id, .nargs = 1, .buf_size = UBUF, __VA_ARGS__)

/* pipe2: one copy, of the two fds */
WQ_UACCESS(pipe2, .setup = setup_nothing, .op = op_pipe2, .copies = 1,
	   .want = want_efault_or_0, .after_fail = check_pipe2, .after_ok = check_pipe2)
WQ_UACCESS(pipe2_notification, .setup = setup_nothing, .op = op_pipe2_notification,
	   .copies = 1, .want = want_efault_or_0, .after_fail = check_pipe2,
	   .after_ok = check_pipe2)
/* SET_FILTER: the header, then the rules */
WQ_UACCESS(set_filter, .setup = setup_filter_1, .op = op_set_filter, .copies = 2,
	   .want = want_efault_or_0, .after_fail = check_filter, .after_ok = check_filter)
WQ_UACCESS(set_filter_16_rules, .setup = setup_filter_16, .op = op_set_filter, .copies = 2,
	   .want = want_efault_or_0, .after_fail = check_filter, .after_ok = check_filter)
/* read: a copy per record, and one for a LOSS; the check drains the pipe */
WQ_UACCESS(read, .setup = setup_read, .op = op_read, .copies = 3, .want = want_read,
	   .after_fail = check_read, .after_ok = check_read, .retry_apart = true)
/* FIONREAD: one copy out; the check drains the pipe */
WQ_UACCESS(fionread, .setup = setup_fionread, .op = op_fionread, .copies = 1,
	   .want = want_efault_or_0, .after_fail = check_fionread,
	   .after_ok = check_fionread, .retry_apart = true)
/* vfsim_test_post: the header, then the whole record */
WQ_UACCESS(test_post, .setup = setup_post, .op = op_post, .copies = 2,
	   .want = want_efault_or_0, .after_fail = check_post, .after_ok = check_post)
/* plain pipes; the checks of read and of the merged write read the pipe */
WQ_UACCESS(plain_read, .setup = setup_plain_read, .op = op_plain_read, .copies = 1,
	   .want = want_5_bytes, .after_fail = check_plain_read,
	   .after_ok = check_plain_read, .retry_apart = true)
WQ_UACCESS(plain_write, .setup = setup_plain_write, .op = op_plain_write, .copies = 1,
	   .want = want_5_bytes, .after_fail = check_plain_write,
	   .after_ok = check_plain_write)
WQ_UACCESS(plain_write_merged, .setup = setup_plain_merge, .op = op_plain_write, .copies = 1,
	   .want = want_5_bytes, .after_fail = check_plain_merge,
	   .after_ok = check_plain_merge, .retry_apart = true)
/* two pages: a copy each; a fault in the second returns the first page */
WQ_UACCESS(plain_write_two_pages, .setup = setup_plain_two_pages, .op = op_plain_write_big,
	   .copies = 2, .want = want_plain_write_big, .after_fail = check_plain_write_big,
	   .after_ok = check_plain_write_big)
/* write() to a notification pipe is refused (-EXDEV, pipe_write()'s
 * first test) before it looks at the buffer: no copy to fault */
WQ_UACCESS(notification_write, .setup = setup_notification_write,
	   .op = op_notification_write, .copies_nothing = true, .want = want_exdev)

/* Watching, unwatching and destroying take no user pointer: no copy at all. */
Test(wq_fault_uaccess, watch_calls_copy_nothing)
{
	int p[2];

	v = vt_boot("empty");
	t = vfsim_init_task(v);
	wqt_pipe(t, O_NONBLOCK, 4, p);
	vfsim_fail_nth_uaccess(v, 1, 0);
	OK(vfsim_test_watch(t, p[0], 1, 0));
	OK(vfsim_test_unwatch(t, p[0], 1));
	OK(vfsim_test_watch(t, p[0], 1, 0));
	OK(vfsim_test_destroy_object(t, 1));
	cr_assert_eq(wqt_set_size(t, p[0], 4), -EBUSY);
	OK(wqt_set_filter(t, p[0], NULL));
	cr_assert(!vfsim_uaccess_fault_fired(v));
	vfsim_fail_nth_uaccess(v, 0, 0);
	cr_assert_eq(vt_finish(v), 0);
}
