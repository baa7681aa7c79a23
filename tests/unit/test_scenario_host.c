// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The verbs for a scenario beside a running program (scenario/verbs_host.c,
 * docs/scenario.md): `wait watches N`, `wait reads` and `exit STATUS` ask
 * the host of vfsim_scenario_set_host() (here a fake one that records the
 * calls), and are malformed lines without one; `sleep MS` advances the
 * instance's virtual clock (vfsim_clock_ns()), anywhere.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

struct fake {
	unsigned long watches[4];
	int nr_watches, reads, exits, status;
	long ret;
};

static long fake_wait_watches(void *arg, unsigned long n)
{
	struct fake *f = arg;

	f->watches[f->nr_watches++] = n;
	return f->ret;
}

static long fake_wait_reads(void *arg)
{
	struct fake *f = arg;

	f->reads++;
	return f->ret;
}

static long fake_exit(void *arg, int status)
{
	struct fake *f = arg;

	f->exits++;
	f->status = status;
	return f->ret;
}

/* Run @text on a booted instance with @host (NULL: none); the status, the
 * reports in @err (NULL: dropped). */
static int run(const char *text, const struct vfsim_scenario_host *host,
	       char **err, struct vfsim **vp)
{
	struct vfsim_scenario *s;
	struct vfsim *v;
	size_t elen;
	char *e = NULL;
	FILE *in, *out, *errf;
	int status;

	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "default"), 0);
	in = fmemopen((char *)text, strlen(text), "r");
	out = fopen("/dev/null", "w");
	errf = open_memstream(&e, &elen);
	cr_assert(in && out && errf);
	{
		struct vfsim_scenario_opts o = { .err = errf };

		cr_assert_eq(vfsim_scenario_begin(v, out, &o, &s), 0);
	}
	cr_assert_eq(vfsim_scenario_set_host(s, host), 0);
	vfsim_scenario_feed(s, in, "t.scn", false);
	status = vfsim_scenario_end(s);
	fclose(in);
	fclose(out);
	fclose(errf);
	if (err)
		*err = e;
	else
		free(e);
	if (vp)
		*vp = v;
	else
		vfsim_destroy(v);
	return status;
}

Test(scenario_host, verbs_reach_the_host)
{
	struct fake f = { 0 };
	struct vfsim_scenario_host h = {
		.arg = &f, .wait_watches = fake_wait_watches,
		.wait_reads = fake_wait_reads, .exit = fake_exit,
	};

	cr_assert_eq(run("wait watches 4\nwait reads\nwait watches 0x10\nexit 3\nexit\n",
			 &h, NULL, NULL), 0);
	cr_assert_eq(f.nr_watches, 2);
	cr_assert_eq(f.watches[0], 4);
	cr_assert_eq(f.watches[1], 16);
	cr_assert_eq(f.reads, 1);
	cr_assert_eq(f.exits, 2);
	cr_assert_eq(f.status, 0);	/* `exit` alone is exit 0 */
}

Test(scenario_host, host_errors_are_the_lines_errors)
{
	struct fake f = { .ret = -EINTR };
	struct vfsim_scenario_host h = {
		.arg = &f, .wait_watches = fake_wait_watches,
		.wait_reads = fake_wait_reads, .exit = fake_exit,
	};
	char *err;

	cr_assert_eq(run("expect EINTR wait reads\nexpect EINTR exit 1\nwait watches 1\n",
			 &h, &err, NULL), 1);
	cr_assert(strstr(err, "t.scn:3: wait watches 1: EINTR"), "%s", err);
	free(err);
}

Test(scenario_host, without_a_host_they_are_malformed)
{
	static const char *const lines[] = {
		"wait watches 1\n", "wait reads\n", "exit 0\n", "exit\n",
	};
	struct fake f = { 0 };
	/* A host without the hook is the same as none. */
	struct vfsim_scenario_host partial = { .arg = &f };
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		char *err;

		cr_assert_eq(run(lines[i], NULL, &err, NULL), 65, "%s", lines[i]);
		cr_assert(strstr(err, "only in a scenario beside a running program"),
			  "%s", err);
		free(err);
		cr_assert_eq(run(lines[i], &partial, NULL, NULL), 65, "%s", lines[i]);
	}
	cr_assert_eq(vfsim_scenario_set_host(NULL, NULL), -EINVAL);
}

Test(scenario_host, bad_arguments)
{
	static const char *const lines[] = {
		"wait\n", "wait watches\n", "wait watches x\n", "wait reads 2\n",
		"wait other\n", "wait watches 4294967296\n", "exit 256\n", "exit x\n",
		"exit 1 2\n", "sleep\n", "sleep x\n", "sleep 4294967296\n",
	};
	struct fake f = { 0 };
	struct vfsim_scenario_host h = {
		.arg = &f, .wait_watches = fake_wait_watches,
		.wait_reads = fake_wait_reads, .exit = fake_exit,
	};
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		cr_assert_eq(run(lines[i], &h, NULL, NULL), 65, "%s", lines[i]);
	cr_assert_eq(f.nr_watches + f.reads + f.exits, 0);
}

Test(scenario_host, sleep_advances_the_virtual_clock)
{
	struct vfsim *v;
	uint64_t before, after;

	cr_assert_eq(run("", NULL, NULL, &v), 0);
	before = vfsim_clock_ns(v);
	vfsim_destroy(v);
	cr_assert_eq(run("sleep 1500\n", NULL, NULL, &v), 0);
	after = vfsim_clock_ns(v);
	/* The same calls but the sleep: 1.5 s more, give or take nothing. */
	cr_assert_eq(after - before, 1500000000ull);
	vfsim_clock_advance(v, 7);
	cr_assert_eq(vfsim_clock_ns(v), after + 7);
	vfsim_destroy(v);
	vfsim_clock_advance(NULL, 1);
	cr_assert_eq(vfsim_clock_ns(NULL), 0);
}
