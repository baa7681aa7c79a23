// SPDX-License-Identifier: LGPL-2.1-or-later
/* Helpers for the watch_queue unit tests: see wqtest.h. */
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/wqtest.h"

void wqt_pipe(struct vfsim_task *t, int flags, unsigned int nr_notes, int fds[2])
{
	long err = vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE | flags);

	if (err)
		vt_die("pipe2", err);
	if (nr_notes) {
		err = wqt_set_size(t, fds[0], nr_notes);
		if (err)
			vt_die("IOC_WATCH_QUEUE_SET_SIZE", err);
	}
}

void wqt_watched_pipe(struct vfsim_task *t, int fds[2], uint64_t object, int id)
{
	long err;

	wqt_pipe(t, O_NONBLOCK, 8, fds);
	err = vfsim_test_watch(t, fds[0], object, id);
	if (err)
		vt_die("vfsim_test_watch", err);
}

bool wqt_capacity_is(struct vfsim_task *t, unsigned int nr_notes, unsigned int cap,
		     unsigned int len)
{
	size_t size = 16 * 1024, off = 0;
	char *want = calloc(1, size), *got = calloc(1, size);
	bool ok = true;
	unsigned int i;
	int fds[2];
	long n;

	if (!want || !got)
		vt_die("calloc", -ENOMEM);
	wqt_pipe(t, O_NONBLOCK, nr_notes, fds);
	if (vfsim_test_watch(t, fds[0], nr_notes, 0))
		vt_die("vfsim_test_watch", -EINVAL);
	for (i = 1; i <= cap + 1; i++) {
		if (wqt_post(t, nr_notes, WQT_TYPE, 0, len, 0, i))
			vt_die("wqt_post", -EINVAL);
		if (i > cap)
			continue;
		off += (size_t)snprintf(want + off, size - off, "%u", i);
		if (len != WQT_LEN)
			off += (size_t)snprintf(want + off, size - off, "/l%u", len);
		off += (size_t)snprintf(want + off, size - off, " ");
	}
	snprintf(want + off, size - off, "loss");
	n = wqt_drain(t, fds[0], 4096, got, size);
	if (n != (long)cap + 1 || strcmp(got, want)) {
		fprintf(stderr, "wqtest: size %u: %ld records \"%s\", want %u then a loss\n",
			nr_notes, n, got, cap);
		ok = false;
	}
	/* and the queue works again */
	for (i = 1; i <= cap; i++)
		if (wqt_post(t, nr_notes, WQT_TYPE, 0, len, 0, 1000 + i))
			vt_die("wqt_post", -EINVAL);
	n = wqt_drain(t, fds[0], 4096, got, size);
	if (n != (long)cap) {
		fprintf(stderr, "wqtest: size %u: %ld records after the loss, want %u\n",
			nr_notes, n, cap);
		ok = false;
	}
	vfsim_close(t, fds[0]);
	vfsim_close(t, fds[1]);
	free(want);
	free(got);
	return ok;
}

long wqt_set_size(struct vfsim_task *t, int fd, unsigned long nr_notes)
{
	return vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_SIZE, nr_notes);
}

long wqt_set_filter(struct vfsim_task *t, int fd, const struct watch_notification_filter *f)
{
	return vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_FILTER, (unsigned long)(uintptr_t)f);
}

static unsigned char pattern(uint32_t seq, unsigned int i)
{
	return (unsigned char)(seq * 31u + i);
}

void wqt_record(void *buf, unsigned int type, unsigned int subtype, unsigned int len,
		uint32_t info_extra, uint32_t seq)
{
	struct watch_notification n = { .type = type, .subtype = subtype };
	unsigned char *p = buf;
	unsigned int i;

	n.info = (len & WATCH_INFO_LENGTH) | (info_extra & ~(uint32_t)WATCH_INFO_LENGTH);
	memcpy(p, &n, sizeof(n));
	if (len >= 12)
		memcpy(p + 8, &seq, sizeof(seq));
	for (i = 12; i < len; i++)
		p[i] = pattern(seq, i);
}

long wqt_post(struct vfsim_task *t, uint64_t object, unsigned int type,
	      unsigned int subtype, unsigned int len, uint32_t info_extra, uint32_t seq)
{
	unsigned char rec[128];

	wqt_record(rec, type, subtype, len, info_extra, seq);
	return vfsim_test_post(t, object, rec);
}

long wqt_post_seq(struct vfsim_task *t, uint64_t object, uint32_t seq)
{
	return wqt_post(t, object, WQT_TYPE, 0, WQT_LEN, 0, seq);
}

/* ---- rendering ------------------------------------------------------------ */

struct wqt_text {
	char *s;
	size_t size, len;
};

static void put(struct wqt_text *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct wqt_text *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->len + 1 >= b->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->s + b->len, b->size - b->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
	if (b->len >= b->size)
		b->len = b->size - 1;
}

static void render_one(struct wqt_text *b, const unsigned char *p, unsigned int len)
{
	struct watch_notification n;
	unsigned int id, flags, i;
	uint32_t seq;
	uint64_t obj;
	bool payload_ok = true;

	memcpy(&n, p, sizeof(n));
	id = (n.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT;
	flags = n.info >> WATCH_INFO_TYPE_INFO__SHIFT;

	if (n.type == WATCH_TYPE_META && n.subtype == WATCH_META_LOSS_NOTIFICATION &&
	    n.info == 8) {
		put(b, "loss");
		return;
	}
	if (n.type == WATCH_TYPE_META && n.subtype == WATCH_META_REMOVAL_NOTIFICATION &&
	    flags == 0 && (len == 8 || len == 16)) {
		if (len == 8) {
			put(b, "rm@%u", id);
		} else {
			memcpy(&obj, p + 8, sizeof(obj));
			put(b, "rm:%llu@%u", (unsigned long long)obj, id);
		}
		return;
	}
	if (len < 12 || n.type == WATCH_TYPE_META) {
		put(b, "?t%u.s%u.info=0x%x", (unsigned int)n.type, (unsigned int)n.subtype, n.info);
		return;
	}
	memcpy(&seq, p + 8, sizeof(seq));
	for (i = 12; i < len; i++)
		if (p[i] != pattern(seq, i))
			payload_ok = false;
	put(b, "%u", seq);
	if (id)
		put(b, "@%u", id);
	if (n.type != WQT_TYPE)
		put(b, "/t%u", (unsigned int)n.type);
	if (n.subtype)
		put(b, "/s%u", (unsigned int)n.subtype);
	if (len != WQT_LEN)
		put(b, "/l%u", len);
	if (flags)
		put(b, "/f%x", flags);
	if (!payload_ok)
		put(b, "!payload");
}

int wqt_render(const void *buf, size_t n, char *text, size_t size)
{
	struct wqt_text b = { .s = text, .size = size, .len = strnlen(text, size) };
	const unsigned char *p = buf;
	size_t off = 0;
	int nr = 0;

	while (off < n) {
		struct watch_notification h;
		unsigned int len;

		if (n - off < sizeof(h)) {
			put(&b, "%s<%zu stray bytes>", b.len ? " " : "", n - off);
			return -1;
		}
		memcpy(&h, p + off, sizeof(h));
		len = h.info & WATCH_INFO_LENGTH;
		if (len < sizeof(h) || len > n - off) {
			put(&b, "%s<bad length %u with %zu bytes left>", b.len ? " " : "", len,
			    n - off);
			return -1;
		}
		if (b.len)
			put(&b, " ");
		render_one(&b, p + off, len);
		off += len;
		nr++;
	}
	return nr;
}

long wqt_drain(struct vfsim_task *t, int fd, size_t bufsize, char *text, size_t size)
{
	unsigned char *buf = malloc(bufsize ? bufsize : 1);
	long nr = 0, ret;
	int r;

	if (!buf)
		vt_die("malloc", -ENOMEM);
	if (size)
		text[0] = 0;
	for (;;) {
		ret = vfsim_read(t, fd, buf, bufsize);
		if (ret == -EAGAIN || ret == 0)
			break;
		if (ret < 0) {
			nr = ret;
			break;
		}
		r = wqt_render(buf, (size_t)ret, text, size);
		if (r < 0) {
			nr = -EBADMSG;
			break;
		}
		nr += r;
	}
	free(buf);
	return nr;
}

/* ---- filters -------------------------------------------------------------- */

bool wqt_reads(struct vfsim_task *t, int fd, const char *want)
{
	char text[4096];
	long n = wqt_drain(t, fd, 512, text, sizeof(text));

	if (n < 0) {
		fprintf(stderr, "wqtest: reading fd %d: %ld\n", fd, n);
		return false;
	}
	if (strcmp(text, want)) {
		fprintf(stderr, "wqtest: fd %d holds \"%s\", want \"%s\"\n", fd, text, want);
		return false;
	}
	return true;
}

bool wqt_records_are(const void *buf, long n, long len, const char *want)
{
	char text[4096] = "";

	if (n != len) {
		fprintf(stderr, "wqtest: read %ld (%s), want %ld\n", n,
			n < 0 && vfsim_errno_name((int)-n) ? vfsim_errno_name((int)-n) : "bytes",
			len);
		return false;
	}
	if (wqt_render(buf, (size_t)len, text, sizeof(text)) < 1 || strcmp(text, want)) {
		fprintf(stderr, "wqtest: read \"%s\", want \"%s\"\n", text, want);
		return false;
	}
	return true;
}

struct watch_notification_filter *wqt_filter_new(unsigned int nr)
{
	struct watch_notification_filter *f = calloc(1, wqt_filter_size(nr));

	if (!f)
		vt_die("calloc", -ENOMEM);
	f->nr_filters = nr;
	return f;
}

void wqt_rule(struct watch_notification_filter *f, unsigned int i, uint32_t type,
	      uint32_t subtypes, uint32_t info_mask, uint32_t info_filter)
{
	struct watch_notification_type_filter *r = &f->filters[i];

	memset(r, 0, sizeof(*r));
	r->type = type;
	r->subtype_filter[0] = subtypes;
	r->info_mask = info_mask;
	r->info_filter = info_filter;
}

unsigned int wqt_count_fds(struct vfsim_task *t, int limit)
{
	unsigned int nr = 0;
	int fd;

	for (fd = 0; fd < limit; fd++)
		if (vfsim_ioctl(t, fd, 0, 0) != -EBADF)
			nr++;
	return nr;
}

static void *wqt_call_main(void *arg)
{
	struct wqt_call *c = arg;

	__atomic_store_n(&c->started, 1, __ATOMIC_RELEASE);
	switch (c->kind) {
	case WQT_CALL_READ:
		c->ret = vfsim_read(c->t, c->fd, c->buf, c->len);
		break;
	case WQT_CALL_WRITE:
		c->ret = vfsim_write(c->t, c->fd, c->buf, c->len);
		break;
	case WQT_CALL_POST:
		c->ret = wqt_post_seq(c->t, 1, (uint32_t)c->len);
		break;
	}
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

void wqt_call_start(struct wqt_call *c, struct vfsim_task *t, enum wqt_call_kind kind, int fd,
		    void *buf, size_t len)
{
	int err;

	memset(c, 0, sizeof(*c));
	c->t = t;
	c->kind = kind;
	c->fd = fd;
	c->buf = buf;
	c->len = len;
	err = pthread_create(&c->th, NULL, wqt_call_main, c);
	if (err)
		vt_die("pthread_create", -err);
	while (!__atomic_load_n(&c->started, __ATOMIC_ACQUIRE))
		sched_yield();
}

void wqt_call_join(struct wqt_call *c)
{
	int err = pthread_join(c->th, NULL);

	if (err)
		vt_die("pthread_join", -err);
}
