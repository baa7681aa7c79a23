/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Countdown allocation-failure sweeps (common/fault_sweep.h) over the
 * samples' printers of the scenario library, on the default tree:
 * test-mntinfo's tree (vfsim_scenario_mntinfo()) returns the -ENOMEM of
 * the query that failed, after what it printed; test-fsinfo's whole run
 * (vfsim_scenario_fsinfo_all()) complains in the sample's words, naming
 * the errno, and exits 1.  Either way nothing is left allocated, the tree
 * is unchanged, and the run repeated without a fault prints what a run
 * that never saw one prints.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "scenario/tool_api.h"
#include "common/check.h"
#include "common/fault_sweep.h"

static char *out_text, *err_text;

static void reset(void)
{
	free(out_text);
	free(err_text);
	out_text = err_text = NULL;
}

static long root_id;

static void setup_root_id(struct fault_run *r)
{
	root_id = vfsim_scenario_mount_id(r->t, "/");
	OK(root_id);
}

static long op_mntinfo(struct fault_run *r)
{
	size_t len;
	FILE *f;
	long ret;

	reset();
	f = open_memstream(&out_text, &len);
	cr_assert_not_null(f);
	ret = vfsim_scenario_mntinfo(r->t, (unsigned int)root_id, "ROOT", f);
	fclose(f);
	return ret;
}

/* 1 with the sample's complaint naming ENOMEM is the -ENOMEM the sweep
 * expects; any other complaint is not. */
static long op_fsinfo_all(struct fault_run *r)
{
	struct vfsim_scenario_fsinfo_opts o = { 0 };
	size_t olen, elen;
	FILE *fo, *fe;
	int status;

	reset();
	fo = open_memstream(&out_text, &olen);
	fe = open_memstream(&err_text, &elen);
	cr_assert(fo && fe);
	o.err = fe;
	status = vfsim_scenario_fsinfo_all(r->t, "/home", fo, &o);
	fclose(fo);
	fclose(fe);
	if (status == 0)
		return 0;
	cr_expect_eq(status, 1, "%s: status %d", r->what, status);
	cr_expect(strstr(err_text, "ENOMEM (Cannot allocate memory)"), "%s: %s", r->what, err_text);
	return strstr(err_text, "ENOMEM") ? -ENOMEM : -EIO;
}

static char *printed(struct fault_run *r)
{
	return fault_ret_and_text(r, out_text);
}

/* Each mount's MOUNT_INFO, MOUNT_CHILDREN and MOUNT_POINT, each call
 * with its own allocations: 46 points on the default tree. */
FAULT_ALLOC_TEST(scenario_fault_alloc, mntinfo,
	.tree = "default", .setup = setup_root_id, .op = op_mntinfo, .outcome = printed,
	.frees_all = true, .changes_nothing = true, .min_allocs = 46)

/* The attribute list, then each attribute's info and values: 96 points
 * for the ext4 /home. */
FAULT_ALLOC_TEST(scenario_fault_alloc, fsinfo_all,
	.tree = "default", .op = op_fsinfo_all, .outcome = printed,
	.frees_all = true, .changes_nothing = true, .min_allocs = 96)
