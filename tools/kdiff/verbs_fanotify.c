// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fanotify mount events' verbs: mntns, fanotify, fanotify_mark, fanread,
 * with the words and calls of scenario/verbs_fanotify.c (the words read by
 * the engine's vfsim_scenario_mount_api_words()).  The kernel side opens
 * /proc/self/ns/mnt for `mntns` and calls fanotify_init(2) and
 * fanotify_mark(2) by number.
 *
 * fanread reads once and hands the runner, in c->data, one line per
 * record: the mask in hex, the unique mount ID, and the mount point
 * statmount() gives for it now ("" when the mount is gone).  The runner
 * (runner.c) puts names in place of the IDs: m1, m2, ... in order of
 * first appearance over the whole run, so that the two sides' sequences
 * compare as sequences of events on the same mounts.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/fanotify.h>

#include "verbs.h"

#define KD_FANREAD_BUF 65536

static long fd_of(struct kd_call *c, const char *name, int *fd)
{
	return kd_fdtab_get(c->fds, name, fd) ? 0 : -EBADF;
}

static long keep(struct kd_call *c, long fd)
{
	int old;

	if (fd < 0)
		return fd;
	old = kd_fdtab_set(c->fds, c->argv[0], (int)fd);
	if (old >= 0)
		c->ops->close(c->task, old);
	return 0;
}

/* Words of @what, or one number: as scenario/verbs_fanotify.c reads them. */
static long words(struct kd_call *c, const char *what, const char *w, uint64_t *flags)
{
	unsigned long f = 0;
	char *end;

	if (w[0] >= '0' && w[0] <= '9') {
		errno = 0;
		*flags |= strtoull(w, &end, 0);
		if (errno || *end)
			return kd_syntax(c, "%s: bad number '%s'", c->verb, w);
		return 0;
	}
	if (kd_parsed(c, vfsim_scenario_mount_api_words(what, w, &f, KD_WHY(c))) < 0)
		return KD_SYNTAX;
	*flags |= f;
	return 0;
}

/* mntns NAME [cloexec] */
static long verb_mntns(struct kd_call *c)
{
	unsigned int flags = 0;

	if (c->argc > 1) {
		if (strcmp(c->argv[1], "cloexec"))
			return kd_syntax(c, "mntns: unknown flag '%s'", c->argv[1]);
		flags = O_CLOEXEC;
	}
	return c->dry ? 0 : keep(c, c->ops->open_mntns(c->task, flags));
}

/* fanotify NAME [FLAG]... (default report_mnt nonblock) */
static long verb_fanotify(struct kd_call *c)
{
	uint64_t flags = 0;
	int i;

	if (c->argc == 1)
		flags = FAN_REPORT_MNT | FAN_NONBLOCK;
	for (i = 1; i < c->argc; i++)
		if (words(c, "fanotify", c->argv[i], &flags) < 0)
			return KD_SYNTAX;
	if (c->dry)
		return 0;
	return keep(c, c->ops->fanotify_init(c->task, (unsigned int)flags, O_RDONLY));
}

/* fanotify_mark NAME CMD[,FLAG]... [NSNAME|PATH [EVENTS]] */
static long verb_fanotify_mark(struct kd_call *c)
{
	uint64_t flags = 0, mask = 0;
	const char *path = NULL;
	int fd, dfd = AT_FDCWD;
	long r;

	if (words(c, "fanotify_mark", c->argv[1], &flags) < 0 ||
	    (c->argc > 3 && words(c, "fanotify_events", c->argv[3], &mask) < 0))
		return KD_SYNTAX;
	if (!(flags & (FAN_MARK_MNTNS | FAN_MARK_MOUNT | FAN_MARK_FILESYSTEM)) &&
	    !strstr(c->argv[1], "inode"))
		flags |= FAN_MARK_MNTNS;
	if (c->dry)
		return 0;
	r = fd_of(c, c->argv[0], &fd);
	if (r < 0)
		return r;
	if (c->argc > 2) {
		if (c->argv[2][0] == '/' || c->argv[2][0] == '.')
			path = c->argv[2];
		else if ((r = fd_of(c, c->argv[2], &dfd)) < 0)
			return r;
	}
	return c->ops->fanotify_mark(c->task, fd, (unsigned int)flags, mask, dfd, path);
}

/* fanread NAME [SIZE] */
static long verb_fanread(struct kd_call *c)
{
	unsigned long size = KD_FANREAD_BUF;
	unsigned char *buf;
	size_t off;
	char *end;
	long n;
	int fd;

	if (c->argc > 1) {
		errno = 0;
		size = strtoul(c->argv[1], &end, 0);
		if (errno || *end || size > (16u << 20))
			return kd_syntax(c, "fanread: bad buffer size '%s'", c->argv[1]);
	}
	if (c->dry)
		return 0;
	n = fd_of(c, c->argv[0], &fd);
	if (n < 0)
		return n;
	buf = kd_malloc(size ? size : 1);
	n = c->ops->read(c->task, fd, buf, size);
	for (off = 0; n > 0 && (size_t)n - off >= FAN_EVENT_METADATA_LEN; ) {
		struct fanotify_event_metadata md;
		struct fanotify_event_info_mnt mnt = { .mnt_id = 0 };
		char point[4096] = "";

		memcpy(&md, buf + off, sizeof(md));
		if (md.event_len < FAN_EVENT_METADATA_LEN || md.event_len > (size_t)n - off)
			break;
		if (md.event_len >= md.metadata_len + sizeof(mnt)) {
			memcpy(&mnt, buf + off + md.metadata_len, sizeof(mnt));
			if (mnt.hdr.info_type == FAN_EVENT_INFO_TYPE_MNT)
				c->ops->mnt_point(c->task, mnt.mnt_id, point, sizeof(point));
		}
		kd_buf_printf(c->data, "%" PRIx64 " %" PRIu64 " %d %s\n",
			      (uint64_t)md.mask, (uint64_t)mnt.mnt_id, md.fd, point);
		off += md.event_len;
	}
	free(buf);
	return n;
}

const struct kd_verb kd_verbs_fanotify[] = {
	{ "mntns", 1, 2, KD_VERB_MAKES_FD, verb_mntns, "NAME [cloexec]" },
	{ "fanotify", 1, KD_UNLIMITED, KD_VERB_MAKES_FD, verb_fanotify, "NAME [FLAG]..." },
	{ "fanotify_mark", 2, 4, 0, verb_fanotify_mark,
	  "NAME add|remove|flush[,FLAG]... [NSNAME|PATH [EVENTS]]" },
	{ "fanread", 1, 2, 0, verb_fanread, "NAME [SIZE]" },
	{ NULL, 0, 0, 0, NULL, NULL },
};
