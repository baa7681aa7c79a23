/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A seq_file as far as /proc/self/mountinfo needs one: text rendered into a
 * buffer that, once too small, is noticed (seq_has_overflowed()) so that the
 * reader can retry with a buffer twice the size, as seq_read() does.
 */
#ifndef _VFSIM_LINUX_SEQ_FILE_H
#define _VFSIM_LINUX_SEQ_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/kdefs.h>

#define SEQ_SKIP 1

struct seq_file {
	char *buf;
	size_t size;
	size_t count;		/* == size once overflowed */
	void *private;
};

static inline bool seq_has_overflowed(struct seq_file *m)
{
	return m->count == m->size;
}

void seq_putc(struct seq_file *m, char c);
void seq_puts(struct seq_file *m, const char *s);
void seq_printf(struct seq_file *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* @s with every byte of @esc (and no other) written as \ooo. */
void seq_escape(struct seq_file *m, const char *s, const char *esc);
/* Room left at the end of the buffer, for a caller that writes there
 * itself and then commits @num bytes (or -1: overflow). */
size_t seq_get_buf(struct seq_file *m, char **bufp);
void seq_commit(struct seq_file *m, int num);
/* libgcov has a mangle_path() of its own: ours links under another name. */
#define mangle_path ksim_mangle_path
/* Copy @s to @p escaping @esc, for an @s already at @buf..: returns the
 * end of the escaped text, or NULL if it does not fit before @p. */
char *mangle_path(char *s, const char *p, const char *esc);

#endif
