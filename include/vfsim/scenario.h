/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The scenario engine: scenario text (docs/scenario.md) run on an instance
 * of the model, as `vfsim run` runs it.  A harness keeps its setup and its
 * expectations as scenario files and runs them here, on an instance it
 * made itself, comparing what they print with golden output:
 *
 *	vfsim_create(NULL, &v);
 *	vfsim_boot(v, "default");
 *	... the harness's own calls on v ...
 *	out = open_memstream(&got, &len);
 *	status = vfsim_scenario_run(v, in, out, &opts);	(in: the .scn file)
 *	fclose(out);
 *	ok = status == VFSIM_SCENARIO_EXIT_OK && strcmp(got, golden) == 0;
 *
 * The whole program is docs/scenario.md's "From C" (built and run by
 * ctest docs.scenario); tests/consumer/scenario_harness.c does the same
 * with a setup text fed before the file (built and run by ctest
 * consumer.scenario_harness, and against the installed package by
 * `make install-check`).
 *
 * Lifetime: the engine never creates or destroys the caller's instance.
 * What a scenario does to it stays: mounts, tasks made by `as`, files and
 * pipes left open (the scenario's names for them go when it ends), the
 * quirks `quirk` set.  The output and error streams are only written
 * while a function of this header runs.
 *
 * Threading: a scenario runs entirely on the calling thread and the engine
 * has no global state, so scenarios on different instances may run in
 * parallel.  One instance runs one scenario at a time, and other threads
 * should leave it alone meanwhile: the model is thread-safe, but what a
 * scenario prints and expects assumes nobody else changes the tree.
 */
#ifndef VFSIM_SCENARIO_H
#define VFSIM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include <vfsim/vfsim.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses of a run (the last two are sysexits.h's). */
#define VFSIM_SCENARIO_EXIT_OK 0	/* every line did what it should */
#define VFSIM_SCENARIO_EXIT_FAIL 1	/* an operation failed unexpectedly,
					 * an expect was not met, an invariant
					 * was broken, the kernel warned */
#define VFSIM_SCENARIO_EXIT_DATAERR 65	/* a malformed line (EX_DATAERR) */
#define VFSIM_SCENARIO_EXIT_NOINPUT 66	/* the input cannot be read
					 * (EX_NOINPUT) */
#define VFSIM_SCENARIO_EXIT_UNAVAILABLE 69 /* the running kernel cannot be
					 * used here (EX_UNAVAILABLE) */

/* How to run.  All zero (or a NULL pointer) is the default. */
struct vfsim_scenario_opts {
	const char *name;	/* the input's name in reports; NULL: "-" */
	FILE *err;		/* where reports go; NULL: stderr */
	bool trace;		/* echo each line to the output as "> LINE" */
	bool check;		/* vfsim_check_changed() after every line,
				 * vfsim_check_invariants() at the end */
	bool quiet;		/* `note` lines print nothing */
};

/* ---- running a scenario --------------------------------------------------- */

/**
 * vfsim_scenario_run - run the scenario text read from @in on @v.
 *
 * What the verbs print goes to @out (NULL: stdout); reports go to
 * @opts->err as "vfsim: NAME:LINE: REASON".  @v may be booted already
 * (then a `boot` line fails with EBUSY) or not (then a `boot` line boots
 * it); it stays alive.  The first line that fails ends the run; kernel
 * warnings during the run fail it too.
 *
 * Returns a VFSIM_SCENARIO_EXIT_* status, or -EINVAL if @v or @in is NULL.
 */
VFSIM_API int vfsim_scenario_run(struct vfsim *v, FILE *in, FILE *out,
				 const struct vfsim_scenario_opts *opts);

/**
 * vfsim_scenario_run_file - the same on an instance of its own: create
 * one (vfsim_create(NULL, ...)), run the file at @path on it (named @path
 * in reports unless @opts->name says otherwise), destroy it.
 *
 * Returns a VFSIM_SCENARIO_EXIT_* status (EXIT_NOINPUT if @path cannot be
 * opened, EXIT_FAIL if no instance can be made: both reported), or
 * -EINVAL if @path is NULL.
 */
VFSIM_API int vfsim_scenario_run_file(const char *path, FILE *out,
				      const struct vfsim_scenario_opts *opts);

/* ---- on the running kernel ------------------------------------------------- */

struct vfsim_scenario;

/*
 * A scenario run on the kernel the machine runs, with the real system
 * calls, to see what Linux says where the model says something
 * (docs/scenario.md, "On the running kernel").  It runs in a private mount
 * namespace made for it, whose root, at `boot empty`, is a fresh tmpfs:
 * the caller's own mounts are never touched.  Its tasks are processes
 * that share the caller's memory (`as UID` makes one with those
 * credentials); they end with the scenario.  It needs root (CAP_SYS_ADMIN
 * to make the namespace), and runs on the thread that began it.  Verbs
 * that are the model's alone (fsinfo, watches, quirks, test objects, ...)
 * are refused before anything runs; `boot default` fails with EOPNOTSUPP.
 */

/**
 * vfsim_scenario_run_kernel - vfsim_scenario_run() on the running kernel:
 * the whole of @in is read and checked first.  Returns a
 * VFSIM_SCENARIO_EXIT_* status (EXIT_UNAVAILABLE, reported, when no
 * private mount namespace can be made here), or -EINVAL for a NULL @in.
 */
VFSIM_API int vfsim_scenario_run_kernel(FILE *in, FILE *out,
					const struct vfsim_scenario_opts *opts);

/**
 * vfsim_scenario_begin_kernel - vfsim_scenario_begin() on the running
 * kernel, for vfsim_scenario_feed() and vfsim_scenario_line(): 0, or
 * -errno with the reason in @why (@whylen bytes; may be NULL) when no
 * private mount namespace can be made here; -EINVAL for a NULL @sp.
 */
VFSIM_API int vfsim_scenario_begin_kernel(FILE *out,
					  const struct vfsim_scenario_opts *opts,
					  struct vfsim_scenario **sp,
					  char *why, size_t whylen);

/* ---- one scenario from several inputs -------------------------------------- */

/*
 * A scenario whose lines come from several inputs, each with its own name
 * and line numbers in reports: a harness's setup text, then a test's file,
 * say.  Everything a scenario keeps (fd and pipe names, tasks made by
 * `as`, `after_each`) carries over from one input to the next.
 * vfsim_scenario_run() is begin, one feed, end.
 */
struct vfsim_scenario;

/**
 * vfsim_scenario_begin - start a scenario on @v, printing to @out (NULL:
 * stdout) with @opts (NULL: defaults; @opts->name and @opts->trace are
 * vfsim_scenario_run()'s, unused here).  0, -EINVAL (@v or @sp NULL) or
 * -ENOMEM.
 */
VFSIM_API int vfsim_scenario_begin(struct vfsim *v, FILE *out,
				   const struct vfsim_scenario_opts *opts,
				   struct vfsim_scenario **sp);

/**
 * vfsim_scenario_feed - run the lines of @in, named @name in reports
 * (NULL: "-"), echoed as "> LINE" if @trace.
 *
 * Returns VFSIM_SCENARIO_EXIT_OK to go on, or the status of the line that
 * failed; after a failure later inputs are not run and the same status is
 * returned.  A line of more than 1 MiB, a NUL byte or a bare CR is
 * malformed (EXIT_DATAERR), a read error is EXIT_NOINPUT, a write to the
 * output that failed is EXIT_FAIL (docs/scenario.md).  -EINVAL if @s or
 * @in is NULL.
 */
VFSIM_API int vfsim_scenario_feed(struct vfsim_scenario *s, FILE *in,
				  const char *name, bool trace);

/**
 * vfsim_scenario_end - end the scenario and free @s: the kernel warnings
 * since vfsim_scenario_begin() fail the run now if nothing else did.
 * Returns the run's VFSIM_SCENARIO_EXIT_* status (EXIT_OK for NULL).
 */
VFSIM_API int vfsim_scenario_end(struct vfsim_scenario *s);

/* ---- a scenario beside a running program ------------------------------------ */

/*
 * What the verbs that wait for a program, or end it, ask of whoever runs
 * the scenario beside that program (the shim's VFSIM_SHIM_SCRIPT thread and
 * control channel, docs/shim.md).  Each returns 0 or a negative errno; a
 * NULL member, or no host at all, makes its verb a malformed line
 * ("only beside a running program").
 */
struct vfsim_scenario_host {
	void *arg;
	/* `wait watches N`: until at least @n watches set by the program
	 * exist on the model's objects. */
	long (*wait_watches)(void *arg, unsigned long n);
	/* `wait reads`: until the program is blocked in read() on a
	 * notification pipe with nothing left to read. */
	long (*wait_reads)(void *arg);
	/* `exit STATUS`: end the program as exit(@status) would, its stdio
	 * flushed; returns only if it cannot. */
	long (*exit)(void *arg, int status);
};

/**
 * vfsim_scenario_set_host - give @s the @host its waiting verbs need
 * (copied; NULL: none).  -EINVAL for a NULL @s.
 */
VFSIM_API int vfsim_scenario_set_host(struct vfsim_scenario *s,
				      const struct vfsim_scenario_host *host);

/* What one line did, for a program that keeps its own record of a run. */
struct vfsim_scenario_result {
	const char *name;	/* the input's name in reports */
	unsigned long lineno;
	int argc;		/* the line's words, prefixes included */
	char *const *argv;
	int status;		/* the line's VFSIM_SCENARIO_EXIT_* status */
	bool ran;		/* its verb ran: false for a malformed line,
				 * or one that failed before its call */
	long result;		/* what the verb returned (ran only): >= 0 or
				 * -errno, whatever `expect` made of it */
	const char *mountinfo;	/* a `tree` line that ran: the text
				 * /proc/self/mountinfo gave its task (to
				 * compare trees across backends); else NULL */
};

typedef void (*vfsim_scenario_result_fn)(const struct vfsim_scenario_result *r,
					 void *arg);

/**
 * vfsim_scenario_set_result - call @fn(result, @arg) after every line of
 * words @s runs (before its after_each), with what the line did (NULL:
 * no more).  -EINVAL for a NULL @s.
 */
VFSIM_API int vfsim_scenario_set_result(struct vfsim_scenario *s,
					vfsim_scenario_result_fn fn, void *arg);

/**
 * vfsim_scenario_run_kernel_results - vfsim_scenario_run_kernel() with
 * @fn(result, @arg) after every line (vfsim_scenario_set_result(); NULL:
 * none): `vfsim run -J --kernel`.  The input is still checked whole
 * before the first line runs.
 */
VFSIM_API int vfsim_scenario_run_kernel_results(FILE *in, FILE *out,
						const struct vfsim_scenario_opts *opts,
						vfsim_scenario_result_fn fn, void *arg);

/**
 * vfsim_scenario_line - run one line of scenario text, @line (without its
 * newline; a CR at its end is cut off), named line @lineno of @name (NULL:
 * "-") in reports, echoed as "> LINE" if @trace: what an interactive
 * session (`vfsim shell`) runs as the user types.
 *
 * Unlike vfsim_scenario_feed(), a line that fails is only reported: the
 * scenario goes on, the next line runs whatever earlier lines and inputs
 * did, and the run's status stays as it was.  Only a write to the output
 * that failed fails the run (vfsim_scenario_end() returns EXIT_FAIL).
 *
 * Returns the line's VFSIM_SCENARIO_EXIT_* status (OK for a blank or
 * comment line), or -EINVAL if @s or @line is NULL.
 */
VFSIM_API int vfsim_scenario_line(struct vfsim_scenario *s, const char *line,
				  const char *name, unsigned long lineno,
				  bool trace);

/**
 * vfsim_scenario_help - the verbs and prefixes, one line each, as
 * `vfsim run --help` lists them.
 */
VFSIM_API void vfsim_scenario_help(FILE *out);

/**
 * vfsim_scenario_verb_help - the line of vfsim_scenario_help() for the
 * verb or prefix @name: its arguments and what it does.  0, -ENOENT for a
 * name that is no verb, -EINVAL for a NULL argument.
 */
VFSIM_API int vfsim_scenario_verb_help(FILE *out, const char *name);

/**
 * vfsim_scenario_verb_name - the name of verb or prefix @i (from 0; the
 * order is the engine's tables', where vfsim_scenario_help() lists the
 * prefixes apart); NULL past the last.  To complete or list verbs.
 */
VFSIM_API const char *vfsim_scenario_verb_name(unsigned int i);

/**
 * vfsim_scenario_strerror - @err (a negative or positive errno) as the
 * engine reports it, "EBUSY (Device or resource busy)", in @buf.
 * Returns @buf.
 */
VFSIM_API const char *vfsim_scenario_strerror(long err, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* VFSIM_SCENARIO_H */
