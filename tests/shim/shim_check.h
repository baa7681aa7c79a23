/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Checks for the shim's test programs.  They are built like a program of
 * the patch set (vfsim-shim's flags, no internal headers), so no
 * Criterion: a failed check prints where and why and exits 1.
 */
#ifndef VFSIM_TESTS_SHIM_CHECK_H
#define VFSIM_TESTS_SHIM_CHECK_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned int shim_checks;
/* Where checks report: stderr, or its original while it is captured. */
static FILE *shim_err;

#define SHIM_ERR (shim_err ? shim_err : stderr)

#define CHECK(cond)							\
	do {								\
		shim_checks++;						\
		if (!(cond)) {						\
			fprintf(SHIM_ERR, "%s:%d: check failed: %s (errno %s)\n", \
				__FILE__, __LINE__, #cond, strerror(errno)); \
			exit(1);					\
		}							\
	} while (0)

/* @call returns -1 with errno @err. */
#define CHECK_ERR(call, err)						\
	do {								\
		long r_;						\
									\
		errno = 0;						\
		r_ = (long)(call);					\
		shim_checks++;						\
		if (r_ != -1 || errno != (err)) {			\
			fprintf(SHIM_ERR, "%s:%d: %s: expected -1/%s, got %ld/%s\n", \
				__FILE__, __LINE__, #call, strerror(err), r_, \
				strerror(errno));			\
			exit(1);					\
		}							\
	} while (0)

/* The closing line ctest's readers understand. */
#define CHECKS_DONE(name)						\
	do {								\
		printf("%s: %u passed, 0 failed\n", (name), shim_checks); \
		return 0;						\
	} while (0)

/*
 * Send fd 2 (what the shim and the scenario engine write to) to a
 * temporary file, read back with captured(); checks keep reporting to the
 * real stderr.
 */
static int shim_capture_fd = -1;

static __attribute__((unused)) void capture_stderr(void)
{
	char path[] = "/tmp/vfsim-shim-stderrXXXXXX";
	int saved = dup(2);

	CHECK(saved >= 0);
	shim_err = fdopen(saved, "w");
	CHECK(shim_err != NULL);
	setvbuf(shim_err, NULL, _IONBF, 0);
	shim_capture_fd = mkstemp(path);
	CHECK(shim_capture_fd >= 0);
	CHECK(unlink(path) == 0);
	CHECK(dup2(shim_capture_fd, 2) == 2);
}

/* Everything written to fd 2 since capture_stderr(), NUL-terminated. */
static __attribute__((unused)) const char *captured(void)
{
	static char buf[8192];
	ssize_t n;

	n = pread(shim_capture_fd, buf, sizeof(buf) - 1, 0);
	CHECK(n >= 0);
	buf[n] = '\0';
	return buf;
}

#endif /* VFSIM_TESTS_SHIM_CHECK_H */
