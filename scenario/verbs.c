// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The registry of scenario verbs.  Each file of verbs defines one table,
 * ended by a row with a NULL name; list the table here.  A verb name must
 * appear in one table only (the first match wins).
 */
#include <errno.h>
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
	scn_verbs_host,
	scn_verbs_keys,
	scn_verbs_statmount,
	scn_verbs_mount_api,
	scn_verbs_fanotify,
	scn_verbs_file,
	scn_verbs_task,
	scn_verbs_dirs,
	scn_verbs_userns,
};

#define NR_TABLES (sizeof(verb_tables) / sizeof(verb_tables[0]))

const struct scn_verb *scn_verb_find(const char *name)
{
	const struct scn_verb *v;
	size_t i;

	/* (the first byte first: a line is looked up on every run of it) */
	for (i = 0; i < NR_TABLES; i++)
		for (v = verb_tables[i]; v->name; v++)
			if (v->name[0] == name[0] && strcmp(v->name, name) == 0)
				return v;
	return NULL;
}

/* @v's line of the help: its synopsis, then its help (on a line of its own
 * under a long synopsis). */
static void print_verb(FILE *out, const struct scn_verb *v)
{
	char synopsis[80];

	snprintf(synopsis, sizeof(synopsis), "%s%s%s", v->name,
		 *v->args ? " " : "", v->args);
	if (strlen(synopsis) > 36)
		fprintf(out, "  %s\n  %-36s  %s\n", synopsis, "", v->help);
	else
		fprintf(out, "  %-36s  %s\n", synopsis, v->help);
}

static void list_verbs(FILE *out, unsigned int flags, unsigned int want)
{
	const struct scn_verb *v;
	size_t i;

	for (i = 0; i < NR_TABLES; i++)
		for (v = verb_tables[i]; v->name; v++)
			if ((v->flags & flags) == want)
				print_verb(out, v);
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

int vfsim_scenario_verb_help(FILE *out, const char *name)
{
	const struct scn_verb *v;

	if (!out || !name)
		return -EINVAL;
	v = scn_verb_find(name);
	if (!v)
		return -ENOENT;
	print_verb(out, v);
	return 0;
}

const char *vfsim_scenario_verb_name(unsigned int i)
{
	const struct scn_verb *v;
	size_t t;

	for (t = 0; t < NR_TABLES; t++)
		for (v = verb_tables[t]; v->name; v++)
			if (i-- == 0)
				return v->name;
	return NULL;
}
