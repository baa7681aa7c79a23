/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Scenario verbs on mounts: mount, bind, move, umount, remount, setattr,
 * propagation, automount, expire, pivot_root.  Each is the
 * mount(2)/umount2(2) call mount(8) or umount(8) would make for it, or
 * pivot_root(2).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "engine.h"

/*
 * mount, bind, move, umount, remount, setattr, propagation: the
 * mount(2)/umount2(2) calls of the line, read by the parser vfsim-kdiff
 * uses too (calls.c).
 */
static long verb_mount_calls(struct scn_call *c)
{
	struct vfsim_scenario_mount_calls mc;
	char why[512] = "";
	long ret = vfsim_scenario_mount_calls(c->verb, c->argc, c->argv, &mc,
					      why, sizeof(why));
	int i;

	if (ret == -ENOMEM)
		ret = scn_fail(c, "out of memory");
	else if (ret < 0)
		ret = scn_syntax(c, "%s", why);
	for (i = 0; ret >= 0 && i < mc.nr; i++) {
		const struct vfsim_scenario_mount_call *k = &mc.call[i];

		if (k->umount)
			ret = c->sys->umount2(c->task, k->target, (int)k->flags);
		else
			ret = c->sys->mount(c->task, k->source, k->target,
					  k->fstype, k->flags, k->data);
		if (ret < 0 && i > 0)
			scn_set_detail(c, "mounted, but setting '%s' failed",
				       mc.opts.propagation_word);
	}
	vfsim_scenario_mount_calls_free(&mc);
	return ret;
}

/* expire [TARGET]: put TARGET on the expiry list, then one expiry pass */
static long verb_expire(struct scn_call *c)
{
	long ret;

	if (c->argc > 0) {
		if (!c->task)
			return scn_syntax(c, "expire: no task to run it: 'boot' must come first");
		ret = vfsim_mnt_set_expiry(scn_model_task(c), c->argv[0]);
		if (ret < 0) {
			scn_set_detail(c, "putting it on the expiry list");
			return ret;
		}
	}
	return vfsim_expire_mounts(c->v);
}

/* automount PATH FSTYPE SOURCE [DATA]: make PATH an automount point */
static long verb_automount(struct scn_call *c)
{
	return vfsim_mkautomount(scn_model_task(c), c->argv[0], c->argv[1], c->argv[2],
				 c->argc > 3 ? c->argv[3] : NULL);
}

/* pivot_root NEW OLD: pivot_root(2) of the task */
static long verb_pivot_root(struct scn_call *c)
{
	return c->sys->pivot_root(c->task, c->argv[0], c->argv[1]);
}

const struct scn_verb scn_verbs_mount[] = {
	{ "mount", 3, 4, SCN_VERB_NEEDS_TASK, verb_mount_calls,
	  "FSTYPE SOURCE TARGET [OPTIONS]",
	  "new mount; OPTIONS as for mount -o" },
	{ "bind", 2, 3, SCN_VERB_NEEDS_TASK, verb_mount_calls, "SOURCE TARGET [rec]",
	  "bind mount (rec: with submounts)" },
	{ "move", 2, 2, SCN_VERB_NEEDS_TASK, verb_mount_calls, "SOURCE TARGET",
	  "move a mount (MS_MOVE)" },
	{ "umount", 1, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_mount_calls,
	  "TARGET [detach|force|expire|nofollow]...", "umount2(2)" },
	{ "remount", 2, 2, SCN_VERB_NEEDS_TASK, verb_mount_calls, "TARGET OPTIONS",
	  "reconfigure the superblock" },
	{ "setattr", 2, 2, SCN_VERB_NEEDS_TASK, verb_mount_calls, "TARGET OPTIONS",
	  "set the mount's own flags" },
	{ "propagation", 2, 3, SCN_VERB_NEEDS_TASK, verb_mount_calls,
	  "TARGET shared|private|slave|unbindable [rec]",
	  "change propagation (r...: rec)" },
	{ "automount", 3, 4, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_automount,
	  "PATH FSTYPE SOURCE [DATA]",
	  "new directory PATH whose walk mounts FSTYPE (a submount that expires)" },
	{ "expire", 0, 1, SCN_VERB_MODEL, verb_expire, "[TARGET]",
	  "TARGET on the expiry list; one pass" },
	{ "pivot_root", 2, 2, SCN_VERB_NEEDS_TASK, verb_pivot_root, "NEW_ROOT PUT_OLD",
	  "pivot_root(2): the root onto PUT_OLD, NEW_ROOT the root" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
