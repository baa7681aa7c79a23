/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Numeric arguments of scenario verbs: modes and user/group IDs.  Strict:
 * digits only, no sign, no spaces, no overflow.  The mode and UID[:GID]
 * parsers are public (<vfsim/scenario.h>) so that vfsim-kdiff reads its
 * lines with them and a line means the same to both commands.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include <vfsim/scenario.h>

#include "engine.h"

/* The reason of a malformed argument, where the caller wants it. */
static int invalid(char *why, size_t whylen, const char *fmt, const char *s)
	__attribute__((format(printf, 3, 0)));

static int invalid(char *why, size_t whylen, const char *fmt, const char *s)
{
	if (why && whylen)
		snprintf(why, whylen, fmt, s);
	return -EINVAL;
}

int vfsim_scenario_mode(const char *s, mode_t *mode, char *why, size_t whylen)
{
	unsigned long v = 0;
	const char *p;

	if (!s || !mode)
		return invalid(why, whylen, "%s", "no mode to parse");
	if (!*s)
		return invalid(why, whylen, "%s", "empty mode");
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '7')
			return invalid(why, whylen, "bad mode '%s': octal digits only", s);
		v = v * 8 + (unsigned long)(*p - '0');
		if (v > 07777)
			return invalid(why, whylen, "bad mode '%s': more than 07777", s);
	}
	*mode = (mode_t)v;
	return 0;
}

/* (uid_t)-1 means "no change" to chown(2), so it is not a valid ID. */
#define ID_MAX (UINT32_MAX - 1)

/* Why a decimal ID is not one. */
enum id_error { ID_OK, ID_EMPTY, ID_NOT_DECIMAL, ID_RANGE };

static enum id_error parse_decimal(const char *s, size_t n, unsigned int *id)
{
	uint64_t v = 0;
	bool big = false;
	size_t i;

	if (n == 0)
		return ID_EMPTY;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return ID_NOT_DECIMAL;
		if (!big)
			v = v * 10 + (uint64_t)(s[i] - '0');
		big = big || v > ID_MAX;
	}
	if (big)
		return ID_RANGE;
	*id = (unsigned int)v;
	return ID_OK;
}

static const char *id_why(enum id_error e)
{
	switch (e) {
	case ID_EMPTY:
		return "is empty";
	case ID_NOT_DECIMAL:
		return "is not a decimal number (digits only, no sign)";
	case ID_RANGE:
		return "is out of range (0 to 4294967294; 4294967295 is (uid_t)-1, \"unchanged\")";
	default:
		return "";
	}
}

int vfsim_scenario_ids(const char *s, uid_t *uid, gid_t *gid, bool *has_gid,
		       char *why, size_t whylen)
{
	const char *colon;
	unsigned int u, g = 0;
	enum id_error e;

	if (!s || !uid || !gid || !has_gid)
		return invalid(why, whylen, "%s", "no UID[:GID] to parse");
	colon = strchr(s, ':');
	e = parse_decimal(s, colon ? (size_t)(colon - s) : strlen(s), &u);
	if (e != ID_OK) {
		if (why && whylen)
			snprintf(why, whylen, "bad UID[:GID] '%s': the UID %s", s, id_why(e));
		return -EINVAL;
	}
	if (colon) {
		e = parse_decimal(colon + 1, strlen(colon + 1), &g);
		if (e != ID_OK) {
			if (why && whylen)
				snprintf(why, whylen, "bad UID[:GID] '%s': the GID %s", s, id_why(e));
			return -EINVAL;
		}
	}
	*uid = (uid_t)u;
	*gid = (gid_t)g;
	*has_gid = colon != NULL;
	return 0;
}

long scn_parse_mode(struct scn_call *c, const char *s, mode_t *mode)
{
	char why[512];

	if (vfsim_scenario_mode(s, mode, why, sizeof(why)) < 0)
		return scn_syntax(c, "%s", why);
	return 0;
}

long scn_parse_id(struct scn_call *c, const char *s, unsigned int *id)
{
	if (parse_decimal(s, strlen(s), id) != ID_OK)
		return scn_syntax(c, "bad ID '%s': a decimal number below 4294967295 expected", s);
	return 0;
}

long scn_parse_ids(struct scn_call *c, const char *s, uid_t *uid, gid_t *gid,
		   bool *has_gid)
{
	char why[512];

	if (vfsim_scenario_ids(s, uid, gid, has_gid, why, sizeof(why)) < 0)
		return scn_syntax(c, "%s", why);
	return 0;
}
