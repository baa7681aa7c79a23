/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * post_watch_notification() through vfsim_test_post() (docs/watch_queue.md):
 * records of 8..127 bytes arrive byte for byte, with only
 * the ID bits of info replaced by each watch's own ID; a length under 8 is
 * refused; a post nobody watches is not an error; a poster finds objects
 * without a lock, so one may die under it.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

static struct vfsim *v;
static struct vfsim_task *t;

VT_TEST(wq_post, length_under_8_einval, "empty", NULL)
{
	unsigned char rec[16];
	unsigned int len;
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	for (len = 0; len < 8; len++) {
		struct watch_notification n = { .type = WQT_TYPE };

		/* the length field alone says 0..7; the rest is a record */
		wqt_record(rec, WQT_TYPE, 0, 16, 0, len);
		n.info = len | WATCH_INFO_FLAG_0;
		memcpy(rec, &n, sizeof(n));
		EXPECT(vfsim_test_post(t, 1, rec), -EINVAL);
	}
	cr_assert(wqt_reads(t, fds[0], ""));
	EXPECT(vfsim_warn_count(v), 0);
}

/* Every length, every byte: the record read is the record posted, with the
 * watch's ID in info and nothing else changed (bit 7 and the type bits too). */
VT_TEST(wq_post, every_length_8_to_127_arrives_intact, "empty", NULL)
{
	unsigned char rec[128], got[128];
	unsigned int len, i;
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0x5a);
	for (len = 8; len < 128; len++) {
		struct watch_notification n = {
			.type = len % 4, .subtype = (len * 7) & 0xff,
			.info = len | 0x80 | (0x33u << 8) | (len << 16),
		};

		memcpy(rec, &n, sizeof(n));
		for (i = 8; i < len; i++)
			rec[i] = (unsigned char)(len + i * 13);
		memset(got, 0xee, sizeof(got));
		EXPECT(vfsim_test_post(t, 1, rec), 0);
		EXPECT(vfsim_read(t, fds[0], got, sizeof(got)), len);
		n.info = (n.info & ~WATCH_INFO_ID) | (0x5au << WATCH_INFO_ID__SHIFT);
		memcpy(rec, &n, sizeof(n));
		cr_assert(memcmp(got, rec, len) == 0, "length %u: record changed", len);
		EXPECT(got[len], 0xee);
	}
}

VT_TEST(wq_post, nobody_watching_returns_0, "empty", NULL)
{
	int fds[2];

	EXPECT(wqt_post_seq(t, 1, 1), 0);
	wqt_watched_pipe(t, fds, 2, 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 2), 0);
	EXPECT(wqt_post_seq(t, 2, 2), 0);
	EXPECT(vfsim_test_destroy_object(t, 2), 0);
	EXPECT(wqt_post_seq(t, 2, 3), 0);
	cr_assert(wqt_reads(t, fds[0], "rm:2@0"));
}

VT_TEST(wq_post, each_watcher_gets_its_own_id, "empty", NULL)
{
	int a[2], b[2], c[2];

	wqt_watched_pipe(t, a, 1, 0);
	wqt_watched_pipe(t, b, 1, 17);
	wqt_watched_pipe(t, c, 1, 255);
	/* whatever the poster put in the ID bits goes */
	EXPECT(wqt_post(t, 1, WQT_TYPE, 0, 16, 0xff00, 1), 0);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 0, 16, 0x4200, 2), 0);
	cr_assert(wqt_reads(t, a[0], "1 2"));
	cr_assert(wqt_reads(t, b[0], "1@17 2@17"));
	cr_assert(wqt_reads(t, c[0], "1@255 2@255"));
}

VT_TEST(wq_post, type_subtype_and_flags_kept, "empty", NULL)
{
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 2);
	EXPECT(wqt_post(t, 1, WATCH_TYPE_SB_NOTIFY, 200, 24, 0xabcd0000, 1), 0);
	EXPECT(wqt_post(t, 1, WATCH_TYPE_KEY_NOTIFY, 7, 16, WATCH_INFO_FLAG_7, 2), 0);
	cr_assert(wqt_reads(t, fds[0], "1@2/t3/s200/l24/fabcd 2@2/t1/s7/f80"));
}

/* Posts to other objects do not reach a watch. */
VT_TEST(wq_post, only_the_watched_object, "empty", NULL)
{
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 1);
	EXPECT(vfsim_test_watch(t, fds[0], 0, 2), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_post_seq(t, 2, 2), 0);
	EXPECT(wqt_post_seq(t, 0, 3), 0);
	EXPECT(wqt_post_seq(t, 0x100000001ull, 4), 0);
	cr_assert(wqt_reads(t, fds[0], "1@1 3@2"));
}

/* Records come out in the order they were posted, across watches. */
VT_TEST(wq_post, records_in_post_order, "empty", NULL)
{
	int fds[2];
	uint32_t i;

	wqt_pipe(t, O_NONBLOCK, 8, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 1), 0);
	EXPECT(vfsim_test_watch(t, fds[0], 2, 2), 0);
	for (i = 1; i <= 6; i++)
		EXPECT(wqt_post_seq(t, i % 2 ? 1 : 2, i), 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 2), 0);
	cr_assert(wqt_reads(t, fds[0], "1@1 2@2 3@1 4@2 5@1 6@2 rm:2@2"));
}

/* ---- an object dying under a poster ----------------------------------------- */

struct poster {
	struct vfsim_task *t;
	uint32_t posts;
	long bad;		/* the first post that did not return 0 */
};

static void *poster_main(void *arg)
{
	struct poster *p = arg;

	for (uint32_t i = 1; i <= p->posts; i++) {
		long ret = wqt_post_seq(p->t, 1, i);

		if (ret && !p->bad)
			p->bad = ret;
	}
	return NULL;
}

/* Every token is a record of object 1 from watch 1 (rising), its removal
 * record, or a LOSS record. */
static void check_tokens(char *text, uint32_t *last)
{
	for (char *tok = strtok(text, " "); tok; tok = strtok(NULL, " ")) {
		char *end;
		unsigned long seq;

		if (!strcmp(tok, "rm:1@1") || !strcmp(tok, "loss"))
			continue;
		seq = strtoul(tok, &end, 10);
		cr_assert_str_eq(end, "@1", "unexpected record %s", tok);
		cr_assert_gt(seq, *last, "record %lu after %u", seq, *last);
		*last = (uint32_t)seq;
	}
}

/* Read until the ring is empty, checking each read's records as it comes
 * (the poster may still be filling it). */
static void drain_checked(int fd, uint32_t *last)
{
	unsigned char buf[4096];
	char text[4096 / 8 * 24];
	long n;

	while ((n = vfsim_read(t, fd, buf, sizeof(buf))) > 0) {
		text[0] = 0;		/* wqt_render appends */
		cr_assert_geq(wqt_render(buf, (size_t)n, text, sizeof(text)), 1, "%s", text);
		check_tokens(text, last);
	}
	EXPECT(n, -EAGAIN);
}

/*
 * test_object_post() finds the object under RCU alone: the object is
 * destroyed and made again (by watching it) while another task posts to
 * it.  Nothing may be read from freed memory (ASan builds check), every
 * record read belongs to a live watch, and the instance ends clean.
 */
VT_TEST(wq_post, object_destroyed_under_a_poster, "empty", NULL)
{
	struct poster p = { .posts = 20000 };
	uint32_t last = 0;
	pthread_t th;
	int fds[2];

	wqt_pipe(t, O_NONBLOCK, 64, fds);
	cr_assert_eq(vfsim_task_create(v, 0, 0, &p.t), 0);
	cr_assert_eq(pthread_create(&th, NULL, poster_main, &p), 0);
	for (int i = 0; i < 300; i++) {
		EXPECT(vfsim_test_watch(t, fds[0], 1, 1), 0);
		drain_checked(fds[0], &last);
		EXPECT(vfsim_test_destroy_object(t, 1), 0);
	}
	pthread_join(th, NULL);
	cr_assert_eq(p.bad, 0, "a post failed: %ld", p.bad);
	drain_checked(fds[0], &last);
	vfsim_task_destroy(p.t);
	EXPECT(vfsim_warn_count(v), 0);
}
