/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Scenario verbs on files and directories: mkdir, symlink, chmod, chown, cd,
 * chroot, open, close.  Paths are resolved by the kernel, relative to the
 * task's cwd and root.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "engine.h"

/* `mkdir [-p] PATH [MODE]` */
static long verb_mkdir(struct scn_call *c)
{
	bool parents = strcmp(c->argv[0], "-p") == 0;
	char **argv = c->argv + parents;
	int argc = c->argc - parents;
	mode_t mode = 0755;

	if (argc < 1 || argc > 2)
		return scn_syntax(c, "wrong number of arguments: usage: mkdir [-p] PATH [MODE]");
	if (argc > 1 && scn_parse_mode(c, argv[1], &mode) < 0)
		return SCN_SYNTAX;
	if (parents)
		return c->sys->mkdir_p(c->task, argv[0], mode);
	return c->sys->mkdir(c->task, argv[0], mode);
}

static long verb_symlink(struct scn_call *c)
{
	return c->sys->symlink(c->task, c->argv[0], c->argv[1]);
}

/*
 * `mknod PATH c|b|p|s|f|d [MAJ:MIN] [MODE]`: the type as mknod(1) spells
 * it (f: a regular file, d: a directory, which mknod(2) refuses with
 * EPERM); a device needs MAJ:MIN, the others take none.  MODE is octal,
 * 0666 by default, before the umask.
 */
static long verb_mknod(struct scn_call *c)
{
	static const struct { char name; mode_t type; bool dev; } types[] = {
		{ 'c', S_IFCHR, true }, { 'b', S_IFBLK, true }, { 'p', S_IFIFO, false },
		{ 's', S_IFSOCK, false }, { 'f', S_IFREG, false }, { 'd', S_IFDIR, false },
	};
	const char *type = c->argv[1];
	unsigned int ma = 0, mi = 0;
	mode_t mode = 0666;
	int n, arg = 2;
	size_t k;

	for (k = 0; k < sizeof(types) / sizeof(types[0]); k++)
		if (type[0] == types[k].name && !type[1])
			break;
	if (k == sizeof(types) / sizeof(types[0]))
		return scn_syntax(c, "bad node type '%s' (c, b, p, s, f, d)", type);
	if (types[k].dev) {
		if (c->argc < 3 || sscanf(c->argv[2], "%u:%u%n", &ma, &mi, &n) != 2 ||
		    c->argv[2][n] || ma > 4095 || mi > 0xfffff)
			return scn_syntax(c, "a device needs MAJ:MIN (major < 4096, minor < 2^20)");
		arg = 3;
	}
	if (c->argc > arg + 1)
		return scn_syntax(c, "wrong number of arguments: usage: "
				  "mknod PATH c|b|p|s|f|d [MAJ:MIN] [MODE]");
	if (c->argc == arg + 1 && scn_parse_mode(c, c->argv[arg], &mode) < 0)
		return SCN_SYNTAX;
	return c->sys->mknod(c->task, c->argv[0], types[k].type | mode, makedev(ma, mi));
}

static long verb_chmod(struct scn_call *c)
{
	mode_t mode;

	if (scn_parse_mode(c, c->argv[1], &mode) < 0)
		return SCN_SYNTAX;
	return c->sys->chmod(c->task, c->argv[0], mode);
}

static long verb_chown(struct scn_call *c)
{
	bool has_gid;
	uid_t uid;
	gid_t gid;

	if (scn_parse_ids(c, c->argv[1], &uid, &gid, &has_gid) < 0)
		return SCN_SYNTAX;
	if (!has_gid)
		gid = (gid_t)-1;	/* unchanged, as chown(2) takes it */
	return c->sys->chown(c->task, c->argv[0], uid, gid);
}

static long verb_cd(struct scn_call *c)
{
	return c->sys->chdir(c->task, c->argv[0]);
}

static long verb_chroot(struct scn_call *c)
{
	return c->sys->chroot(c->task, c->argv[0]);
}

static long verb_open(struct scn_call *c)
{
	const char *name = c->argv[0];
	char why[512];
	int flags;
	long fd;

	if (scn_fd_exists(c, name))
		return scn_syntax(c, "'%s' is already open: close it first", name);
	/* the words as vfsim-kdiff reads them (calls.c) */
	if (vfsim_scenario_open_flags(c->argc - 2, c->argv + 2, &flags, why,
				      sizeof(why)) < 0)
		return scn_syntax(c, "%s", why);

	fd = c->sys->open(c->task, AT_FDCWD, c->argv[1], flags,
			  (flags & O_CREAT) ? 0644 : 0);
	if (fd < 0)
		return fd;
	return scn_fd_add(c, name, c->task, (int)fd);
}

static long verb_close(struct scn_call *c)
{
	struct scn_task *t;
	int fd;

	/* The fd belongs to the task that opened it, whatever `as` says;
	 * the name is forgotten even if close fails, as close(2) frees it. */
	if (scn_fd_lookup(c, c->argv[0], true, &t, &fd) < 0)
		return SCN_SYNTAX;
	return c->sys->close(t, fd);
}

const struct scn_verb scn_verbs_fs[] = {
	{ "mkdir", 1, 3, SCN_VERB_NEEDS_TASK, verb_mkdir, "[-p] PATH [MODE]",
	  "make a directory (octal, 0755); -p: parents too" },
	{ "symlink", 2, 2, SCN_VERB_NEEDS_TASK, verb_symlink, "TARGET PATH",
	  "make PATH a symlink to TARGET" },
	{ "mknod", 2, 4, SCN_VERB_NEEDS_TASK, verb_mknod, "PATH TYPE [MAJ:MIN] [MODE]",
	  "mknodat(2)" },
	{ "chmod", 2, 2, SCN_VERB_NEEDS_TASK, verb_chmod, "PATH MODE",
	  "change the mode (octal)" },
	{ "chown", 2, 2, SCN_VERB_NEEDS_TASK, verb_chown, "PATH UID[:GID]",
	  "change the owner (and group)" },
	{ "cd", 1, 1, SCN_VERB_NEEDS_TASK, verb_cd, "PATH",
	  "change the working directory" },
	{ "chroot", 1, 1, SCN_VERB_NEEDS_TASK, verb_chroot, "PATH",
	  "change the root directory" },
	{ "open", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_open,
	  "NAME PATH [path|directory|nofollow|creat|excl|cloexec]...",
	  "open, keep the fd as NAME" },
	{ "close", 1, 1, 0, verb_close, "NAME",
	  "close the fd kept as NAME" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
