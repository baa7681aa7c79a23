// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `tree` on the kernel backend: the task's /proc/self/mountinfo (read
 * through the /proc opened before the chroot, so that the paths are
 * relative to the task's root and mounts outside it do not appear), read
 * into the mount descriptions of the tree walkers and drawn by the
 * printer of vfsim_tree_render(), so that the output has the model's
 * format (docs/scenario.md, "On the running kernel").
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include <vfsim/vfsim.h>

#include "kernel.h"
#include "tree_walk.h"

#ifndef STATX_MNT_ID
#define STATX_MNT_ID 0x00001000U
#endif

long scn_kmountinfo(struct scn_task *t, char **text)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	long fd, n;

	if (!buf)
		return -ENOMEM;
	fd = SCN_KSYS(t, SYS_openat, t->k->procfd, (long)"self/mountinfo",
		      O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return fd;
	}
	for (;;) {
		if (cap - len < 2048) {
			char *p = realloc(buf, cap * 2);

			if (!p) {
				n = -ENOMEM;
				break;
			}
			buf = p;
			cap *= 2;
		}
		n = SCN_KSYS(t, SYS_read, fd, (long)(buf + len), (long)(cap - len - 1));
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	SCN_KSYS(t, SYS_close, fd);
	if (n < 0) {
		free(buf);
		return n;
	}
	buf[len] = '\0';
	*text = buf;
	return 0;
}

/* One line of mountinfo, its strings pointing into the (edited) text. */
struct mi_line {
	struct vfsim_mount_desc d;
	bool done;
};

/* Undo mountinfo's \ooo escapes in place. */
static void unescape(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
}

static const struct {
	const char *word;
	unsigned int attr;
} attr_words[] = {
	{ "ro", VFSIM_ATTR_RDONLY },
	{ "nosuid", VFSIM_ATTR_NOSUID },
	{ "nodev", VFSIM_ATTR_NODEV },
	{ "noexec", VFSIM_ATTR_NOEXEC },
	{ "noatime", VFSIM_ATTR_NOATIME },
	{ "strictatime", VFSIM_ATTR_STRICTATIME },
	{ "nodiratime", VFSIM_ATTR_NODIRATIME },
	{ "nosymfollow", VFSIM_ATTR_NOSYMFOLLOW },
};

static unsigned int mount_attr(char *opts)
{
	unsigned int attr = 0;
	char *w, *save = NULL;
	size_t i;

	for (w = strtok_r(opts, ",", &save); w; w = strtok_r(NULL, ",", &save))
		for (i = 0; i < sizeof(attr_words) / sizeof(attr_words[0]); i++)
			if (strcmp(w, attr_words[i].word) == 0)
				attr |= attr_words[i].attr;
	return attr;
}

/* "36 35 0:3 / /mnt rw,relatime shared:1 - tmpfs src rw,size=1m": 0, or
 * -EINVAL for a line of another shape. */
static int parse_line(char *line, struct vfsim_mount_desc *d)
{
	char *f[6], *w, *save = NULL;
	int i;

	memset(d, 0, sizeof(*d));
	for (i = 0; i < 6; i++) {
		f[i] = strtok_r(i ? NULL : line, " ", &save);
		if (!f[i])
			return -EINVAL;
	}
	d->mnt_id = (unsigned int)strtoul(f[0], NULL, 10);
	d->parent_id = (unsigned int)strtoul(f[1], NULL, 10);
	unescape(f[3]);
	unescape(f[4]);
	d->root = f[3];
	d->mountpoint = f[4];
	d->attr = mount_attr(f[5]);
	while ((w = strtok_r(NULL, " ", &save)) && strcmp(w, "-") != 0) {
		if (strncmp(w, "shared:", 7) == 0) {
			d->propagation |= VFSIM_PROPAGATION_SHARED;
			d->peer_group = (unsigned int)strtoul(w + 7, NULL, 10);
		} else if (strncmp(w, "master:", 7) == 0) {
			d->propagation |= VFSIM_PROPAGATION_SLAVE;
			d->master = (unsigned int)strtoul(w + 7, NULL, 10);
		} else if (strcmp(w, "unbindable") == 0) {
			d->propagation |= VFSIM_PROPAGATION_UNBINDABLE;
		}
	}
	d->fstype = strtok_r(NULL, " ", &save);
	d->source = strtok_r(NULL, " ", &save);
	d->sb_options = strtok_r(NULL, " ", &save);
	if (!w || !d->fstype || !d->source || !d->sb_options)
		return -EINVAL;
	unescape((char *)d->source);
	if (strncmp(d->sb_options, "ro", 2) == 0 &&
	    (!d->sb_options[2] || d->sb_options[2] == ','))
		d->sb_flags |= VFSIM_SB_RDONLY;
	return 0;
}

struct mi {
	struct mi_line *l;
	size_t nr;
};

static bool has_mount(const struct mi *mi, unsigned int id)
{
	size_t i;

	for (i = 0; i < mi->nr; i++)
		if (mi->l[i].d.mnt_id == id)
			return true;
	return false;
}

/* @l and its children, depth first, children in mountinfo's order. */
static int walk_from(struct mi *mi, struct mi_line *l, unsigned int depth,
		     vfsim_mount_cb cb, void *cbarg)
{
	size_t i;
	int ret;

	l->done = true;
	l->d.depth = depth;
	ret = cb(&l->d, cbarg);
	for (i = 0; ret == 0 && i < mi->nr; i++)
		if (!mi->l[i].done && mi->l[i].d.parent_id == l->d.mnt_id)
			ret = walk_from(mi, &mi->l[i], depth + 1, cb, cbarg);
	return ret;
}

/* A root is a mount whose parent is not shown (it is outside the root). */
static int walk(vfsim_mount_cb cb, void *cbarg, void *arg)
{
	struct mi *mi = arg;
	size_t i;
	int ret = 0;

	for (i = 0; ret == 0 && i < mi->nr; i++) {
		struct mi_line *l = &mi->l[i];

		if (l->done || has_mount(mi, l->d.parent_id))
			continue;
		l->d.parent_id = l->d.mnt_id;
		ret = walk_from(mi, l, 0, cb, cbarg);
	}
	return ret;
}

long scn_ktree(struct scn_task *t, FILE *out, const struct vfsim_tree_opts *o)
{
	struct mi mi = { NULL, 0 };
	unsigned int only = 0;
	char *text, *line, *save = NULL;
	long ret;

	if (o && o->target) {
		struct statx stx;

		ret = SCN_KSYS(t, SYS_statx, AT_FDCWD, (long)o->target, 0,
			       STATX_MNT_ID, (long)&stx);
		if (ret < 0)
			return ret;
		only = (unsigned int)stx.stx_mnt_id;
	}
	ret = scn_kmountinfo(t, &text);
	if (ret < 0)
		return ret;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct mi_line *p = realloc(mi.l, (mi.nr + 1) * sizeof(*p));

		if (!p) {
			ret = -ENOMEM;
			goto out;
		}
		mi.l = p;
		memset(&mi.l[mi.nr], 0, sizeof(mi.l[mi.nr]));
		if (parse_line(line, &mi.l[mi.nr].d) < 0) {
			ret = -EIO;	/* not mountinfo as we know it */
			goto out;
		}
		mi.nr++;
	}
	ret = txt_tree_render_walk(walk, &mi, only, out, o);
out:
	free(mi.l);
	free(text);
	return ret;
}
