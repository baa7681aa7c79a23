/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim_print_tree(): the mount tree of a task's namespace as a table, in
 * the manner of `findmnt --ascii`:
 *
 *   ID TARGET     FSTYPE SOURCE    OPTIONS                PROPAGATION
 *   1  /          tmpfs  rootfs    rw                     private
 *   2  |-/proc    proc   proc      rw,nosuid,nodev,noexec private
 *   3  | `-/proc/x tmpfs none      ro                     shared:1
 *   4  `-/mnt     tmpfs  src[/dir] rw,sb-ro               master:1
 *
 * Built only on the public API (vfsim_for_each_mount()); the rows are
 * collected first so that the column widths can come from the data.  The
 * output is ASCII and deterministic: bytes of a string that are not
 * printable ASCII, and space, tab, newline and backslash, are written as
 * \ooo octal escapes as /proc/self/mountinfo does, so that every cell is one
 * whitespace-free word.  No line has trailing spaces.
 *
 * The temporary rows are the caller's memory (libc malloc), not the
 * instance's: this file sits above the public API, like any harness.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/vfsim.h>

enum { COL_ID, COL_TARGET, COL_FSTYPE, COL_SOURCE, COL_OPTIONS, COL_PROPAGATION,
       NR_COLS };

static const char *const col_titles[NR_COLS] = {
	"ID", "TARGET", "FSTYPE", "SOURCE", "OPTIONS", "PROPAGATION",
};

struct tree_row {
	char *cell[NR_COLS];	/* COL_TARGET is the bare mountpoint until
				 * add_tree_prefixes() puts the branches on */
	unsigned int depth;
	bool has_next_sibling;
};

struct tree_rows {
	struct tree_row *row;
	size_t nr, cap;
	unsigned int max_depth;
};

/* ---- growable strings ---------------------------------------------------- */

struct sbuf {
	char *s;
	size_t len, cap;
	bool failed;
};

static void sbuf_putn(struct sbuf *b, const char *p, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 32;
		char *s;

		while (cap < b->len + n + 1)
			cap *= 2;
		s = realloc(b->s, cap);
		if (!s) {
			b->failed = true;
			return;
		}
		b->s = s;
		b->cap = cap;
	}
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void sbuf_puts(struct sbuf *b, const char *s)
{
	sbuf_putn(b, s, strlen(s));
}

/* Append @s with mountinfo-style escapes; NULL or "" is shown as "-". */
static void sbuf_put_escaped(struct sbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s || !*s) {
		sbuf_puts(b, "-");
		return;
	}
	for (; *p; p++) {
		if (*p > ' ' && *p < 0x7f && *p != '\\') {
			sbuf_putn(b, (const char *)p, 1);
		} else {
			char esc[5];

			snprintf(esc, sizeof(esc), "\\%03o", *p);
			sbuf_putn(b, esc, 4);
		}
	}
}

/* Take the string out of @b: NULL if any append failed. */
static char *sbuf_take(struct sbuf *b)
{
	if (b->failed || !b->s) {
		free(b->s);
		return b->failed ? NULL : strdup("");
	}
	return b->s;
}

/* ---- cells ---------------------------------------------------------------- */

static char *fmt_options(const struct vfsim_mount_desc *m)
{
	struct sbuf b = { 0 };

	sbuf_puts(&b, m->attr & VFSIM_ATTR_RDONLY ? "ro" : "rw");
	if (m->attr & VFSIM_ATTR_NOSUID)
		sbuf_puts(&b, ",nosuid");
	if (m->attr & VFSIM_ATTR_NODEV)
		sbuf_puts(&b, ",nodev");
	if (m->attr & VFSIM_ATTR_NOEXEC)
		sbuf_puts(&b, ",noexec");
	/* relatime is the default and not shown */
	if (m->attr & VFSIM_ATTR_NOATIME)
		sbuf_puts(&b, ",noatime");
	else if (m->attr & VFSIM_ATTR_STRICTATIME)
		sbuf_puts(&b, ",strictatime");
	if (m->attr & VFSIM_ATTR_NODIRATIME)
		sbuf_puts(&b, ",nodiratime");
	if ((m->sb_flags & VFSIM_SB_RDONLY) && !(m->attr & VFSIM_ATTR_RDONLY))
		sbuf_puts(&b, ",sb-ro");
	return sbuf_take(&b);
}

static char *fmt_propagation(const struct vfsim_mount_desc *m)
{
	struct sbuf b = { 0 };
	char num[32];
	const char *sep = "";

	if (m->propagation & VFSIM_PROPAGATION_SHARED) {
		snprintf(num, sizeof(num), "shared:%u", m->peer_group);
		sbuf_puts(&b, num);
		sep = " ";
	}
	if (m->propagation & VFSIM_PROPAGATION_SLAVE) {
		snprintf(num, sizeof(num), "%smaster:%u", sep, m->master);
		sbuf_puts(&b, num);
		sep = " ";
	}
	if (m->propagation & VFSIM_PROPAGATION_UNBINDABLE) {
		sbuf_puts(&b, sep);
		sbuf_puts(&b, "unbindable");
		sep = " ";
	}
	if (!*sep)
		sbuf_puts(&b, "private");
	return sbuf_take(&b);
}

static char *fmt_source(const struct vfsim_mount_desc *m)
{
	struct sbuf b = { 0 };

	sbuf_put_escaped(&b, m->source);
	if (m->root && *m->root && strcmp(m->root, "/") != 0) {
		sbuf_puts(&b, "[");
		sbuf_put_escaped(&b, m->root);
		sbuf_puts(&b, "]");
	}
	return sbuf_take(&b);
}

static char *fmt_escaped(const char *s)
{
	struct sbuf b = { 0 };

	sbuf_put_escaped(&b, s);
	return sbuf_take(&b);
}

/* ---- collecting ----------------------------------------------------------- */

static void free_rows(struct tree_rows *rows)
{
	size_t i;
	int c;

	for (i = 0; i < rows->nr; i++)
		for (c = 0; c < NR_COLS; c++)
			free(rows->row[i].cell[c]);
	free(rows->row);
}

static int collect_row(const struct vfsim_mount_desc *m, void *arg)
{
	struct tree_rows *rows = arg;
	struct tree_row *r;
	char id[16];
	int c;

	if (rows->nr == rows->cap) {
		size_t cap = rows->cap ? rows->cap * 2 : 16;
		struct tree_row *p = realloc(rows->row, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		rows->row = p;
		rows->cap = cap;
	}
	r = &rows->row[rows->nr];
	memset(r, 0, sizeof(*r));

	/* The walk is depth first, so a row is at most one level below the
	 * one before it, and the first is the root; hold to that whatever
	 * the walker says, so the drawing cannot go wrong. */
	if (rows->nr == 0)
		r->depth = 0;
	else if (m->depth > rows->row[rows->nr - 1].depth + 1)
		r->depth = rows->row[rows->nr - 1].depth + 1;
	else	/* a second depth-0 row would be a second root: hang it below */
		r->depth = m->depth == 0 ? 1 : m->depth;
	if (r->depth > rows->max_depth)
		rows->max_depth = r->depth;

	snprintf(id, sizeof(id), "%u", m->mnt_id);
	r->cell[COL_ID] = strdup(id);
	r->cell[COL_TARGET] = fmt_escaped(m->mountpoint);
	r->cell[COL_FSTYPE] = fmt_escaped(m->fstype);
	r->cell[COL_SOURCE] = fmt_source(m);
	r->cell[COL_OPTIONS] = fmt_options(m);
	r->cell[COL_PROPAGATION] = fmt_propagation(m);
	rows->nr++;	/* now free_rows() owns whatever was allocated */
	for (c = 0; c < NR_COLS; c++)
		if (!r->cell[c])
			return -ENOMEM;
	return 0;
}

/*
 * Draw the branches, as findmnt --ascii does: a row below the root gets, for
 * each ancestor level between the root and its parent, "| " if the ancestor
 * at that level has a later sibling and "  " if not, then "|-" if the row
 * itself has a later sibling and "`-" if it is the last child.
 */
static int add_tree_prefixes(struct tree_rows *rows)
{
	bool *more = calloc(rows->max_depth + 2, sizeof(bool));
	size_t i;
	int ret = 0;

	if (!more)
		return -ENOMEM;

	/* Backwards: more[d] = a row at depth d follows with no shallower row
	 * in between, i.e. the current row at depth d has a later sibling. */
	for (i = rows->nr; i-- > 0;) {
		unsigned int d = rows->row[i].depth, k;

		rows->row[i].has_next_sibling = more[d];
		more[d] = true;
		for (k = d + 1; k <= rows->max_depth; k++)
			more[k] = false;
	}

	/* Forwards: more[d] = the last row seen at depth d (the ancestor of
	 * the current row at that level) has a later sibling. */
	for (i = 0; i < rows->nr; i++) {
		struct tree_row *r = &rows->row[i];
		struct sbuf b = { 0 };
		unsigned int k;
		char *target;

		more[r->depth] = r->has_next_sibling;
		if (r->depth == 0)
			continue;
		for (k = 1; k < r->depth; k++)
			sbuf_puts(&b, more[k] ? "| " : "  ");
		sbuf_puts(&b, r->has_next_sibling ? "|-" : "`-");
		sbuf_puts(&b, r->cell[COL_TARGET]);
		target = sbuf_take(&b);
		if (!target) {
			ret = -ENOMEM;
			break;
		}
		free(r->cell[COL_TARGET]);
		r->cell[COL_TARGET] = target;
	}
	free(more);
	return ret;
}

/* ---- printing ------------------------------------------------------------- */

static void print_line(FILE *out, const char *const cell[NR_COLS],
		       const size_t width[NR_COLS])
{
	int c;

	for (c = 0; c < NR_COLS - 1; c++)
		fprintf(out, "%-*s ", (int)width[c], cell[c]);
	fprintf(out, "%s\n", cell[NR_COLS - 1]);
}

int vfsim_print_tree(struct vfsim_task *t, FILE *out)
{
	struct tree_rows rows = { 0 };
	size_t width[NR_COLS];
	size_t i;
	int c, ret;

	if (!t || !out)
		return -EINVAL;

	ret = vfsim_for_each_mount(t, collect_row, &rows);
	if (ret > 0)		/* our callback never stops the walk itself */
		ret = -EIO;
	if (ret == 0)
		ret = add_tree_prefixes(&rows);
	if (ret < 0)
		goto out;

	for (c = 0; c < NR_COLS; c++) {
		width[c] = strlen(col_titles[c]);
		for (i = 0; i < rows.nr; i++) {
			size_t len = strlen(rows.row[i].cell[c]);

			if (len > width[c])
				width[c] = len;
		}
	}

	print_line(out, col_titles, width);
	for (i = 0; i < rows.nr; i++)
		print_line(out, (const char *const *)rows.row[i].cell, width);
	if (fflush(out) != 0 || ferror(out))
		ret = -EIO;
out:
	free_rows(&rows);
	return ret;
}
