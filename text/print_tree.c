/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vfsim_tree_render(): the mount tree of a task's namespace in findmnt's
 * forms (a tree, -l, -r, -J; findmnt's column names) or as Graphviz DOT;
 * vfsim_print_tree() is its default, a table in the manner of
 * `findmnt --ascii`:
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
#include <strings.h>

#include <vfsim/vfsim.h>

#include "tree_walk.h"

/* The columns: findmnt's names and meanings, and the two of the `tree`
 * verb's table (LEGACY_*), whose cells differ from findmnt's columns of the
 * same title. */
enum { COL_ID, COL_PARENT, COL_TARGET, COL_SOURCE, COL_FSTYPE, COL_OPTIONS,
       COL_VFS_OPTIONS, COL_FS_OPTIONS, COL_OPT_FIELDS, COL_PROPAGATION,
       COL_FSROOT, COL_LEGACY_OPTIONS, COL_LEGACY_PROPAGATION, NR_COLS };

static const char *const col_titles[NR_COLS] = {
	"ID", "PARENT", "TARGET", "SOURCE", "FSTYPE", "OPTIONS", "VFS-OPTIONS",
	"FS-OPTIONS", "OPT-FIELDS", "PROPAGATION", "FSROOT", "OPTIONS",
	"PROPAGATION",
};

/* JSON keys: the titles in lower case, as findmnt -J prints them. */
static const char *const col_keys[NR_COLS] = {
	"id", "parent", "target", "source", "fstype", "options", "vfs-options",
	"fs-options", "opt-fields", "propagation", "fsroot", "options",
	"propagation",
};

/* The `tree` verb's table, and the default of vfsim_tree_render(). */
static const int default_cols[] = {
	COL_ID, COL_TARGET, COL_FSTYPE, COL_SOURCE, COL_LEGACY_OPTIONS,
	COL_LEGACY_PROPAGATION,
};

#define MAX_SHOWN 32	/* columns one call may ask for */

struct tree_row {
	char *cell[NR_COLS];	/* raw text until escape_rows() */
	unsigned int depth;
	unsigned int mnt_id, parent_id, peer_group, master, propagation;
	bool rdonly;
	bool has_next_sibling;
};

struct tree_rows {
	struct tree_row *row;
	size_t nr, cap;
	unsigned int max_depth;
	unsigned int only;	/* nonzero: only this mount's row */
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

/* The mount's own options; @findmnt: relatime shown, as findmnt's
 * VFS-OPTIONS and mountinfo show it, and no sb-ro (the `tree` verb's). */
static void put_vfs_options(struct sbuf *b, const struct vfsim_mount_desc *m,
			    bool findmnt)
{
	sbuf_puts(b, m->attr & VFSIM_ATTR_RDONLY ? "ro" : "rw");
	if (m->attr & VFSIM_ATTR_NOSUID)
		sbuf_puts(b, ",nosuid");
	if (m->attr & VFSIM_ATTR_NODEV)
		sbuf_puts(b, ",nodev");
	if (m->attr & VFSIM_ATTR_NOEXEC)
		sbuf_puts(b, ",noexec");
	if (m->attr & VFSIM_ATTR_NOATIME)
		sbuf_puts(b, ",noatime");
	else if (m->attr & VFSIM_ATTR_STRICTATIME)
		sbuf_puts(b, ",strictatime");
	else if (findmnt)
		sbuf_puts(b, ",relatime");
	if (m->attr & VFSIM_ATTR_NODIRATIME)
		sbuf_puts(b, ",nodiratime");
	if (m->attr & VFSIM_ATTR_NOSYMFOLLOW)
		sbuf_puts(b, ",nosymfollow");
	if (!findmnt && (m->sb_flags & VFSIM_SB_RDONLY) &&
	    !(m->attr & VFSIM_ATTR_RDONLY))
		sbuf_puts(b, ",sb-ro");
}

/* "shared:1 master:2 unbindable", as mountinfo's optional fields; "" if
 * none (@private: "private" then, as the `tree` verb shows it). */
static void put_opt_fields(struct sbuf *b, const struct vfsim_mount_desc *m,
			   bool private)
{
	char num[32];
	const char *sep = "";

	if (m->propagation & VFSIM_PROPAGATION_SHARED) {
		snprintf(num, sizeof(num), "shared:%u", m->peer_group);
		sbuf_puts(b, num);
		sep = " ";
	}
	if (m->propagation & VFSIM_PROPAGATION_SLAVE) {
		snprintf(num, sizeof(num), "%smaster:%u", sep, m->master);
		sbuf_puts(b, num);
		sep = " ";
	}
	if (m->propagation & VFSIM_PROPAGATION_UNBINDABLE) {
		sbuf_puts(b, sep);
		sbuf_puts(b, "unbindable");
		sep = " ";
	}
	if (!*sep && private)
		sbuf_puts(b, "private");
}

static char *fmt_cell(const struct vfsim_mount_desc *m, int col)
{
	struct sbuf b = { 0 };
	char num[16];
	const char *fs_opts;
	bool bind;

	switch (col) {
	case COL_ID:
	case COL_PARENT:
		snprintf(num, sizeof(num), "%u",
			 col == COL_ID ? m->mnt_id : m->parent_id);
		sbuf_puts(&b, num);
		break;
	case COL_TARGET:
		sbuf_puts(&b, m->mountpoint);
		break;
	case COL_SOURCE:
		/* an empty source is "-" in the table; before a root too */
		bind = *m->root && strcmp(m->root, "/") != 0;
		sbuf_puts(&b, bind && !*m->source ? "-" : m->source);
		if (bind) {
			sbuf_puts(&b, "[");
			sbuf_puts(&b, m->root);
			sbuf_puts(&b, "]");
		}
		break;
	case COL_FSTYPE:
		sbuf_puts(&b, m->fstype);
		break;
	case COL_OPTIONS:
		/* findmnt's: the mount's options, then the filesystem's own
		 * (the superblock's, less its leading rw or ro) */
		put_vfs_options(&b, m, true);
		fs_opts = strchr(m->sb_options, ',');
		if (fs_opts)
			sbuf_puts(&b, fs_opts);
		break;
	case COL_VFS_OPTIONS:
		put_vfs_options(&b, m, true);
		break;
	case COL_FS_OPTIONS:
		sbuf_puts(&b, m->sb_options);
		break;
	case COL_OPT_FIELDS:
		put_opt_fields(&b, m, false);
		break;
	case COL_PROPAGATION:
		/* findmnt's: shared or private, then slave and unbindable */
		sbuf_puts(&b, m->propagation & VFSIM_PROPAGATION_SHARED ?
			  "shared" : "private");
		if (m->propagation & VFSIM_PROPAGATION_SLAVE)
			sbuf_puts(&b, ",slave");
		if (m->propagation & VFSIM_PROPAGATION_UNBINDABLE)
			sbuf_puts(&b, ",unbindable");
		break;
	case COL_FSROOT:
		sbuf_puts(&b, m->root);
		break;
	case COL_LEGACY_OPTIONS:
		put_vfs_options(&b, m, false);
		break;
	default:	/* COL_LEGACY_PROPAGATION */
		put_opt_fields(&b, m, true);
		break;
	}
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
	int c;

	if (rows->only && m->mnt_id != rows->only)
		return 0;
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

	r->mnt_id = m->mnt_id;
	r->parent_id = m->parent_id;
	r->peer_group = m->peer_group;
	r->master = m->master;
	r->propagation = m->propagation;
	r->rdonly = (m->attr & VFSIM_ATTR_RDONLY) != 0;
	for (c = 0; c < NR_COLS; c++)
		r->cell[c] = fmt_cell(m, c);
	rows->nr++;	/* now free_rows() owns whatever was allocated */
	for (c = 0; c < NR_COLS; c++)
		if (!r->cell[c])
			return -ENOMEM;
	return 0;
}

/*
 * The cells as the tables show them: mountinfo escapes, "-" for "".  The
 * spaces between mountinfo's optional fields ("shared:2 master:1") stay,
 * as the `tree` verb has always shown them, except in @raw output, where
 * a space separates cells.
 */
static int escape_rows(struct tree_rows *rows, bool raw)
{
	size_t i;
	int c, ret = 0;

	for (i = 0; i < rows->nr; i++) {
		for (c = 0; c < NR_COLS; c++) {
			struct sbuf b = { 0 };
			char *s;

			if ((c == COL_OPT_FIELDS || c == COL_LEGACY_PROPAGATION) &&
			    *rows->row[i].cell[c] && !raw)
				continue;

			sbuf_put_escaped(&b, rows->row[i].cell[c]);
			s = sbuf_take(&b);
			ret = s ? ret : -ENOMEM;	/* else the raw cell stays */
			if (s) {
				free(rows->row[i].cell[c]);
				rows->row[i].cell[c] = s;
			}
		}
	}
	return ret;
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

/* ---- the column list ------------------------------------------------------ */

/* "TARGET,SOURCE" (any case) into @cols; the count, or -EINVAL. */
static int parse_columns(const char *spec, int cols[MAX_SHOWN])
{
	int n = 0;

	for (;;) {
		size_t len = strcspn(spec, ",");
		int c;

		for (c = 0; c < COL_LEGACY_OPTIONS; c++)
			if (strlen(col_titles[c]) == len &&
			    strncasecmp(spec, col_titles[c], len) == 0)
				break;
		if (c == COL_LEGACY_OPTIONS || n == MAX_SHOWN)
			return -EINVAL;
		cols[n++] = c;
		if (!spec[len])
			return n;
		spec += len + 1;
	}
}

/* ---- printing ------------------------------------------------------------- */

static void print_table(FILE *out, const struct tree_rows *rows,
			const int *cols, int nr_cols, bool raw)
{
	size_t width[MAX_SHOWN];
	size_t i;
	int c;

	for (c = 0; c < nr_cols; c++) {
		width[c] = raw ? 0 : strlen(col_titles[cols[c]]);
		for (i = 0; i < rows->nr && !raw; i++) {
			size_t len = strlen(rows->row[i].cell[cols[c]]);

			if (len > width[c])
				width[c] = len;
		}
	}
	for (i = 0; i <= rows->nr; i++) {
		for (c = 0; c < nr_cols; c++) {
			const char *s = i ? rows->row[i - 1].cell[cols[c]] :
					col_titles[cols[c]];

			if (c == nr_cols - 1)
				fprintf(out, "%s\n", s);
			else
				fprintf(out, "%-*s ", (int)width[c], s);
		}
	}
}

static void print_json_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', out);
	for (; *p; p++) {
		if (*p < ' ' || *p == '"' || *p == '\\')
			fprintf(out, "\\u%04x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

/* findmnt -J's shape: {"filesystems": [{..., "children": [...]}]}, three
 * spaces an indent; @flat (-l): no children, one list. */
static void print_json(FILE *out, const struct tree_rows *rows,
		       const int *cols, int nr_cols, bool flat)
{
	size_t i;
	int c;

	fputs("{\n   \"filesystems\": [\n", out);
	for (i = 0; i < rows->nr; i++) {
		const struct tree_row *r = &rows->row[i];
		int d = flat ? 0 : (int)r->depth;
		int next = (i + 1 < rows->nr && !flat) ? (int)rows->row[i + 1].depth : 0;

		fprintf(out, "%*s{\n", 6 + 6 * d, "");
		for (c = 0; c < nr_cols; c++) {
			const char *s = r->cell[cols[c]];

			fprintf(out, "%s%*s\"%s\": ", c ? ",\n" : "", 9 + 6 * d,
				"", col_keys[cols[c]]);
			if (cols[c] == COL_ID || cols[c] == COL_PARENT)
				fputs(s, out);
			else if (!*s)
				fputs("null", out);
			else
				print_json_string(out, s);
		}
		if (next > d) {
			fprintf(out, ",\n%*s\"children\": [\n", 9 + 6 * d, "");
			continue;
		}
		fprintf(out, "\n%*s}", 6 + 6 * d, "");
		for (; d > next; d--)
			fprintf(out, "\n%*s]\n%*s}", 9 + 6 * (d - 1), "",
				6 + 6 * (d - 1), "");
		fputs(i + 1 < rows->nr ? ",\n" : "\n", out);
	}
	fputs("   ]\n}\n", out);
}

/* A DOT string: the (escaped) cell with " and \ escaped again. */
static void print_dot_string(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static int cmp_id(const void *a, const void *b)
{
	const struct tree_row *x = a, *y = b;

	return (x->mnt_id > y->mnt_id) - (x->mnt_id < y->mnt_id);
}

/*
 * Graphviz: a node per mount ("m<ID>"), sorted by mount ID; solid arrows
 * parent -> child; each peer group a chain of dashed blue lines without
 * arrowheads between its members in ID order; master -> slave a bold red
 * arrow from the master peer group's first member.  Read-only mounts are
 * filled grey, unbindable ones have a dotted border.  The rows are sorted
 * by mount ID in place: their tree order is not needed any more.
 */
static void print_dot(FILE *out, struct tree_rows *rows)
{
	struct tree_row *by_id = rows->row;
	size_t i, j;

	qsort(by_id, rows->nr, sizeof(*by_id), cmp_id);

	fputs("digraph vfsim {\n"
	      "\tnode [shape=box, fontname=\"monospace\", fontsize=10];\n"
	      "\tedge [fontname=\"monospace\", fontsize=9];\n", out);
	for (i = 0; i < rows->nr; i++) {
		const struct tree_row *r = &by_id[i];

		fprintf(out, "\tm%u [label=\"", r->mnt_id);
		print_dot_string(out, r->cell[COL_ID]);
		fputc(' ', out);
		print_dot_string(out, r->cell[COL_TARGET]);
		fputs("\\n", out);
		print_dot_string(out, r->cell[COL_FSTYPE]);
		fputc(' ', out);
		print_dot_string(out, r->cell[COL_SOURCE]);
		fputs("\\n", out);
		print_dot_string(out, r->cell[COL_LEGACY_OPTIONS]);
		fputc(' ', out);
		print_dot_string(out, r->cell[COL_LEGACY_PROPAGATION]);
		fprintf(out, "\", style=\"%s%s%s\"%s];\n",
			r->rdonly ? "filled" : "",
			r->rdonly && (r->propagation & VFSIM_PROPAGATION_UNBINDABLE) ? "," : "",
			r->propagation & VFSIM_PROPAGATION_UNBINDABLE ? "dotted" : "",
			r->rdonly ? ", fillcolor=gray85" : "");
	}
	for (i = 0; i < rows->nr; i++)
		if (by_id[i].parent_id != by_id[i].mnt_id && !rows->only)
			fprintf(out, "\tm%u -> m%u;\n", by_id[i].parent_id,
				by_id[i].mnt_id);
	for (i = 0; i < rows->nr; i++) {
		const struct tree_row *r = &by_id[i];

		/* the next member of r's peer group, if any */
		for (j = i + 1; r->peer_group && j < rows->nr; j++) {
			if (by_id[j].peer_group == r->peer_group) {
				fprintf(out, "\tm%u -> m%u [dir=none, style=dashed, color=blue, constraint=false, label=\"shared:%u\"];\n",
					r->mnt_id, by_id[j].mnt_id, r->peer_group);
				break;
			}
		}
		/* the master peer group's first member -> r */
		for (j = 0; r->master && j < rows->nr; j++) {
			if (by_id[j].peer_group == r->master) {
				fprintf(out, "\tm%u -> m%u [style=bold, color=red, constraint=false, label=\"master:%u\"];\n",
					by_id[j].mnt_id, r->mnt_id, r->master);
				break;
			}
		}
	}
	fputs("}\n", out);
}

/* The walk of vfsim_tree_render(): the model's own mounts. */
static int walk_task(vfsim_mount_cb cb, void *cbarg, void *arg)
{
	return vfsim_for_each_mount(arg, cb, cbarg);
}

int vfsim_tree_render(struct vfsim_task *t, FILE *out,
		      const struct vfsim_tree_opts *o)
{
	long id = 0;

	if (!t || !out)
		return -EINVAL;
	if (o && o->target) {
		id = vfsim_path_mnt_id(t, o->target);
		if (id < 0)
			return (int)id;
	}
	return txt_tree_render_walk(walk_task, t, (unsigned int)id, out, o);
}

int txt_tree_render_walk(txt_tree_walk_fn walk, void *arg, unsigned int only,
			 FILE *out, const struct vfsim_tree_opts *o)
{
	static const struct vfsim_tree_opts defaults = { 0 };
	struct tree_rows rows = { 0 };
	int cols[MAX_SHOWN];
	int nr_cols = (int)(sizeof(default_cols) / sizeof(default_cols[0]));
	int ret;

	if (!o)
		o = &defaults;
	if (o->format > VFSIM_TREE_DOT)
		return -EINVAL;
	memcpy(cols, default_cols, sizeof(default_cols));
	if (o->columns) {
		nr_cols = parse_columns(o->columns, cols);
		if (nr_cols < 0)
			return nr_cols;
	}
	rows.only = only;

	ret = walk(collect_row, &rows, arg);
	if (ret > 0)		/* our callback never stops the walk itself */
		ret = -EIO;
	if (ret == 0 && o->format != VFSIM_TREE_JSON)
		ret = escape_rows(&rows, o->format == VFSIM_TREE_RAW);
	if (ret == 0 && o->format == VFSIM_TREE_TREE)
		ret = add_tree_prefixes(&rows);
	if (ret < 0)
		goto out;

	if (o->format == VFSIM_TREE_DOT)
		print_dot(out, &rows);
	else if (o->format == VFSIM_TREE_JSON)
		print_json(out, &rows, cols, nr_cols, o->flat);
	else
		print_table(out, &rows, cols, nr_cols, o->format == VFSIM_TREE_RAW);
	/* A lost write says why (ENOSPC, EPIPE), as the commands' own
	 * "write error" does; EIO when the stream no longer knows. */
	errno = 0;
	if (fflush(out) != 0)
		ret = errno ? -errno : -EIO;
	else if (ferror(out))
		ret = -EIO;
out:
	free_rows(&rows);
	return ret;
}

int vfsim_print_tree(struct vfsim_task *t, FILE *out)
{
	return vfsim_tree_render(t, out, NULL);
}
