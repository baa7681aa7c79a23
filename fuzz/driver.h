/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The main() that every fuzz harness (fuzz/fuzz_<name>.c) shares, in
 * fuzz/driver.c.  A harness provides fuzz_setup(), fuzz_one() and
 * fuzz_teardown(); the driver runs them one of two ways:
 *
 *   replay   `fuzz_<name> FILE...`, or one input on stdin: for each input
 *            setup, one, teardown.  Every input gets a fresh state, so
 *            whatever teardown finds (a leak) belongs to that input.  This
 *            is how ctest replays fuzz/corpus/<name>/ and
 *            fuzz/regressions/<name>/, and how a crash is triaged.
 *   AFL++    built with afl-clang-fast and started by afl-fuzz with no
 *            arguments: persistent mode with the test case in shared
 *            memory; setup once, fuzz_one() per test case, teardown after
 *            each batch of FUZZ_AFL_BATCH test cases (the process then
 *            exits and AFL forks a new one).
 *   libFuzzer built with clang -fsanitize=fuzzer and -DVFSIM_LIBFUZZER
 *            (fuzz/build.sh): LLVMFuzzerTestOneInput() calls fuzz_one()
 *            on a state set up at the first input; libFuzzer's main().
 *
 * A harness reports a bug only by aborting (fuzz_fail()); fuzz_one() must
 * leave the state ready for the next input.  A harness may also define
 * fuzz_command() for options of its own (--print, say): the driver calls
 * it first, and it returns an exit status, or -1 when the arguments are
 * not its own.
 */
#ifndef VFSIM_FUZZ_DRIVER_H
#define VFSIM_FUZZ_DRIVER_H

#include <stddef.h>

#define FUZZ_MAX_INPUT (1U << 20)	/* AFL++'s own test case limit */
#define FUZZ_AFL_BATCH 10000

struct fuzz_state;

struct fuzz_state *fuzz_setup(void);
void fuzz_one(struct fuzz_state *s, const unsigned char *data, size_t len);
void fuzz_teardown(struct fuzz_state *s);

int fuzz_command(int argc, char **argv) __attribute__((weak));

/* Print why to stderr and abort(): the harness found a bug. */
void fuzz_fail(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));

#endif
