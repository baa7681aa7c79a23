// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Verbs for a scenario run beside a program (docs/scenario.md, "Beside a
 * running program"): `wait watches N`, `wait reads` and `exit STATUS`
 * ask the host of vfsim_scenario_set_host() (the shim's script thread or
 * control channel) and are malformed lines anywhere else; `sleep MS`
 * makes the instance's virtual clock advance, anywhere.
 */
#include <stdint.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "engine.h"

/* The verb needs @hook: malformed where nobody provides it. */
static long no_host(struct scn_call *c)
{
	return scn_syntax(c, "%s: only in a scenario beside a running program "
			  "(VFSIM_SHIM_SCRIPT, vfsim ctl)", c->verb);
}

static long verb_wait(struct scn_call *c)
{
	const struct vfsim_scenario_host *h = scn_host(c);
	uint64_t n;
	long ret;

	if (strcmp(c->argv[0], "watches") == 0) {
		if (c->argc != 2)
			return scn_syntax(c, "usage: wait watches N | wait reads");
		ret = scn_parse_u64(c, c->argv[1], "number of watches", UINT32_MAX, &n);
		if (ret)
			return ret;
		if (!h->wait_watches)
			return no_host(c);
		return h->wait_watches(h->arg, (unsigned long)n);
	}
	if (strcmp(c->argv[0], "reads") == 0 && c->argc == 1) {
		if (!h->wait_reads)
			return no_host(c);
		return h->wait_reads(h->arg);
	}
	return scn_syntax(c, "usage: wait watches N | wait reads");
}

static long verb_sleep(struct scn_call *c)
{
	uint64_t ms;
	long ret;

	ret = scn_parse_u64(c, c->argv[0], "milliseconds", UINT32_MAX, &ms);
	if (ret)
		return ret;
	vfsim_clock_advance(c->v, ms * 1000000u);
	return 0;
}

static long verb_exit(struct scn_call *c)
{
	const struct vfsim_scenario_host *h = scn_host(c);
	uint64_t status = 0;
	long ret;

	if (c->argc == 1) {
		ret = scn_parse_u64(c, c->argv[0], "exit status", 255, &status);
		if (ret)
			return ret;
	}
	if (!h->exit)
		return no_host(c);
	return h->exit(h->arg, (int)status);
}

const struct scn_verb scn_verbs_host[] = {
	{ "wait", 1, 2, SCN_VERB_MODEL, verb_wait, "watches N | reads",
	  "until the program has N watches, or is blocked in read() (beside a program)" },
	{ "sleep", 1, 1, SCN_VERB_MODEL, verb_sleep, "MS",
	  "advance the virtual clock by MS milliseconds" },
	{ "exit", 0, 1, SCN_VERB_MODEL, verb_exit, "[STATUS]",
	  "end the program as exit(STATUS) does (beside a program)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
