// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The registry of scenario verbs.  Each file of verbs defines one table,
 * ended by a row with a NULL name; list the table here.  A verb name must
 * appear in one table only (the first match wins).
 */
#include <stdio.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "engine.h"

static const struct scn_verb *const verb_tables[] = {
	scn_verbs_core,
	scn_verbs_fs,
	scn_verbs_mount,
	scn_verbs_netfs,
	scn_verbs_fsinfo,
	scn_verbs_notify,
	scn_verbs_pipe,
	scn_verbs_tobj,
};

#define NR_TABLES (sizeof(verb_tables) / sizeof(verb_tables[0]))

const struct scn_verb *scn_verb_find(const char *name)
{
	const struct scn_verb *v;
	size_t i;

	for (i = 0; i < NR_TABLES; i++)
		for (v = verb_tables[i]; v->name; v++)
			if (strcmp(v->name, name) == 0)
				return v;
	return NULL;
}

static void list_verbs(FILE *out, unsigned int flags, unsigned int want)
{
	const struct scn_verb *v;
	size_t i;

	for (i = 0; i < NR_TABLES; i++) {
		for (v = verb_tables[i]; v->name; v++) {
			char synopsis[80];

			if ((v->flags & flags) != want)
				continue;
			snprintf(synopsis, sizeof(synopsis), "%s%s%s", v->name,
				 *v->args ? " " : "", v->args);
			if (strlen(synopsis) > 36)
				fprintf(out, "  %s\n  %-36s  %s\n", synopsis, "",
					v->help);
			else
				fprintf(out, "  %-36s  %s\n", synopsis, v->help);
		}
	}
}

void vfsim_scenario_help(FILE *out)
{
	if (!out)
		return;
	fputs("verbs:\n", out);
	list_verbs(out, SCN_VERB_PREFIX, 0);
	fputs("prefixes (put before any verb, in either order):\n", out);
	list_verbs(out, SCN_VERB_PREFIX, SCN_VERB_PREFIX);
}
