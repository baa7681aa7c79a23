// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs on file data and on what programs check about files and
 * filesystems: pwrite, pread, seek, truncate, ftruncate, fallocate, fsync,
 * statfs, stat, poll, readfile.  Each makes its calls through the run's
 * backend (sys.h), so a line means the same on the model and the kernel,
 * and prints only what the two can be compared on: data read back, sizes,
 * f_flags, the statx fields that do not depend on the machine.
 *
 * A verb that prints starts its line with the verb and words as written
 * ("pread f 0 5: 5 bytes"); an error is printed there too and returned, so
 * `expect` matches it as for any verb; pwrite and pread return the byte
 * count, as the calls do.  Verbs taking an fd NAME run as the task that
 * owns it (the fd means something only in its table).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* struct statx */
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <linux/falloc.h>

#include <vfsim/vfsim.h>

#include "engine.h"

#define FILE_IO_MAX (16u << 20)		/* one verb moves at most 16 MiB */

#ifndef ST_NOSYMFOLLOW
#define ST_NOSYMFOLLOW 0x2000
#endif
#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif
#ifndef STATX_ATTR_MOUNT_ROOT
#define STATX_ATTR_MOUNT_ROOT 0x00002000
#endif

/* The head of a result line: "pread f 0 5: ", the verb and words as written. */
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

/* An error on the head's line; returned so that `expect` sees it. */
static long put_err(struct scn_call *c, long err)
{
	const char *name = vfsim_errno_name((int)err);

	if (name)
		fprintf(scn_out(c), "%s\n", name);
	else
		fprintf(scn_out(c), "error %ld\n", -err);
	return err;
}

/* Bytes on one line, \ooo for the unprintable and the backslash. */
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

static long fd_of(struct scn_call *c, const char *name, struct scn_task **t, int *fd)
{
	return scn_fd_lookup(c, name, false, t, fd);
}

/* OFFSET, or "-": the file's position (read(2)/write(2)). */
static long parse_pos(struct scn_call *c, const char *s, int64_t *pos)
{
	uint64_t v;

	if (strcmp(s, "-") == 0) {
		*pos = -1;
		return 0;
	}
	if (scn_parse_u64(c, s, "offset", INT64_MAX, &v) < 0)
		return SCN_SYNTAX;
	*pos = (int64_t)v;
	return 0;
}

/* A size with an optional k/m/g suffix (powers of 1024), at most @max. */
static long parse_size(struct scn_call *c, const char *s, const char *what,
		       uint64_t max, uint64_t *v)
{
	size_t len = strlen(s);
	unsigned int shift = 0;
	char num[32];

	if (len && strchr("kmgKMG", s[len - 1])) {
		shift = s[len - 1] == 'k' || s[len - 1] == 'K' ? 10 :
			s[len - 1] == 'm' || s[len - 1] == 'M' ? 20 : 30;
		len--;
	}
	if (len == 0 || len >= sizeof(num))
		return scn_syntax(c, "bad %s '%s'", what, s);
	memcpy(num, s, len);
	num[len] = '\0';
	if (scn_parse_u64(c, num, what, max >> shift, v) < 0)
		return SCN_SYNTAX;
	*v <<= shift;
	return 0;
}

/*
 * pwrite NAME OFFSET|- TEXT [COUNT]: TEXT's bytes, COUNT times over (1),
 * with one pwrite(2) at OFFSET, or write(2) at the file's position ("-").
 * Prints how many bytes went: a short count or ENOSPC shows a full tmpfs.
 */
static long verb_pwrite(struct scn_call *c)
{
	const char *text = c->argv[2];
	size_t len = strlen(text), total, i;
	uint64_t count = 1;
	struct scn_task *t;
	char *buf;
	int64_t pos;
	long ret;
	int fd;

	if (fd_of(c, c->argv[0], &t, &fd) < 0 || parse_pos(c, c->argv[1], &pos) < 0)
		return SCN_SYNTAX;
	if (c->argc > 3 && scn_parse_u64(c, c->argv[3], "count", FILE_IO_MAX, &count) < 0)
		return SCN_SYNTAX;
	if (len && count > FILE_IO_MAX / len)
		return scn_syntax(c, "more than %u bytes", FILE_IO_MAX);
	total = len * (size_t)count;
	buf = malloc(total ? total : 1);
	if (!buf)
		return scn_fail(c, "out of memory");
	for (i = 0; i < count; i++)
		memcpy(buf + i * len, text, len);
	ret = pos < 0 ? c->sys->write(t, fd, buf, total) :
			c->sys->pwrite(t, fd, buf, total, pos);
	free(buf);
	put_head(c, "pwrite");
	if (ret < 0)
		return put_err(c, ret);
	fprintf(scn_out(c), "%ld bytes\n", ret);
	return ret;
}

/*
 * pread NAME OFFSET|- SIZE: one pread(2) at OFFSET, or read(2) at the
 * file's position ("-"); prints the bytes.  SIZE takes k/m suffixes.
 */
static long verb_pread(struct scn_call *c)
{
	struct scn_task *t;
	unsigned char *buf;
	uint64_t size;
	int64_t pos;
	long ret;
	int fd;

	if (fd_of(c, c->argv[0], &t, &fd) < 0 || parse_pos(c, c->argv[1], &pos) < 0 ||
	    parse_size(c, c->argv[2], "size", FILE_IO_MAX, &size) < 0)
		return SCN_SYNTAX;
	buf = malloc(size ? (size_t)size : 1);
	if (!buf)
		return scn_fail(c, "out of memory");
	ret = pos < 0 ? c->sys->read(t, fd, buf, (size_t)size) :
			c->sys->pread(t, fd, buf, (size_t)size, pos);
	put_head(c, "pread");
	if (ret < 0) {
		free(buf);
		return put_err(c, ret);
	}
	fprintf(scn_out(c), "%ld bytes\n", ret);
	if (ret > 0)
		put_bytes(c, buf, (size_t)ret);
	free(buf);
	return ret;
}

static const struct {
	const char *name;
	int whence;
} whences[] = {
	{ "set", SEEK_SET }, { "cur", SEEK_CUR }, { "end", SEEK_END },
	{ "data", SEEK_DATA }, { "hole", SEEK_HOLE },
};

/* seek NAME OFFSET set|cur|end|data|hole: lseek(2); prints the position */
static long verb_seek(struct scn_call *c)
{
	struct scn_task *t;
	int whence = -1, fd;
	int64_t off, ret;
	uint64_t v;
	size_t i;
	bool neg = c->argv[1][0] == '-';

	if (fd_of(c, c->argv[0], &t, &fd) < 0 ||
	    scn_parse_u64(c, c->argv[1] + neg, "offset", INT64_MAX, &v) < 0)
		return SCN_SYNTAX;
	for (i = 0; i < sizeof(whences) / sizeof(whences[0]); i++)
		if (strcmp(c->argv[2], whences[i].name) == 0)
			whence = whences[i].whence;
	if (whence < 0)
		return scn_syntax(c, "bad whence '%s' (set, cur, end, data, hole)", c->argv[2]);
	off = neg ? -(int64_t)v : (int64_t)v;
	ret = c->sys->lseek(t, fd, off, whence);
	put_head(c, "seek");
	if (ret < 0)
		return put_err(c, (long)ret);
	fprintf(scn_out(c), "%lld\n", (long long)ret);
	return 0;
}

/* LENGTH for truncate: a size, or -N to see the call refuse it */
static long parse_length(struct scn_call *c, const char *s, int64_t *len)
{
	bool neg = s[0] == '-';
	uint64_t v;

	if (parse_size(c, s + neg, "length", INT64_MAX, &v) < 0)
		return SCN_SYNTAX;
	*len = neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

/* truncate PATH LENGTH */
static long verb_truncate(struct scn_call *c)
{
	int64_t len;

	if (parse_length(c, c->argv[1], &len) < 0)
		return SCN_SYNTAX;
	return c->sys->truncate(c->task, c->argv[0], len);
}

/* ftruncate NAME LENGTH */
static long verb_ftruncate(struct scn_call *c)
{
	struct scn_task *t;
	int64_t len;
	int fd;

	if (fd_of(c, c->argv[0], &t, &fd) < 0 || parse_length(c, c->argv[1], &len) < 0)
		return SCN_SYNTAX;
	return c->sys->ftruncate(t, fd, len);
}

/* fallocate NAME OFFSET LEN [keep_size] [punch_hole] */
static long verb_fallocate(struct scn_call *c)
{
	uint64_t off, len;
	struct scn_task *t;
	int mode = 0, fd, i;

	if (fd_of(c, c->argv[0], &t, &fd) < 0 ||
	    parse_size(c, c->argv[1], "offset", INT64_MAX, &off) < 0 ||
	    parse_size(c, c->argv[2], "length", INT64_MAX, &len) < 0)
		return SCN_SYNTAX;
	for (i = 3; i < c->argc; i++) {
		if (strcmp(c->argv[i], "keep_size") == 0)
			mode |= FALLOC_FL_KEEP_SIZE;
		else if (strcmp(c->argv[i], "punch_hole") == 0)
			mode |= FALLOC_FL_PUNCH_HOLE;
		else
			return scn_syntax(c, "bad fallocate mode '%s' (keep_size, punch_hole)",
					  c->argv[i]);
	}
	return c->sys->fallocate(t, fd, mode, (int64_t)off, (int64_t)len);
}

/* fsync NAME [data]: fsync(2), or fdatasync(2) */
static long verb_fsync(struct scn_call *c)
{
	struct scn_task *t;
	bool data = false;
	int fd;

	if (c->argc > 1) {
		if (strcmp(c->argv[1], "data") != 0)
			return scn_syntax(c, "bad fsync word '%s' (data)", c->argv[1]);
		data = true;
	}
	if (fd_of(c, c->argv[0], &t, &fd) < 0)
		return SCN_SYNTAX;
	return c->sys->fsync(t, fd, data);
}

static const struct {
	unsigned long flag;
	const char *name;
} st_flags[] = {
	{ ST_RDONLY, "rdonly" }, { ST_NOSUID, "nosuid" }, { ST_NODEV, "nodev" },
	{ ST_NOEXEC, "noexec" }, { ST_SYNCHRONOUS, "synchronous" },
	{ ST_MANDLOCK, "mandlock" }, { ST_NOATIME, "noatime" },
	{ ST_NODIRATIME, "nodiratime" }, { ST_RELATIME, "relatime" },
	{ ST_NOSYMFOLLOW, "nosymfollow" }, { 0x0020, "valid" },
};

/*
 * statfs PATH|=NAME [sizes]: statfs(2) (fstatfs(2) of the fd kept as NAME),
 * printing the type's magic, f_flags by name and, with sizes, the block
 * and inode counts (only a filesystem with limits has the same ones on
 * the model and the machine: tmpfs with size= and nr_inodes=).
 */
static long verb_statfs(struct scn_call *c)
{
	bool sizes = c->argc > 1 && strcmp(c->argv[1], "sizes") == 0;
	unsigned long rest;
	struct scn_task *t = c->task;
	struct statfs st;
	FILE *out;
	long ret;
	size_t i;
	int fd;

	if (c->argc > 1 && !sizes)
		return scn_syntax(c, "bad statfs word '%s' (sizes)", c->argv[1]);
	if (c->argv[0][0] == '=') {
		if (fd_of(c, c->argv[0] + 1, &t, &fd) < 0)
			return SCN_SYNTAX;
		ret = c->sys->fstatfs(t, fd, &st);
	} else {
		ret = c->sys->statfs(t, c->argv[0], &st);
	}
	put_head(c, "statfs");
	if (ret < 0)
		return put_err(c, ret);
	out = scn_out(c);
	fprintf(out, "type=%#lx bsize=%ld namelen=%ld flags=", (unsigned long)st.f_type,
		(long)st.f_bsize, (long)st.f_namelen);
	rest = (unsigned long)st.f_flags;
	for (i = 0; i < sizeof(st_flags) / sizeof(st_flags[0]); i++) {
		if (!(rest & st_flags[i].flag))
			continue;
		rest &= ~st_flags[i].flag;
		fprintf(out, "%s%s", st_flags[i].name, rest ? "," : "");
	}
	if (rest)
		fprintf(out, "%#lx", rest);
	if (sizes)
		fprintf(out, " blocks=%llu bfree=%llu bavail=%llu files=%llu ffree=%llu",
			(unsigned long long)st.f_blocks, (unsigned long long)st.f_bfree,
			(unsigned long long)st.f_bavail, (unsigned long long)st.f_files,
			(unsigned long long)st.f_ffree);
	fputc('\n', out);
	return 0;
}

static const char *type_name(unsigned int mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG: return "reg";
	case S_IFDIR: return "dir";
	case S_IFLNK: return "lnk";
	case S_IFCHR: return "chr";
	case S_IFBLK: return "blk";
	case S_IFIFO: return "fifo";
	case S_IFSOCK: return "sock";
	default: return "?";
	}
}

/*
 * stat PATH [nofollow] [unique] [amask]: statx(2) for the basic stats and
 * the mount ID (STATX_MNT_ID, or with unique STATX_MNT_ID_UNIQUE); prints
 * type, mode, size, blocks, blksize, nlink, whether the mask holds the
 * asked mount ID, and the attributes (mount_root, automount).  The IDs
 * themselves and the dev numbers differ from machine to machine; amask
 * prints stx_attributes_mask too, which later kernels widen (an era
 * difference on tmpfs).
 */
static long verb_stat(struct scn_call *c)
{
	unsigned int mask = STATX_BASIC_STATS, want = STATX_MNT_ID;
	bool amask = false;
	int flags = 0, i;
	struct statx stx;
	FILE *out;
	long ret;

	for (i = 1; i < c->argc; i++) {
		if (strcmp(c->argv[i], "nofollow") == 0)
			flags |= AT_SYMLINK_NOFOLLOW;
		else if (strcmp(c->argv[i], "unique") == 0)
			want = STATX_MNT_ID_UNIQUE;
		else if (strcmp(c->argv[i], "amask") == 0)
			amask = true;
		else
			return scn_syntax(c, "bad stat word '%s' (nofollow, unique, amask)",
					  c->argv[i]);
	}
	memset(&stx, 0, sizeof(stx));
	ret = c->sys->statx(c->task, AT_FDCWD, c->argv[0], flags, mask | want, &stx);
	put_head(c, "stat");
	if (ret < 0)
		return put_err(c, ret);
	out = scn_out(c);
	fprintf(out, "%s %04o size=%llu blocks=%llu blksize=%u nlink=%u %s=%s attr=",
		type_name(stx.stx_mode), stx.stx_mode & 07777,
		(unsigned long long)stx.stx_size, (unsigned long long)stx.stx_blocks,
		stx.stx_blksize, stx.stx_nlink,
		want == STATX_MNT_ID ? "mnt_id" : "mnt_id_unique",
		(stx.stx_mask & want) ? "yes" : "no");
	if (stx.stx_attributes & STATX_ATTR_MOUNT_ROOT)
		fputs((stx.stx_attributes & STATX_ATTR_AUTOMOUNT) ? "mount_root,automount" :
		      "mount_root", out);
	else
		fputs((stx.stx_attributes & STATX_ATTR_AUTOMOUNT) ? "automount" : "-", out);
	if (amask)
		fprintf(out, " amask=%#llx", (unsigned long long)stx.stx_attributes_mask);
	fputc('\n', out);
	return 0;
}

static const struct {
	short bit;
	const char *name;
} poll_bits[] = {
	{ POLLIN, "in" }, { POLLPRI, "pri" }, { POLLOUT, "out" }, { POLLERR, "err" },
	{ POLLHUP, "hup" }, { POLLNVAL, "nval" }, { POLLRDNORM, "rdnorm" },
	{ POLLWRNORM, "wrnorm" },
};

/*
 * poll NAME [EVENT,...]: poll(2) of one fd with a timeout of 0 (events:
 * in, pri, out...; in,pri by default); prints revents by name, or "-".
 */
static long verb_poll(struct scn_call *c)
{
	struct pollfd p = { .events = POLLIN | POLLPRI };
	struct scn_task *t;
	const char *w;
	bool first = true;
	long ret;
	size_t i;

	if (fd_of(c, c->argv[0], &t, &p.fd) < 0)
		return SCN_SYNTAX;
	if (c->argc > 1) {
		p.events = 0;
		for (w = c->argv[1]; *w; w += w[0] == ',') {
			size_t n = strcspn(w, ",");
			bool found = false;

			for (i = 0; i < sizeof(poll_bits) / sizeof(poll_bits[0]); i++) {
				if (strlen(poll_bits[i].name) == n &&
				    strncmp(w, poll_bits[i].name, n) == 0) {
					p.events |= poll_bits[i].bit;
					found = true;
				}
			}
			if (!found)
				return scn_syntax(c, "bad poll event '%.*s' (in, pri, out, rdnorm, wrnorm)",
						  (int)n, w);
			w += n;
		}
	}
	ret = c->sys->poll(t, &p, 1);
	put_head(c, "poll");
	if (ret < 0)
		return put_err(c, ret);
	for (i = 0; i < sizeof(poll_bits) / sizeof(poll_bits[0]); i++) {
		if (p.revents & poll_bits[i].bit) {
			fprintf(scn_out(c), "%s%s", first ? "" : ",", poll_bits[i].name);
			first = false;
		}
	}
	fputs(first ? "-\n" : "\n", scn_out(c));
	return 0;
}

/*
 * A line of the mount files as the two backends can compare it: the
 * mount point and the type.  mountinfo: fields 5 and the first after
 * " - "; mounts: fields 2 and 3; anything else: the line as it is.
 */
static void put_mount_line(FILE *out, const char *line, size_t len)
{
	char *s = strndup(line, len), *dash, *f[6] = { NULL };
	char *save = NULL, *tok;
	int n = 0;

	if (!s)
		return;
	dash = strstr(s, " - ");
	if (dash)
		*dash = '\0';
	for (tok = strtok_r(s, " ", &save); tok && n < 6; tok = strtok_r(NULL, " ", &save))
		f[n++] = tok;
	/* the namespace's root is the backend's own (the model's rootfs, the
	 * kernel sandbox's tmpfs): its type is not compared */
	if (dash && n >= 5) {
		char *type = strtok_r(dash + 3, " ", &save);

		fprintf(out, "  %s %s\n", f[4], strcmp(f[4], "/") == 0 ? "(root)" :
			type ? type : "?");
	} else if (!dash && n >= 3) {
		fprintf(out, "  %s %s\n", f[1], strcmp(f[1], "/") == 0 ? "(root)" : f[2]);
	} else {
		fprintf(out, "  %.*s\n", (int)len, line);
	}
	free(s);
}

/*
 * readfile NAME CHUNK [COUNT] [mounts]: read(2) CHUNK bytes at a time,
 * COUNT times or until EOF; prints the reads made and the bytes, or with
 * mounts whether it reached EOF and each line as put_mount_line() has it, so that /proc/self/
 * mountinfo read in pieces compares between the backends.  A line cut by
 * the end shows as "(part of a line)", and the first one as "(rest of a
 * line)" where the file's position was not 0 (the scenario knows whether
 * an earlier read ended at a line's end).
 */
static long verb_readfile(struct scn_call *c)
{
	uint64_t chunk, count = UINT64_MAX;
	size_t len = 0, cap = 0, off;
	bool mounts = false, eof = false;
	unsigned int reads = 0;
	unsigned char *buf = NULL;
	struct scn_task *t;
	int64_t start;
	long ret = 0;
	int fd, i;
	FILE *out;

	if (fd_of(c, c->argv[0], &t, &fd) < 0 ||
	    parse_size(c, c->argv[1], "chunk", FILE_IO_MAX, &chunk) < 0)
		return SCN_SYNTAX;
	for (i = 2; i < c->argc; i++) {
		if (strcmp(c->argv[i], "mounts") == 0)
			mounts = true;
		else if (scn_parse_u64(c, c->argv[i], "count", UINT32_MAX, &count) < 0)
			return SCN_SYNTAX;
	}
	if (chunk == 0)
		return scn_syntax(c, "a chunk of 0 bytes reads nothing");
	start = c->sys->lseek(t, fd, 0, SEEK_CUR);
	while (reads < count) {
		if (len + chunk > FILE_IO_MAX) {
			free(buf);
			return scn_fail(c, "more than %u bytes", FILE_IO_MAX);
		}
		if (len + chunk > cap) {
			unsigned char *bigger = realloc(buf, len + (size_t)chunk);

			if (!bigger) {
				free(buf);
				return scn_fail(c, "out of memory");
			}
			buf = bigger;
			cap = len + (size_t)chunk;
		}
		ret = c->sys->read(t, fd, buf + len, (size_t)chunk);
		reads++;
		if (ret <= 0) {
			eof = ret == 0;
			break;
		}
		len += (size_t)ret;
	}
	put_head(c, "readfile");
	out = scn_out(c);
	if (ret < 0) {
		free(buf);
		return put_err(c, ret);
	}
	/* the mount files' lengths differ with their IDs: no count there */
	if (mounts)
		fputs(eof ? "EOF\n" : "more\n", out);
	else
		fprintf(out, "%u reads%s\n", reads, eof ? ", EOF" : "");
	if (!mounts) {
		if (len)
			put_bytes(c, buf, len);
	} else {
		for (off = 0; off < len;) {
			unsigned char *nl = memchr(buf + off, '\n', len - off);
			size_t end = nl ? (size_t)(nl - buf) : len;

			if (off == 0 && start > 0)
				fputs("  (rest of a line)\n", out);
			else if (!nl)
				fputs("  (part of a line)\n", out);
			else
				put_mount_line(out, (const char *)buf + off, end - off);
			off = end + 1;
		}
	}
	free(buf);
	return 0;
}

const struct scn_verb scn_verbs_file[] = {
	{ "pwrite", 3, 4, SCN_VERB_NEEDS_TASK, verb_pwrite, "NAME OFFSET|- TEXT [COUNT]",
	  "write TEXT (COUNT times) at OFFSET, or at the position (-); print bytes written" },
	{ "pread", 3, 3, SCN_VERB_NEEDS_TASK, verb_pread, "NAME OFFSET|- SIZE",
	  "read SIZE bytes at OFFSET, or at the position (-); print them" },
	{ "seek", 3, 3, SCN_VERB_NEEDS_TASK, verb_seek, "NAME OFFSET set|cur|end|data|hole",
	  "lseek(2); print the position" },
	{ "truncate", 2, 2, SCN_VERB_NEEDS_TASK, verb_truncate, "PATH LENGTH",
	  "truncate(2) (k, m, g suffixes)" },
	{ "ftruncate", 2, 2, SCN_VERB_NEEDS_TASK, verb_ftruncate, "NAME LENGTH",
	  "ftruncate(2) of the fd kept as NAME" },
	{ "fallocate", 3, 5, SCN_VERB_NEEDS_TASK, verb_fallocate,
	  "NAME OFFSET LEN [keep_size] [punch_hole]", "fallocate(2)" },
	{ "fsync", 1, 2, SCN_VERB_NEEDS_TASK, verb_fsync, "NAME [data]",
	  "fsync(2), or fdatasync(2)" },
	{ "statfs", 1, 2, SCN_VERB_NEEDS_TASK, verb_statfs, "PATH|=NAME [sizes]",
	  "statfs(2) or fstatfs(2); print magic, f_flags (and counts)" },
	{ "stat", 1, 4, SCN_VERB_NEEDS_TASK, verb_stat, "PATH [nofollow] [unique] [amask]",
	  "statx(2); print type, mode, size, blocks, mount ID asked, attributes" },
	{ "poll", 1, 2, SCN_VERB_NEEDS_TASK, verb_poll, "NAME [EVENT,...]",
	  "poll(2) with timeout 0; print revents" },
	{ "readfile", 2, 4, SCN_VERB_NEEDS_TASK, verb_readfile, "NAME CHUNK [COUNT] [mounts]",
	  "read(2) in CHUNK pieces (COUNT, or to EOF); print bytes or mount lines" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
