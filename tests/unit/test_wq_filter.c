/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IOC_WATCH_QUEUE_SET_FILTER and filter matching (docs/watch_queue.md,
 * errata B12): every errno in its order, NULL removing the filter, a
 * refused filter leaving the old one, replacement for later posts only,
 * rules for unknown types dropped, only the first subtype word kept, info
 * matching after the watch ID is put in, removal and loss records never
 * filtered, and a table of filter/record pairs run through the public API
 * (set the filter, post, read).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define ALL 0xffffffffu
#define F0 WATCH_INFO_FLAG_0
#define F1 WATCH_INFO_FLAG_1
#define F7 WATCH_INFO_FLAG_7

/* @f's rule 0 as @type, @subtypes, @info_mask, @info_filter, then @f
 * as @fd's filter: wqt_set_filter()'s result. */
static long set_rule(int fd, struct watch_notification_filter *f, uint32_t type,
		     uint32_t subtypes, uint32_t info_mask, uint32_t info_filter)
{
	wqt_rule(f, 0, type, subtypes, info_mask, info_filter);
	return wqt_set_filter(t, fd, f);
}

/* Post a WQT_LEN-byte WQT_TYPE record of @subtype, sequence number @seq,
 * to test object 1. */
static long post_sub(unsigned int subtype, uint32_t seq)
{
	return wqt_post(t, 1, WQT_TYPE, subtype, WQT_LEN, 0, seq);
}

/* ---- SET_FILTER errors, in order ------------------------------------------------ */

VT_TEST(wq_filter, not_notification_pipe_enodev_first, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(0);
	int fds[2];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	EXPECT(wqt_set_filter(t, fds[0], NULL), -ENODEV);
	EXPECT(wqt_set_filter(t, fds[0], f), -ENODEV);	/* nr 0 */
	EXPECT(vfsim_ioctl(t, fds[1], IOC_WATCH_QUEUE_SET_FILTER, 16), -ENODEV);
	free(f);
}

VT_TEST(wq_filter, null_removes_and_returns_0, "empty", NULL)
{
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	EXPECT(wqt_set_filter(t, fds[0], NULL), 0);	/* none to remove */
	EXPECT(wqt_set_filter(t, fds[0], NULL), 0);
	/* on an unsized queue too */
	wqt_pipe(t, 0, 0, fds);
	EXPECT(wqt_set_filter(t, fds[1], NULL), 0);
}

VT_TEST(wq_filter, unreadable_header_efault, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int fds[2];

	wqt_rule(f, 0, WQT_TYPE, ALL, 0, 0);
	wqt_pipe(t, 0, 4, fds);
	/* in the first page */
	EXPECT(vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_FILTER, 16), -EFAULT);
	cr_assert_eq(vfsim_uaccess_unmap(v, f, 8), 0);
	EXPECT(wqt_set_filter(t, fds[0], f), -EFAULT);
	vfsim_uaccess_remap_all(v);
	/* only __reserved unreadable */
	cr_assert_eq(vfsim_uaccess_unmap(v, (char *)f + 4, 4), 0);
	EXPECT(wqt_set_filter(t, fds[0], f), -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(wqt_set_filter(t, fds[0], f), 0);
	free(f);
}

VT_TEST(wq_filter, bad_header_einval_before_rules_efault, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(17);
	unsigned int i;
	int fds[2];

	for (i = 0; i < 17; i++)
		wqt_rule(f, i, WQT_TYPE, ALL, 0, 0);
	wqt_pipe(t, 0, 4, fds);

	f->nr_filters = 0;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	f->nr_filters = 17;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	f->nr_filters = ALL;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	f->nr_filters = 1;
	f->__reserved = 1;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	f->__reserved = 0x80000000u;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);

	/* the same with every rule unreadable: the header is judged first */
	cr_assert_eq(vfsim_uaccess_unmap(v, f->filters, 17 * sizeof(f->filters[0])), 0);
	f->__reserved = 0;
	f->nr_filters = 0;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	f->nr_filters = 17;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	f->nr_filters = 1;
	f->__reserved = 1;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	f->__reserved = 0;
	EXPECT(wqt_set_filter(t, fds[0], f), -EFAULT);
	vfsim_uaccess_remap_all(v);

	EXPECT(wqt_set_filter(t, fds[0], f), 0);
	f->nr_filters = 16;
	EXPECT(wqt_set_filter(t, fds[0], f), 0);
	free(f);
}

VT_TEST(wq_filter, unreadable_rules_efault, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(2);
	int fds[2];

	wqt_rule(f, 0, WQT_TYPE, ALL, 0, 0);
	wqt_rule(f, 1, WATCH_TYPE_SB_NOTIFY, ALL, 0, 0);
	wqt_pipe(t, 0, 4, fds);

	/* the second rule */
	cr_assert_eq(vfsim_uaccess_unmap(v, &f->filters[1], sizeof(f->filters[1])), 0);
	EXPECT(wqt_set_filter(t, fds[0], f), -EFAULT);
	vfsim_uaccess_remap_all(v);
	/* the last byte of the last rule */
	cr_assert_eq(vfsim_uaccess_unmap(v, (char *)&f->filters[2] - 1, 1), 0);
	EXPECT(wqt_set_filter(t, fds[0], f), -EFAULT);
	vfsim_uaccess_remap_all(v);
	/* all rules are copied before any is judged: an invalid first rule
	 * and an unreadable second one give EFAULT */
	wqt_rule(f, 0, WQT_TYPE, ALL, 0, F0);
	cr_assert_eq(vfsim_uaccess_unmap(v, &f->filters[1], sizeof(f->filters[1])), 0);
	EXPECT(wqt_set_filter(t, fds[0], f), -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	free(f);
}

VT_TEST(wq_filter, info_filter_outside_mask_einval, "empty", NULL)
{
	static const uint32_t bad[][2] = {	/* mask, filter */
		{ 0, F0 }, { F0, F1 }, { 0xff00, 0x10000 }, { 0xffff0000, 0x0100 },
		{ 0x80, 0x180 },
	};
	struct watch_notification_filter *f = wqt_filter_new(1);
	unsigned int i;
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT(set_rule(fds[0], f, WQT_TYPE, ALL, bad[i][0], bad[i][1]), -EINVAL);
	free(f);
}

VT_TEST(wq_filter, mask_on_length_bits_einval, "empty", NULL)
{
	static const uint32_t bad[] = { 0x1, 0x40, 0x7f, 0xff, ALL };
	struct watch_notification_filter *f = wqt_filter_new(1);
	unsigned int i;
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT(set_rule(fds[0], f, WQT_TYPE, ALL, bad[i], 0), -EINVAL);
	/* bit 7 is not a length bit */
	EXPECT(set_rule(fds[0], f, WQT_TYPE, ALL, 0x80, 0x80), 0);
	EXPECT(set_rule(fds[0], f, WQT_TYPE, ALL, 0xffffff80u, 0), 0);
	free(f);
}

/* A rule is checked before its type is found to be unknown. */
VT_TEST(wq_filter, invalid_rule_of_ignored_type_einval, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(16);
	unsigned int i;
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	for (i = 0; i < 16; i++)
		wqt_rule(f, i, WQT_TYPE, ALL, 0, 0);
	wqt_rule(f, 3, 99, ALL, 0, F0);
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	wqt_rule(f, 3, 99, ALL, 1, 0);
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	wqt_rule(f, 3, 99, ALL, 0, 0);
	wqt_rule(f, 15, WQT_TYPE, ALL, F0, F1);
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	free(f);
}

/* ---- what a filter does ----------------------------------------------------------- */

VT_TEST(wq_filter, refused_filter_keeps_old_one, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	EXPECT(set_rule(fds[0], f, WQT_TYPE, 1u << 1, 0, 0), 0);
	EXPECT(set_rule(fds[0], f, WQT_TYPE, ALL, 0, F0), -EINVAL);
	f->nr_filters = 0;
	EXPECT(wqt_set_filter(t, fds[0], f), -EINVAL);
	f->nr_filters = 1;
	cr_assert_eq(vfsim_uaccess_unmap(v, f->filters, sizeof(f->filters[0])), 0);
	EXPECT(wqt_set_filter(t, fds[0], f), -EFAULT);
	vfsim_uaccess_remap_all(v);
	EXPECT(post_sub(0, 1), 0);
	EXPECT(post_sub(1, 2), 0);
	cr_assert(wqt_reads(t, fds[0], "2/s1"));
	free(f);
}

VT_TEST(wq_filter, null_removes_filter, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	EXPECT(set_rule(fds[0], f, WATCH_TYPE_SB_NOTIFY, ALL, 0, 0), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_set_filter(t, fds[1], NULL), 0);
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	cr_assert(wqt_reads(t, fds[0], "2"));
	free(f);
}

VT_TEST(wq_filter, replacement_applies_to_later_posts, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	EXPECT(set_rule(fds[0], f, WQT_TYPE, 1u << 1, 0, 0), 0);
	EXPECT(post_sub(1, 1), 0);
	EXPECT(post_sub(2, 2), 0);
	EXPECT(set_rule(fds[0], f, WQT_TYPE, 1u << 2, 0, 0), 0);
	EXPECT(post_sub(1, 3), 0);
	EXPECT(post_sub(2, 4), 0);
	/* what was queued under the old filter stays */
	cr_assert(wqt_reads(t, fds[0], "1/s1 4/s2"));
	free(f);
}

VT_TEST(wq_filter, filter_is_per_queue, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int a[2], b[2];

	wqt_watched_pipe(t, a, 1, 1);
	wqt_watched_pipe(t, b, 1, 2);
	EXPECT(set_rule(a[0], f, WQT_TYPE, 1u << 0, 0, 0), 0);
	EXPECT(post_sub(0, 1), 0);
	EXPECT(post_sub(1, 2), 0);
	cr_assert(wqt_reads(t, a[0], "1@1"));
	cr_assert(wqt_reads(t, b[0], "1@2 2@2/s1"));
	free(f);
}

VT_TEST(wq_filter, info_mask_selects_watch_id, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int fds[2];

	wqt_watched_pipe(t, fds, 10, 1);
	EXPECT(vfsim_test_watch(t, fds[0], 20, 3), 0);
	EXPECT(vfsim_test_watch(t, fds[0], 30, 5), 0);
	EXPECT(vfsim_test_watch(t, fds[0], 40, 0), 0);
	EXPECT(set_rule(fds[0], f, WQT_TYPE, ALL, 0xff00, 0x0300), 0);
	EXPECT(wqt_post_seq(t, 10, 1), 0);
	EXPECT(wqt_post_seq(t, 20, 2), 0);
	EXPECT(wqt_post_seq(t, 30, 3), 0);
	/* an ID the poster wrote into the record does not count */
	EXPECT(wqt_post(t, 40, WQT_TYPE, 0, 16, 0x0300, 4), 0);
	cr_assert(wqt_reads(t, fds[0], "2@3"));
	free(f);
}

/* Records a filter turns away are not lost records: no LOSS for them. */
VT_TEST(wq_filter, filtered_records_are_not_losses, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int fds[2];

	wqt_pipe(t, O_NONBLOCK, 1, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(set_rule(fds[0], f, WQT_TYPE, 1u << 0, 0, 0), 0);
	EXPECT(post_sub(0, 1), 0);
	EXPECT(post_sub(1, 2), 0);
	EXPECT(post_sub(1, 3), 0);
	cr_assert(wqt_reads(t, fds[0], "1"));
	free(f);
}

/* ---- records no filter applies to ----------------------------------------------- */

VT_TEST(wq_filter, removal_records_never_filtered, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 2);
	EXPECT(vfsim_test_watch(t, fds[0], 0, 4), 0);
	EXPECT(vfsim_test_watch(t, fds[0], 3, 6), 0);
	/* passes nothing at all */
	EXPECT(set_rule(fds[0], f, 99, ALL, 0, 0), 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 1), 0);
	EXPECT(vfsim_test_unwatch(t, fds[0], 0), 0);
	EXPECT(vfsim_test_destroy_object(t, 3), 0);
	cr_assert(wqt_reads(t, fds[0], "rm:1@2 rm@4 rm:3@6"));
	free(f);
}

VT_TEST(wq_filter, loss_records_never_filtered, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(1);
	int fds[2];

	wqt_pipe(t, O_NONBLOCK, 1, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(set_rule(fds[0], f, WQT_TYPE, 1u << 0, 0, 0), 0);	/* no META rule */
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	cr_assert(wqt_reads(t, fds[0], "1 loss"));
	free(f);
}

VT_TEST(wq_filter, sixteen_rules_last_one_matches, "empty", NULL)
{
	struct watch_notification_filter *f = wqt_filter_new(16);
	unsigned int i;
	int fds[2];

	wqt_watched_pipe(t, fds, 1, 0);
	for (i = 0; i < 15; i++)
		wqt_rule(f, i, WATCH_TYPE_SB_NOTIFY, 1u << i, 0, 0);
	wqt_rule(f, 15, WQT_TYPE, 1u << 9, 0, 0);
	EXPECT(wqt_set_filter(t, fds[0], f), 0);
	EXPECT(post_sub(8, 1), 0);
	EXPECT(post_sub(9, 2), 0);
	EXPECT(wqt_post(t, 1, WATCH_TYPE_SB_NOTIFY, 14, 16, 0, 3), 0);
	EXPECT(wqt_post(t, 1, WATCH_TYPE_SB_NOTIFY, 15, 16, 0, 4), 0);
	cr_assert(wqt_reads(t, fds[0], "2/s9 3/t3/s14"));
	free(f);
}

/* ---- the matching table ---------------------------------------------------------- */

struct rule {
	uint32_t type, subtypes, mask, filter;
	uint32_t subtypes_hi;	/* subtype_filter[1..7] */
};

struct match_row {
	const char *what;
	unsigned int nr;
	struct rule rules[4];
	unsigned int type, subtype, len;	/* the record (len 0: 16) */
	uint32_t info;		/* the record's own bits beyond the length */
	int watch_id;
	bool pass;
};

#define R(ty, st) { .type = (ty), .subtypes = (st) }
#define RI(ty, st, m, f) { .type = (ty), .subtypes = (st), .mask = (m), .filter = (f) }
#define RH(ty, st, hi) { .type = (ty), .subtypes = (st), .subtypes_hi = (hi) }

static const struct match_row table[] = {
	{ "type in filter, any subtype", 1, { R(2, ALL) }, 2, 0, 0, 0, 0, true },
	{ "type not in filter", 1, { R(1, ALL) }, 2, 0, 0, 0, 0, false },
	{ "subtype bit set", 1, { R(2, 1u << 3) }, 2, 3, 0, 0, 0, true },
	{ "subtype bit clear", 1, { R(2, 1u << 3) }, 2, 4, 0, 0, 0, false },
	{ "subtype 31, last of word 0", 1, { R(2, 1u << 31 | 1) }, 2, 31, 0, 0, 0, true },
	{ "subtype 0, first of word 0", 1, { R(2, 1u << 31 | 1) }, 2, 0, 0, 0, 0, true },
	{ "empty subtype word", 1, { R(2, 0) }, 2, 0, 0, 0, 0, false },
	{ "subtype 32: word 1 never kept", 1, { RH(2, ALL, ALL) }, 2, 32, 0, 0, 0, false },
	{ "subtype 255: word 7 never kept", 1, { RH(2, ALL, ALL) }, 2, 255, 0, 0, 0, false },
	{ "META type filtered in", 1, { R(0, 1u << 5) }, 0, 5, 0, 0, 0, true },
	{ "key type", 1, { R(1, 1u << 2) }, 1, 2, 0, 0, 0, true },
	{ "sb type", 1, { R(3, ALL) }, 3, 0, 0, 0, 0, true },
	{ "subtype of another type's rule", 2, { R(3, 1u << 1), R(2, 1u << 2) },
	  3, 2, 0, 0, 0, false },
	{ "second rule of the type matches", 2, { R(2, 1u << 1), R(2, 1u << 2) },
	  2, 2, 0, 0, 0, true },
	{ "no rule of the type matches", 2, { R(2, 1u << 1), R(2, 1u << 2) },
	  2, 3, 0, 0, 0, false },
	{ "flag required and set", 1, { RI(2, ALL, F0, F0) }, 2, 0, 0, F0, 0, true },
	{ "flag required and clear", 1, { RI(2, ALL, F0, F0) }, 2, 0, 0, 0, 0, false },
	{ "flag to be clear but set", 1, { RI(2, ALL, F0, 0) }, 2, 0, 0, F0, 0, false },
	{ "two-flag mask, both set", 1, { RI(2, ALL, F0 | F1, F0) }, 2, 0, 0, F0 | F1, 0, false },
	{ "bits outside the mask ignored", 1, { RI(2, ALL, F0 | F1, F0) },
	  2, 0, 0, F0 | F7, 0, true },
	{ "info tried rule by rule", 2, { RI(2, ALL, F0, F0), RI(2, ALL, F0, 0) },
	  2, 0, 0, 0, 0, true },
	{ "watch ID 3 selected", 1, { RI(2, ALL, 0xff00, 0x0300) }, 2, 0, 0, 0, 3, true },
	{ "watch ID 4 not", 1, { RI(2, ALL, 0xff00, 0x0300) }, 2, 0, 0, 0, 4, false },
	{ "record's own ID bits replaced (reject)", 1, { RI(2, ALL, 0xff00, 0x0300) },
	  2, 0, 0, 0x0300, 0, false },
	{ "record's own ID bits replaced (pass)", 1, { RI(2, ALL, 0xff00, 0) },
	  2, 0, 0, 0x0500, 0, true },
	{ "ID 255", 1, { RI(2, ALL, 0xff00, 0xff00) }, 2, 0, 0, 0, 255, true },
	{ "ID and flag together", 1, { RI(2, ALL, 0x00ffff00, 0x00010500) },
	  2, 0, 0, F0, 5, true },
	{ "ID right, extra flag", 1, { RI(2, ALL, 0x00ffff00, 0x00010500) },
	  2, 0, 0, F0 | F1, 5, false },
	{ "type-info bits 16..31", 1, { RI(2, ALL, 0xffff0000, 0xabcd0000) },
	  2, 0, 0, 0xabcd0000, 0, true },
	{ "type-info bits differ", 1, { RI(2, ALL, 0xffff0000, 0xabcd0000) },
	  2, 0, 0, 0xabcc0000, 0, false },
	{ "bit 7 required and set", 1, { RI(2, ALL, 0x80, 0x80) }, 2, 0, 0, 0x80, 0, true },
	{ "bit 7 to be clear but set", 1, { RI(2, ALL, 0x80, 0) }, 2, 0, 0, 0x80, 0, false },
	{ "type-4 rule ignored", 2, { R(4, ALL), R(2, 1u << 0) }, 4, 0, 0, 0, 0, false },
	{ "ignored rules only", 4, { R(4, ALL), R(128, ALL), R(1023, ALL), R(ALL, ALL) },
	  2, 0, 0, 0, 0, false },
	{ "ignored rules only, META record", 4,
	  { R(4, ALL), R(128, ALL), R(1023, ALL), R(ALL, ALL) }, 0, 5, 0, 0, 0, false },
	{ "record of type 4", 1, { R(2, ALL) }, 4, 0, 0, 0, 0, false },
	{ "record of type 0x10002 is not type 2", 1, { R(2, ALL) }, 0x10002, 0, 0, 0, 0, false },
	{ "any length", 1, { R(2, 1u << 0) }, 2, 0, 127, 0, 0, true },
	{ "shortest length", 1, { R(2, 1u << 0) }, 2, 0, 8, 0, 0, true },
	{ "mask 0 takes all info", 1, { RI(2, ALL, 0, 0) }, 2, 0, 0, F7 | F0, 9, true },
};

static void run_row(unsigned int i, const struct match_row *r)
{
	struct watch_notification_filter *f = wqt_filter_new(r->nr);
	unsigned int j, w, len = r->len ? r->len : WQT_LEN;
	char text[256];
	long n;
	int fds[2];

	for (j = 0; j < r->nr; j++) {
		wqt_rule(f, j, r->rules[j].type, r->rules[j].subtypes, r->rules[j].mask,
			 r->rules[j].filter);
		for (w = 1; w < 8; w++)
			f->filters[j].subtype_filter[w] = r->rules[j].subtypes_hi;
	}
	wqt_watched_pipe(t, fds, 100 + i, r->watch_id);
	cr_assert_eq(wqt_set_filter(t, fds[0], f), 0, "row %u (%s): SET_FILTER", i, r->what);
	EXPECT(wqt_post(t, 100 + i, r->type, r->subtype, len, r->info, 1), 0);
	n = wqt_drain(t, fds[0], 128, text, sizeof(text));
	cr_assert_eq(n, r->pass ? 1 : 0, "row %u (%s): %s, read \"%s\"", i, r->what,
		     r->pass ? "should pass" : "should be rejected", text);

	/* Without the filter the same record arrives: it was the filter. */
	EXPECT(wqt_set_filter(t, fds[0], NULL), 0);
	EXPECT(wqt_post(t, 100 + i, r->type, r->subtype, len, r->info, 2), 0);
	n = wqt_drain(t, fds[0], 128, text, sizeof(text));
	cr_assert_eq(n, 1, "row %u (%s): no filter, read \"%s\"", i, r->what, text);

	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(vfsim_close(t, fds[1]), 0);
	free(f);
}

VT_TEST(wq_filter, matching_table, "empty", NULL)
{
	unsigned int i, n = sizeof(table) / sizeof(table[0]);

	cr_assert_geq(n, 25);
	for (i = 0; i < n; i++)
		run_row(i, &table[i]);
}
