/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * read() of a notification pipe when there is nothing to read (docs/watch_queue.md):
 * a blocking read sleeps until a post, a LOSS, or the last
 * writer going (then 0), and gives -ERESTARTSYS to a signal; O_NONBLOCK
 * gives -EAGAIN; a read that copied something returns it at once.  And
 * -EFAULT for a buffer that cannot be written, with the record left queued.
 *
 * The blocking tests read in a second thread; what they assert does not
 * depend on whether that thread was already asleep when the main thread
 * acted (a read that has not started yet must give the same result), and
 * none of them sleeps to wait for the other thread.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/ioctl.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

/* The kernel's internal errno (include/linux/errno.h), not in <errno.h>. */
#ifndef ERESTARTSYS
#define ERESTARTSYS 512
#endif

static struct vfsim *v;
static struct vfsim_task *t;

/* A read of up to 256 bytes in a thread of its own (common/wqtest). */
struct reader {
	struct wqt_call c;
	unsigned char buf[256];
};

/* Start a read of @fd by task t in another thread and wait until it has
 * at least begun (it may or may not be asleep yet: the tests do not care). */
static void start_reader(struct reader *r, int fd, size_t len)
{
	wqt_call_start(&r->c, t, WQT_CALL_READ, fd, r->buf, len);
}

static void expect_records(const struct reader *r, const char *want)
{
	char text[256] = "";

	cr_assert(r->c.ret > 0, "read: %ld (%s)", r->c.ret, vfsim_errno_name((int)-r->c.ret));
	cr_assert_geq(wqt_render(r->buf, (size_t)r->c.ret, text, sizeof(text)), 1);
	cr_assert_str_eq(text, want);
}

/* ---- blocking reads ------------------------------------------------------------- */

/* A plain pipe for woken_read() instead of a notification pipe. */
#define PLAIN_PIPE 0xffffffffu

/* What wakes a reader, done by another task. */
static long post_to_object_1(struct vfsim_task *other, int fds[2])
{
	(void)fds;
	return wqt_post_seq(other, 1, 1);
}

static long destroy_object_1(struct vfsim_task *other, int fds[2])
{
	(void)fds;
	return vfsim_test_destroy_object(other, 1);
}

static long close_write_end(struct vfsim_task *other, int fds[2])
{
	(void)other;
	return vfsim_close(t, fds[1]);
}

/*
 * A blocking read of 128 bytes from a notification pipe of @nr_notes
 * notes (PLAIN_PIPE: from a plain pipe) that watches test object 1 with
 * ID @watch_id (no watch if < 0) is woken by @wake: it returns the
 * records @want, or 0 (the end of the file) when @want is NULL.
 */
static void woken_read(unsigned int nr_notes, int watch_id,
		       long (*wake)(struct vfsim_task *other, int fds[2]), const char *want)
{
	struct vfsim_task *other = vt_task(v, 0, 0);
	struct reader r;
	int fds[2];

	if (nr_notes == PLAIN_PIPE)
		EXPECT(vfsim_pipe2(t, fds, 0), 0);
	else
		wqt_pipe(t, 0, nr_notes, fds);
	if (watch_id >= 0)
		EXPECT(vfsim_test_watch(t, fds[0], 1, watch_id), 0);
	start_reader(&r, fds[0], 128);
	EXPECT(wake(other, fds), 0);
	wqt_call_join(&r.c);
	if (want)
		expect_records(&r, want);
	else
		EXPECT(r.c.ret, 0);
}

VT_TEST(wq_read, blocking_read_woken_by_post, "empty", NULL, .timeout = 60)
{
	woken_read(4, 1, post_to_object_1, "1@1");
}

VT_TEST(wq_read, blocking_read_woken_by_removal, "empty", NULL, .timeout = 60)
{
	woken_read(4, 2, destroy_object_1, "rm:1@2");
}

/* Before SET_SIZE a post is lost; the reader is owed a LOSS and wakes for it. */
VT_TEST(wq_read, blocking_read_woken_by_loss, "empty", NULL, .timeout = 60)
{
	woken_read(0, 0, post_to_object_1, "loss");
}

VT_TEST(wq_read, blocking_read_woken_by_closing_write_end, "empty", NULL, .timeout = 60)
{
	woken_read(4, -1, close_write_end, NULL);
}

VT_TEST(wq_read, blocking_plain_read_woken_by_closing_write_end, "empty", NULL, .timeout = 60)
{
	woken_read(PLAIN_PIPE, -1, close_write_end, NULL);
}

VT_TEST(wq_read, blocking_plain_read_woken_by_write, "empty", NULL, .timeout = 60)
{
	struct reader r;
	int fds[2];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	start_reader(&r, fds[0], 128);
	EXPECT(vfsim_write(t, fds[1], "ping", 4), 4);
	wqt_call_join(&r.c);
	EXPECT(r.c.ret, 4);
	cr_assert(memcmp(r.buf, "ping", 4) == 0);
}

/* With something copied, a blocking read returns it rather than wait for more. */
VT_TEST(wq_read, blocking_read_returns_what_is_there, "empty", NULL, .timeout = 60)
{
	unsigned char buf[512];
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 32);
}

/* ---- signals ----------------------------------------------------------------------- */

VT_TEST(wq_read, signal_pending_before_read_erestartsys, "empty", NULL, .timeout = 60)
{
	unsigned char buf[128];
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	vfsim_task_set_signal_pending(t, true);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -ERESTARTSYS);
	vfsim_task_set_signal_pending(t, false);
	/* nothing was lost by it */
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	cr_assert(wqt_records_are(buf, vfsim_read(t, fds[0], buf, sizeof(buf)), 16, "1"));
}

/*
 * The signal comes while the reader sleeps (or, if it has not gone to sleep
 * yet, before it does: the result is the same).  It is made pending again
 * until the reader returns, so the test does not depend on when it slept.
 */
static void expect_interrupted_read(int fd)
{
	struct reader r;

	start_reader(&r, fd, 128);
	while (!__atomic_load_n(&r.c.done, __ATOMIC_ACQUIRE)) {
		vfsim_task_set_signal_pending(t, true);
		sched_yield();
	}
	wqt_call_join(&r.c);
	vfsim_task_set_signal_pending(t, false);
	EXPECT(r.c.ret, -ERESTARTSYS);
}

VT_TEST(wq_read, signal_wakes_sleeping_reader, "empty", NULL, .timeout = 60)
{
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	expect_interrupted_read(fds[0]);
}

VT_TEST(wq_read, signal_wakes_sleeping_plain_reader, "empty", NULL, .timeout = 60)
{
	int fds[2];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	expect_interrupted_read(fds[0]);
}

/* A signal only interrupts a sleep: whatever read() can do without one it does. */
VT_TEST(wq_read, signal_pending_does_not_stop_a_read_that_need_not_sleep, "empty", NULL)
{
	unsigned char buf[128];
	int fds[2], nb[2];

	wqt_pipe(t, 0, 4, fds);
	wqt_pipe(t, O_NONBLOCK, 4, nb);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	vfsim_task_set_signal_pending(t, true);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 16);	/* data */
	EXPECT(vfsim_read(t, fds[0], buf, 0), 0);		/* count 0 */
	EXPECT(vfsim_read(t, nb[0], buf, sizeof(buf)), -EAGAIN);	/* O_NONBLOCK */
	EXPECT(vfsim_close(t, fds[1]), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 0);	/* EOF */
	vfsim_task_set_signal_pending(t, false);
}

/* ---- non-blocking and EOF ------------------------------------------------------------ */

VT_TEST(wq_read, nonblock_empty_eagain, "empty", NULL)
{
	unsigned char buf[128];
	int sized[2], unsized[2];

	wqt_pipe(t, O_NONBLOCK, 4, sized);
	wqt_pipe(t, O_NONBLOCK, 0, unsized);
	EXPECT(vfsim_read(t, sized[0], buf, sizeof(buf)), -EAGAIN);
	EXPECT(vfsim_read(t, unsized[0], buf, sizeof(buf)), -EAGAIN);
	/* and again after the ring was emptied */
	EXPECT(vfsim_test_watch(t, sized[0], 1, 0), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(vfsim_read(t, sized[0], buf, sizeof(buf)), 16);
	EXPECT(vfsim_read(t, sized[0], buf, sizeof(buf)), -EAGAIN);
}

VT_TEST(wq_read, eof_after_records, "empty", NULL)
{
	char text[128];
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	EXPECT(vfsim_close(t, fds[1]), 0);
	/* wqt_drain stops at 0 (EOF) as it does at EAGAIN ... */
	EXPECT(wqt_drain(t, fds[0], 16, text, sizeof(text)), 2);
	cr_assert_str_eq(text, "1 2");
	/* ... so look: 0, not EAGAIN, even with O_NONBLOCK */
	EXPECT(vfsim_read(t, fds[0], text, sizeof(text)), 0);
	/* the watch still feeds the queue while the read end is open */
	EXPECT(wqt_post_seq(t, 1, 3), 0);
	EXPECT(wqt_drain(t, fds[0], 16, text, sizeof(text)), 1);
	cr_assert_str_eq(text, "3");
}

/* ---- EFAULT ------------------------------------------------------------------------ */

VT_TEST(wq_read, unmapped_buffer_efault_record_stays, "empty", NULL)
{
	unsigned char buf[128];
	char text[64];
	int fds[2], n = 0;

	wqt_watched_pipe(t, fds, 1, 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(vfsim_read(t, fds[0], NULL, 128), -EFAULT);
	cr_assert_eq(vfsim_uaccess_unmap(v, buf, sizeof(buf)), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	/* the record's last byte unwritable */
	cr_assert_eq(vfsim_uaccess_unmap(v, buf + 15, 1), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 16);
	EXPECT(wqt_drain(t, fds[0], 128, text, sizeof(text)), 1);
	cr_assert_str_eq(text, "1");
}

/* A fault after some records: those are returned, the rest stay queued. */
VT_TEST(wq_read, fault_after_first_record_returns_it, "empty", NULL)
{
	unsigned char buf[128];
	char text[64] = "";
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	cr_assert_eq(vfsim_uaccess_unmap(v, buf + 16, 16), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 16);
	vfsim_uaccess_remap_all(v);
	EXPECT(wqt_render(buf, 16, text, sizeof(text)), 1);
	cr_assert_str_eq(text, "1");
	EXPECT(wqt_drain(t, fds[0], 128, text, sizeof(text)), 1);
	cr_assert_str_eq(text, "2");
}

/* A LOSS record that cannot be written stays owed. */
VT_TEST(wq_read, unwritable_loss_record_stays_owed, "empty", NULL)
{
	unsigned char buf[128];
	char text[64];
	int fds[2];

	wqt_pipe(t, O_NONBLOCK, 1, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	EXPECT(vfsim_read(t, fds[0], buf, 16), 16);
	cr_assert_eq(vfsim_uaccess_unmap(v, buf, sizeof(buf)), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(wqt_drain(t, fds[0], 128, text, sizeof(text)), 1);
	cr_assert_str_eq(text, "loss");
}

VT_TEST(wq_read, plain_pipe_unmapped_buffer_efault_data_stays, "empty", NULL)
{
	char buf[16];
	int fds[2];

	EXPECT(vfsim_pipe2(t, fds, O_NONBLOCK), 0);
	EXPECT(vfsim_write(t, fds[1], "data", 4), 4);
	cr_assert_eq(vfsim_uaccess_unmap(v, buf, sizeof(buf)), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 4);
	cr_assert(memcmp(buf, "data", 4) == 0);
}
