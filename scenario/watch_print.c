// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * watch_test.c's consumer, statement for statement (v17: the 5.8 sample
 * plus patch 03's mount records and patch 06's superblock records), so
 * that the output can be laid beside the patches' own examples.  Only the
 * exits differ: the caller decides what a stop means.
 */
#include <stdint.h>
#include <string.h>

#include <vfsim/uapi/linux/watch_queue.h>

#include "watch_print.h"

/* The sample indexes 256-entry tables; a hole prints as glibc prints a
 * NULL %s, which is what the sample would show. */
static const char *name_of(const char *const *names, size_t nr,
			   unsigned int subtype)
{
	if (subtype < nr && names[subtype])
		return names[subtype];
	return "(null)";
}

static const char *const key_subtypes[] = {
	[NOTIFY_KEY_INSTANTIATED] = "instantiated",
	[NOTIFY_KEY_UPDATED] = "updated",
	[NOTIFY_KEY_LINKED] = "linked",
	[NOTIFY_KEY_UNLINKED] = "unlinked",
	[NOTIFY_KEY_CLEARED] = "cleared",
	[NOTIFY_KEY_REVOKED] = "revoked",
	[NOTIFY_KEY_INVALIDATED] = "invalidated",
	[NOTIFY_KEY_SETATTR] = "setattr",
};

static const char *const mount_subtypes[] = {
	[NOTIFY_MOUNT_NEW_MOUNT] = "new_mount",
	[NOTIFY_MOUNT_UNMOUNT] = "unmount",
	[NOTIFY_MOUNT_EXPIRY] = "expiry",
	[NOTIFY_MOUNT_READONLY] = "readonly",
	[NOTIFY_MOUNT_SETATTR] = "setattr",
	[NOTIFY_MOUNT_MOVE_FROM] = "move_from",
	[NOTIFY_MOUNT_MOVE_TO] = "move_to",
};

static const char *const super_subtypes[] = {
	[NOTIFY_SUPERBLOCK_READONLY] = "readonly",
	[NOTIFY_SUPERBLOCK_ERROR] = "error",
	[NOTIFY_SUPERBLOCK_EDQUOT] = "edquot",
	[NOTIFY_SUPERBLOCK_NETWORK] = "network",
};

#define NAME(table, subtype) \
	name_of(table, sizeof(table) / sizeof(table[0]), subtype)

/* The sample copies up to 128 bytes of each record into this. */
union record {
	struct watch_notification n;
	struct key_notification k;
	struct mount_notification m;
	struct superblock_notification s;
	unsigned char buf1[128];
};

static void saw_key_change(FILE *out, FILE *err, const union record *r,
			   size_t len)
{
	if (len != sizeof(struct key_notification)) {
		fflush(out);
		fprintf(err, "Incorrect key message length\n");
		return;
	}
	fprintf(out, "KEY %08x change=%u[%s] aux=%u\n", r->k.key_id,
		(unsigned int)r->n.subtype, NAME(key_subtypes, r->n.subtype),
		r->k.aux);
}

/* Patch 03: anything but the 16-byte record is skipped without a word. */
static void saw_mount_change(FILE *out, const union record *r, size_t len)
{
	if (len != sizeof(struct mount_notification))
		return;
	fprintf(out, "MOUNT %08x change=%u[%s] aux=%u\n", r->m.triggered_on,
		(unsigned int)r->n.subtype, NAME(mount_subtypes, r->n.subtype),
		r->m.changed_mount);
}

/* Patch 06: longer records (the 24-byte error record) print their head. */
static void saw_super_change(FILE *out, const union record *r, size_t len)
{
	if (len < sizeof(struct superblock_notification))
		return;
	fprintf(out, "SUPER %08llx change=%u[%s]\n",
		(unsigned long long)r->s.sb_id, (unsigned int)r->n.subtype,
		NAME(super_subtypes, r->n.subtype));
}

static void saw_meta(FILE *out, const union record *r)
{
	switch (r->n.subtype) {
	case WATCH_META_REMOVAL_NOTIFICATION:
		fprintf(out, "REMOVAL of watchpoint %08x\n",
			(r->n.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT);
		break;
	case WATCH_META_LOSS_NOTIFICATION:
		fprintf(out, "-- LOSS --\n");
		break;
	default:
		fprintf(out, "other meta record\n");
		break;
	}
}

enum watch_print_result watch_print_read(FILE *out, FILE *err,
					 const unsigned char *buf, long n)
{
	const unsigned char *p = buf, *end;
	union record r;

	if (n == 0) {
		fprintf(out, "-- END --\n");
		return WATCH_PRINT_END;
	}
	if (n > WATCH_PRINT_BUF_SIZE) {
		fflush(out);
		fprintf(err, "Read buffer overrun: %ld\n", n);
		return WATCH_PRINT_STOP;
	}

	fprintf(out, "read() = %ld\n", n);
	end = buf + n;
	while (p < end) {
		size_t largest = (size_t)(end - p), len;

		if (largest > sizeof(r.buf1))
			largest = sizeof(r.buf1);
		if (largest < sizeof(r.n)) {
			fflush(out);
			fprintf(err, "Short message header: %zu\n", largest);
			return WATCH_PRINT_STOP;
		}
		memset(&r, 0, sizeof(r));
		memcpy(&r, p, largest);

		fprintf(out, "NOTIFY[%03zx]: ty=%06x sy=%02x i=%08x\n",
			(size_t)(p - buf), (unsigned int)r.n.type,
			(unsigned int)r.n.subtype, r.n.info);

		len = r.n.info & WATCH_INFO_LENGTH;
		if (len < sizeof(r.n) || len > largest) {
			fflush(out);
			fprintf(err, "Bad message length: %zu/%zu\n", len, largest);
			return WATCH_PRINT_FATAL;
		}

		switch (r.n.type) {
		case WATCH_TYPE_META:
			saw_meta(out, &r);
			break;
		case WATCH_TYPE_KEY_NOTIFY:
			saw_key_change(out, err, &r, len);
			break;
		case WATCH_TYPE_MOUNT_NOTIFY:
			saw_mount_change(out, &r, len);
			break;
		case WATCH_TYPE_SB_NOTIFY:
			saw_super_change(out, &r, len);
			break;
		default:
			fprintf(out, "other type\n");
			break;
		}
		p += len;
	}
	return WATCH_PRINT_OK;
}
