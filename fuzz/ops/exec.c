// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Running a program (prog.h): each call is a line of the scenario language,
 * run by the scenario engine itself (vfsim_scenario_line()), which tells
 * what the verb returned (vfsim_scenario_set_result()); there is no second
 * interpreter here.  A line the engine finds malformed (a NAME not open,
 * or open already) did not run, and is not printed.  A call on an fd NAME
 * runs as the init task, which holds the program's fds.
 *
 * After each call: its result is success or an errno of the call's set
 * (an errno outside it is a finding: a path the documentation does not
 * know, or a bug), the invariants hold, and no kernel warning fired.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* fopencookie */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "../driver.h"
#include "prog.h"

#ifndef ERESTARTSYS
#define ERESTARTSYS 512
#endif

/* ---- the errnos each call may give ------------------------------------------ */

/*
 * Any walk: what path resolution itself can say (vfs/namei.c).  An
 * automount a walk triggers (follow_automount()) can say more: EINVAL for
 * an automount point whose parent mount left the namespace
 * (finish_automount()'s check_mnt(): umount -l of the tree the task stands
 * in), ENOSPC when its mount would pass fs.mount-max (count_mounts()).
 * Those two count only in a program that can have automount points
 * (prog->automount: the default tree, an `automount` call, an afs mount);
 * AUTOMOUNT marks where they go in a set.  A call that gives EINVAL or
 * ENOSPC itself lists them too.
 */
#define AUTOMOUNT (-1)
#define WALK ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG, EACCES, AUTOMOUNT
#define END 0

struct errset {
	const char *verb;
	int errs[20];
};

static const struct errset errsets[] = {
	/* EPERM: a directory without ->mkdir or ->symlink (vfs/namei.c's
	 * filename_create() caller): afs's dynamic root only
	 * (afs_dynroot_inode_operations, fs/afs/dynroot.c), so only in a
	 * program with afs (errno_allowed()); tmpfs and ramfs have both
	 * (vfs/libfs.c), proc's and afs volumes' directories refuse with
	 * ENOENT and EACCES */
	{ "mkdir", { WALK, EEXIST, EROFS, EPERM, END } },
	{ "symlink", { WALK, EEXIST, EROFS, EPERM, END } },
	{ "chmod", { WALK, EPERM, EROFS, END } },
	/* ksys_chown(): the walk, EROFS, EPERM (chown_ok(), chgrp_ok()) */
	{ "chown", { WALK, EPERM, EROFS, END } },
	{ "cd", { WALK, END } },
	{ "chroot", { WALK, EPERM, END } },
	/* EINVAL: do_sys_open()'s flag checks (O_CREAT | O_DIRECTORY);
	 * a device node's driver: ENXIO (none, a socket, a block device that
	 * is no disk, tty), ENODEV and ENOSPC (ptmx without a devpts beside
	 * it, past its max=), ERESTARTSYS (a FIFO's open that would wait) */
	{ "open", { WALK, EEXIST, EISDIR, EROFS, EPERM, EINVAL, ENXIO, ENODEV, ENOSPC,
		    ERESTARTSYS, END } },
	/* may_mknod() (EPERM for d), filename_create(), CAP_MKNOD (EPERM),
	 * a directory without ->mknod (EPERM: devpts, sysfs...); ENOSPC: a
	 * full tmpfs */
	{ "mknod", { WALK, EEXIST, EROFS, EPERM, ENOSPC, END } },
	{ "close", { EBADF, END } },
	/* ENOSPC: more mounts than the namespace may have (count_mounts());
	 * EEXIST: an afs cell or fileserver defined twice (fs/afs/net.c),
	 * so only for an afs mount (errno_allowed()) */
	{ "mount", { WALK, EPERM, EINVAL, EBUSY, ENODEV, EEXIST, EROFS, ENOSPC, END } },
	/* do_loopback(), do_move_mount(): EINVAL for their checks, ELOOP for
	 * a move under itself, ENOSPC for the copies propagation would add
	 * (vfs/pnode.c, count_mounts()) */
	{ "bind", { WALK, EPERM, EINVAL, ENOSPC, END } },
	{ "move", { WALK, EPERM, EINVAL, ELOOP, ENOSPC, END } },
	/* EAGAIN: MNT_EXPIRE's first mark (do_umount()), with `expire` only
	 * (errno_allowed()) */
	{ "umount", { WALK, EPERM, EINVAL, EBUSY, EAGAIN, END } },
	{ "remount", { WALK, EPERM, EINVAL, EBUSY, EROFS, END } },
	{ "setattr", { WALK, EPERM, EINVAL, EBUSY, END } },
	{ "propagation", { WALK, EPERM, EINVAL, END } },
	{ "automount", { WALK, EPERM, EEXIST, EROFS, EINVAL, END } },
	{ "expire", { WALK, EPERM, EINVAL, END } },
	{ "pipe", { EINVAL, EMFILE, END } },
	{ "size", { EBADF, EINVAL, EBUSY, ENOTTY, ENODEV, END } },
	{ "filter", { EBADF, EINVAL, ENOTTY, ENODEV, END } },
	/* an fs_context's fd (fsopen): ENODATA with no message left,
	 * EMSGSIZE for a buffer shorter than the next one */
	{ "read", { EBADF, EISDIR, EINVAL, EAGAIN, ERESTARTSYS, ENOBUFS, ENODATA, EMSGSIZE,
		    END } },
	{ "write", { EBADF, EXDEV, EPIPE, EAGAIN, ERESTARTSYS, EINVAL, END } },
	{ "watch_mount", { WALK, EBADF, EINVAL, EBUSY, EPERM, EBADSLT, END } },
	{ "watch_sb", { WALK, EBADF, EINVAL, EBUSY, EPERM, EBADSLT, END } },
	{ "unwatch_mount", { WALK, EBADF, EINVAL, EBADSLT, EPERM, END } },
	{ "unwatch_sb", { WALK, EBADF, EINVAL, EBADSLT, EPERM, END } },
	{ "sb_error", { WALK, EINVAL, END } },
	{ "sb_edquot", { WALK, END } },
	{ "sb_network", { WALK, EINVAL, END } },
	{ "fsinfo", { WALK, EPERM, EINVAL, EOPNOTSUPP, ENODATA, E2BIG, END } },
	/*
	 * The new mount API (move_mount(2), open_tree(2), mount_setattr(2)):
	 * EBADF for an @NAME that is no mount's fd where one is needed,
	 * ENOSPC past fs.mount-max when a tree is attached (count_mounts(),
	 * propagation's copies), ELOOP for a move under itself
	 * (do_move_mount()).
	 */
	{ "move_mount", { WALK, EPERM, EINVAL, EBADF, ELOOP, ENOSPC, END } },
	{ "open_tree", { WALK, EPERM, EINVAL, EBADF, EMFILE, END } },
	{ "mount_setattr", { WALK, EPERM, EINVAL, EBADF, EBUSY, END } },
	/* fsconfig: EBUSY for a context past its state, EOPNOTSUPP for a
	 * command the filesystem does not take */
	{ "fsopen", { EPERM, ENODEV, EINVAL, EMFILE, END } },
	{ "fsconfig", { EPERM, EINVAL, EBADF, EBUSY, EOPNOTSUPP, EROFS, ENOSPC,
			END } },
	{ "fsmount", { EPERM, EINVAL, EBADF, EBUSY, EMFILE, END } },
	/*
	 * File data (vfs/read_write.c, vfs/filemap.c, vfs/open.c): EBADF for
	 * an fd not open for the access (or O_PATH), EISDIR for a directory's
	 * read, ESPIPE for an fd without positions (an fs_context's), EINVAL
	 * for a file without the method or a bad offset or length, ENOSPC
	 * when tmpfs's size= is met, EFBIG past s_maxbytes; a read at the
	 * position of an fs_context's fd is that fd's read (ENODATA,
	 * EMSGSIZE); lseek's ENXIO past the data (SEEK_DATA, SEEK_HOLE);
	 * fallocate's EOPNOTSUPP (a mode or a filesystem without it) and
	 * ENODEV (neither a file nor a directory).
	 */
	{ "pwrite", { EBADF, EISDIR, EINVAL, ESPIPE, ENOSPC, EFBIG, END } },
	{ "pread", { EBADF, EISDIR, EINVAL, ESPIPE, ENODATA, EMSGSIZE, END } },
	{ "seek", { EBADF, EINVAL, ENXIO, ESPIPE, END } },
	{ "ftruncate", { EBADF, EINVAL, EFBIG, EPERM, END } },
	{ "fallocate", { EBADF, EINVAL, ENOSPC, EOPNOTSUPP, EFBIG, ENODEV, ESPIPE, EISDIR, END } },
	{ "fsync", { EBADF, EINVAL, END } },
	{ "statfs", { WALK, ENOSYS, END } },
	/* pivot_root(2) (vfs/pivot_root.c): EPERM without CAP_SYS_ADMIN,
	 * EINVAL for its checks (shared, another namespace, not a mount's
	 * root or not attached, not reachable), EBUSY on the root's mount,
	 * ENOENT for an unlinked new_root (in WALK) */
	{ "pivot_root", { WALK, EPERM, EINVAL, EBUSY, END } },
	/*
	 * Directories and names (vfs/unlink.c, rename.c, link.c, readdir.c):
	 * EPERM for the sticky bit, a directory to link, a filesystem
	 * without the operation (proc, afs), whiteout without CAP_MKNOD;
	 * EBUSY for a mountpoint of the task's namespace, a root, "." or
	 * "..": ENOSPC for tmpfs's nr_inodes= (link, whiteout); ls: open's
	 * walk, getdents64's ENOENT in a removed directory.
	 */
	{ "ls", { WALK, END } },
	{ "unlink", { WALK, EISDIR, EPERM, EBUSY, EROFS, END } },
	{ "rmdir", { WALK, ENOTEMPTY, EINVAL, EBUSY, EPERM, EROFS, END } },
	{ "rename", { WALK, EXDEV, EBUSY, EINVAL, ENOTEMPTY, EISDIR, EEXIST, EPERM, EROFS,
		      ENOSPC, END } },
	{ "link", { WALK, EEXIST, EXDEV, EPERM, EROFS, ENOSPC, EMLINK, END } },
	{ "readlink", { WALK, EINVAL, END } },
	{ "access", { WALK, EROFS, END } },
	{ "touch", { WALK, EPERM, EROFS, END } },
	{ "utimens", { WALK, EPERM, EROFS, END } },
};

/* A finding: fail the harness, or (keep_going) keep it and end the program. */
static bool found(struct prog *p, int i, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool found(struct prog *p, int i, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->finding, sizeof(p->finding), fmt, ap);
	va_end(ap);
	if (!p->keep_going)
		fuzz_fail("after call %d (%s): %s", i, p->ops[i].words[0], p->finding);
	p->finding_op = i;
	return true;
}

static bool errno_allowed(const struct prog *p, const struct prog_op *op, long ret)
{
	const struct errset *s;
	size_t i;
	int j;

	if (ret >= 0)
		return true;
	/* EAGAIN: MNT_EXPIRE's first mark only (do_umount()) */
	if (ret == -EAGAIN && !strcmp(op->words[0], "umount")) {
		for (j = 1; j < op->nwords; j++)
			if (!strcmp(op->words[j], "expire"))
				return true;
		return false;
	}
	/* EPERM for mkdir and symlink: afs's dynamic root, the pseudo
	 * filesystems; EEXIST for mount: an afs cell defined twice */
	if ((ret == -EPERM && (!strcmp(op->words[0], "mkdir") ||
			       !strcmp(op->words[0], "symlink")) && !p->afs && !p->pseudo) ||
	    (ret == -EEXIST && !strcmp(op->words[0], "mount") &&
	     strcmp(op->words[1], "afs") != 0))
		return false;
	for (i = 0; i < sizeof(errsets) / sizeof(errsets[0]); i++) {
		s = &errsets[i];
		if (strcmp(s->verb, op->words[0]) != 0)
			continue;
		for (j = 0; s->errs[j]; j++)
			if (s->errs[j] == -ret ||
			    (s->errs[j] == AUTOMOUNT && p->automount &&
			     (ret == -EINVAL || ret == -ENOSPC)))
				return true;
		break;
	}
	return false;
}

/* ---- running the program through the engine --------------------------------- */

static const char *const prefix[PT_NR] = {
	[PT_INIT] = "", [PT_USER] = "as 1000 ", [PT_ROOT2] = "as 0:1 ",
};

/* move_mount or mount_setattr with a path "@NAME": an fd NAME's. */
static bool at_name(const struct prog_op *op)
{
	int i;

	if (strcmp(op->words[0], "move_mount") != 0 && strcmp(op->words[0], "mount_setattr") != 0)
		return false;
	for (i = 1; i < op->nwords; i++)
		if (op->words[i][0] == '@')
			return true;
	return false;
}

/*
 * Verbs on a NAME run as the task that owns it: the init task, here, which
 * holds the program's fds (the engine runs pipe and close verbs as the
 * fd's owner whatever `as` says, and a dfd NAME means the init task's fd).
 */
static bool named(const struct prog_op *op)
{
	const char *v = op->words[0];

	return at_name(op) || !strcmp(v, "open") || !strcmp(v, "open_tree") ||
	       !strcmp(v, "fsopen") || !strcmp(v, "fsconfig") || !strcmp(v, "fsmount") ||
	       !strcmp(v, "pipe") || !strcmp(v, "close") || !strcmp(v, "size") ||
	       !strcmp(v, "filter") || !strcmp(v, "read") || !strcmp(v, "write") ||
	       !strcmp(v, "pwrite") || !strcmp(v, "pread") || !strcmp(v, "seek") ||
	       !strcmp(v, "ftruncate") || !strcmp(v, "fallocate") || !strcmp(v, "fsync") ||
	       !strncmp(v, "watch_", 6) || !strncmp(v, "unwatch_", 8);
}

/* The engine's word on a line: whether its verb ran, and what it returned.
 * A malformed line (a NAME not open, or open already) did not run. */
static void on_result(const struct vfsim_scenario_result *r, void *arg)
{
	struct prog_op *op = arg;

	op->ran = r->ran;
	op->ret = r->result;
}

static ssize_t discard(void *cookie, const char *buf, size_t size)
{
	return (ssize_t)size;
}

/* Where the engine's output goes when nobody keeps it: nowhere, without
 * a write(2) for each line the engine flushes. */
static FILE *null_stream(void)
{
	static FILE *null;

	if (!null)
		null = fopencookie(NULL, "w", (cookie_io_functions_t){ .write = discard });
	if (!null)
		fuzz_fail("cannot open a stream");
	return null;
}

/* @op's line: its task's prefix, then its words; the length. */
static size_t line_of(const struct prog_op *op, char *line)
{
	size_t n = strlen(prefix[op->task]), w;
	int j;

	memcpy(line, prefix[op->task], n);
	for (j = 0; j < op->nwords; j++) {
		if (j)
			line[n++] = ' ';
		w = strnlen(op->words[j], PROG_WORD);
		memcpy(line + n, op->words[j], w);
		n += w;
	}
	line[n] = '\0';
	return n;
}

bool prog_echo;

/*
 * After a pwrite at an offset that wrote something, read the bytes back
 * through the engine (a line of its own, not part of the program) and
 * compare them with what was written: NULL if they agree or the fd cannot
 * be read (write-only), else what differs.  The texts have no byte the
 * engine prints escaped.
 */
/* The engine's output stream: to the trace (or nowhere), or, while a
 * readback runs, into a buffer of its own. */
struct tee {
	FILE *to;		/* NULL: discard */
	bool capture;
	char *buf;
	size_t len, cap;
};

static ssize_t tee_write(void *cookie, const char *buf, size_t size)
{
	struct tee *t = cookie;

	if (!t->capture)
		return t->to ? (ssize_t)fwrite(buf, 1, size, t->to) : (ssize_t)size;
	if (t->len + size + 1 > t->cap) {
		size_t cap = (t->len + size + 1) * 2;
		char *bigger = realloc(t->buf, cap);

		if (!bigger)
			fuzz_fail("out of memory");
		t->buf = bigger;
		t->cap = cap;
	}
	memcpy(t->buf + t->len, buf, size);
	t->len += size;
	t->buf[t->len] = '\0';
	return (ssize_t)size;
}

static const char *read_back(struct vfsim_scenario *s, FILE *out, struct tee *tee,
			     const struct prog_op *op, char *why, size_t whylen)
{
	size_t tlen = strlen(op->words[3]), n = (size_t)op->ret, i;
	char line[PROG_WORD * 2 + 32], head[PROG_WORD * 2 + 64];
	long count = strtol(op->words[4], NULL, 10);
	const char *got;

	if (n > tlen * (size_t)count) {
		snprintf(why, whylen, "pwrite says %zu bytes of %zu", n, tlen * (size_t)count);
		return why;
	}
	snprintf(line, sizeof(line), "pread %s %s %zu", op->words[1], op->words[2], n);
	fflush(out);
	tee->capture = true;
	tee->len = 0;
	vfsim_scenario_set_result(s, NULL, NULL);
	vfsim_scenario_line(s, line, "readback", 1, false);
	fflush(out);
	tee->capture = false;
	got = tee->len ? tee->buf : "";
	if (strstr(got, ": EBADF\n"))
		return NULL;	/* open write-only */
	snprintf(head, sizeof(head), "%s: %zu bytes\n  ", line, n);
	if (strncmp(got, head, strlen(head)) != 0) {
		snprintf(why, whylen, "read back: %.200s", got);
		return why;
	}
	got += strlen(head);
	for (i = 0; i < n; i++)
		if (got[i] != op->words[3][i % tlen])
			break;
	if (i < n || got[n] != '\n') {
		snprintf(why, whylen, "read back differs at byte %zu of %zu", i, n);
		return why;
	}
	return NULL;
}

void prog_exec(struct prog *p, struct vfsim *v, FILE *trace)
{
	struct vfsim_scenario_opts opts = { .name = "program", .err = null_stream(),
					    .quiet = true };
	struct tee tee = { .to = trace };
	struct vfsim_scenario *s;
	char why[256], line[PROG_MAX_WORDS * (PROG_WORD + 1) + 16];
	FILE *out = fopencookie(&tee, "w", (cookie_io_functions_t){ .write = tee_write });
	int i;

	if (!out)
		fuzz_fail("cannot open a stream");
	if (vfsim_scenario_begin(v, out, &opts, &s) < 0)
		fuzz_fail("vfsim_scenario_begin failed");
	for (i = 0; i < p->nops; i++) {
		struct prog_op *op = &p->ops[i];

		if (named(op))
			op->task = PT_INIT;
		line_of(op, line);
		if (prog_echo)	/* before the call: a crash shows which one it was */
			fprintf(stderr, "> %s\n", line + strlen(prefix[op->task]));
		op->ran = false;
		vfsim_scenario_set_result(s, on_result, op);
		vfsim_scenario_line(s, line, "program", (unsigned long)i + 1, false);
		if (!op->ran)
			continue;
		if (trace) {
			fflush(out);	/* the line's output before its result */
			fprintf(trace, " = %ld\n", op->ret);
		}
		if ((!strcmp(op->words[0], "pwrite") && op->ret > 0 &&
		     strcmp(op->words[2], "-") != 0 &&
		     read_back(s, out, &tee, op, why, sizeof(why)) && found(p, i, "%s", why)) ||
		    (!errno_allowed(p, op, op->ret) &&
		     found(p, i, "%s, an errno this call does not give",
			   vfsim_errno_name((int)-op->ret) ?: "(unknown)")) ||
		    (vfsim_check_invariants(v, why, sizeof(why)) < 0 &&
		     found(p, i, "invariant: %s", why)) ||
		    (vfsim_warn_count(v) && found(p, i, "a kernel warning"))) {
			for (i++; i < p->nops; i++)
				p->ops[i].ran = false;
			break;
		}
	}
	vfsim_scenario_end(s);
	fclose(out);
	free(tee.buf);
}
