// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The scenario engine's public entry points (<vfsim/scenario.h>), as a
 * harness uses them:
 *   - vfsim_scenario_run() on the caller's instance, booted or not, with
 *     the whole output and the whole error text compared; the instance
 *     keeps what the scenario did;
 *   - the exit statuses: 0, 1 for a failing line, 65 for a malformed one,
 *     66 for an input that cannot be read or opened, -EINVAL for NULLs;
 *   - the options: trace, check, quiet, the name in reports, err;
 *   - one scenario from several inputs (begin/feed/end): names carry
 *     over, each input reports under its own name, a failure is final;
 *   - the verbs the commands are built on: note, after_each, drain;
 *   - vfsim_scenario_split() and vfsim_scenario_mount_options(), the
 *     pieces vfsim-kdiff reads scenarios with, on good and bad input;
 *   - the fsinfo printers' argument checks.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "scenario/tool_api.h"

/* ---- helpers ---------------------------------------------------------------- */

/* What a run printed on its two streams. */
struct result {
	int status;
	char *out, *err;
};

static void result_free(struct result *r)
{
	free(r->out);
	free(r->err);
}

/* Run @text on @v with @opts (its err replaced by a capture). */
static struct result run_text(struct vfsim *v, const char *text,
			      const struct vfsim_scenario_opts *opts)
{
	struct vfsim_scenario_opts o = { 0 };
	struct result r = { 0 };
	size_t olen, elen;
	FILE *in, *out;

	if (opts)
		o = *opts;
	in = fmemopen((char *)text, strlen(text), "r");
	out = open_memstream(&r.out, &olen);
	o.err = open_memstream(&r.err, &elen);
	cr_assert(in && out && o.err);
	r.status = vfsim_scenario_run(v, in, out, &o);
	fclose(in);
	fclose(out);
	fclose(o.err);
	return r;
}

static struct vfsim *new_instance(const char *tree)
{
	struct vfsim *v;

	cr_assert_eq(vfsim_create(NULL, &v), 0);
	if (tree)
		cr_assert_eq(vfsim_boot(v, tree), 0);
	return v;
}

static void expect_run(struct vfsim *v, const char *text,
		       const struct vfsim_scenario_opts *opts, int status,
		       const char *out, const char *err)
{
	struct result r = run_text(v, text, opts);

	cr_expect_eq(r.status, status, "status %d, not %d, for:\n%s", r.status,
		     status, text);
	cr_expect_str_eq(r.out, out);
	cr_expect_str_eq(r.err, err);
	result_free(&r);
}

/* ---- running on the caller's instance --------------------------------------- */

static const char tree_scn[] =
	"# a tmpfs on /a, read-only\n"
	"mkdir /a\n"
	"mount tmpfs a /a ro,nosuid\n"
	"\n"
	"tree\n"
	"echo  done   # words, one space apart\n";

static const char tree_out[] =
	"ID TARGET FSTYPE SOURCE OPTIONS   PROPAGATION\n"
	"1  /      rootfs rootfs rw        private\n"
	"2  `-/a   tmpfs  a      ro,nosuid private\n"
	"done\n";

Test(scenario_api, runs_on_the_callers_instance)
{
	struct vfsim *v = new_instance("empty");
	struct vfsim_task *init = vfsim_init_task(v);

	expect_run(v, tree_scn, NULL, VFSIM_SCENARIO_EXIT_OK, tree_out, "");
	/* The mount stays, and the instance goes on working. */
	cr_expect_eq(vfsim_mkdirat(init, AT_FDCWD, "/a/x", 0755), -EROFS);
	cr_expect_eq(vfsim_umount2(init, "/a", 0), 0);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

Test(scenario_api, boot_line_boots_an_unbooted_instance)
{
	struct vfsim *v = new_instance(NULL);

	cr_assert_null(vfsim_init_task(v));
	expect_run(v, "boot empty\ntree\n", NULL, VFSIM_SCENARIO_EXIT_OK,
		   "ID TARGET FSTYPE SOURCE OPTIONS PROPAGATION\n"
		   "1  /      rootfs rootfs rw      private\n", "");
	cr_expect_not_null(vfsim_init_task(v));
	/* Booted now: a second scenario's boot is the kernel's EBUSY. */
	expect_run(v, "boot empty\n", &(struct vfsim_scenario_opts){ .name = "again.scn" },
		   VFSIM_SCENARIO_EXIT_FAIL, "",
		   "vfsim: again.scn:1: boot empty: EBUSY (Device or resource busy)\n");
	vfsim_destroy(v);
}

/* ---- exit statuses ---------------------------------------------------------- */

Test(scenario_api, failing_line_is_1_and_ends_the_run)
{
	struct vfsim *v = new_instance("empty");
	struct vfsim_scenario_opts o = { .name = "t.scn" };

	expect_run(v, "echo one\numount /nope\necho never\n", &o,
		   VFSIM_SCENARIO_EXIT_FAIL, "one\n",
		   "vfsim: t.scn:2: umount /nope: ENOENT (No such file or directory)\n");
	expect_run(v, "expect EBUSY mkdir /b\n", &o, VFSIM_SCENARIO_EXIT_FAIL, "",
		   "vfsim: t.scn:1: expected EBUSY, got success\n");
	expect_run(v, "expect ENOENT mkdir /b\n", &o, VFSIM_SCENARIO_EXIT_FAIL, "",
		   "vfsim: t.scn:1: expected ENOENT, got EEXIST\n");
	vfsim_destroy(v);
}

Test(scenario_api, malformed_line_is_65)
{
	struct vfsim *v = new_instance("empty");
	struct vfsim_scenario_opts o = { .name = "m.scn" };

	expect_run(v, "echo one\nfrobnicate /a\n", &o, VFSIM_SCENARIO_EXIT_DATAERR,
		   "one\n", "vfsim: m.scn:2: unknown verb 'frobnicate'\n");
	expect_run(v, "mkdir \"/a\n", &o, VFSIM_SCENARIO_EXIT_DATAERR, "",
		   "vfsim: m.scn:1: unterminated quote (column 7)\n");
	expect_run(v, "mkdir /a 0999\n", &o, VFSIM_SCENARIO_EXIT_DATAERR, "",
		   "vfsim: m.scn:1: bad mode '0999': octal digits only\n");
	expect_run(v, "mount tmpfs x /tmp ro,,nosuid\n", &o,
		   VFSIM_SCENARIO_EXIT_DATAERR, "",
		   "vfsim: m.scn:1: bad mount options: empty option in 'ro,,nosuid'\n");
	vfsim_destroy(v);
}

Test(scenario_api, malformed_line_before_boot_is_65)
{
	struct vfsim *v = new_instance(NULL);

	expect_run(v, "mkdir /a\n", NULL, VFSIM_SCENARIO_EXIT_DATAERR, "",
		   "vfsim: -:1: mkdir: no task to run it: 'boot' must come first\n");
	vfsim_destroy(v);
}

Test(scenario_api, unreadable_input_is_66)
{
	struct vfsim *v = new_instance("empty");
	struct vfsim_scenario_opts o = { 0 };
	char *ebuf = NULL, path[] = "/tmp/vfsim-scenario-api-XXXXXX";
	size_t elen;
	FILE *in;
	int fd;

	/* A stream open for writing only: the first read fails. */
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	in = fdopen(fd, "w");
	cr_assert_not_null(in);
	o.name = "w.scn";
	o.err = open_memstream(&ebuf, &elen);
	cr_expect_eq(vfsim_scenario_run(v, in, stdout, &o),
		     VFSIM_SCENARIO_EXIT_NOINPUT);
	fclose(o.err);
	cr_expect_str_eq(ebuf, "vfsim: w.scn: read error: Bad file descriptor\n");
	fclose(in);
	unlink(path);
	free(ebuf);
	vfsim_destroy(v);
}

Test(scenario_api, run_file_missing_file_is_66)
{
	struct vfsim_scenario_opts o = { 0 };
	char *ebuf = NULL;
	size_t elen;

	o.err = open_memstream(&ebuf, &elen);
	cr_expect_eq(vfsim_scenario_run_file("/nonexistent/x.scn", stdout, &o),
		     VFSIM_SCENARIO_EXIT_NOINPUT);
	fclose(o.err);
	cr_expect_str_eq(ebuf,
			 "vfsim: cannot open /nonexistent/x.scn: No such file or directory\n");
	free(ebuf);
}

Test(scenario_api, run_file_runs_on_an_instance_of_its_own)
{
	char path[] = "/tmp/vfsim-scenario-api-XXXXXX", *obuf = NULL, *ebuf = NULL;
	struct vfsim_scenario_opts o = { 0 };
	size_t olen, elen;
	FILE *out;
	int fd;

	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "boot empty\ncheck\nmkdir /b\numount /b\n", 36), 36);
	close(fd);
	out = open_memstream(&obuf, &olen);
	o.err = open_memstream(&ebuf, &elen);
	cr_expect_eq(vfsim_scenario_run_file(path, out, &o), VFSIM_SCENARIO_EXIT_FAIL);
	fclose(out);
	fclose(o.err);
	unlink(path);
	cr_expect_str_eq(obuf, "");
	/* Named by its path unless the options name it. */
	cr_expect(strstr(ebuf, path) == ebuf + strlen("vfsim: "));
	cr_expect(strstr(ebuf, ":4: umount /b: EINVAL (Invalid argument)\n"));
	free(obuf);
	free(ebuf);
}

Test(scenario_api, null_arguments)
{
	struct vfsim *v = new_instance("empty");
	struct vfsim_scenario *s;
	char buf[8] = "x";
	FILE *in = fmemopen(buf, 1, "r");

	cr_assert_not_null(in);
	cr_expect_eq(vfsim_scenario_run(NULL, in, stdout, NULL), -EINVAL);
	cr_expect_eq(vfsim_scenario_run(v, NULL, stdout, NULL), -EINVAL);
	cr_expect_eq(vfsim_scenario_run_file(NULL, stdout, NULL), -EINVAL);
	cr_expect_eq(vfsim_scenario_begin(NULL, stdout, NULL, &s), -EINVAL);
	cr_expect_eq(vfsim_scenario_begin(v, stdout, NULL, NULL), -EINVAL);
	cr_expect_eq(vfsim_scenario_feed(NULL, in, "x", false), -EINVAL);
	cr_expect_eq(vfsim_scenario_end(NULL), VFSIM_SCENARIO_EXIT_OK);
	cr_expect_eq(vfsim_scenario_begin(v, NULL, NULL, &s), 0);
	cr_expect_eq(vfsim_scenario_feed(s, NULL, "x", false), -EINVAL);
	cr_expect_eq(vfsim_scenario_end(s), VFSIM_SCENARIO_EXIT_OK);
	vfsim_scenario_help(NULL);
	cr_expect_null(vfsim_scenario_strerror(-ENOENT, NULL, 0));
	cr_expect_eq(vfsim_scenario_propagation(NULL), 0);
	vfsim_scenario_words_free(NULL);
	vfsim_scenario_mount_options_free(NULL);
	cr_expect_eq(vfsim_scenario_mntinfo(NULL, 1, "ROOT", stdout), -EINVAL);
	cr_expect_eq(vfsim_scenario_mntinfo(vfsim_init_task(v), 1, NULL, stdout), -EINVAL);
	cr_expect_eq(vfsim_scenario_mount_id(NULL, "/"), -EINVAL);
	cr_expect_eq(vfsim_scenario_fsinfo_all(NULL, "/", stdout, NULL), -EINVAL);
	cr_expect_eq(vfsim_scenario_fsinfo_all(vfsim_init_task(v), "/", NULL, NULL),
		     -EINVAL);
	fclose(in);
	vfsim_destroy(v);
}

/* ---- options ---------------------------------------------------------------- */

Test(scenario_api, trace_echoes_each_line_without_its_comment)
{
	struct vfsim *v = new_instance("empty");

	expect_run(v, "# nothing\n  mkdir   \"/a b\"  # made\n\necho hi\n",
		   &(struct vfsim_scenario_opts){ .trace = true },
		   VFSIM_SCENARIO_EXIT_OK, "> mkdir   \"/a b\"\n> echo hi\nhi\n", "");
	vfsim_destroy(v);
}

Test(scenario_api, check_runs_after_every_line)
{
	struct vfsim *v = new_instance("empty");
	struct vfsim_scenario_opts o = { .check = true };

	/* A sound tree passes, and checking prints nothing. */
	expect_run(v, tree_scn, &o, VFSIM_SCENARIO_EXIT_OK, tree_out, "");
	expect_run(v, "check\n", NULL, VFSIM_SCENARIO_EXIT_OK, "", "");
	vfsim_destroy(v);
}

Test(scenario_api, quiet_silences_note_only)
{
	struct vfsim *v = new_instance("empty");
	const char *text = "note a  step\nnote\necho kept\n";

	expect_run(v, text, NULL, VFSIM_SCENARIO_EXIT_OK, "# a step\n#\nkept\n", "");
	expect_run(v, text, &(struct vfsim_scenario_opts){ .quiet = true },
		   VFSIM_SCENARIO_EXIT_OK, "kept\n", "");
	vfsim_destroy(v);
}

Test(scenario_api, oops_hook_prints_with_the_output)
{
	struct vfsim *v = new_instance("empty");

	expect_run(v, "pipe p\nquirk B4 on\nexpect EFAULT unwatch_mount p /\n",
		   NULL, VFSIM_SCENARIO_EXIT_OK,
		   "oops in remove_watch_from_object: NULL pointer dereference: "
		   "remove_watch_from_object() on an object that never had a watch list\n",
		   "");
	vfsim_destroy(v);
}

/* ---- several inputs --------------------------------------------------------- */

static int feed_text(struct vfsim_scenario *s, const char *text,
		     const char *name, bool trace)
{
	FILE *in = fmemopen((char *)text, strlen(text), "r");
	int ret;

	cr_assert_not_null(in);
	ret = vfsim_scenario_feed(s, in, name, trace);
	fclose(in);
	return ret;
}

Test(scenario_api, inputs_share_names_and_report_under_their_own)
{
	struct vfsim *v = new_instance("empty");
	struct vfsim_scenario_opts o = { 0 };
	struct vfsim_scenario *s;
	char *obuf = NULL, *ebuf = NULL;
	size_t olen, elen;
	FILE *out;

	out = open_memstream(&obuf, &olen);
	o.err = open_memstream(&ebuf, &elen);
	cr_assert_eq(vfsim_scenario_begin(v, out, &o, &s), 0);
	cr_expect_eq(feed_text(s, "pipe p plain nonblock\nwrite p.w hello\n",
			       "setup.scn", false), 0);
	cr_expect_eq(feed_text(s, "read p\n\nclose p\n", "test.scn", true), 0);
	cr_expect_eq(feed_text(s, "echo x\nclose p\n", "more.scn", false),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	/* After a failure nothing runs. */
	cr_expect_eq(feed_text(s, "echo never\n", "last.scn", false),
		     VFSIM_SCENARIO_EXIT_DATAERR);
	cr_expect_eq(vfsim_scenario_end(s), VFSIM_SCENARIO_EXIT_DATAERR);
	fclose(out);
	fclose(o.err);
	cr_expect_str_eq(obuf, "> read p\nread p: 5 bytes\n  hello\n> close p\nx\n");
	cr_expect_str_eq(ebuf, "vfsim: more.scn:2: no open file named 'p'\n");
	free(obuf);
	free(ebuf);
	vfsim_destroy(v);
}

/* ---- the verbs the commands are built on ------------------------------------ */

Test(scenario_api, after_each_runs_after_every_later_line)
{
	struct vfsim *v = new_instance("empty");

	expect_run(v,
		   "after_each echo --\n"
		   "echo one\n"
		   "# a comment is no line\n"
		   "echo two\n"
		   "after_each\n"
		   "echo three\n",
		   NULL, VFSIM_SCENARIO_EXIT_OK, "one\n--\ntwo\n--\nthree\n", "");
	/* After a failing line too, to show what it did; then the run ends. */
	expect_run(v, "after_each echo --\nexpect EPERM mkdir /x\necho never\n",
		   &(struct vfsim_scenario_opts){ .name = "f.scn" },
		   VFSIM_SCENARIO_EXIT_FAIL, "--\n",
		   "vfsim: f.scn:2: expected EPERM, got success\n");
	vfsim_destroy(v);
}

Test(scenario_api, after_each_mistakes)
{
	struct vfsim *v = new_instance("empty");
	struct vfsim_scenario_opts o = { .name = "a.scn" };

	expect_run(v, "after_each frob\n", &o, VFSIM_SCENARIO_EXIT_DATAERR, "",
		   "vfsim: a.scn:1: after_each: unknown verb 'frob'\n");
	expect_run(v, "after_each after_each\n", &o, VFSIM_SCENARIO_EXIT_DATAERR, "",
		   "vfsim: a.scn:1: after_each cannot run after_each\n");
	/* What it runs fails: reported as after_each's, after the line. */
	expect_run(v, "after_each umount /nope\necho x\n", &o,
		   VFSIM_SCENARIO_EXIT_FAIL, "x\n",
		   "vfsim: a.scn:2: after_each: umount /nope: ENOENT (No such file or directory)\n");
	vfsim_destroy(v);
}

/* The start of the drain tests: pipe p watches / (ID 2), /a to mount on. */
#define WATCHED_ROOT							\
	"pipe p nonblock\n"						\
	"size p 16\n"							\
	"watch_mount p / 2\n"						\
	"mkdir /a\n"

Test(scenario_api, drain_reads_until_empty)
{
	struct vfsim *v = new_instance("empty");

	expect_run(v,
		   WATCHED_ROOT
		   "drain p\n"		/* nothing: prints nothing */
		   "mount tmpfs a /a\n"
		   "mount tmpfs b /a\n"
		   "drain p\n"
		   "pipe q plain nonblock\n"
		   "write q.w hi\n"
		   "close q.w\n"
		   "drain q eof\n",
		   NULL, VFSIM_SCENARIO_EXIT_OK,
		   /* mount 2 is the pipe's: pipefs is a mount too */
		   "  mount new_mount id=2 triggered_on=1 changed_mount=3\n"
		   "  mount new_mount id=2 flags=in_subtree triggered_on=3 changed_mount=4\n"
		   "  hi\n", "");
	vfsim_destroy(v);
}

Test(scenario_api, drain_in_watch_tests_words)
{
	struct vfsim *v = new_instance("empty");

	expect_run(v,
		   WATCHED_ROOT
		   "mount tmpfs a /a\n"
		   "close p.w\n"
		   "drain p watch_test eof\n",
		   NULL, VFSIM_SCENARIO_EXIT_OK,
		   "read() = 16\n"
		   "NOTIFY[000]: ty=000002 sy=00 i=00000210\n"
		   "MOUNT 00000001 change=0[new_mount] aux=3\n"
		   "-- END --\n", "");
	/* eof: an empty pipe that still has a writer is EAGAIN. */
	expect_run(v, "pipe p nonblock\ndrain p watch_test eof\n",
		   &(struct vfsim_scenario_opts){ .name = "e.scn" },
		   VFSIM_SCENARIO_EXIT_FAIL, "",
		   "vfsim: e.scn:2: drain p watch_test eof: EAGAIN (Resource temporarily unavailable)\n");
	expect_run(v, "pipe q\ndrain q sideways\n",
		   &(struct vfsim_scenario_opts){ .name = "e.scn" },
		   VFSIM_SCENARIO_EXIT_DATAERR, "",
		   "vfsim: e.scn:2: bad drain word 'sideways' (watch_test, eof)\n");
	vfsim_destroy(v);
}

/* ---- the pieces of the language --------------------------------------------- */

Test(scenario_api, split_good)
{
	const char *line = "  mount tmpfs \"a b\" /x\"y z\"\\ \"\"  # c \"";
	struct vfsim_scenario_words w;

	cr_assert_eq(vfsim_scenario_split(line, &w, NULL, 0), 0);
	cr_assert_eq(w.argc, 5);
	cr_expect_str_eq(w.argv[0], "mount");
	cr_expect_str_eq(w.argv[1], "tmpfs");
	cr_expect_str_eq(w.argv[2], "a b");
	cr_expect_str_eq(w.argv[3], "/xy z\\");
	cr_expect_str_eq(w.argv[4], "");
	cr_expect_null(w.argv[5]);
	cr_expect_eq(w.start, 2);
	cr_expect_eq(w.end, strlen("  mount tmpfs \"a b\" /x\"y z\"\\ \"\""));
	vfsim_scenario_words_free(&w);
	cr_expect_null(w.argv);

	cr_assert_eq(vfsim_scenario_split("a#b \"\\\"\\\\\" #", &w, NULL, 0), 0);
	cr_assert_eq(w.argc, 2);
	cr_expect_str_eq(w.argv[0], "a#b");
	cr_expect_str_eq(w.argv[1], "\"\\");
	vfsim_scenario_words_free(&w);

	/* Blank and comment lines have no words. */
	cr_assert_eq(vfsim_scenario_split(" \t# only a comment", &w, NULL, 0), 0);
	cr_expect_eq(w.argc, 0);
	cr_expect_null(w.argv[0]);
	vfsim_scenario_words_free(&w);
	cr_assert_eq(vfsim_scenario_split("", &w, NULL, 0), 0);
	cr_expect_eq(w.argc, 0);
	vfsim_scenario_words_free(&w);
}

Test(scenario_api, split_bad)
{
	struct vfsim_scenario_words w;
	char why[128];

	cr_expect_eq(vfsim_scenario_split("echo \"open", &w, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "unterminated quote (column 6)");
	cr_expect_eq(w.argc, 0);
	cr_expect_null(w.argv);
	cr_expect_eq(vfsim_scenario_split("echo \"a\\n\"", &w, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why, "bad escape in quotes (column 8): only \\\" and \\\\");
	/* No room for the reason: still -EINVAL, and the buffer is cut. */
	cr_expect_eq(vfsim_scenario_split("\"", &w, NULL, 0), -EINVAL);
	cr_expect_eq(vfsim_scenario_split("\"", &w, why, 4), -EINVAL);
	cr_expect_str_eq(why, "unt");
	cr_expect_eq(vfsim_scenario_split(NULL, &w, why, sizeof(why)), -EINVAL);
	cr_expect_eq(vfsim_scenario_split("x", NULL, why, sizeof(why)), -EINVAL);
}

Test(scenario_api, mount_options_good)
{
	struct vfsim_scenario_mount_opts o;

	cr_assert_eq(vfsim_scenario_mount_options("ro,nosuid,size=1m,rshared,mode=700,rw,noexec",
						  VFSIM_SCENARIO_MOUNT, &o, NULL, 0), 0);
	cr_expect_eq(o.flags, MS_NOSUID | MS_NOEXEC);
	cr_expect_eq(o.propagation, MS_SHARED | MS_REC);
	cr_expect_str_eq(o.propagation_word, "rshared");
	cr_expect_str_eq(o.data, "size=1m,mode=700");
	vfsim_scenario_mount_options_free(&o);
	cr_expect_null(o.data);

	/* The atime words replace each other; defaults is nothing. */
	cr_assert_eq(vfsim_scenario_mount_options("noatime,strictatime,defaults,nodiratime",
						  VFSIM_SCENARIO_SETATTR, &o, NULL, 0), 0);
	cr_expect_eq(o.flags, MS_STRICTATIME | MS_NODIRATIME);
	cr_expect_null(o.data);
	vfsim_scenario_mount_options_free(&o);

	cr_assert_eq(vfsim_scenario_mount_options("", VFSIM_SCENARIO_REMOUNT, &o,
						  NULL, 0), 0);
	cr_expect_eq(o.flags, 0);
	cr_expect_eq(o.propagation, 0);
	cr_expect_null(o.data);
	vfsim_scenario_mount_options_free(&o);

	cr_expect_eq(vfsim_scenario_propagation("private"), MS_PRIVATE);
	cr_expect_eq(vfsim_scenario_propagation("rslave"), MS_SLAVE | MS_REC);
	cr_expect_eq(vfsim_scenario_propagation("runbindable"), MS_UNBINDABLE | MS_REC);
	cr_expect_eq(vfsim_scenario_propagation("rw"), 0);
	cr_expect_eq(vfsim_scenario_propagation("r"), 0);
}

static void expect_bad_options(const char *s, enum vfsim_scenario_mount_use use,
			       const char *why)
{
	struct vfsim_scenario_mount_opts o;
	char buf[160] = "";

	cr_expect_eq(vfsim_scenario_mount_options(s, use, &o, buf, sizeof(buf)),
		     -EINVAL, "'%s' accepted", s);
	cr_expect_str_eq(buf, why);
	vfsim_scenario_mount_options_free(&o);
}

Test(scenario_api, mount_options_bad)
{
	expect_bad_options("ro,,nosuid", VFSIM_SCENARIO_MOUNT,
			   "empty option in 'ro,,nosuid'");
	expect_bad_options("shared,private", VFSIM_SCENARIO_MOUNT,
			   "'private': only one propagation option (already 'shared')");
	expect_bad_options("ro,shared", VFSIM_SCENARIO_REMOUNT,
			   "'shared': use the propagation verb to change propagation");
	expect_bad_options("ro,size=1m", VFSIM_SCENARIO_SETATTR,
			   "'size=1m' is not a mount attribute");
	expect_bad_options("ro", (enum vfsim_scenario_mount_use)7,
			   "no options to parse, or no use for them");
	expect_bad_options(NULL, VFSIM_SCENARIO_MOUNT,
			   "no options to parse, or no use for them");
	cr_expect_eq(vfsim_scenario_mount_options("ro", VFSIM_SCENARIO_MOUNT, NULL,
						  NULL, 0), -EINVAL);
}

/* ---- the rest ---------------------------------------------------------------- */

Test(scenario_api, strerror_and_help)
{
	char buf[64], *hbuf = NULL;
	size_t hlen;
	FILE *f;

	cr_expect_str_eq(vfsim_scenario_strerror(-EBUSY, buf, sizeof(buf)),
			 "EBUSY (Device or resource busy)");
	cr_expect_str_eq(vfsim_scenario_strerror(ENOENT, buf, sizeof(buf)),
			 "ENOENT (No such file or directory)");
	cr_expect_str_eq(vfsim_scenario_strerror(-512, buf, sizeof(buf)), "ERESTARTSYS");
	cr_expect_str_eq(vfsim_scenario_strerror(-4000, buf, sizeof(buf)),
			 "error 4000 (Unknown error 4000)");

	f = open_memstream(&hbuf, &hlen);
	cr_assert_not_null(f);
	vfsim_scenario_help(f);
	fclose(f);
	cr_expect(strncmp(hbuf, "verbs:\n", 7) == 0);
	cr_expect(strstr(hbuf, "\n  after_each [VERB ...]"));
	cr_expect(strstr(hbuf, "\n  drain NAME [watch_test] [eof]"));
	cr_expect(strstr(hbuf, "\nprefixes (put before any verb, in either order):\n  as "));
	free(hbuf);
}

Test(scenario_api, fsinfo_printers)
{
	struct vfsim *v = new_instance("default");
	struct vfsim_task *init = vfsim_init_task(v);
	struct vfsim_scenario_fsinfo_opts fo = { .query = FSINFO_FLAGS_QUERY_PATH,
						 .meta = true };
	char *obuf = NULL;
	size_t olen;
	FILE *out;
	long id;

	id = vfsim_scenario_mount_id(init, "/tmp");
	cr_expect_gt(id, 0);
	cr_expect_eq(vfsim_scenario_mount_id(init, "/nope"), -ENOENT);

	out = open_memstream(&obuf, &olen);
	cr_assert_not_null(out);
	cr_expect_eq(vfsim_scenario_mntinfo(init, (unsigned int)id, "TMP", out), 0);
	cr_expect_eq(vfsim_scenario_fsinfo_all(init, "/tmp", out, &fo), 0);
	fclose(out);
	cr_expect(strstr(obuf, "\nTMP      ") != NULL, "%s", obuf);
	cr_expect(strstr(obuf, "\nATTR ID  TYPE         FLAGS    SIZE  NAME\n") != NULL);
	free(obuf);
	vfsim_destroy(v);
}
