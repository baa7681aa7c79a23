/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IOC_WATCH_QUEUE_SET_SIZE (docs/watch_queue.md, errata B12): the checks in
 * their order (ENODEV, EBUSY, EINVAL), 1..512 notes, once only, and what a
 * size holds: min(ring slots, notes), the ring being rounded up to a power
 * of two (the 5.17 fix: erratum B12, tests/errata/test_b12_*) and the
 * notes to whole pages of 32.  Posting one
 * record more than that holds must give exactly the capacity back and one
 * LOSS record.  Before a size is set every post is lost, and reported.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* ---- the checks, in order ----------------------------------------------------- */

VT_TEST(wq_size, not_notification_pipe_enodev_first, "empty", NULL)
{
	int fds[2];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	/* ENODEV before EINVAL */
	EXPECT(wqt_set_size(t, fds[0], 0), -ENODEV);
	EXPECT(wqt_set_size(t, fds[0], 513), -ENODEV);
	EXPECT(wqt_set_size(t, fds[0], 4), -ENODEV);
	EXPECT(wqt_set_size(t, fds[1], 4), -ENODEV);
}

VT_TEST(wq_size, already_sized_ebusy_before_einval, "empty", NULL)
{
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	EXPECT(wqt_set_size(t, fds[0], 0), -EBUSY);
	EXPECT(wqt_set_size(t, fds[0], 513), -EBUSY);
	EXPECT(wqt_set_size(t, fds[0], 4), -EBUSY);
	EXPECT(wqt_set_size(t, fds[0], 8), -EBUSY);
	EXPECT(wqt_set_size(t, fds[1], 8), -EBUSY);
}

VT_TEST(wq_size, out_of_range_einval, "empty", NULL)
{
	static const unsigned long bad[] = { 0, 513, 1024, 4096, UINT_MAX, ULONG_MAX };
	int fds[2];
	unsigned int i;

	wqt_pipe(t, 0, 0, fds);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT(wqt_set_size(t, fds[0], bad[i]), -EINVAL);
	/* a refused size does not count as the one size */
	EXPECT(wqt_set_size(t, fds[0], 512), 0);
	EXPECT(wqt_set_size(t, fds[0], 512), -EBUSY);
}

VT_TEST(wq_size, every_size_1_to_512_accepted, "empty", NULL)
{
	unsigned int n;

	for (n = 1; n <= 512; n++) {
		int fds[2];

		wqt_pipe(t, 0, 0, fds);
		EXPECT(wqt_set_size(t, fds[0], n), 0);
		EXPECT(vfsim_close(t, fds[0]), 0);
		EXPECT(vfsim_close(t, fds[1]), 0);
	}
}

/* ---- capacity -------------------------------------------------------------------- */

VT_TEST(wq_size, capacity_1, "empty", NULL)
{
	cr_assert(wqt_capacity_is(t, 1, 1, WQT_LEN));
}

VT_TEST(wq_size, capacity_17_is_32, "empty", NULL)
{
	cr_assert(wqt_capacity_is(t, 17, 32, WQT_LEN));
}

VT_TEST(wq_size, capacity_32, "empty", NULL)
{
	cr_assert(wqt_capacity_is(t, 32, 32, WQT_LEN));
}

/* 300 notes: a ring of 512 but only ten pages, 320 notes */
VT_TEST(wq_size, capacity_300_limited_by_notes_320, "empty", NULL)
{
	cr_assert(wqt_capacity_is(t, 300, 320, WQT_LEN));
}

VT_TEST(wq_size, capacity_512, "empty", NULL)
{
	cr_assert(wqt_capacity_is(t, 512, 512, WQT_LEN));
}

/* Each record takes a 128-byte note whatever its length. */
VT_TEST(wq_size, capacity_counts_records_not_bytes, "empty", NULL)
{
	cr_assert(wqt_capacity_is(t, 4, 4, 127));
}

/* ---- before SET_SIZE ------------------------------------------------------------ */

VT_TEST(wq_size, posts_before_size_lost_with_one_loss, "empty", NULL)
{
	int fds[2];
	char text[256];

	wqt_pipe(t, O_NONBLOCK, 0, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	EXPECT(wqt_post_seq(t, 1, 3), 0);
	EXPECT(wqt_set_size(t, fds[0], 4), 0);
	EXPECT(wqt_post_seq(t, 1, 4), 0);
	EXPECT(wqt_drain(t, fds[0], 128, text, sizeof(text)), 2);
	cr_assert_str_eq(text, "loss 4");
}

VT_TEST(wq_size, unsized_pipe_reads_loss_then_eagain, "empty", NULL)
{
	int fds[2];
	char buf[128];

	wqt_pipe(t, O_NONBLOCK, 0, fds);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	cr_assert(wqt_records_are(buf, vfsim_read(t, fds[0], buf, sizeof(buf)), 8, "loss"));
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
}

/* A removal record into an unsized queue is lost like any other. */
VT_TEST(wq_size, removal_before_size_lost_with_loss, "empty", NULL)
{
	int fds[2];
	char text[128];

	wqt_pipe(t, O_NONBLOCK, 0, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 1), 0);
	EXPECT(wqt_drain(t, fds[0], 128, text, sizeof(text)), 1);
	cr_assert_str_eq(text, "loss");
}
