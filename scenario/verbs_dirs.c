// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs on directories and names: ls (getdents64), unlink, rmdir,
 * rename, link, readlink, touch and utimens (utimensat), access
 * (faccessat2).  Each makes the same calls on the model and on the
 * running kernel (sys.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "engine.h"
#include "sys.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE	(1 << 0)
#define RENAME_EXCHANGE		(1 << 1)
#define RENAME_WHITEOUT		(1 << 2)
#endif

#define LS_BUF_MAX 65536

/* struct linux_dirent64's layout: d_ino, d_off, d_reclen, d_type, d_name */
#define DIRENT_RECLEN	16
#define DIRENT_NAME	19

/*
 * `ls PATH [BUFSIZE]`: the names getdents64 gives, in its order, on one
 * line ("PATH: . .. b a"); with BUFSIZE, each call's buffer is that big
 * (a listing in several calls, resumed where the last one stopped).
 */
static long verb_ls(struct scn_call *c)
{
	const char *path = c->argv[0];
	size_t bufsize = 4096;
	uint64_t n;
	char *buf;
	long fd, ret, err;

	if (c->argc > 1) {
		if (scn_parse_u64(c, c->argv[1], "buffer size", LS_BUF_MAX, &n) < 0)
			return SCN_SYNTAX;
		bufsize = (size_t)n;
	}
	buf = malloc(bufsize ? bufsize : 1);
	if (!buf)
		return -ENOMEM;
	fd = c->sys->open(c->task, AT_FDCWD, path, O_RDONLY | O_DIRECTORY, 0);
	if (fd < 0) {
		free(buf);
		return fd;
	}
	fprintf(scn_out(c), "%s:", path);
	while ((ret = c->sys->getdents64(c->task, (int)fd, buf, bufsize)) > 0) {
		long off = 0;

		while (off < ret) {
			unsigned short reclen;

			memcpy(&reclen, buf + off + DIRENT_RECLEN, sizeof(reclen));
			fputc(' ', scn_out(c));
			scn_put_escaped(scn_out(c), buf + off + DIRENT_NAME);
			if (!reclen)
				break;
			off += reclen;
		}
	}
	fputc('\n', scn_out(c));
	err = c->sys->close(c->task, (int)fd);
	free(buf);
	return ret < 0 ? ret : err;
}

static long verb_unlink(struct scn_call *c)
{
	return c->sys->unlinkat(c->task, c->argv[0], 0);
}

static long verb_rmdir(struct scn_call *c)
{
	return c->sys->unlinkat(c->task, c->argv[0], AT_REMOVEDIR);
}

/* `rename OLD NEW [noreplace|exchange|whiteout]...` (renameat2) */
static long verb_rename(struct scn_call *c)
{
	unsigned int flags = 0;
	int i;

	for (i = 2; i < c->argc; i++) {
		if (!strcmp(c->argv[i], "noreplace"))
			flags |= RENAME_NOREPLACE;
		else if (!strcmp(c->argv[i], "exchange"))
			flags |= RENAME_EXCHANGE;
		else if (!strcmp(c->argv[i], "whiteout"))
			flags |= RENAME_WHITEOUT;
		else
			return scn_syntax(c, "unknown flag '%s': noreplace, exchange or whiteout",
					  c->argv[i]);
	}
	return c->sys->renameat2(c->task, c->argv[0], c->argv[1], flags);
}

/* `link OLD NEW [follow]` (linkat, AT_SYMLINK_FOLLOW) */
static long verb_link(struct scn_call *c)
{
	int flags = 0;

	if (c->argc > 2) {
		if (strcmp(c->argv[2], "follow"))
			return scn_syntax(c, "unknown flag '%s': follow", c->argv[2]);
		flags = AT_SYMLINK_FOLLOW;
	}
	return c->sys->linkat(c->task, c->argv[0], c->argv[1], flags);
}

/* `readlink PATH`: prints "PATH -> BODY" */
static long verb_readlink(struct scn_call *c)
{
	char buf[4097];
	long ret;

	ret = c->sys->readlink(c->task, c->argv[0], buf, sizeof(buf) - 1);
	if (ret < 0)
		return ret;
	buf[ret] = 0;
	fprintf(scn_out(c), "%s -> ", c->argv[0]);
	scn_put_escaped(scn_out(c), buf);
	fputc('\n', scn_out(c));
	return 0;
}

static long parse_nofollow(struct scn_call *c, int from, int *flags)
{
	int i;

	for (i = from; i < c->argc; i++) {
		if (strcmp(c->argv[i], "nofollow"))
			return scn_syntax(c, "unknown flag '%s': nofollow", c->argv[i]);
		*flags |= AT_SYMLINK_NOFOLLOW;
	}
	return 0;
}

/* `touch PATH [nofollow]`: both times now (utimensat with no times) */
static long verb_touch(struct scn_call *c)
{
	int flags = 0;

	if (parse_nofollow(c, 1, &flags) < 0)
		return SCN_SYNTAX;
	return c->sys->utimensat(c->task, c->argv[0], NULL, flags);
}

/* now, omit or SECONDS */
static long parse_time(struct scn_call *c, const char *s, struct timespec *ts)
{
	uint64_t sec;

	ts->tv_sec = 0;
	if (!strcmp(s, "now")) {
		ts->tv_nsec = UTIME_NOW;
		return 0;
	}
	if (!strcmp(s, "omit")) {
		ts->tv_nsec = UTIME_OMIT;
		return 0;
	}
	if (scn_parse_u64(c, s, "time (now, omit or seconds)", INT32_MAX, &sec) < 0)
		return SCN_SYNTAX;
	ts->tv_sec = (time_t)sec;
	ts->tv_nsec = 0;
	return 0;
}

/* `utimens PATH ATIME MTIME [nofollow]` */
static long verb_utimens(struct scn_call *c)
{
	struct timespec times[2];
	int flags = 0;

	if (parse_time(c, c->argv[1], &times[0]) < 0 ||
	    parse_time(c, c->argv[2], &times[1]) < 0 ||
	    parse_nofollow(c, 3, &flags) < 0)
		return SCN_SYNTAX;
	return c->sys->utimensat(c->task, c->argv[0], times, flags);
}

/* `access PATH MODE [eaccess] [nofollow]`: MODE f, or letters of rwx */
static long verb_access(struct scn_call *c)
{
	const char *m = c->argv[1];
	int mode = 0, flags = 0, i;

	if (strcmp(m, "f")) {
		for (; *m; m++) {
			if (*m == 'r')
				mode |= R_OK;
			else if (*m == 'w')
				mode |= W_OK;
			else if (*m == 'x')
				mode |= X_OK;
			else
				return scn_syntax(c, "bad mode '%s': f, or letters of rwx",
						  c->argv[1]);
		}
	}
	for (i = 2; i < c->argc; i++) {
		if (!strcmp(c->argv[i], "eaccess"))
			flags |= AT_EACCESS;
		else if (!strcmp(c->argv[i], "nofollow"))
			flags |= AT_SYMLINK_NOFOLLOW;
		else
			return scn_syntax(c, "unknown flag '%s': eaccess or nofollow",
					  c->argv[i]);
	}
	return c->sys->faccessat2(c->task, c->argv[0], mode, flags);
}

const struct scn_verb scn_verbs_dirs[] = {
	{ "ls", 1, 2, SCN_VERB_NEEDS_TASK, verb_ls, "PATH [BUFSIZE]",
	  "list a directory in getdents64 order (BUFSIZE: bytes per call)" },
	{ "unlink", 1, 1, SCN_VERB_NEEDS_TASK, verb_unlink, "PATH",
	  "remove a name that is not a directory" },
	{ "rmdir", 1, 1, SCN_VERB_NEEDS_TASK, verb_rmdir, "PATH",
	  "remove an empty directory" },
	{ "rename", 2, 4, SCN_VERB_NEEDS_TASK, verb_rename,
	  "OLD NEW [noreplace|exchange|whiteout]...",
	  "rename OLD to NEW (renameat2 with the flags)" },
	{ "link", 2, 3, SCN_VERB_NEEDS_TASK, verb_link, "OLD NEW [follow]",
	  "make NEW a hard link of OLD (follow: of what a symlink OLD names)" },
	{ "readlink", 1, 1, SCN_VERB_NEEDS_TASK, verb_readlink, "PATH",
	  "print the body of a symlink" },
	{ "touch", 1, 2, SCN_VERB_NEEDS_TASK, verb_touch, "PATH [nofollow]",
	  "set the access and modification times to now (utimensat)" },
	{ "utimens", 3, 4, SCN_VERB_NEEDS_TASK, verb_utimens,
	  "PATH ATIME MTIME [nofollow]",
	  "set the times: now, omit or seconds since the epoch" },
	{ "access", 2, 4, SCN_VERB_NEEDS_TASK, verb_access,
	  "PATH MODE [eaccess] [nofollow]",
	  "may the real (eaccess: effective) IDs use PATH? MODE f or of rwx" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
