// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_decode_record(): one notification record as one line of text.
 * Type and subtype names are those of the patch set's watch_test sample;
 * every field the record's length covers is printed, and bytes past the
 * known layout are shown in hex so that nothing in a record goes unseen.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/vfsim.h>

struct out {
	char *p;
	size_t size, used;
};

static void put(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!o->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->p + (o->used < o->size ? o->used : o->size - 1),
		      o->used < o->size ? o->size - o->used : 1, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->used += (size_t)n;
}


static uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void put_flags(struct out *o, const struct vfsim_record_names *td, uint32_t info)
{
	uint32_t bits = (info & 0x00ff0000) >> 16;
	const char *sep = " flags=";
	unsigned int i;

	for (i = 0; i < 8; i++) {
		if (!(bits & (1U << i)))
			continue;
		if (td && i < td->nr_flags)
			put(o, "%s%s", sep, td->flags[i]);
		else
			put(o, "%sflag%u", sep, i);
		sep = ",";
	}
}

/* Fields of the payload, from byte 8; returns how many bytes were shown. */
static size_t put_payload(struct out *o, unsigned int type, unsigned int subtype,
			  const unsigned char *r, size_t len)
{
	switch (type) {
	case WATCH_TYPE_META:
		if (subtype == WATCH_META_REMOVAL_NOTIFICATION && len >= 16) {
			put(o, " object=0x%" PRIx64, get64(r + 8));
			return 16;
		}
		break;
	case WATCH_TYPE_KEY_NOTIFY:
		if (len >= 16) {
			put(o, " key=%" PRIu32 " aux=%" PRIu32, get32(r + 8), get32(r + 12));
			return 16;
		}
		break;
	case WATCH_TYPE_MOUNT_NOTIFY:
		if (len >= 16) {
			put(o, " triggered_on=%" PRIu32 " changed_mount=%" PRIu32,
			    get32(r + 8), get32(r + 12));
			return 16;
		}
		break;
	case WATCH_TYPE_SB_NOTIFY:
		if (len >= 16) {
			put(o, " sb_id=0x%" PRIx64, get64(r + 8));
			if (subtype == NOTIFY_SUPERBLOCK_ERROR && len >= 24) {
				put(o, " error=%" PRIu32 " cookie=%" PRIu32,
				    get32(r + 16), get32(r + 20));
				return 24;
			}
			return 16;
		}
		break;
	}
	return 8;
}

long vfsim_decode_record(const void *rec, size_t len, char *out, size_t size)
{
	const unsigned char *r = rec;
	struct out o = { out, size, 0 };
	const struct vfsim_record_names *td = NULL, *names;
	unsigned int nr_types;
	unsigned int type, subtype;
	uint32_t word0, info;
	size_t rlen, shown, i;

	if (size)
		out[0] = 0;
	if (!rec || len < 8) {
		put(&o, "short record: %zu bytes", rec ? len : 0);
		return -EINVAL;
	}
	word0 = get32(r);
	info = get32(r + 4);
	type = word0 & 0xffffff;	/* the header's bitfields on x86_64 */
	subtype = word0 >> 24;
	rlen = (info & WATCH_INFO_LENGTH) >> WATCH_INFO_LENGTH__SHIFT;
	if (rlen < 8 || rlen > len) {
		put(&o, "bad record length %zu (%zu bytes available)", rlen, len);
		return -EINVAL;
	}

	names = vfsim_record_names(&nr_types);
	if (type < nr_types)
		td = &names[type];
	if (td)
		put(&o, "%s", td->name);
	else
		put(&o, "type=%u", type);
	if (td && subtype < td->nr_subtypes)
		put(&o, " %s", td->subtypes[subtype]);
	else
		put(&o, " subtype=%u", subtype);
	put(&o, " id=%u", (info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT);
	/* Superblock flag 0 means "now read-only" for READONLY records only. */
	put_flags(&o, type == WATCH_TYPE_SB_NOTIFY && subtype != NOTIFY_SUPERBLOCK_READONLY ?
		  NULL : td, info);
	/* Bits no field explains (e.g. a watch ID shifted into 24-31, B8). */
	if (info & 0xff000080)
		put(&o, " info=0x%08" PRIx32, info);

	shown = put_payload(&o, type, subtype, r, rlen);
	if (shown < rlen) {
		put(&o, " data=");
		for (i = shown; i < rlen; i++)
			put(&o, "%02x", r[i]);
	}
	return (long)rlen;
}
