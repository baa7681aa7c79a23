// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Duplicated: uuid_is_valid() and uuid_parse() of the kernel's lib/uuid.c,
 * which AFS (server=UUID in the mount data) and ext4 (uuid=) both parse
 * with.  No random UUIDs here: the model's are given, never generated, so
 * that runs repeat.
 */
#include <ctype.h>

#include <linux/kuuid.h>

/* The byte of uuid_t each pair of hex digits goes to (uuid_index[]). */
static const u8 uuid_index[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

static int hex_to_bin(unsigned char ch)
{
	unsigned char cu = ch & 0xdf;

	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (cu >= 'A' && cu <= 'F')
		return cu - 'A' + 10;
	return -1;
}

/*
 * uuid_is_valid - whether @uuid starts with xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx
 * (x a hex digit).  A shorter string fails at its NUL, which is neither a
 * dash nor a digit, so nothing past it is read.
 */
bool uuid_is_valid(const char *uuid)
{
	unsigned int i;

	for (i = 0; i < UUID_STRING_LEN; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (uuid[i] != '-')
				return false;
		} else if (!isxdigit((unsigned char)uuid[i])) {
			return false;
		}
	}
	return true;
}

static int __uuid_parse(const char *uuid, u8 b[16], const u8 ei[16])
{
	/* Where each byte's two digits start: the groups are 8-4-4-4-12, so
	 * no pair straddles a dash. */
	static const u8 si[16] = {0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34};
	unsigned int i;

	if (!uuid_is_valid(uuid))
		return -EINVAL;

	for (i = 0; i < 16; i++) {
		int hi = hex_to_bin((unsigned char)uuid[si[i] + 0]);
		int lo = hex_to_bin((unsigned char)uuid[si[i] + 1]);

		b[ei[i]] = (u8)((hi << 4) | lo);
	}
	return 0;
}

int uuid_parse(const char *uuid, uuid_t *u)
{
	return __uuid_parse(uuid, u->b, uuid_index);
}
