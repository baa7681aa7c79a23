/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The vfsim command: what its subcommands share.  The command is built only
 * on the public API (the headers of include/vfsim) and libc; the scenario
 * engine it runs is <vfsim/scenario.h>.
 */
#ifndef VFSIM_TOOL_H
#define VFSIM_TOOL_H

#include <stdbool.h>
#include <stdio.h>

#include <vfsim/scenario.h>

#define TOOL_NAME "vfsim"

/* Exit statuses: the engine's, and 2 for a bad command line. */
enum tool_exit {
	TOOL_EXIT_OK = VFSIM_SCENARIO_EXIT_OK,
	TOOL_EXIT_FAIL = VFSIM_SCENARIO_EXIT_FAIL,
	TOOL_EXIT_USAGE = 2,
	TOOL_EXIT_DATAERR = VFSIM_SCENARIO_EXIT_DATAERR,
	TOOL_EXIT_NOINPUT = VFSIM_SCENARIO_EXIT_NOINPUT,
};

/* Subcommands: argv[0] is the subcommand's name; they return an exit status. */
int cmd_demo(int argc, char **argv);
int cmd_run(int argc, char **argv);
/* `vfsim run` on @v with -J's JSON lines and/or the progress line
 * (run_lines.c): the run's status. */
int run_lines(struct vfsim *v, FILE *in, const struct vfsim_scenario_opts *opts,
	      bool json, bool progress);
int cmd_fsinfo(int argc, char **argv);
int cmd_mntinfo(int argc, char **argv);
int cmd_watch(int argc, char **argv);
int cmd_tree(int argc, char **argv);
int cmd_shell(int argc, char **argv);
int cmd_ctl(int argc, char **argv);
/* statmount/listmount (cmd_statmount.c) */
int cmd_statmount(int argc, char **argv);
int cmd_listmount(int argc, char **argv);

/* `vfsim watch` (cmd_watch.c), also the end of `vfsim demo`: the
 * watch_test sample's run on a new default tree.  Returns an exit status. */
struct watch_options {
	bool v17;		/* the v17 quirks of the notification code */
	bool quiet;		/* no "# operation" lines */
	bool check;		/* invariants after every step */
	bool json;		/* JSON lines (watch_json.c) */
	FILE *scenario;		/* run this instead of the built-in steps */
	const char *scenario_name;
};
int watch_port(const struct watch_options *o);

/*
 * The built-in scenarios, tools/vfsim/NAME.scn compiled in as strings
 * (CMakeLists.txt writes them into builtin_scn.c); run one with
 * tool_feed_text().
 */
extern const char tool_scn_demo[];
extern const char tool_scn_watch_begin[];
extern const char tool_scn_watch_steps[];
extern const char tool_scn_watch_end[];

/* vfsim_scenario_feed() of @text, named @name in reports. */
int tool_feed_text(struct vfsim_scenario *s, const char *text,
		   const char *name);

/*
 * Messages (messages.c).  tool_error(): "vfsim: " and the message on
 * standard error, every byte that is not printable ASCII as \ooo (what
 * the user typed is repeated as safe text).  tool_finish(): flush and
 * close standard output; a lost write turns @status 0 into 1, with a
 * message.  tool_prefix_stream(): a stream that writes each line to @to,
 * escaped, after @prefix (unless the line starts with "vfsim: "), the
 * first line followed by ": @hint" (NULL: none); fclose() it.
 */
void tool_put_escaped(FILE *out, const char *s, size_t len);
/* @s, or its start and "..." in @buf (@len bytes) if it does not fit:
 * a name repeated in a message. */
#define TOOL_SHORT 128
const char *tool_short(const char *s, char *buf, size_t len);
void tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A usage error, on one line, as git says it: "vfsim: @cmd: MESSAGE
 * (see 'vfsim @cmd --help')" (@cmd NULL: the top level's). */
void tool_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* tool_start(): standard output through a stream that keeps the errno
 * of a lost write, for tool_finish() (call it first). */
void tool_start(void);
int tool_finish(int status);
FILE *tool_prefix_stream(FILE *to, const char *prefix, const char *hint);

/* The top-level usage text (main.c). */
void tool_usage(FILE *out);

#endif /* VFSIM_TOOL_H */
