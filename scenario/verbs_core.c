// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs about the kernel and the scenario itself: boot, tree,
 * check, stats, echo, note, after_each, and the prefixes `as` and `expect`.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "engine.h"

static long verb_boot(struct scn_call *c)
{
	return c->sys->boot(scn_backend(c), c->argv[0]);
}

/* tree [-l] [-r] [-J] [--dot] [-o COLS] [--target PATH]: as `vfsim tree`. */
static long verb_tree(struct scn_call *c)
{
	struct vfsim_tree_opts o = { 0 };
	bool list = false, raw = false, json = false, dot = false;
	long ret;
	int i;

	for (i = 0; i < c->argc; i++) {
		const char *a = c->argv[i];
		bool has_value = i + 1 < c->argc;

		if (!strcmp(a, "-l")) {
			list = true;
		} else if (!strcmp(a, "-r")) {
			raw = true;
		} else if (!strcmp(a, "-J")) {
			json = true;
		} else if (!strcmp(a, "--dot")) {
			dot = true;
		} else if (!strcmp(a, "-o") && has_value) {
			o.columns = c->argv[++i];
		} else if (!strcmp(a, "--target") && has_value) {
			o.target = c->argv[++i];
		} else {
			return scn_syntax(c, "tree: bad option '%s' (usage: tree [-l] [-r] [-J] [--dot] [-o COLS] [--target PATH])",
					  a);
		}
	}
	o.format = dot ? VFSIM_TREE_DOT : json ? VFSIM_TREE_JSON :
		   raw ? VFSIM_TREE_RAW : list ? VFSIM_TREE_LIST : VFSIM_TREE_TREE;
	o.flat = list;
	ret = c->sys->tree(c->task, scn_out(c), &o);
	if (ret >= 0 && scn_wants_result(c)) {
		char *text;
		long got = c->sys->mountinfo(c->task, &text);

		if (got < 0)
			return got;
		scn_set_mountinfo(c, text);
	}
	return ret;
}

static long verb_check(struct scn_call *c)
{
	char why[512] = "";
	long ret = c->sys->check(scn_backend(c), why, sizeof(why));

	if (ret < 0 && why[0])
		scn_set_detail(c, "%s", why);
	return ret;
}

static long verb_stats(struct scn_call *c)
{
	struct vfsim_alloc_stats st;

	vfsim_rcu_barrier();	/* let deferred frees happen first */
	vfsim_alloc_stats(c->v, &st);
	fprintf(scn_out(c),
		"live: %" PRIu64 " objects, %" PRIu64 " bytes (peak %" PRIu64
		" bytes, %" PRIu64 " allocations in all)\n",
		st.live_objects, st.live_bytes, st.peak_bytes, st.total_allocs);
	return 0;
}

static void put_words(FILE *out, int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (i)
			fputc(' ', out);
		fputs(argv[i], out);
	}
	fputc('\n', out);
}

static long verb_echo(struct scn_call *c)
{
	put_words(scn_out(c), c->argc, c->argv);
	return 0;
}

/* A heading for the output that a quiet run leaves out (`vfsim watch -q`
 * keeps only what watch_test itself prints). */
static long verb_note(struct scn_call *c)
{
	if (!scn_quiet(c)) {
		fputs(c->argc ? "# " : "#", scn_out(c));
		put_words(scn_out(c), c->argc, c->argv);
	}
	return 0;
}

/*
 * after_each [VERB ...]: what to do after every later line, such as
 * reading a pipe to show what each operation posted.  Only the verb's
 * name is checked now; the rest when it runs, for each line.
 */
static long verb_after_each(struct scn_call *c)
{
	if (c->argc > 0 && !scn_verb_find(c->argv[0]))
		return scn_syntax(c, "after_each: unknown verb '%s'", c->argv[0]);
	if (c->argc > 0 && strcmp(c->argv[0], "after_each") == 0)
		return scn_syntax(c, "after_each cannot run after_each");
	if (scn_set_after_each(c, c->argc, c->argv) < 0)
		return scn_fail(c, "out of memory");
	return 0;
}

static long verb_as(struct scn_call *c)
{
	struct scn_call sub = *c;
	bool has_gid;
	uid_t uid;
	gid_t gid;
	long ret;

	if (c->prefixes & SCN_IN_AS)
		return scn_syntax(c, "'as' given twice");
	ret = scn_parse_ids(c, c->argv[0], &uid, &gid, &has_gid);
	if (ret < 0)
		return ret;
	if (!has_gid)
		gid = (gid_t)uid;

	sub.task = scn_task_get(c, uid, gid, &ret);
	if (ret < 0) {
		char ebuf[128];

		return scn_fail(c, "as %s: cannot create the task: %s",
				c->argv[0], vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
	}
	sub.prefixes |= SCN_IN_AS;
	ret = scn_dispatch(&sub, c->argc - 1, c->argv + 1);
	if (ret < 0 && ret != SCN_SYNTAX && ret != SCN_FAILED) {
		char prefix[32];

		snprintf(prefix, sizeof(prefix), "as %s ", c->argv[0]);
		scn_prefix_what(c, prefix);
	}
	return ret;
}

static long verb_expect(struct scn_call *c)
{
	struct scn_call sub = *c;
	const char *name = c->argv[0];
	int want;
	long ret;
	char ebuf[128];

	if (c->prefixes & SCN_IN_EXPECT)
		return scn_syntax(c, "'expect' given twice");
	want = vfsim_errno_from_name(name);
	if (!want)
		return scn_syntax(c, "unknown errno name '%s'", name);

	sub.prefixes |= SCN_IN_EXPECT;
	ret = scn_dispatch(&sub, c->argc - 1, c->argv + 1);
	if (ret == SCN_SYNTAX || ret == SCN_FAILED)
		return ret;
	if (ret == -want)
		return 0;
	if (ret >= 0)
		return scn_fail(c, "expected %s, got success", name);
	vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf));
	return scn_fail(c, "expected %s, got %s", name,
			vfsim_errno_name((int)ret) ? vfsim_errno_name((int)ret) : ebuf);
}

const struct scn_verb scn_verbs_core[] = {
	{ "boot", 1, 1, 0, verb_boot, "default|empty",
	  "mount a root and build the tree (once)" },
	{ "tree", 0, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_tree,
	  "[-l] [-r] [-J] [--dot] [-o COLS] [--target PATH]",
	  "print the mount tree (options as vfsim tree's)" },
	{ "check", 0, 0, 0, verb_check, "",
	  "check the invariants now (else EUCLEAN)" },
	{ "stats", 0, 0, SCN_VERB_MODEL, verb_stats, "",
	  "print the kernel's live allocations" },
	{ "echo", 0, SCN_UNLIMITED, 0, verb_echo, "[TEXT]...",
	  "print the words, one space apart" },
	{ "note", 0, SCN_UNLIMITED, 0, verb_note, "[TEXT]...",
	  "print '# ' and the words, unless the run is quiet" },
	{ "after_each", 0, SCN_UNLIMITED, 0, verb_after_each, "[VERB ...]",
	  "run VERB after every later line (none: stop)" },
	{ "as", 2, SCN_UNLIMITED, SCN_VERB_PREFIX, verb_as, "UID[:GID] VERB ...",
	  "run VERB as that task (GID: as UID)" },
	{ "expect", 2, SCN_UNLIMITED, SCN_VERB_PREFIX, verb_expect,
	  "ERRNAME VERB ...", "VERB must fail with exactly ERRNAME" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
