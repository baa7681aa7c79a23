/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the stress programs share: see stress.h. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/stress.h"

static void usage(const char *prog, const char *extra_flag)
{
	fprintf(stderr, "usage: %s [--seconds N] [--threads N] [--seed N]%s%s%s\n",
		prog, extra_flag ? " [" : "", extra_flag ? extra_flag : "",
		extra_flag ? "]" : "");
	exit(2);
}

unsigned long stress_nr_errors;
static const char *stress_prog = "stress";

void stress_error(const char *what, const char *detail, long ret)
{
	__atomic_add_fetch(&stress_nr_errors, 1, __ATOMIC_RELAXED);
	fprintf(stderr, "%s: %s %s: %ld (%s)\n", stress_prog, what, detail ? detail : "",
		ret, ret < 0 && vfsim_errno_name((int)-ret) ? vfsim_errno_name((int)-ret) : "-");
}

void stress_tally(struct stress_counts *c, const char *what, const char *detail,
		  long ret, const int *allowed)
{
	c->ops++;
	if (ret >= 0) {
		c->ok++;
		return;
	}
	for (; *allowed; allowed++)
		if (ret == -*allowed) {
			c->expected_err++;
			return;
		}
	stress_error(what, detail, ret);
}

/*
 * A seed nobody chose, for a run without --seed: the clock's nanoseconds
 * and the pid, mixed, so that runs started in the same second (ctest -j)
 * differ.  It is printed like any other.
 */
static uint64_t stress_own_seed(void)
{
	struct timespec ts;
	uint64_t s;

	clock_gettime(CLOCK_REALTIME, &ts);
	s = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	s ^= (uint64_t)getpid() << 32;
	return stress_rand(&s);
}

void stress_parse(int argc, char **argv, const char *prog,
		  unsigned long min_threads, const char *extra_flag,
		  bool *extra_set, struct stress_args *a)
{
	a->seconds = 1;
	a->threads = 4;
	a->seed = stress_own_seed();
	for (int i = 1; i < argc; i++) {
		if (extra_flag && !strcmp(argv[i], extra_flag)) {
			*extra_set = true;
			continue;
		}
		if (i + 1 >= argc)
			usage(prog, extra_flag);
		if (!strcmp(argv[i], "--seconds"))
			a->seconds = strtod(argv[++i], NULL);
		else if (!strcmp(argv[i], "--threads"))
			a->threads = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--seed"))
			a->seed = strtoull(argv[++i], NULL, 0);
		else
			usage(prog, extra_flag);
	}
	if (a->threads < min_threads)
		a->threads = min_threads;
	stress_prog = prog;
	if (!(a->seconds >= 0))	/* and not NaN */
		usage(prog, extra_flag);
	printf("%s: seed %" PRIu64 " threads %lu seconds %g\n", prog, a->seed,
	       a->threads, a->seconds);
	fflush(stdout);
}

uint64_t stress_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* ---- quiescent points ------------------------------------------------------- */

static pthread_rwlock_t quiesce;

void stress_quiesce_init(void)
{
	pthread_rwlockattr_t attr;

	pthread_rwlockattr_init(&attr);
	pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	pthread_rwlock_init(&quiesce, &attr);
	pthread_rwlockattr_destroy(&attr);
}

void stress_op_begin(void)
{
	pthread_rwlock_rdlock(&quiesce);
}

void stress_op_end(void)
{
	pthread_rwlock_unlock(&quiesce);
}

void stress_check_loop(struct vfsim *v, const int *stop, bool unquiesced,
		       struct stress_counts *n)
{
	char why[256];

	while (!__atomic_load_n(stop, __ATOMIC_RELAXED)) {
		struct timespec ts = { 0, 1000000 };	/* 1 ms */
		int ret;

		if (!unquiesced)
			pthread_rwlock_wrlock(&quiesce);
		ret = vfsim_check_invariants(v, why, sizeof(why));
		if (!unquiesced)
			pthread_rwlock_unlock(&quiesce);
		n->ops++;
		if (ret) {
			stress_error("invariant", why, ret);
			break;
		}
		n->ok++;
		nanosleep(&ts, NULL);
	}
}

/* ---- workers -------------------------------------------------------------------- */

static const int close_ok[] = { 0 };

struct vfsim_task *stress_task(struct vfsim *v)
{
	struct vfsim_task *t = NULL;
	long ret = STRESS_OP(vfsim_task_create(v, 0, 0, &t));

	if (ret) {
		stress_error("vfsim_task_create", NULL, ret);
		return NULL;
	}
	return t;
}

void stress_task_end(struct vfsim_task *t)
{
	stress_op_begin();
	vfsim_task_destroy(t);
	stress_op_end();
}

long stress_hold(struct stress_counts *c, struct vfsim_task *t, struct stress_held *h,
		 const char *path)
{
	static const int walk_ok[] = { ENOENT, 0 };
	long ret = STRESS_OP(vfsim_openat(t, AT_FDCWD, path, O_PATH | O_DIRECTORY, 0));

	stress_tally(c, "openat", path, ret, walk_ok);
	if (ret < 0)
		return ret;
	if (h->n == STRESS_MAX_HELD) {
		stress_tally(c, "close", path, STRESS_OP(vfsim_close(t, h->fd[0])), close_ok);
		memmove(h->fd, h->fd + 1, sizeof(h->fd[0]) * (STRESS_MAX_HELD - 1));
		h->n--;
	}
	h->fd[h->n++] = (int)ret;
	return ret;
}

void stress_release_one(struct stress_counts *c, struct vfsim_task *t, struct stress_held *h)
{
	if (h->n)
		stress_tally(c, "close", NULL, STRESS_OP(vfsim_close(t, h->fd[--h->n])), close_ok);
}

void stress_release_all(struct stress_counts *c, struct vfsim_task *t, struct stress_held *h)
{
	while (h->n)
		stress_release_one(c, t, h);
}

const int stress_walk_ok[] = { ENOENT, 0 };

long stress_walk(struct stress_counts *c, struct vfsim_task *t, const char *path)
{
	long ret = STRESS_OP(vfsim_path_mnt_id(t, path));

	stress_tally(c, "path_mnt_id", path, ret, stress_walk_ok);
	return ret;
}

void stress_walker(struct vfsim *v, const int *stop, struct stress_counts *c,
		   void (*step)(void *arg, struct vfsim_task *t, struct stress_held *held),
		   void *arg)
{
	struct vfsim_task *t = stress_task(v);
	struct stress_held held = { .n = 0 };

	if (!t)
		return;
	while (!__atomic_load_n(stop, __ATOMIC_RELAXED))
		step(arg, t, &held);
	stress_release_all(c, t, &held);
	stress_task_end(t);
}

int stress_end(struct vfsim *v, const char *prog, uint64_t seed)
{
	unsigned long bad;

	if (vfsim_warn_count(v))
		stress_error("warnings", NULL, (long)vfsim_warn_count(v));
	bad = vfsim_destroy_check(v, stderr);
	if (bad)
		stress_error("vfsim_destroy_check", NULL, (long)bad);
	if (stress_nr_errors) {
		fprintf(stderr, "%s: FAILED (%lu errors), seed %" PRIu64 "\n", prog,
			stress_nr_errors, seed);
		return 1;
	}
	printf("%s: ok\n", prog);
	return 0;
}

void stress_run_for(double seconds, int *stop)
{
	struct timespec ts = {
		.tv_sec = (time_t)seconds,
		.tv_nsec = (long)((seconds - (double)(time_t)seconds) * 1e9),
	};

	nanosleep(&ts, NULL);
	__atomic_store_n(stop, 1, __ATOMIC_RELAXED);
}
