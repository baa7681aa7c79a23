/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erratum B12 (docs/errata.md): bounds in the 5.8 watch_queue core the
 * series was built on (docs/watch_queue.md, docs/errata.md).
 *
 * The posted code (watch_queue_set_size(), watch_queue_set_filter(),
 * filter_watch_notification()):
 *  1. a ring size that is not a power of two breaks the ring mask;
 *  2. filter rules for types 128..1023 write past the type bitmap;
 *  3. subtypes of 32 and above are read past the one subtype word kept.
 * The model by default does what the 5.17 fixes do: the ring is rounded
 * up to a power of two (so 3 notes hold 4 records, 33 hold 64), rules for
 * types at or above WATCH_TYPE___NR are dropped (a filter of nothing else
 * passes nothing), and only subtype word 0 is kept (words 1-7 change
 * nothing; a subtype of 32 or more never passes).
 * No quirk: the posted behaviour corrupts memory.  The filter matrix of
 * test_wq_filter.c has more rows of 2 and 3, and fuzz_watch_filter
 * hammers the parser.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/wqtest.h"

#define ALL 0xffffffffu

static struct vfsim *v;
static struct vfsim_task *t;

/* ---- 1: the ring rounded up ----------------------------------------------------- */

/* 3 notes: a ring of 4 slots, and a page of 32 notes behind it */
VT_TEST(errata, b12_ring_of_3_rounded_up_to_4, "empty", NULL)
{
	cr_assert(wqt_capacity_is(t, 3, 4, WQT_LEN));
}

/* 33 notes: a ring of 64 and two pages, 64 notes */
VT_TEST(errata, b12_ring_of_33_rounded_up_to_64, "empty", NULL)
{
	cr_assert(wqt_capacity_is(t, 33, 64, WQT_LEN));
}

/* ---- 2: rules for types past the bitmap ------------------------------------------ */

VT_TEST(errata, b12_rules_for_unknown_types_dropped, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(4);
	unsigned int type;
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	wqt_rule(f, 0, WATCH_TYPE___NR, ALL, 0, 0);
	wqt_rule(f, 1, 128, ALL, 0, 0);
	wqt_rule(f, 2, 1023, ALL, 0, 0);
	wqt_rule(f, 3, ALL, ALL, 0, 0);
	EXPECT(wqt_set_filter(t, fds[0], f), 0);
	for (type = 0; type <= 5; type++)
		EXPECT(wqt_post(t, 1, type, 7, 16, 0, type), 0);
	EXPECT(wqt_post(t, 1, 128, 7, 16, 0, 128), 0);
	EXPECT(wqt_post(t, 1, 1023, 7, 16, 0, 1023), 0);
	cr_assert(wqt_reads(t, fds[0], ""));
	free(f);
}

/* ---- 3: subtypes past word 0 --------------------------------------------------- */

VT_TEST(errata, b12_subtype_words_1_to_7_ignored, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	unsigned int w, s;
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	wqt_rule(f, 0, WQT_TYPE, 1u << 4, 0, 0);
	for (w = 1; w < 8; w++)
		f->filters[0].subtype_filter[w] = ALL;
	EXPECT(wqt_set_filter(t, fds[0], f), 0);
	for (s = 0; s < 256; s += 4)
		EXPECT(wqt_post(t, 1, WQT_TYPE, s, 16, 0, s), 0);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 255, 16, 0, 255), 0);
	cr_assert(wqt_reads(t, fds[0], "4/s4"));
	free(f);
}
