// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim ctl PATH LINE... | -`: send scenario lines to a program running
 * with the syscall shim and VFSIM_SHIM_CONTROL=PATH (docs/shim.md,
 * "Driving a running program"), one at a time, and print what each
 * printed in that process's model (on standard output) and reported (on
 * standard error).  The reply to a line is its output, a NUL byte, its
 * reports, a NUL byte, its exit status and a newline (shim/control.c).
 *
 * Never a hang: a socket that is not there or refuses is an error at
 * once, unless --wait asks to wait for the program to start listening;
 * that wait and each reply are bounded by VFSIM_CTL_TIMEOUT seconds
 * (1 to 86400, default 30; anything else is a usage error); a closed
 * connection or a program that died is an error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "tool.h"

static void ctl_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " ctl [--wait] PATH LINE...\n"
	      "       " TOOL_NAME " ctl [--wait] PATH -\n"
	      "\n"
	      "Run scenario LINEs (or the lines of stdin) in the model of a program\n"
	      "running with the syscall shim and VFSIM_SHIM_CONTROL=PATH, one at a\n"
	      "time, printing what each prints (its reports on standard error).\n"
	      "Stops at the first line that fails; the exit status is that line's\n"
	      "(1, or 65 for a malformed line), 0 if all ran.\n"
	      "\n"
	      "  -w, --wait  wait for the program to listen at PATH (it is starting);\n"
	      "              without it, a PATH nobody listens on fails at once\n"
	      "\n"
	      "VFSIM_CTL_TIMEOUT: seconds (1 to 86400, default 30) to wait for the\n"
	      "program to listen and for each reply.\n",
	      out);
}

/* VFSIM_CTL_TIMEOUT in seconds, or 0 (reported) if it is not 1 to 86400. */
static unsigned int timeout_secs(void)
{
	const char *s = getenv("VFSIM_CTL_TIMEOUT");
	char *end, sbuf[TOOL_SHORT];
	unsigned long n;

	if (!s)
		return 30;
	errno = 0;
	n = strtoul(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno || n == 0 || n > 86400) {
		tool_error("ctl: VFSIM_CTL_TIMEOUT='%s': seconds from 1 to 86400",
			   tool_short(s, sbuf, sizeof(sbuf)));
		return 0;
	}
	return (unsigned int)n;
}

static unsigned int ctl_secs;

/* Connected to @path; with @wait, retrying while nobody listens there yet. */
static int ctl_connect(const char *path, unsigned int secs, bool wait)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	unsigned long tries = wait ? secs * 50ul : 0;
	int fd;

	if (strlen(path) >= sizeof(addr.sun_path)) {
		tool_error("ctl: %s: longer than a socket path", path);
		return -1;
	}
	strcpy(addr.sun_path, path);
	for (;;) {
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0) {
			tool_error("ctl: socket: %s", strerror(errno));
			return -1;
		}
		if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0)
			break;
		close(fd);
		if ((errno != ENOENT && errno != ECONNREFUSED) || tries-- == 0) {
			tool_error("ctl: %s: %s (is a program running with "
				   "VFSIM_SHIM_CONTROL=%s?)", path, strerror(errno), path);
			return -1;
		}
		nanosleep(&pause, NULL);
	}
	{
		struct timeval tv = { .tv_sec = secs };

		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	}
	return fd;
}

/* Copy @in up to a NUL byte to @out; false at the end of @in. */
static bool copy_to_nul(FILE *in, FILE *out)
{
	int ch;

	while ((ch = getc(in)) != EOF && ch != '\0')
		putc(ch, out);
	fflush(out);
	return ch != EOF;
}

/* Send @line, print the reply; the line's status, or -1 (reported). */
static int ctl_line(int fd, FILE *in, const char *path, const char *line)
{
	size_t len = strlen(line);
	char buf[4096];
	int status = 0;
	bool ok;

	if (len == 0 || line[len - 1] != '\n') {
		char *l = NULL;

		if (asprintf(&l, "%s\n", line) < 0) {
			tool_error("ctl: out of memory");
			return -1;
		}
		ok = send(fd, l, len + 1, MSG_NOSIGNAL) == (ssize_t)(len + 1);
		free(l);
	} else {
		ok = send(fd, line, len, MSG_NOSIGNAL) == (ssize_t)len;
	}
	if (!ok) {
		tool_error("ctl: %s: the program closed the connection (%s)", path,
			   strerror(errno));
		return -1;
	}
	/* The output, the reports, each up to a NUL; then the status. */
	if (!copy_to_nul(in, stdout) || !copy_to_nul(in, stderr) ||
	    !fgets(buf, sizeof(buf), in)) {
		fflush(stdout);
		if (ferror(in) && (errno == EAGAIN || errno == EWOULDBLOCK))
			tool_error("ctl: %s: no reply within %u s", path, ctl_secs);
		else
			tool_error("ctl: %s: the program closed the connection before "
				   "replying (did it end?)", path);
		return -1;
	}
	status = atoi(buf);
	return status;
}

int cmd_ctl(int argc, char **argv)
{
	int fd, i, status = TOOL_EXIT_OK;
	bool wait = false;
	FILE *in;

	if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		ctl_usage(stdout);
		return TOOL_EXIT_OK;
	}
	if (argc >= 2 && (strcmp(argv[1], "-w") == 0 || strcmp(argv[1], "--wait") == 0)) {
		wait = true;
		argc--;
		argv++;
	}
	if (argc < 3) {
		tool_usage_error("ctl", "PATH and at least one LINE (or -)");
		return TOOL_EXIT_USAGE;
	}
	ctl_secs = timeout_secs();
	if (!ctl_secs)
		return TOOL_EXIT_USAGE;
	fd = ctl_connect(argv[1], ctl_secs, wait);
	if (fd < 0)
		return TOOL_EXIT_FAIL;
	in = fdopen(dup(fd), "r");
	if (!in) {
		tool_error("ctl: %s", strerror(errno));
		close(fd);
		return TOOL_EXIT_FAIL;
	}
	if (argc == 3 && strcmp(argv[2], "-") == 0) {
		char *line = NULL;
		size_t cap = 0;

		while (status == TOOL_EXIT_OK && getline(&line, &cap, stdin) >= 0)
			status = ctl_line(fd, in, argv[1], line);
		free(line);
	} else {
		for (i = 2; i < argc && status == TOOL_EXIT_OK; i++)
			status = ctl_line(fd, in, argv[1], argv[i]);
	}
	if (status < 0)
		status = TOOL_EXIT_FAIL;
	fclose(in);
	close(fd);
	if (fflush(stdout) != 0) {
		tool_error("ctl: write error on the output");
		status = TOOL_EXIT_FAIL;
	}
	return status;
}
