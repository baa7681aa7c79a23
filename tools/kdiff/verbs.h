/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The verbs vfsim-kdiff accepts: the mount-tree verbs of the scenario
 * language (docs/scenario.md), parsed and turned into system calls exactly
 * as scenario/verbs_*.c do, but through struct kd_ops so that one
 * function serves both sides.
 *
 * A verb runs twice over: first "dry" when the scenario is loaded, which
 * checks its arguments (a malformed line is reported before either side
 * starts), then for real on each side, where the same parsing cannot fail.
 */
#ifndef VFSIM_KDIFF_VERBS_H
#define VFSIM_KDIFF_VERBS_H

#include <stdbool.h>
#include <stdio.h>

#include "fdtab.h"
#include "ops.h"

#define KD_SYNTAX (-100000L)	/* malformed line, already reported */

struct kd_call {
	const struct kd_ops *ops;
	void *task;		/* for @ops */
	struct kd_fdtab *fds;	/* the task's named fds */
	const char *verb;	/* its name: verbs that share a handler
				 * tell themselves apart */
	int argc;		/* arguments after the verb's name */
	char **argv;
	struct kd_buf *data;	/* what `tree` read (mountinfo text) */
	bool dry;		/* only check the arguments */
	const char *file;	/* for messages */
	unsigned long lineno;
	char why[512];		/* the engine's parsers' reasons */
};

struct kd_verb {
	const char *name;
	int min_args;
	int max_args;		/* KD_UNLIMITED: no limit */
	unsigned int flags;	/* KD_VERB_* */
	long (*run)(struct kd_call *c);
	const char *args;	/* synopsis, for messages */
};

#define KD_UNLIMITED (-1)
#define KD_VERB_RUNNER 0x1u	/* done by the runner, not by a task */
#define KD_VERB_NO_PREFIX 0x2u	/* takes neither `as` nor `expect` */
#define KD_VERB_MAKES_FD 0x4u	/* binds an fd to NAME, its first word (open, fsopen...) */

/* Does @verb bind an fd to the NAME that is its first word? */
bool kd_verb_makes_fd(const char *verb);

extern const struct kd_verb kd_verbs_core[];
extern const struct kd_verb kd_verbs_fs[];
extern const struct kd_verb kd_verbs_mount[];
extern const struct kd_verb kd_verbs_mount_api[];
extern const struct kd_verb kd_verbs_fanotify[];

const struct kd_verb *kd_verb_find(const char *name);

/* Report a malformed line as "vfsim-kdiff: FILE:LINE: ..."; KD_SYNTAX. */
long kd_syntax(struct kd_call *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Check the verb line @argv (argv[0] is the verb): 0 or KD_SYNTAX. */
long kd_validate(const char *file, unsigned long lineno, int argc,
		 char **argv);

/* Run the verb line @argv as the task @task of @ops: >= 0 or -errno. */
long kd_exec(const struct kd_ops *ops, void *task, struct kd_fdtab *fds,
	     int argc, char **argv, struct kd_buf *data);

/* The verb list for --help. */
void kd_verbs_help(FILE *out);

/*
 * The result @ret of a parser of <vfsim/scenario.h> that wrote its reason
 * to KD_WHY(c): 0, or the line is malformed (reported; KD_SYNTAX).  Out
 * of memory ends the program, as kd_malloc() does.
 */
long kd_parsed(struct kd_call *c, int ret);
#define KD_WHY(c) (c)->why, sizeof((c)->why)

#endif /* VFSIM_KDIFF_VERBS_H */
