// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs of mount and superblock notifications (seeds 002, 003):
 * watch_mount, watch_sb, unwatch_mount, unwatch_sb, the events a
 * filesystem raises from below (sb_error, sb_edquot, sb_network), and
 * quirk, which turns the posted v17 behaviour of an erratum on or off.
 *
 * PIPE is a NAME kept by `pipe` (verbs_pipe.c) or `open`.  A watch verb
 * runs as the task that owns PIPE, whatever `as` says, since the fd only
 * means something in that task's table: to resolve PATH as another user,
 * make the pipe as that user (`as 1000 pipe p`).  Records are read with
 * `read PIPE`.  The verbs print nothing; what they return is matched by
 * `expect` as for any verb.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* AT_NO_AUTOMOUNT, AT_EMPTY_PATH */
#endif
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/vfsim.h>

#include "engine.h"

/* Words for a list joined by commas ("no_automount,empty_path"). */
struct flag_word {
	const char *word;
	unsigned int value;
};

static const struct flag_word at_words[] = {
	{ "no_automount", AT_NO_AUTOMOUNT },
	{ "empty_path", AT_EMPTY_PATH },
};

/* The network status words: the seed gives NETWORK no flags of its own,
 * so the model reads WATCH_INFO_FLAG_0 as "the link went down". */
static const struct flag_word network_words[] = {
	{ "up", 0 },
	{ "down", WATCH_INFO_FLAG_0 },
	{ "flag0", WATCH_INFO_FLAG_0 },
	{ "flag1", WATCH_INFO_FLAG_1 },
	{ "flag2", WATCH_INFO_FLAG_2 },
	{ "flag3", WATCH_INFO_FLAG_3 },
	{ "flag4", WATCH_INFO_FLAG_4 },
	{ "flag5", WATCH_INFO_FLAG_5 },
	{ "flag6", WATCH_INFO_FLAG_6 },
	{ "flag7", WATCH_INFO_FLAG_7 },
};

/* Every erratum with a quirk bit (include/vfsim/vfsim.h). */
static const struct {
	const char *name;
	uint64_t bit;
} quirk_names[] = {
	{ "B1", VFSIM_QUIRK_B1 },   { "B2", VFSIM_QUIRK_B2 },
	{ "B3", VFSIM_QUIRK_B3 },   { "B4", VFSIM_QUIRK_B4 },
	{ "B5", VFSIM_QUIRK_B5 },   { "B6", VFSIM_QUIRK_B6 },
	{ "B7", VFSIM_QUIRK_B7 },   { "B8", VFSIM_QUIRK_B8 },
	{ "B9", VFSIM_QUIRK_B9 },   { "B10", VFSIM_QUIRK_B10 },
	{ "B11", VFSIM_QUIRK_B11 }, { "B13", VFSIM_QUIRK_B13 },
};

/* @arg as WORD[,WORD]...; @what names the list in the message. */
static long parse_words(struct scn_call *c, const char *arg, const char *what,
			const struct flag_word *words, size_t nr,
			unsigned int *flags)
{
	const char *w = arg;

	for (;;) {
		size_t n = strcspn(w, ","), i;

		for (i = 0; i < nr; i++)
			if (strlen(words[i].word) == n &&
			    strncmp(words[i].word, w, n) == 0)
				break;
		if (i == nr) {
			char list[160] = "";

			for (i = 0; i < nr; i++) {
				strncat(list, i ? ", " : "", sizeof(list) - strlen(list) - 1);
				strncat(list, words[i].word, sizeof(list) - strlen(list) - 1);
			}
			return scn_syntax(c, "bad %s '%.*s' (%s)", what, (int)n, w, list);
		}
		*flags |= words[i].value;
		if (!w[n])
			return 0;
		w += n + 1;
	}
}

/*
 * The watch verbs' common part: PIPE PATH [ID] [FLAGS], ID present iff
 * @id_idx > 0; @watch_id -1 removes.
 */
static long do_watch(struct scn_call *c, bool sb, int id_idx)
{
	int flags_idx = id_idx > 0 ? id_idx + 1 : 2;
	unsigned int at_flags = 0;
	struct vfsim_task *t;
	int fd, watch_id = -1;

	if (scn_fd_lookup_model(c, c->argv[0], false, &t, &fd) < 0)
		return SCN_SYNTAX;
	if (id_idx > 0) {
		uint64_t id;

		/* Up to INT_MAX, so that the kernel's range check shows. */
		if (scn_parse_u64(c, c->argv[id_idx], "watch ID", INT32_MAX, &id) < 0)
			return SCN_SYNTAX;
		watch_id = (int)id;
	}
	if (c->argc > flags_idx &&
	    parse_words(c, c->argv[flags_idx], "watch flag", at_words,
			ARRAY_LEN(at_words), &at_flags) < 0)
		return SCN_SYNTAX;

	if (sb)
		return vfsim_watch_sb(t, AT_FDCWD, c->argv[1], at_flags, fd, watch_id);
	return vfsim_watch_mount(t, AT_FDCWD, c->argv[1], at_flags, fd, watch_id);
}

/* watch_mount PIPE PATH ID [FLAGS] */
static long verb_watch_mount(struct scn_call *c)
{
	return do_watch(c, false, 2);
}

/* watch_sb PIPE PATH ID [FLAGS] */
static long verb_watch_sb(struct scn_call *c)
{
	return do_watch(c, true, 2);
}

/* unwatch_mount PIPE PATH [FLAGS]: watch_mount(..., watch_id = -1) */
static long verb_unwatch_mount(struct scn_call *c)
{
	return do_watch(c, false, 0);
}

/* unwatch_sb PIPE PATH [FLAGS] */
static long verb_unwatch_sb(struct scn_call *c)
{
	return do_watch(c, true, 0);
}

/* sb_error PATH ERRNAME|NUMBER: the number is passed as is (the kernel
 * refuses what is not a positive errno value). */
static long verb_sb_error(struct scn_call *c)
{
	const char *e = c->argv[1];
	int err = vfsim_errno_from_name(e);

	if (!err) {
		uint64_t n;

		if (e[0] == 'E')
			return scn_syntax(c, "unknown errno name '%s'", e);
		if (scn_parse_u64(c, e, "error number", INT32_MAX, &n) < 0)
			return SCN_SYNTAX;
		err = (int)n;
	}
	return vfsim_sb_error(scn_model_task(c), c->argv[0], err);
}

/* sb_edquot PATH */
static long verb_sb_edquot(struct scn_call *c)
{
	return vfsim_sb_edquot(scn_model_task(c), c->argv[0]);
}

/* sb_network PATH STATUS: a number, or up|down|flag0..flag7 joined by commas */
static long verb_sb_network(struct scn_call *c)
{
	const char *s = c->argv[1];
	unsigned int status = 0;

	if (s[0] >= '0' && s[0] <= '9') {
		uint64_t n;

		if (scn_parse_u64(c, s, "network status", UINT32_MAX, &n) < 0)
			return SCN_SYNTAX;
		status = (unsigned int)n;
	} else if (parse_words(c, s, "network status", network_words,
			       ARRAY_LEN(network_words), &status) < 0) {
		return SCN_SYNTAX;
	}
	return vfsim_sb_network(scn_model_task(c), c->argv[0], status);
}

/* quirk NAME|all on|off */
static long verb_quirk(struct scn_call *c)
{
	const char *name = c->argv[0], *state = c->argv[1];
	uint64_t bits = 0, q;
	size_t i;

	if (strcmp(name, "all") == 0) {
		for (i = 0; i < ARRAY_LEN(quirk_names); i++)
			bits |= quirk_names[i].bit;
	} else {
		for (i = 0; i < ARRAY_LEN(quirk_names); i++)
			if (strcmp(quirk_names[i].name, name) == 0)
				bits = quirk_names[i].bit;
		if (!bits) {
			/* the names from the table, so the list cannot go stale */
			char list[128] = "";

			for (i = 0; i < ARRAY_LEN(quirk_names); i++) {
				strcat(list, quirk_names[i].name);
				strcat(list, ", ");
			}
			return scn_syntax(c, "no quirk '%s' (%sall)", name, list);
		}
	}

	q = vfsim_quirks(c->v);
	if (strcmp(state, "on") == 0)
		q |= bits;
	else if (strcmp(state, "off") == 0)
		q &= ~bits;
	else
		return scn_syntax(c, "quirk %s: 'on' or 'off', not '%s'", name, state);
	scn_oops_to_out(c);
	vfsim_set_quirks(c->v, q);
	return 0;
}

const struct scn_verb scn_verbs_notify[] = {
	{ "watch_mount", 3, 4, SCN_VERB_MODEL, verb_watch_mount,
	  "PIPE PATH ID [no_automount,empty_path]",
	  "watch_mount(2): mount events below PATH, watch ID 0..255" },
	{ "watch_sb", 3, 4, SCN_VERB_MODEL, verb_watch_sb,
	  "PIPE PATH ID [no_automount,empty_path]",
	  "watch_sb(2): events of PATH's superblock" },
	{ "unwatch_mount", 2, 3, SCN_VERB_MODEL, verb_unwatch_mount,
	  "PIPE PATH [no_automount,empty_path]",
	  "watch_mount(2) with ID -1: remove PIPE's watch on PATH" },
	{ "unwatch_sb", 2, 3, SCN_VERB_MODEL, verb_unwatch_sb,
	  "PIPE PATH [no_automount,empty_path]",
	  "watch_sb(2) with ID -1" },
	{ "sb_error", 2, 2, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_sb_error, "PATH ERRNAME",
	  "PATH's superblock reports an error (notify_sb_error)" },
	{ "sb_edquot", 1, 1, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_sb_edquot, "PATH",
	  "PATH's superblock reports a quota overrun" },
	{ "sb_network", 2, 2, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_sb_network,
	  "PATH up|down|flag0..7|NUMBER",
	  "PATH's superblock reports a network status change" },
	{ "quirk", 2, 2, SCN_VERB_MODEL, verb_quirk, "B1..B13|all on|off",
	  "reproduce (on) or fix (off) an erratum of the posted patches" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
