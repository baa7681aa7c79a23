// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Framing of the runner/helper protocol (wire.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "wire.h"

#define MAX_WORDS 4096
#define MAX_LEN (64u << 20)

static int send_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		/* MSG_NOSIGNAL: a dead peer is an error, not SIGPIPE */
		ssize_t k = send(fd, c, n, MSG_NOSIGNAL);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -errno;
		c += k;
		n -= (size_t)k;
	}
	return 0;
}

static int recv_all(int fd, void *p, size_t n)
{
	char *c = p;

	while (n) {
		ssize_t k = recv(fd, c, n, 0);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -errno;
		if (k == 0)
			return -EPIPE;
		c += k;
		n -= (size_t)k;
	}
	return 0;
}

static int send_u32(int fd, uint32_t v)
{
	return send_all(fd, &v, sizeof(v));
}

static int recv_u32(int fd, uint32_t *v)
{
	return recv_all(fd, v, sizeof(*v));
}

int kd_wire_send_argv(int fd, int argc, char **argv)
{
	int i, r = send_u32(fd, (uint32_t)argc);

	for (i = 0; i < argc && r == 0; i++) {
		size_t n = strlen(argv[i]);

		r = send_u32(fd, (uint32_t)n);
		if (r == 0)
			r = send_all(fd, argv[i], n);
	}
	return r;
}

int kd_wire_recv_argv(int fd, struct kd_buf *store, int *argc, char ***argv)
{
	size_t *offs;
	uint32_t n, len, i;
	int r;

	kd_buf_reset(store);
	r = recv_u32(fd, &n);
	if (r < 0)
		return r;
	if (n == 0 || n > MAX_WORDS)
		return -EPROTO;
	offs = kd_malloc(n * sizeof(*offs));
	for (i = 0; i < n; i++) {
		char *word;

		r = recv_u32(fd, &len);
		if (r == 0 && len > MAX_LEN)
			r = -EPROTO;
		if (r < 0)
			goto out;
		word = kd_malloc(len + 1);
		r = recv_all(fd, word, len);
		word[len] = '\0';
		offs[i] = store->len;
		if (r == 0)
			kd_buf_add(store, word, len + 1);
		free(word);
		if (r < 0)
			goto out;
	}
	/* pointers only now: the buffer may have moved while it grew */
	*argv = kd_malloc((n + 1) * sizeof(**argv));
	for (i = 0; i < n; i++)
		(*argv)[i] = store->s + offs[i];
	(*argv)[n] = NULL;
	*argc = (int)n;
out:
	free(offs);
	return r;
}

int kd_wire_send_reply(int fd, long result, const struct kd_buf *data)
{
	int64_t r = result;
	int ret = send_all(fd, &r, sizeof(r));

	if (ret == 0)
		ret = send_u32(fd, (uint32_t)data->len);
	if (ret == 0 && data->len)
		ret = send_all(fd, data->s, data->len);
	return ret;
}

int kd_wire_recv_reply(int fd, long *result, struct kd_buf *data)
{
	int64_t r;
	uint32_t len;
	char *text;
	int ret = recv_all(fd, &r, sizeof(r));

	if (ret == 0)
		ret = recv_u32(fd, &len);
	if (ret == 0 && len > MAX_LEN)
		ret = -EPROTO;
	if (ret < 0)
		return ret;
	text = kd_malloc(len + 1);
	ret = recv_all(fd, text, len);
	if (ret == 0)
		kd_buf_add(data, text, len);
	free(text);
	*result = (long)r;
	return ret;
}
