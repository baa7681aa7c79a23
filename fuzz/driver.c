// SPDX-License-Identifier: LGPL-2.1-or-later
/* The shared main() of the fuzz harnesses: see driver.h. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "driver.h"

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz: invariant violated: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	abort();
}

#ifdef VFSIM_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_state *s;

	if (!s)
		s = fuzz_setup();
	fuzz_one(s, data, size);
	return 0;
}
#else
static void run_one(const unsigned char *data, size_t len)
{
	struct fuzz_state *s = fuzz_setup();

	fuzz_one(s, data, len);
	fuzz_teardown(s);
}

/* One input from @f (at most FUZZ_MAX_INPUT bytes, as AFL++ would give). */
static int replay(FILE *f, const char *name)
{
	static unsigned char buf[FUZZ_MAX_INPUT];
	size_t len = fread(buf, 1, sizeof(buf), f);

	if (ferror(f)) {
		fprintf(stderr, "fuzz: cannot read %s\n", name);
		return 1;
	}
	run_one(buf, len);
	return 0;
}

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();

/* The test case lives in AFL's shared memory: read it, never write it. */
static int afl_loop(void)
{
	struct fuzz_state *s = fuzz_setup();

	/* No deferred fork server (__AFL_INIT): the instance's liburcu
	 * threads must be started in the process that uses them. */
	while (__AFL_LOOP(FUZZ_AFL_BATCH)) {
		size_t len = __AFL_FUZZ_TESTCASE_LEN;

		fuzz_one(s, __AFL_FUZZ_TESTCASE_BUF, len);
	}
	fuzz_teardown(s);
	return 0;
}
#endif

int main(int argc, char **argv)
{
	int i, ret = 0;

	if (fuzz_command) {
		ret = fuzz_command(argc, argv);
		if (ret >= 0)
			return ret;
		ret = 0;
	}
	if (argc < 2) {
#ifdef __AFL_FUZZ_TESTCASE_LEN
		return afl_loop();
#else
		return replay(stdin, "stdin");
#endif
	}
	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");

		if (!f) {
			perror(argv[i]);
			ret = 1;
			continue;
		}
		ret |= replay(f, argv[i]);
		fclose(f);
	}
	return ret;
}
#endif /* VFSIM_LIBFUZZER */
