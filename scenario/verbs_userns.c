// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs of user namespaces (docs/user-namespaces.md):
 *
 *   uid_map TASK "LINE" ...     the running task writes TASK's /proc/PID/uid_map:
 *                               the lines ("first lower count"), one write
 *   gid_map TASK "LINE" ...     the same of gid_map
 *   setgroups TASK allow|deny   the same of /proc/PID/setgroups
 *
 * A user namespace itself comes from `unshare user` or `task NAME fork
 * newuser` (verbs_task.c).  Both backends: on the kernel the files of /proc.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "engine.h"

static long map_verb(struct scn_call *c, const char *file)
{
	struct scn_task *target = scn_named_task(c, c->argv[0]);
	size_t len = 0;
	char *text;
	long ret;
	int i;

	if (!target)
		return scn_syntax(c, "%s: no task named '%s'", file, c->argv[0]);
	for (i = 1; i < c->argc; i++)
		len += strlen(c->argv[i]) + 1;
	text = malloc(len + 1);
	if (!text)
		return -ENOMEM;
	text[0] = '\0';
	for (i = 1; i < c->argc; i++) {
		strcat(text, c->argv[i]);
		strcat(text, "\n");
	}
	ret = c->sys->userns_write(c->task, target, file, text);
	free(text);
	return ret < 0 ? ret : 0;
}

static long verb_uid_map(struct scn_call *c)
{
	return map_verb(c, "uid_map");
}

static long verb_gid_map(struct scn_call *c)
{
	return map_verb(c, "gid_map");
}

static long verb_setgroups(struct scn_call *c)
{
	struct scn_task *target = scn_named_task(c, c->argv[0]);
	long ret;

	if (!target)
		return scn_syntax(c, "setgroups: no task named '%s'", c->argv[0]);
	if (strcmp(c->argv[1], "allow") && strcmp(c->argv[1], "deny"))
		return scn_syntax(c, "setgroups: '%s' is neither allow nor deny", c->argv[1]);
	ret = c->sys->userns_write(c->task, target, "setgroups", c->argv[1]);
	return ret < 0 ? ret : 0;
}

const struct scn_verb scn_verbs_userns[] = {
	{ "uid_map", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_uid_map,
	  "TASK \"FIRST LOWER COUNT\" ...",
	  "write task TASK's /proc/PID/uid_map (one write of the lines)" },
	{ "gid_map", 2, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_gid_map,
	  "TASK \"FIRST LOWER COUNT\" ...",
	  "write task TASK's /proc/PID/gid_map (one write of the lines)" },
	{ "setgroups", 2, 2, SCN_VERB_NEEDS_TASK, verb_setgroups, "TASK allow|deny",
	  "write task TASK's /proc/PID/setgroups" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
