// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The patch set's samples/vfs/test-mntinfo.c: the mount tree from one
 * mount down, built from fsinfo() queries by mount ID alone (MOUNT_INFO,
 * IDS, MOUNT_CHILDREN, and each child's MOUNT_POINT), for `vfsim mntinfo`
 * and the scenario verb `mntinfo`.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/vfsim.h>

#include "fsinfo_dump.h"
#include "tool_api.h"

long vfsim_scenario_mount_id(struct vfsim_task *t, const char *path)
{
	struct fsinfo_params params = {
		.flags = FSINFO_FLAGS_QUERY_PATH,
		.request = FSINFO_ATTR_MOUNT_INFO,
	};
	struct fsinfo_mount_info mnt;
	long ret;

	if (!t || !path)
		return -EINVAL;
	ret = vfsim_fsinfo(t, AT_FDCWD, path, &params, &mnt, sizeof(mnt));
	return ret < 0 ? ret : (long)mnt.mnt_id;
}

/* One attribute of mount @id, growing the buffer. */
static long mnt_attr(struct vfsim_task *t, unsigned int id, unsigned int attr,
		     void **value)
{
	struct fsinfo_params params = {
		.flags = FSINFO_FLAGS_QUERY_MOUNT,
		.request = attr,
	};
	char file[32];

	snprintf(file, sizeof(file), "%u", id);
	return fsd_get(t, AT_FDCWD, file, &params, value);
}

/*
 * The tree prefix of a row at depth d (d = 4 per level): per ancestor
 * below the top, " |  " if it has a later sibling, else "    ", then " \_ ".
 */
struct mnt_walk {
	FILE *out;
	struct vfsim_task *t;
	bool later[64];		/* per level: that ancestor has a later sibling */
};

static long display_mount(struct mnt_walk *w, unsigned int id,
			  unsigned int level, const char *name)
{
	struct fsinfo_mount_info *info = NULL;
	struct fsinfo_mount_child *children = NULL;
	struct fsinfo_ids *ids = NULL;
	unsigned int depth = level * 4, i, n;
	size_t s;
	char dev[64];
	long ret;

	ret = mnt_attr(w->t, id, FSINFO_ATTR_MOUNT_INFO, (void **)&info);
	if (ret >= 0)
		ret = mnt_attr(w->t, id, FSINFO_ATTR_IDS, (void **)&ids);
	if (ret < 0)
		goto out;

	for (i = 1; i < level; i++)
		fputs(w->later[i] ? " |  " : "    ", w->out);
	if (level)
		fputs(" \\_ ", w->out);
	s = strlen(name);
	fputs(s ? name : "\"\"", w->out);
	if (!s)
		s += 2;
	s += depth;
	s = s < 38 ? 38 - s : 1;
	fprintf(w->out, "%*s", (int)s, "");
	snprintf(dev, sizeof(dev), "%x:%x", ids->f_dev_major, ids->f_dev_minor);
	fprintf(w->out, "%10u %8x %2x %x %5s %.*s\n", info->mnt_id,
		info->change_counter, info->attr, info->propagation, dev,
		(int)sizeof(ids->f_fs_name), ids->f_fs_name);

	ret = mnt_attr(w->t, id, FSINFO_ATTR_MOUNT_CHILDREN, (void **)&children);
	if (ret < 0)
		goto out;
	n = (unsigned int)(ret / (long)sizeof(*children));
	n = n ? n - 1 : 0;	/* the last record is this mount itself */
	for (i = 0; i < n && ret >= 0; i++) {
		char *value = NULL, *mp;

		if (level + 1 < sizeof(w->later))
			w->later[level + 1] = i + 1 < n;
		ret = mnt_attr(w->t, children[i].mnt_id, FSINFO_ATTR_MOUNT_POINT,
			       (void **)&value);
		if (ret < 0)
			break;
		/* The length may or may not count a NUL (S8). */
		mp = strndup(value, (size_t)ret);
		free(value);
		if (!mp) {
			ret = -ENOMEM;
			break;
		}
		ret = display_mount(w, children[i].mnt_id, level + 1,
				    mp[0] ? mp + 1 : mp);
		free(mp);
	}
out:
	free(children);
	free(ids);
	free(info);
	return ret < 0 ? ret : 0;
}

long vfsim_scenario_mntinfo(struct vfsim_task *t, unsigned int mnt_id,
			    const char *label, FILE *out)
{
	struct mnt_walk w = { .out = out, .t = t };

	if (!t || !label || !out)
		return -EINVAL;
	fprintf(out, "MOUNT                                 MOUNT ID   CHANGE#  AT P DEV   TYPE\n");
	fprintf(out, "------------------------------------- ---------- -------- -- - ----- --------\n");
	return display_mount(&w, mnt_id, 0, label);
}
