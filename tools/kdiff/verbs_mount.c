// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mount verbs: mount, bind, move, umount, remount, setattr, propagation.
 * The scenario engine turns the line into mount(2)/umount2(2) calls
 * (vfsim_scenario_mount_calls(), what `vfsim run` makes itself), so both
 * commands read a line the same; here they are made on one side.
 */
#include <stdbool.h>
#include <string.h>

#include <vfsim/scenario.h>

#include "verbs.h"

/* Filesystems both sides have with the same meaning. */
static bool comparable_fstype(const char *fstype)
{
	return strcmp(fstype, "tmpfs") == 0 || strcmp(fstype, "ramfs") == 0;
}

static long verb_mount_calls(struct kd_call *c)
{
	struct vfsim_scenario_mount_calls mc;
	long ret;
	int i;

	if (strcmp(c->verb, "mount") == 0 && !comparable_fstype(c->argv[0]))
		return kd_syntax(c, "'%s' is not comparable with the kernel (tmpfs or ramfs only)",
				 c->argv[0]);
	ret = kd_parsed(c, vfsim_scenario_mount_calls(c->verb, c->argc, c->argv,
						      &mc, KD_WHY(c)));
	for (i = 0; ret >= 0 && !c->dry && i < mc.nr; i++) {
		const struct vfsim_scenario_mount_call *k = &mc.call[i];

		ret = k->umount ?
			c->ops->umount(c->task, k->target, (int)k->flags) :
			c->ops->mount(c->task, k->source, k->target, k->fstype,
				      k->flags, k->data);
	}
	vfsim_scenario_mount_calls_free(&mc);
	return ret;
}

const struct kd_verb kd_verbs_mount[] = {
	{ "mount", 3, 4, 0, verb_mount_calls,
	  "tmpfs|ramfs SOURCE TARGET [OPTIONS]" },
	{ "bind", 2, 3, 0, verb_mount_calls, "SOURCE TARGET [rec]" },
	{ "move", 2, 2, 0, verb_mount_calls, "SOURCE TARGET" },
	{ "umount", 1, KD_UNLIMITED, 0, verb_mount_calls,
	  "TARGET [detach|force|expire|nofollow]..." },
	{ "remount", 2, 2, 0, verb_mount_calls, "TARGET OPTIONS" },
	{ "setattr", 2, 2, 0, verb_mount_calls, "TARGET OPTIONS" },
	{ "propagation", 2, 3, 0, verb_mount_calls,
	  "TARGET shared|private|slave|unbindable [rec]" },
	{ NULL, 0, 0, 0, NULL, NULL },
};
