/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim_filter_parse() (text/filter.c, docs/filters.md):
 *   - good text gives exactly the expected struct watch_notification_filter
 *     (every byte, the eight subtype words included) and its size;
 *   - every error path gives -EINVAL and its exact message, and leaves the
 *     output buffer alone; a short buffer gives -ENOSPC; messages are cut
 *     to errsize and always terminated;
 *   - round trips through the kernel: parse, IOC_WATCH_QUEUE_SET_FILTER,
 *     post records to watched test objects, read: each record passes or is
 *     rejected as docs/watch_queue.md says (only subtype word 0 is kept, rules
 *     for types >= 4 are dropped, the watch ID is in info before the match,
 *     removal records bypass the filter), and the filters the kernel must
 *     refuse (§1.5) are refused.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/vfstest.h"
#include "common/check.h"

#define MAX_RULES 64
#define FILTER_BYTES(n) (sizeof(struct watch_notification_filter) + \
			 (n) * sizeof(struct watch_notification_type_filter))

/* Words 1..7 of subtype_filter, the same for all seven. */
#define ONES 0xffffffffU
#define ZERO 0U

struct rule {
	uint32_t type, info_filter, info_mask, word0, rest;
};

struct good_case {
	const char *text;
	unsigned int nr;
	struct rule rules[4];
};

static const struct good_case good[] = {
	/* watch_test's filter (docs/vfsim-command.md), words 1..7 aside. */
	{ "key mount:~move_from sb:readonly/flags=is_now_ro", 3, {
		{ WATCH_TYPE_KEY_NOTIFY, 0, 0, ONES, ONES },
		{ WATCH_TYPE_MOUNT_NOTIFY, 0, 0, ~(1U << NOTIFY_MOUNT_MOVE_FROM), ONES },
		{ WATCH_TYPE_SB_NOTIFY, WATCH_INFO_FLAG_0, WATCH_INFO_FLAG_0,
		  1U << NOTIFY_SUPERBLOCK_READONLY, ZERO } } },
	/* The examples. */
	{ "mount:~move_from", 1, { { 2, 0, 0, 0xffffffdf, ONES } } },
	{ "sb:readonly/flags=0x10000", 1, { { 3, 0x10000, 0x10000, 0x1, ZERO } } },
	/* docs/filters.md's examples. */
	{ "key", 1, { { 1, 0, 0, ONES, ONES } } },
	{ "mount:new_mount,unmount/noflags=in_subtree", 1, { { 2, 0, 0x10000, 0x3, ZERO } } },
	{ "mount/flags=is_recursive|is_submount,id=7", 1,
	  { { 2, 0xa0700, 0xaff00, ONES, ONES } } },
	{ "key/filter=0x10000", 1, { { 1, 0x10000, 0, ONES, ONES } } },
	/* Types: names, numbers (names still apply below 4), any u32. */
	{ "meta:removal,loss", 1, { { 0, 0, 0, 0x3, ZERO } } },
	{ "0:loss 1:setattr 2:move_to 3:network", 4, {
		{ 0, 0, 0, 0x2, ZERO }, { 1, 0, 0, 0x80, ZERO },
		{ 2, 0, 0, 0x40, ZERO }, { 3, 0, 0, 0x8, ZERO } } },
	{ "4 0x7fffffff 4294967295 0XaBc", 4, {
		{ 4, 0, 0, ONES, ONES }, { 0x7fffffff, 0, 0, ONES, ONES },
		{ 0xffffffff, 0, 0, ONES, ONES }, { 0xabc, 0, 0, ONES, ONES } } },
	{ "010", 1, { { 10, 0, 0, ONES, ONES } } },	/* not octal */
	/* Subtypes: '*', numbers, '~', duplicates. */
	{ "key:*", 1, { { 1, 0, 0, ONES, ONES } } },
	{ "key:0,31,0x1f,updated", 1, { { 1, 0, 0, 0x80000003, ZERO } } },
	{ "key:~0", 1, { { 1, 0, 0, 0xfffffffe, ONES } } },
	{ "key:~instantiated,updated", 1, { { 1, 0, 0, 0xfffffffc, ONES } } },
	{ "9:1,2", 1, { { 9, 0, 0, 0x6, ZERO } } },
	/* Info: every key, OR'd together; raw values unchecked. */
	{ "sb/noflags=is_now_ro", 1, { { 3, 0, 0x10000, ONES, ONES } } },
	{ "mount/flags=in_subtree,flags=0x800000|is_now_ro", 1,
	  { { 2, 0x850000, 0x850000, ONES, ONES } } },
	{ "key/flags=0xffff0000", 1, { { 1, 0xffff0000, 0xffff0000, ONES, ONES } } },
	{ "key/id=0", 1, { { 1, 0, 0xff00, ONES, ONES } } },
	{ "key/id=255", 1, { { 1, 0xff00, 0xff00, ONES, ONES } } },
	{ "key/mask=0x7f,filter=0xffffffff,mask=0x80", 1,
	  { { 1, 0xffffffff, 0xff, ONES, ONES } } },
	{ "7:3/mask=4294967295", 1, { { 7, 0, 0xffffffff, 0x8, ZERO } } },
	/* Blanks of every kind, and none at all. */
	{ " \tkey\n\r\v\fsb ", 2, { { 1, 0, 0, ONES, ONES }, { 3, 0, 0, ONES, ONES } } },
	{ "", 0, { { 0 } } },
	{ " \t\n", 0, { { 0 } } },
};

static void fill_expected(const struct good_case *c, unsigned char *out)
{
	struct watch_notification_filter h = { .nr_filters = c->nr };
	unsigned int i, w;

	memcpy(out, &h, sizeof(h));
	for (i = 0; i < c->nr; i++) {
		struct watch_notification_type_filter r = {
			.type = c->rules[i].type,
			.info_filter = c->rules[i].info_filter,
			.info_mask = c->rules[i].info_mask,
		};

		r.subtype_filter[0] = c->rules[i].word0;
		for (w = 1; w < 8; w++)
			r.subtype_filter[w] = c->rules[i].rest;
		memcpy(out + FILTER_BYTES(i), &r, sizeof(r));
	}
}

Test(wq_filter_parse, good_rules_give_exact_bytes)
{
	unsigned char got[FILTER_BYTES(MAX_RULES) + 16], want[FILTER_BYTES(MAX_RULES)];
	char err[256];
	size_t i, j;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		const struct good_case *c = &good[i];
		long len;

		memset(got, 0xa5, sizeof(got));
		strcpy(err, "stale");
		len = vfsim_filter_parse(c->text, got, sizeof(got), err, sizeof(err));
		cr_assert_eq(len, (long)FILTER_BYTES(c->nr), "'%s': got %ld (%s), want %zu",
			     c->text, len, err, FILTER_BYTES(c->nr));
		cr_assert_str_empty(err, "'%s': err is '%s' on success", c->text, err);
		fill_expected(c, want);
		for (j = 0; j < (size_t)len; j++)
			cr_assert_eq(got[j], want[j],
				     "'%s': byte %zu (rule %zd, offset %zu) is 0x%02x, want 0x%02x",
				     c->text, j, j < 8 ? -1 : (ssize_t)((j - 8) / 44),
				     j < 8 ? j : (j - 8) % 44, got[j], want[j]);
		for (; j < sizeof(got); j++)
			cr_assert_eq(got[j], 0xa5, "'%s': wrote past the filter, at %zu",
				     c->text, j);
	}
}

struct bad_case {
	const char *text;
	const char *msg;
};

static const struct bad_case bad[] = {
	/* TYPE */
	{ "foo", "rule 1 'foo': unknown type 'foo' (meta, key, mount, sb or a number)" },
	{ "Key", "rule 1 'Key': unknown type 'Key' (meta, key, mount, sb or a number)" },
	{ ":updated", "rule 1 ':updated': missing type (meta, key, mount, sb or a number)" },
	{ "/id=1", "rule 1 '/id=1': missing type (meta, key, mount, sb or a number)" },
	{ "4294967296", "rule 1 '4294967296': type '4294967296' out of range (0..4294967295)" },
	{ "0x100000000", "rule 1 '0x100000000': type '0x100000000' out of range (0..4294967295)" },
	{ "0x", "rule 1 '0x': bad type '0x' (decimal or 0x hex)" },
	{ "12x", "rule 1 '12x': bad type '12x' (decimal or 0x hex)" },
	{ "99999999999999999999z", "rule 1 '99999999999999999999z': bad type "
	  "'99999999999999999999z' (decimal or 0x hex)" },
	{ "-1", "rule 1 '-1': unknown type '-1' (meta, key, mount, sb or a number)" },
	/* SUBTYPES */
	{ "mount:", "rule 1 'mount:': empty subtype list after ':' (leave out ':' for all)" },
	{ "mount:/id=1", "rule 1 'mount:/id=1': empty subtype list after ':' "
	  "(leave out ':' for all)" },
	{ "mount:~", "rule 1 'mount:~': '~' must be followed by the subtypes to leave out" },
	{ "mount:~/id=1", "rule 1 'mount:~/id=1': '~' must be followed by the subtypes "
	  "to leave out" },
	{ "key:1,,2", "rule 1 'key:1,,2': empty subtype in the list" },
	{ "key:1,", "rule 1 'key:1,': empty subtype in the list" },
	{ "key:,1", "rule 1 'key:,1': empty subtype in the list" },
	{ "key:1,*", "rule 1 'key:1,*': '*' must stand alone (it means all subtypes)" },
	{ "key:~*", "rule 1 'key:~*': '*' must stand alone (it means all subtypes)" },
	{ "key:**", "rule 1 'key:**': unknown key subtype '**' (instantiated, updated, "
	  "linked, unlinked, cleared, revoked, invalidated, setattr or a number)" },
	{ "key:~~1", "rule 1 'key:~~1': unknown key subtype '~1' (instantiated, updated, "
	  "linked, unlinked, cleared, revoked, invalidated, setattr or a number)" },
	{ "key:256", "rule 1 'key:256': subtype '256' out of range (0..255)" },
	{ "key:0x100", "rule 1 'key:0x100': subtype '0x100' out of range (0..255)" },
	{ "key:1z", "rule 1 'key:1z': bad subtype '1z' (decimal or 0x hex)" },
	{ "mount:~move_frm", "rule 1 'mount:~move_frm': unknown mount subtype 'move_frm' "
	  "(new_mount, unmount, expiry, readonly, setattr, move_from, move_to or a number)" },
	{ "meta:removed", "rule 1 'meta:removed': unknown meta subtype 'removed' "
	  "(removal, loss or a number)" },
	{ "sb:new_mount", "rule 1 'sb:new_mount': unknown sb subtype 'new_mount' "
	  "(readonly, error, edquot, network or a number)" },
	{ "7:readonly", "rule 1 '7:readonly': subtype 'readonly': type 7 has no subtype "
	  "names, use numbers 0..255" },
	/* INFO */
	{ "mount/", "rule 1 'mount/': empty info list after '/'" },
	{ "mount:*/", "rule 1 'mount:*/': empty info list after '/'" },
	{ "mount/id=1,", "rule 1 'mount/id=1,': empty item in the info list" },
	{ "mount/,id=1", "rule 1 'mount/,id=1': empty item in the info list" },
	{ "mount/in_subtree", "rule 1 'mount/in_subtree': info item 'in_subtree' is not "
	  "KEY=VALUE (flags, noflags, id, mask, filter)" },
	{ "mount/id=", "rule 1 'mount/id=': id= has no value" },
	{ "mount/=1", "rule 1 'mount/=1': unknown info key '' (flags, noflags, id, mask, filter)" },
	{ "mount/flag=in_subtree", "rule 1 'mount/flag=in_subtree': unknown info key 'flag' "
	  "(flags, noflags, id, mask, filter)" },
	{ "mount/flags=in_subtree|", "rule 1 'mount/flags=in_subtree|': empty flag in flags=" },
	{ "mount/noflags=|is_now_ro", "rule 1 'mount/noflags=|is_now_ro': empty flag in "
	  "noflags=" },
	{ "sb/flags=is_now_rw", "rule 1 'sb/flags=is_now_rw': unknown sb flag 'is_now_rw' "
	  "(is_now_ro or a number)" },
	{ "mount/flags=in_subtree|readonly", "rule 1 'mount/flags=in_subtree|readonly': "
	  "unknown mount flag 'readonly' (in_subtree, is_recursive, is_now_ro, is_submount "
	  "or a number)" },
	{ "key/flags=in_subtree", "rule 1 'key/flags=in_subtree': flag 'in_subtree': type "
	  "key has no flag names, use a number" },
	{ "meta/noflags=x", "rule 1 'meta/noflags=x': flag 'x': type meta has no flag names, "
	  "use a number" },
	{ "5/flags=is_now_ro", "rule 1 '5/flags=is_now_ro': flag 'is_now_ro': type 5 has no "
	  "flag names, use a number" },
	{ "mount/flags=0x100", "rule 1 'mount/flags=0x100': flags value '0x100' has bits "
	  "outside the type-specific info (0xffff0000); use mask= and filter= for raw values" },
	{ "mount/noflags=0x1ffff", "rule 1 'mount/noflags=0x1ffff': noflags value '0x1ffff' "
	  "has bits outside the type-specific info (0xffff0000); use mask= and filter= for "
	  "raw values" },
	{ "mount/flags=0x1g", "rule 1 'mount/flags=0x1g': bad flags value '0x1g' "
	  "(decimal or 0x hex)" },
	{ "mount/flags=0x100000000", "rule 1 'mount/flags=0x100000000': flags value "
	  "'0x100000000' out of range (0..4294967295)" },
	{ "mount/flags=is_now_ro,noflags=in_subtree|0x40000", "rule 1 "
	  "'mount/flags=is_now_ro,noflags=in_subtree|0x40000': flags 0x40000 both in flags= "
	  "and noflags=" },
	{ "mount/id=1,id=1", "rule 1 'mount/id=1,id=1': id= given twice" },
	{ "mount/id=256", "rule 1 'mount/id=256': watch id '256' out of range (0..255)" },
	{ "mount/id=x", "rule 1 'mount/id=x': bad watch id 'x' (decimal or 0x hex)" },
	{ "mount/mask=0xfffffffff", "rule 1 'mount/mask=0xfffffffff': mask '0xfffffffff' "
	  "out of range (0..4294967295)" },
	{ "mount/filter=ff", "rule 1 'mount/filter=ff': bad filter 'ff' (decimal or 0x hex)" },
	{ "mount/mask=1=2", "rule 1 'mount/mask=1=2': bad mask '1=2' (decimal or 0x hex)" },
	/* The rule is named by its number; a ':' after '/' is INFO's. */
	{ "key sb mount:new_mount,bogus", "rule 3 'mount:new_mount,bogus': unknown mount "
	  "subtype 'bogus' (new_mount, unmount, expiry, readonly, setattr, move_from, "
	  "move_to or a number)" },
	{ "key/id=1:2", "rule 1 'key/id=1:2': bad watch id '1:2' (decimal or 0x hex)" },
};

Test(wq_filter_parse, every_error_has_its_message)
{
	unsigned char out[FILTER_BYTES(MAX_RULES)];
	char err[512];
	size_t i, j;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(out, 0xa5, sizeof(out));
		EXPECT(vfsim_filter_parse(bad[i].text, out, sizeof(out), err, sizeof(err)),
		       -EINVAL);
		cr_assert_str_eq(err, bad[i].msg, "'%s'", bad[i].text);
		for (j = 0; j < sizeof(out); j++)
			cr_assert_eq(out[j], 0xa5, "'%s': buffer written on error", bad[i].text);
	}
}

Test(wq_filter_parse, null_text)
{
	char err[64];

	EXPECT(vfsim_filter_parse(NULL, err, sizeof(err), err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "no filter text");
	EXPECT(vfsim_filter_parse(NULL, NULL, 0, NULL, 0), -EINVAL);
}

/* 64 rules are fine (four times the kernel's limit); the 65th is named. */
Test(wq_filter_parse, rule_limit)
{
	static unsigned char out[FILTER_BYTES(MAX_RULES + 1)];
	struct watch_notification_filter h;
	char text[65 * 8], err[128];
	unsigned int i;
	size_t n = 0;

	for (i = 0; i < MAX_RULES; i++)
		n += (size_t)sprintf(text + n, "%u ", i);
	EXPECT(vfsim_filter_parse(text, out, sizeof(out), err, sizeof(err)),
	       FILTER_BYTES(MAX_RULES));
	memcpy(&h, out, sizeof(h));
	cr_assert_eq(h.nr_filters, MAX_RULES);
	cr_assert_eq(h.__reserved, 0);
	for (i = 0; i < MAX_RULES; i++) {
		struct watch_notification_type_filter r;

		memcpy(&r, out + FILTER_BYTES(i), sizeof(r));
		cr_assert_eq(r.type, i, "rule %u has type %u", i, r.type);
	}

	strcpy(text + n, "0x40");
	EXPECT(vfsim_filter_parse(text, out, sizeof(out), err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "rule 65 '0x40': more than 64 rules");
}

Test(wq_filter_parse, short_buffer_is_enospc)
{
	unsigned char out[FILTER_BYTES(2) + 1];
	const char *text = "key mount:~move_from";
	char err[128];
	size_t j;

	memset(out, 0xa5, sizeof(out));
	EXPECT(vfsim_filter_parse(text, out, FILTER_BYTES(2) - 1, err, sizeof(err)), -ENOSPC);
	cr_assert_str_eq(err, "the filter needs 96 bytes, the buffer has 95");
	for (j = 0; j < sizeof(out); j++)
		cr_assert_eq(out[j], 0xa5, "buffer written on -ENOSPC, at %zu", j);

	EXPECT(vfsim_filter_parse(text, NULL, 0, err, sizeof(err)), -ENOSPC);
	cr_assert_str_eq(err, "the filter needs 96 bytes, the buffer has 0");
	EXPECT(vfsim_filter_parse(text, NULL, 4096, err, sizeof(err)), -ENOSPC);
	cr_assert_str_eq(err, "the filter needs 96 bytes, the buffer has 0");
	EXPECT(vfsim_filter_parse("", out, 7, err, sizeof(err)), -ENOSPC);
	cr_assert_str_eq(err, "the filter needs 8 bytes, the buffer has 7");

	/* A syntax error is reported before the size. */
	EXPECT(vfsim_filter_parse("key bogus", out, 0, err, sizeof(err)), -EINVAL);

	EXPECT(vfsim_filter_parse(text, out, FILTER_BYTES(2), err, sizeof(err)),
	       FILTER_BYTES(2));
	cr_assert_eq(out[FILTER_BYTES(2)], 0xa5, "wrote past the exact size");
}

Test(wq_filter_parse, message_is_cut_to_errsize)
{
	unsigned char out[FILTER_BYTES(1)];
	char err[16];

	memset(err, 'x', sizeof(err));
	EXPECT(vfsim_filter_parse("bogus", out, sizeof(out), err, 10), -EINVAL);
	cr_assert_str_eq(err, "rule 1 'b");
	cr_assert_eq(err[10], 'x', "wrote past errsize");

	memset(err, 'x', sizeof(err));
	EXPECT(vfsim_filter_parse("bogus", out, sizeof(out), err, 1), -EINVAL);
	cr_assert_eq(err[0], 0);
	cr_assert_eq(err[1], 'x');

	/* The prefix alone fills the buffer: the reason is left out, cleanly. */
	memset(err, 'x', sizeof(err));
	EXPECT(vfsim_filter_parse("a_long_bad_type", out, sizeof(out), err, sizeof(err)),
	       -EINVAL);
	cr_assert_str_eq(err, "rule 1 'a_long_");

	memset(err, 'x', sizeof(err));
	EXPECT(vfsim_filter_parse("key", out, 4, err, 5), -ENOSPC);
	cr_assert_str_eq(err, "the ");

	/* No message buffer at all. */
	EXPECT(vfsim_filter_parse("bogus", out, sizeof(out), NULL, 0), -EINVAL);
	EXPECT(vfsim_filter_parse("key", out, 0, NULL, 0), -ENOSPC);
	EXPECT(vfsim_filter_parse("key", out, sizeof(out), NULL, 0), FILTER_BYTES(1));
}

/* Subtypes 32..255 land in words 1..7, as written (the kernel keeps only
 * word 0, but the filter shows what was asked). */
Test(wq_filter_parse, high_subtype_words)
{
	static const struct {
		const char *text;
		uint32_t words[8];
	} cases[] = {
		{ "mount:33,255", { 0, 0x2, 0, 0, 0, 0, 0, 0x80000000 } },
		{ "key:~instantiated,200", { 0xfffffffe, ONES, ONES, ONES, ONES, ONES,
					     0xfffffeff, ONES } },
		{ "7:32,63,64,0x5f,96,128,160,192,224", { 0, 0x80000001, 0x80000001, 0x1,
							   0x1, 0x1, 0x1, 0x1 } },
	};
	unsigned char out[FILTER_BYTES(1)];
	struct watch_notification_type_filter r;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		EXPECT(vfsim_filter_parse(cases[i].text, out, sizeof(out), NULL, 0),
		       FILTER_BYTES(1));
		memcpy(&r, out + 8, sizeof(r));
		cr_assert_arr_eq(r.subtype_filter, cases[i].words, sizeof(r.subtype_filter),
				 "'%s'", cases[i].text);
	}
}

/* The text is only read (a literal lives in read-only memory), and the
 * same text always gives the same bytes. */
Test(wq_filter_parse, deterministic_and_text_untouched)
{
	unsigned char a[FILTER_BYTES(4)], b[FILTER_BYTES(4)];
	char text[] = "key:~updated,7 mount/flags=is_now_ro,id=3 9 sb:error";
	char copy[sizeof(text)];

	EXPECT(vfsim_filter_parse("key:~updated,7 mount/flags=is_now_ro,id=3 9 sb:error",
				  a, sizeof(a), NULL, 0), FILTER_BYTES(4));
	memcpy(copy, text, sizeof(text));
	memset(a, 0x11, sizeof(a));
	memset(b, 0x22, sizeof(b));
	EXPECT(vfsim_filter_parse(text, a, sizeof(a), NULL, 0), FILTER_BYTES(4));
	EXPECT(vfsim_filter_parse(text, b, sizeof(b), NULL, 0), FILTER_BYTES(4));
	cr_assert_arr_eq(a, b, sizeof(a));
	cr_assert_str_eq(text, copy);
}

/* ---- round trips through the kernel ----------------------------------------- */

/*
 * One notification pipe (O_NONBLOCK, 64 notes) watching two test objects:
 *
 *   object 1 --watch id 1--\
 *                           +--> pipe (the filter under test) --> read()
 *   object 2 --watch id 7--/
 */
struct rt {
	struct vfsim *v;
	struct vfsim_task *t;
	int fd;
};

#define OBJ_ID1 1	/* object 1 is watched with ID 1 */
#define OBJ_ID7 2	/* object 2 is watched with ID 7 */

static void rt_setup(struct rt *rt)
{
	int fds[2];

	rt->v = vt_boot("empty");
	rt->t = vfsim_init_task(rt->v);
	EXPECT(vfsim_pipe2(rt->t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK), 0);
	rt->fd = fds[0];
	EXPECT(vfsim_ioctl(rt->t, rt->fd, IOC_WATCH_QUEUE_SET_SIZE, 64), 0);
	EXPECT(vfsim_test_watch(rt->t, rt->fd, OBJ_ID1, 1), 0);
	EXPECT(vfsim_test_watch(rt->t, rt->fd, OBJ_ID7, 7), 0);
}

static void rt_finish(struct rt *rt)
{
	cr_assert_eq(vt_finish(rt->v), 0, "leak or warning at teardown");
}

static long rt_set_filter(struct rt *rt, const char *text)
{
	unsigned char f[FILTER_BYTES(MAX_RULES)];
	char err[256];
	long len = vfsim_filter_parse(text, f, sizeof(f), err, sizeof(err));

	cr_assert_gt(len, 0, "'%s': %ld %s", text, len, err);
	return vfsim_ioctl(rt->t, rt->fd, IOC_WATCH_QUEUE_SET_FILTER, (unsigned long)f);
}

struct rec {
	uint32_t type, subtype, flags;	/* flags: info bits 16..31 */
	uint64_t object;		/* which watch it goes through */
	bool pass;
};

/* Post @r as a 16-byte record and read what comes out of the pipe. */
static void rt_check(struct rt *rt, const char *filter, const struct rec *r)
{
	uint32_t in[4], want[4], got[32];
	int id = r->object == OBJ_ID7 ? 7 : 1;
	long n;

	in[0] = r->type | r->subtype << 24;
	in[1] = r->flags | 0xab00 | 16;	/* ID bits are the kernel's to set */
	in[2] = 0x12345678;
	in[3] = (uint32_t)r->object;
	memcpy(want, in, sizeof(want));
	want[1] = r->flags | (uint32_t)id << 8 | 16;

	EXPECT(vfsim_test_post(rt->t, r->object, in), 0);
	n = vfsim_read(rt->t, rt->fd, got, sizeof(got));
	if (!r->pass) {
		cr_assert_eq(n, -EAGAIN, "'%s': type %u subtype %u flags 0x%x via id %d: "
			     "passed (read %ld), should be rejected", filter, r->type,
			     r->subtype, r->flags, id, n);
		return;
	}
	cr_assert_eq(n, 16, "'%s': type %u subtype %u flags 0x%x via id %d: read %ld (%s), "
		     "should pass", filter, r->type, r->subtype, r->flags, id, n,
		     n < 0 ? vfsim_errno_name((int)-n) : "");
	cr_assert_arr_eq(got, want, sizeof(want), "'%s': record changed on the way",
			 filter);
}

struct rt_case {
	const char *filter;
	struct rec recs[8];
};

#define MT WATCH_TYPE_MOUNT_NOTIFY
#define SB WATCH_TYPE_SB_NOTIFY
#define KY WATCH_TYPE_KEY_NOTIFY
#define F0 WATCH_INFO_FLAG_0
#define F1 WATCH_INFO_FLAG_1
#define F2 WATCH_INFO_FLAG_2
#define F3 WATCH_INFO_FLAG_3

static const struct rt_case rt_cases[] = {
	{ "key mount:~move_from sb:readonly/flags=is_now_ro", {
		{ KY, NOTIFY_KEY_LINKED, 0, OBJ_ID1, true },
		{ KY, 31, F3, OBJ_ID7, true },
		{ MT, NOTIFY_MOUNT_NEW_MOUNT, F0, OBJ_ID1, true },
		{ MT, NOTIFY_MOUNT_MOVE_FROM, 0, OBJ_ID1, false },
		{ MT, NOTIFY_MOUNT_MOVE_TO, 0, OBJ_ID7, true },
		{ SB, NOTIFY_SUPERBLOCK_READONLY, F0, OBJ_ID1, true },
		{ SB, NOTIFY_SUPERBLOCK_READONLY, 0, OBJ_ID1, false },
		{ SB, NOTIFY_SUPERBLOCK_ERROR, F0, OBJ_ID7, false } } },
	/* No rule for meta or for type 5: rejected. */
	{ "key", {
		{ 0, WATCH_META_LOSS_NOTIFICATION, 0, OBJ_ID1, false },
		{ 0, WATCH_META_REMOVAL_NOTIFICATION, 0, OBJ_ID1, false },
		{ 5, 0, 0, OBJ_ID1, false },
		{ KY, 0, 0, OBJ_ID1, true } } },
	/* Only subtype word 0 survives: 32..255 never pass. */
	{ "key:33,255 mount", {
		{ KY, 33, 0, OBJ_ID1, false },
		{ KY, 255, 0, OBJ_ID1, false },
		{ MT, 33, 0, OBJ_ID1, false },
		{ MT, 31, 0, OBJ_ID1, true } } },
	{ "key:~updated", {
		{ KY, NOTIFY_KEY_UPDATED, 0, OBJ_ID1, false },
		{ KY, NOTIFY_KEY_SETATTR, 0, OBJ_ID1, true },
		{ KY, 8, 0, OBJ_ID1, true },
		{ KY, 32, 0, OBJ_ID1, false } } },
	/* Rules for types >= 4 are dropped, the others kept. */
	{ "7 0x100 key:updated", {
		{ 7, 0, 0, OBJ_ID1, false },
		{ KY, NOTIFY_KEY_UPDATED, 0, OBJ_ID1, true },
		{ KY, NOTIFY_KEY_INSTANTIATED, 0, OBJ_ID1, false } } },
	/* The watch ID is in info before the match. */
	{ "mount/id=7", {
		{ MT, 0, 0, OBJ_ID7, true },
		{ MT, 0, 0, OBJ_ID1, false } } },
	{ "mount/id=1 sb/id=7", {
		{ MT, 0, 0, OBJ_ID1, true },
		{ MT, 0, 0, OBJ_ID7, false },
		{ SB, 0, 0, OBJ_ID7, true },
		{ SB, 0, 0, OBJ_ID1, false } } },
	{ "mount/mask=0xff00,filter=0x700", {
		{ MT, 0, 0, OBJ_ID7, true },
		{ MT, 0, 0, OBJ_ID1, false } } },
	/* flags= must be set, noflags= must be clear, others free. */
	{ "mount/flags=is_recursive|is_submount,noflags=in_subtree", {
		{ MT, 0, F1 | F3, OBJ_ID1, true },
		{ MT, 0, F1 | F2 | F3, OBJ_ID1, true },
		{ MT, 0, F1, OBJ_ID1, false },
		{ MT, 0, F0 | F1 | F3, OBJ_ID1, false },
		{ MT, 0, 0, OBJ_ID1, false } } },
	/* Several rules for one type: any may let a record through. */
	{ "sb:readonly/flags=is_now_ro sb:error/noflags=is_now_ro", {
		{ SB, NOTIFY_SUPERBLOCK_READONLY, F0, OBJ_ID1, true },
		{ SB, NOTIFY_SUPERBLOCK_READONLY, 0, OBJ_ID1, false },
		{ SB, NOTIFY_SUPERBLOCK_ERROR, 0, OBJ_ID1, true },
		{ SB, NOTIFY_SUPERBLOCK_ERROR, F0, OBJ_ID1, false },
		{ SB, NOTIFY_SUPERBLOCK_EDQUOT, 0, OBJ_ID1, false } } },
	/* Unnamed high flags by number. */
	{ "key/flags=0x800000", {
		{ KY, 0, 0x800000, OBJ_ID1, true },
		{ KY, 0, 0x400000, OBJ_ID1, false } } },
};

Test(wq_filter_parse, round_trip_through_the_kernel)
{
	size_t i, j;

	for (i = 0; i < sizeof(rt_cases) / sizeof(rt_cases[0]); i++) {
		const struct rt_case *c = &rt_cases[i];
		struct rt rt;

		rt_setup(&rt);
		EXPECT(rt_set_filter(&rt, c->filter), 0);
		for (j = 0; j < 8 && c->recs[j].object; j++)
			rt_check(&rt, c->filter, &c->recs[j]);
		rt_finish(&rt);
	}
}

/* Removal records are never filtered, whatever the filter says. */
Test(wq_filter_parse, removal_bypasses_the_filter)
{
	uint32_t got[8];
	struct rt rt;

	rt_setup(&rt);
	EXPECT(rt_set_filter(&rt, "key:updated/id=200"), 0);
	EXPECT(vfsim_test_unwatch(rt.t, rt.fd, OBJ_ID7), 0);
	EXPECT(vfsim_read(rt.t, rt.fd, got, sizeof(got)), 16);
	cr_assert_eq(got[0], WATCH_TYPE_META | WATCH_META_REMOVAL_NOTIFICATION << 24);
	cr_assert_eq(got[1], 7U << 8 | 16);
	cr_assert_eq(got[2] | (uint64_t)got[3] << 32, OBJ_ID7);
	rt_finish(&rt);
}

/* What the kernel refuses (§1.5), built with the parser on purpose. */
Test(wq_filter_parse, kernel_refuses_what_it_should)
{
	static const struct { const char *text; long ret; } cases[] = {
		{ "key/filter=0x10000", -EINVAL },	/* info_filter outside mask */
		{ "key/mask=0x1", -EINVAL },		/* the length bits */
		{ "key/mask=0x40", -EINVAL },
		{ "key/mask=0xffffff80", 0 },
		{ "9/filter=1", -EINVAL },		/* checked before dropping */
		{ "key:1,2 mount/flags=in_subtree", 0 },
		{ "8", 0 },				/* dropped: no rule left */
	};
	char text[20 * 4 + 1];
	size_t i, n = 0;
	struct rt rt;

	rt_setup(&rt);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		cr_expect_eq(rt_set_filter(&rt, cases[i].text), cases[i].ret, "'%s'",
			     cases[i].text);

	/* 16 rules are fine, 17 are not. */
	for (i = 0; i < 16; i++)
		n += (size_t)sprintf(text + n, "key ");
	EXPECT(rt_set_filter(&rt, text), 0);
	strcpy(text + n, "sb");
	EXPECT(rt_set_filter(&rt, text), -EINVAL);

	/* No rules at all: the kernel wants NULL for that. */
	{
		unsigned char f[8];

		EXPECT(vfsim_filter_parse("", f, sizeof(f), NULL, 0), 8);
		EXPECT(vfsim_ioctl(rt.t, rt.fd, IOC_WATCH_QUEUE_SET_FILTER,
				   (unsigned long)f), -EINVAL);
	}
	rt_finish(&rt);
}

/* A filter that keeps only dropped rules rejects everything, and a NULL
 * filter lets everything through again. */
Test(wq_filter_parse, only_unknown_types_then_none)
{
	struct rec k = { KY, 0, 0, OBJ_ID1, false };
	struct rt rt;

	rt_setup(&rt);
	EXPECT(rt_set_filter(&rt, "4 5 0xffffffff"), 0);
	rt_check(&rt, "4 5 0xffffffff", &k);
	EXPECT(vfsim_ioctl(rt.t, rt.fd, IOC_WATCH_QUEUE_SET_FILTER, 0), 0);
	k.pass = true;
	rt_check(&rt, "(none)", &k);
	rt_finish(&rt);
}
