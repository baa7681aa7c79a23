// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The scenario engine one line at a time, as `vfsim shell` runs it
 * (vfsim_scenario_line()), and the verbs' help one at a time
 * (vfsim_scenario_verb_help(), vfsim_scenario_verb_name()):
 *   - a failing or malformed line is reported with its name and number,
 *     and the next line runs: what earlier lines made stays, names too;
 *   - the run's status is untouched by failed lines, so
 *     vfsim_scenario_end() gives 0; lost output fails the line that lost
 *     it, and the run;
 *   - blank and comment lines, a CR LF line end, a bare CR, trace;
 *   - every verb the engine has is named by verb_name() and described by
 *     verb_help() exactly as in vfsim_scenario_help()'s list;
 *   - what each line did, through vfsim_scenario_set_result(); the
 *     kernel backend's refusals where it cannot run.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

struct session {
	struct vfsim *v;
	struct vfsim_scenario *s;
	FILE *out, *err;
	char *out_text, *err_text;
	size_t out_len, err_len;
};

static void session_begin(struct session *ss, const char *tree)
{
	struct vfsim_scenario_opts o = { 0 };

	memset(ss, 0, sizeof(*ss));
	cr_assert_eq(vfsim_create(NULL, &ss->v), 0);
	if (tree)
		cr_assert_eq(vfsim_boot(ss->v, tree), 0);
	ss->out = open_memstream(&ss->out_text, &ss->out_len);
	ss->err = open_memstream(&ss->err_text, &ss->err_len);
	cr_assert(ss->out && ss->err);
	o.err = ss->err;
	cr_assert_eq(vfsim_scenario_begin(ss->v, ss->out, &o, &ss->s), 0);
}

/* The line's status; what it printed and reported must be @out and @err
 * (what the streams got during the line). */
static int line(struct session *ss, const char *text, unsigned long n,
		bool trace, const char *out, const char *err)
{
	size_t out_at, err_at;
	int status;

	fflush(ss->out);
	fflush(ss->err);
	out_at = ss->out_len;
	err_at = ss->err_len;
	status = vfsim_scenario_line(ss->s, text, "shell", n, trace);
	fflush(ss->out);
	fflush(ss->err);
	cr_expect_str_eq(ss->out_text + out_at, out, "output of '%s'", text);
	cr_expect_str_eq(ss->err_text + err_at, err, "reports of '%s'", text);
	return status;
}

static int session_end(struct session *ss)
{
	int status = vfsim_scenario_end(ss->s);

	fclose(ss->out);
	fclose(ss->err);
	free(ss->out_text);
	free(ss->err_text);
	cr_expect_eq(vfsim_destroy_check(ss->v, stderr), 0);
	return status;
}

Test(scenario_line, a_failed_line_is_reported_and_the_next_one_runs)
{
	struct session ss;

	session_begin(&ss, "empty");
	cr_expect_eq(line(&ss, "mkdir /a", 1, false, "", ""), 0);
	cr_expect_eq(line(&ss, "mount tmpfs t /nowhere", 2, false, "",
			  "vfsim: shell:2: mount tmpfs t /nowhere: ENOENT (No such file or directory)\n"),
		     VFSIM_SCENARIO_EXIT_FAIL);
	cr_expect_eq(line(&ss, "frobnicate /a", 3, false, "",
			  "vfsim: shell:3: unknown verb 'frobnicate'\n"),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	cr_expect_eq(line(&ss, "expect EBUSY mkdir /a", 4, false, "",
			  "vfsim: shell:4: expected EBUSY, got EEXIST\n"),
		     VFSIM_SCENARIO_EXIT_FAIL);
	/* /a, made by line 1, is still there; names carry over too. */
	cr_expect_eq(line(&ss, "mount tmpfs t /a", 5, false, "", ""), 0);
	cr_expect_eq(line(&ss, "open fd /a", 6, false, "", ""), 0);
	cr_expect_eq(line(&ss, "close fd", 7, false, "", ""), 0);
	cr_expect_eq(line(&ss, "tree -r", 8, false,
			  "ID TARGET FSTYPE SOURCE OPTIONS PROPAGATION\n"
			  "1 / rootfs rootfs rw private\n2 /a tmpfs t rw private\n", ""),
		     0);
	/* The failed lines left the run's status alone. */
	cr_expect_eq(session_end(&ss), VFSIM_SCENARIO_EXIT_OK);
}

Test(scenario_line, blank_comment_crlf_cr_and_trace)
{
	struct session ss;
	size_t len;

	session_begin(&ss, "empty");
	cr_expect_eq(line(&ss, "", 1, false, "", ""), 0);
	cr_expect_eq(line(&ss, "   # only a comment", 2, true, "", ""), 0);
	cr_expect_eq(line(&ss, "echo a b\r", 3, true, "> echo a b\na b\n", ""), 0);
	cr_expect_eq(line(&ss, "echo a\rb", 4, false, "",
			  "vfsim: shell:4: bare CR in line (column 7): lines end in LF or CR LF\n"),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	cr_expect_eq(line(&ss, "echo \"open", 5, false, "",
			  "vfsim: shell:5: unterminated quote (column 6)\n"),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	cr_expect_eq(line(&ss, "echo x", 6, false, "x\n", ""), 0);
	/* Unnamed: "-" in reports. */
	fflush(ss.err);
	len = ss.err_len;
	cr_expect_eq(vfsim_scenario_line(ss.s, "nope", NULL, 8, false),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	fflush(ss.err);
	cr_expect_str_eq(ss.err_text + len, "vfsim: -:8: unknown verb 'nope'\n");
	cr_expect_eq(session_end(&ss), VFSIM_SCENARIO_EXIT_OK);
}

Test(scenario_line, null_arguments)
{
	struct session ss;

	session_begin(&ss, NULL);
	cr_expect_eq(vfsim_scenario_line(NULL, "echo", "x", 1, false), -EINVAL);
	cr_expect_eq(vfsim_scenario_line(ss.s, NULL, "x", 1, false), -EINVAL);
	/* Not booted: a verb that needs the init task is malformed, `boot`
	 * boots, and the session goes on. */
	cr_expect_eq(line(&ss, "tree", 1, false, "",
			  "vfsim: shell:1: tree: no task to run it: 'boot' must come first\n"),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	cr_expect_eq(line(&ss, "boot empty", 2, false, "", ""), 0);
	cr_expect_eq(line(&ss, "tree -r", 3, false, "ID TARGET FSTYPE SOURCE OPTIONS PROPAGATION\n"
			  "1 / rootfs rootfs rw private\n", ""), 0);
	cr_expect_eq(session_end(&ss), VFSIM_SCENARIO_EXIT_OK);
}

/* An output that cannot be written: the line that lost its output fails
 * and says why; later lines are not blamed again; the run fails. */
Test(scenario_line, lost_output_fails_the_line_and_the_run)
{
	struct vfsim_scenario_opts o = { 0 };
	struct vfsim_scenario *s;
	char *err_text = NULL;
	size_t err_len;
	struct vfsim *v;
	FILE *full;

	full = fopen("/dev/full", "w");
	cr_assert_not_null(full);
	o.err = open_memstream(&err_text, &err_len);
	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "empty"), 0);
	cr_assert_eq(vfsim_scenario_begin(v, full, &o, &s), 0);
	cr_expect_eq(vfsim_scenario_line(s, "mkdir /a", "f", 1, false), 0);
	cr_expect_eq(vfsim_scenario_line(s, "echo lost", "f", 2, false),
		     VFSIM_SCENARIO_EXIT_FAIL);
	cr_expect_eq(vfsim_scenario_line(s, "echo lost too", "f", 3, false), 0);
	cr_expect_eq(vfsim_scenario_end(s), VFSIM_SCENARIO_EXIT_FAIL);
	fclose(o.err);
	cr_expect_str_eq(err_text,
			 "vfsim: f:2: write error on the output: No space left on device\n");
	free(err_text);
	fclose(full);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

/* A stream whose error was set before the line (by the caller's own
 * write): the line has nothing to flush, so no reason is known. */
Test(scenario_line, an_output_already_in_error)
{
	struct vfsim_scenario_opts o = { 0 };
	struct vfsim_scenario *s;
	char *err_text = NULL;
	size_t err_len;
	struct vfsim *v;
	FILE *full;

	full = fopen("/dev/full", "w");
	cr_assert_not_null(full);
	fputs("x", full);
	cr_assert_neq(fflush(full), 0);
	cr_assert(ferror(full));
	o.err = open_memstream(&err_text, &err_len);
	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_scenario_begin(v, full, &o, &s), 0);
	/* A failing line keeps its own report; the run fails all the same. */
	cr_expect_eq(vfsim_scenario_line(s, "nope", "f", 1, false),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	cr_expect_eq(vfsim_scenario_end(s), VFSIM_SCENARIO_EXIT_FAIL);
	fclose(o.err);
	cr_expect_str_eq(err_text, "vfsim: f:1: unknown verb 'nope'\n");
	free(err_text);

	err_text = NULL;
	o.err = open_memstream(&err_text, &err_len);
	cr_assert_eq(vfsim_scenario_begin(v, full, &o, &s), 0);
	cr_expect_eq(vfsim_scenario_line(s, "# nothing", "f", 1, false),
		     VFSIM_SCENARIO_EXIT_FAIL);
	cr_expect_eq(vfsim_scenario_end(s), VFSIM_SCENARIO_EXIT_FAIL);
	fclose(o.err);
	cr_expect_str_eq(err_text, "vfsim: f:1: write error on the output\n");
	free(err_text);
	fclose(full);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

/* ---- the verbs' help, one at a time ------------------------------------------- */

static char *help_of(const char *name, int *ret)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	cr_assert_not_null(f);
	*ret = vfsim_scenario_verb_help(f, name);
	fclose(f);
	return text;
}

Test(scenario_line, verb_help)
{
	char *text;
	int ret;

	text = help_of("mount", &ret);
	cr_expect_eq(ret, 0);
	cr_expect_str_eq(text, "  mount FSTYPE SOURCE TARGET [OPTIONS]  new mount; OPTIONS as for mount -o\n");
	free(text);
	/* A long synopsis: the help on a line of its own. */
	text = help_of("umount", &ret);
	cr_expect_eq(ret, 0);
	cr_expect_str_eq(text, "  umount TARGET [detach|force|expire|nofollow]...\n"
			 "                                        umount2(2)\n");
	free(text);
	/* A prefix. */
	text = help_of("expect", &ret);
	cr_expect_eq(ret, 0);
	cr_expect(strncmp(text, "  expect ERRNAME VERB ...", 25) == 0, "%s", text);
	free(text);
	text = help_of("nonesuch", &ret);
	cr_expect_eq(ret, -ENOENT);
	cr_expect_str_eq(text, "");
	free(text);
	cr_expect_eq(vfsim_scenario_verb_help(NULL, "mount"), -EINVAL);
	cr_expect_eq(vfsim_scenario_verb_help(stdout, NULL), -EINVAL);
}

/* Every name verb_name() gives has its line in vfsim_scenario_help(), and
 * every verb line of vfsim_scenario_help() is some name's line. */
Test(scenario_line, verb_names_are_the_help_list)
{
	char *all = NULL, *text;
	size_t len, total = 0;
	unsigned int i;
	FILE *f;
	int ret;

	f = open_memstream(&all, &len);
	cr_assert_not_null(f);
	vfsim_scenario_help(f);
	fclose(f);
	cr_expect_str_eq(vfsim_scenario_verb_name(0), "boot");
	for (i = 0; vfsim_scenario_verb_name(i); i++) {
		text = help_of(vfsim_scenario_verb_name(i), &ret);
		cr_expect_eq(ret, 0);
		cr_expect_not_null(strstr(all, text), "%s", text);
		total += strlen(text);
		free(text);
	}
	cr_expect_gt(i, 40);
	cr_expect_null(vfsim_scenario_verb_name(i));
	cr_expect_null(vfsim_scenario_verb_name(100000));
	/* The list is the verbs' lines and its two headings, nothing else. */
	cr_expect_eq(total + strlen("verbs:\n") +
		     strlen("prefixes (put before any verb, in either order):\n"),
		     strlen(all));
	free(all);
}

/* What vfsim_scenario_set_result()'s callback was last told. */
struct seen {
	int calls;
	struct vfsim_scenario_result r;
	char verb[32];
	char mountinfo[512];	/* "" for none */
};

static void record(const struct vfsim_scenario_result *r, void *arg)
{
	struct seen *s = arg;

	s->calls++;
	s->r = *r;
	snprintf(s->verb, sizeof(s->verb), "%s", r->argc ? r->argv[0] : "");
	snprintf(s->mountinfo, sizeof(s->mountinfo), "%s",
		 r->mountinfo ? r->mountinfo : "");
}

/* Each line of words is reported once, after it ran: the verb's own
 * result (whatever expect made of it), whether it ran at all, the line's
 * status; blank lines are not reported, and NULL stops the reports. */
Test(scenario_line, the_result_of_each_line)
{
	struct seen seen = { 0 };
	struct session ss;

	session_begin(&ss, "empty");
	cr_expect_eq(vfsim_scenario_set_result(NULL, record, &seen), -EINVAL);
	cr_assert_eq(vfsim_scenario_set_result(ss.s, record, &seen), 0);
	cr_expect_eq(line(&ss, "mkdir /a", 1, false, "", ""), 0);
	cr_expect_eq(seen.calls, 1);
	cr_expect(seen.r.ran);
	cr_expect_eq(seen.r.result, 0);
	cr_expect_eq(seen.r.lineno, 1);
	cr_expect_str_eq(seen.r.name, "shell");
	cr_expect_eq(seen.r.argc, 2);
	cr_expect_str_eq(seen.verb, "mkdir");
	/* expect is met: the line succeeds, the result is the verb's */
	cr_expect_eq(line(&ss, "expect EEXIST mkdir /a", 2, false, "", ""), 0);
	cr_expect(seen.r.ran);
	cr_expect_eq(seen.r.result, -EEXIST);
	cr_expect_eq(seen.r.status, VFSIM_SCENARIO_EXIT_OK);
	cr_expect_str_eq(seen.verb, "expect");
	/* malformed: nothing ran */
	cr_expect_eq(line(&ss, "close nope", 3, false, "",
			  "vfsim: shell:3: no open file named 'nope'\n"),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	cr_expect_eq(seen.calls, 3);
	cr_expect(!seen.r.ran);
	cr_expect_eq(seen.r.status, VFSIM_SCENARIO_EXIT_DATAERR);
	cr_expect_eq(line(&ss, "# nothing", 4, false, "", ""), 0);
	cr_expect_eq(seen.calls, 3);
	cr_expect_str_eq(seen.mountinfo, "");
	/* a tree line carries its task's mountinfo */
	{
		char want[512];
		long n = vfsim_mountinfo(vfsim_init_task(ss.v), want, sizeof(want));

		cr_assert_gt(n, 0);
		cr_expect_eq(vfsim_scenario_line(ss.s, "tree", "shell", 4, false), 0);
		cr_expect_eq(seen.calls, 4);
		cr_expect_str_eq(seen.mountinfo, want);
		cr_expect_eq(line(&ss, "mkdir /c", 4, false, "", ""), 0);
		cr_expect_str_eq(seen.mountinfo, "");
		seen.calls = 3;
	}
	cr_assert_eq(vfsim_scenario_set_result(ss.s, NULL, NULL), 0);
	cr_expect_eq(line(&ss, "mkdir /b", 5, false, "", ""), 0);
	cr_expect_eq(seen.calls, 3);
	cr_expect_eq(session_end(&ss), VFSIM_SCENARIO_EXIT_OK);
}

/* The kernel backend's arguments; whether it runs here is the kernel
 * tests' question (tests/kernel/run). */
Test(scenario_line, kernel_null_arguments)
{
	char why[64] = "";

	cr_expect_eq(vfsim_scenario_begin_kernel(NULL, NULL, NULL, why, sizeof(why)),
		     -EINVAL);
	cr_expect_eq(vfsim_scenario_run_kernel(NULL, NULL, NULL), -EINVAL);
}

/* In a child without privileges: the kernel backend is refused, with the
 * reason, and a kernel run says so (EXIT_UNAVAILABLE) after checking the
 * input; a model-only verb is refused before that. */
static int unprivileged_kernel_child(void)
{
	char why[128] = "", *err_text = NULL;
	struct vfsim_scenario *s = NULL;
	const char ok[] = "boot empty\n", model[] = "boot empty\nstats\n";
	size_t err_len = 0;
	FILE *in, *err;
	int bad = 0;
	struct vfsim_scenario_opts o = { .name = "k" };

	/* (a run that is not root is unprivileged already) */
	if (geteuid() == 0 &&
	    (setgroups(0, NULL) < 0 || setresgid(65534, 65534, 65534) < 0 ||
	     setresuid(65534, 65534, 65534) < 0))
		return 2;
	if (vfsim_scenario_begin_kernel(NULL, NULL, &s, why, sizeof(why)) != -EPERM ||
	    !strstr(why, "unshare(CLONE_NEWNS)"))
		bad |= 4;
	err = open_memstream(&err_text, &err_len);
	o.err = err;
	in = fmemopen((void *)ok, strlen(ok), "r");
	if (vfsim_scenario_run_kernel(in, NULL, &o) != VFSIM_SCENARIO_EXIT_UNAVAILABLE)
		bad |= 8;
	fclose(in);
	in = fmemopen((void *)model, strlen(model), "r");
	if (vfsim_scenario_run_kernel(in, NULL, &o) != VFSIM_SCENARIO_EXIT_DATAERR)
		bad |= 16;
	fclose(in);
	fclose(err);
	if (!strstr(err_text, "vfsim: k: the running kernel cannot run it here: unshare(CLONE_NEWNS): ") ||
	    !strstr(err_text, "vfsim: k:2: stats: the model's alone: the kernel backend cannot run it\n"))
		bad |= 32;
	free(err_text);
	return bad;
}

Test(scenario_line, kernel_refused_without_privileges)
{
	int ws = 0;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0)
		_exit(unprivileged_kernel_child());
	cr_assert_eq(waitpid(pid, &ws, 0), pid);
	cr_expect(WIFEXITED(ws) && WEXITSTATUS(ws) == 0, "child status %#x", ws);
}
