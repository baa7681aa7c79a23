/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The state of one scenario (struct vfsim_scenario), shared by the files
 * of the interpreter: run.c, report.c, names.c.  Verbs reach it only
 * through the functions of engine.h.
 */
#ifndef VFSIM_SCENARIO_SESSION_H
#define VFSIM_SCENARIO_SESSION_H

#include <stdbool.h>
#include <stdio.h>

#include "engine.h"

struct scn_task_entry;
struct scn_fd_entry;
struct scn_key_entry;
struct scn_named_task;

struct vfsim_scenario {
	const struct scn_sys *sys;	/* the backend's calls */
	void *backend;			/* and its state */
	struct vfsim *v;		/* the model's instance, or NULL */
	FILE *out;			/* what verbs print, and the trace */
	FILE *err;			/* reports */
	bool check, quiet;
	const char *file;		/* the input being run, for reports */
	char *file_copy;		/* file, when not "-" */
	unsigned long lineno;		/* its line; 0 for the whole input */
	int status;			/* the first failure's, then sticky */
	unsigned long warnings;		/* vfsim_warn_count() at the start */
	bool oops_hook;			/* `quirk` pointed the hook at out */
	bool out_lost;			/* a write to out failed: reported */
	int after_argc;			/* after_each's words; 0: none */
	char **after_argv;
	unsigned long after_gen;	/* bumped by every after_each */
	struct scn_task_entry *tasks;	/* created by `as`, newest first */
	struct scn_fd_entry *fds;	/* open NAMEs, newest first */
	struct vfsim_scenario_host host;	/* vfsim_scenario_set_host() */
	struct scn_key_entry *keys;	/* key NAMEs, newest first */
	vfsim_scenario_result_fn result_fn;	/* vfsim_scenario_set_result() */
	void *result_arg;
	char *op_mountinfo;		/* a `tree` line's, for result_fn */
	bool op_ran;			/* the line's verb ran ... */
	long op_result;			/* ... and returned this */
	int what_argc;			/* the innermost verb of the line, */
	char **what_argv;		/* until scn_what() writes it out */
	char what[512];			/* ... there */
	char detail[512];		/* scn_set_detail() */
	struct scn_named_task *named_tasks;	/* `task NAME fork`, newest first */
};

/* "vfsim: FILE:LINE: <msg>" on s->err (no LINE while lineno is 0). */
void scn_report(struct vfsim_scenario *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The innermost verb's words, for reports: kept by scn_set_what(), and
 * written out, re-quoted where needed, by scn_what() (s->what). */
void scn_set_what(struct vfsim_scenario *s, int argc, char **argv);
const char *scn_what(struct vfsim_scenario *s);
/* Forget every task and fd name (the tasks and fds stay in the kernel). */
void scn_names_free(struct vfsim_scenario *s);

#endif /* VFSIM_SCENARIO_SESSION_H */
