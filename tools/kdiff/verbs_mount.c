// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mount verbs: mount, bind, move, umount, remount, setattr, propagation,
 * making the mount(2)/umount2(2) calls the scenario engine's verbs make
 * (scenario/verbs_mount.c).  The option words go through the engine's own
 * parser, vfsim_scenario_mount_options().
 */
#include <errno.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>

#include "verbs.h"

static long parse_opts(struct kd_call *c, const char *s,
		       enum vfsim_scenario_mount_use use,
		       struct vfsim_scenario_mount_opts *o)
{
	char why[160] = "";
	int ret = vfsim_scenario_mount_options(s, use, o, why, sizeof(why));

	if (ret == -ENOMEM)
		kd_oom();
	if (ret < 0)
		return kd_syntax(c, "bad mount options: %s", why);
	return 0;
}

/* An optional last argument that must be the word "rec". */
static long parse_rec(struct kd_call *c, int idx, unsigned long *flags)
{
	if (c->argc <= idx)
		return 0;
	if (strcmp(c->argv[idx], "rec") != 0)
		return kd_syntax(c, "'%s': only 'rec' may follow here",
				 c->argv[idx]);
	*flags |= MS_REC;
	return 0;
}

/* Filesystems both sides have with the same meaning. */
static bool comparable_fstype(const char *fstype)
{
	return strcmp(fstype, "tmpfs") == 0 || strcmp(fstype, "ramfs") == 0;
}

/* mount FSTYPE SOURCE TARGET [OPTIONS] */
static long verb_mount(struct kd_call *c)
{
	const char *fstype = c->argv[0], *source = c->argv[1];
	const char *target = c->argv[2];
	struct vfsim_scenario_mount_opts o;
	long ret;

	if (!comparable_fstype(fstype))
		return kd_syntax(c, "'%s' is not comparable with the kernel (tmpfs or ramfs only)",
				 fstype);
	ret = parse_opts(c, c->argc > 3 ? c->argv[3] : "", VFSIM_SCENARIO_MOUNT, &o);
	if (ret < 0 || c->dry)
		goto out;
	ret = c->ops->mount(c->task, source, target, fstype, o.flags, o.data);
	if (ret < 0 || !o.propagation)
		goto out;
	/* mount(8) sets the propagation with a second call, after the mount */
	ret = c->ops->mount(c->task, "none", target, NULL, o.propagation, NULL);
out:
	vfsim_scenario_mount_options_free(&o);
	return ret;
}

/* bind SOURCE TARGET [rec] */
static long verb_bind(struct kd_call *c)
{
	unsigned long flags = MS_BIND;

	if (parse_rec(c, 2, &flags) < 0)
		return KD_SYNTAX;
	if (c->dry)
		return 0;
	return c->ops->mount(c->task, c->argv[0], c->argv[1], NULL, flags, NULL);
}

/* move SOURCE TARGET */
static long verb_move(struct kd_call *c)
{
	if (c->dry)
		return 0;
	return c->ops->mount(c->task, c->argv[0], c->argv[1], NULL, MS_MOVE,
			     NULL);
}

/* umount TARGET [detach|force|expire|nofollow]... */
static long verb_umount(struct kd_call *c)
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
			return kd_syntax(c, "bad umount flag '%s' (detach, force, expire, nofollow)",
					 c->argv[i]);
		flags |= words[k].flag;
	}
	return c->dry ? 0 : c->ops->umount(c->task, c->argv[0], flags);
}

/* remount TARGET OPTIONS: the superblock (and the mount's flags) */
static long verb_remount(struct kd_call *c)
{
	struct vfsim_scenario_mount_opts o;
	long ret;

	ret = parse_opts(c, c->argv[1], VFSIM_SCENARIO_REMOUNT, &o);
	if (ret == 0 && !c->dry)
		ret = c->ops->mount(c->task, "none", c->argv[0], NULL,
				    MS_REMOUNT | o.flags, o.data);
	vfsim_scenario_mount_options_free(&o);
	return ret;
}

/* setattr TARGET OPTIONS: the mount's own flags, the superblock untouched */
static long verb_setattr(struct kd_call *c)
{
	struct vfsim_scenario_mount_opts o;
	long ret;

	ret = parse_opts(c, c->argv[1], VFSIM_SCENARIO_SETATTR, &o);
	if (ret == 0 && !c->dry)
		ret = c->ops->mount(c->task, "none", c->argv[0], NULL,
				    MS_REMOUNT | MS_BIND | o.flags, NULL);
	vfsim_scenario_mount_options_free(&o);
	return ret;
}

/* propagation TARGET TYPE [rec] */
static long verb_propagation(struct kd_call *c)
{
	unsigned long flags = vfsim_scenario_propagation(c->argv[1]);

	if (!flags)
		return kd_syntax(c, "bad propagation type '%s' (shared, private, slave, unbindable, or r-prefixed)",
				 c->argv[1]);
	if (parse_rec(c, 2, &flags) < 0)
		return KD_SYNTAX;
	if (c->dry)
		return 0;
	return c->ops->mount(c->task, "none", c->argv[0], NULL, flags, NULL);
}

const struct kd_verb kd_verbs_mount[] = {
	{ "mount", 3, 4, 0, verb_mount, "tmpfs|ramfs SOURCE TARGET [OPTIONS]" },
	{ "bind", 2, 3, 0, verb_bind, "SOURCE TARGET [rec]" },
	{ "move", 2, 2, 0, verb_move, "SOURCE TARGET" },
	{ "umount", 1, KD_UNLIMITED, 0, verb_umount,
	  "TARGET [detach|force|expire|nofollow]..." },
	{ "remount", 2, 2, 0, verb_remount, "TARGET OPTIONS" },
	{ "setattr", 2, 2, 0, verb_setattr, "TARGET OPTIONS" },
	{ "propagation", 2, 3, 0, verb_propagation,
	  "TARGET shared|private|slave|unbindable [rec]" },
	{ NULL, 0, 0, 0, NULL, NULL },
};
