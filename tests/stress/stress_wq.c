// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Torture for the notification queue: poster threads post numbered records
 * to a few test objects while one reader reads two checked notification
 * pipes (C0 with blocking reads, C1 with O_NONBLOCK ones, buffers of every
 * size including too small ones) and a churn thread watches and unwatches,
 * changes filters, and makes, uses and closes other pipes.
 *
 * Every record says who posted it and its sequence number (a key record:
 * key_id = poster, aux = seq); everything else in it (object, type,
 * subtype, type info, length, payload) is a hash of (seed, poster, seq), so
 * the reader checks each record byte for byte, and that the watch ID in it
 * is the one of the watch on that object.
 *
 * What can be proved, with no assumption on timing:
 *  - per pipe and poster, sequence numbers strictly increase: no record is
 *    read twice or out of order (a poster posts one record at a time and a
 *    queue is FIFO);
 *  - every record that had to be delivered is read, or a LOSS record comes
 *    between the two records of its poster around the gap (or before the
 *    end of the final drain).  A loss marks the newest queued record, which
 *    is the poster's previous record or later, or owes a LOSS at the start
 *    of the next read if the ring is empty; the poster's next record was
 *    queued after, so read() reports the LOSS before it;
 *  - a record that must not have been delivered (no watch, or the filter
 *    rejects it) is never read.
 *
 * "Had to be delivered" is decided by the poster, from what the churn thread
 * publishes about the checked pipes in one word, `cfg`: their watches and
 * filters, and a version that is odd while a change is under way (a
 * seqlock).  A post made with the same even version before and after it
 * ran under a known configuration: the poster evaluates the filter itself
 * (§1.6) and files the record as EXPECTED or NOT_DELIVERED for each checked
 * pipe; a post that overlapped a change is UNKNOWN and only its order is
 * checked.  The churn thread spaces its changes of the checked pipes so
 * that most posts are decided; changes to the other pipes need no care.
 *
 * A checked pipe may start unsized (every post is lost, and only the
 * LOSS owed on an empty ring reports it) until the churner sizes it.
 *
 * Removal records are counted: per pipe and object, no more than the
 * unwatches plus the final destruction of the objects, and exactly that
 * many if the pipe never reported a loss.  LOSS and REMOVAL records must
 * have their exact shape.  After ENOBUFS the next read must begin with a
 * record the short buffer could not hold.  read() must not write past what
 * it returns.
 *
 * At the end the objects are destroyed, C0's write end is closed, the
 * reader drains both pipes (C0 to EOF, C1 to EAGAIN), and each drained pipe
 * must take exactly as many records as its ring and notes hold, in order,
 * before it loses one (a note the run left marked in use would show);
 * then everything is closed and the instance must tear down without leaks
 * or warnings.
 *
 *   stress_wq [--seconds N] [--threads N] [--seed N]
 * --threads counts everything: N - 2 posters, the reader and the churner.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/stress.h"

#define PROG "stress_wq"

#define NCHECKED	2	/* C0: blocking reads, C1: O_NONBLOCK */
#define NOBJ		5	/* objects 0..3 are watched by C0/C1, 4 only by others */
#define NWATCHABLE	4
#define NFILT		10	/* filters 1..NFILT in cfg, 0 = none */
#define MAX_RULES	4
#define MAX_FILTERS	16	/* rules in one SET_FILTER (§1.5) */
#define MAX_NOTES	512	/* SET_SIZE limit (§1.4) */

/* Per (poster, seq): a decision per checked pipe (2 bits each) and a
 * "read" bit per checked pipe.  Posters write theirs, the reader ORs in. */
#define ST_UNSET	0
#define ST_EXPECTED	1
#define ST_NOT_DELIVERED 2
#define ST_UNKNOWN	3
#define ST_SHIFT(i)	(2 * (i))
#define ST_READ(i)	(0x10 << (i))

#define CHUNK_SHIFT	20
#define CHUNK		(1U << CHUNK_SHIFT)
#define MAX_CHUNKS	512

/* Bracketed changes of C0/C1 wait for this many posts since the last one. */
#define POSTS_PER_CHANGE 256

static const uint64_t object_ids[NOBJ] = {
	0,			/* REMOVAL records for it are 8 bytes */
	0x0123456789abcd01ULL, 0xfedcba9876543202ULL, 0x8000000000000003ULL,
	0x0000000100000004ULL,
};

/* Watch IDs: C0 0x10+k, C1 0x20+k, the churner's Q 0xf0+k, R 0xe0+k. */
static int checked_wid(int i, int k) { return 0x10 * (i + 1) + k; }

static struct vfsim *v;
static struct vfsim_task *tk;		/* reader, churner, main: one process */
static uint64_t seed;
static int stop;
static int posters_done;
static unsigned long nr_errors;

static int cfd[NCHECKED][2];		/* the checked pipes' fds */
/* Notes asked for; sizes wanted later: 0 until the churner sets it. */
static unsigned int ring_notes[NCHECKED], late_notes[NCHECKED];

/*
 * cfg: bits 8i..8i+3 = C_i's watched objects, bits 8i+4..8i+7 = C_i's
 * filter (0 none, else filters[n - 1]); bits 32..63 = version, odd while a
 * change is in progress.  Only the churner changes it.
 */
static uint64_t cfg;

/* struct watch_notification_filter with room for its rules */
struct filter_buf {
	__u32 nr_filters;
	__u32 reserved;
	struct watch_notification_type_filter rules[MAX_RULES];
};
_Static_assert(offsetof(struct filter_buf, rules) ==
	       offsetof(struct watch_notification_filter, filters), "filter layout");
static struct filter_buf filters[NFILT];

/* Records lie at any byte offset in what read() returns: copied out. */
union rec {
	struct watch_notification n;
	struct key_notification k;
	struct watch_notification_removal r;
	unsigned char b[WATCH_INFO_LENGTH + 1];
};

struct poster {
	pthread_t th;
	int id;
	struct vfsim_task *t;
	uint32_t next_seq;		/* records posted so far */
	uint8_t *chunks[MAX_CHUNKS];	/* status bytes, see ST_* */
};

static struct poster *posters;
static unsigned long nposters;

static void error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void error(const char *fmt, ...)
{
	unsigned long n = __atomic_add_fetch(&nr_errors, 1, __ATOMIC_RELAXED);
	va_list ap;

	if (n > 30)
		return;
	va_start(ap, fmt);
	fprintf(stderr, PROG ": ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static const char *errname(long ret)
{
	const char *s = ret < 0 ? vfsim_errno_name((int)-ret) : NULL;

	return s ? s : "?";
}

static uint8_t *status_at(struct poster *p, uint32_t seq)
{
	return &p->chunks[seq >> CHUNK_SHIFT][seq & (CHUNK - 1)];
}

/* ---- records ------------------------------------------------------------ */

struct rec_params {
	unsigned int obj, type, subtype, tinfo, len;
	uint64_t h;
};

static uint64_t mix(uint64_t x)
{
	return stress_rand(&x);
}

/* Everything about record (@p, @seq) but the watch ID follows from it. */
static void rec_params(unsigned int p, uint32_t seq, struct rec_params *r)
{
	uint64_t h = mix(seed ^ mix(((uint64_t)p << 40) ^ seq));
	unsigned int t = (unsigned int)(h >> 8) % 16;

	r->h = h;
	r->obj = (unsigned int)(h % NOBJ);
	r->type = t < 10 ? WATCH_TYPE_KEY_NOTIFY : t < 13 ? WATCH_TYPE_MOUNT_NOTIFY :
		  t < 15 ? WATCH_TYPE_SB_NOTIFY : 5;	/* 5: no such type */
	r->subtype = (unsigned int)(h >> 16) % 40;	/* 32..39: past word 0 */
	r->tinfo = (unsigned int)(h >> 24) & 0xffff;
	r->len = (h >> 40) & 1 ? 16 : 16 + (unsigned int)((h >> 41) % 112);
}

static uint8_t payload_byte(const struct rec_params *r, unsigned int i)
{
	return (uint8_t)((r->h >> (i % 8 * 8)) ^ i);
}

static void rec_build(unsigned int p, uint32_t seq, const struct rec_params *r,
		      union rec *buf)
{
	struct key_notification *k = &buf->k;

	memset(k, 0, sizeof(*k));
	k->watch.type = r->type;
	k->watch.subtype = r->subtype;
	/* garbage in the ID bits: the post must put the watch's there */
	k->watch.info = r->len | (unsigned int)(r->h >> 56) << 8 | r->tinfo << 16;
	k->key_id = p;
	k->aux = seq;
	for (unsigned int i = sizeof(*k); i < r->len; i++)
		buf->b[i] = payload_byte(r, i);
}

/* ---- filters: the table, and §1.6 again, independently ----------------- */

static void make_filters(uint64_t *rng)
{
	static const unsigned int types[] = { 1, 1, 1, 2, 3, 0, 4, 9 };

	for (int n = 0; n < NFILT; n++) {
		struct filter_buf *fb = &filters[n];
		unsigned int nr = 1 + (unsigned int)(stress_rand(rng) % MAX_RULES);

		memset(fb, 0, sizeof(*fb));
		fb->nr_filters = nr;
		for (unsigned int j = 0; j < nr; j++) {
			struct watch_notification_type_filter *tf = &fb->rules[j];
			uint64_t a = stress_rand(rng), b = stress_rand(rng);

			tf->type = types[a % 8];
			tf->subtype_filter[0] = a % 4 == 0 ? ~0U : (uint32_t)(b | b >> 32);
			for (int w = 1; w < 8; w++)
				tf->subtype_filter[w] = (uint32_t)stress_rand(rng);
			switch ((a >> 8) % 4) {
			case 0:		/* no info condition */
				break;
			case 1:		/* one watch, i.e. one object of one pipe */
				tf->info_mask = WATCH_INFO_ID;
				tf->info_filter = (uint32_t)checked_wid((int)(a >> 12 & 1),
						(int)(a >> 16 & 3)) << WATCH_INFO_ID__SHIFT;
				break;
			default:	/* a few random bits outside the length */
				tf->info_mask = (uint32_t)(b & stress_rand(rng) &
							   stress_rand(rng)) & ~0x7fU;
				tf->info_filter = (uint32_t)(b >> 32) & tf->info_mask;
				break;
			}
		}
	}
}

static bool filter_passes(const struct filter_buf *fb, unsigned int type,
			  unsigned int subtype, uint32_t info)
{
	if (type >= WATCH_TYPE___NR)
		return false;
	for (unsigned int j = 0; j < fb->nr_filters; j++) {
		const struct watch_notification_type_filter *tf = &fb->rules[j];

		if (tf->type == type && subtype < 32 &&
		    (tf->subtype_filter[0] >> subtype & 1) &&
		    (info & tf->info_mask) == tf->info_filter)
			return true;
	}
	return false;
}

static unsigned int cfg_watched(uint64_t c, int i) { return (unsigned int)(c >> (8 * i)) & 0xf; }
static unsigned int cfg_filter(uint64_t c, int i) { return (unsigned int)(c >> (8 * i + 4)) & 0xf; }

/* Must C_i deliver record @r under the stable configuration @c? */
static bool delivers(uint64_t c, int i, const struct rec_params *r)
{
	unsigned int f = cfg_filter(c, i);
	uint32_t info;

	if (r->obj >= NWATCHABLE || !(cfg_watched(c, i) >> r->obj & 1))
		return false;
	if (!f)
		return true;
	info = r->len | (uint32_t)checked_wid(i, (int)r->obj) << WATCH_INFO_ID__SHIFT |
	       r->tinfo << 16;
	return filter_passes(&filters[f - 1], r->type, r->subtype, info);
}

/* ---- posters -------------------------------------------------------------- */

static void *poster(void *arg)
{
	struct poster *p = arg;
	union rec buf;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		uint32_t seq = p->next_seq;
		struct rec_params r;
		uint64_t c1, c2;
		uint8_t st = 0;
		long ret;

		if (!(seq & (CHUNK - 1))) {
			if ((seq >> CHUNK_SHIFT) >= MAX_CHUNKS)
				break;		/* enough records for one run */
			p->chunks[seq >> CHUNK_SHIFT] = calloc(CHUNK, 1);
			if (!p->chunks[seq >> CHUNK_SHIFT]) {
				error("out of memory");
				break;
			}
		}
		rec_params((unsigned int)p->id, seq, &r);
		rec_build((unsigned int)p->id, seq, &r, &buf);

		/*
		 * The seqlock's read side around the post.  The second read is
		 * an RMW that changes nothing: its release half keeps what the
		 * post read before it (a fence would do, but GCC's TSan does
		 * not take fences).
		 */
		c1 = __atomic_load_n(&cfg, __ATOMIC_ACQUIRE);
		ret = vfsim_test_post(p->t, object_ids[r.obj], buf.b);
		c2 = __atomic_fetch_add(&cfg, 0, __ATOMIC_ACQ_REL);
		if (ret)
			error("poster %d: vfsim_test_post: %ld (%s)", p->id, ret, errname(ret));

		for (int i = 0; i < NCHECKED; i++) {
			unsigned int d;

			if (c1 != c2 || (c1 >> 32) & 1)
				d = ST_UNKNOWN;
			else
				d = delivers(c1, i, &r) ? ST_EXPECTED : ST_NOT_DELIVERED;
			st |= (uint8_t)(d << ST_SHIFT(i));
		}
		/*
		 * An OR: the reader may already have put its bit in.  It
		 * reads the decision only after a later record of this poster
		 * (the ring's lock orders the two) or after the join.
		 */
		__atomic_fetch_or(status_at(p, seq), st, __ATOMIC_RELEASE);
		__atomic_store_n(&p->next_seq, seq + 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* ---- the reader ------------------------------------------------------------ */

struct checked_state {
	unsigned long nloss;		/* LOSS records read */
	unsigned long records, bytes, reads, enobufs, eagain, gaps, gaps_lost;
	unsigned long removals[NOBJ];
	int64_t *last;			/* per poster: last seq read, or -1 */
	unsigned long *loss_at;		/* per poster: nloss when it was read */
	bool eof;
};

static struct checked_state cs[NCHECKED];

/*
 * Records (from, to) of poster @p were not read on C_i: each one that C_i
 * had to deliver must be covered by a LOSS record read since (p, from).
 */
static void check_gap(int i, unsigned long p, int64_t from, int64_t to)
{
	struct checked_state *s = &cs[i];

	if (to <= from + 1)
		return;
	s->gaps++;
	if (s->nloss > s->loss_at[p]) {
		s->gaps_lost++;
		return;
	}
	for (int64_t q = from + 1; q < to; q++) {
		uint8_t st = __atomic_load_n(status_at(&posters[p], (uint32_t)q),
					     __ATOMIC_ACQUIRE);
		unsigned int d = st >> ST_SHIFT(i) & 3;

		if (d == ST_UNSET)
			error("C%d: poster %lu seq %" PRId64 ": no decision recorded",
			      i, p, q);
		else if (d == ST_EXPECTED)
			error("C%d: poster %lu seq %" PRId64 " had to be delivered: "
			      "not read (last read %" PRId64 ", next %" PRId64
			      ") and no LOSS record in between", i, p, q, from, to);
	}
}

static void check_poster_record(int i, const union rec *rec, unsigned int len)
{
	const struct key_notification *k = &rec->k;
	struct checked_state *s = &cs[i];
	struct rec_params r;
	unsigned long p = k->key_id;
	uint32_t seq = k->aux, info;

	if (p >= nposters) {
		error("C%d: record from poster %lu?", i, p);
		return;
	}
	rec_params((unsigned int)p, seq, &r);
	info = r.len | (uint32_t)checked_wid(i, (int)r.obj % NWATCHABLE) << WATCH_INFO_ID__SHIFT |
	       r.tinfo << 16;
	if (r.obj >= NWATCHABLE)
		error("C%d: poster %lu seq %u: record for object %u, never watched by C%d",
		      i, p, seq, r.obj, i);
	if (k->watch.type != r.type || k->watch.subtype != r.subtype ||
	    len != r.len || k->watch.info != info)
		error("C%d: poster %lu seq %u: header type %u subtype %u info %#x, "
		      "expected %u %u %#x", i, p, seq, k->watch.type, k->watch.subtype,
		      k->watch.info, r.type, r.subtype, info);
	for (unsigned int j = sizeof(*k); j < len && j < r.len; j++)
		if (rec->b[j] != payload_byte(&r, j)) {
			error("C%d: poster %lu seq %u: payload byte %u is %#x", i, p, seq,
			      j, rec->b[j]);
			break;
		}
	if ((int64_t)seq <= s->last[p]) {
		error("C%d: poster %lu: seq %u after seq %" PRId64 " (read twice or "
		      "out of order)", i, p, seq, s->last[p]);
		return;
	}
	check_gap(i, p, s->last[p], seq);
	s->last[p] = seq;
	s->loss_at[p] = s->nloss;
	__atomic_fetch_or(status_at(&posters[p], seq), (uint8_t)ST_READ(i),
			  __ATOMIC_RELAXED);
	s->records++;
}

static void check_meta_record(int i, const union rec *rec, unsigned int len)
{
	const struct watch_notification *n = &rec->n;
	struct checked_state *s = &cs[i];
	unsigned int k;

	if (n->subtype == WATCH_META_LOSS_NOTIFICATION) {
		if (len != 8 || n->info != 8)
			error("C%d: LOSS record of length %u, info %#x", i, len, n->info);
		s->nloss++;
		return;
	}
	if (n->subtype != WATCH_META_REMOVAL_NOTIFICATION) {
		error("C%d: meta record with subtype %u", i, n->subtype);
		return;
	}
	if (len == 8) {
		k = 0;
	} else if (len == 16) {
		uint64_t id = rec->r.id;

		for (k = 1; k < NWATCHABLE && object_ids[k] != id; k++)
			;
		if (k == NWATCHABLE) {
			error("C%d: REMOVAL record for object %#" PRIx64 "?", i, id);
			return;
		}
	} else {
		error("C%d: REMOVAL record of length %u", i, len);
		return;
	}
	if (n->info != (len | (uint32_t)checked_wid(i, (int)k) << WATCH_INFO_ID__SHIFT))
		error("C%d: REMOVAL record for object %u with info %#x", i, k, n->info);
	s->removals[k]++;
}

/* Check and account what one read() returned. */
static void parse(int i, const unsigned char *buf, long ret)
{
	long off = 0;

	cs[i].reads++;
	cs[i].bytes += (unsigned long)ret;
	while (off < ret) {
		union rec r;
		unsigned int len;

		if (ret - off < (long)sizeof(r.n)) {
			error("C%d: %ld bytes left over after the records", i, ret - off);
			return;
		}
		memcpy(&r.n, buf + off, sizeof(r.n));
		len = r.n.info & WATCH_INFO_LENGTH;
		if (len < sizeof(r.n) || off + len > ret) {
			error("C%d: record of length %u at %ld of %ld", i, len, off, ret);
			return;
		}
		memcpy(r.b, buf + off, len);
		if (r.n.type == WATCH_TYPE_META)
			check_meta_record(i, &r, len);
		else
			check_poster_record(i, &r, len);
		off += len;
	}
}

#define CANARY 0xa5
#define SLACK 64

/* One read() of @len bytes from C_i; returns it. */
static long read_checked(int i, size_t len)
{
	static unsigned char buf[4096 + SLACK];
	bool nonblock = i == 1;
	long ret;

	memset(buf, CANARY, len + SLACK);
	ret = vfsim_read(tk, cfd[i][0], buf, len);
	if (ret >= 0) {
		if ((size_t)ret > len || (!len && ret)) {
			error("C%d: read(%zu) returned %ld", i, len, ret);
			return ret;
		}
		for (size_t j = (size_t)ret; j < len + SLACK; j++)
			if (buf[j] != CANARY) {
				error("C%d: read(%zu) = %ld wrote byte %zu", i, len, ret, j);
				break;
			}
		if (len && !ret) {
			if (nonblock || !__atomic_load_n(&posters_done, __ATOMIC_ACQUIRE))
				error("C%d: read() = 0 with the write end open", i);
			cs[i].eof = true;
		}
		parse(i, buf, ret);
		return ret;
	}
	if (ret == -EAGAIN) {
		if (!nonblock)
			error("C%d: EAGAIN from a blocking read", i);
		cs[i].eagain++;
		return ret;
	}
	if (ret != -ENOBUFS) {
		error("C%d: read(%zu): %ld (%s)", i, len, ret, errname(ret));
		return ret;
	}

	/*
	 * ENOBUFS: the next record did not fit.  The ring is not empty then,
	 * so no loss can have been owed since: the next read must start with
	 * that record (or, for a buffer under 8, possibly a pending LOSS).
	 */
	cs[i].enobufs++;
	if (len >= WATCH_INFO_LENGTH)
		error("C%d: ENOBUFS for a buffer of %zu", i, len);
	memset(buf, CANARY, 4096);
	ret = vfsim_read(tk, cfd[i][0], buf, 4096);
	if (ret <= 0) {
		error("C%d: read after ENOBUFS: %ld (%s)", i, ret, errname(ret));
		return ret;
	}
	if (len >= 8) {
		struct watch_notification n;
		unsigned int rlen;

		memcpy(&n, buf, sizeof(n));
		rlen = n.info & WATCH_INFO_LENGTH;
		if ((n.type == WATCH_TYPE_META &&
		     n.subtype == WATCH_META_LOSS_NOTIFICATION) || rlen <= len)
			error("C%d: ENOBUFS for %zu bytes, then a record of %u "
			      "(type %u subtype %u)", i, len, rlen, n.type, n.subtype);
	}
	parse(i, buf, ret);
	return ret;
}

static size_t pick_len(uint64_t *rng)
{
	static const size_t lens[] = { 0, 1, 7, 8, 15, 16, 17, 40, 127, 128, 200, 512,
				       4096, 4096 };

	return lens[stress_rand(rng) % (sizeof(lens) / sizeof(lens[0]))];
}

static void *reader(void *arg)
{
	uint64_t rng = *(uint64_t *)arg;

	while (!__atomic_load_n(&posters_done, __ATOMIC_ACQUIRE)) {
		/* mostly C1: C0 blocks when empty */
		int i = stress_rand(&rng) % 4 == 0 ? 0 : 1;

		read_checked(i, pick_len(&rng));
	}
	/* Everything is posted; main closes C0's write end. */
	while (!cs[0].eof && !__atomic_load_n(&nr_errors, __ATOMIC_RELAXED))
		if (read_checked(0, 4096) < 0)
			break;
	while (read_checked(1, 4096) > 0)
		;
	for (int i = 0; i < NCHECKED; i++)
		for (unsigned long p = 0; p < nposters; p++)
			check_gap(i, p, cs[i].last[p], posters[p].next_seq);
	return NULL;
}

/* ---- the churner ------------------------------------------------------------- */

struct churner {
	pthread_t th;
	uint64_t rng;
	uint64_t last_change_posts;
	unsigned long changes, unwatches[NCHECKED][NOBJ];
	unsigned long ops, other_pipes;
	bool ever_watched[NOBJ];
	/* Q: a long-lived O_NONBLOCK notification pipe */
	int q[2];
	unsigned int q_watched;
	/* R: made, used and closed again */
	int r[2];
	bool r_open, r_nonblock;
	unsigned int r_watched;
};

static uint64_t total_posts(void)
{
	uint64_t n = 0;

	for (unsigned long p = 0; p < nposters; p++)
		n += __atomic_load_n(&posters[p].next_seq, __ATOMIC_RELAXED);
	return n;
}

static void expect(const char *what, long ret, long want)
{
	if (ret != want)
		error("%s: %ld (%s), expected %ld", what, ret, errname(ret), want);
}

/* A change of C_i's watches or filter, bracketed by cfg's version. */
static void change_checked(struct churner *c)
{
	uint64_t old = __atomic_load_n(&cfg, __ATOMIC_RELAXED);
	uint64_t ver = old >> 32, bits = old & 0xffffffffULL;
	int i = (int)(stress_rand(&c->rng) % NCHECKED);
	unsigned int k = (unsigned int)(stress_rand(&c->rng) % NWATCHABLE);
	bool filter = stress_rand(&c->rng) % 3 == 0;
	long ret;

	/* odd: an RMW, whose acquire half keeps the change after it */
	__atomic_fetch_add(&cfg, 1ULL << 32, __ATOMIC_ACQ_REL);
	if (filter) {
		unsigned int f = (unsigned int)(stress_rand(&c->rng) % (NFILT + 1));

		ret = vfsim_ioctl(tk, cfd[i][stress_rand(&c->rng) & 1],
				  IOC_WATCH_QUEUE_SET_FILTER,
				  f ? (unsigned long)&filters[f - 1] : 0);
		expect("SET_FILTER on a checked pipe", ret, 0);
		if (!ret)
			bits = (bits & ~(0xfULL << (8 * i + 4))) | (uint64_t)f << (8 * i + 4);
	} else if (cfg_watched(old, i) >> k & 1) {
		ret = vfsim_test_unwatch(tk, cfd[i][stress_rand(&c->rng) & 1], object_ids[k]);
		expect("unwatch by a checked pipe", ret, 0);
		if (!ret) {
			bits &= ~(1ULL << (8 * i + k));
			c->unwatches[i][k]++;
		}
	} else {
		ret = vfsim_test_watch(tk, cfd[i][stress_rand(&c->rng) & 1], object_ids[k],
				       checked_wid(i, (int)k));
		expect("watch by a checked pipe", ret, 0);
		if (!ret)
			bits |= 1ULL << (8 * i + k);
	}
	__atomic_store_n(&cfg, (ver + 2) << 32 | bits, __ATOMIC_RELEASE);
	c->changes++;
}

/* The ring is roundup_pow_of_two(notes) slots (errata B12). */
static unsigned int ring_slots(int i)
{
	unsigned int n = 1;

	while (n < ring_notes[i])
		n <<= 1;
	return n;
}

/* Calls on C_i that must fail and change nothing (so: not bracketed). */
static void refuse_checked(struct churner *c)
{
	static const uint32_t bad_nr[] = { 0, MAX_FILTERS + 1 };
	uint64_t now = __atomic_load_n(&cfg, __ATOMIC_RELAXED);
	int i = (int)(stress_rand(&c->rng) % NCHECKED);
	unsigned int k = (unsigned int)(stress_rand(&c->rng) % NWATCHABLE);
	int fd = cfd[i][stress_rand(&c->rng) & 1];
	struct filter_buf bad = filters[0];
	int n = 0;
	long ret;

	switch (stress_rand(&c->rng) % 6) {
	case 0:
		if (cfg_watched(now, i) >> k & 1)
			expect("second watch on an object", vfsim_test_watch(tk, fd,
			       object_ids[k], checked_wid(i, (int)k)), -EBUSY);
		else
			expect("unwatch of an unwatched object", vfsim_test_unwatch(tk, fd,
			       object_ids[k]), -EBADSLT);
		break;
	case 1:
		bad.nr_filters = bad_nr[stress_rand(&c->rng) & 1];
		expect("SET_FILTER with a bad count", vfsim_ioctl(tk, fd,
		       IOC_WATCH_QUEUE_SET_FILTER, (unsigned long)&bad), -EINVAL);
		break;
	case 2:
		switch (stress_rand(&c->rng) % 3) {
		case 0:
			bad.rules[0].info_mask = WATCH_INFO_LENGTH;
			bad.rules[0].info_filter = 0;
			break;
		case 1:
			bad.rules[0].info_mask = WATCH_INFO_ID;
			bad.rules[0].info_filter = WATCH_INFO_FLAG_0;
			break;
		default:
			bad.reserved = 1;
			break;
		}
		expect("SET_FILTER with a bad rule or header", vfsim_ioctl(tk, fd,
		       IOC_WATCH_QUEUE_SET_FILTER, (unsigned long)&bad), -EINVAL);
		break;
	case 3:
		if (!ring_notes[i]) {
			/* not refused: an unsized pipe gets its ring, one day */
			if (stress_rand(&c->rng) % 8)
				break;
			expect("late SET_SIZE", vfsim_ioctl(tk, fd, IOC_WATCH_QUEUE_SET_SIZE,
							    late_notes[i]), 0);
			ring_notes[i] = late_notes[i];
			break;
		}
		expect("second SET_SIZE", vfsim_ioctl(tk, fd, IOC_WATCH_QUEUE_SET_SIZE, 8),
		       -EBUSY);
		break;
	case 4:
		ret = vfsim_ioctl(tk, fd, FIONREAD, (unsigned long)&n);
		/* at most one whole record per ring slot */
		if (ret || n < 0 || n > (int)ring_slots(i) * WATCH_INFO_LENGTH)
			error("FIONREAD on C%d: %ld, %d", i, ret, n);
		break;
	default:
		expect("write to a notification pipe", vfsim_write(tk, cfd[i][1], "x", 1),
		       -EXDEV);
		break;
	}
}

/* Watch or unwatch object @k through the pipe with fd @fd. */
static void toggle_other(struct churner *c, int fd, unsigned int *watched,
			 unsigned int k, int wid_base)
{
	if (*watched >> k & 1) {
		expect("unwatch by another pipe", vfsim_test_unwatch(tk, fd, object_ids[k]), 0);
		*watched &= ~(1U << k);
	} else {
		expect("watch by another pipe", vfsim_test_watch(tk, fd, object_ids[k],
		       wid_base + (int)k), 0);
		*watched |= 1U << k;
		c->ever_watched[k] = true;
	}
}

static void set_other_filter(struct churner *c, int fd)
{
	unsigned int f = (unsigned int)(stress_rand(&c->rng) % (NFILT + 1));

	expect("SET_FILTER on another pipe", vfsim_ioctl(tk, fd, IOC_WATCH_QUEUE_SET_FILTER,
	       f ? (unsigned long)&filters[f - 1] : 0), 0);
}

static void drain_other(int fd)
{
	static unsigned char buf[4096];
	long ret = vfsim_read(tk, fd, buf, sizeof(buf));

	if (ret < 0 && ret != -EAGAIN)
		error("read from another pipe: %ld (%s)", ret, errname(ret));
}

static void step_r(struct churner *c)
{
	unsigned int op = (unsigned int)(stress_rand(&c->rng) % 8);

	if (!c->r_open) {
		int flags = O_NOTIFICATION_PIPE | (stress_rand(&c->rng) & 1 ? O_NONBLOCK : 0);
		long ret = vfsim_pipe2(tk, c->r, flags);

		if (ret) {
			error("pipe2: %ld (%s)", ret, errname(ret));
			return;
		}
		c->r_open = true;
		c->r_nonblock = flags & O_NONBLOCK;
		c->r_watched = 0;
		c->other_pipes++;
		if (stress_rand(&c->rng) % 4)	/* unsized: every post is lost */
			expect("SET_SIZE", vfsim_ioctl(tk, c->r[0], IOC_WATCH_QUEUE_SET_SIZE,
			       1 + stress_rand(&c->rng) % MAX_NOTES), 0);
		if (stress_rand(&c->rng) % 2)
			set_other_filter(c, c->r[1]);
		return;
	}
	if (op < 4) {
		/* either end names the queue */
		int fd = c->r[0] >= 0 && (c->r[1] < 0 || stress_rand(&c->rng) & 1) ?
			 c->r[0] : c->r[1];

		toggle_other(c, fd, &c->r_watched,
			     (unsigned int)(stress_rand(&c->rng) % NOBJ), 0xe0);
	} else if (op < 6 && c->r[0] >= 0 && c->r_nonblock) {
		drain_other(c->r[0]);
	} else {
		/* close one end (either may go first); the second ends R */
		int e = c->r[0] < 0 ? 1 : c->r[1] < 0 ? 0 : (int)(stress_rand(&c->rng) & 1);

		expect("close", vfsim_close(tk, c->r[e]), 0);
		c->r[e] = -1;
		if (c->r[0] < 0 && c->r[1] < 0)
			c->r_open = false;
	}
}

static void *churner(void *arg)
{
	struct churner *c = arg;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		unsigned int op = (unsigned int)(stress_rand(&c->rng) % 100);

		c->ops++;
		if (op < 30) {
			uint64_t n = total_posts();

			if (n - c->last_change_posts >= POSTS_PER_CHANGE) {
				change_checked(c);
				c->last_change_posts = n;
			}
		} else if (op < 36) {
			refuse_checked(c);
		} else if (op < 56) {
			toggle_other(c, c->q[stress_rand(&c->rng) & 1], &c->q_watched,
				     (unsigned int)(stress_rand(&c->rng) % NOBJ), 0xf0);
		} else if (op < 61) {
			set_other_filter(c, c->q[0]);
		} else if (op < 71) {
			drain_other(c->q[0]);
		} else if (op < 90) {
			step_r(c);
		} else {
			sched_yield();
		}
	}
	for (int e = 0; e < 2; e++)
		if (c->r_open && c->r[e] >= 0)
			expect("close", vfsim_close(tk, c->r[e]), 0);
	expect("close", vfsim_close(tk, c->q[0]), 0);
	expect("close", vfsim_close(tk, c->q[1]), 0);
	return NULL;
}

/* ---- setup and the final accounting ------------------------------------------ */

static void open_checked(uint64_t *rng, uint64_t *bits)
{
	static const unsigned int sizes[] = { 1, 3, 8, 32, 512 };

	for (int i = 0; i < NCHECKED; i++) {
		unsigned int f = (unsigned int)(stress_rand(rng) % (NFILT + 1));
		unsigned int w = (unsigned int)(stress_rand(rng) % 16);
		long ret;

		ret = vfsim_pipe2(tk, cfd[i], O_NOTIFICATION_PIPE | (i ? O_NONBLOCK : 0));
		if (ret) {
			error("pipe2: %ld (%s)", ret, errname(ret));
			exit(1);
		}
		/* Sometimes unsized for a while: every post is lost then, and
		 * with the ring empty only note_loss can report it. */
		if (stress_rand(rng) % 4 == 0) {
			late_notes[i] = sizes[stress_rand(rng) % 5];
		} else {
			ring_notes[i] = sizes[stress_rand(rng) % 5];
			expect("SET_SIZE", vfsim_ioctl(tk, cfd[i][0], IOC_WATCH_QUEUE_SET_SIZE,
						       ring_notes[i]), 0);
		}
		expect("SET_FILTER", vfsim_ioctl(tk, cfd[i][0], IOC_WATCH_QUEUE_SET_FILTER,
			f ? (unsigned long)&filters[f - 1] : 0), 0);
		for (int k = 0; k < NWATCHABLE; k++)
			if (w >> k & 1)
				expect("watch", vfsim_test_watch(tk, cfd[i][0], object_ids[k],
						checked_wid(i, k)), 0);
		*bits |= (uint64_t)(w | f << 4) << (8 * i);
	}
}

static void open_q(struct churner *c, uint64_t *rng)
{
	long ret = vfsim_pipe2(tk, c->q, O_NOTIFICATION_PIPE | O_NONBLOCK);

	if (ret) {
		error("pipe2: %ld (%s)", ret, errname(ret));
		exit(1);
	}
	expect("SET_SIZE", vfsim_ioctl(tk, c->q[0], IOC_WATCH_QUEUE_SET_SIZE,
				       1 + stress_rand(rng) % MAX_NOTES), 0);
	/* Q watches every object to begin with, so that all of them exist. */
	for (unsigned int k = 0; k < NOBJ; k++)
		toggle_other(c, c->q[0], &c->q_watched, k, 0xf0);
}

/* Every decision was made, and no record a pipe must not deliver was read. */
static void check_decisions(unsigned long counts[NCHECKED][4], unsigned long *read_expected)
{
	for (unsigned long p = 0; p < nposters; p++)
		for (uint32_t q = 0; q < posters[p].next_seq; q++) {
			uint8_t st = *status_at(&posters[p], q);

			for (int i = 0; i < NCHECKED; i++) {
				unsigned int d = st >> ST_SHIFT(i) & 3;

				counts[i][d]++;
				if (d == ST_UNSET)
					error("poster %lu seq %u: no decision", p, q);
				if (d == ST_NOT_DELIVERED && st & ST_READ(i))
					error("C%d: poster %lu seq %u was read, but C%d had no "
					      "watch on its object or its filter rejects it",
					      i, p, q, i);
				if (d == ST_EXPECTED && st & ST_READ(i))
					read_expected[i]++;
			}
		}
}

/*
 * The drained C_i must hold as many records as it did at the start:
 * min(ring slots, notes).  A note that the run left marked in use although
 * no ring slot holds it (a leak) shows up as a loss here.
 */
static void check_capacity(int i)
{
	const uint64_t obj = 0x5a5a5a5a00000000ULL + (uint64_t)i;
	unsigned int notes = (ring_notes[i] + 31) / 32 * 32;
	unsigned int cap = ring_slots(i) < notes ? ring_slots(i) : notes;
	unsigned int got = 0, loss = 0, removal = 0, other = 0;
	struct key_notification k = { .watch = { .type = WATCH_TYPE_KEY_NOTIFY,
						 .info = sizeof(k) } };
	unsigned char buf[4096];
	long ret;

	if (!ring_notes[i])
		return;		/* never sized: it holds nothing */
	expect("SET_FILTER", vfsim_ioctl(tk, cfd[i][0], IOC_WATCH_QUEUE_SET_FILTER, 0), 0);
	expect("watch", vfsim_test_watch(tk, cfd[i][0], obj, 0x30), 0);
	for (unsigned int n = 0; n < cap; n++) {
		k.aux = n;
		expect("post", vfsim_test_post(tk, obj, &k), 0);
	}
	expect("unwatch", vfsim_test_unwatch(tk, cfd[i][0], obj), 0);
	expect("destroy object", vfsim_test_destroy_object(tk, obj), 0);
	/* C0's write end is closed: 0 at the end; C1 is O_NONBLOCK: EAGAIN */
	while ((ret = vfsim_read(tk, cfd[i][0], buf, sizeof(buf))) > 0)
		for (long off = 0; off + 8 <= ret; ) {
			union rec r = { .k = { .aux = ~0U } };
			unsigned int len;

			memcpy(&r.n, buf + off, sizeof(r.n));
			len = r.n.info & WATCH_INFO_LENGTH;
			if (len < 8 || off + len > ret)
				break;
			memcpy(r.b, buf + off, len);
			if (r.n.type == WATCH_TYPE_KEY_NOTIFY && r.k.aux == got)
				got++;
			else if (r.n.type == WATCH_TYPE_META &&
				 r.n.subtype == WATCH_META_LOSS_NOTIFICATION)
				loss++;
			else if (r.n.type == WATCH_TYPE_META)
				removal++;
			else
				other++;
			off += len;
		}
	if (ret != (i ? -EAGAIN : 0))
		error("C%d: final read: %ld (%s)", i, ret, errname(ret));
	/* the REMOVAL record does not fit if the ring is exactly full */
	if (got != cap || loss > 1 || other || removal > 1 || (!loss) != (removal == 1))
		error("C%d: drained, it took %u of %u records in order (%u LOSS, %u "
		      "REMOVAL, %u others): notes leaked?", i, got, cap, loss, removal, other);
}

static void check_removals(const struct churner *c, uint64_t final_cfg)
{
	for (int i = 0; i < NCHECKED; i++)
		for (int k = 0; k < NWATCHABLE; k++) {
			unsigned long want = c->unwatches[i][k] + (cfg_watched(final_cfg, i) >> k & 1);
			unsigned long got = cs[i].removals[k];

			if (got > want || (got < want && !cs[i].nloss))
				error("C%d: %lu REMOVAL records for object %d, %lu watches "
				      "removed, %lu LOSS records", i, got, k, want, cs[i].nloss);
		}
}

int main(int argc, char **argv)
{
	static const char *const decision[] = { "unset", "expected", "not delivered",
						"unknown" };
	unsigned long counts[NCHECKED][4] = { { 0 } }, read_expected[NCHECKED] = { 0 };
	struct stress_args a;
	struct churner c = { .r = { -1, -1 } };
	pthread_t rd;
	uint64_t rng, reader_rng, bits = 0, final_cfg, posted = 0;
	unsigned long bad;

	stress_parse(argc, argv, PROG, 4, NULL, NULL, &a);
	seed = a.seed;
	nposters = a.threads - 2;
	rng = seed;

	if (vfsim_create(&(struct vfsim_options){ .seed = seed }, &v) ||
	    vfsim_boot(v, "empty")) {
		fprintf(stderr, PROG ": cannot make an instance\n");
		return 1;
	}
	tk = vfsim_init_task(v);
	make_filters(&rng);
	open_checked(&rng, &bits);
	open_q(&c, &rng);
	__atomic_store_n(&cfg, bits, __ATOMIC_SEQ_CST);
	printf(PROG ": C0 %u notes, C1 %u notes (0: %u and %u later), cfg %#" PRIx64 "\n",
	       ring_notes[0], ring_notes[1], late_notes[0], late_notes[1], bits);

	posters = calloc(nposters, sizeof(*posters));
	for (int i = 0; i < NCHECKED; i++) {
		cs[i].last = malloc(nposters * sizeof(*cs[i].last));
		cs[i].loss_at = calloc(nposters, sizeof(*cs[i].loss_at));
		if (!cs[i].last || !cs[i].loss_at)
			return 1;
		for (unsigned long p = 0; p < nposters; p++)
			cs[i].last[p] = -1;
	}
	if (!posters)
		return 1;
	for (unsigned long p = 0; p < nposters; p++) {
		posters[p].id = (int)p;
		if (vfsim_task_create(v, 0, 0, &posters[p].t)) {
			fprintf(stderr, PROG ": vfsim_task_create failed\n");
			return 1;
		}
	}
	c.rng = stress_rand(&rng);
	reader_rng = stress_rand(&rng);

	if (pthread_create(&rd, NULL, reader, &reader_rng) ||
	    pthread_create(&c.th, NULL, churner, &c))
		return 1;
	for (unsigned long p = 0; p < nposters; p++)
		if (pthread_create(&posters[p].th, NULL, poster, &posters[p]))
			return 1;
	stress_run_for(a.seconds, &stop);
	for (unsigned long p = 0; p < nposters; p++) {
		pthread_join(posters[p].th, NULL);
		posted += posters[p].next_seq;
	}
	pthread_join(c.th, NULL);

	/* The objects die: a REMOVAL record for each watch still on them. */
	final_cfg = __atomic_load_n(&cfg, __ATOMIC_RELAXED);
	for (int k = 0; k < NOBJ; k++)
		expect("destroy object", vfsim_test_destroy_object(tk, object_ids[k]),
		       c.ever_watched[k] ? 0 : -ENOENT);
	__atomic_store_n(&posters_done, 1, __ATOMIC_RELEASE);
	expect("close C0's write end", vfsim_close(tk, cfd[0][1]), 0);
	pthread_join(rd, NULL);

	check_decisions(counts, read_expected);
	check_removals(&c, final_cfg);
	for (int i = 0; i < NCHECKED; i++)
		check_capacity(i);

	printf(PROG ": %" PRIu64 " records posted by %lu posters, %lu churn ops, "
	       "%lu changes of C0/C1, %lu other pipes\n", posted, nposters, c.ops,
	       c.changes, c.other_pipes);
	for (int i = 0; i < NCHECKED; i++) {
		struct checked_state *s = &cs[i];

		printf(PROG ": C%d: %lu reads, %lu records (%.2f per read, %.1f bytes "
		       "per read), %lu LOSS, %lu ENOBUFS, %lu EAGAIN; %lu gaps, %lu "
		       "covered by LOSS\n", i, s->reads, s->records,
		       s->reads ? (double)s->records / (double)s->reads : 0.0,
		       s->reads ? (double)s->bytes / (double)s->reads : 0.0,
		       s->nloss, s->enobufs, s->eagain, s->gaps, s->gaps_lost);
		printf(PROG ": C%d: decisions:", i);
		for (int d = 1; d < 4; d++)
			printf(" %lu %s%s", counts[i][d], decision[d], d < 3 ? "," : "");
		printf("; %lu expected records read\n", read_expected[i]);
	}

	for (int e = 0; e < 2; e++)
		expect("close", vfsim_close(tk, cfd[1][e]), 0);
	expect("close", vfsim_close(tk, cfd[0][0]), 0);
	for (unsigned long p = 0; p < nposters; p++) {
		vfsim_task_destroy(posters[p].t);
		for (int ch = 0; ch < MAX_CHUNKS; ch++)
			free(posters[p].chunks[ch]);
	}
	free(posters);
	for (int i = 0; i < NCHECKED; i++) {
		free(cs[i].last);
		free(cs[i].loss_at);
	}
	if (vfsim_warn_count(v))
		error("%lu warnings", vfsim_warn_count(v));
	bad = vfsim_destroy_check(v, stderr);
	if (bad)
		error("vfsim_destroy_check: %lu", bad);
	if (nr_errors) {
		fprintf(stderr, PROG ": FAILED (%lu errors), seed %" PRIu64 "\n", nr_errors,
			seed);
		return 1;
	}
	printf(PROG ": ok\n");
	return 0;
}
