// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Tree rows (rows.h).  A canonical line is `CHAIN  FIELD FIELD ...`
 * (canon.c): the chain ends at the first two blanks, and no field has a
 * blank in it (mountinfo's escapes keep them out).
 */
#include <stdlib.h>
#include <string.h>

#include "rows.h"

struct mnt_fields {
	char *mount;		/* chain, blanks out */
	char *all;		/* the fields, '|' for the blanks */
	struct kd_lines keys, values;
};

static void parse_line(const char *line, struct mnt_fields *m)
{
	const char *sep = strstr(line, "  ");
	const char *p, *end = sep ? sep : line + strlen(line);
	char *copy, *tok, *save = NULL;
	size_t n = 0;

	memset(m, 0, sizeof(*m));
	m->mount = kd_malloc(end - line + 1);
	for (p = line; p < end; p++)
		if (*p != ' ')
			m->mount[n++] = *p;
	m->mount[n] = '\0';
	m->all = kd_strdup(sep ? sep + strspn(sep, " ") : "");
	for (n = 0; m->all[n]; n++)
		if (m->all[n] == ' ')
			m->all[n] = '|';
	if (!sep)
		return;
	copy = kd_strdup(sep);
	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		size_t k = strcspn(tok, "=:");

		kd_lines_add(&m->keys, kd_strndup(tok, k));
		kd_lines_add(&m->values, kd_strdup(tok[k] ? tok + k + 1 : "yes"));
	}
	free(copy);
}

static void free_fields(struct mnt_fields *m)
{
	free(m->mount);
	free(m->all);
	kd_lines_free(&m->keys);
	kd_lines_free(&m->values);
}

static const char *value_of(const struct mnt_fields *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->keys.nr; i++)
		if (strcmp(m->keys.v[i], key) == 0)
			return m->values.v[i];
	return "-";
}

static void add_row(struct kd_rows *rows, const char *mount, const char *field,
		    const char *model, const char *kernel)
{
	struct kd_row *r;

	rows->v = kd_realloc(rows->v, (rows->nr + 1) * sizeof(*rows->v));
	r = &rows->v[rows->nr++];
	r->mount = kd_strdup(mount);
	r->field = kd_strdup(field);
	r->model = kd_strdup(model);
	r->kernel = kd_strdup(kernel);
}

static struct mnt_fields *parse_all(const struct kd_lines *l)
{
	struct mnt_fields *m = kd_malloc((l->nr + 1) * sizeof(*m));
	size_t i;

	for (i = 0; i < l->nr; i++)
		parse_line(l->v[i], &m[i]);
	return m;
}

static const struct mnt_fields *find(const struct mnt_fields *m, size_t nr,
				     const char *mount)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (strcmp(m[i].mount, mount) == 0)
			return &m[i];
	return NULL;
}

/* The rows of one mount both sides have: its fields that differ, the
 * model's first, then those only the kernel's line has. */
static void field_rows(struct kd_rows *rows, const struct mnt_fields *mm,
		       const struct mnt_fields *km)
{
	size_t i;

	for (i = 0; i < mm->keys.nr; i++) {
		const char *kv = value_of(km, mm->keys.v[i]);

		if (strcmp(mm->values.v[i], kv) != 0)
			add_row(rows, mm->mount, mm->keys.v[i], mm->values.v[i], kv);
	}
	for (i = 0; i < km->keys.nr; i++)
		if (strcmp(value_of(mm, km->keys.v[i]), "-") == 0)
			add_row(rows, mm->mount, km->keys.v[i], "-",
				km->values.v[i]);
}

void kd_tree_rows(const struct kd_lines *model, const struct kd_lines *kernel,
		  struct kd_rows *rows)
{
	struct mnt_fields *mm = parse_all(model), *km = parse_all(kernel);
	size_t i;

	memset(rows, 0, sizeof(*rows));
	for (i = 0; i < model->nr; i++) {
		const struct mnt_fields *k = find(km, kernel->nr, mm[i].mount);

		if (k)
			field_rows(rows, &mm[i], k);
		else
			add_row(rows, mm[i].mount, "mount", mm[i].all, "absent");
	}
	for (i = 0; i < kernel->nr; i++)
		if (!find(mm, model->nr, km[i].mount))
			add_row(rows, km[i].mount, "mount", "absent", km[i].all);
	for (i = 0; i < model->nr; i++)
		free_fields(&mm[i]);
	for (i = 0; i < kernel->nr; i++)
		free_fields(&km[i]);
	free(mm);
	free(km);
}

void kd_rows_free(struct kd_rows *rows)
{
	size_t i;

	for (i = 0; i < rows->nr; i++) {
		free(rows->v[i].mount);
		free(rows->v[i].field);
		free(rows->v[i].model);
		free(rows->v[i].kernel);
	}
	free(rows->v);
	memset(rows, 0, sizeof(*rows));
}
