// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The era-differences file and kernel release arithmetic.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/vfsim.h>

#include "era.h"
#include "kdiff.h"

/* Up to three leading numbers of a release string. */
static void release_parts(const char *s, unsigned long v[3])
{
	int i;

	v[0] = v[1] = v[2] = 0;
	for (i = 0; i < 3 && s && isdigit((unsigned char)*s); i++) {
		char *end;

		v[i] = strtoul(s, &end, 10);
		s = *end == '.' ? end + 1 : NULL;
	}
}

int kd_release_cmp(const char *a, const char *b)
{
	unsigned long x[3], y[3];
	int i;

	release_parts(a, x);
	release_parts(b, y);
	for (i = 0; i < 3; i++)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
}

bool kd_release_same_minor(const char *a, const char *b)
{
	unsigned long x[3], y[3];

	release_parts(a, x);
	release_parts(b, y);
	return x[0] == y[0] && x[1] == y[1];
}

bool kd_era_applies(const struct kd_era *e, const char *release)
{
	return release && kd_release_cmp(release, e->since) >= 0;
}

static bool is_result(const char *s)
{
	return strcmp(s, "OK") == 0 || vfsim_errno_from_name(s) != 0;
}

static bool is_version(const char *s)
{
	if (!isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s) && *s != '.')
			return false;
	return true;
}

static bool is_commit(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");

	return n >= 7 && n <= 40 && !s[n];
}

/* The fields of an entry, blank-separated, and the summary after them. */
static const char *split_fields(char *line, char **f, int nr, char **summary)
{
	char *save = NULL;
	int i;

	for (i = 0; i < nr; i++) {
		f[i] = strtok_r(i ? NULL : line, " \t", &save);
		if (!f[i])
			return "too few fields (SCENARIO LINE MODEL KERNEL SINCE COMMIT summary, or SCENARIO LINE tree MOUNT FIELD MODEL KERNEL SINCE COMMIT summary)";
	}
	*summary = save ? save + strspn(save, " \t") : NULL;
	if (!*summary || !**summary)
		return "no summary";
	return NULL;
}

/* Fields of one line into @e: NULL, or what is wrong. */
static const char *parse_entry(char *line, struct kd_era *e)
{
	char *f[9], *end, *summary, *copy = kd_strdup(line);
	const char *err;
	int n;

	/* a tree entry has four more fields: peek at the third */
	err = split_fields(copy, f, 3, &summary);
	e->tree = !err && strcmp(f[2], "tree") == 0;
	free(copy);
	n = e->tree ? 9 : 6;
	err = split_fields(line, f, n, &summary);
	if (err)
		return err;
	if (strcmp(f[1], "final") == 0) {
		e->line = KD_LINE_FINAL;
	} else {
		e->line = strtoul(f[1], &end, 10);
		if (!isdigit((unsigned char)*f[1]) || *end || !e->line)
			return "LINE is a line number or 'final'";
	}
	if (e->tree && strcmp(f[3], "tree") == 0)
		return "a tree entry names its row: SCENARIO LINE tree MOUNT FIELD MODEL_VALUE KERNEL_VALUE (the 'tree tree' form is gone)";
	if (e->tree && strcmp(f[5], f[6]) == 0)
		return "a tree entry's two values are the same";
	if (!e->tree && (!is_result(f[2]) || !is_result(f[3])))
		return "a result is OK or an errno name";
	if (!e->tree && e->line == KD_LINE_FINAL)
		return "'final' is a tree's line: only a tree entry has it";
	if (!is_version(f[n - 2]))
		return "SINCE_VERSION is a release like 5.9";
	if (!is_commit(f[n - 1]))
		return "COMMIT is an abbreviated commit hash (7-40 hex digits)";
	e->scenario = kd_strdup(f[0]);
	if (e->tree) {
		e->mount = kd_strdup(f[3]);
		e->field = kd_strdup(f[4]);
	}
	e->model = kd_strdup(f[n - 4]);
	e->kernel = kd_strdup(f[n - 3]);
	e->since = kd_strdup(f[n - 2]);
	e->commit = kd_strdup(f[n - 1]);
	e->summary = kd_strdup(summary);
	return NULL;
}

int kd_era_load(const char *path, bool must_exist, struct kd_eras *e)
{
	struct kd_buf text = { NULL, 0, 0 };
	char *line, *next;
	unsigned long at = 0;
	int ret, status = KD_EXIT_OK;

	memset(e, 0, sizeof(*e));
	e->path = kd_strdup(path);
	ret = kd_buf_read_file(&text, path);
	if (ret == -ENOENT && !must_exist)
		return KD_EXIT_OK;
	if (ret < 0) {
		kd_msg("%s: %s", path, strerror(-ret));
		return KD_EXIT_NOINPUT;
	}
	for (line = text.s; line && *line && status == KD_EXIT_OK; line = next) {
		struct kd_era entry = { .at = ++at };
		const char *err;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line += strspn(line, " \t");
		if (!*line || *line == '#')
			continue;
		err = parse_entry(line, &entry);
		if (err) {
			kd_msg("%s:%lu: %s", path, at, err);
			status = KD_EXIT_DATAERR;
			break;
		}
		e->v = kd_realloc(e->v, (e->nr + 1) * sizeof(*e->v));
		e->v[e->nr++] = entry;
	}
	kd_buf_free(&text);
	return status;
}

void kd_era_free(struct kd_eras *e)
{
	size_t i;

	for (i = 0; i < e->nr; i++) {
		free(e->v[i].scenario);
		free(e->v[i].mount);
		free(e->v[i].field);
		free(e->v[i].model);
		free(e->v[i].kernel);
		free(e->v[i].since);
		free(e->v[i].commit);
		free(e->v[i].summary);
	}
	free(e->v);
	free(e->path);
	memset(e, 0, sizeof(*e));
}
