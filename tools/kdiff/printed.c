// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a verb printed, canonical: the model and a kernel number their
 * mounts, peer groups, devices and namespaces differently, and a run on
 * either only means the same thing when each such number maps to the
 * same name.  So each is renamed by its first appearance, wherever the
 * engine prints it (statmount, listmount, fanread: see
 * docs/kernel-diff.md, "Printed output"); every other byte is compared
 * as printed.  Unique mount IDs and namespace IDs are never reused, so
 * their names hold for the whole run (the mount fanread names is the one
 * a later listmount lists).  Old mount IDs, peer groups and devices are
 * reused once freed, and by whoever else on the machine makes mounts
 * meanwhile: their names hold within one line's output only.  A new verb
 * that prints an ID in another form needs a rule here.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "side.h"

enum { ID_MOUNT, ID_OLD, ID_GROUP, ID_DEV, ID_NS };

static const char *const id_prefix[] = { "m", "o", "g", "d", "ns" };

/* Unique mount IDs: Linux numbers them from 2^31 up (and so does the
 * model); nothing else the engine prints is that large and this small. */
#define UNIQUE_MIN (1ULL << 31)
#define UNIQUE_MAX (1ULL << 40)

static size_t id_index(struct kd_printed *p, int kind, const char *key)
{
	struct kd_lines *l = &p->ids[kind];
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (strcmp(l->v[i], key) == 0)
			return i + 1;
	kd_lines_add(l, kd_strdup(key));
	return l->nr;
}

static void put_id(struct kd_printed *p, struct kd_buf *b, int kind,
		   const char *key)
{
	kd_buf_printf(b, "%s%zu", id_prefix[kind], id_index(p, kind, key));
}

/* Decimal digits at @s: how many. */
static size_t digits(const char *s)
{
	size_t n = 0;

	while (isdigit((unsigned char)s[n]))
		n++;
	return n;
}

/* "KEY" + a decimal number at @s: renamed as @kind ("0" stays: none). */
static bool keyed(struct kd_printed *p, struct kd_buf *b, const char **sp,
		  const char *key, int kind)
{
	size_t k = strlen(key), n;
	char num[32];

	if (strncmp(*sp, key, k) != 0 || !(n = digits(*sp + k)) || n >= sizeof(num))
		return false;
	memcpy(num, *sp + k, n);
	num[n] = '\0';
	kd_buf_puts(b, key);
	if (strcmp(num, "0") == 0)
		kd_buf_puts(b, num);
	else
		put_id(p, b, kind, num);
	*sp += k + n;
	return true;
}

/* "dev MAJOR:MINOR" */
static bool device(struct kd_printed *p, struct kd_buf *b, const char **sp)
{
	const char *s = *sp + 4;
	size_t a, c;
	char key[64];

	if (strncmp(*sp, "dev ", 4) != 0 || !(a = digits(s)) || s[a] != ':' ||
	    !(c = digits(s + a + 1)) || a + c + 1 >= sizeof(key))
		return false;
	memcpy(key, s, a + c + 1);
	key[a + c + 1] = '\0';
	kd_buf_puts(b, "dev ");
	put_id(p, b, ID_DEV, key);
	*sp = s + a + c + 1;
	return true;
}

/* A number that is a unique mount ID, decimal or 0x hex, and the old ID
 * in " (N)" after it. */
static bool unique_id(struct kd_printed *p, struct kd_buf *b, const char **sp,
		      const char *start)
{
	const char *s = *sp;
	unsigned long long v;
	char *end, key[32];
	size_t n;

	if (!isdigit((unsigned char)*s) ||
	    (s > start && (isalnum((unsigned char)s[-1]) || s[-1] == '_')))
		return false;
	v = strtoull(s, &end, s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10);
	if (isalnum((unsigned char)*end) || v < UNIQUE_MIN || v >= UNIQUE_MAX)
		return false;
	snprintf(key, sizeof(key), "%llu", v);
	put_id(p, b, ID_MOUNT, key);
	s = end;
	if (s[0] == ' ' && s[1] == '(' && (n = digits(s + 2)) && s[2 + n] == ')' &&
	    n < sizeof(key)) {
		memcpy(key, s + 2, n);
		key[n] = '\0';
		kd_buf_puts(b, " (");
		put_id(p, b, ID_OLD, key);
		kd_buf_puts(b, ")");
		s += n + 3;
	}
	*sp = s;
	return true;
}

static char *canon_line(struct kd_printed *p, const char *line)
{
	struct kd_buf b = { NULL, 0, 0 };
	const char *s = line;

	kd_buf_puts(&b, "");
	while (*s) {
		if (keyed(p, &b, &s, "shared:", ID_GROUP) ||
		    keyed(p, &b, &s, "master:", ID_GROUP) ||
		    keyed(p, &b, &s, "propagate_from: ", ID_GROUP) ||
		    keyed(p, &b, &s, "mnt_ns_id:      ", ID_NS) ||
		    device(p, &b, &s) || unique_id(p, &b, &s, line))
			continue;
		kd_buf_add(&b, s, 1);
		s++;
	}
	return b.s;
}

void kd_printed_canon(struct kd_printed *p, const char *text,
		      struct kd_lines *out)
{
	char *copy = kd_strdup(text), *line, *next;

	kd_lines_free(&p->ids[ID_OLD]);
	kd_lines_free(&p->ids[ID_GROUP]);
	kd_lines_free(&p->ids[ID_DEV]);
	for (line = copy; *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		kd_lines_add(out, canon_line(p, line));
	}
	free(copy);
}

void kd_printed_free(struct kd_printed *p)
{
	size_t i;

	for (i = 0; i < sizeof(p->ids) / sizeof(p->ids[0]); i++)
		kd_lines_free(&p->ids[i]);
}
