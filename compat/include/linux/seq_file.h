/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A seq_file as far as /proc/self/mountinfo needs one: text rendered into a
 * buffer that, once too small, is noticed (seq_has_overflowed()) so that the
 * reader can retry with a buffer twice the size, as seq_read() does.  The
 * reading side (seq_read(), seq_lseek(): an iterator of records rendered
 * at read time, 5.8's fs/seq_file.c) is vfs/seq_file.c.
 */
#ifndef _VFSIM_LINUX_SEQ_FILE_H
#define _VFSIM_LINUX_SEQ_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/kdefs.h>
#include <linux/mutex.h>

#define SEQ_SKIP 1

struct seq_file;

/* A file's records: start at *pos, next, stop, show (5.8's contract). */
struct seq_operations {
	void *(*start)(struct seq_file *m, int64_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, int64_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

struct seq_file {
	char *buf;
	size_t size;
	size_t count;		/* == size once overflowed */
	void *private;
	/* The reading side (vfs/seq_file.c), all under @lock: the bytes
	 * of @buf not yet read start at @from; @index is the iterator's
	 * position, @read_pos the file offset @buf's text ends at. */
	size_t from;
	int64_t index;
	int64_t read_pos;
	const struct seq_operations *op;
	/* The namespace event the last poll() saw (mounts_poll()). */
	unsigned long long poll_event;
	struct mutex lock;
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
