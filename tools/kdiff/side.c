// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * One side of the comparison, on the scenario engine: the scenario's
 * lines run one at a time (vfsim_scenario_line()) on the model backend
 * or the kernel backend, and each becomes a transcript entry from what
 * the engine says the line did (vfsim_scenario_set_result()) and what it
 * printed.  Every verb the engine can run on both backends is comparable
 * here with nothing added: kdiff knows no verb.
 *
 * `expect` is recorded, not enforced: a line that fails does not end the
 * run (the line-at-a-time call goes on), and the comparison (compare.c)
 * judges the claims.  After the last line, `tree` runs once more as init
 * and as every task `as` made, for the final trees.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "canon.h"
#include "side.h"

struct run {
	enum kd_which which;
	const struct kd_script *sc;
	FILE *out;			/* the transcript */
	struct vfsim *v;		/* the model's instance */
	unsigned long warnings;		/* vfsim_warn_count() at the start */
	struct vfsim_scenario *s;
	FILE *eo, *ee;			/* the engine's output and reports */
	char *obuf, *ebuf;
	size_t olen, elen, opos, epos;
	struct kd_printed ids;
	/* the line's, from the result callback */
	bool got, ran;
	int status;
	long result;
	char *mountinfo;
};

static void on_result(const struct vfsim_scenario_result *r, void *arg)
{
	struct run *run = arg;

	run->got = true;
	run->ran = r->ran;
	run->status = r->status;
	run->result = r->result;
	free(run->mountinfo);
	run->mountinfo = r->mountinfo ? kd_strdup(r->mountinfo) : NULL;
}

/* What the engine wrote on @f (its buffer @buf) since *@pos. */
static char *since(FILE *f, char **buf, size_t *len, size_t *pos)
{
	char *s;

	fflush(f);
	s = kd_strndup(*buf + *pos, *len - *pos);
	*pos = *len;
	return s;
}

/* Run @line as line @lineno (0: none of the file's): the engine's view of
 * it in run->got and after, its printed output and reports returned. */
static void run_line(struct run *r, const char *line, unsigned long lineno,
		     char **printed, char **reports)
{
	r->got = r->ran = false;
	r->result = 0;
	r->status = 0;
	free(r->mountinfo);
	r->mountinfo = NULL;
	since(r->eo, &r->obuf, &r->olen, &r->opos);
	since(r->ee, &r->ebuf, &r->elen, &r->epos);
	vfsim_scenario_line(r->s, line, r->sc->name, lineno, false);
	*printed = since(r->eo, &r->obuf, &r->olen, &r->opos);
	*reports = since(r->ee, &r->ebuf, &r->elen, &r->epos);
}

static void put_lines(struct kd_buf *b, const struct kd_lines *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		kd_buf_printf(b, "  %s\n", l->v[i]);
}

static void put_tree(struct kd_buf *b, const char *mountinfo)
{
	struct kd_lines lines = { NULL, 0, 0 };
	char why[256] = "";

	if (kd_canon_tree(mountinfo, &lines, why, sizeof(why)) < 0) {
		/* a mountinfo line we cannot read: show it, it will differ */
		kd_buf_printf(b, "  ? unreadable mountinfo: %s\n", why);
		return;
	}
	put_lines(b, &lines);
	kd_lines_free(&lines);
}

/* Reports as `# ` lines: for people, never compared. */
static void put_reports(struct kd_buf *b, unsigned long lineno,
			const char *reports)
{
	const char *p = reports, *nl;

	for (; *p; p = nl ? nl + 1 : p + strlen(p)) {
		nl = strchr(p, '\n');
		kd_buf_printf(b, "# L%lu: %.*s\n", lineno,
			      (int)(nl ? nl - p : (long)strlen(p)), p);
	}
}

/*
 * The entry of a line: `L<n> WORDS: RESULT` and what it printed, or for
 * a `tree` that worked `L<n> WORDS:` and the canonical tree.  A line the
 * engine did not run (malformed when it came: a name not open, say) is
 * NOT RUN, its reason after it.
 */
static void entry(struct run *r, const char *head, unsigned long lineno,
		  const char *printed, const char *reports, bool check)
{
	struct kd_buf b = { NULL, 0, 0 };
	char nbuf[32];

	kd_buf_printf(&b, "%s:", head);
	if (!r->got || !r->ran) {
		kd_buf_puts(&b, " " KD_NOT_RUN "\n");
		put_reports(&b, lineno, reports);
	} else if (r->mountinfo && r->result >= 0) {
		kd_buf_puts(&b, "\n");
		put_tree(&b, r->mountinfo);
	} else {
		struct kd_lines lines = { NULL, 0, 0 };

		kd_buf_printf(&b, " %s\n", kd_result_name(r->result, nbuf, sizeof(nbuf)));
		kd_printed_canon(&r->ids, printed, &lines);
		put_lines(&b, &lines);
		kd_lines_free(&lines);
		if (check)	/* why an invariant broke */
			put_reports(&b, lineno, reports);
	}
	fputs(b.s, r->out);
	fflush(r->out);
	kd_buf_free(&b);
}

/*
 * The model's start after `boot empty`: the scenario's root is a tmpfs
 * "kdiff-root" on /tmp, chrooted into, the shape the kernel backend's
 * sandbox gives (scenario/kernel_task.c).  0, or -1 (reported).
 */
static int model_root(struct run *r)
{
	struct vfsim_task *init = vfsim_init_task(r->v);
	long err;

	err = vfsim_mkdirat(init, AT_FDCWD, "/tmp", 0755);
	if (err == 0 || err == -EEXIST)
		err = vfsim_mount(init, "kdiff-root", "/tmp", "tmpfs", 0, "mode=755");
	if (err == 0)
		err = vfsim_chdir(init, "/tmp");
	if (err == 0)
		err = vfsim_chroot(init, ".");
	if (err == 0)
		err = vfsim_chdir(init, "/");
	if (err < 0) {
		char buf[32];

		kd_msg("model side: the scenario's root: %s",
		       kd_result_name(err, buf, sizeof(buf)));
		return -1;
	}
	return 0;
}

/* One line; false when the side cannot go on. */
static bool run_op(struct run *r, const struct kd_op *op)
{
	char *printed, *reports, *head;
	bool ok = true;

	run_line(r, op->words, op->lineno, &printed, &reports);
	if (strcmp(kd_op_verb(op), "boot") == 0) {
		if (!r->got || !r->ran || r->result < 0) {
			kd_msg("%s side: boot: %s", r->which == KD_KERNEL ?
			       "kernel" : "model", reports);
			ok = false;
		} else if (r->which == KD_MODEL && model_root(r) < 0) {
			ok = false;
		}
	}
	head = kd_asprintf("L%lu %s", op->lineno, op->words);
	if (ok)
		entry(r, head, op->lineno, printed, reports,
		      strcmp(kd_op_verb(op), "check") == 0);
	else
		fprintf(r->out, "%s: LOST\n", head);
	fflush(r->out);
	free(head);
	free(printed);
	free(reports);
	return ok;
}

/* One final tree: init's (@task NULL), or that of the task the prefixes
 * @task name ("as 1000:1000", "on NAME"). */
static void final_tree(struct run *r, const char *task)
{
	char *line, *head, *printed, *reports;

	if (task) {
		line = kd_asprintf("%s tree", task);
		head = kd_asprintf("final tree (%s)", task);
	} else {
		line = kd_strdup("tree");
		head = kd_strdup("final tree");
	}
	run_line(r, line, 0, &printed, &reports);
	entry(r, head, 0, printed, reports, false);
	free(line);
	free(head);
	free(printed);
	free(reports);
}

/*
 * `final tree:`: init's tree after the last line, as if every scenario
 * ended with `tree`, so that no scenario's end state goes uncompared;
 * then each task's that a prefix named (its root, or its namespace, may
 * differ), in the order of their first lines.
 */
static void final_trees(struct run *r)
{
	size_t i, j;

	final_tree(r, NULL);
	for (i = 0; i < r->sc->nr; i++) {
		const char *task = r->sc->ops[i].task;

		if (!task)
			continue;
		for (j = 0; j < i; j++)
			if (r->sc->ops[j].task && !strcmp(r->sc->ops[j].task, task))
				break;
		if (j == i)
			final_tree(r, task);
	}
}

static void headers(struct run *r)
{
	struct utsname u;

	fprintf(r->out, "# vfsim-kdiff transcript\n# side: %s\n",
		r->which == KD_KERNEL ? "kernel" : "model");
	if (r->which == KD_KERNEL)
		fprintf(r->out, "# kernel: %s\n",
			uname(&u) == 0 ? u.release : "unknown");
	else
		fprintf(r->out, "# model: vfsim %s (Linux 5.8)\n", vfsim_version());
	fprintf(r->out, "# scenario: %s\n", r->sc->name);
	fflush(r->out);
}

/* The engine on the side's backend; 0, or -1 (reported). */
static int begin(struct run *r)
{
	struct vfsim_scenario_opts opts = { .name = r->sc->name, .quiet = true };
	char why[256] = "";
	int err;

	r->eo = open_memstream(&r->obuf, &r->olen);
	r->ee = open_memstream(&r->ebuf, &r->elen);
	if (!r->eo || !r->ee)
		kd_oom();
	opts.err = r->ee;
	if (r->which == KD_KERNEL) {
		err = vfsim_scenario_begin_kernel(r->eo, &opts, &r->s, why, sizeof(why));
		if (err < 0) {
			kd_msg("kernel side: %s", why[0] ? why : strerror(-err));
			return -1;
		}
	} else {
		err = vfsim_create(NULL, &r->v);
		if (err == 0) {
			r->warnings = vfsim_warn_count(r->v);
			err = vfsim_scenario_begin(r->v, r->eo, &opts, &r->s);
		}
		if (err < 0) {
			kd_msg("model side: %s", strerror(-err));
			return -1;
		}
	}
	vfsim_scenario_set_result(r->s, on_result, r);
	return 0;
}

int kd_run_side(enum kd_which which, const struct kd_script *sc, FILE *out)
{
	struct run r = { .which = which, .sc = sc, .out = out };
	int status = KD_EXIT_OK;
	size_t i;

	headers(&r);
	if (begin(&r) < 0)
		return KD_EXIT_FAIL;
	for (i = 0; i < sc->nr; i++) {
		if (!run_op(&r, &sc->ops[i])) {
			status = KD_EXIT_FAIL;
			break;
		}
	}
	if (status == KD_EXIT_OK) {
		final_trees(&r);
		/* Warnings are the model's own failures: shown, and failed by
		 * check. */
		if (r.v && vfsim_warn_count(r.v) != r.warnings)
			fprintf(out, "# warnings: %lu\n",
				vfsim_warn_count(r.v) - r.warnings);
	}
	fflush(out);
	/* The kernel's tasks end here.  The model's instance is left to the
	 * child's exit: tearing it down could only add a way to crash. */
	vfsim_scenario_set_result(r.s, NULL, NULL);
	vfsim_scenario_end(r.s);
	fclose(r.eo);
	fclose(r.ee);
	free(r.obuf);
	free(r.ebuf);
	free(r.mountinfo);
	kd_printed_free(&r.ids);
	return status;
}

bool kd_kernel_available(char *why, size_t len)
{
	struct kd_buf reason = { NULL, 0, 0 };
	int p[2], ws = 0;
	pid_t pid;

	if (pipe2(p, O_CLOEXEC) < 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return false;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		/* the kernel backend's namespace, gone when this child exits */
		struct vfsim_scenario *s;
		char msg[256] = "";
		int ok = vfsim_scenario_begin_kernel(stdout, NULL, &s, msg,
						     sizeof(msg)) == 0;

		if (ok)
			vfsim_scenario_end(s);
		else if (write(p[1], msg, strlen(msg)) < 0)
			_exit(2);
		_exit(ok ? 0 : 1);
	}
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		snprintf(why, len, "fork: %s", strerror(errno));
		return false;
	}
	kd_buf_read_fd(&reason, p[0]);
	close(p[0]);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(ws) && WEXITSTATUS(ws) == 0) {
		kd_buf_free(&reason);
		return true;
	}
	snprintf(why, len, "%s", reason.s && *reason.s ? reason.s :
		 "the probe process failed");
	kd_buf_free(&reason);
	return false;
}
