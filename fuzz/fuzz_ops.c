// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The program harness: each input is a program of up to 64 system calls
 * (fuzz/ops/prog.h: mounts of every kind, binds, moves, propagation,
 * umount with every flag, expiry, automount points, symlinks, chroot,
 * tasks without capabilities, notification pipes, filters, reads, watches,
 * superblock events, fsinfo; in inputs whose first byte is 0xfe or 0xff,
 * also move_mount, open_tree, mount_setattr, fsopen, fsconfig, fsmount
 * and pivot_root) run on a fresh instance
 * through the public API.  A bug is:
 *
 *   - an errno outside the call's set, a broken invariant or a kernel
 *     warning after any call (prog_exec());
 *   - an object left behind at teardown (vfsim_destroy_check());
 *   - a second run of the same program whose trace (every result, every
 *     byte read, the final mountinfo) differs: the library promises the
 *     same bytes for the same calls;
 *   - the scenario the program prints (`expect ERRNAME` on each call that
 *     failed) not replaying cleanly under the scenario engine, with
 *     invariants checked after every line: the engine and the API must
 *     agree, and every finding must become a regression scenario.
 *
 * The last two cost two more instances: they run for every replayed input
 * and, under AFL++ or libFuzzer, for the inputs whose hash is 0 modulo
 * FUZZ_FULL_EVERY (one in 16, always the same ones).
 *
 * Commands besides the driver's (fuzz/driver.h):
 *   fuzz_ops --print FILE...   each input as a scenario on stdout (what
 *                              tests/scenarios/ keeps of a finding)
 *   fuzz_ops --bench N         N pseudo-random programs; prints executions
 *                              per second (fresh instance each)
 *   fuzz_ops --kdiff DIR FILE...  each input's calls that the kernel has
 *                              too, as DIR/<input>.scn for vfsim-kdiff
 *                              (scripts/fuzz_kdiff.py runs and shrinks them)
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "driver.h"
#include "ops/prog.h"

#define FUZZ_FULL_EVERY 16

/*
 * fs.mount-max of the harness's instances: `bind / / rec` doubles the tree,
 * and 64 calls could otherwise build Linux's 100000 mounts, with an
 * invariant check over all of them after each call.
 */
#define FUZZ_MOUNT_MAX 1000

/*
 * Mount hashes of 64 buckets (mhash_shift 6; the dentry hash is four times
 * that): a program's tree is small, and a reset copies the tables back.
 */
#define FUZZ_MHASH_SHIFT 6

static const struct vfsim_options fuzz_options = {
	.seed = 1, .mount_max = FUZZ_MOUNT_MAX, .mhash_shift = FUZZ_MHASH_SHIFT,
};
/* The same, restorable: the instances fuzz_one() resets for each input. */
static const struct vfsim_options reset_options = {
	.seed = 1, .mount_max = FUZZ_MOUNT_MAX, .mhash_shift = FUZZ_MHASH_SHIFT,
	.allocator = VFSIM_ALLOC_SNAPSHOT,
};

struct fuzz_state {
	struct prog prog;
	bool always_full;	/* replaying: every check on every input */
	/* Booted once, snapshotted, reset before each program: [0] empty,
	 * [1] the default tree. */
	struct vfsim *booted[2];
};

static uint32_t fnv1a(const unsigned char *data, size_t len)
{
	uint32_t h = 2166136261u;

	while (len--)
		h = (h ^ *data++) * 16777619u;
	return h;
}

static struct vfsim *boot(const struct vfsim_options *opts, bool dflt)
{
	struct vfsim *v;

	if (vfsim_create(opts, &v) < 0)
		fuzz_fail("vfsim_create failed");
	if (vfsim_boot(v, dflt ? "default" : "empty") < 0)
		fuzz_fail("vfsim_boot failed");
	return v;
}

/*
 * Run @p, its trace into *@buf if @buf: on a fresh instance, destroyed
 * with the leak check, or (@reset) on @reset put back to its snapshot.
 */
static void run(struct prog *p, struct vfsim *reset, char **buf, size_t *len)
{
	FILE *trace = NULL;
	struct vfsim *v;
	unsigned long leaks;

	if (reset) {
		if (vfsim_reset(reset) < 0)
			fuzz_fail("vfsim_reset failed");
		v = reset;
	} else {
		v = boot(&fuzz_options, p->boot_default);
	}

	if (buf) {
		trace = open_memstream(buf, len);
		if (!trace)
			fuzz_fail("open_memstream failed");
	}
	prog_exec(p, v, trace);
	if (trace) {
		char info[16384];
		long n = vfsim_mountinfo(vfsim_init_task(v), info, sizeof(info));

		if (n > 0)
			fwrite(info, 1, (size_t)(n < (long)sizeof(info) ? n : (long)sizeof(info)),
			       trace);
		fprintf(trace, "mountinfo = %ld\n", n);
		fclose(trace);
	}
	if (reset)
		return;
	leaks = vfsim_destroy_check(v, stderr);
	if (leaks)
		fuzz_fail("%lu objects or warnings left at teardown", leaks);
}

/* The printed scenario must replay to the same results under the engine. */
static void replay_as_scenario(const struct prog *p)
{
	struct vfsim_scenario_opts opts = { .name = "program", .check = true, .quiet = true };
	char *text = NULL, *report = NULL;
	size_t tlen = 0, rlen = 0;
	FILE *in, *out, *err;
	struct vfsim *v;
	int status;

	out = open_memstream(&text, &tlen);
	if (!out)
		fuzz_fail("open_memstream failed");
	prog_print(p, out);
	fclose(out);

	if (vfsim_create(&fuzz_options, &v) < 0)
		fuzz_fail("vfsim_create failed");
	in = fmemopen(text, tlen, "r");
	out = fopen("/dev/null", "w");
	err = open_memstream(&report, &rlen);
	if (!in || !out || !err)
		fuzz_fail("cannot open the scenario's streams");
	opts.err = err;
	status = vfsim_scenario_run(v, in, out, &opts);
	fclose(in);
	fclose(out);
	fclose(err);
	if (status != VFSIM_SCENARIO_EXIT_OK)
		fuzz_fail("the program's scenario does not replay (status %d):\n%s--\n%s",
			  status, report, text);
	if (vfsim_destroy_check(v, stderr))
		fuzz_fail("the scenario's instance leaked");
	free(report);
	free(text);
}

static struct vfsim *boot_snapshot(bool dflt)
{
	struct vfsim *v = boot(&reset_options, dflt);

	if (vfsim_snapshot(v) < 0)
		fuzz_fail("vfsim_snapshot failed");
	return v;
}

struct fuzz_state *fuzz_setup(void)
{
	struct fuzz_state *s = calloc(1, sizeof(*s));

	if (!s)
		fuzz_fail("out of memory");
	s->booted[0] = boot_snapshot(false);
	s->booted[1] = boot_snapshot(true);
#if !defined(__AFL_FUZZ_TESTCASE_LEN) && !defined(VFSIM_LIBFUZZER)
	s->always_full = true;
#endif
	return s;
}

void fuzz_one(struct fuzz_state *s, const unsigned char *data, size_t len)
{
	char *t1 = NULL, *t2 = NULL;
	size_t l1 = 0, l2 = 0;

	prog_decode(&s->prog, data, len);
	/*
	 * Which inputs get the full checks depends on the input alone, not
	 * on how many came before: the same input must run the same code
	 * every time (AFL++'s stability), so no run counter here.
	 */
	if (!s->always_full && fnv1a(data, len) % FUZZ_FULL_EVERY) {
		run(&s->prog, s->booted[s->prog.boot_default], NULL, NULL);
		return;
	}
	/* A fresh instance, with the leak check, against a reset one: the
	 * same bytes, or a run is not determined by its calls, or a reset
	 * does not give back what a boot gives. */
	run(&s->prog, NULL, &t1, &l1);
	run(&s->prog, s->booted[s->prog.boot_default], &t2, &l2);
	if (l1 != l2 || memcmp(t1, t2, l1) != 0)
		fuzz_fail("a program's run on a fresh instance and on a reset one differ:\n"
			  "%s--\n%s", t1, t2);
	free(t1);
	free(t2);
	replay_as_scenario(&s->prog);
}

void fuzz_teardown(struct fuzz_state *s)
{
	if (vfsim_destroy_check(s->booted[0], stderr) ||
	    vfsim_destroy_check(s->booted[1], stderr))
		fuzz_fail("the reset instances leaked");
	free(s);
}

/* ---- --print and --bench -------------------------------------------------------- */

/* Read @path as one input into @p and run it (findings kept, not fatal). */
static int load(const char *path, struct prog *p)
{
	static unsigned char buf[FUZZ_MAX_INPUT];
	FILE *f = fopen(path, "rb");
	size_t len;

	if (!f) {
		perror(path);
		return -1;
	}
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	prog_decode(p, buf, len);
	p->keep_going = true;
	run(p, NULL, NULL, NULL);
	return 0;
}

static int kdiff_files(const char *dir, int argc, char **argv)
{
	static struct prog p;
	int i, ret = 0;

	for (i = 0; i < argc; i++) {
		const char *base = strrchr(argv[i], '/');
		char path[4096];
		FILE *out;

		if (load(argv[i], &p) < 0) {
			ret = 1;
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s.scn", dir, base ? base + 1 : argv[i]);
		out = fopen(path, "w");
		if (!out) {
			perror(path);
			return 1;
		}
		fprintf(out, "# %s, the calls the kernel has too (fuzz_ops --kdiff)\n", argv[i]);
		prog_print_kdiff(&p, out);
		fclose(out);
	}
	return ret;
}

static int print_files(int argc, char **argv)
{
	static struct prog p;
	int i, ret = 0;

	for (i = 0; i < argc; i++) {
		if (load(argv[i], &p) < 0) {
			ret = 1;
			continue;
		}
		printf("# %s\n", argv[i]);
		prog_print(&p, stdout);
	}
	return ret;
}

/* xorshift64: the same programs on every machine. */
static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* @reset: the instance each program starts from, NULL for a fresh one. */
static int bench(unsigned long n, bool use_reset)
{
	struct vfsim *booted[2] = { NULL, NULL };
	static unsigned char buf[1 + 64 * 8];
	static struct prog p;
	struct timespec a, b, ca, cb;
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	unsigned long i, calls = 0;
	double secs, cpu;
	size_t j;

	if (use_reset) {
		booted[0] = boot_snapshot(false);
		booted[1] = boot_snapshot(true);
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ca);
	for (i = 0; i < n; i++) {
		for (j = 0; j < sizeof(buf); j++)
			buf[j] = (unsigned char)next(&x);
		prog_decode(&p, buf, sizeof(buf));
		run(&p, booted[p.boot_default], NULL, NULL);
		for (j = 0; j < (size_t)p.nops; j++)
			calls += p.ops[j].ran;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cb);
	secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
	cpu = (double)(cb.tv_sec - ca.tv_sec) + (double)(cb.tv_nsec - ca.tv_nsec) / 1e9;
	/* CPU time as well as wall time: on a busy machine the process gets
	 * a fraction of a core, and only the first says what one core does. */
	printf("fuzz_ops: %lu programs, %lu calls (%s): %.3f s, %.0f execs/s; "
	       "CPU %.3f s, %.0f execs per CPU-second, %.1f us per call\n",
	       n, calls, use_reset ? "reset instance" : "fresh instance", secs,
	       (double)n / secs, cpu, (double)n / cpu, cpu * 1e6 / (double)(calls ? calls : 1));
	if (use_reset && (vfsim_destroy_check(booted[0], stderr) ||
			  vfsim_destroy_check(booted[1], stderr)))
		fuzz_fail("the reset instances leaked");
	return 0;
}

int fuzz_command(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "--print") == 0) {
		prog_echo = true;	/* a program that crashes still shows its calls */
		return print_files(argc - 2, argv + 2);
	}
	if (argc >= 3 && strcmp(argv[1], "--kdiff") == 0)
		return kdiff_files(argv[2], argc - 3, argv + 3);
	if (argc == 3 && strcmp(argv[1], "--bench") == 0)
		return bench(strtoul(argv[2], NULL, 10), true);
	if (argc == 3 && strcmp(argv[1], "--bench-fresh") == 0)
		return bench(strtoul(argv[2], NULL, 10), false);
	return -1;
}
