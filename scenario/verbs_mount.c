/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Scenario verbs on mounts: mount, bind, move, umount, remount, setattr,
 * propagation, automount, expire.  Each is the mount(2)/umount2(2) call mount(8) or
 * umount(8) would make for it.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "engine.h"

static long parse_opts(struct scn_call *c, const char *s,
		       enum vfsim_scenario_mount_use use,
		       struct vfsim_scenario_mount_opts *o)
{
	char why[160] = "";
	int ret = vfsim_scenario_mount_options(s, use, o, why, sizeof(why));

	if (ret == -ENOMEM)
		return scn_fail(c, "out of memory");
	if (ret < 0)
		return scn_syntax(c, "bad mount options: %s", why);
	return 0;
}

/* An optional last argument that must be the word "rec". */
static long parse_rec(struct scn_call *c, int idx, unsigned long *flags)
{
	if (c->argc <= idx)
		return 0;
	if (strcmp(c->argv[idx], "rec") != 0)
		return scn_syntax(c, "'%s': only 'rec' may follow here", c->argv[idx]);
	*flags |= MS_REC;
	return 0;
}

/* mount FSTYPE SOURCE TARGET [OPTIONS] */
static long verb_mount(struct scn_call *c)
{
	const char *fstype = c->argv[0], *source = c->argv[1];
	const char *target = c->argv[2];
	struct vfsim_scenario_mount_opts o;
	long ret;

	ret = parse_opts(c, c->argc > 3 ? c->argv[3] : "", VFSIM_SCENARIO_MOUNT, &o);
	if (ret < 0)
		goto out;
	ret = vfsim_mount(c->task, source, target, fstype, o.flags, o.data);
	if (ret < 0 || !o.propagation)
		goto out;
	/* mount(8) sets the propagation with a second call, after the mount */
	ret = vfsim_mount(c->task, "none", target, NULL, o.propagation, NULL);
	if (ret < 0)
		scn_set_detail(c, "mounted, but setting '%s' failed",
			       o.propagation_word);
out:
	vfsim_scenario_mount_options_free(&o);
	return ret;
}

/* bind SOURCE TARGET [rec] */
static long verb_bind(struct scn_call *c)
{
	unsigned long flags = MS_BIND;

	if (parse_rec(c, 2, &flags) < 0)
		return SCN_SYNTAX;
	return vfsim_mount(c->task, c->argv[0], c->argv[1], NULL, flags, NULL);
}

/* move SOURCE TARGET */
static long verb_move(struct scn_call *c)
{
	return vfsim_mount(c->task, c->argv[0], c->argv[1], NULL, MS_MOVE, NULL);
}

/* umount TARGET [detach|force|expire|nofollow]... */
static long verb_umount(struct scn_call *c)
{
	static const struct {
		const char *word;
		int flag;
	} words[] = {
		{ "detach", MNT_DETACH },
		{ "force", MNT_FORCE },
		{ "expire", MNT_EXPIRE },
		{ "nofollow", UMOUNT_NOFOLLOW },
	};
	int flags = 0, i;
	size_t k;

	for (i = 1; i < c->argc; i++) {
		for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
			if (strcmp(c->argv[i], words[k].word) == 0)
				break;
		if (k == sizeof(words) / sizeof(words[0]))
			return scn_syntax(c, "bad umount flag '%s' (detach, force, expire, nofollow)",
					  c->argv[i]);
		flags |= words[k].flag;
	}
	return vfsim_umount2(c->task, c->argv[0], flags);
}

/* remount TARGET OPTIONS: reconfigure the superblock (and the mount's flags) */
static long verb_remount(struct scn_call *c)
{
	struct vfsim_scenario_mount_opts o;
	long ret;

	ret = parse_opts(c, c->argv[1], VFSIM_SCENARIO_REMOUNT, &o);
	if (ret == 0)
		ret = vfsim_mount(c->task, "none", c->argv[0], NULL,
				  MS_REMOUNT | o.flags, o.data);
	vfsim_scenario_mount_options_free(&o);
	return ret;
}

/* setattr TARGET OPTIONS: the mount's own flags only, the superblock untouched */
static long verb_setattr(struct scn_call *c)
{
	struct vfsim_scenario_mount_opts o;
	long ret;

	ret = parse_opts(c, c->argv[1], VFSIM_SCENARIO_SETATTR, &o);
	if (ret == 0)
		ret = vfsim_mount(c->task, "none", c->argv[0], NULL,
				  MS_REMOUNT | MS_BIND | o.flags, NULL);
	vfsim_scenario_mount_options_free(&o);
	return ret;
}

/* propagation TARGET TYPE [rec] */
static long verb_propagation(struct scn_call *c)
{
	unsigned long flags = vfsim_scenario_propagation(c->argv[1]);

	if (!flags)
		return scn_syntax(c, "bad propagation type '%s' (shared, private, slave, unbindable, or r-prefixed)",
				  c->argv[1]);
	if (parse_rec(c, 2, &flags) < 0)
		return SCN_SYNTAX;
	return vfsim_mount(c->task, "none", c->argv[0], NULL, flags, NULL);
}

/* expire [TARGET]: put TARGET on the expiry list, then one expiry pass */
static long verb_expire(struct scn_call *c)
{
	long ret;

	if (c->argc > 0) {
		if (!c->task)
			return scn_syntax(c, "expire: no task to run it: 'boot' must come first");
		ret = vfsim_mnt_set_expiry(c->task, c->argv[0]);
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
	return vfsim_mkautomount(c->task, c->argv[0], c->argv[1], c->argv[2],
				 c->argc > 3 ? c->argv[3] : NULL);
}

const struct scn_verb scn_verbs_mount[] = {
	{ "mount", 3, 4, SCN_VERB_NEEDS_TASK, verb_mount,
	  "FSTYPE SOURCE TARGET [OPTIONS]",
	  "new mount; OPTIONS as for mount -o" },
	{ "bind", 2, 3, SCN_VERB_NEEDS_TASK, verb_bind, "SOURCE TARGET [rec]",
	  "bind mount (rec: with submounts)" },
	{ "move", 2, 2, SCN_VERB_NEEDS_TASK, verb_move, "SOURCE TARGET",
	  "move a mount (MS_MOVE)" },
	{ "umount", 1, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK, verb_umount,
	  "TARGET [detach|force|expire|nofollow]...", "umount2(2)" },
	{ "remount", 2, 2, SCN_VERB_NEEDS_TASK, verb_remount, "TARGET OPTIONS",
	  "reconfigure the superblock" },
	{ "setattr", 2, 2, SCN_VERB_NEEDS_TASK, verb_setattr, "TARGET OPTIONS",
	  "set the mount's own flags" },
	{ "propagation", 2, 3, SCN_VERB_NEEDS_TASK, verb_propagation,
	  "TARGET shared|private|slave|unbindable [rec]",
	  "change propagation (r...: rec)" },
	{ "automount", 3, 4, SCN_VERB_NEEDS_TASK, verb_automount,
	  "PATH FSTYPE SOURCE [DATA]",
	  "new directory PATH whose walk mounts FSTYPE (a submount that expires)" },
	{ "expire", 0, 1, 0, verb_expire, "[TARGET]",
	  "TARGET on the expiry list; one pass" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
