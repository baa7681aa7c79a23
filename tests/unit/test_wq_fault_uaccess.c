/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User-copy fault sweeps over the notification-pipe entry points that take
 * a user pointer (as tests/unit/test_vfs_fault_uaccess.c does for the
 * mount calls).  For each call:
 *   - a pointer into the first page, and the whole user buffer unmapped:
 *     -EFAULT (for write() to a notification pipe: -EXDEV, before any copy);
 *   - a countdown over its user copies, n = 1, 2, ..., the fault at once
 *     (after = 0) and after 3 bytes (a partial copy), until the countdown
 *     no longer fires; the call must then succeed;
 *   - the number of copies is the one the case documents;
 *   - after every run the case checks what the call left: no fd behind a
 *     failed pipe2(), the old filter after a failed SET_FILTER, records not
 *     copied still queued and in order, nothing posted by a failed post;
 *   - vfsim_check_invariants() holds, no WARN_ON, no leak.
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
#define UBUF 8192

static struct vfsim *v;
static struct vfsim_task *t;
static int fds[2];
/* "User memory": the call's buffer, which the seam may mark unmapped. */
static unsigned char *ubuf;

struct ua_case {
	const char *name;
	/* state in a fresh instance, and the call's good user data in ubuf */
	void (*setup)(void);
	long (*op)(void *uptr);
	/* user copies the call makes */
	unsigned int copies;
	/* the result when copy @n (1-based) faults; 0: no fault */
	long (*want)(unsigned int n);
	/* what the call left, after copy @n faulted (0: none did) */
	void (*check)(const char *what, unsigned int n, long ret);
};

static long want_efault_or_0(unsigned int n)
{
	return n ? -EFAULT : 0;
}

static void expect_text(const char *what, int fd, const char *want)
{
	char text[512];

	cr_assert_geq(wqt_drain(t, fd, 512, text, sizeof(text)), 0);
	cr_assert_str_eq(text, want, "%s: read back", what);
}

/* ---- pipe2: one copy, of the two fds ------------------------------------------- */

static void setup_nothing(void)
{
}

static long op_pipe2(void *p)
{
	return vfsim_pipe2(t, p, 0);
}

static long op_pipe2_notification(void *p)
{
	return vfsim_pipe2(t, p, O_NOTIFICATION_PIPE);
}

static void check_pipe2(const char *what, unsigned int n, long ret)
{
	(void)ret;
	cr_assert_eq(wqt_count_fds(t, NFD), n ? 0 : 2, "%s: fds left", what);
}

/* ---- SET_FILTER: the header, then the rules ------------------------------------- */

static unsigned int nr_rules;

/* A pipe watching object 1 whose filter passes subtype 1; in ubuf, one
 * passing subtype 2. */
static void setup_filter(void)
{
	struct watch_notification_filter *f = wqt_filter_new(nr_rules);

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

static void setup_filter_1(void)
{
	nr_rules = 1;
	setup_filter();
}

static void setup_filter_16(void)
{
	nr_rules = 16;
	setup_filter();
}

static long op_set_filter(void *p)
{
	return wqt_set_filter(t, fds[0], p);
}

static void check_filter(const char *what, unsigned int n, long ret)
{
	(void)ret;
	OK(wqt_post(t, 1, WQT_TYPE, 1, 16, 0, 1));
	OK(wqt_post(t, 1, WQT_TYPE, 2, 16, 0, 2));
	expect_text(what, fds[0], n ? "1/s1" : "2/s2");
}

/* ---- read: a copy per record, and one for a LOSS ---------------------------------- */

/* "4 loss 6" queued: record 4 carries the loss mark, record 6 follows. */
static void setup_read(void)
{
	char text[128];

	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 0));
	for (uint32_t i = 1; i <= 5; i++)
		OK(wqt_post_seq(t, 1, i));
	OK(vfsim_read(t, fds[0], text, 48));
	OK(wqt_post_seq(t, 1, 6));
}

static long op_read(void *p)
{
	return vfsim_read(t, fds[0], p, UBUF);
}

static long want_read(unsigned int n)
{
	static const long ret[] = { 40, -EFAULT, 16, 24 };

	return ret[n];
}

/* What the call returned and what stayed queued make up the whole, in order. */
static void check_read(const char *what, unsigned int n, long ret)
{
	char text[512] = "", rest[512];

	(void)n;
	if (ret > 0)
		cr_assert_geq(wqt_render(ubuf, (size_t)ret, text, sizeof(text)), 1);
	cr_assert_geq(wqt_drain(t, fds[0], 512, rest, sizeof(rest)), 0);
	if (text[0] && rest[0])
		strcat(text, " ");
	strcat(text, rest);
	cr_assert_str_eq(text, "4 loss 6", "%s: records", what);
}

/* ---- FIONREAD: one copy out ---------------------------------------------------- */

static void setup_fionread(void)
{
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 0));
	OK(wqt_post(t, 1, WQT_TYPE, 0, 40, 0, 1));
	memset(ubuf, 0xff, sizeof(int));
}

static long op_fionread(void *p)
{
	return vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)p);
}

static void check_fionread(const char *what, unsigned int n, long ret)
{
	int got;

	(void)ret;
	memcpy(&got, ubuf, sizeof(got));
	if (!n)
		cr_assert_eq(got, 40, "%s: FIONREAD gave %d", what, got);
	expect_text(what, fds[0], "1/l40");
}

/* ---- vfsim_test_post: the header, then the whole record ----------------------------- */

static void setup_post(void)
{
	wqt_pipe(t, O_NONBLOCK, 4, fds);
	OK(vfsim_test_watch(t, fds[0], 1, 3));
	wqt_record(ubuf, WQT_TYPE, 5, 100, 0, 77);
}

static long op_post(void *p)
{
	return vfsim_test_post(t, 1, p);
}

static void check_post(const char *what, unsigned int n, long ret)
{
	(void)ret;
	expect_text(what, fds[0], n ? "" : "77@3/s5/l100");
}

/* ---- plain pipes: read and write ------------------------------------------------ */

static void setup_plain_read(void)
{
	OK(vfsim_pipe2(t, fds, O_NONBLOCK));
	OK(vfsim_write(t, fds[1], "hello", 5));
}

static long op_plain_read(void *p)
{
	return vfsim_read(t, fds[0], p, 5);
}

static long want_plain_read(unsigned int n)
{
	return n ? -EFAULT : 5;
}

static void check_plain_read(const char *what, unsigned int n, long ret)
{
	char buf[8];

	(void)ret;
	if (n) {
		cr_assert_eq(vfsim_read(t, fds[0], buf, sizeof(buf)), 5, "%s: data kept", what);
		cr_assert(memcmp(buf, "hello", 5) == 0);
	} else {
		cr_assert(memcmp(ubuf, "hello", 5) == 0);
	}
}

static void setup_plain_write(void)
{
	OK(vfsim_pipe2(t, fds, O_NONBLOCK));
	memcpy(ubuf, "hello", 5);
}

/* "ab" in the pipe first: "hello" goes into the same page (merged) */
static void setup_plain_merge(void)
{
	setup_plain_write();
	OK(vfsim_write(t, fds[1], "ab", 2));
}

static long op_plain_write(void *p)
{
	return vfsim_write(t, fds[1], p, 5);
}

static long want_plain_write(unsigned int n)
{
	return n ? -EFAULT : 5;
}

static int fionread(void)
{
	int n = -1;

	OK(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n));
	return n;
}

static void check_plain_write(const char *what, unsigned int n, long ret)
{
	(void)ret;
	cr_assert_eq(fionread(), n ? 0 : 5, "%s: bytes in the pipe", what);
}

static void check_plain_merge(const char *what, unsigned int n, long ret)
{
	char buf[16];

	(void)ret;
	cr_assert_eq(vfsim_read(t, fds[0], buf, sizeof(buf)), n ? 2 : 7, "%s", what);
	cr_assert(memcmp(buf, n ? "ab" : "abhello", n ? 2 : 7) == 0, "%s: bytes", what);
}

/* Two pages: a copy each; a fault in the second returns the first page. */
static void setup_plain_two_pages(void)
{
	OK(vfsim_pipe2(t, fds, O_NONBLOCK));
	memset(ubuf, 'p', UBUF);
}

static long op_plain_write_big(void *p)
{
	return vfsim_write(t, fds[1], p, 8192);
}

static long want_plain_write_big(unsigned int n)
{
	static const long ret[] = { 8192, -EFAULT, 4096 };

	return ret[n];
}

static void check_plain_write_big(const char *what, unsigned int n, long ret)
{
	(void)n;
	cr_assert_eq(fionread(), ret > 0 ? ret : 0, "%s: bytes in the pipe", what);
}

/* write() to a notification pipe is refused before any copy. */
static void setup_notification_write(void)
{
	wqt_pipe(t, O_NONBLOCK, 4, fds);
}

static long op_notification_write(void *p)
{
	return vfsim_write(t, fds[1], p, 16);
}

static long want_exdev(unsigned int n)
{
	(void)n;
	return -EXDEV;
}

static void check_nothing(const char *what, unsigned int n, long ret)
{
	(void)what, (void)n, (void)ret;
}

/* ---- running one call ---------------------------------------------------------- */

static const struct ua_case cases[] = {
	{ "pipe2", setup_nothing, op_pipe2, 1, want_efault_or_0, check_pipe2 },
	{ "pipe2_notification", setup_nothing, op_pipe2_notification, 1, want_efault_or_0,
	  check_pipe2 },
	{ "set_filter", setup_filter_1, op_set_filter, 2, want_efault_or_0, check_filter },
	{ "set_filter_16_rules", setup_filter_16, op_set_filter, 2, want_efault_or_0,
	  check_filter },
	{ "read", setup_read, op_read, 3, want_read, check_read },
	{ "fionread", setup_fionread, op_fionread, 1, want_efault_or_0, check_fionread },
	{ "test_post", setup_post, op_post, 2, want_efault_or_0, check_post },
	{ "plain_read", setup_plain_read, op_plain_read, 1, want_plain_read, check_plain_read },
	{ "plain_write", setup_plain_write, op_plain_write, 1, want_plain_write,
	  check_plain_write },
	{ "plain_write_merged", setup_plain_merge, op_plain_write, 1, want_plain_write,
	  check_plain_merge },
	{ "plain_write_two_pages", setup_plain_two_pages, op_plain_write_big, 2,
	  want_plain_write_big, check_plain_write_big },
	{ "notification_write", setup_notification_write, op_notification_write, 0,
	  want_exdev, check_nothing },
};

static void run_begin(const struct ua_case *c)
{
	v = vt_boot("empty");
	t = vfsim_init_task(v);
	fds[0] = fds[1] = -1;
	memset(ubuf, 0, UBUF);
	c->setup();
}

static void run_end(const struct ua_case *c, const char *what)
{
	char why[256] = "";

	vfsim_uaccess_remap_all(v);
	cr_assert_eq(vfsim_check_invariants(v, why, sizeof(why)), 0, "%s %s: invariant: %s",
		     c->name, what, why);
	cr_assert_eq(vfsim_warn_count(v), 0, "%s %s: WARN_ON", c->name, what);
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0, "%s %s: leak", c->name, what);
}

static void expect_ret(const struct ua_case *c, const char *what, long ret, long want)
{
	cr_assert_eq(ret, want, "%s %s: %ld (%s), want %ld (%s)", c->name, what, ret,
		     vfsim_errno_name((int)-ret), want, vfsim_errno_name((int)-want));
}

static void unmapped(const struct ua_case *c)
{
	/* EXDEV comes before any copy: only cases that copy fault here */
	long want = c->copies ? -EFAULT : c->want(0);
	long ret;

	/* in the first page (NULL itself means "no filter" to SET_FILTER) */
	run_begin(c);
	ret = c->op((void *)(uintptr_t)16);
	expect_ret(c, "low pointer", ret, want);
	c->check("low pointer", c->copies ? 1 : 0, ret);
	run_end(c, "low pointer");

	run_begin(c);
	cr_assert_eq(vfsim_uaccess_unmap(v, ubuf, UBUF), 0);
	ret = c->op(ubuf);
	expect_ret(c, "unmapped", ret, want);
	c->check("unmapped", c->copies ? 1 : 0, ret);
	run_end(c, "unmapped");
}

static unsigned int countdown(const struct ua_case *c, size_t after)
{
	unsigned int n;
	char what[64];

	for (n = 1;; n++) {
		bool fired;
		long ret;

		snprintf(what, sizeof(what), "countdown n=%u after=%zu", n, after);
		run_begin(c);
		vfsim_fail_nth_uaccess(v, n, after);
		ret = c->op(ubuf);
		fired = vfsim_uaccess_fault_fired(v);
		vfsim_fail_nth_uaccess(v, 0, 0);
		if (fired)
			cr_assert_leq(n, c->copies, "%s %s: more copies than %u", c->name, what,
				      c->copies);
		expect_ret(c, what, ret, c->want(fired ? n : 0));
		c->check(what, fired ? n : 0, ret);
		run_end(c, what);
		if (!fired)
			break;
	}
	return n - 1;
}

static void sweep(const struct ua_case *c)
{
	unsigned int n0, n3;

	unmapped(c);
	n0 = countdown(c, 0);
	n3 = countdown(c, 3);
	cr_assert_eq(n0, c->copies, "%s: %u user copies, want %u", c->name, n0, c->copies);
	cr_assert_eq(n3, c->copies, "%s: %u user copies (after 3), want %u", c->name, n3,
		     c->copies);
	cr_log_info("%s: %u user copies", c->name, n0);
	fprintf(stderr, "uaccess %-22s %u copies\n", c->name, n0);
}

static void suite_init(void)
{
	ubuf = malloc(UBUF);
	cr_assert_not_null(ubuf);
}

static void suite_fini(void)
{
	free(ubuf);
}

TestSuite(wq_fault_uaccess, .init = suite_init, .fini = suite_fini);

#define UA_TEST(idx, id) Test(wq_fault_uaccess, id) { sweep(&cases[idx]); }

UA_TEST(0, pipe2)
UA_TEST(1, pipe2_notification)
UA_TEST(2, set_filter)
UA_TEST(3, set_filter_16_rules)
UA_TEST(4, read)
UA_TEST(5, fionread)
UA_TEST(6, test_post)
UA_TEST(7, plain_read)
UA_TEST(8, plain_write)
UA_TEST(9, plain_write_merged)
UA_TEST(10, plain_write_two_pages)
UA_TEST(11, notification_write)

Test(wq_fault_uaccess, all_cases_registered)
{
	cr_assert_eq(sizeof(cases) / sizeof(cases[0]), 12);
}

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
