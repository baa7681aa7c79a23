/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the stress programs share: the command line of liburcu's torture
 * tests (--seconds N --threads N --seed N; N seconds may be a fraction),
 * printed so a run can be replayed, splitmix64 for per-thread streams
 * derived from the seed, the
 * quiescent points of the invariant checker, and what the walker threads
 * do with their task and their open fds.
 */
#ifndef VFSIM_TESTS_STRESS_H
#define VFSIM_TESTS_STRESS_H

#include <stdbool.h>
#include <stdint.h>

#include <vfsim/vfsim.h>

struct stress_args {
	double seconds;
	unsigned long threads;
	uint64_t seed;		/* default: one of its own, printed */
};

/*
 * stress_parse - parse the common flags (and, if @extra_flag is not NULL,
 * that one boolean flag into *@extra_set); at least @min_threads threads.
 * Prints "PROG: seed S threads T seconds N"; exits 2 on a bad command line.
 */
void stress_parse(int argc, char **argv, const char *prog,
		  unsigned long min_threads, const char *extra_flag,
		  bool *extra_set, struct stress_args *a);

/* splitmix64: the next number of the stream in *@s. */
uint64_t stress_rand(uint64_t *s);

/* Errors seen so far: the program fails if any. */
extern unsigned long stress_nr_errors;

/* Count an error and print "PROG: WHAT DETAIL: RET (ERRNAME)". */
void stress_error(const char *what, const char *detail, long ret);

/* What one thread did: calls, successes, errors a race explains. */
struct stress_counts {
	unsigned long ops, ok, expected_err;
};

/* Tally @ret: success, one of the errnos in @allowed (0-ended) that a race
 * explains, or an error. */
void stress_tally(struct stress_counts *c, const char *what, const char *detail,
		  long ret, const int *allowed);

/*
 * Quiescent points for the invariant checker: vfsim_check_invariants()
 * reads the whole model and wants no call in flight, so every call of the
 * workers holds the quiesce lock for reading (STRESS_OP) and the checker
 * takes it for writing, writers first so that a stream of calls cannot
 * starve it.  stress_quiesce_init() before the threads start.
 */
void stress_quiesce_init(void);
void stress_op_begin(void);
void stress_op_end(void);
#define STRESS_OP(expr) ({						\
	long __r;							\
	stress_op_begin();						\
	__r = (expr);							\
	stress_op_end();						\
	__r;								\
})

/* The checker thread's loop: vfsim_check_invariants(@v) every millisecond
 * until *@stop, at quiescent points unless @unquiesced; a violation is an
 * error and ends the loop.  Counts into @n. */
void stress_check_loop(struct vfsim *v, const int *stop, bool unquiesced,
		       struct stress_counts *n);

/* A task of its own for a worker thread: NULL (and an error) on failure. */
struct vfsim_task *stress_task(struct vfsim *v);
void stress_task_end(struct vfsim_task *t);

/* A walker's open O_PATH directory fds: at most STRESS_MAX_HELD. */
#define STRESS_MAX_HELD 4
struct stress_held {
	int fd[STRESS_MAX_HELD];
	unsigned int n;
};

/* Open @path O_PATH | O_DIRECTORY as @t (ENOENT is no error) and hold the
 * fd, closing the oldest when all are taken: the result of the open. */
long stress_hold(struct stress_counts *c, struct vfsim_task *t, struct stress_held *h,
		 const char *path);
/* Close the newest held fd; every held fd. */
void stress_release_one(struct stress_counts *c, struct vfsim_task *t, struct stress_held *h);
void stress_release_all(struct stress_counts *c, struct vfsim_task *t, struct stress_held *h);

/* The errnos a race explains for a walk: ENOENT (the path went), 0-ended. */
extern const int stress_walk_ok[];

/* Look @path up as @t (vfsim_path_mnt_id() at a quiescent point), tallied
 * as "path_mnt_id" with stress_walk_ok: the mount ID or -errno. */
long stress_walk(struct stress_counts *c, struct vfsim_task *t, const char *path);

/*
 * stress_walker - the frame of a walker thread: a task of its own on @v
 * and the fds it holds, @step(@arg, task, held) over and over until
 * *@stop, then every held fd closed (counted into @c) and the task ended.
 */
void stress_walker(struct vfsim *v, const int *stop, struct stress_counts *c,
		   void (*step)(void *arg, struct vfsim_task *t, struct stress_held *held),
		   void *arg);

/*
 * stress_end - the end of a program's run: no warning raised, then
 * vfsim_destroy_check(@v) (which destroys @v) finds no leak; prints
 * "PROG: ok", or "PROG: FAILED (N errors), seed S" if any error was
 * counted.  The program's exit status: 0 or 1.
 */
int stress_end(struct vfsim *v, const char *prog, uint64_t seed);

/* The run: sleep @seconds, then raise *@stop for the threads. */
void stress_run_for(double seconds, int *stop);

#endif
