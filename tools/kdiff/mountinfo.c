// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The mountinfo parser.  Fields are separated by single spaces; the kernel
 * escapes space, tab, newline and backslash in the strings as \ooo, so a
 * plain split is exact.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kdiff.h"
#include "mountinfo.h"

static bool is_odigit(char c)
{
	return c >= '0' && c <= '7';
}

char *kd_unescape(const char *s)
{
	char *out = kd_malloc(strlen(s) + 1), *w = out;

	while (*s) {
		if (s[0] == '\\' && is_odigit(s[1]) && is_odigit(s[2]) &&
		    is_odigit(s[3])) {
			*w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
				      (s[3] - '0'));
			s += 4;
		} else {
			*w++ = *s++;
		}
	}
	*w = '\0';
	return out;
}

char *kd_escape(const char *s)
{
	struct kd_buf b = { NULL, 0, 0 };

	for (; *s; s++) {
		if (strchr(" \t\n\\", *s))
			kd_buf_printf(&b, "\\%03o", (unsigned char)*s);
		else
			kd_buf_add(&b, s, 1);
	}
	if (!b.s)
		kd_buf_puts(&b, "");
	return b.s;
}

static bool parse_long(const char *s, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return *s && !*end && !errno;
}

/* "shared:3" etc.; anything else is kept as it is. */
static bool parse_tag(struct kd_mount *m, const char *tag)
{
	const struct {
		const char *prefix;
		long *value;
	} tags[] = {
		{ "shared:", &m->shared },
		{ "master:", &m->master },
		{ "propagate_from:", &m->propagate_from },
	};
	size_t i;

	if (strcmp(tag, "unbindable") == 0) {
		m->unbindable = true;
		return true;
	}
	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		size_t n = strlen(tags[i].prefix);

		if (strncmp(tag, tags[i].prefix, n) == 0)
			return parse_long(tag + n, tags[i].value);
	}
	if (m->other_tags) {
		char *t = kd_asprintf("%s %s", m->other_tags, tag);

		free(m->other_tags);
		m->other_tags = t;
	} else {
		m->other_tags = kd_strdup(tag);
	}
	return true;
}

/* One line, split in place at its spaces. */
static int parse_line(struct kd_mount *m, char *line, char *why, size_t len)
{
	char *f[64];
	int n = 0, i, dash = -1;
	char *save = NULL, *tok;

	for (tok = strtok_r(line, " ", &save); tok && n < 64;
	     tok = strtok_r(NULL, " ", &save))
		f[n++] = tok;
	for (i = 6; i < n; i++)
		if (strcmp(f[i], "-") == 0) {
			dash = i;
			break;
		}
	if (n < 6 || dash < 0 || dash + 3 > n) {
		snprintf(why, len, "too few fields");
		return -1;
	}
	if (!parse_long(f[0], &m->id) || !parse_long(f[1], &m->parent)) {
		snprintf(why, len, "bad mount ID");
		return -1;
	}
	m->root = kd_unescape(f[3]);
	m->mountpoint = kd_unescape(f[4]);
	m->mnt_opts = kd_strdup(f[5]);
	for (i = 6; i < dash; i++)
		if (!parse_tag(m, f[i])) {
			snprintf(why, len, "bad optional field '%s'", f[i]);
			return -1;
		}
	m->fstype = kd_unescape(f[dash + 1]);
	m->source = kd_unescape(f[dash + 2]);
	m->sb_opts = kd_strdup(dash + 3 < n ? f[dash + 3] : "");
	return 0;
}

int kd_mountinfo_parse(const char *text, struct kd_mount **mounts, size_t *nr,
		       char *why, size_t len)
{
	char *copy = kd_strdup(text), *line, *next;
	unsigned long lineno = 0;
	struct kd_mount *v = NULL;
	size_t n = 0;
	int ret = 0;

	for (line = copy; *line; line = next) {
		char reason[128] = "";

		lineno++;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!*line)
			continue;
		v = kd_realloc(v, (n + 1) * sizeof(*v));
		memset(&v[n], 0, sizeof(v[n]));
		n++;
		if (parse_line(&v[n - 1], line, reason, sizeof(reason)) < 0) {
			snprintf(why, len, "mountinfo line %lu: %s", lineno,
				 reason);
			ret = -1;
			break;
		}
	}
	free(copy);
	if (ret < 0) {
		kd_mountinfo_free(v, n);
		return ret;
	}
	*mounts = v;
	*nr = n;
	return 0;
}

void kd_mountinfo_free(struct kd_mount *mounts, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		free(mounts[i].root);
		free(mounts[i].mountpoint);
		free(mounts[i].mnt_opts);
		free(mounts[i].other_tags);
		free(mounts[i].fstype);
		free(mounts[i].source);
		free(mounts[i].sb_opts);
	}
	free(mounts);
}
