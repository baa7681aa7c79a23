/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the scenario engine (docs/scenario.md): what the interpreter
 * (run.c) offers the verbs.  The engine's public face is
 * <vfsim/scenario.h>; nothing here leaves the library.
 *
 * Verbs are rows of tables (struct scn_verb), one table per file of verbs
 * (verbs_core.c, verbs_fs.c, verbs_mount.c, ...), all listed in verbs.c.  To
 * add verbs, write a new file with a table and add one line there.
 *
 * A verb's handler returns what the operation returned: >= 0 for success or
 * a negative errno, which the interpreter matches against `expect` or
 * reports.  Two further values, below any errno, say that the handler has
 * already reported the problem itself: SCN_SYNTAX (the line is malformed:
 * exit 65) and SCN_FAILED (exit 1).  Use scn_syntax() and scn_fail() to
 * produce them.
 */
#ifndef VFSIM_SCENARIO_ENGINE_H
#define VFSIM_SCENARIO_ENGINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "sys.h"
#include "tool_api.h"

/* What reports start with: "vfsim: FILE:LINE: ..." */
#define SCN_PROG "vfsim"

#define SCN_SYNTAX (-100000L)	/* malformed line, already reported */
#define SCN_FAILED (-100001L)	/* failure, already reported */

/* The longest line, without its newline: a longer one is malformed. */
#define SCN_LINE_MAX 1048576u

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* One invocation of a verb. */
struct scn_call {
	struct vfsim_scenario *s;
	const struct scn_sys *sys;	/* the backend's calls (sys.h) */
	struct vfsim *v;		/* the model's instance; NULL on
					 * another backend */
	struct scn_task *task;		/* runs as: init, or the `as` task;
					 * NULL before boot */
	const char *verb;		/* the verb's name: verbs that share
					 * a handler tell themselves apart */
	int argc;			/* arguments after the verb's name */
	char **argv;
	unsigned int prefixes;		/* SCN_IN_*: prefixes seen so far */
};

#define SCN_IN_EXPECT 0x1u
#define SCN_IN_AS 0x2u
#define SCN_IN_ON 0x4u

typedef long (*scn_verb_fn)(struct scn_call *c);

struct scn_verb {
	const char *name;
	int min_args;
	int max_args;		/* SCN_UNLIMITED: no limit */
	unsigned int flags;	/* SCN_VERB_* */
	scn_verb_fn run;
	const char *args;	/* synopsis of the arguments, for messages */
	const char *help;	/* one line */
};

#define SCN_UNLIMITED (-1)
#define SCN_VERB_NEEDS_TASK 0x1u /* refuse before boot (no init task) */
#define SCN_VERB_PREFIX 0x2u	 /* takes another verb: as, expect */
#define SCN_VERB_MODEL 0x4u	 /* the model's alone: refused on the kernel */

/* Run @argv[0] with arguments @argv[1..argc-1] as part of @c (prefix verbs
 * call this for the verb they carry). */
long scn_dispatch(struct scn_call *c, int argc, char **argv);

/* ---- for verb handlers (report.c) ----------------------------------------- */

/* Report a malformed line ("vfsim: FILE:LINE: <msg>"); returns SCN_SYNTAX. */
long scn_syntax(struct scn_call *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Report a failure; returns SCN_FAILED. */
long scn_fail(struct scn_call *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Text appended to the report if the verb returns an errno that is not
 * expected ("umount /a: EBUSY (...): <detail>"). */
void scn_set_detail(struct scn_call *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Put @prefix before the operation named in the report ("as 1000 "). */
void scn_prefix_what(struct scn_call *c, const char *prefix);
/* Where verbs print, and where they complain in words of their own. */
FILE *scn_out(struct scn_call *c);
FILE *scn_err(struct scn_call *c);
/* The run is quiet (struct vfsim_scenario_opts.quiet). */
bool scn_quiet(struct scn_call *c);
/* Oopses (B4's quirk) print on the run's output until it ends. */
void scn_oops_to_out(struct scn_call *c);

/* Someone wants each line's result (vfsim_scenario_set_result()). */
bool scn_wants_result(struct scn_call *c);
/* The text a `tree` line's result carries (taken; freed after the line). */
void scn_set_mountinfo(struct scn_call *c, char *text);

/* The host of vfsim_scenario_set_host() (all NULL if none). */
const struct vfsim_scenario_host *scn_host(struct scn_call *c);

/* The backend's state, for the calls of struct scn_sys that take it. */
void *scn_backend(struct scn_call *c);

/* The model's task of a SCN_VERB_MODEL verb (only they run on it). */
static inline struct vfsim_task *scn_model_task(struct scn_call *c)
{
	return scn_vtask(c->task);
}

/* ---- the scenario's names (names.c) --------------------------------------- */

/* The task with these credentials: init for 0:0, else created on first use
 * and reused.  NULL with *@err = 0 before boot for 0:0; NULL with a negative
 * errno in *@err if creation failed. */
struct scn_task *scn_task_get(struct scn_call *c, uid_t uid, gid_t gid,
			      long *err);

/* Named tasks (`task NAME fork`): the task NAME names ("init": the init
 * task), or NULL; a new name; forgetting a task that exited, with the fd
 * names it held. */
struct scn_task *scn_named_task(struct scn_call *c, const char *name);
long scn_named_task_add(struct scn_call *c, const char *name, struct scn_task *t);
void scn_named_task_forget(struct scn_call *c, struct scn_task *t);

/* Named file descriptors (open NAME ... / close NAME). */
long scn_fd_add(struct scn_call *c, const char *name, struct scn_task *t,
		int fd);
bool scn_fd_exists(struct scn_call *c, const char *name);
/* Look NAME up (SCN_SYNTAX if unknown); with @remove, forget it. */
long scn_fd_lookup(struct scn_call *c, const char *name, bool remove,
		   struct scn_task **t, int *fd);

/* scn_fd_lookup() for a SCN_VERB_MODEL verb: the model's task. */
static inline long scn_fd_lookup_model(struct scn_call *c, const char *name,
				       bool remove, struct vfsim_task **t,
				       int *fd)
{
	struct scn_task *st = NULL;
	long ret = scn_fd_lookup(c, name, remove, &st, fd);

	*t = scn_vtask(st);
	return ret;
}

/* Key names (key add ... NAME): the serial a name stands for.  Adding a
 * name that exists rebinds it.  0, or SCN_FAILED (out of memory). */
long scn_key_add(struct scn_call *c, const char *name, int32_t serial);
/* true and *@serial if @name is a key name. */
bool scn_key_lookup(struct scn_call *c, const char *name, int32_t *serial);

/* ---- after_each (run.c) ---------------------------------------------------- */

/* Run @argv (@argc words) after every later line; @argc 0: no longer.
 * 0, or -ENOMEM. */
int scn_set_after_each(struct scn_call *c, int argc, char **argv);

/* ---- arguments (args.c) --------------------------------------------------- */

/* Octal mode, at most 07777.  0 or SCN_SYNTAX. */
long scn_parse_mode(struct scn_call *c, const char *s, mode_t *mode);
/* Decimal ID, 0 .. 2^32-2.  0 or SCN_SYNTAX. */
long scn_parse_id(struct scn_call *c, const char *s, unsigned int *id);
/* UID[:GID]; *@has_gid says whether :GID was given.  0 or SCN_SYNTAX. */
long scn_parse_ids(struct scn_call *c, const char *s, uid_t *uid, gid_t *gid,
		   bool *has_gid);

/* ---- arguments (args_num.c) ----------------------------------------------- */

/* Decimal, or hex after 0x, at most @max; @what names it in the message.
 * 0 or SCN_SYNTAX. */
long scn_parse_u64(struct scn_call *c, const char *s, const char *what,
		   uint64_t max, uint64_t *v);

/* ---- words (tokenize.c) ---------------------------------------------------- */

/* Write @s to @out quoted if it needs it to read back as one word. */
void scn_put_token(FILE *out, const char *s);
/* Write @s to @out with every byte that is not printable ASCII (control
 * bytes, DEL, 0x80 and up: binary, or UTF-8) as \ooo, as the tree writes
 * them, so that a report is one line of plain text whatever the input. */
void scn_put_escaped(FILE *out, const char *s);
/* @argc words as one allocation, the layout of vfsim_scenario_split()'s
 * (free() it); NULL if out of memory. */
char **scn_words_copy(int argc, char *const *argv);

/* ---- the kernel backend (sys_kernel.c) ------------------------------------ */

/* Its state, the init task in a private mount namespace: 0, or -errno
 * with the reason in @why. */
long scn_kernel_begin(void **backend, char *why, size_t whylen);

/* ---- checking an input before it runs (validate.c) ------------------------- */

/* Every line of @text (@len bytes) on @sys: a verb that backend can run.
 * Reports the first that is not as "vfsim: NAME:LINE: ..." on @err and
 * returns VFSIM_SCENARIO_EXIT_DATAERR; else EXIT_OK (other mistakes are
 * the run's to find). */
int scn_validate(const struct scn_sys *sys, const char *text, size_t len,
		 const char *name, FILE *err);

/* ---- statmount and listmount, printed (statmount_print.c) ----------------- */

/* vfsim_scenario_statmount() and vfsim_scenario_listmount() on a backend. */
long scn_print_statmount(const struct scn_sys *sys, struct scn_task *t,
			 uint64_t mnt_id, uint64_t mask, FILE *out);
/* @stat: each listed mount's statmount (all fields) under its line. */
long scn_print_listmount(const struct scn_sys *sys, struct scn_task *t,
			 uint64_t mnt_id, uint64_t last, size_t count,
			 unsigned int flags, bool stat, FILE *out);

/* ---- the verb tables (verbs.c) -------------------------------------------- */

extern const struct scn_verb scn_verbs_core[];
extern const struct scn_verb scn_verbs_fs[];
extern const struct scn_verb scn_verbs_mount[];
extern const struct scn_verb scn_verbs_netfs[];
extern const struct scn_verb scn_verbs_fsinfo[];
extern const struct scn_verb scn_verbs_notify[];
extern const struct scn_verb scn_verbs_pipe[];
extern const struct scn_verb scn_verbs_tobj[];
extern const struct scn_verb scn_verbs_host[];
extern const struct scn_verb scn_verbs_keys[];
/* fanotify mount events (verbs_fanotify.c) */
extern const struct scn_verb scn_verbs_fanotify[];
extern const struct scn_verb scn_verbs_file[];
extern const struct scn_verb scn_verbs_task[];
extern const struct scn_verb scn_verbs_userns[];
/* statmount/listmount (verbs_statmount.c) */
extern const struct scn_verb scn_verbs_statmount[];
extern const struct scn_verb scn_verbs_mount_api[];
/* directories and names (verbs_dirs.c) */
extern const struct scn_verb scn_verbs_dirs[];

const struct scn_verb *scn_verb_find(const char *name);

#endif /* VFSIM_SCENARIO_ENGINE_H */
