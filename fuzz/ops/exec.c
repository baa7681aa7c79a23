// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Running a program (prog.h) with the public API, as the scenario engine
 * would run the same lines (docs/scenario.md): the same system call per
 * verb, the same flags, reads and writes with a signal pending so that a
 * sleep is ERESTARTSYS.  Where a line would be malformed for the engine
 * (a NAME not open, or open already), the call is skipped and not printed.
 *
 * The new mount API's calls (move_mount, open_tree, mount_setattr) read
 * their flag words with the engine's own vfsim_scenario_mount_api_words(),
 * and a call on an fd NAME (`open_tree NAME`, `@NAME`) runs as the init
 * task, which holds the program's fds.
 *
 * After each call: its result is success or an errno of the call's set
 * (an errno outside it is a finding: a path the documentation does not
 * know, or a bug), the invariants hold, and no kernel warning fired.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/vfsim.h>

#include "../driver.h"
#include "prog.h"

#ifndef ERESTARTSYS
#define ERESTARTSYS 512
#endif

/* ---- the errnos each call may give ------------------------------------------ */

/*
 * Any walk: what path resolution itself can say, and what the automount a
 * walk may trigger can: EINVAL for an automount point whose parent mount
 * left the namespace (do_add_mount()'s check_mnt(): umount -l of the tree
 * the task stands in), ENOSPC when its mount would pass fs.mount-max.
 */
#define WALK ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG, EACCES, EINVAL, ENOSPC
#define END 0

struct errset {
	const char *verb;
	int errs[20];
};

static const struct errset errsets[] = {
	{ "mkdir", { WALK, EEXIST, EROFS, EPERM, END } },
	{ "symlink", { WALK, EEXIST, EROFS, EPERM, END } },
	{ "chmod", { WALK, EPERM, EROFS, END } },
	{ "chown", { WALK, EPERM, EROFS, EINVAL, END } },
	{ "cd", { WALK, END } },
	{ "chroot", { WALK, EPERM, END } },
	{ "open", { WALK, EEXIST, EISDIR, EROFS, EPERM, EINVAL, END } },
	{ "close", { EBADF, END } },
	/* ENOSPC: more mounts than the namespace may have (count_mounts()) */
	{ "mount", { WALK, EPERM, EINVAL, EBUSY, ENODEV, ENOTBLK, ENXIO, EEXIST,
		     EROFS, ENOSPC, END } },
	{ "bind", { WALK, EPERM, EINVAL, EBUSY, ENOSPC, END } },
	{ "move", { WALK, EPERM, EINVAL, EBUSY, END } },
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
	 * ENOSPC past fs.mount-max when a tree is attached.
	 */
	{ "move_mount", { WALK, EPERM, EINVAL, EBADF, EBUSY, EXDEV, END } },
	{ "open_tree", { WALK, EPERM, EINVAL, EBADF, EMFILE, END } },
	{ "mount_setattr", { WALK, EPERM, EINVAL, EBADF, EBUSY, END } },
	/* fsconfig: EBUSY for a context past its state, EOPNOTSUPP for a
	 * command the filesystem does not take */
	{ "fsopen", { EPERM, ENODEV, EINVAL, EMFILE, END } },
	{ "fsconfig", { EPERM, EINVAL, EBADF, EBUSY, EOPNOTSUPP, EROFS, ENOSPC,
			END } },
	{ "fsmount", { EPERM, EINVAL, EBADF, EBUSY, EMFILE, END } },
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

static bool errno_allowed(const struct prog_op *op, long ret)
{
	const struct errset *s;
	size_t i;
	int j;

	if (ret >= 0)
		return true;
	for (i = 0; i < sizeof(errsets) / sizeof(errsets[0]); i++) {
		s = &errsets[i];
		if (strcmp(s->verb, op->words[0]) != 0)
			continue;
		for (j = 0; s->errs[j]; j++)
			if (s->errs[j] == -ret)
				return true;
		break;
	}
	return false;
}

/* ---- the program's state: tasks and named fds -------------------------------- */

#define NR_NAMES 8
static const char *const fd_names[NR_NAMES] = {
	"f0", "f1", "f2", "f3", "p0", "p0.w", "p1", "p1.w",
};

struct run {
	struct vfsim *v;
	struct vfsim_task *task[PT_NR];
	int fd[NR_NAMES];		/* -1: not open */
	FILE *trace;
};

static int name_index(const char *name)
{
	int i;

	for (i = 0; i < NR_NAMES; i++)
		if (strcmp(fd_names[i], name) == 0)
			return i;
	return -1;
}

/* The fd kept as @name, or -1 (then the line would be malformed). */
static int fd_of(struct run *r, const char *name)
{
	int i = name_index(name);

	return i < 0 ? -1 : r->fd[i];
}

static struct vfsim_task *task_of(struct run *r, enum prog_task which)
{
	static const struct { uid_t uid; gid_t gid; } ids[PT_NR] = {
		[PT_USER] = { 1000, 1000 }, [PT_ROOT2] = { 0, 1 },
	};

	if (!r->task[which] &&
	    vfsim_task_create(r->v, ids[which].uid, ids[which].gid, &r->task[which]) < 0)
		fuzz_fail("cannot create the task for uid %u", (unsigned int)ids[which].uid);
	return r->task[which];
}

/* The engine reads "" as the empty word. */
static const char *unquote(const char *w)
{
	return strcmp(w, "\"\"") == 0 ? "" : w;
}

/* ---- the verbs ----------------------------------------------------------------- */

/*
 * The mount verbs (mount, bind, move, umount, remount, setattr,
 * propagation) make the calls vfsim_scenario_mount_calls() lists for their
 * words, as the engine does: the line cannot mean other calls here.
 */
static long do_mount_verb(struct vfsim_task *t, const struct prog_op *op)
{
	struct vfsim_scenario_mount_calls mc;
	char *argv[PROG_MAX_WORDS];
	char why[256];
	long ret = 0;
	int i;

	for (i = 1; i < op->nwords; i++)
		argv[i - 1] = (char *)op->words[i];
	if (vfsim_scenario_mount_calls(op->words[0], op->nwords - 1, argv, &mc,
				       why, sizeof(why)) < 0)
		fuzz_fail("%s: %s", op->words[0], why);
	for (i = 0; i < mc.nr && ret >= 0; i++) {
		const struct vfsim_scenario_mount_call *c = &mc.call[i];

		if (c->umount)
			ret = vfsim_umount2(t, c->target, (int)c->flags);
		else
			ret = vfsim_mount(t, c->source, c->target, c->fstype, c->flags, c->data);
	}
	vfsim_scenario_mount_calls_free(&mc);
	return ret;
}

static long do_fsinfo(struct vfsim_task *t, const struct prog_op *op)
{
	struct fsinfo_params params = { .at_flags = AT_SYMLINK_NOFOLLOW };
	int i = 2;

	if (strcmp(op->words[i], "-l") == 0) {
		params.at_flags = 0;
		i++;
	}
	params.request = (unsigned int)strtoul(op->words[i + 1], NULL, 0);
	params.Nth = (unsigned int)strtoul(op->words[i + 2], NULL, 0);
	return vfsim_fsinfo(t, AT_FDCWD, op->words[i], &params, NULL, 0);
}

static long do_watch(struct run *r, const struct prog_op *op, bool sb, bool add)
{
	int fd = fd_of(r, op->words[1]);
	unsigned int at_flags = 0;
	int id = -1;

	if (add) {
		id = atoi(op->words[3]);
		if (op->nwords > 4)
			at_flags = AT_NO_AUTOMOUNT;
	}
	if (sb)
		return vfsim_watch_sb(r->task[PT_INIT], AT_FDCWD, op->words[2], at_flags, fd, id);
	return vfsim_watch_mount(r->task[PT_INIT], AT_FDCWD, op->words[2], at_flags, fd, id);
}

static long do_read(struct run *r, const struct prog_op *op)
{
	struct vfsim_task *t = r->task[PT_INIT];
	size_t size = strtoul(op->words[2], NULL, 10);
	unsigned char *buf = malloc(size ? size : 1);
	long ret, i;

	if (!buf)
		fuzz_fail("out of memory");
	vfsim_task_set_signal_pending(t, true);
	ret = vfsim_read(t, fd_of(r, op->words[1]), buf, size);
	vfsim_task_set_signal_pending(t, false);
	if (r->trace)
		for (i = 0; i < ret; i++)
			fprintf(r->trace, "%02x", buf[i]);
	free(buf);
	return ret;
}

static long do_write(struct run *r, const struct prog_op *op)
{
	struct vfsim_task *t = r->task[PT_INIT];
	const char *text = unquote(op->words[2]);
	long ret;

	vfsim_task_set_signal_pending(t, true);
	ret = vfsim_write(t, fd_of(r, op->words[1]), text, strlen(text));
	vfsim_task_set_signal_pending(t, false);
	return ret;
}

static long do_filter(struct run *r, const struct prog_op *op)
{
	struct vfsim_task *t = r->task[PT_INIT];
	int fd = fd_of(r, op->words[1]);
	unsigned char buf[8 + 44 * 16];
	char why[128];
	long len;

	if (strcmp(op->words[2], "none") == 0)
		return vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_FILTER, 0);
	len = vfsim_filter_parse(unquote(op->words[2]), buf, sizeof(buf), why, sizeof(why));
	if (len < 0)
		fuzz_fail("filter '%s': %s", op->words[2], why);
	return vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_FILTER, (unsigned long)buf);
}

static long do_pipe(struct run *r, const struct prog_op *op)
{
	int base = name_index(op->words[1]), flags = O_NOTIFICATION_PIPE, fds[2], i;
	long ret;

	for (i = 2; i < op->nwords; i++) {
		if (strcmp(op->words[i], "nonblock") == 0)
			flags |= O_NONBLOCK;
		else if (strcmp(op->words[i], "plain") == 0)
			flags &= ~O_NOTIFICATION_PIPE;
	}
	ret = vfsim_pipe2(r->task[PT_INIT], fds, flags);
	if (ret == 0) {
		r->fd[base] = fds[0];
		r->fd[base + 1] = fds[1];
	}
	return ret;
}

static long do_open(struct run *r, struct vfsim_task *t, const struct prog_op *op)
{
	char *argv[PROG_MAX_WORDS];
	char why[128];
	int flags, i;
	long ret;

	for (i = 3; i < op->nwords; i++)
		argv[i - 3] = (char *)op->words[i];
	if (vfsim_scenario_open_flags(op->nwords - 3, argv, &flags, why, sizeof(why)) < 0)
		fuzz_fail("open: %s", why);
	ret = vfsim_openat(t, AT_FDCWD, op->words[2], flags, 0644);
	if (ret >= 0)
		r->fd[name_index(op->words[1])] = (int)ret;
	return ret;
}

/* The @NAME word of a new mount API call, or NULL: the call takes its fd. */
static const char *at_name(const struct prog_op *op)
{
	int i;

	if (strcmp(op->words[0], "move_mount") != 0 && strcmp(op->words[0], "mount_setattr") != 0)
		return NULL;
	for (i = 1; i < op->nwords; i++)
		if (op->words[i][0] == '@')
			return op->words[i] + 1;
	return NULL;
}

/* PATH or @NAME, as the engine's verbs of the new mount API read them. */
static void at_path(struct run *r, const char *word, int *dfd, const char **path)
{
	if (word[0] != '@') {
		*dfd = AT_FDCWD;
		*path = word;
		return;
	}
	*dfd = fd_of(r, word + 1);
	*path = "";
}

/* The flags of the words @from.. of @op, read from the engine's list @what. */
static unsigned long api_words(const struct prog_op *op, const char *what, int from)
{
	unsigned long flags = 0;
	char why[256];
	int i;

	for (i = from; i < op->nwords; i++)
		if (vfsim_scenario_mount_api_words(what, op->words[i], &flags, why,
						   sizeof(why)) < 0)
			fuzz_fail("%s: %s", op->words[0], why);
	return flags;
}

static long do_open_tree(struct run *r, const struct prog_op *op)
{
	unsigned long flags = api_words(op, "open_tree", 3);
	long ret = vfsim_open_tree(r->task[PT_INIT], AT_FDCWD, op->words[2],
				   (unsigned int)flags);

	if (ret >= 0)
		r->fd[name_index(op->words[1])] = (int)ret;
	return ret;
}

static long do_move_mount(struct run *r, struct vfsim_task *t, const struct prog_op *op)
{
	unsigned long flags = api_words(op, "move_mount", 3);
	const char *from, *to;
	int fdfd, tdfd;

	at_path(r, op->words[1], &fdfd, &from);
	at_path(r, op->words[2], &tdfd, &to);
	return vfsim_move_mount(t, fdfd, from, tdfd, to, (unsigned int)flags);
}

static long do_mount_setattr(struct run *r, struct vfsim_task *t, const struct prog_op *op)
{
	unsigned long set = 0, clr = 0, prop = 0, flags = 0;
	struct mount_attr attr;
	const char *path;
	char why[256];
	int i, dfd;

	for (i = 2; i < op->nwords; i++) {
		const char *w = op->words[i];
		int ret;

		if (!strncmp(w, "set=", 4))
			ret = vfsim_scenario_mount_api_words("attr", w + 4, &set, why, sizeof(why));
		else if (!strncmp(w, "clr=", 4))
			ret = vfsim_scenario_mount_api_words("attr", w + 4, &clr, why, sizeof(why));
		else if (!strncmp(w, "propagation=", 12))
			ret = vfsim_scenario_mount_api_words("propagation", w + 12, &prop, why,
							     sizeof(why));
		else
			ret = vfsim_scenario_mount_api_words("mount_setattr", w, &flags, why,
							     sizeof(why));
		if (ret < 0)
			fuzz_fail("mount_setattr: %s", why);
	}
	at_path(r, op->words[1], &dfd, &path);
	attr = (struct mount_attr) { .attr_set = set, .attr_clr = clr, .propagation = prop };
	return vfsim_mount_setattr(t, dfd, path, (unsigned int)flags, &attr, sizeof(attr));
}

static long do_fsopen(struct run *r, const struct prog_op *op)
{
	long ret = vfsim_fsopen(r->task[PT_INIT], op->words[2], 0);

	if (ret >= 0)
		r->fd[name_index(op->words[1])] = (int)ret;
	return ret;
}

/* fsconfig NAME COMMAND [KEY [VALUE]]: the commands decode.c makes take no fd */
static long do_fsconfig(struct run *r, const struct prog_op *op)
{
	const char *key = op->nwords > 3 ? op->words[3] : NULL;
	const char *value = op->nwords > 4 ? op->words[4] : NULL;
	unsigned long cmd = 0;
	char why[256];

	if (vfsim_scenario_mount_api_words("fsconfig", op->words[2], &cmd, why,
					   sizeof(why)) < 0)
		fuzz_fail("fsconfig: %s", why);
	return vfsim_fsconfig(r->task[PT_INIT], fd_of(r, op->words[1]), (unsigned int)cmd,
			      key, value, 0);
}

static long do_fsmount(struct run *r, const struct prog_op *op)
{
	unsigned long words = api_words(op, "fsmount", 3);
	long ret = vfsim_fsmount(r->task[PT_INIT], fd_of(r, op->words[2]),
				 (unsigned int)(words >> 32), (unsigned int)words);

	if (ret >= 0)
		r->fd[name_index(op->words[1])] = (int)ret;
	return ret;
}

static long do_close(struct run *r, const struct prog_op *op)
{
	int i = name_index(op->words[1]);
	long ret = vfsim_close(r->task[PT_INIT], r->fd[i]);

	r->fd[i] = -1;		/* forgotten even if close fails, as the engine does */
	return ret;
}

/* Whether the engine would take the line: its NAMEs open (or free). */
static bool runnable(struct run *r, const struct prog_op *op)
{
	const char *v = op->words[0];
	int i;

	if (!strcmp(v, "open") || !strcmp(v, "open_tree") || !strcmp(v, "fsopen"))
		return fd_of(r, op->words[1]) < 0;
	if (!strcmp(v, "fsmount"))
		return fd_of(r, op->words[1]) < 0 && fd_of(r, op->words[2]) >= 0;
	if (!strcmp(v, "fsconfig"))
		return fd_of(r, op->words[1]) >= 0;
	if (at_name(op))
		return fd_of(r, at_name(op)) >= 0;
	if (strcmp(v, "pipe") == 0) {
		i = name_index(op->words[1]);
		return r->fd[i] < 0 && r->fd[i + 1] < 0;
	}
	if (!strcmp(v, "close") || !strcmp(v, "size") || !strcmp(v, "filter") ||
	    !strcmp(v, "read") || !strcmp(v, "write") || !strncmp(v, "watch_", 6) ||
	    !strncmp(v, "unwatch_", 8))
		return fd_of(r, op->words[1]) >= 0;
	return true;
}

/* Verbs on a NAME run as the task that owns it: the init task, here. */
static bool named(const struct prog_op *op)
{
	const char *v = op->words[0];

	return at_name(op) || !strcmp(v, "open") || !strcmp(v, "open_tree") ||
	       !strcmp(v, "fsopen") || !strcmp(v, "fsconfig") || !strcmp(v, "fsmount") ||
	       !strcmp(v, "pipe") || !strcmp(v, "close") || !strcmp(v, "size") ||
	       !strcmp(v, "filter") || !strcmp(v, "read") || !strcmp(v, "write") ||
	       !strncmp(v, "watch_", 6) || !strncmp(v, "unwatch_", 8);
}

static long run_op(struct run *r, struct prog_op *op)
{
	const char *v = op->words[0];
	struct vfsim_task *t;
	int fd;

	if (named(op))
		op->task = PT_INIT;
	t = task_of(r, op->task);

	if (!strcmp(v, "mkdir"))
		return vfsim_mkdirat(t, AT_FDCWD, op->words[1], 0755);
	if (!strcmp(v, "symlink"))
		return vfsim_symlinkat(t, op->words[1], AT_FDCWD, op->words[2]);
	if (!strcmp(v, "chmod"))
		return vfsim_chmod(t, op->words[1], (mode_t)strtoul(op->words[2], NULL, 8));
	if (!strcmp(v, "chown")) {
		char *colon;
		uid_t uid = (uid_t)strtoul(op->words[2], &colon, 10);
		gid_t gid = *colon == ':' ? (gid_t)strtoul(colon + 1, NULL, 10) : (gid_t)-1;

		return vfsim_chown(t, op->words[1], uid, gid);
	}
	if (!strcmp(v, "cd"))
		return vfsim_chdir(t, op->words[1]);
	if (!strcmp(v, "chroot"))
		return vfsim_chroot(t, op->words[1]);
	if (!strcmp(v, "open"))
		return do_open(r, t, op);
	if (!strcmp(v, "close"))
		return do_close(r, op);
	if (!strcmp(v, "mount") || !strcmp(v, "bind") || !strcmp(v, "move") ||
	    !strcmp(v, "umount") || !strcmp(v, "remount") || !strcmp(v, "setattr") ||
	    !strcmp(v, "propagation"))
		return do_mount_verb(t, op);
	if (!strcmp(v, "automount"))
		return vfsim_mkautomount(t, op->words[1], op->words[2], op->words[3], NULL);
	if (!strcmp(v, "expire")) {
		long ret = op->nwords > 1 ? vfsim_mnt_set_expiry(t, op->words[1]) : 0;

		return ret < 0 ? ret : vfsim_expire_mounts(r->v);
	}
	if (!strcmp(v, "pipe"))
		return do_pipe(r, op);
	if (!strcmp(v, "size")) {
		fd = fd_of(r, op->words[1]);
		return vfsim_ioctl(t, fd, IOC_WATCH_QUEUE_SET_SIZE,
				   strtoul(op->words[2], NULL, 10));
	}
	if (!strcmp(v, "filter"))
		return do_filter(r, op);
	if (!strcmp(v, "read"))
		return do_read(r, op);
	if (!strcmp(v, "write"))
		return do_write(r, op);
	if (!strcmp(v, "watch_mount") || !strcmp(v, "watch_sb"))
		return do_watch(r, op, v[6] == 's', true);
	if (!strcmp(v, "unwatch_mount") || !strcmp(v, "unwatch_sb"))
		return do_watch(r, op, v[8] == 's', false);
	if (!strcmp(v, "sb_error"))
		return vfsim_sb_error(t, op->words[1], vfsim_errno_from_name(op->words[2]));
	if (!strcmp(v, "sb_edquot"))
		return vfsim_sb_edquot(t, op->words[1]);
	if (!strcmp(v, "sb_network")) {
		static const char *const w[] = { "up", "down", "flag0", "flag7" };
		static const unsigned int f[] = { 0, WATCH_INFO_FLAG_0, WATCH_INFO_FLAG_0,
						  WATCH_INFO_FLAG_7 };
		unsigned int status = (unsigned int)strtoul(op->words[2], NULL, 10);
		size_t i;

		for (i = 0; i < 4; i++)
			if (!strcmp(w[i], op->words[2]))
				status = f[i];
		return vfsim_sb_network(t, op->words[1], status);
	}
	if (!strcmp(v, "fsinfo"))
		return do_fsinfo(t, op);
	if (!strcmp(v, "open_tree"))
		return do_open_tree(r, op);
	if (!strcmp(v, "move_mount"))
		return do_move_mount(r, t, op);
	if (!strcmp(v, "mount_setattr"))
		return do_mount_setattr(r, t, op);
	if (!strcmp(v, "fsopen"))
		return do_fsopen(r, op);
	if (!strcmp(v, "fsconfig"))
		return do_fsconfig(r, op);
	if (!strcmp(v, "fsmount"))
		return do_fsmount(r, op);
	fuzz_fail("no such verb '%s'", v);
}

bool prog_echo;

void prog_exec(struct prog *p, struct vfsim *v, FILE *trace)
{
	struct run r = { .v = v, .trace = trace };
	char why[256];
	int i;

	for (i = 0; i < NR_NAMES; i++)
		r.fd[i] = -1;
	r.task[PT_INIT] = vfsim_init_task(v);
	for (i = 0; i < p->nops; i++) {
		struct prog_op *op = &p->ops[i];

		op->ran = runnable(&r, op);
		if (!op->ran)
			continue;
		if (prog_echo) {
			int j;

			/* before the call: a crash shows which one it was */
			fputs(">", stderr);
			for (j = 0; j < op->nwords; j++)
				fprintf(stderr, " %s", op->words[j]);
			fputc('\n', stderr);
		}
		op->ret = run_op(&r, op);
		if (trace)
			fprintf(trace, " = %ld\n", op->ret);
		if ((!errno_allowed(op, op->ret) &&
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
	for (i = 0; i < NR_NAMES; i++)
		if (r.fd[i] >= 0)
			vfsim_close(r.task[PT_INIT], r.fd[i]);
	for (i = PT_USER; i < PT_NR; i++)
		if (r.task[i])
			vfsim_task_destroy(r.task[i]);
}
