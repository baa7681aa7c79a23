// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `vfsim tree [--tree default|empty] [OPTIONS] [SCENARIO|-]`: boot a tree,
 * run SCENARIO on it if one is given, then print the init task's mount
 * tree as util-linux's findmnt prints a mount table: its options (-lrJPnu,
 * -o, --output-all, -t, -O, -S, -T, -M, -D, -b), its column names, and
 * its output, drawn by the library findmnt draws with, libsmartcols, so
 * that the forms are findmnt's byte for byte (tests/kernel/findmnt.sh
 * compares them on the same tree).  --dot is the library's Graphviz
 * picture (vfsim_tree_render()).  The library keeps its own printer, free
 * of dependencies, for the scenario verb `tree` and for harnesses.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libsmartcols.h>

#include <vfsim/scenario.h>
#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/vfsim.h>

#include "findmnt.h"
#include "json.h"
#include "tool.h"
#include "tool_json.h"

static void tree_usage(FILE *out)
{
	fputs("usage: " TOOL_NAME " tree [--tree default|empty] [-lrJPnubD] [-o COLS] [--output-all]\n"
	      "                  [-t TYPES] [-O OPTS] [-S SOURCE] [-T PATH] [-M PATH]\n"
	      "                  [--dot] [SCENARIO|-]\n", out);
}

static void tree_help(void)
{
	int c;

	tree_usage(stdout);
	fputs("\n"
	      "Boot a tree, run SCENARIO on it if given ('-': standard input;\n"
	      "docs/scenario.md, without its own 'boot' line), then print the init\n"
	      "task's mount tree as findmnt prints it.\n"
	      "\n"
	      "options:\n"
	      "  --tree NAME          the tree to boot: default (the default) or empty\n"
	      "  -o, --output COLS    the columns, comma-separated, any case; +COLS adds\n"
	      "                       them to the default ones\n"
	      "      --output-all     every column\n"
	      "  -l, --list           full paths, no tree drawing (with -J: a flat list)\n"
	      "  -r, --raw            cells one space apart, unpadded\n"
	      "  -J, --json           findmnt -J's JSON: {\"filesystems\": [... \"children\"]}\n"
	      "  -P, --pairs          KEY=\"VALUE\" pairs\n"
	      "  -n, --noheadings     no header line\n"
	      "  -u, --notruncate     never truncate a cell on a terminal\n"
	      "  -b, --bytes          sizes in bytes\n"
	      "  -D, --df             as df(1): SOURCE FSTYPE SIZE USED AVAIL USE% TARGET\n"
	      "  -t, --types LIST     only these filesystem types (noTYPE, no-list)\n"
	      "  -O, --options LIST   only mounts with these options (noOPT: without)\n"
	      "  -S, --source SOURCE  only mounts of SOURCE\n"
	      "  -T, --target PATH    only the mount PATH is on\n"
	      "  -M, --mountpoint PATH  only mounts on PATH\n"
	      "  -a, --ascii          tree branches in ASCII (always: the output is ASCII)\n"
	      "  --dot                Graphviz DOT: the tree, peer groups (dashed blue),\n"
	      "                       master -> slave (bold red), read-only (grey),\n"
	      "                       unbindable (dotted); sorted by mount ID\n"
	      "  -h, --help           this text\n"
	      "\n"
	      "columns:\n", stdout);
	for (c = 0; c < FM_NR_NAMED; c++)
		printf("  %12s  %s\n", fm_cols[c].name, fm_cols[c].help);
	fputs("default: ID,TARGET,FSTYPE,SOURCE and the 'tree' verb's OPTIONS (with\n"
	      "sb-ro, without relatime) and PROPAGATION (shared:1 master:2, private)\n"
	      "\n"
	      "exit status: 0 success; 1 the scenario or the printing failed, or no\n"
	      "mount matched; 2 usage error; 65 malformed scenario line; 66 SCENARIO\n"
	      "cannot be read.\n",
	      stdout);
}

struct tree_opts {
	const char *tree, *file;
	const char *columns;	/* -o */
	bool all, list, raw, json, pairs, noheadings, notruncate, bytes, df, dot;
	const char *types, *options, *source, *target, *mountpoint;
};

/* ---- the rows ------------------------------------------------------------- */

struct rows {
	struct fm_mount *m;
	size_t nr, cap;
};

static void free_rows(struct rows *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++) {
		free((char *)r->m[i].d.mountpoint);
		free((char *)r->m[i].d.root);
		free((char *)r->m[i].d.fstype);
		free((char *)r->m[i].d.source);
		free((char *)r->m[i].d.sb_options);
		free(r->m[i].label);
	}
	free(r->m);
}

static int collect(const struct vfsim_mount_desc *d, void *arg)
{
	struct rows *r = arg;
	struct fm_mount *m;

	if (r->nr == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 16;
		struct fm_mount *p = realloc(r->m, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		r->m = p;
		r->cap = cap;
	}
	m = &r->m[r->nr++];
	memset(m, 0, sizeof(*m));
	m->d = *d;
	m->d.mountpoint = strdup(d->mountpoint);
	m->d.root = strdup(d->root);
	m->d.fstype = strdup(d->fstype);
	m->d.source = strdup(d->source);
	m->d.sb_options = strdup(d->sb_options);
	if (!m->d.mountpoint || !m->d.root || !m->d.fstype || !m->d.source ||
	    !m->d.sb_options)
		return -ENOMEM;
	return 0;
}

/* What statvfs() and stat() tell findmnt: fsinfo()'s STATFS and IDS. */
static void fetch_fs(struct vfsim_task *t, struct fm_mount *m)
{
	struct fsinfo_params p = { .request = FSINFO_ATTR_STATFS };
	struct fsinfo_statfs st;
	struct fsinfo_ids ids;

	if (vfsim_fsinfo_by_mount_id(t, m->d.mnt_id, &p, &st, sizeof(st)) >= 0) {
		m->have_statfs = true;
		m->blocks = st.f_blocks.lo;
		m->bfree = st.f_bfree.lo;
		m->bavail = st.f_bavail.lo;
		m->frsize = st.f_frsize;
	}
	p.request = FSINFO_ATTR_IDS;
	if (vfsim_fsinfo_by_mount_id(t, m->d.mnt_id, &p, &ids, sizeof(ids)) >= 0) {
		m->have_dev = true;
		m->major = ids.f_dev_major;
		m->minor = ids.f_dev_minor;
	}
}

/* What blkid tells findmnt: fsinfo()'s VOLUME_NAME and VOLUME_UUID. */
static void fetch_volume(struct vfsim_task *t, struct fm_mount *m)
{
	char id[16];
	void *v = NULL;
	long len;

	snprintf(id, sizeof(id), "%u", m->d.mnt_id);
	len = tool_fsinfo_value(t, id, true, 0, FSINFO_ATTR_VOLUME_NAME, 0, 0, &v);
	if (len > 0)
		m->label = strndup(v, (size_t)len);
	free(v);
	v = NULL;
	len = tool_fsinfo_value(t, id, true, 0, FSINFO_ATTR_VOLUME_UUID, 0, 0, &v);
	if (len >= (long)sizeof(m->uuid))
		memcpy(m->uuid, v, sizeof(m->uuid));
	free(v);
}

/* A mount point as findmnt -M compares it: no trailing slashes. */
static bool same_path(const char *mountpoint, const char *path)
{
	size_t len = strlen(path);

	while (len > 1 && path[len - 1] == '/')
		len--;
	return strlen(mountpoint) == len && strncmp(mountpoint, path, len) == 0;
}

static bool matches(const struct tree_opts *o, const struct fm_mount *m,
		    long target_id)
{
	if (o->types && !fm_match_fstype(m->d.fstype, o->types))
		return false;
	if (o->options) {
		char *opts = fm_cell(m, FM_OPTIONS, 0);
		bool ok = opts && fm_match_options(opts, o->options);

		free(opts);
		if (!ok)
			return false;
	}
	if (o->source && strcmp(m->d.source, o->source) != 0)
		return false;
	if (o->target && m->d.mnt_id != (unsigned long)target_id)
		return false;
	if (o->mountpoint && !same_path(m->d.mountpoint, o->mountpoint))
		return false;
	return true;
}

/* ---- the columns ------------------------------------------------------------ */

#define MAX_COLS 64

static const int default_cols[] = {
	FM_ID, FM_TARGET, FM_FSTYPE, FM_SOURCE, FM_TREE_OPTIONS, FM_TREE_PROPAGATION,
};
static const int df_cols[] = {
	FM_SOURCE, FM_FSTYPE, FM_SIZE, FM_USED, FM_AVAIL, FM_USEPERC, FM_TARGET,
};

/* The columns of @o into @cols; their count, or -1 (reported). */
static int pick_columns(const struct tree_opts *o, int cols[MAX_COLS])
{
	const char *spec = o->columns;
	int n = 0, c;

	if (o->all) {
		for (c = 0; c < FM_NR_NAMED; c++)
			cols[n++] = c;
		return n;
	}
	if (!spec || *spec == '+') {
		const int *def = o->df ? df_cols : default_cols;
		size_t nr = o->df ? sizeof(df_cols) / sizeof(df_cols[0]) :
			    sizeof(default_cols) / sizeof(default_cols[0]);

		memcpy(cols, def, nr * sizeof(*def));
		n = (int)nr;
		if (!spec)
			return n;
		spec++;
	}
	for (;;) {
		size_t len = strcspn(spec, ",");
		char sbuf[TOOL_SHORT];

		c = fm_column(spec, len);
		if (c < 0 || n == MAX_COLS) {
			tool_error("tree: %s column '%.*s' (see '" TOOL_NAME " tree --help')",
				   c < 0 ? "unknown" : "too many columns at",
				   (int)len, tool_short(spec, sbuf, sizeof(sbuf)));
			return -1;
		}
		cols[n++] = c;
		if (!spec[len])
			return n;
		spec += len + 1;
	}
}

/* ---- the table ----------------------------------------------------------------- */

static int new_table(const struct tree_opts *o, bool tree, const int *cols,
		     int nr_cols, struct libscols_table **tbp)
{
	struct libscols_table *tb = scols_new_table();
	int c;

	if (!tb)
		return -ENOMEM;
	*tbp = tb;
	scols_table_enable_ascii(tb, 1);	/* the output is ASCII */
	scols_table_enable_raw(tb, o->raw);
	scols_table_enable_export(tb, o->pairs);
	scols_table_enable_json(tb, o->json);
	scols_table_enable_noheadings(tb, o->noheadings);
	if (o->json && scols_table_set_name(tb, "filesystems") != 0)
		return -ENOMEM;
	for (c = 0; c < nr_cols; c++) {
		const struct fm_colinfo *ci = &fm_cols[cols[c]];
		int fl = ci->flags;
		struct libscols_column *cl;

		if (!tree)
			fl &= ~SCOLS_FL_TREE;
		if (o->notruncate)
			fl &= ~SCOLS_FL_TRUNC;
		cl = scols_table_new_column(tb, ci->name, ci->whint, fl);
		if (!cl)
			return -ENOMEM;
		if (o->json)
			scols_column_set_json_type(cl, ci->number &&
						   (!ci->size || o->bytes) ?
						   SCOLS_JSON_NUMBER : SCOLS_JSON_STRING);
	}
	return 0;
}

/*
 * The rows into @tb.  As findmnt builds its tree, a mount that a filter
 * leaves out hangs its children on its nearest ancestor that stays (on
 * nothing if none does); anc[d] is that line for the rows below depth d.
 */
static int fill_table(struct libscols_table *tb, struct vfsim_task *t,
		      struct rows *rows, const struct tree_opts *o, bool tree,
		      const int *cols, int nr_cols, long target_id, size_t *shown)
{
	struct libscols_line **anc = calloc(rows->nr + 1, sizeof(*anc));
	unsigned int how = (o->bytes ? FM_CELL_BYTES : 0) |
			   (o->raw || o->pairs || o->json ? FM_CELL_PLAIN : 0);
	bool need_fs = false, need_volume = false;
	size_t *order = malloc((rows->nr + 1) * sizeof(*order)), i;
	int c, ret;

	if (!anc || !order) {
		free(anc);
		free(order);
		return -ENOMEM;
	}
	ret = fm_order(t, rows->m, rows->nr, tree, order);
	for (c = 0; c < nr_cols; c++)
		need_fs |= fm_cols[cols[c]].size || cols[c] == FM_MAJMIN;
	for (c = 0; c < nr_cols; c++)
		need_volume |= fm_cols[cols[c]].volume;
	*shown = 0;
	for (i = 0; i < rows->nr && ret == 0; i++) {
		struct fm_mount *m = &rows->m[order[i]];
		/* the walker gives each row at most one level below the last */
		size_t d = m->d.depth < rows->nr ? m->d.depth : rows->nr - 1;
		struct libscols_line *parent = tree && d ? anc[d - 1] : NULL;
		struct libscols_line *ln;

		anc[d] = parent;
		if (!matches(o, m, target_id))
			continue;
		if (need_fs)
			fetch_fs(t, m);
		if (need_volume)
			fetch_volume(t, m);
		ln = scols_table_new_line(tb, parent);
		if (!ln) {
			ret = -ENOMEM;
			break;
		}
		anc[d] = ln;
		(*shown)++;
		for (c = 0; c < nr_cols && ret == 0; c++) {
			char *cell = fm_cell(m, cols[c], how);

			/* JSON must be UTF-8: libsmartcols passes bytes on */
			if (cell && o->json) {
				char *u = json_utf8(cell);

				free(cell);
				cell = u;
			}

			if (!cell)
				ret = -ENOMEM;
			else if (!*cell)
				free(cell);	/* empty: findmnt's blank or null */
			else if (scols_line_refer_data(ln, (size_t)c, cell) != 0) {
				free(cell);
				ret = -ENOMEM;
			}
		}
	}
	free(anc);
	free(order);
	return ret;
}

static int print_findmnt(struct vfsim_task *t, const struct tree_opts *o)
{
	struct libscols_table *tb = NULL;
	struct rows rows = { 0 };
	int cols[MAX_COLS], nr_cols, ret;
	bool tree = !o->list && !o->raw && !o->pairs && !o->df &&
		    !o->source && !o->target && !o->mountpoint;
	char ebuf[128], sbuf[TOOL_SHORT];
	long target_id = 0;
	size_t shown = 0;

	nr_cols = pick_columns(o, cols);
	if (nr_cols < 0)
		return TOOL_EXIT_FAIL;
	if (o->target) {
		target_id = vfsim_path_mnt_id(t, o->target);
		if (target_id < 0) {
			tool_error("tree: %s: %s", tool_short(o->target, sbuf, sizeof(sbuf)),
				   vfsim_scenario_strerror((int)target_id, ebuf, sizeof(ebuf)));
			return TOOL_EXIT_FAIL;
		}
	}
	ret = vfsim_for_each_mount(t, collect, &rows);
	if (ret == 0)
		ret = new_table(o, tree, cols, nr_cols, &tb);
	if (ret == 0)
		ret = fill_table(tb, t, &rows, o, tree, cols, nr_cols, target_id, &shown);
	if (ret == 0 && shown) {
		/* A lost write is tool_finish()'s to report, with its errno. */
		ret = scols_print_table(tb);
		ret = ret == 0 || ferror(stdout) ? 0 : ret;
	}
	scols_unref_table(tb);
	free_rows(&rows);
	if (ret < 0) {
		tool_error("tree: %s", vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	/* findmnt: nothing found is a failure, and says nothing */
	return shown ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}

static int print_dot(struct vfsim_task *t, const struct tree_opts *o)
{
	struct vfsim_tree_opts ro = { .format = VFSIM_TREE_DOT, .target = o->target };
	char ebuf[128], sbuf[TOOL_SHORT];
	int ret = vfsim_tree_render(t, stdout, &ro);

	if (ret < 0 && ferror(stdout)) {
		/* the library's flush took the reason with it */
		tool_error("write error on standard output: %s", strerror(-ret));
		return TOOL_EXIT_FAIL;
	}
	if (ret < 0) {
		tool_error("tree: %s%s%s", o->target ? tool_short(o->target, sbuf, sizeof(sbuf)) : "",
			   o->target ? ": " : "",
			   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		return TOOL_EXIT_FAIL;
	}
	return TOOL_EXIT_OK;
}

static int tree_run(struct vfsim *v, const struct tree_opts *o)
{
	struct vfsim_scenario_opts sopts = { 0 };
	char sbuf[TOOL_SHORT];
	FILE *in;
	int ret;

	if (o->file) {
		sopts.name = o->file;
		in = strcmp(o->file, "-") == 0 ? stdin : fopen(o->file, "r");
		if (!in) {
			tool_error("cannot open %s: %s",
				   tool_short(o->file, sbuf, sizeof(sbuf)), strerror(errno));
			return TOOL_EXIT_NOINPUT;
		}
		ret = vfsim_scenario_run(v, in, stdout, &sopts);
		if (in != stdin)
			fclose(in);
		if (ret != TOOL_EXIT_OK)
			return ret;
	}
	return o->dot ? print_dot(vfsim_init_task(v), o) :
			print_findmnt(vfsim_init_task(v), o);
}

enum { OPT_TREE = 256, OPT_DOT, OPT_OUTPUT_ALL };

static const struct option long_opts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "tree", required_argument, NULL, OPT_TREE },
	{ "output", required_argument, NULL, 'o' },
	{ "output-all", no_argument, NULL, OPT_OUTPUT_ALL },
	{ "list", no_argument, NULL, 'l' },
	{ "raw", no_argument, NULL, 'r' },
	{ "json", no_argument, NULL, 'J' },
	{ "pairs", no_argument, NULL, 'P' },
	{ "noheadings", no_argument, NULL, 'n' },
	{ "notruncate", no_argument, NULL, 'u' },
	{ "bytes", no_argument, NULL, 'b' },
	{ "df", no_argument, NULL, 'D' },
	{ "types", required_argument, NULL, 't' },
	{ "options", required_argument, NULL, 'O' },
	{ "source", required_argument, NULL, 'S' },
	{ "target", required_argument, NULL, 'T' },
	{ "mountpoint", required_argument, NULL, 'M' },
	{ "ascii", no_argument, NULL, 'a' },
	{ "dot", no_argument, NULL, OPT_DOT },
	{ NULL, 0, NULL, 0 },
};

/* The options into @o; -1 after a usage error (reported), 1 for --help. */
static int parse(int argc, char **argv, struct tree_opts *o)
{
	int ch;

	opterr = 0;
	optind = 0;	/* a fresh scan: GNU getopt's full reset */
	while ((ch = getopt_long(argc, argv, ":ho:lrJPnubDt:O:S:T:M:a", long_opts, NULL)) != -1) {
		switch (ch) {
		case 'h': return 1;
		case OPT_TREE:
			o->tree = optarg;
			if (strcmp(o->tree, "default") && strcmp(o->tree, "empty")) {
				tool_usage_error("tree", "--tree is default or empty");
				return -1;
			}
			break;
		case 'o': o->columns = optarg; break;
		case OPT_OUTPUT_ALL: o->all = true; break;
		case 'l': o->list = true; break;
		case 'r': o->raw = true; break;
		case 'J': o->json = true; break;
		case 'P': o->pairs = true; break;
		case 'n': o->noheadings = true; break;
		case 'u': o->notruncate = true; break;
		case 'b': o->bytes = true; break;
		case 'D': o->df = true; break;
		case 't': o->types = optarg; break;
		case 'O': o->options = optarg; break;
		case 'S': o->source = optarg; break;
		case 'T': o->target = optarg; break;
		case 'M': o->mountpoint = optarg; break;
		case 'a': break;
		case OPT_DOT: o->dot = true; break;
		case ':':
			tool_usage_error("tree", "%s needs a value", argv[optind - 1]);
			return -1;
		default:
			if (optopt)
				tool_usage_error("tree", "unknown option '-%c'", optopt);
			else
				tool_usage_error("tree", "unknown option '%s'", argv[optind - 1]);
			return -1;
		}
	}
	/* GNU getopt has moved the operands last: options may follow the file */
	if (optind < argc)
		o->file = argv[optind++];
	if (optind < argc) {
		tool_usage_error("tree", "one scenario file only");
		return -1;
	}
	if (o->dot && (o->types || o->options || o->source || o->mountpoint ||
		       o->df || o->columns || o->all)) {
		tool_usage_error("tree", "--dot draws every mount, or -T's: it takes no other filter or column");
		return -1;
	}
	return 0;
}

int cmd_tree(int argc, char **argv)
{
	struct tree_opts o = { .tree = "default" };
	struct vfsim *v;
	char ebuf[128];
	int ret;

	ret = parse(argc, argv, &o);
	if (ret > 0) {
		tree_help();
		return TOOL_EXIT_OK;
	}
	if (ret < 0)
		return TOOL_EXIT_USAGE;

	ret = vfsim_create(NULL, &v);
	if (ret == 0)
		ret = vfsim_boot(v, o.tree);
	if (ret < 0) {
		tool_error("tree: cannot boot the %s tree: %s", o.tree,
			   vfsim_scenario_strerror(ret, ebuf, sizeof(ebuf)));
		vfsim_destroy(v);
		return TOOL_EXIT_FAIL;
	}
	ret = tree_run(v, &o);
	vfsim_destroy(v);
	return ret;
}
