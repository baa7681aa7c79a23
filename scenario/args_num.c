// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Unsigned numbers of the notification-pipe verbs (sizes, object IDs,
 * record words): decimal, or hexadecimal after "0x", because object IDs
 * and record fields are shown in hex by the record decoder.  Strict like
 * args.c: no sign, no spaces, no overflow.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"

static int digit_value(char ch, unsigned int base)
{
	int d;

	if (ch >= '0' && ch <= '9')
		d = ch - '0';
	else if (ch >= 'a' && ch <= 'f')
		d = ch - 'a' + 10;
	else if (ch >= 'A' && ch <= 'F')
		d = ch - 'A' + 10;
	else
		return -1;
	return d < (int)base ? d : -1;
}

static bool parse_u64(const char *s, uint64_t max, uint64_t *out)
{
	unsigned int base = 10;
	uint64_t v = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return false;
	for (; *s; s++) {
		int d = digit_value(*s, base);

		if (d < 0 || (uint64_t)d > max || v > (max - (uint64_t)d) / base)
			return false;
		v = v * base + (uint64_t)d;
	}
	*out = v;
	return true;
}

long scn_parse_u64(struct scn_call *c, const char *s, const char *what,
		   uint64_t max, uint64_t *v)
{
	if (!parse_u64(s, max, v))
		return scn_syntax(c, "bad %s '%s': a decimal number, or 0x and hex digits, up to %" PRIu64 " expected",
				  what, s, max);
	return 0;
}
