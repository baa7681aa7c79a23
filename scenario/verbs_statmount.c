// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs on Linux 6.18's mount queries (docs/statmount.md):
 * `statmount PATH|ID [MASK]...` prints what statmount(2) gives for the
 * mount (at PATH: the one statx's STATX_MNT_ID_UNIQUE names), and
 * `listmount [-r] [-s] [-n COUNT] [-l LAST] [PATH|ID]` lists the mounts
 * below one (default: the caller's root, LSMT_ROOT); -s prints each one's
 * statmount too (what vfsim-kdiff compares field by field), and LAST may
 * be a PATH, so that a scenario pages without knowing an ID.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1	/* struct statx */
#endif
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "engine.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif

#define LISTMOUNT_COUNT_MAX 1000000u

/* A mount named by a path (its unique ID through statx) or a number. */
static long mount_arg(struct scn_call *c, const char *s, uint64_t *id)
{
	struct statx stx;
	long ret;

	if (s[0] != '/' && s[0] != '.')
		return scn_parse_u64(c, s, "mount ID", UINT64_MAX, id);
	ret = c->sys->statx(c->task, AT_FDCWD, s, 0, STATX_MNT_ID_UNIQUE, &stx);
	if (ret < 0)
		return ret;
	*id = stx.stx_mnt_id;
	return 0;
}

/* statmount PATH|ID [MASK]... */
static long verb_statmount(struct scn_call *c)
{
	uint64_t id, mask = 0;
	long ret;
	int i;

	for (i = 1; i < c->argc; i++)
		if (vfsim_scenario_statmount_mask(c->argv[i], &mask) < 0)
			return scn_syntax(c, "statmount: unknown mask '%s'", c->argv[i]);
	if (c->argc == 1)
		mask = VFSIM_STATMOUNT_ALL;
	ret = mount_arg(c, c->argv[0], &id);
	if (ret < 0)
		return ret;
	return scn_print_statmount(c->sys, c->task, id, mask, scn_out(c));
}

/* listmount [-r] [-s] [-n COUNT] [-l LAST] [PATH|ID] */
static long verb_listmount(struct scn_call *c)
{
	uint64_t id = LSMT_ROOT, last = 0, count = 64;
	unsigned int flags = 0;
	bool stat = false;
	long ret;
	int i;

	for (i = 0; i < c->argc && c->argv[i][0] == '-'; i++) {
		const char *o = c->argv[i];

		if (!strcmp(o, "-r")) {
			flags |= LISTMOUNT_REVERSE;
		} else if (!strcmp(o, "-s")) {
			stat = true;
		} else if ((!strcmp(o, "-n") || !strcmp(o, "-l")) && i + 1 < c->argc) {
			if (o[1] == 'n')
				ret = scn_parse_u64(c, c->argv[++i], "count",
						    LISTMOUNT_COUNT_MAX + 1ULL, &count);
			else if (c->argv[++i][0] == '/' || c->argv[i][0] == '.')
				ret = mount_arg(c, c->argv[i], &last);
			else
				ret = scn_parse_u64(c, c->argv[i], "last mount ID",
						    UINT64_MAX, &last);
			if (ret < 0)
				return ret;
		} else {
			return scn_syntax(c, "listmount: bad option '%s'", o);
		}
	}
	if (i + 1 < c->argc)
		return scn_syntax(c, "listmount: one PATH or mount ID only");
	if (i < c->argc) {
		ret = mount_arg(c, c->argv[i], &id);
		if (ret < 0)
			return ret;
	}
	ret = scn_print_listmount(c->sys, c->task, id, last, (size_t)count, flags,
				  stat, scn_out(c));
	return ret;
}

const struct scn_verb scn_verbs_statmount[] = {
	{ "statmount", 1, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_statmount,
	  "PATH|ID [MASK]...",
	  "print statmount() of a mount: MASK sb_basic, mnt_basic, ..., all (default)" },
	{ "listmount", 0, 7, SCN_VERB_NEEDS_TASK, verb_listmount,
	  "[-r] [-s] [-n COUNT] [-l LAST] [PATH|ID]",
	  "list the mounts below PATH (default the root) as listmount() gives them; -s: statmount each" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
