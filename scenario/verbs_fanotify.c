// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs on fanotify mount events (Linux 6.15+, docs/fanotify.md):
 *
 *   mntns NAME [cloexec]                   open the mount namespace's file
 *   fanotify NAME [FLAG]...                fanotify_init(); default
 *                                          report_mnt nonblock
 *   fanotify_mark NAME CMD[,FLAG]... [TARGET [EVENTS]]
 *                                          fanotify_mark(): CMD add, remove
 *                                          or flush; TARGET an fd NAME (the
 *                                          namespace file, no path) or a
 *                                          PATH; EVENTS attach,detach or a
 *                                          number
 *   fanread NAME [SIZE]                    one read(), its records decoded
 *
 * fanread prints, always, "fanread NAME: N bytes" (or the errno) and one
 * line per record: the event ("attach", "detach", "attach,detach" for a
 * move, "overflow") and the mount's unique ID.  The fds are kept under
 * NAMEs as `open` keeps them, and closed with `close`.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/fanotify.h>
#include <vfsim/vfsim.h>

#include "engine.h"

#define FANREAD_DEFAULT 65536u
#define FANREAD_MAX (16u << 20)

/*
 * Words of the list @what (vfsim_scenario_mount_api_words(): "fanotify",
 * "fanotify_mark", "fanotify_events") joined by ',', or one number
 * (decimal, 0x hex) for flags no word names; OR'ed into *@flags.  0 or
 * SCN_SYNTAX.
 */
static long parse_words(struct scn_call *c, const char *what, const char *s,
			uint64_t *flags)
{
	unsigned long f = 0;
	char why[512];
	uint64_t n;

	if (s[0] >= '0' && s[0] <= '9') {
		if (scn_parse_u64(c, s, "flags", UINT64_MAX, &n) < 0)
			return SCN_SYNTAX;
		*flags |= n;
		return 0;
	}
	if (vfsim_scenario_mount_api_words(what, s, &f, why, sizeof(why)) < 0)
		return scn_syntax(c, "%s: %s", c->verb, why);
	*flags |= f;
	return 0;
}

static long name_free(struct scn_call *c)
{
	if (scn_fd_exists(c, c->argv[0]))
		return scn_syntax(c, "'%s' is already open: close it first", c->argv[0]);
	return 0;
}

static long keep_fd(struct scn_call *c, long fd)
{
	if (fd < 0)
		return fd;
	return scn_fd_add(c, c->argv[0], c->task, (int)fd);
}

/* mntns NAME [cloexec] */
static long verb_mntns(struct scn_call *c)
{
	unsigned int flags = 0;

	if (name_free(c) < 0)
		return SCN_SYNTAX;
	if (c->argc > 1) {
		if (strcmp(c->argv[1], "cloexec"))
			return scn_syntax(c, "mntns: unknown flag '%s'", c->argv[1]);
		flags = O_CLOEXEC;
	}
	return keep_fd(c, c->sys->open_mntns(c->task, flags));
}

/* fanotify NAME [FLAG]... */
static long verb_fanotify(struct scn_call *c)
{
	uint64_t flags = 0;
	int i;

	if (name_free(c) < 0)
		return SCN_SYNTAX;
	if (c->argc == 1)
		flags = FAN_REPORT_MNT | FAN_NONBLOCK;
	for (i = 1; i < c->argc; i++)
		if (parse_words(c, "fanotify", c->argv[i], &flags) < 0)
			return SCN_SYNTAX;
	if (flags > UINT32_MAX)
		return scn_syntax(c, "fanotify: flags over 32 bits");
	return keep_fd(c, c->sys->fanotify_init(c->task, (unsigned int)flags, O_RDONLY));
}

/* fanotify_mark NAME CMD[,FLAG]... [TARGET [EVENTS]] */
static long verb_fanotify_mark(struct scn_call *c)
{
	uint64_t flags = 0, mask = 0;
	const char *path = NULL;
	struct scn_task *t, *owner;
	int fd, dfd = AT_FDCWD;

	if (scn_fd_lookup(c, c->argv[0], false, &t, &fd) < 0 ||
	    parse_words(c, "fanotify_mark", c->argv[1], &flags) < 0)
		return SCN_SYNTAX;
	/* No type word: a namespace mark, what the verb is for. */
	if (!(flags & (FAN_MARK_MNTNS | FAN_MARK_MOUNT | FAN_MARK_FILESYSTEM)) &&
	    !strstr(c->argv[1], "inode"))
		flags |= FAN_MARK_MNTNS;
	if (flags > UINT32_MAX)
		return scn_syntax(c, "fanotify_mark: flags over 32 bits");
	if (c->argc > 2) {
		const char *target = c->argv[2];

		if (target[0] == '/' || target[0] == '.')
			path = target;
		else if (scn_fd_lookup(c, target, false, &owner, &dfd) < 0)
			return SCN_SYNTAX;
	}
	if (c->argc > 3 && parse_words(c, "fanotify_events", c->argv[3], &mask) < 0)
		return SCN_SYNTAX;
	return c->sys->fanotify_mark(t, fd, (unsigned int)flags, mask, dfd, path);
}

static void put_event(FILE *out, uint64_t mask)
{
	const char *sep = "";

	if (mask == FAN_Q_OVERFLOW) {
		fputs("overflow", out);
		return;
	}
	if (mask & FAN_MNT_ATTACH) {
		fputs("attach", out);
		sep = ",";
	}
	if (mask & FAN_MNT_DETACH) {
		fprintf(out, "%sdetach", sep);
		sep = ",";
	}
	mask &= ~(uint64_t)(FAN_MNT_ATTACH | FAN_MNT_DETACH);
	if (mask)
		fprintf(out, "%s%#llx", sep, (unsigned long long)mask);
}

/* The records of @len bytes at @buf, one line each. */
static void put_records(FILE *out, const unsigned char *buf, size_t len)
{
	size_t off = 0;

	while (len - off >= FAN_EVENT_METADATA_LEN) {
		struct fanotify_event_metadata md;
		size_t info;

		memcpy(&md, buf + off, sizeof(md));
		if (md.event_len < FAN_EVENT_METADATA_LEN || md.event_len > len - off)
			break;
		fputs("  ", out);
		put_event(out, md.mask);
		for (info = md.metadata_len; info + sizeof(struct fanotify_event_info_header) <= md.event_len; ) {
			struct fanotify_event_info_header hdr;
			struct fanotify_event_info_mnt mnt;

			memcpy(&hdr, buf + off + info, sizeof(hdr));
			if (hdr.len < sizeof(hdr) || hdr.len > md.event_len - info)
				break;
			if (hdr.info_type == FAN_EVENT_INFO_TYPE_MNT && hdr.len >= sizeof(mnt)) {
				memcpy(&mnt, buf + off + info, sizeof(mnt));
				fprintf(out, " %llu", (unsigned long long)mnt.mnt_id);
			} else {
				fprintf(out, " info:%u", hdr.info_type);
			}
			info += hdr.len;
		}
		fputc('\n', out);
		off += md.event_len;
	}
}

/* fanread NAME [SIZE] */
static long verb_fanread(struct scn_call *c)
{
	uint64_t size = FANREAD_DEFAULT;
	struct scn_task *t;
	unsigned char *buf;
	FILE *out = scn_out(c);
	const char *name;
	long ret;
	int fd, i;

	if (scn_fd_lookup(c, c->argv[0], false, &t, &fd) < 0 ||
	    (c->argc > 1 &&
	     scn_parse_u64(c, c->argv[1], "buffer size", FANREAD_MAX, &size) < 0))
		return SCN_SYNTAX;
	buf = malloc(size ? (size_t)size : 1);
	if (!buf)
		return scn_fail(c, "out of memory");
	/* One thread: a read that would sleep returns ERESTARTSYS instead
	 * (verbs_pipe.c says why). */
	ret = c->sys->read_nowait(t, fd, buf, (size_t)size);

	fputs("fanread", out);
	for (i = 0; i < c->argc; i++) {
		fputc(' ', out);
		scn_put_token(out, c->argv[i]);
	}
	fputs(": ", out);
	if (ret < 0) {
		name = vfsim_errno_name((int)-ret);
		if (name)
			fprintf(out, "%s\n", name);
		else
			fprintf(out, "error %ld\n", -ret);
	} else {
		fprintf(out, "%ld bytes\n", ret);
		put_records(out, buf, (size_t)ret);
	}
	free(buf);
	return ret;
}

const struct scn_verb scn_verbs_fanotify[] = {
	{ "mntns", 1, 2, SCN_VERB_NEEDS_TASK, verb_mntns, "NAME [cloexec]",
	  "open the mount namespace's file (/proc/self/ns/mnt) as NAME" },
	{ "fanotify", 1, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_fanotify,
	  "NAME [FLAG]...",
	  "fanotify_init() as NAME: FLAG report_mnt, nonblock, ... (default report_mnt nonblock)" },
	{ "fanotify_mark", 2, 4, SCN_VERB_NEEDS_TASK, verb_fanotify_mark,
	  "NAME add|remove|flush[,FLAG]... [NSNAME|PATH [attach,detach]]",
	  "fanotify_mark() of the group NAME on a mount namespace" },
	{ "fanread", 1, 2, SCN_VERB_NEEDS_TASK, verb_fanread, "NAME [SIZE]",
	  "read() the group NAME once and print its events" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
