// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Canonical tree lines from mountinfo.  A mount is named by its chain of
 * mount points from the view's root ("/a > /a > /a/b"), which is what the
 * two sides share; mount IDs, list order and group IDs are not.
 */
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "mountinfo.h"

struct item {
	size_t idx;		/* list order */
	char *key;		/* chain components joined by \1, for sorting */
	char *chain;		/* joined by " > ", escaped */
};

static long find_parent(const struct kd_mount *m, size_t nr, size_t i)
{
	size_t j;

	for (j = 0; j < nr; j++)
		if (j != i && m[j].id == m[i].parent)
			return (long)j;
	return -1;
}

/*
 * Components of @i's chain, leaf last.  The walk is bounded by @nr steps:
 * mountinfo cannot hold a cycle, but a parser should not loop on one.
 */
static void chain_of(const struct kd_mount *m, const long *parent, size_t nr,
		     long root, size_t i, struct kd_lines *comps)
{
	long cur = (long)i;
	size_t steps;

	if (cur == root) {
		kd_lines_add(comps, kd_strdup("/"));
		return;
	}
	for (steps = 0; cur != root; steps++) {
		if (steps > nr || cur < 0) {
			kd_lines_add(comps, kd_strdup("?"));
			break;
		}
		kd_lines_add(comps, kd_strdup(m[cur].mountpoint));
		if (parent[cur] < 0) {
			kd_lines_add(comps, kd_strdup("?"));
			break;
		}
		cur = parent[cur];
	}
	/* collected leaf first */
	for (steps = 0; steps < comps->nr / 2; steps++) {
		char *t = comps->v[steps];

		comps->v[steps] = comps->v[comps->nr - 1 - steps];
		comps->v[comps->nr - 1 - steps] = t;
	}
}

static void make_item(struct item *it, const struct kd_lines *comps)
{
	struct kd_buf key = { NULL, 0, 0 }, chain = { NULL, 0, 0 };
	size_t k;

	for (k = 0; k < comps->nr; k++) {
		/* \1 sorts below any character a path can hold but NUL, so
		 * comparing the joined keys compares component by component */
		char *esc = strcmp(comps->v[k], "?") ? kd_escape(comps->v[k]) :
			    kd_strdup("?");

		if (k) {
			kd_buf_puts(&key, "\1");
			kd_buf_puts(&chain, " > ");
		}
		kd_buf_puts(&key, comps->v[k]);
		kd_buf_puts(&chain, esc);
		free(esc);
	}
	it->key = key.s;
	it->chain = chain.s;
}

static int cmp_items(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Peer groups renamed 1, 2, ... in order of first appearance. */
struct renames {
	long *from;
	size_t nr;
};

static long rename_group(struct renames *r, long id)
{
	size_t i;

	for (i = 0; i < r->nr; i++)
		if (r->from[i] == id)
			return (long)i + 1;
	r->from = kd_realloc(r->from, (r->nr + 1) * sizeof(*r->from));
	r->from[r->nr++] = id;
	return (long)r->nr;
}

/* ro/rw and the flags the VFS itself shows; not the filesystem's options */
static void put_sb_opts(struct kd_buf *b, const char *opts)
{
	static const char *const keep[] = { "sync", "dirsync", "mand", "lazytime" };
	char *copy = kd_strdup(opts), *save = NULL, *w;
	bool first = true;
	size_t k;

	for (w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		bool show = first;

		for (k = 0; !show && k < sizeof(keep) / sizeof(keep[0]); k++)
			show = strcmp(w, keep[k]) == 0;
		if (show)
			kd_buf_printf(b, "%s%s", first ? "" : ",", w);
		first = false;
	}
	free(copy);
}

static char *format_line(const struct kd_mount *m, const char *chain,
			 size_t dup, struct renames *r)
{
	struct kd_buf b = { NULL, 0, 0 };
	/*
	 * The kernel side's namespace root (scenario/kernel_task.c) stands
	 * for the model's boot rootfs: a tree that climbed out of the
	 * scenario's root shows either one, named alike.
	 */
	bool base = strcmp(m->fstype, "tmpfs") == 0 && strcmp(m->source, "kdiff-base") == 0;
	char *fstype = kd_escape(base ? "rootfs" : m->fstype);
	char *source = kd_escape(base ? "rootfs" : m->source);
	char *root = kd_escape(m->root);

	kd_buf_puts(&b, chain);
	if (dup > 1)
		kd_buf_printf(&b, " [%zu]", dup);
	kd_buf_printf(&b, "  fstype=%s source=%s root=%s mnt=%s sb=", fstype,
		      source, root, m->mnt_opts);
	put_sb_opts(&b, m->sb_opts);
	if (m->shared)
		kd_buf_printf(&b, " shared:%ld", rename_group(r, m->shared));
	if (m->master)
		kd_buf_printf(&b, " master:%ld", rename_group(r, m->master));
	if (m->propagate_from)
		kd_buf_printf(&b, " propagate_from:%ld",
			      rename_group(r, m->propagate_from));
	if (m->unbindable)
		kd_buf_puts(&b, " unbindable");
	if (m->other_tags)
		kd_buf_printf(&b, " %s", m->other_tags);
	free(fstype);
	free(source);
	free(root);
	return b.s;
}

int kd_canon_tree(const char *mountinfo, struct kd_lines *out, char *why,
		  size_t len)
{
	struct renames r = { NULL, 0 };
	struct kd_mount *m;
	struct item *items;
	long *parent, root = -1;
	size_t nr, i, dup = 1;

	if (kd_mountinfo_parse(mountinfo, &m, &nr, why, len) < 0)
		return -1;
	parent = kd_malloc((nr + 1) * sizeof(*parent));
	items = kd_malloc((nr + 1) * sizeof(*items));
	for (i = 0; i < nr; i++) {
		parent[i] = find_parent(m, nr, i);
		if (root < 0 && parent[i] < 0 && strcmp(m[i].mountpoint, "/") == 0)
			root = (long)i;
	}
	for (i = 0; i < nr; i++) {
		struct kd_lines comps = { NULL, 0, 0 };

		chain_of(m, parent, nr, root, i, &comps);
		items[i].idx = i;
		make_item(&items[i], &comps);
		kd_lines_free(&comps);
	}
	qsort(items, nr, sizeof(*items), cmp_items);
	for (i = 0; i < nr; i++) {
		bool same = i && strcmp(items[i].key, items[i - 1].key) == 0;

		dup = same ? dup + 1 : 1;
		kd_lines_add(out, format_line(&m[items[i].idx], items[i].chain,
					      dup, &r));
	}
	for (i = 0; i < nr; i++) {
		free(items[i].key);
		free(items[i].chain);
	}
	free(items);
	free(parent);
	free(r.from);
	kd_mountinfo_free(m, nr);
	return 0;
}
