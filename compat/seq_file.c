// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * seq_file output helpers (fs/seq_file.c).  Once anything does not fit,
 * count is pinned at size and every later write is dropped, so the caller
 * sees seq_has_overflowed() and retries with a bigger buffer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <linux/seq_file.h>

static void seq_set_overflow(struct seq_file *m)
{
	m->count = m->size;
}

void seq_putc(struct seq_file *m, char c)
{
	if (m->count >= m->size)
		return;
	m->buf[m->count++] = c;
}

void seq_puts(struct seq_file *m, const char *s)
{
	size_t len = strlen(s);

	if (m->count + len >= m->size) {
		seq_set_overflow(m);
		return;
	}
	memcpy(m->buf + m->count, s, len);
	m->count += len;
}

void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list args;
	int len;

	if (m->count < m->size) {
		va_start(args, fmt);
		len = vsnprintf(m->buf + m->count, m->size - m->count, fmt, args);
		va_end(args);
		if (len >= 0 && m->count + (size_t)len < m->size) {
			m->count += (size_t)len;
			return;
		}
	}
	seq_set_overflow(m);
}

char *mangle_path(char *s, const char *p, const char *esc)
{
	while (s <= p) {
		char c = *p++;

		if (!c) {
			return s;
		} else if (!strchr(esc, c)) {
			*s++ = c;
		} else if (s + 4 > p) {
			break;
		} else {
			*s++ = '\\';
			*s++ = (char)('0' + (((unsigned char)c & 0300) >> 6));
			*s++ = (char)('0' + (((unsigned char)c & 070) >> 3));
			*s++ = (char)('0' + ((unsigned char)c & 07));
		}
	}
	return NULL;
}

void seq_escape(struct seq_file *m, const char *s, const char *esc)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (strchr(esc, c)) {
			if (m->count + 4 >= m->size) {
				seq_set_overflow(m);
				return;
			}
			m->buf[m->count++] = '\\';
			m->buf[m->count++] = (char)('0' + ((c & 0300) >> 6));
			m->buf[m->count++] = (char)('0' + ((c & 070) >> 3));
			m->buf[m->count++] = (char)('0' + (c & 07));
		} else {
			seq_putc(m, (char)c);
		}
	}
}

size_t seq_get_buf(struct seq_file *m, char **bufp)
{
	if (m->count < m->size)
		*bufp = m->buf + m->count;
	else
		*bufp = NULL;
	return m->size - m->count;
}

void seq_commit(struct seq_file *m, int num)
{
	if (num < 0)
		seq_set_overflow(m);
	else
		m->count += (size_t)num;
}
