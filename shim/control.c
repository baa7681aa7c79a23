// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The control channel (docs/shim.md, "Driving a running program"):
 * VFSIM_SHIM_CONTROL=PATH makes the shim listen on a Unix stream socket
 * at PATH, bound before the program's main() runs.  A thread serves one
 * connection at a time: each line received is a scenario line, run in
 * this process's model as a scenario of the connection (names carry over
 * from line to line; after a failed line the connection starts a new
 * scenario).  The reply to a line is what it printed, a NUL byte, its
 * reports (the client's standard error), a NUL byte, then the line's exit
 * status in decimal and a newline.
 * `vfsim ctl PATH LINE...` is the client.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <vfsim/scenario.h>

#include "internal.h"

static int listen_fd = -1;
static const char *control_path;

/* One connection's scenario and what it printed. */
struct conn {
	int fd;
	struct vfsim_scenario *s;
	FILE *out, *err;	/* open_memstream(): output, reports */
	char *buf, *ebuf;
	size_t len, sent, elen, esent;
	struct vfsim_scenario_host host;
};

static bool send_all(int fd, const void *p, size_t len)
{
	const char *c = p;

	while (len) {
		ssize_t n = send(fd, c, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		c += n;
		len -= (size_t)n;
	}
	return true;
}

/* What the line printed since the last reply, then its status record. */
static bool reply(struct conn *c, int status)
{
	char rec[16];
	int n;

	fflush(c->out);
	fflush(c->err);
	if (c->len > c->sent && !send_all(c->fd, c->buf + c->sent, c->len - c->sent))
		return false;
	c->sent = c->len;
	if (!send_all(c->fd, "", 1))
		return false;
	if (c->elen > c->esent && !send_all(c->fd, c->ebuf + c->esent, c->elen - c->esent))
		return false;
	c->esent = c->elen;
	n = snprintf(rec, sizeof(rec), "%c%d\n", '\0', status);
	return send_all(c->fd, rec, (size_t)n);
}

/* `exit` over the channel: the client hears 0 before the program ends. */
static long control_exit(void *arg, int status)
{
	struct conn *c = arg;

	reply(c, 0);
	shim_driver_exit(status);
	return 0;	/* not reached */
}

static long control_wait_watches(void *arg, unsigned long n)
{
	(void)arg;
	return shim_scenario_host.wait_watches(shim_scenario_host.arg, n);
}

static long control_wait_reads(void *arg)
{
	(void)arg;
	return shim_scenario_host.wait_reads(shim_scenario_host.arg);
}

static int conn_begin(struct conn *c)
{
	struct vfsim_scenario_opts o = { .err = c->err };
	int err = vfsim_scenario_begin(vfsim_shim_instance(), c->out, &o, &c->s);

	if (err == 0)
		vfsim_scenario_set_host(c->s, &c->host);
	return err;
}

static void serve(int fd)
{
	struct conn c = {
		.fd = fd,
		.host = {
			.wait_watches = control_wait_watches,
			.wait_reads = control_wait_reads,
			.exit = control_exit,
		},
	};
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *in;

	c.host.arg = &c;
	in = fdopen(dup(fd), "r");
	c.out = open_memstream(&c.buf, &c.len);
	c.err = open_memstream(&c.ebuf, &c.elen);
	if (!in || !c.out || !c.err || conn_begin(&c) != 0) {
		fprintf(stderr, "vfsim-shim: control: cannot start a scenario\n");
		goto out;
	}
	while ((n = getline(&line, &cap, in)) >= 0) {
		FILE *l = fmemopen(line, (size_t)n, "r");
		int status;

		if (!l) {
			fprintf(c.err, "vfsim-shim: control: %s\n", strerror(errno));
			if (!reply(&c, VFSIM_SCENARIO_EXIT_FAIL))
				break;
			continue;
		}
		status = vfsim_scenario_feed(c.s, l, control_path, false);
		fclose(l);
		if (status != 0) {
			/* A failure is final for a scenario: start another. */
			vfsim_scenario_end(c.s);
			c.s = NULL;
			fflush(c.out);
			fflush(c.err);
		}
		if (!reply(&c, status))
			break;
		if (!c.s && conn_begin(&c) != 0)
			break;
	}
out:
	if (c.s)
		vfsim_scenario_end(c.s);
	free(line);
	if (in)
		fclose(in);
	if (c.out)
		fclose(c.out);
	if (c.err)
		fclose(c.err);
	free(c.buf);
	free(c.ebuf);
	close(fd);
}

static void *control_thread(void *arg)
{
	(void)arg;
	shim_enter();		/* what this thread does itself is the host's */
	if (!vfsim_shim_instance()) {
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_CONTROL=%s: no model to drive\n",
			control_path);
		close(listen_fd);
		shim_driver_detach();
		return NULL;
	}
	for (;;) {
		int fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);

		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			fprintf(stderr, "vfsim-shim: VFSIM_SHIM_CONTROL=%s: accept: %s\n",
				control_path, strerror(errno));
			break;
		}
		serve(fd);
	}
	shim_driver_detach();
	return NULL;
}

void shim_control_start(void)
{
	const char *path = getenv("VFSIM_SHIM_CONTROL");
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	pthread_attr_t attr;
	pthread_t th;
	int err;

	if (!path || !*path)
		return;
	/* A program this one runs must not take the socket over. */
	path = strdup(path);
	unsetenv("VFSIM_SHIM_CONTROL");
	if (!path) {
		fputs("vfsim-shim: VFSIM_SHIM_CONTROL: out of memory\n", stderr);
		exit(71);
	}
	control_path = path;
	if (strlen(path) >= sizeof(addr.sun_path)) {
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_CONTROL=%s: longer than a socket "
			"path (%zu bytes)\n", path, sizeof(addr.sun_path) - 1);
		exit(71);
	}
	strcpy(addr.sun_path, path);
	shim_enter();
	listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	unlink(path);		/* a socket left by an earlier run */
	if (listen_fd < 0 || bind(listen_fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
	    listen(listen_fd, 1) < 0) {
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_CONTROL=%s: %s\n", path,
			strerror(errno));
		exit(71);
	}
	shim_driver_attach();
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&th, &attr, control_thread, NULL);
	pthread_attr_destroy(&attr);
	shim_leave();
	if (err) {
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_CONTROL=%s: cannot start its "
			"thread: %s\n", path, strerror(err));
		exit(71);
	}
}
