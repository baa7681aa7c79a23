// SPDX-License-Identifier: LGPL-2.1-or-later
/* Helpers for the key unit tests: see keytest.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/uapi/linux/watch_queue.h>

#include "common/keytest.h"
#include "common/vfstest.h"

long kt_add(struct vfsim_task *t, const char *type, const char *desc,
	    const char *payload, int32_t ring)
{
	return vfsim_add_key(t, type, desc, payload, payload ? strlen(payload) : 0, ring);
}

long kt_watch(struct vfsim_task *t, int32_t id, int fd, int watch_id)
{
	return vfsim_keyctl(t, KEYCTL_WATCH_KEY, (unsigned long)(long)id,
			    (unsigned long)(long)fd, (unsigned long)(long)watch_id, 0);
}

long kt_keyctl(struct vfsim_task *t, int cmd, unsigned long a2, unsigned long a3,
	       unsigned long a4)
{
	return vfsim_keyctl(t, cmd, a2, a3, a4, 0);
}

void kt_pipe(struct vfsim_task *t, int fds[2])
{
	long ret = vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK);

	if (ret == 0)
		ret = vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_SIZE, 32);
	if (ret)
		vt_die("kt_pipe", ret);
}

static const char *const names[] = {
	"instantiated", "updated", "linked", "unlinked",
	"cleared", "revoked", "invalidated", "setattr",
};

static size_t render(const unsigned char *p, size_t len, char *out, size_t size)
{
	struct key_notification k;
	struct watch_notification_removal r;
	struct watch_notification n;
	unsigned int id;

	memcpy(&n, p, sizeof(n));
	id = (n.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT;
	if (n.type == WATCH_TYPE_KEY_NOTIFY && len == sizeof(k) && n.subtype < 8) {
		long aux;

		memcpy(&k, p, sizeof(k));
		aux = k.aux;
		if (n.subtype == NOTIFY_KEY_LINKED || n.subtype == NOTIFY_KEY_UNLINKED)
			aux = (long)k.aux - KT_SERIAL_START;
		return (size_t)snprintf(out, size, "%s:%ld/%ld@%u", names[n.subtype],
					(long)k.key_id - KT_SERIAL_START, aux, id);
	}
	if (n.type == WATCH_TYPE_META && n.subtype == WATCH_META_REMOVAL_NOTIFICATION &&
	    len == sizeof(r)) {
		memcpy(&r, p, sizeof(r));
		return (size_t)snprintf(out, size, "rm:%lld@%u",
					(long long)r.id - KT_SERIAL_START, id);
	}
	if (n.type == WATCH_TYPE_META && n.subtype == WATCH_META_LOSS_NOTIFICATION)
		return (size_t)snprintf(out, size, "loss");
	return (size_t)snprintf(out, size, "?%u/%u/%08x", n.type, n.subtype, n.info);
}

long kt_drain(struct vfsim_task *t, int fd, char *text, size_t size)
{
	unsigned char buf[512];
	size_t used = 0, off;
	long nr = 0, ret;

	text[0] = '\0';
	for (;;) {
		ret = vfsim_read(t, fd, buf, sizeof(buf));
		if (ret == -EAGAIN)
			return nr;
		if (ret <= 0)
			return ret;
		for (off = 0; off < (size_t)ret; nr++) {
			struct watch_notification n;
			size_t len;

			memcpy(&n, buf + off, sizeof(n));
			len = n.info & WATCH_INFO_LENGTH;
			if (len < sizeof(n) || off + len > (size_t)ret)
				return -EBADMSG;
			if (used && used + 1 < size)
				text[used++] = ' ';
			if (used < size)
				used += render(buf + off, len, text + used, size - used);
			if (used >= size)
				used = size - 1;
			off += len;
		}
	}
}

bool kt_reads(struct vfsim_task *t, int fd, const char *want)
{
	char got[2048];
	long n = kt_drain(t, fd, got, sizeof(got));

	if (n < 0 || strcmp(got, want) != 0) {
		fprintf(stderr, "keytest: read %ld: \"%s\"\n          want \"%s\"\n", n, got, want);
		return false;
	}
	return true;
}

const char *kt_describe(struct vfsim_task *t, int32_t id)
{
	static char buf[4200];
	long ret = vfsim_keyctl(t, KEYCTL_DESCRIBE, (unsigned long)(long)id,
				(unsigned long)buf, sizeof(buf), 0);

	if (ret < 0) {
		fprintf(stderr, "keytest: describe %d: %ld\n", id, ret);
		buf[0] = '\0';
	}
	return buf;
}
