/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Loss records and read() buffer sizes (docs/watch_queue.md): losses
 * collapse into one LOSS record placed right after the record that was the
 * newest queued one when they happened; read() returns whole records only,
 * -ENOBUFS when the next record (or a pending 8-byte LOSS) does not fit
 * and nothing was copied; count 0 reads nothing.  And, over a long
 * pseudo-random mix of posts and reads: no record is ever lost without a
 * LOSS record where it would have been, and no LOSS record is made up.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <criterion/criterion.h>
#include <criterion/logging.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/stress.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

static struct vfsim *v;
static struct vfsim_task *t;
static int fds[2];

#define OBJ 1

/* A non-blocking queue of @nr_notes notes watching OBJ. */
static void queue(unsigned int nr_notes)
{
	wqt_pipe(t, O_NONBLOCK, nr_notes, fds);
	EXPECT(vfsim_test_watch(t, fds[0], OBJ, 0), 0);
}

static void post_range(uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i <= to; i++)
		EXPECT(wqt_post_seq(t, OBJ, i), 0);
}

/* One read() of @len bytes: its result and its records as text. */
static long read_text(size_t len, char *text, size_t size)
{
	unsigned char buf[1024];
	long n;

	cr_assert(len <= sizeof(buf));
	text[0] = 0;
	n = vfsim_read(t, fds[0], buf, len);
	if (n > 0)
		cr_assert_geq(wqt_render(buf, (size_t)n, text, size), 1,
			      "not whole records: %s", text);
	return n;
}

#define EXPECT_READ(len, ret, want) do {				\
	char __text[512];						\
	EXPECT(read_text((len), __text, sizeof(__text)), (ret));	\
	cr_assert_str_eq(__text, (want), "read(%zu)", (size_t)(len));	\
} while (0)

static void expect_drain(const char *want)
{
	char text[4096];

	cr_assert_geq(wqt_drain(t, fds[0], 1024, text, sizeof(text)), 0);
	cr_assert_str_eq(text, want);
}

/* ---- placement ------------------------------------------------------------------ */

VT_TEST(wq_loss, several_losses_collapse_into_one, "empty", NULL)
{
	queue(4);
	post_range(1, 7);
	expect_drain("1 2 3 4 loss");
}

VT_TEST(wq_loss, losses_at_different_points, "empty", NULL)
{
	queue(4);
	post_range(1, 5);
	EXPECT_READ(32, 32, "1 2");
	post_range(6, 8);
	expect_drain("3 4 loss 6 7 loss");
}

/* The LOSS goes after the record that was newest when the loss happened,
 * not after whatever is newest when read() comes. */
VT_TEST(wq_loss, loss_follows_record_newest_at_loss_time, "empty", NULL)
{
	queue(4);
	post_range(1, 6);
	EXPECT_READ(48, 48, "1 2 3");
	post_range(7, 9);
	/* one read takes them all, the LOSS in the middle */
	EXPECT_READ(128, 16 + 8 + 3 * 16, "4 loss 7 8 9");
	EXPECT_READ(128, -EAGAIN, "");
}

/* A LOSS owed after the last record of the ring starts the next read()
 * (the 5.8 loop stops when the ring is empty). */
VT_TEST(wq_loss, loss_after_last_record_starts_next_read, "empty", NULL)
{
	queue(4);
	post_range(1, 5);
	EXPECT_READ(128, 64, "1 2 3 4");
	EXPECT_READ(128, 8, "loss");
	EXPECT_READ(128, -EAGAIN, "");
}

/* Before a size is set the ring is empty: the loss is owed at once and
 * comes before the next record. */
VT_TEST(wq_loss, loss_into_empty_ring_comes_first, "empty", NULL)
{
	wqt_pipe(t, O_NONBLOCK, 0, fds);
	EXPECT(vfsim_test_watch(t, fds[0], OBJ, 0), 0);
	post_range(1, 2);
	EXPECT(wqt_set_size(t, fds[0], 2), 0);
	post_range(3, 5);
	EXPECT_READ(128, 8 + 16 + 16, "loss 3 4");
	EXPECT_READ(128, 8, "loss");
}

VT_TEST(wq_loss, loss_then_eof, "empty", NULL)
{
	queue(1);
	post_range(1, 2);
	EXPECT(vfsim_close(t, fds[1]), 0);
	EXPECT_READ(128, 16, "1");
	EXPECT_READ(128, 8, "loss");
	EXPECT_READ(128, 0, "");
}

/* ---- buffer sizes ----------------------------------------------------------------- */

VT_TEST(wq_loss, read_count_0_returns_0, "empty", NULL)
{
	queue(4);
	EXPECT_READ(0, 0, "");		/* empty */
	post_range(1, 5);
	EXPECT_READ(0, 0, "");		/* records queued */
	EXPECT_READ(64, 64, "1 2 3 4");
	EXPECT_READ(0, 0, "");		/* a LOSS owed */
	EXPECT_READ(128, 8, "loss");
}

VT_TEST(wq_loss, buffer_smaller_than_record_enobufs, "empty", NULL)
{
	int n = 0;

	queue(4);
	EXPECT(wqt_post(t, OBJ, WQT_TYPE, 0, 24, 0, 1), 0);
	EXPECT_READ(23, -ENOBUFS, "");
	EXPECT_READ(8, -ENOBUFS, "");
	EXPECT_READ(1, -ENOBUFS, "");
	/* nothing was taken */
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 24);
	EXPECT_READ(24, 24, "1/l24");
}

VT_TEST(wq_loss, pending_loss_with_buffer_under_8_enobufs, "empty", NULL)
{
	queue(4);
	post_range(1, 5);
	EXPECT_READ(64, 64, "1 2 3 4");
	EXPECT_READ(7, -ENOBUFS, "");
	EXPECT_READ(1, -ENOBUFS, "");
	EXPECT_READ(8, 8, "loss");
}

VT_TEST(wq_loss, exactly_fitting_buffers, "empty", NULL)
{
	queue(4);
	post_range(1, 5);
	EXPECT_READ(16, 16, "1");
	EXPECT_READ(16, 16, "2");
	EXPECT_READ(16, 16, "3");
	post_range(6, 6);
	EXPECT_READ(16 + 8 + 16, 40, "4 loss 6");
	post_range(7, 11);
	EXPECT_READ(64, 64, "7 8 9 10");
	EXPECT_READ(8, 8, "loss");
	EXPECT_READ(8, -EAGAIN, "");
}

/* A read stops at the first record that does not fit and returns what it
 * has; records are never split. */
VT_TEST(wq_loss, read_returns_records_that_fit, "empty", NULL)
{
	queue(4);
	EXPECT(wqt_post(t, OBJ, WQT_TYPE, 0, 16, 0, 1), 0);
	EXPECT(wqt_post(t, OBJ, WQT_TYPE, 0, 100, 0, 2), 0);
	EXPECT(wqt_post(t, OBJ, WQT_TYPE, 0, 16, 0, 3), 0);
	EXPECT_READ(115, 16, "1");
	EXPECT_READ(99, -ENOBUFS, "");
	EXPECT_READ(115, 100, "2/l100");
	EXPECT_READ(115, 16, "3");
}

/* A LOSS that does not fit after the records copied waits for the next read. */
VT_TEST(wq_loss, pending_loss_that_does_not_fit_waits, "empty", NULL)
{
	queue(4);
	post_range(1, 5);
	EXPECT_READ(48, 48, "1 2 3");
	post_range(6, 6);
	/* record 4, then 7 bytes left for the LOSS after it */
	EXPECT_READ(23, 16, "4");
	EXPECT_READ(8, 8, "loss");
	EXPECT_READ(16, 16, "6");
}

/* The LOSS fits but the record after it does not: the read returns the LOSS. */
VT_TEST(wq_loss, loss_fits_but_next_record_does_not, "empty", NULL)
{
	queue(2);
	post_range(1, 3);
	EXPECT_READ(16, 16, "1");
	EXPECT_READ(16, 16, "2");
	post_range(4, 4);
	EXPECT_READ(16, 8, "loss");
	EXPECT_READ(16, 16, "4");
}

/* ---- accounting ------------------------------------------------------------------ */

struct account {
	uint32_t posted, last_read;
	bool loss_pending;	/* a LOSS read since last_read */
	unsigned long records, losses, enobufs;
};

/* Check one read's records against the rules: sequence numbers rise; a
 * gap has exactly one LOSS in it; a LOSS always stands for a gap. */
static void account_read(struct account *a, const unsigned char *buf, long n)
{
	long off = 0;

	while (off < n) {
		struct watch_notification h;
		uint32_t seq;

		memcpy(&h, buf + off, sizeof(h));
		if (h.type == WATCH_TYPE_META) {
			cr_assert_eq(h.subtype, WATCH_META_LOSS_NOTIFICATION);
			cr_assert_eq(h.info, 8);
			cr_assert(!a->loss_pending, "two LOSS records after %u", a->last_read);
			a->loss_pending = true;
			a->losses++;
		} else {
			memcpy(&seq, buf + off + 8, sizeof(seq));
			cr_assert_gt(seq, a->last_read, "%u read after %u", seq, a->last_read);
			cr_assert_leq(seq, a->posted);
			if (seq == a->last_read + 1)
				cr_assert(!a->loss_pending, "LOSS between %u and %u",
					  a->last_read, seq);
			else
				cr_assert(a->loss_pending, "%u..%u lost without a LOSS",
					  a->last_read + 1, seq - 1);
			a->last_read = seq;
			a->loss_pending = false;
			a->records++;
		}
		off += h.info & WATCH_INFO_LENGTH;
	}
}

static void random_mix(unsigned int nr_notes, uint64_t seed)
{
	static const unsigned int lens[] = { 12, 16, 40, 127 };
	static const size_t bufs[] = { 8, 12, 16, 24, 40, 127, 200, 1024 };
	struct account a = { 0 };
	unsigned char buf[1024];
	uint64_t rng = seed;
	unsigned int op;
	long n;

	queue(nr_notes);
	for (op = 0; op < 4000; op++) {
		unsigned int r = (unsigned int)(stress_rand(&rng) % 100);
		/* bursts of posts that overflow the queue, then reads that catch up */
		unsigned int post_pct = (op / 300) % 2 ? 90 : 30;

		if (r < post_pct) {
			unsigned int len = lens[stress_rand(&rng) % 4];

			a.posted++;
			EXPECT(wqt_post(t, OBJ, WQT_TYPE, 0, len, 0, a.posted), 0);
			continue;
		}
		size_t len = bufs[stress_rand(&rng) % 8];

		n = vfsim_read(t, fds[0], buf, len);
		if (n == -EAGAIN)
			continue;
		if (n == -ENOBUFS) {
			cr_assert_lt(len, 127, "ENOBUFS with %zu bytes", len);
			a.enobufs++;
			continue;
		}
		cr_assert(n > 0 && (size_t)n <= len, "read(%zu): %ld", len, n);
		account_read(&a, buf, n);
	}
	/* Drain, and the tail must be accounted for too. */
	while ((n = vfsim_read(t, fds[0], buf, sizeof(buf))) > 0)
		account_read(&a, buf, n);
	EXPECT(n, -EAGAIN);
	if (a.last_read != a.posted)
		cr_assert(a.loss_pending, "%u..%u lost without a LOSS", a.last_read + 1, a.posted);
	cr_assert_gt(a.losses, 0, "the mix never overflowed the queue: the test tests nothing");
	cr_assert_gt(a.records, 0);
	cr_log_info("%u notes, seed %llu: %u posted, %lu read, %lu LOSS records, %lu ENOBUFS",
		    nr_notes, (unsigned long long)seed, a.posted, a.records, a.losses, a.enobufs);
	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(vfsim_close(t, fds[1]), 0);
}

VT_TEST(wq_loss, no_record_lost_without_loss_size_1, "empty", NULL)
{
	random_mix(1, 1);
}

VT_TEST(wq_loss, no_record_lost_without_loss_size_3, "empty", NULL)
{
	random_mix(3, 3);
}

VT_TEST(wq_loss, no_record_lost_without_loss_size_4, "empty", NULL)
{
	random_mix(4, 4);
}

VT_TEST(wq_loss, no_record_lost_without_loss_size_32, "empty", NULL)
{
	random_mix(32, 32);
}
