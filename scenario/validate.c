// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * An input checked before it runs: on a backend other than the model, a
 * line whose verb that backend cannot run (SCN_VERB_MODEL: fsinfo,
 * watches, quirks...) is refused before the first line runs, so that a
 * scenario never half-runs on the kernel.  vfsim-kdiff did the same in
 * its "dry" pass before either side started.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "engine.h"
#include "tool_api.h"

/* The verb a line of words runs, past its prefixes; NULL if none. */
static const struct scn_verb *line_verb(int argc, char **argv, int *at)
{
	const struct scn_verb *v = NULL;
	int i = 0;

	while (i < argc) {
		v = scn_verb_find(argv[i]);
		*at = i;
		if (!v || !(v->flags & SCN_VERB_PREFIX))
			return v;
		i += 2;		/* as UID, expect ERRNAME */
	}
	return NULL;
}

static int check_words(const struct scn_sys *sys, int argc, char **argv,
		       const char *name, unsigned long lineno, FILE *err)
{
	const struct scn_verb *v;
	int at = 0;

	v = line_verb(argc, argv, &at);
	if (!v)
		return VFSIM_SCENARIO_EXIT_OK;	/* the run says what is wrong */
	if ((v->flags & SCN_VERB_MODEL) && sys != &scn_sys_model) {
		fprintf(err, SCN_PROG ": %s:%lu: %s: the model's alone: the %s backend cannot run it\n",
			name, lineno, v->name, sys->name);
		return VFSIM_SCENARIO_EXIT_DATAERR;
	}
	if (strcmp(v->name, "after_each") == 0 && at + 1 < argc)
		return check_words(sys, argc - at - 1, argv + at + 1, name,
				   lineno, err);
	return VFSIM_SCENARIO_EXIT_OK;
}

int scn_validate(const struct scn_sys *sys, const char *text, size_t len,
		 const char *name, FILE *err)
{
	unsigned long lineno = 0;
	size_t off = 0;
	int status = VFSIM_SCENARIO_EXIT_OK;

	if (!name)
		name = "-";
	while (off < len && status == VFSIM_SCENARIO_EXIT_OK) {
		const char *nl = memchr(text + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (text + off)) : len - off;
		struct vfsim_scenario_words w;
		char *line = strndup(text + off, n);

		lineno++;
		off += n + 1;
		if (!line)
			return VFSIM_SCENARIO_EXIT_FAIL;
		if (vfsim_scenario_split(line, &w, NULL, 0) == 0) {
			status = check_words(sys, w.argc, w.argv, name, lineno, err);
			vfsim_scenario_words_free(&w);
		}
		free(line);
	}
	return status;
}

int vfsim_scenario_validate_kernel(const char *text, size_t len,
				   const char *name, FILE *err)
{
	return scn_validate(&scn_sys_kernel, text, len, name, err);
}

int vfsim_scenario_prefix_words(int argc, char *const *argv)
{
	const struct scn_verb *v;
	int i = 0;

	while (i + 1 < argc && (v = scn_verb_find(argv[i])) &&
	       (v->flags & SCN_VERB_PREFIX))
		i += 2;
	return i;
}
