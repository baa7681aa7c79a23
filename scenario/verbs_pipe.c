// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs on pipes, above all notification pipes: pipe, size,
 * filter, read, drain, fionread, write.  `pipe NAME` keeps the read end as NAME
 * and the write end as NAME.w; both are ordinary fd NAMEs, so `close`
 * (verbs_fs.c) closes either.  Verbs that take a NAME run as the task that
 * owns the fd, whatever `as` says, since the fd only means something in
 * that task's table.
 *
 * read and fionread print their result, always, on a line that starts with
 * the verb as written: "read p: 32 bytes" and the records under it,
 * "read p: EAGAIN", "read p: EOF", "fionread p: 16".  An errno is also
 * returned, so `expect` matches it as for any verb.  drain reads until
 * the pipe is empty and prints only what it read: the records, or in
 * watch_test's words (watch_print.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* asprintf */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/vfsim.h>

#include "engine.h"
#include "watch_print.h"

#define READ_DEFAULT 4096
#define READ_MAX (1u << 20)

/* What read() returns where it would sleep with a signal pending
 * (include/linux/errno.h: kernel-internal, no libc name). */
#define ERESTARTSYS 512

/* The fd kept as argv[0]; SCN_SYNTAX if there is none. */
static long lookup(struct scn_call *c, struct vfsim_task **t, int *fd)
{
	return scn_fd_lookup_model(c, c->argv[0], false, t, fd);
}

/* The head of a result line: "read p 8: ", the verb and words as written. */
static void put_head(struct scn_call *c, const char *verb)
{
	FILE *out = scn_out(c);
	int i;

	fputs(verb, out);
	for (i = 0; i < c->argc; i++) {
		fputc(' ', out);
		scn_put_token(out, c->argv[i]);
	}
	fputs(": ", out);
}

static void put_errno(struct scn_call *c, long err)
{
	const char *name = vfsim_errno_name((int)err);

	if (name)
		fprintf(scn_out(c), "%s\n", name);
	else
		fprintf(scn_out(c), "error %ld\n", -err);
}

/*
 * A scenario has one thread: a read or write that would sleep could never
 * be woken.  With a signal pending for the call, it returns ERESTARTSYS
 * where it would have gone to sleep, as if interrupted, and the run goes
 * on; a call that does not sleep is unaffected (the pipe code looks at
 * signals only before sleeping).  No verb leaves a signal pending.
 */
static void no_sleep(struct vfsim_task *t, bool on)
{
	vfsim_task_set_signal_pending(t, on);
}

/* pipe NAME [nonblock] [plain] */
static long verb_pipe(struct scn_call *c)
{
	const char *name = c->argv[0];
	int flags = O_NOTIFICATION_PIPE, fds[2], i;
	char *wname;
	long ret;

	for (i = 1; i < c->argc; i++) {
		if (strcmp(c->argv[i], "nonblock") == 0)
			flags |= O_NONBLOCK;
		else if (strcmp(c->argv[i], "plain") == 0)
			flags &= ~O_NOTIFICATION_PIPE;
		else
			return scn_syntax(c, "bad pipe flag '%s' (nonblock, plain)",
					  c->argv[i]);
	}
	if (asprintf(&wname, "%s.w", name) < 0)
		return scn_fail(c, "out of memory");
	if (scn_fd_exists(c, name) || scn_fd_exists(c, wname)) {
		ret = scn_syntax(c, "'%s' or '%s' is already open: close it first",
				 name, wname);
		goto out;
	}

	ret = vfsim_pipe2(scn_model_task(c), fds, flags);
	if (ret < 0)
		goto out;
	ret = scn_fd_add(c, name, c->task, fds[0]);
	if (ret == 0)
		ret = scn_fd_add(c, wname, c->task, fds[1]);
out:
	free(wname);
	return ret;
}

/* size NAME N: IOC_WATCH_QUEUE_SET_SIZE with N notes */
static long verb_size(struct scn_call *c)
{
	struct vfsim_task *t;
	uint64_t n;
	int fd;

	if (lookup(c, &t, &fd) < 0 ||
	    scn_parse_u64(c, c->argv[1], "number of notes", UINT32_MAX, &n) < 0)
		return SCN_SYNTAX;
	return vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_SIZE, (unsigned long)n);
}

/*
 * filter NAME RULE...|none: IOC_WATCH_QUEUE_SET_FILTER with the rules
 * vfsim_filter_parse() builds from the words (docs/filters.md), or NULL.
 */
static long verb_filter(struct scn_call *c)
{
	size_t len = 1, size = 8 + 44 * 16;
	struct vfsim_task *t;
	char *text, why[256] = "";
	void *buf = NULL;
	long ret;
	int fd, i;

	if (lookup(c, &t, &fd) < 0)
		return SCN_SYNTAX;
	if (c->argc == 2 && strcmp(c->argv[1], "none") == 0)
		return vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_FILTER, 0);

	for (i = 1; i < c->argc; i++)
		len += strlen(c->argv[i]) + 1;
	text = malloc(len);
	if (!text)
		return scn_fail(c, "out of memory");
	text[0] = '\0';
	for (i = 1; i < c->argc; i++) {
		if (strcmp(c->argv[i], "none") == 0) {
			ret = scn_syntax(c, "'none' must be the only word after NAME");
			goto out;
		}
		if (i > 1)
			strcat(text, " ");
		strcat(text, c->argv[i]);
	}

	/* The parser builds more than 16 rules if asked: grow until it fits. */
	for (;;) {
		void *bigger = realloc(buf, size);

		if (!bigger) {
			ret = scn_fail(c, "out of memory");
			goto out;
		}
		buf = bigger;
		ret = vfsim_filter_parse(text, buf, size, why, sizeof(why));
		if (ret != -ENOSPC)
			break;
		size *= 2;
	}
	if (ret < 0) {
		ret = scn_syntax(c, "bad filter: %s", why[0] ? why : "(no reason given)");
		goto out;
	}
	ret = vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_FILTER, (unsigned long)buf);
out:
	free(buf);
	free(text);
	return ret;
}

/*
 * Only a notification pipe refuses IOC_WATCH_QUEUE_SET_SIZE with anything
 * but ENODEV (plain pipe) or ENOTTY (not a pipe).  0 notes is refused by
 * every check, so asking changes nothing.
 */
static bool is_notification_pipe(struct vfsim_task *t, int fd)
{
	long ret = vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_SIZE, 0);

	return ret == -EBUSY || ret == -EINVAL;
}

/* One line per record; a record the decoder refuses fails the run. */
static long put_records(struct scn_call *c, const char *verb,
			const unsigned char *buf, size_t n)
{
	char line[512];
	size_t off;
	long len;

	for (off = 0; off < n; off += (size_t)len) {
		len = vfsim_decode_record(buf + off, n - off, line, sizeof(line));
		if (len < 0)
			return scn_fail(c, "%s %s: the record at byte %zu: %s",
					verb, c->argv[0], off, line);
		fprintf(scn_out(c), "  %s\n", line);
	}
	return 0;
}

/* The bytes of a plain pipe, on one line; \ooo for the unprintable and \. */
static void put_bytes(struct scn_call *c, const unsigned char *buf, size_t n)
{
	FILE *out = scn_out(c);
	size_t i;

	fputs("  ", out);
	for (i = 0; i < n; i++) {
		if (buf[i] < 0x20 || buf[i] > 0x7e || buf[i] == '\\')
			fprintf(out, "\\%03o", buf[i]);
		else
			fputc(buf[i], out);
	}
	fputc('\n', out);
}

/* read NAME [BUFSIZE] */
static long verb_read(struct scn_call *c)
{
	struct vfsim_task *t;
	uint64_t size = READ_DEFAULT;
	unsigned char *buf;
	bool records;
	long ret, put;
	int fd;

	if (lookup(c, &t, &fd) < 0 ||
	    (c->argc > 1 &&
	     scn_parse_u64(c, c->argv[1], "buffer size", READ_MAX, &size) < 0))
		return SCN_SYNTAX;
	buf = malloc(size ? (size_t)size : 1);
	if (!buf)
		return scn_fail(c, "out of memory");

	records = is_notification_pipe(t, fd);
	no_sleep(t, true);
	ret = vfsim_read(t, fd, buf, (size_t)size);
	no_sleep(t, false);

	put_head(c, "read");
	if (ret < 0) {
		put_errno(c, ret);
	} else if (ret == 0) {
		fputs(size ? "EOF\n" : "0 bytes\n", scn_out(c));
	} else {
		fprintf(scn_out(c), "%ld bytes\n", ret);
		if (records) {
			put = put_records(c, "read", buf, (size_t)ret);
			if (put < 0)
				ret = put;
		} else {
			put_bytes(c, buf, (size_t)ret);
		}
	}
	free(buf);
	return ret;
}

/* One read() of drain: what it printed, or SCN_FAILED. */
static long drain_one(struct scn_call *c, bool records, bool sample,
		      const unsigned char *buf, long n)
{
	if (sample) {
		switch (watch_print_read(scn_out(c), scn_err(c), buf, n)) {
		case WATCH_PRINT_OK:
		case WATCH_PRINT_END:
			return 0;
		default:
			/* The sample returns or exits here; either way the
			 * model produced a record no kernel would.  The
			 * consumer has said why, in the sample's words. */
			return SCN_FAILED;
		}
	}
	if (n == 0)
		return 0;	/* EOF: nothing to print */
	if (records)
		return put_records(c, "drain", buf, (size_t)n);
	put_bytes(c, buf, (size_t)n);
	return 0;
}

/*
 * drain NAME [watch_test] [eof]: read(2) until the pipe is empty (EAGAIN,
 * or ERESTARTSYS where a blocking read would sleep) or at its end (EOF);
 * print what each read returned as `read` does, without the head line,
 * or with watch_test as the patch set's sample prints it (433-byte reads,
 * "-- END --" at EOF).  With eof, stopping at an empty pipe that still
 * has a writer is the error EAGAIN.
 */
static long verb_drain(struct scn_call *c)
{
	bool sample = false, want_eof = false, records;
	unsigned char buf[READ_DEFAULT];
	struct vfsim_task *t;
	size_t size;
	long n, ret = 0;
	int fd, i;

	for (i = 1; i < c->argc; i++) {
		if (strcmp(c->argv[i], "watch_test") == 0)
			sample = true;
		else if (strcmp(c->argv[i], "eof") == 0)
			want_eof = true;
		else
			return scn_syntax(c, "bad drain word '%s' (watch_test, eof)",
					  c->argv[i]);
	}
	if (lookup(c, &t, &fd) < 0)
		return SCN_SYNTAX;
	size = sample ? WATCH_PRINT_BUF_SIZE : sizeof(buf);
	/* The sample reads records without asking: neither does its drain
	 * (each call is a tick of the kernel's clock, seen in sb IDs). */
	records = !sample && is_notification_pipe(t, fd);

	no_sleep(t, true);
	for (;;) {
		n = vfsim_read(t, fd, buf, size);
		if (n == -EAGAIN || n == -ERESTARTSYS) {
			ret = want_eof ? -EAGAIN : 0;
			break;
		}
		if (n < 0) {
			ret = n;
			break;
		}
		ret = drain_one(c, records, sample, buf, n);
		if (ret < 0 || n == 0)
			break;
	}
	no_sleep(t, false);
	return ret;
}

/* fionread NAME: FIONREAD, the bytes queued (whole records) */
static long verb_fionread(struct scn_call *c)
{
	struct vfsim_task *t;
	int fd, n = -1;
	long ret;

	if (lookup(c, &t, &fd) < 0)
		return SCN_SYNTAX;
	ret = vfsim_ioctl(t, fd, FIONREAD, (unsigned long)&n);
	put_head(c, "fionread");
	if (ret < 0)
		put_errno(c, ret);
	else
		fprintf(scn_out(c), "%d\n", n);
	return ret;
}

/* write NAME TEXT: write(2) of TEXT's bytes (no newline) */
static long verb_write(struct scn_call *c)
{
	const char *text = c->argv[1];
	struct vfsim_task *t;
	long ret;
	int fd;

	if (lookup(c, &t, &fd) < 0)
		return SCN_SYNTAX;
	no_sleep(t, true);
	ret = vfsim_write(t, fd, text, strlen(text));
	no_sleep(t, false);
	return ret;
}

const struct scn_verb scn_verbs_pipe[] = {
	{ "pipe", 1, 3, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_pipe, "NAME [nonblock] [plain]",
	  "notification pipe (plain: ordinary); ends NAME, NAME.w" },
	{ "size", 2, 2, SCN_VERB_MODEL, verb_size, "NAME N",
	  "IOC_WATCH_QUEUE_SET_SIZE: room for N notes" },
	{ "filter", 2, SCN_UNLIMITED, SCN_VERB_MODEL, verb_filter, "NAME RULE...|none",
	  "IOC_WATCH_QUEUE_SET_FILTER (none: remove the filter)" },
	{ "read", 1, 2, SCN_VERB_MODEL, verb_read, "NAME [BUFSIZE]",
	  "read(2) BUFSIZE bytes (4096); print records or errno" },
	{ "drain", 1, 3, SCN_VERB_MODEL, verb_drain, "NAME [watch_test] [eof]",
	  "read(2) until empty or EOF; print what read would, no head" },
	{ "fionread", 1, 1, SCN_VERB_MODEL, verb_fionread, "NAME",
	  "FIONREAD: print the bytes queued" },
	{ "write", 2, 2, SCN_VERB_MODEL, verb_write, "NAME TEXT", "write(2) TEXT" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
