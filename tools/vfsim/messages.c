// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What the vfsim command says on standard error, and the check that what
 * it wrote on standard output got there (docs/vfsim-command.md, "Exit
 * status"): a lost write is a failure, never a success.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* fopencookie */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "tool.h"

void tool_put_escaped(FILE *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i;

	for (i = 0; i < len; i++) {
		if (p[i] < 0x20 || p[i] >= 0x7f)
			fprintf(out, "\\%03o", p[i]);
		else
			fputc(p[i], out);
	}
}

const char *tool_short(const char *s, char *buf, size_t len)
{
	size_t n = strlen(s);

	if (n < len)
		return s;
	snprintf(buf, len, "%.*s...", (int)(len - 4), s);
	return buf;
}

/* "vfsim: @cmd: " (or "vfsim: "), the message escaped, @hint, newline. */
static void report(const char *cmd, const char *hint, const char *fmt,
		   va_list ap)
{
	char msg[1024];
	int n;

	fflush(stdout);	/* keep the two streams in order on a terminal */
	n = vsnprintf(msg, sizeof(msg), fmt, ap);
	if (n < 0)
		msg[0] = '\0';
	fputs(TOOL_NAME ": ", stderr);
	if (cmd)
		fprintf(stderr, "%s: ", cmd);
	tool_put_escaped(stderr, msg, strlen(msg));
	if (n >= (int)sizeof(msg))
		fputs("...", stderr);
	fputs(hint, stderr);
	fputc('\n', stderr);
}

void tool_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(NULL, "", fmt, ap);
	va_end(ap);
}

void tool_usage_error(const char *cmd, const char *fmt, ...)
{
	char hint[64];
	va_list ap;

	snprintf(hint, sizeof(hint), " (see '" TOOL_NAME "%s%s --help')",
		 cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	report(cmd, hint, fmt, ap);
	va_end(ap);
}

/*
 * Standard output goes through a cookie stream whose writes keep the
 * errno of the first one that failed.  stdio keeps only an error flag:
 * a write of a buffer's worth or more goes straight to the descriptor,
 * and when it fails the bytes are dropped, so the flush at the end has
 * nothing left to write and no errno to give.  The cookie's errno is
 * the same whatever the size of the output.
 */
static int out_errno;

static ssize_t out_write(void *cookie, const char *buf, size_t len)
{
	size_t done = 0;
	ssize_t n;

	(void)cookie;
	while (done < len) {
		n = write(STDOUT_FILENO, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			if (!out_errno)
				out_errno = errno;
			return -1;
		}
		done += (size_t)n;
	}
	return (ssize_t)done;
}

static int out_close(void *cookie)
{
	(void)cookie;
	return close(STDOUT_FILENO);
}

void tool_start(void)
{
	static const cookie_io_functions_t io = {
		.write = out_write,
		.close = out_close,
	};
	size_t size = __fbufsize(stdout);
	int mode = _IOFBF;
	FILE *f;

	/* A terminal keeps stdio's own stdout: line editing (libedit) and
	 * prompts look at fileno(stdout), which a cookie stream has not,
	 * and a terminal is not where ENOSPC or EPIPE is lost. */
	if (isatty(STDOUT_FILENO))
		return;

	/* The buffering asked for before (stdbuf(1) sets it when the
	 * program starts): unbuffered is a one-byte buffer. */
	if (__flbf(stdout))
		mode = _IOLBF;
	else if (size == 1)
		mode = _IONBF;
	f = fopencookie(NULL, "w", io);

	/* Without the stream (no memory), stdio's own stdout still
	 * reports a lost write, only perhaps without its errno. */
	if (!f)
		return;
	setvbuf(f, NULL, mode, size > 1 ? size : BUFSIZ);
	stdout = f;
}

int tool_finish(int status)
{
	bool lost = ferror(stdout) != 0;
	int err = 0;

	/* A flush that failed before kept its bytes: this one tries them
	 * again and says why they do not go. */
	errno = 0;
	if (fflush(stdout) != 0) {
		lost = true;
		err = errno;
	}
	/* With everything flushed, only close() can fail; EBADF is a
	 * standard output closed from the start that nothing was written
	 * to. */
	errno = 0;
	if (fclose(stdout) != 0 && !lost && errno != EBADF) {
		lost = true;
		err = errno;
	}
	if (!lost)
		return status;
	/* A command that failed has said why; the lost output is one more
	 * consequence of it. */
	if (status != TOOL_EXIT_OK)
		return status;
	/* The first failed write's errno: later ones may only say EBADF or
	 * nothing at all. */
	if (out_errno)
		err = out_errno;
	if (err)
		fprintf(stderr, TOOL_NAME ": write error on standard output: %s\n",
			strerror(err));
	else
		fprintf(stderr, TOOL_NAME ": write error on standard output\n");
	return TOOL_EXIT_FAIL;
}

/* ---- a stream that starts each line with a prefix ---------------------------- */

struct prefix_cookie {
	FILE *to;
	const char *prefix;
	const char *hint;	/* added to the first line, once */
	bool at_start;
};

static ssize_t prefix_write(void *cookie, const char *buf, size_t size)
{
	struct prefix_cookie *c = cookie;
	size_t i = 0;

	while (i < size) {
		const char *nl = memchr(buf + i, '\n', size - i);
		size_t n = nl ? (size_t)(nl - (buf + i)) : size - i;

		/* The library's own reports name the program already. */
		if (c->at_start && strncmp(buf + i, TOOL_NAME ": ", sizeof(TOOL_NAME ": ") - 1) != 0)
			tool_put_escaped(c->to, c->prefix, strlen(c->prefix));
		c->at_start = false;
		tool_put_escaped(c->to, buf + i, n);
		i += n;
		if (nl) {
			if (c->hint) {
				fprintf(c->to, ": %s", c->hint);
				c->hint = NULL;
			}
			fputc('\n', c->to);
			c->at_start = true;
			i++;
		}
	}
	fflush(c->to);
	return (ssize_t)size;
}

static int prefix_close(void *cookie)
{
	free(cookie);
	return 0;
}

FILE *tool_prefix_stream(FILE *to, const char *prefix, const char *hint)
{
	static const cookie_io_functions_t io = {
		.write = prefix_write,
		.close = prefix_close,
	};
	struct prefix_cookie *c = calloc(1, sizeof(*c));
	FILE *f;

	if (!c)
		return NULL;
	c->to = to;
	c->prefix = prefix;
	c->hint = hint;
	c->at_start = true;
	f = fopencookie(c, "w", io);
	if (!f) {
		free(c);
		return NULL;
	}
	setvbuf(f, NULL, _IOLBF, 0);
	return f;
}
