// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs of the network filesystems' outside world: an AFS
 * fileserver going down or coming back (every volume that uses it hears a
 * NETWORK notification), and cells added to the instance's AFS cell
 * database as a harness would (include/vfsim/afs.h).
 */
#include <stdio.h>
#include <string.h>

#include <vfsim/afs.h>
#include <vfsim/vfsim.h>

#include "engine.h"

/* afs_server UUID down|up: prints how many superblocks were told. */
static long verb_afs_server(struct scn_call *c)
{
	const char *uuid = c->argv[0], *state = c->argv[1];
	long ret;

	if (!strcmp(state, "down"))
		ret = vfsim_afs_server_down(c->v, uuid);
	else if (!strcmp(state, "up"))
		ret = vfsim_afs_server_up(c->v, uuid);
	else
		return scn_syntax(c, "'%s': down or up expected", state);
	if (ret >= 0)
		fprintf(scn_out(c), "afs_server %s %s: %ld superblocks told\n", uuid, state, ret);
	return ret;
}

static long verb_afs_add_cells(struct scn_call *c)
{
	return vfsim_afs_add_cells(c->v, c->argv[0]);
}

const struct scn_verb scn_verbs_netfs[] = {
	{ "afs_server", 2, 2, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_afs_server, "UUID down|up",
	  "an AFS fileserver goes down or comes back: NETWORK on its volumes" },
	{ "afs_add_cells", 1, 1, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_afs_add_cells, "SPEC",
	  "add cells to the AFS cell database (the afs mount data syntax)" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
