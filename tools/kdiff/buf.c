// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Growable text buffers and lists of lines: transcripts, mountinfo text and
 * tree snapshots are small, so everything is simply kept in memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kdiff.h"

static void reserve(struct kd_buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 256;

	if (b->s && b->len + more + 1 <= b->cap)
		return;
	while (cap < b->len + more + 1)
		cap *= 2;
	b->s = kd_realloc(b->s, cap);
	b->s[b->len] = '\0';	/* NUL-terminated even before the first add */
	b->cap = cap;
}

void kd_buf_add(struct kd_buf *b, const void *p, size_t n)
{
	reserve(b, n);
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void kd_buf_puts(struct kd_buf *b, const char *s)
{
	kd_buf_add(b, s, strlen(s));
}

void kd_buf_printf(struct kd_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		kd_oom();
	reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void kd_buf_reset(struct kd_buf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
}

void kd_buf_free(struct kd_buf *b)
{
	free(b->s);
	memset(b, 0, sizeof(*b));
}

int kd_buf_read_fd(struct kd_buf *b, int fd)
{
	for (;;) {
		ssize_t n;

		reserve(b, 4096);
		n = read(fd, b->s + b->len, b->cap - b->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return 0;
		b->len += (size_t)n;
		b->s[b->len] = '\0';
	}
}

int kd_buf_read_file(struct kd_buf *b, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return -errno;
	ret = kd_buf_read_fd(b, fd);
	close(fd);
	return ret;
}

void kd_lines_add(struct kd_lines *l, char *s)
{
	if (l->nr == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = kd_realloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->nr++] = s;
}

void kd_lines_free(struct kd_lines *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

bool kd_lines_equal(const struct kd_lines *a, const struct kd_lines *b)
{
	size_t i;

	if (a->nr != b->nr)
		return false;
	for (i = 0; i < a->nr; i++)
		if (strcmp(a->v[i], b->v[i]) != 0)
			return false;
	return true;
}
