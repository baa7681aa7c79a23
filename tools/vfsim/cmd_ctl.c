// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim ctl PATH LINE... | -`: send scenario lines to a program running
 * with the syscall shim and VFSIM_SHIM_CONTROL=PATH (docs/shim.md,
 * "Driving a running program"), one at a time, and print what each
 * printed in that process's model.  The reply to a line ends with a NUL
 * byte, its exit status and a newline (shim/control.c).
 *
 * Never a hang: connecting retries for the timeout while the socket is
 * not there yet (the program is starting), and each reply must come
 * within it (VFSIM_CTL_TIMEOUT seconds, default 30); a closed connection
 * or a program that died is an error.
 */
#define _GNU_SOURCE
#include <errno.h>
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
	fputs("usage: " TOOL_NAME " ctl PATH LINE...\n"
	      "       " TOOL_NAME " ctl PATH -\n"
	      "\n"
	      "Run scenario LINEs (or the lines of stdin) in the model of a program\n"
	      "running with the syscall shim and VFSIM_SHIM_CONTROL=PATH, one at a\n"
	      "time, printing what each prints.  Stops at the first line that fails;\n"
	      "the exit status is that line's (1, or 65 for a malformed line), 0 if\n"
	      "all ran.  VFSIM_CTL_TIMEOUT: seconds to wait for the program to listen\n"
	      "and for each reply (default 30).\n",
	      out);
}

static unsigned int timeout_secs(void)
{
	const char *s = getenv("VFSIM_CTL_TIMEOUT");
	char *end;
	unsigned long n;

	if (!s || !*s)
		return 30;
	n = strtoul(s, &end, 10);
	return (*end || n == 0 || n > 86400) ? 30 : (unsigned int)n;
}

/* Connected to @path, retrying while nobody listens there yet. */
static int ctl_connect(const char *path, unsigned int secs)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	unsigned long tries = secs * 50ul;
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

/* Send @line, print the reply; the line's status, or -1 (reported). */
static int ctl_line(int fd, FILE *in, const char *path, const char *line)
{
	size_t len = strlen(line);
	char buf[4096];
	int status = 0, ch;

	if (len == 0 || line[len - 1] != '\n') {
		char *l = NULL;

		if (asprintf(&l, "%s\n", line) < 0) {
			tool_error("ctl: out of memory");
			return -1;
		}
		ch = (int)(send(fd, l, len + 1, MSG_NOSIGNAL) == (ssize_t)(len + 1));
		free(l);
	} else {
		ch = (int)(send(fd, line, len, MSG_NOSIGNAL) == (ssize_t)len);
	}
	if (!ch) {
		tool_error("ctl: %s: the program closed the connection (%s)", path,
			   strerror(errno));
		return -1;
	}
	/* The output up to the NUL, then the status. */
	while ((ch = getc(in)) != EOF && ch != '\0')
		putchar(ch);
	if (ch == EOF || !fgets(buf, sizeof(buf), in)) {
		fflush(stdout);
		if (ferror(in) && (errno == EAGAIN || errno == EWOULDBLOCK))
			tool_error("ctl: %s: no reply within %u s", path, timeout_secs());
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
	unsigned int secs = timeout_secs();
	int fd, i, status = TOOL_EXIT_OK;
	FILE *in;

	if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		ctl_usage(stdout);
		return TOOL_EXIT_OK;
	}
	if (argc < 3) {
		ctl_usage(stderr);
		return TOOL_EXIT_USAGE;
	}
	fd = ctl_connect(argv[1], secs);
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
