/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim-kdiff (docs/kernel-diff.md): runs one scenario on the model and on
 * the running kernel and compares what each operation returned and what
 * each tree snapshot showed.  This header has what every part shares: the
 * exit statuses, a growable text buffer, a list of lines and messages.
 *
 * It is a test tool: running out of memory ends it (kd_oom()) rather than
 * being threaded through every function.
 */
#ifndef VFSIM_KDIFF_H
#define VFSIM_KDIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define KD_NAME "vfsim-kdiff"

/* The result of a line the engine did not run (malformed when it came). */
#define KD_NOT_RUN "NOT RUN"

/* Exit statuses (65 and 66 are sysexits.h's EX_DATAERR and EX_NOINPUT). */
enum kd_exit {
	KD_EXIT_OK = 0,		/* everything agrees */
	KD_EXIT_FAIL = 1,	/* a difference, an unmet expect, a dead side */
	KD_EXIT_USAGE = 2,	/* bad command line */
	KD_EXIT_DATAERR = 65,	/* malformed scenario, transcript or era file */
	KD_EXIT_NOINPUT = 66,	/* a file that cannot be read */
};

/* The worse of two exit statuses: bad input beats a failure beats OK. */
int kd_exit_worst(int a, int b);

/* ---- memory (util.c) ------------------------------------------------------ */

void kd_oom(void) __attribute__((noreturn));
void *kd_malloc(size_t n);
void *kd_realloc(void *p, size_t n);
char *kd_strdup(const char *s);
char *kd_strndup(const char *s, size_t n);
char *kd_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "vfsim-kdiff: " + the message, on stderr. */
void kd_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- a growable, always NUL-terminated buffer (buf.c) -------------------- */

struct kd_buf {
	char *s;
	size_t len, cap;
};

void kd_buf_add(struct kd_buf *b, const void *p, size_t n);
void kd_buf_puts(struct kd_buf *b, const char *s);
void kd_buf_printf(struct kd_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void kd_buf_reset(struct kd_buf *b);
void kd_buf_free(struct kd_buf *b);
/* The whole of @fd until EOF: 0 or -errno. */
int kd_buf_read_fd(struct kd_buf *b, int fd);
/* The whole file at @path: 0 or -errno. */
int kd_buf_read_file(struct kd_buf *b, const char *path);

/* ---- a list of lines (buf.c) ---------------------------------------------- */

struct kd_lines {
	char **v;
	size_t nr, cap;
};

void kd_lines_add(struct kd_lines *l, char *s);	/* takes @s */
void kd_lines_free(struct kd_lines *l);
bool kd_lines_equal(const struct kd_lines *a, const struct kd_lines *b);

/* ---- results -------------------------------------------------------------- */

/* "OK" for a result >= 0, else the errno's name ("EBUSY"), into @buf. */
const char *kd_result_name(long r, char *buf, size_t len);

#endif /* VFSIM_KDIFF_H */
