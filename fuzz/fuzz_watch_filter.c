// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Fuzz the notification filter and everything behind it: the text parser
 * (vfsim_filter_parse), IOC_WATCH_QUEUE_SET_FILTER with raw bytes through
 * the user-memory seam, matching at post time, ring placement and loss,
 * removal records, and read() with buffers of several sizes.
 *
 * Each input drives one notification pipe watching four test objects and
 * is checked against a small reference written from the spec
 * (docs/watch_queue.md: validation, matching, placement and loss,
 * §1.9 read; errata B12 for the ring of roundup_pow_of_two(n) slots and
 * for dropping rules of types >= 4; a loss with nothing queued is owed to
 * the reader directly, as watch_queue/watch_queue.c documents):
 *   - SET_FILTER returns the errno the reference validation gives;
 *   - every read() returns exactly the bytes (and the errno) the reference
 *     queue gives: so every record read passed the reference filter or is
 *     a removal/LOSS record, every record that passed is read or covered
 *     by a LOSS record right after the record before it, records are
 *     whole and unchanged but for the watch ID, and nothing is written
 *     past what read() returns;
 *   - FIONREAD is the sum of the queued records' lengths;
 *   - every test-object call returns what the reference says;
 *   - text filters: -EINVAL with a message, or a well-formed filter that
 *     parses the same twice, gives -ENOSPC one byte short, never writes
 *     past its size, and survives a print/re-parse round trip;
 *   - no WARN_ON, and no leak at vfsim_destroy_check().
 * Any violation aborts (fuzz_fail).
 *
 * Input layout (fuzz/gen_corpus_watch_filter.py writes it; missing bytes
 * read as zero):
 *   [0]        config
 *                bit 0     the filter is text (1) or raw bytes (0)
 *                bits 1-3  SET_SIZE argument: 1 2 3 5 16 32 100 512
 *                bits 4-5  read() buffer: 4096 128 24 8 bytes
 *                bit 6     drain the pipe after every operation
 *                bit 7     size the queue late: at the first drain (every
 *                          post before that is lost)
 *   [1..4]     watch IDs of test objects 0..3 (objects 0, 1, 0x5a5a, ~0)
 *   [5..6]     F, little-endian: the length of the filter
 *   [7..7+F)   the filter.  Raw: the bytes IOC_WATCH_QUEUE_SET_FILTER
 *              reads, with everything after them unmapped (F = 0: NULL,
 *              no filter).  Text: up to the first NUL (F = 0: no
 *              SET_FILTER at all; a text the parser refuses: neither)
 *   then operations to the end of the input, each one byte
 *                bits 0-1  object index
 *                bits 2-4  0-3 post: an 8-byte header follows, then the
 *                              rest of the record (length in its info)
 *                          4   drain: read until EAGAIN
 *                          5   watch the object (again)
 *                          6   unwatch it (a REMOVAL record)
 *                          7   destroy it (a REMOVAL record if watched)
 *
 * Every input runs on an empty instance put back to its booted state by
 * vfsim_reset() (docs/snapshot.md); one in FULL_EVERY runs again on a fresh
 * instance destroyed with the leak check.  Everything an input creates is
 * closed or destroyed at its end all the same, so that the leak check
 * sees only what the kernel failed to free.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "driver.h"

#define NR_OBJECTS	4
#define MAX_OPS		512
#define MAX_FILTER	4096	/* bytes of filter taken from the input */
#define PARSE_RULES	64	/* vfsim_filter_parse's limit */
#define PARSE_BYTES	(8 + 44 * PARSE_RULES)
#define KERNEL_RULES	16	/* WATCH_QUEUE_MAX_FILTERS */
#define RING_MAX	512
#define NOTE_SIZE	128
#define CANARY		0xcc
#define FULL_EVERY	16	/* inputs per run on a fresh instance */

static const unsigned int ring_sizes[8] = { 1, 2, 3, 5, 16, 32, 100, 512 };
static const size_t read_sizes[4] = { 4096, 128, 24, 8 };
static const uint64_t object_ids[NR_OBJECTS] = { 0, 1, 0x5a5a, UINT64_MAX };

/* ---- byte helpers -------------------------------------------------------- */

static uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, sizeof(v));
}

struct input {
	const unsigned char *p;
	size_t len, pos;
};

/* @n bytes into @out, zeros past the end; false if the input had ended. */
static bool take(struct input *in, void *out, size_t n)
{
	size_t have = in->pos < in->len ? in->len - in->pos : 0;

	if (have > n)
		have = n;
	memcpy(out, in->p + in->pos, have);
	memset((char *)out + have, 0, n - have);
	in->pos += have;
	return have == n;
}

/* ---- the reference (docs/watch_queue.md) -------------------- */

struct ref_rule {
	uint32_t type, word0, info_filter, info_mask;
};

struct ref_entry {
	unsigned char rec[NOTE_SIZE];
	unsigned int len;
	bool loss;			/* a loss happened right after it */
};

struct ref {
	bool filtered;
	unsigned int nr_rules;		/* kept: types < 4 */
	struct ref_rule rules[KERNEL_RULES];
	unsigned int capacity;		/* 0 until sized */
	struct ref_entry q[RING_MAX];
	unsigned int head, count;	/* q is a circular queue */
	bool note_loss;
};

/* min(ring slots, notes): roundup_pow_of_two(n) slots, pages of 32 notes. */
static unsigned int ref_capacity(unsigned int nr_notes)
{
	unsigned int slots = 1, notes = (nr_notes + 31) / 32 * 32;

	while (slots < nr_notes)
		slots <<= 1;
	return slots < notes ? slots : notes;
}

/* §1.5: the errno for a filter of which @avail bytes are readable. */
static long ref_set_filter(struct ref *r, const unsigned char *f, size_t avail)
{
	uint32_t nr, i;

	if (avail < 8)
		return -EFAULT;
	nr = get32(f);
	if (nr == 0 || nr > KERNEL_RULES || get32(f + 4) != 0)
		return -EINVAL;
	if (avail < 8 + 44 * (size_t)nr)
		return -EFAULT;
	for (i = 0; i < nr; i++) {
		const unsigned char *t = f + 8 + 44 * i;
		uint32_t filter = get32(t + 4), mask = get32(t + 8);

		if ((filter & ~mask) || (mask & WATCH_INFO_LENGTH))
			return -EINVAL;
	}
	r->filtered = true;
	r->nr_rules = 0;
	for (i = 0; i < nr; i++) {
		const unsigned char *t = f + 8 + 44 * i;

		if (get32(t) >= WATCH_TYPE___NR)	/* errata B12 */
			continue;
		r->rules[r->nr_rules++] = (struct ref_rule){
			.type = get32(t), .info_filter = get32(t + 4),
			.info_mask = get32(t + 8), .word0 = get32(t + 12),
		};
	}
	return 0;
}

/* §1.6, with the watch ID already in @rec's info. */
static bool ref_passes(const struct ref *r, const unsigned char *rec)
{
	uint32_t type = get32(rec) & 0xffffff, subtype = get32(rec) >> 24;
	uint32_t info = get32(rec + 4);
	unsigned int i;

	if (!r->filtered)
		return true;
	for (i = 0; i < r->nr_rules; i++) {
		const struct ref_rule *t = &r->rules[i];

		if (t->type == type && subtype < 32 && (t->word0 >> subtype & 1) &&
		    (info & t->info_mask) == t->info_filter)
			return true;
	}
	return false;
}

/* §1.8: queue it, or mark the loss on the newest queued record (or, with
 * nothing queued, owe the reader a LOSS record directly). */
static void ref_queue(struct ref *r, const unsigned char *rec, unsigned int len)
{
	struct ref_entry *e;

	if (r->count >= r->capacity) {
		if (r->count)
			r->q[(r->head + r->count - 1) % RING_MAX].loss = true;
		else
			r->note_loss = true;
		return;
	}
	e = &r->q[(r->head + r->count) % RING_MAX];
	memcpy(e->rec, rec, len);
	e->len = len;
	e->loss = false;
	r->count++;
}

static const unsigned char loss_record[8] = {
	0, 0, 0, WATCH_META_LOSS_NOTIFICATION, 8, 0, 0, 0,
};

/*
 * §1.9, one read() of @size bytes from a non-blocking pipe that still has
 * its writer: the bytes into @out, the result returned.  A LOSS owed after
 * the last queued record comes at the start of the next call.
 */
static long ref_read(struct ref *r, unsigned char *out, size_t size)
{
	size_t done = 0;

	for (;;) {
		struct ref_entry *e;

		if (r->note_loss) {
			if (size - done < sizeof(loss_record))
				return done ? (long)done : -ENOBUFS;
			memcpy(out + done, loss_record, sizeof(loss_record));
			done += sizeof(loss_record);
			r->note_loss = false;
		}
		if (!r->count)
			break;
		e = &r->q[r->head];
		if (e->len > size - done)
			return done ? (long)done : -ENOBUFS;
		memcpy(out + done, e->rec, e->len);
		done += e->len;
		if (e->loss)
			r->note_loss = true;
		r->head = (r->head + 1) % RING_MAX;
		r->count--;
		if (done == size || !r->count)
			break;
	}
	return done ? (long)done : -EAGAIN;
}

static unsigned int ref_queued_bytes(const struct ref *r)
{
	unsigned int i, n = 0;

	for (i = 0; i < r->count; i++)
		n += r->q[(r->head + i) % RING_MAX].len;
	return n;
}

/* ---- one run ---------------------------------------------------------------- */

struct fuzz_state {
	struct vfsim *booted;	/* empty tree, snapshotted, reset per input */
	bool always_full;	/* replaying: every input also on a fresh one */
};

struct run {
	struct vfsim *v;
	struct vfsim_task *t;
	int fd, wfd;
	uint8_t config;
	unsigned int nr_notes;
	bool sized;
	size_t read_size;
	uint8_t ids[NR_OBJECTS];
	bool exists[NR_OBJECTS], watched[NR_OBJECTS];
	struct ref ref;
	unsigned int op;		/* for messages */
};

static const char *errname(long v)
{
	const char *name = v < 0 ? vfsim_errno_name((int)-v) : NULL;

	return name ? name : "";
}

/* Op 0 is the set-up before the first operation. */
#define CHECK_RET(what, got, want) do {					\
	long __g = (got), __w = (want);					\
	if (__g != __w)							\
		fuzz_fail("op %u: %s returned %ld %s, the reference says %ld %s", \
			  r->op, what, __g, errname(__g), __w, errname(__w)); \
} while (0)

static void size_queue(struct run *r)
{
	CHECK_RET("SET_SIZE", vfsim_ioctl(r->t, r->fd, IOC_WATCH_QUEUE_SET_SIZE,
					  r->nr_notes), 0);
	CHECK_RET("second SET_SIZE", vfsim_ioctl(r->t, r->fd, IOC_WATCH_QUEUE_SET_SIZE,
						 r->nr_notes), -EBUSY);
	r->sized = true;
	r->ref.capacity = ref_capacity(r->nr_notes);
}

/* Every record of a read is whole, and the decoder accepts it. */
static void decode_all(struct run *r, const unsigned char *buf, size_t len)
{
	char line[512];
	size_t off = 0;

	while (off < len) {
		size_t rlen = len - off < 8 ? 0 : get32(buf + off + 4) & WATCH_INFO_LENGTH;
		long ret = vfsim_decode_record(buf + off, len - off, line, sizeof(line));

		if (rlen < 8 || ret != (long)rlen || !memchr(line, 0, sizeof(line)))
			fuzz_fail("op %u: vfsim_decode_record gave %ld for a %zu-byte record",
				  r->op, ret, rlen);
		off += rlen;
	}
}

static void drain(struct run *r)
{
	static unsigned char got[4096 + 64], want[4096];
	unsigned int rounds = 0;
	size_t size = r->read_size;
	int n = -1;

	if (!r->sized)
		size_queue(r);
	CHECK_RET("FIONREAD", vfsim_ioctl(r->t, r->fd, FIONREAD, (unsigned long)&n), 0);
	if ((unsigned int)n != ref_queued_bytes(&r->ref))
		fuzz_fail("op %u: FIONREAD says %d, %u bytes are queued", r->op, n,
			  ref_queued_bytes(&r->ref));

	for (;;) {
		long ret, exp;
		size_t i;

		if (++rounds > 4 * RING_MAX)
			fuzz_fail("op %u: read() never runs dry", r->op);
		memset(got, CANARY, sizeof(got));
		exp = ref_read(&r->ref, want, size);
		ret = vfsim_read(r->t, r->fd, got, size);
		CHECK_RET("read", ret, exp);
		if (ret > 0 && memcmp(got, want, (size_t)ret)) {
			for (i = 0; got[i] == want[i]; i++)
				;
			fuzz_fail("op %u: read(%zu) differs from the reference at byte %zu "
				  "(0x%02x, want 0x%02x)", r->op, size, i, got[i], want[i]);
		}
		for (i = ret > 0 ? (size_t)ret : 0; i < sizeof(got); i++)
			if (got[i] != CANARY)
				fuzz_fail("op %u: read(%zu) = %ld wrote byte %zu", r->op, size,
					  ret, i);
		if (ret == -EAGAIN)
			return;
		if (ret > 0)
			decode_all(r, got, (size_t)ret);
		/* Too small for the next record: one read with room for any. */
		size = ret == -ENOBUFS ? NOTE_SIZE : r->read_size;
	}
}

/* The REMOVAL record the watch on object @k leaves (§1.7). */
static void queue_removal(struct run *r, unsigned int k)
{
	unsigned char rec[16];
	uint64_t id = object_ids[k];
	unsigned int len = id ? 16 : 8;

	put32(rec, WATCH_TYPE_META | WATCH_META_REMOVAL_NOTIFICATION << 24);
	put32(rec + 4, (uint32_t)r->ids[k] << WATCH_INFO_ID__SHIFT | len);
	memcpy(rec + 8, &id, sizeof(id));
	ref_queue(&r->ref, rec, len);
}

static void op_post(struct run *r, struct input *in, unsigned int k)
{
	unsigned char rec[NOTE_SIZE];
	unsigned int len;
	uint32_t info;

	take(in, rec, 8);
	len = get32(rec + 4) & WATCH_INFO_LENGTH;
	if (len < 8) {
		CHECK_RET("post", vfsim_test_post(r->t, object_ids[k], rec), -EINVAL);
		return;
	}
	take(in, rec + 8, len - 8);
	CHECK_RET("post", vfsim_test_post(r->t, object_ids[k], rec), 0);
	if (!r->watched[k])
		return;
	/* The watcher sees its own watch ID in info (§1.7). */
	info = (get32(rec + 4) & ~WATCH_INFO_ID) | (uint32_t)r->ids[k] << WATCH_INFO_ID__SHIFT;
	put32(rec + 4, info);
	if (ref_passes(&r->ref, rec))
		ref_queue(&r->ref, rec, len);
}

static void op_watch(struct run *r, unsigned int k)
{
	if (r->watched[k]) {
		CHECK_RET("watch", vfsim_test_watch(r->t, r->fd, object_ids[k], r->ids[k]),
			  -EBUSY);
		return;
	}
	CHECK_RET("watch", vfsim_test_watch(r->t, r->fd, object_ids[k], r->ids[k]), 0);
	r->exists[k] = r->watched[k] = true;
}

static void op_unwatch(struct run *r, unsigned int k)
{
	if (!r->watched[k]) {
		CHECK_RET("unwatch", vfsim_test_unwatch(r->t, r->fd, object_ids[k]), -EBADSLT);
		return;
	}
	CHECK_RET("unwatch", vfsim_test_unwatch(r->t, r->fd, object_ids[k]), 0);
	r->watched[k] = false;
	queue_removal(r, k);
}

static void op_destroy(struct run *r, unsigned int k)
{
	if (!r->exists[k]) {
		CHECK_RET("destroy", vfsim_test_destroy_object(r->t, object_ids[k]), -ENOENT);
		return;
	}
	CHECK_RET("destroy", vfsim_test_destroy_object(r->t, object_ids[k]), 0);
	if (r->watched[k])
		queue_removal(r, k);
	r->exists[k] = r->watched[k] = false;
}

/* ---- the filter ----------------------------------------------------------------- */

/*
 * Hand @len bytes to SET_FILTER through the user-memory seam, with every
 * byte after them unmapped, so that a short filter faults (-EFAULT) where
 * the kernel would.
 */
static void set_filter_bytes(struct run *r, const unsigned char *f, size_t len)
{
	static unsigned char ubuf[MAX_FILTER + 64];
	long want;

	memcpy(ubuf, f, len);
	if (vfsim_uaccess_unmap(r->v, ubuf + len, sizeof(ubuf) - len))
		fuzz_fail("vfsim_uaccess_unmap failed");
	want = ref_set_filter(&r->ref, ubuf, len);
	CHECK_RET("SET_FILTER", vfsim_ioctl(r->t, r->fd, IOC_WATCH_QUEUE_SET_FILTER,
					    (unsigned long)ubuf), want);
	vfsim_uaccess_remap_all(r->v);
}

/* The subtypes of one rule as text: '*', a list, or '~' and a list. */
static size_t print_subtypes(char *out, const unsigned char *words)
{
	unsigned int s, nset = 0;
	size_t n = 0;
	bool invert, first = true;

	for (s = 0; s < 256; s++)
		nset += get32(words + s / 32 * 4) >> (s % 32) & 1;
	if (nset == 256)
		return (size_t)sprintf(out, "*");
	invert = nset > 128 || nset == 0;
	if (invert)
		out[n++] = '~';
	for (s = 0; s < 256; s++) {
		bool set = get32(words + s / 32 * 4) >> (s % 32) & 1;

		if (set == invert)
			continue;
		n += (size_t)sprintf(out + n, first ? "%u" : ",%u", s);
		first = false;
	}
	return n;
}

/* A text that must parse back to exactly the filter @f of @nr rules. */
static void print_filter(char *out, const unsigned char *f, uint32_t nr)
{
	size_t n = 0;
	uint32_t i;

	for (i = 0; i < nr; i++) {
		const unsigned char *t = f + 8 + 44 * i;

		n += (size_t)sprintf(out + n, i & 1 ? "\t0x%x:" : " %u:", get32(t));
		n += print_subtypes(out + n, t + 12);
		n += (size_t)sprintf(out + n, "/mask=%u,filter=0x%X", get32(t + 8),
				     get32(t + 4));
	}
	out[n] = 0;
}

/* The parser's own invariants; returns the filter's size or -errno. */
static long parse_text(const char *text, unsigned char *out)
{
	static unsigned char again[PARSE_BYTES + 64];
	static char printed[PARSE_RULES * 1200];
	char err[256];
	uint32_t nr;
	long ret, ret2;
	size_t i;

	memset(out, CANARY, PARSE_BYTES + 64);
	ret = vfsim_filter_parse(text, out, PARSE_BYTES, err, sizeof(err));
	if (ret == -EINVAL) {
		if (strncmp(err, "rule ", 5) || !memchr(err, 0, sizeof(err)))
			fuzz_fail("parse: -EINVAL with message '%.*s'", (int)sizeof(err), err);
		for (i = 0; i < PARSE_BYTES + 64; i++)
			if (out[i] != CANARY)
				fuzz_fail("parse: -EINVAL but byte %zu written", i);
		return ret;
	}
	nr = get32(out);
	if (ret < 8 || nr > PARSE_RULES || (size_t)ret != 8 + 44 * (size_t)nr ||
	    get32(out + 4) != 0 || err[0])
		fuzz_fail("parse: returned %ld for %u rules (reserved 0x%x, err '%s')",
			  ret, nr, get32(out + 4), err);
	for (i = (size_t)ret; i < PARSE_BYTES + 64; i++)
		if (out[i] != CANARY)
			fuzz_fail("parse: %ld-byte filter but byte %zu written", ret, i);

	ret2 = vfsim_filter_parse(text, again, (size_t)ret - 1, err, sizeof(err));
	if (ret2 != -ENOSPC || strncmp(err, "the filter needs ", 17))
		fuzz_fail("parse: one byte short gave %ld '%s'", ret2, err);
	ret2 = vfsim_filter_parse(text, again, (size_t)ret, NULL, 0);
	if (ret2 != ret || memcmp(again, out, (size_t)ret))
		fuzz_fail("parse: a second parse gave %ld, not the same %ld bytes", ret2, ret);

	print_filter(printed, out, nr);
	ret2 = vfsim_filter_parse(printed, again, sizeof(again), err, sizeof(err));
	if (ret2 != ret || memcmp(again, out, (size_t)ret))
		fuzz_fail("parse: printed back as '%s' it gives %ld (%s), not the same",
			  printed, ret2, err);
	return ret;
}

static void set_filter(struct run *r, struct input *in)
{
	static unsigned char f[MAX_FILTER + 1], parsed[PARSE_BYTES + 64];
	uint8_t lenb[2];
	size_t len;
	long ret;

	take(in, lenb, 2);
	len = (size_t)lenb[0] | (size_t)lenb[1] << 8;
	if (len > MAX_FILTER)
		len = MAX_FILTER;
	if (len > in->len - in->pos)
		len = in->len - in->pos;
	take(in, f, len);

	if (!(r->config & 1)) {
		if (!len) {	/* NULL: no filter */
			CHECK_RET("SET_FILTER(NULL)", vfsim_ioctl(r->t, r->fd,
					IOC_WATCH_QUEUE_SET_FILTER, 0), 0);
			return;
		}
		set_filter_bytes(r, f, len);
		return;
	}
	if (!len)
		return;
	f[len] = 0;		/* the text ends at the first NUL */
	ret = parse_text((const char *)f, parsed);
	if (ret > 0)
		set_filter_bytes(r, parsed, (size_t)ret);
}

/* ---- the driver's interface ------------------------------------------------------- */

/*
 * Instances made alike: the reset one is VFSIM_ALLOC_SNAPSHOT so that
 * vfsim_reset() can copy its kernel back, the fresh ones are the default
 * a harness gets from vfsim_create(NULL, ...).
 */
static const struct vfsim_options reset_options = {
	.allocator = VFSIM_ALLOC_SNAPSHOT,
};

static struct vfsim *boot_instance(const struct vfsim_options *opts)
{
	struct vfsim *v;
	int err = vfsim_create(opts, &v);

	if (!err)
		err = vfsim_boot(v, "empty");
	if (err)
		fuzz_fail("cannot make an instance: %d", err);
	return v;
}

static void drop_instance(struct vfsim *v)
{
	unsigned long bad = vfsim_destroy_check(v, stderr);

	if (bad)
		fuzz_fail("vfsim_destroy_check: %lu leaked objects or warnings", bad);
}

struct fuzz_state *fuzz_setup(void)
{
	struct fuzz_state *s = calloc(1, sizeof(*s));

	if (!s)
		fuzz_fail("out of memory");
	s->booted = boot_instance(&reset_options);
	if (vfsim_snapshot(s->booted) < 0)
		fuzz_fail("vfsim_snapshot failed");
#if !defined(__AFL_FUZZ_TESTCASE_LEN) && !defined(VFSIM_LIBFUZZER)
	s->always_full = true;
#endif
	return s;
}

void fuzz_teardown(struct fuzz_state *s)
{
	drop_instance(s->booted);
	free(s);
}

static uint32_t fnv1a(const unsigned char *data, size_t len)
{
	uint32_t h = 2166136261u;

	while (len--)
		h = (h ^ *data++) * 16777619u;
	return h;
}

/* One input on @v, checked against the reference as it goes. */
static void run_input(struct vfsim *v, const unsigned char *data, size_t len)
{
	static struct run run;
	struct run *r = &run;
	struct input in = { data, len, 0 };
	char why[256];
	int fds[2];
	unsigned int k;
	uint8_t op;

	memset(r, 0, sizeof(*r));
	r->v = v;
	r->t = vfsim_init_task(v);
	take(&in, &r->config, 1);
	take(&in, r->ids, sizeof(r->ids));
	r->nr_notes = ring_sizes[r->config >> 1 & 7];
	r->read_size = read_sizes[r->config >> 4 & 3];

	CHECK_RET("pipe2", vfsim_pipe2(r->t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK), 0);
	r->fd = fds[0];
	r->wfd = fds[1];
	if (!(r->config & 0x80))
		size_queue(r);
	for (k = 0; k < NR_OBJECTS; k++)
		op_watch(r, k);
	set_filter(r, &in);

	for (r->op = 1; r->op <= MAX_OPS && take(&in, &op, 1); r->op++) {
		k = op & 3;
		switch (op >> 2 & 7) {
		case 4:
			drain(r);
			break;
		case 5:
			op_watch(r, k);
			break;
		case 6:
			op_unwatch(r, k);
			break;
		case 7:
			op_destroy(r, k);
			break;
		default:
			op_post(r, &in, k);
		}
		if (r->config & 0x40)
			drain(r);
	}
	drain(r);

	/* Back to an empty instance for the next input. */
	CHECK_RET("close", vfsim_close(r->t, r->fd), 0);
	CHECK_RET("close", vfsim_close(r->t, r->wfd), 0);
	for (k = 0; k < NR_OBJECTS; k++)
		if (r->exists[k])
			CHECK_RET("destroy at the end",
				  vfsim_test_destroy_object(r->t, object_ids[k]), 0);
	if (vfsim_warn_count(v))
		fuzz_fail("%lu WARN_ON()s", vfsim_warn_count(v));
	if (vfsim_check_invariants(v, why, sizeof(why)))
		fuzz_fail("invariant: %s", why);
}

void fuzz_one(struct fuzz_state *s, const unsigned char *data, size_t len)
{
	struct vfsim *fresh;

	/*
	 * Each input on the snapshot of a booted instance, put back by
	 * vfsim_reset(): no state carried from input to input (an instance
	 * kept across inputs gave AFL++ a stability of 92 %), at a fraction
	 * of a fresh instance's cost.  The reference checks every byte read,
	 * so the reset is checked too.  Some inputs (one in FULL_EVERY,
	 * chosen by the input's bytes so that the same input always runs the
	 * same code; every input when replaying) also run on a fresh
	 * instance, destroyed with the leak check: a reset instance is never
	 * torn down, so this is where a leak shows.
	 */
	if (vfsim_reset(s->booted) < 0)
		fuzz_fail("vfsim_reset failed");
	run_input(s->booted, data, len);
	if (!s->always_full && fnv1a(data, len) % FULL_EVERY)
		return;
	fresh = boot_instance(NULL);
	run_input(fresh, data, len);
	drop_instance(fresh);
}
