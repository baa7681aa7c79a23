// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The mount data of the simulated ext4.  A real ext4 reads its label, UUID
 * and times from the disk; the model has no disk, so the mount data says
 * what the disk holds (docs/filesystems.md, "ext4"):
 *
 *   label=TEXT          s_volume_name, 0..16 bytes
 *   uuid=UUID           s_uuid, 8-4-4-4-12 hex digits
 *   mkfs_time=S, mount_time=S, write_time=S, lastcheck=S,
 *   first_error_time=S, last_error_time=S
 *                       superblock times, decimal seconds 0..2^40-1 (what
 *                       a 32-bit word and an 8-bit _hi byte can hold)
 *   errors=continue|remount-ro|panic
 *   ro, rw              the generic read-only flag
 *
 * Strict: an unknown option, a missing or malformed value, or a value out
 * of range is -EINVAL.  Empty options ("a,,b") are skipped, as the VFS's
 * monolithic parser skips them; a later option wins over an earlier one.
 */
#include <string.h>

#include <linux/bug.h>

#include "ext4.h"

/* Decimal seconds that fit the superblock's 40 bits. */
static int parse_tstamp(const char *s, size_t len, time64_t *out)
{
	u64 v = 0;
	size_t i;

	if (!len)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		v = v * 10 + (u64)(s[i] - '0');
		if (v > EXT4_SB_TSTAMP_MAX)
			return -EINVAL;
	}
	*out = (time64_t)v;
	return 0;
}

static bool key_is(const char *key, size_t klen, const char *name)
{
	return strlen(name) == klen && !memcmp(key, name, klen);
}

struct ext4_tstamp_option {
	const char *name;
	size_t offset;
};

#define TS(name, field) { name, offsetof(struct ext4_mount_options, field) }
static const struct ext4_tstamp_option ext4_tstamp_options[] = {
	TS("mkfs_time", mkfs_time),
	TS("mount_time", mount_time),
	TS("write_time", write_time),
	TS("lastcheck", lastcheck),
	TS("first_error_time", first_error_time),
	TS("last_error_time", last_error_time),
};
#undef TS

/* One "key[=value]" option. */
static int ext4_parse_one(const char *opt, size_t len, struct ext4_mount_options *o)
{
	const char *eq = memchr(opt, '=', len);
	size_t klen = eq ? (size_t)(eq - opt) : len;
	const char *val = eq ? eq + 1 : NULL;
	size_t vlen = eq ? len - klen - 1 : 0;
	size_t i;

	if (key_is(opt, klen, "ro") || key_is(opt, klen, "rw")) {
		if (val)
			return -EINVAL;
		o->ro = opt[1] == 'o';
		return 0;
	}
	if (!val)
		return -EINVAL;

	if (key_is(opt, klen, "label")) {
		if (vlen > EXT4_LABEL_MAX || memchr(val, 0, vlen))
			return -EINVAL;
		memset(o->label, 0, sizeof(o->label));
		memcpy(o->label, val, vlen);
		o->has_label = true;
		return 0;
	}
	if (key_is(opt, klen, "uuid")) {
		/* The value ends at the next comma, not at a NUL: the length
		 * says where, and uuid_parse() reads no further than 36. */
		if (vlen != UUID_STRING_LEN || uuid_parse(val, &o->uuid))
			return -EINVAL;
		o->has_uuid = true;
		return 0;
	}
	if (key_is(opt, klen, "errors")) {
		if (key_is(val, vlen, "continue"))
			o->errors = EXT4_ERRORS_CONTINUE;
		else if (key_is(val, vlen, "remount-ro"))
			o->errors = EXT4_ERRORS_RO;
		else if (key_is(val, vlen, "panic"))
			o->errors = EXT4_ERRORS_PANIC;
		else
			return -EINVAL;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(ext4_tstamp_options); i++) {
		const struct ext4_tstamp_option *t = &ext4_tstamp_options[i];

		if (key_is(opt, klen, t->name))
			return parse_tstamp(val, vlen, (time64_t *)((char *)o + t->offset));
	}
	return -EINVAL;
}

/* Fill @o from @data (may be NULL); 0 or -EINVAL. */
int ext4_parse_options(const char *data, struct ext4_mount_options *o)
{
	const char *p = data;
	size_t i;

	memset(o, 0, sizeof(*o));
	o->ro = -1;
	for (i = 0; i < ARRAY_SIZE(ext4_tstamp_options); i++)
		*(time64_t *)((char *)o + ext4_tstamp_options[i].offset) = -1;

	while (p && *p) {
		const char *end = strchrnul(p, ',');
		int err;

		if (end != p) {
			err = ext4_parse_one(p, (size_t)(end - p), o);
			if (err)
				return err;
		}
		p = *end ? end + 1 : end;
	}
	return 0;
}
