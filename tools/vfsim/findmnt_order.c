// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The order of `vfsim tree`'s rows, findmnt's (findmnt.h): libmount walks
 * a tree from the root to each mount's children in mount ID order, and
 * lists a table in the order of /proc/self/mountinfo.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "findmnt.h"

static const struct fm_mount *sort_m;
static const size_t *sort_parent;
static const long *sort_rank;

struct id_rank {
	unsigned long id;
	long rank;
};

static int cmp_id_rank(const void *a, const void *b)
{
	const struct id_rank *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/* Children grouped by parent, each group by mount ID (libmount's
 * mnt_table_next_child_fs()). */
static int cmp_child(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	unsigned int ix = sort_m[x].d.mnt_id, iy = sort_m[y].d.mnt_id;

	if (sort_parent[x] != sort_parent[y])
		return sort_parent[x] < sort_parent[y] ? -1 : 1;
	return (ix > iy) - (ix < iy);
}

/* By the place in mountinfo; rows it lacks first, in walk order. */
static int cmp_rank(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (sort_rank[x] != sort_rank[y])
		return sort_rank[x] < sort_rank[y] ? -1 : 1;
	return (x > y) - (x < y);
}

/*
 * findmnt's tree walks from the root to each mount's children in mount ID
 * order; its list keeps the order of /proc/self/mountinfo (here:
 * vfsim_mountinfo()'s, the namespace's list).  The walker gives the rows
 * depth first, children in attachment order (fm_order() in findmnt.h).
 */
int fm_order(struct vfsim_task *t, const struct fm_mount *m, size_t n,
	     bool tree, size_t *order)
{
	size_t i, *parent = NULL, *kids = NULL, *first = NULL,
	       *stack = NULL, sp = 0, out = 0;
	long *rank = NULL, len;
	struct id_rank *ids = NULL;
	size_t nr_ids;
	char *info = NULL, *p;
	int ret = -ENOMEM;

	if (!tree) {
		rank = malloc(n * sizeof(*rank));
		ids = malloc(n * sizeof(*ids));
		len = vfsim_mountinfo(t, NULL, 0);
		if (len < 0)
			len = 0;
		info = malloc((size_t)len + 1);
		if (!rank || !info || !ids)
			goto out;
		if (vfsim_mountinfo(t, info, (size_t)len + 1) < 0)
			info[0] = '\0';
		/* ids[r]: the mount ID on line r, then sorted with its line */
		nr_ids = 0;
		for (p = info; *p && nr_ids < n; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
			ids[nr_ids].id = strtoul(p, NULL, 10);
			ids[nr_ids].rank = (long)nr_ids;
			nr_ids++;
		}
		qsort(ids, nr_ids, sizeof(*ids), cmp_id_rank);
		for (i = 0; i < n; i++) {
			struct id_rank key = { .id = m[i].d.mnt_id }, *hit;

			hit = bsearch(&key, ids, nr_ids, sizeof(*ids), cmp_id_rank);
			rank[i] = hit ? hit->rank : -1;
			order[i] = i;
		}
		sort_m = m;
		sort_rank = rank;
		qsort(order, n, sizeof(*order), cmp_rank);
		ret = 0;
		goto out;
	}

	/* parent[i]: the row above i (n for a top row), by the walk's depths */
	parent = malloc(n * sizeof(*parent));
	kids = malloc(n * sizeof(*kids));
	first = malloc((n + 1) * sizeof(*first));
	stack = malloc((n + 1) * sizeof(*stack));
	if (!parent || !kids || !first || !stack)
		goto out;
	for (i = 0; i < n; i++) {
		size_t d = m[i].d.depth;

		if (d > sp)
			d = sp;	/* at most one level below the row before */
		while (sp > d)
			sp--;
		parent[i] = sp ? stack[sp - 1] : n;
		stack[sp++] = i;
		kids[i] = i;
	}
	sort_m = m;
	sort_parent = parent;
	qsort(kids, n, sizeof(*kids), cmp_child);
	/* first[p]: where p's children start in kids[] (n + 1 slots) */
	for (i = 0; i <= n; i++)
		first[i] = n;
	for (i = n; i-- > 0;)
		first[parent[kids[i]]] = i;
	/* depth first, from the top rows (parent n) */
	sp = 0;
	for (i = first[n]; i < n && parent[kids[i]] == n; i++)
		stack[sp++] = kids[i];
	/* the stack pops last first: reverse each pushed group */
	for (i = 0; i < sp / 2; i++) {
		size_t tmp = stack[i];

		stack[i] = stack[sp - 1 - i];
		stack[sp - 1 - i] = tmp;
	}
	while (sp) {
		size_t r = stack[--sp], k, end;

		order[out++] = r;
		for (end = first[r]; end < n && parent[kids[end]] == r; end++)
			;
		for (k = end; k-- > first[r] && first[r] < n;)
			stack[sp++] = kids[k];
	}
	ret = out == n ? 0 : -EIO;
out:
	free(ids);
	free(rank);
	free(info);
	free(parent);
	free(kids);
	free(first);
	free(stack);
	return ret;
}

