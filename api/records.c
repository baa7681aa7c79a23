// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_record_next(): the records of a buffer read from a notification
 * pipe, one at a time, for a harness in C.  A read returns whole records
 * back to back, each as long as its header's WATCH_INFO_LENGTH says; this
 * walks them and refuses what a read cannot have returned: a length under
 * the header's 8 bytes, past the end of the buffer, or under the size of
 * the structure its type and subtype name (a record of a known type may
 * then be cast to that structure and read whole).  text/decode.c renders
 * a record; this only frames it.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include <vfsim/vfsim.h>

/* The smallest record of @type/@subtype that a cast may read, or the
 * header's size for what the UAPI gives no structure. */
static size_t min_record_len(unsigned int type, unsigned int subtype)
{
	switch (type) {
	case WATCH_TYPE_KEY_NOTIFY:
		return sizeof(struct key_notification);
	case WATCH_TYPE_MOUNT_NOTIFY:
		return sizeof(struct mount_notification);
	case WATCH_TYPE_SB_NOTIFY:
		if (subtype == NOTIFY_SUPERBLOCK_ERROR)
			return sizeof(struct superblock_error_notification);
		return sizeof(struct superblock_notification);
	default:	/* meta: a removal has its ID only in the 16-byte form */
		return sizeof(struct watch_notification);
	}
}

void vfsim_record_iter_init(struct vfsim_record_iter *it, const void *buf,
			    size_t len)
{
	if (!it)
		return;
	it->buf = buf;
	it->len = buf ? len : 0;
	it->pos = 0;
}

int vfsim_record_next(struct vfsim_record_iter *it, struct vfsim_record *rec)
{
	struct watch_notification n;
	size_t left, rlen;

	if (!it || !rec)
		return -EINVAL;
	if (it->pos > it->len)
		return -EINVAL;		/* not what init left */
	left = it->len - it->pos;
	if (left == 0)
		return 0;
	if (left < sizeof(n))
		return -EBADMSG;	/* a piece of a header */
	memcpy(&n, it->buf + it->pos, sizeof(n));
	rlen = (n.info & WATCH_INFO_LENGTH) >> WATCH_INFO_LENGTH__SHIFT;
	if (rlen < sizeof(n) || rlen > left ||
	    rlen < min_record_len(n.type, n.subtype))
		return -EBADMSG;	/* stays here: every later call too */
	rec->hdr = (const struct watch_notification *)(it->buf + it->pos);
	rec->type = n.type;
	rec->subtype = n.subtype;
	rec->len = (unsigned int)rlen;
	rec->watch_id = (n.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT;
	rec->info = n.info;
	it->pos += rlen;
	return 1;
}
