// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The runner: one scenario on one side, written as a transcript
 * (docs/kernel-diff.md, "The transcript").  Both sides go through this same
 * loop, so their transcripts differ only where the kernels do.
 *
 * `expect` is recorded, not enforced: every line runs, and the comparison
 * (compare.c) judges the claims.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "statmount.h"
#include "side.h"
#include "verbs.h"

struct run {
	struct kd_side *side;
	const struct kd_script *sc;
	FILE *out;
	struct kd_task *tasks;	/* init first, once booted */
	struct kd_lines fd_names;	/* open NAMEs ... */
	struct kd_task **fd_owners;	/* ... and the tasks that hold them */
	struct kd_lines mnt_ids;	/* fanread's mount IDs, m1 first */
};

static struct kd_task *get_task(struct run *r, uid_t uid, gid_t gid)
{
	struct kd_task *t, **pp;

	for (pp = &r->tasks; (t = *pp); pp = &t->next)
		if (t->uid == uid && t->gid == gid)
			return t;
	t = kd_malloc(sizeof(*t));
	memset(t, 0, sizeof(*t));
	t->uid = uid;
	t->gid = gid;
	if (r->side->task_new(r->side, t) < 0) {
		free(t);
		return NULL;
	}
	*pp = t;	/* at the end: init stays first */
	return t;
}

static long fd_owner(struct run *r, const char *name, bool remove,
		     struct kd_task **owner)
{
	size_t i;

	for (i = 0; i < r->fd_names.nr; i++) {
		if (strcmp(r->fd_names.v[i], name) != 0)
			continue;
		*owner = r->fd_owners[i];
		if (remove) {
			size_t last = --r->fd_names.nr;

			free(r->fd_names.v[i]);
			r->fd_names.v[i] = r->fd_names.v[last];
			r->fd_owners[i] = r->fd_owners[last];
		}
		return 0;
	}
	return -ENOENT;
}

/*
 * @name now belongs to @t.  If another task still held it (an `open` under
 * `expect` that succeeded), that fd is closed there, as verb_open() does
 * within one task: the scenario meant the name to be free.
 */
static void fd_bind(struct run *r, const char *name, struct kd_task *t)
{
	struct kd_buf none = { NULL, 0, 0 };
	char *argv[] = { "close", (char *)name, NULL };
	struct kd_task *old;

	if (fd_owner(r, name, true, &old) == 0 && old != t)
		r->side->exec(r->side, old, 2, argv, &none);
	kd_lines_add(&r->fd_names, kd_strdup(name));
	r->fd_owners = kd_realloc(r->fd_owners,
				  r->fd_names.cap * sizeof(*r->fd_owners));
	r->fd_owners[r->fd_names.nr - 1] = t;
}

static void put_tree(struct kd_buf *b, const struct kd_buf *mountinfo)
{
	struct kd_lines lines = { NULL, 0, 0 };
	char why[256] = "";
	size_t i;

	if (kd_canon_tree(mountinfo->s ? mountinfo->s : "", &lines, why,
			  sizeof(why)) < 0) {
		/* a mountinfo line we cannot read: show it, it will differ */
		kd_buf_printf(b, "  ? unreadable mountinfo: %s\n", why);
		return;
	}
	for (i = 0; i < lines.nr; i++)
		kd_buf_printf(b, "  %s\n", lines.v[i]);
	kd_lines_free(&lines);
}

/* listmount + statmount, canonical (statmount.h): compared as a tree is. */
static void put_statmounts(struct kd_buf *b, const struct kd_buf *dump)
{
	struct kd_lines lines = { NULL, 0, 0 };
	size_t i;

	kd_canon_statmounts(dump->s ? dump->s : "", &lines);
	for (i = 0; i < lines.nr; i++)
		kd_buf_printf(b, "  %s\n", lines.v[i]);
	kd_lines_free(&lines);
}

/* m1, m2, ...: a unique mount ID by its first appearance in the run. */
static size_t mnt_name(struct run *r, const char *id)
{
	size_t i;

	for (i = 0; i < r->mnt_ids.nr; i++)
		if (!strcmp(r->mnt_ids.v[i], id))
			return i + 1;
	kd_lines_add(&r->mnt_ids, kd_strdup(id));
	return r->mnt_ids.nr;
}

/*
 * fanread's records (verbs_fanotify.c: "MASK ID FD POINT"), with the event
 * named, the ID mapped and the mount point as it is now ("-": gone).
 */
static void put_fanread(struct run *r, struct kd_buf *b, const struct kd_buf *recs)
{
	char *copy = kd_strdup(recs->s ? recs->s : ""), *line, *next;

	for (line = copy; *line; line = next) {
		unsigned long long mask, id;
		char point[4096] = "", idbuf[32];
		int fd, n;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		n = sscanf(line, "%llx %llu %d %4095[^\n]", &mask, &id, &fd, point);
		if (n < 3) {
			kd_buf_printf(b, "  ? unreadable record: %s\n", line);
			continue;
		}
		kd_buf_puts(b, "  ");
		if (mask == 0x4000) {	/* FAN_Q_OVERFLOW */
			kd_buf_puts(b, "overflow");
		} else {
			if (mask & 0x01000000)
				kd_buf_puts(b, mask & 0x02000000 ? "attach,detach" : "attach");
			else if (mask & 0x02000000)
				kd_buf_puts(b, "detach");
			if (mask & ~0x03000000ULL)
				kd_buf_printf(b, " mask=%#llx", mask);
			snprintf(idbuf, sizeof(idbuf), "%llu", id);
			kd_buf_printf(b, " m%zu %s", mnt_name(r, idbuf),
				      point[0] ? point : "-");
		}
		if (fd != -1)
			kd_buf_printf(b, " fd=%d", fd);
		kd_buf_puts(b, "\n");
	}
	free(copy);
}

/* A verb line run by a task.  The result, or KD_SIDE_LOST. */
static long run_task_verb(struct run *r, const struct kd_op *op,
			  struct kd_buf *data)
{
	char **argv = kd_op_argv(op);
	const char *verb = argv[0];
	struct kd_task *t = get_task(r, op->uid, op->gid);
	long ret;

	if (!t)
		return KD_SIDE_LOST;
	/* an fd belongs to the task that opened it, whatever `as` says */
	if (strcmp(verb, "close") == 0 &&
	    fd_owner(r, argv[1], true, &t) < 0)
		return -EBADF;
	ret = r->side->exec(r->side, t, kd_op_argc(op), argv, data);
	if (kd_verb_makes_fd(verb) && ret >= 0)
		fd_bind(r, argv[1], t);
	return ret;
}

/* The result of one line, or KD_SIDE_LOST. */
static long run_verb(struct run *r, const struct kd_op *op,
		     struct kd_buf *data, char *why, size_t len)
{
	const char *verb = kd_op_verb(op);

	if (strcmp(verb, "echo") == 0)
		return 0;
	if (strcmp(verb, "boot") == 0)
		return r->side->boot(r->side) < 0 || !get_task(r, 0, 0) ?
		       KD_SIDE_LOST : 0;
	if (strcmp(verb, "check") == 0)
		return r->side->check(r->side, why, len);
	return run_task_verb(r, op, data);
}

/*
 * One line, written out whole once it is done, so that a side that dies
 * leaves a transcript of complete entries.  False when the side cannot go
 * on.
 */
static bool run_op(struct run *r, const struct kd_op *op)
{
	struct kd_buf data = { NULL, 0, 0 }, line = { NULL, 0, 0 };
	const char *verb = kd_op_verb(op);
	char why[512] = "", nbuf[32];
	long ret = run_verb(r, op, &data, why, sizeof(why));
	bool ok = ret != KD_SIDE_LOST && ret != KD_SYNTAX;
	int i;

	kd_buf_printf(&line, "L%lu %s:", op->lineno, op->words);
	if (!ok) {
		kd_buf_puts(&line, " LOST\n");
	} else if (strcmp(verb, "echo") == 0) {
		for (i = 1; i < kd_op_argc(op); i++)
			kd_buf_printf(&line, " %s", kd_op_argv(op)[i]);
		kd_buf_puts(&line, "\n");
	} else if (strcmp(verb, "tree") == 0 && ret >= 0) {
		kd_buf_puts(&line, "\n");
		put_tree(&line, &data);
	} else if (strcmp(verb, "listmount") == 0 && ret >= 0) {
		kd_buf_puts(&line, "\n");
		put_statmounts(&line, &data);
	} else if (strcmp(verb, "fanread") == 0 && ret >= 0) {
		kd_buf_printf(&line, "\n  %ld bytes\n", ret);
		put_fanread(r, &line, &data);
	} else {
		kd_buf_printf(&line, " %s\n",
			      kd_result_name(ret, nbuf, sizeof(nbuf)));
	}
	if (why[0])	/* why an invariant broke: for people, not compared */
		kd_buf_printf(&line, "# L%lu: %s\n", op->lineno, why);
	fputs(line.s, r->out);
	fflush(r->out);
	kd_buf_free(&line);
	kd_buf_free(&data);
	return ok;
}

/*
 * `final tree:`: init's tree after the last line, as if every scenario
 * ended with `tree`, so that no scenario's end state goes uncompared.
 */
static void run_final_tree(struct run *r)
{
	struct kd_buf data = { NULL, 0, 0 }, line = { NULL, 0, 0 };
	char *argv[] = { "tree", NULL }, nbuf[32];
	long ret;

	if (!r->tasks)
		return;
	ret = r->side->exec(r->side, r->tasks, 1, argv, &data);
	if (ret == KD_SIDE_LOST)
		return;
	if (ret >= 0) {
		kd_buf_puts(&line, "final tree:\n");
		put_tree(&line, &data);
	} else {
		kd_buf_printf(&line, "final tree: %s\n",
			      kd_result_name(ret, nbuf, sizeof(nbuf)));
	}
	fputs(line.s, r->out);
	kd_buf_free(&line);
	kd_buf_free(&data);
}

int kd_run_side(struct kd_side *side, const struct kd_script *sc, FILE *out)
{
	struct run r = { .side = side, .sc = sc, .out = out };
	int status = KD_EXIT_OK;
	size_t i;

	fprintf(out, "# vfsim-kdiff transcript\n# side: %s\n", side->name);
	side->headers(side, out);
	fprintf(out, "# scenario: %s\n", sc->name);
	fflush(out);
	for (i = 0; i < sc->nr; i++) {
		if (!run_op(&r, &sc->ops[i])) {
			status = KD_EXIT_FAIL;
			break;
		}
	}
	if (status == KD_EXIT_OK) {
		run_final_tree(&r);
		side->trailer(side, out);
	}
	fflush(out);
	side->end(side, r.tasks);
	while (r.tasks) {
		struct kd_task *t = r.tasks;

		r.tasks = t->next;
		free(t);
	}
	kd_lines_free(&r.fd_names);
	kd_lines_free(&r.mnt_ids);
	free(r.fd_owners);
	return status;
}
