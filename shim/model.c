// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The shim's simulated kernel: one instance per process, set up on the
 * first call that is for the model, under pthread_once so that threads
 * racing to it all see the same instance.
 *
 *   VFSIM_SHIM_QUIRKS    VFSIM_QUIRK_* bits for vfsim_create(): a number
 *                        (0x.. hex) or names "B6,B11" ("all": B1..B11)
 *   VFSIM_SHIM_SCENARIO  a scenario file run first on the new instance
 *                        (its output goes to stderr); if it leaves the
 *                        instance unbooted, the default tree is booted
 *
 * Without VFSIM_SHIM_SCENARIO the default tree is booted.  If anything
 * fails, the reason goes to stderr once and every routed call fails with
 * ENOSYS, as on a kernel without the patch set.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "internal.h"

#define QUIRK_ALL (((1ULL << 12) - 1) & ~1ULL)	/* B1 .. B11 */

static pthread_once_t model_once = PTHREAD_ONCE_INIT;
static struct vfsim *model;
static struct vfsim_task *model_task;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
	va_list ap;

	fputs("vfsim-shim: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("; calls for the model fail with ENOSYS\n", stderr);
}

/* "0x840", "64" or "B6,B11" / "all"; false if @s is neither. */
static bool parse_quirks(const char *s, uint64_t *out)
{
	char *copy, *tok, *save, *end;
	uint64_t bits = 0;
	bool ok = true;

	if (s[0] >= '0' && s[0] <= '9') {
		errno = 0;
		bits = strtoull(s, &end, 0);
		if (errno || *end || (bits & ~QUIRK_ALL))
			return false;
		*out = bits;
		return true;
	}
	copy = strdup(s);
	if (!copy)
		return false;
	for (tok = strtok_r(copy, ", ", &save); tok && ok;
	     tok = strtok_r(NULL, ", ", &save)) {
		unsigned long n;

		if (strcmp(tok, "all") == 0) {
			bits |= QUIRK_ALL;
			continue;
		}
		if (tok[0] != 'B' || tok[1] < '1' || tok[1] > '9') {
			ok = false;
			break;
		}
		n = strtoul(tok + 1, &end, 10);
		if (*end || n < 1 || n > 11)
			ok = false;
		else
			bits |= 1ULL << n;
	}
	free(copy);
	*out = bits;
	return ok;
}

/* Run @file on @v, output and reports on stderr (the program's stdout
 * stays its own); false (reported) if it did not run clean. */
static bool run_scenario(struct vfsim *v, const char *file)
{
	struct vfsim_scenario_opts opts = { .name = file, .err = stderr };
	FILE *in = fopen(file, "re");
	int status;

	if (!in) {
		fail("VFSIM_SHIM_SCENARIO=%s: %s", file, strerror(errno));
		return false;
	}
	status = vfsim_scenario_run(v, in, stderr, &opts);
	fclose(in);
	if (status != 0) {
		fail("VFSIM_SHIM_SCENARIO=%s failed (exit status %d, as `vfsim run` "
		     "would give)", file, status);
		return false;
	}
	return true;
}

static void model_setup(void)
{
	struct vfsim_options opts = { 0 };
	const char *quirks = getenv("VFSIM_SHIM_QUIRKS");
	const char *scenario = getenv("VFSIM_SHIM_SCENARIO");
	struct vfsim *v;
	int err;

	if (quirks && *quirks && !parse_quirks(quirks, &opts.quirks)) {
		fail("VFSIM_SHIM_QUIRKS=%s: not a mask of bits 1..11 nor a list of "
		     "B1..B11 or all", quirks);
		return;
	}
	err = vfsim_create(&opts, &v);
	if (err < 0) {
		fail("cannot create the simulated kernel: %s", strerror(-err));
		return;
	}
	if (scenario && *scenario && !run_scenario(v, scenario))
		goto out_destroy;
	if (!vfsim_init_task(v)) {
		err = vfsim_boot(v, "default");
		if (err < 0) {
			fail("cannot boot the default tree: %s", strerror(-err));
			goto out_destroy;
		}
	}
	model_task = vfsim_init_task(v);
	model = v;
	return;

out_destroy:
	vfsim_destroy(v);
}

__thread unsigned int shim_in_model __attribute__((tls_model("initial-exec")));

struct vfsim_task *shim_task(void)
{
	shim_enter();
	pthread_once(&model_once, model_setup);
	shim_leave();
	return model_task;
}

SHIM_EXPORT struct vfsim *vfsim_shim_instance(void)
{
	shim_task();
	return model;
}

SHIM_EXPORT struct vfsim_task *vfsim_shim_task(void)
{
	return shim_task();
}
