/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Watches and REMOVAL records (docs/watch_queue.md): a removed watch
 * tells its queue with a REMOVAL record of 16 bytes carrying the object id,
 * or 8 bytes when the id is 0, with the watch's ID in info; -EBADSLT when
 * there is no such watch; an object that dies tells every watcher once;
 * one watch per queue and object (-EBUSY); watch IDs 0..255.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

static struct vfsim *v;
static struct vfsim_task *t;

/* ---- the records, byte for byte -------------------------------------------------- */

VT_TEST(wq_removal, unwatch_gives_16_byte_removal, "empty", NULL)
{
	struct watch_notification_removal r;
	int fds[2];

	wqt_watched_pipe(t, fds, 0x123456789abcdef0ull, 7);
	EXPECT(vfsim_test_unwatch(t, fds[0], 0x123456789abcdef0ull), 0);
	memset(&r, 0xaa, sizeof(r));
	EXPECT(vfsim_read(t, fds[0], &r, sizeof(r)), 16);
	EXPECT(r.watch.type, WATCH_TYPE_META);
	EXPECT(r.watch.subtype, WATCH_META_REMOVAL_NOTIFICATION);
	EXPECT(r.watch.info, (7 << WATCH_INFO_ID__SHIFT) | 16);
	cr_assert_eq(r.id, 0x123456789abcdef0ull);
	EXPECT(vfsim_read(t, fds[0], &r, sizeof(r)), -EAGAIN);
}

VT_TEST(wq_removal, object_0_gives_8_byte_removal, "empty", NULL)
{
	unsigned char buf[32];
	struct watch_notification n;
	int fds[2];

	wqt_watched_pipe(t, fds, 0, 255);
	EXPECT(vfsim_test_unwatch(t, fds[0], 0), 0);
	memset(buf, 0xaa, sizeof(buf));
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 8);
	memcpy(&n, buf, sizeof(n));
	EXPECT(n.type, WATCH_TYPE_META);
	EXPECT(n.subtype, WATCH_META_REMOVAL_NOTIFICATION);
	EXPECT(n.info, (255 << WATCH_INFO_ID__SHIFT) | 8);
	/* nothing past the record was written */
	EXPECT(buf[8], 0xaa);
	/* an 8-byte buffer is enough for it */
	EXPECT(vfsim_test_watch(t, fds[0], 0, 0), 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 0), 0);
	EXPECT(vfsim_read(t, fds[0], buf, 8), 8);
}

VT_TEST(wq_removal, removal_with_watch_id_0, "empty", NULL)
{
	int fds[2];

	wqt_watched_pipe(t, fds, 5, 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 5), 0);
	cr_assert(wqt_reads(t, fds[0], "rm:5@0"));
}

/* ---- EBADSLT ------------------------------------------------------------------------ */

VT_TEST(wq_removal, unwatch_without_watch_ebadslt, "empty", NULL)
{
	int a[2], b[2];

	wqt_pipe(t, O_NONBLOCK, 4, a);
	wqt_watched_pipe(t, b, 1, 1);
	/* no such object at all */
	EXPECT(vfsim_test_unwatch(t, a[0], 1), -EBADSLT);
	EXPECT(vfsim_test_unwatch(t, a[0], 0), -EBADSLT);
	/* the object is watched, but by another queue */
	EXPECT(vfsim_test_unwatch(t, a[0], 1), -EBADSLT);
	/* the watch was removed already */
	EXPECT(vfsim_test_watch(t, a[0], 2, 1), 0);
	EXPECT(vfsim_test_unwatch(t, a[0], 2), 0);
	EXPECT(vfsim_test_unwatch(t, a[0], 2), -EBADSLT);
	EXPECT(vfsim_test_unwatch(t, a[1], 2), -EBADSLT);
	/* a failed unwatch sends nothing; b's watch is untouched */
	cr_assert(wqt_reads(t, a[0], "rm:2@1"));
	cr_assert(wqt_reads(t, b[0], ""));
	EXPECT(wqt_post_seq(t, 1, 9), 0);
	cr_assert(wqt_reads(t, b[0], "9@1"));
}

VT_TEST(wq_removal, unwatched_object_reaches_nobody, "empty", NULL)
{
	int fds[2];

	wqt_watched_pipe(t, fds, 3, 1);
	EXPECT(wqt_post_seq(t, 3, 1), 0);
	EXPECT(vfsim_test_unwatch(t, fds[1], 3), 0);
	EXPECT(wqt_post_seq(t, 3, 2), 0);
	/* and it can be watched again, with another ID */
	EXPECT(vfsim_test_watch(t, fds[0], 3, 2), 0);
	EXPECT(wqt_post_seq(t, 3, 3), 0);
	cr_assert(wqt_reads(t, fds[0], "1@1 rm:3@1 3@2"));
}

/* ---- the object dies ---------------------------------------------------------------- */

VT_TEST(wq_removal, destroy_object_tells_every_watcher_once, "empty", NULL)
{
	int a[2], b[2], c[2];

	wqt_watched_pipe(t, a, 9, 1);
	wqt_watched_pipe(t, b, 9, 2);
	wqt_watched_pipe(t, c, 9, 255);
	EXPECT(vfsim_test_watch(t, a[0], 10, 3), 0);
	EXPECT(vfsim_test_destroy_object(t, 9), 0);
	cr_assert(wqt_reads(t, a[0], "rm:9@1"));
	cr_assert(wqt_reads(t, b[0], "rm:9@2"));
	cr_assert(wqt_reads(t, c[0], "rm:9@255"));
	/* the other object lives on */
	EXPECT(wqt_post_seq(t, 10, 1), 0);
	EXPECT(wqt_post_seq(t, 9, 2), 0);
	cr_assert(wqt_reads(t, a[0], "1@3"));
	cr_assert(wqt_reads(t, b[0], ""));
	cr_assert(wqt_reads(t, c[0], ""));
	/* the watches went with the object */
	EXPECT(vfsim_test_unwatch(t, a[0], 9), -EBADSLT);
	EXPECT(vfsim_test_destroy_object(t, 9), -ENOENT);
}

VT_TEST(wq_removal, destroy_object_0_gives_8_byte_removals, "empty", NULL)
{
	int a[2], b[2];

	wqt_watched_pipe(t, a, 0, 4);
	wqt_watched_pipe(t, b, 0, 5);
	EXPECT(vfsim_test_destroy_object(t, 0), 0);
	cr_assert(wqt_reads(t, a[0], "rm@4"));
	cr_assert(wqt_reads(t, b[0], "rm@5"));
}

/* An object whose watches were all removed still exists, and has nobody to tell. */
VT_TEST(wq_removal, destroy_object_without_watchers, "empty", NULL)
{
	int fds[2];

	wqt_watched_pipe(t, fds, 8, 1);
	EXPECT(vfsim_test_unwatch(t, fds[0], 8), 0);
	EXPECT(vfsim_test_destroy_object(t, 8), 0);
	cr_assert(wqt_reads(t, fds[0], "rm:8@1"));
	EXPECT(vfsim_test_destroy_object(t, 8), -ENOENT);
}

VT_TEST(wq_removal, destroy_unknown_object_enoent, "empty", NULL)
{
	EXPECT(vfsim_test_destroy_object(t, 1), -ENOENT);
	EXPECT(vfsim_test_destroy_object(t, 0), -ENOENT);
}

/* A watch whose pipe has gone is no longer on the object: no record for it. */
VT_TEST(wq_removal, destroy_after_watcher_closed, "empty", NULL)
{
	int a[2], b[2];

	wqt_watched_pipe(t, a, 6, 1);
	wqt_watched_pipe(t, b, 6, 2);
	EXPECT(vfsim_close(t, a[0]), 0);
	EXPECT(vfsim_close(t, a[1]), 0);
	EXPECT(vfsim_test_destroy_object(t, 6), 0);
	cr_assert(wqt_reads(t, b[0], "rm:6@2"));
}

/* Removal records take a note like any record and can be lost. */
VT_TEST(wq_removal, removal_into_full_queue_is_a_loss, "empty", NULL)
{
	int fds[2];

	wqt_pipe(t, O_NONBLOCK, 1, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 1), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 1), 0);
	cr_assert(wqt_reads(t, fds[0], "1@1 loss"));
	/* the watch went all the same */
	EXPECT(vfsim_test_unwatch(t, fds[0], 1), -EBADSLT);
}

/* ---- adding watches ------------------------------------------------------------------ */

VT_TEST(wq_removal, second_watch_same_queue_same_object_ebusy, "empty", NULL)
{
	int a[2], b[2];

	wqt_watched_pipe(t, a, 1, 1);
	wqt_watched_pipe(t, b, 1, 1);
	EXPECT(vfsim_test_watch(t, a[0], 1, 1), -EBUSY);
	EXPECT(vfsim_test_watch(t, a[0], 1, 2), -EBUSY);
	EXPECT(vfsim_test_watch(t, a[1], 1, 3), -EBUSY);	/* same queue, other end */
	/* another queue, or another object, is fine */
	EXPECT(vfsim_test_watch(t, a[0], 2, 1), 0);
	/* the refused watches did not happen: one record per queue */
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	cr_assert(wqt_reads(t, a[0], "1@1"));
	cr_assert(wqt_reads(t, b[0], "1@1"));
	/* and once the watch is gone, the queue may watch again */
	EXPECT(vfsim_test_unwatch(t, a[0], 1), 0);
	EXPECT(vfsim_test_watch(t, a[0], 1, 2), 0);
	cr_assert(wqt_reads(t, a[0], "rm:1@1"));
}

VT_TEST(wq_removal, watch_id_out_of_range_einval, "empty", NULL)
{
	static const int bad[] = { -1, 256, 257, 0x1ff, INT_MAX, INT_MIN };
	int fds[2];
	unsigned int i;

	wqt_pipe(t, O_NONBLOCK, 4, fds);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT(vfsim_test_watch(t, fds[0], 1, bad[i]), -EINVAL);
	/* nothing was added */
	EXPECT(vfsim_test_unwatch(t, fds[0], 1), -EBADSLT);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(vfsim_test_watch(t, fds[0], 2, 255), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_post_seq(t, 2, 2), 0);
	cr_assert(wqt_reads(t, fds[0], "1 2@255"));
}

/* A pipe watching several objects gets each one's records with its ID. */
VT_TEST(wq_removal, one_queue_several_objects, "empty", NULL)
{
	int fds[2];
	unsigned int i;

	wqt_pipe(t, O_NONBLOCK, 16, fds);
	for (i = 0; i < 4; i++)
		EXPECT(vfsim_test_watch(t, fds[0], 100 + i, (int)(10 + i)), 0);
	for (i = 0; i < 4; i++)
		EXPECT(wqt_post_seq(t, 100 + i, i), 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 102), 0);
	EXPECT(vfsim_test_destroy_object(t, 101), 0);
	EXPECT(wqt_post_seq(t, 102, 7), 0);
	cr_assert(wqt_reads(t, fds[0], "0@10 1@11 2@12 3@13 rm:102@12 rm:101@11"));
}
