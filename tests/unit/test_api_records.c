// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_record_next(), the record iterator for C harnesses, on what a
 * notification pipe really returns and on buffers made by hand:
 *   - the records of a read (a mount and its unmount under a watch on
 *     /), in order, each with the header's type, subtype, length, watch
 *     tag and info word, and hdr pointing at it;
 *   - the end: 0, and 0 again; an empty or NULL buffer has no record;
 *   - malformed: a length of 0 or under 8, past the end, under its type's
 *     structure, a piece of a header at the end: -EBADMSG at that record,
 *     after the good ones, and again on the next call;
 *   - NULL arguments: -EINVAL.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

/* A header of @len bytes for type/subtype, watch tag @id, flags @flags. */
static void put_header(uint64_t *buf, size_t off, unsigned int type,
		       unsigned int subtype, unsigned int len, unsigned int id,
		       unsigned int flags)
{
	struct watch_notification n = { 0 };

	n.type = type;
	n.subtype = subtype;
	n.info = (len << WATCH_INFO_LENGTH__SHIFT) |
		 (id << WATCH_INFO_ID__SHIFT) | flags;
	memcpy((char *)buf + off, &n, sizeof(n));
}

Test(api_records, the_records_of_a_read)
{
	struct vfsim_record_iter it;
	struct vfsim_record rec;
	const struct mount_notification *mn;
	struct vfsim_task *t;
	uint64_t buf[64];
	struct vfsim *v;
	long n, id;
	int fds[2];

	cr_assert_eq(vfsim_create(NULL, &v), 0);
	cr_assert_eq(vfsim_boot(v, "empty"), 0);
	t = vfsim_init_task(v);
	cr_assert_eq(vfsim_mkdirat(t, AT_FDCWD, "/a", 0755), 0);
	cr_assert_eq(vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE), 0);
	cr_assert_eq(vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_SIZE, 4), 0);
	cr_assert_eq(vfsim_watch_mount(t, AT_FDCWD, "/", 0, fds[0], 0x42), 0);
	cr_assert_eq(vfsim_mount(t, "a", "/a", "tmpfs", 0, NULL), 0);
	id = vfsim_path_mnt_id(t, "/a");
	cr_assert_gt(id, 0);
	cr_assert_eq(vfsim_umount2(t, "/a", 0), 0);
	n = vfsim_read(t, fds[0], buf, sizeof(buf));
	cr_assert_eq(n, 2 * sizeof(struct mount_notification));

	vfsim_record_iter_init(&it, buf, (size_t)n);
	cr_assert_eq(vfsim_record_next(&it, &rec), 1);
	cr_expect_eq((const void *)rec.hdr, (const void *)buf);
	cr_expect_eq(rec.type, WATCH_TYPE_MOUNT_NOTIFY);
	cr_expect_eq(rec.subtype, NOTIFY_MOUNT_NEW_MOUNT);
	cr_expect_eq(rec.len, sizeof(struct mount_notification));
	cr_expect_eq(rec.watch_id, 0x42);
	/* on the watched mount itself: not in_subtree */
	cr_expect_eq(rec.info & NOTIFY_MOUNT_IN_SUBTREE, 0);
	cr_expect_eq(rec.info, (16u << WATCH_INFO_LENGTH__SHIFT) |
		     (0x42u << WATCH_INFO_ID__SHIFT));
	mn = (const struct mount_notification *)rec.hdr;
	cr_expect_eq(mn->changed_mount, (unsigned int)id);

	cr_assert_eq(vfsim_record_next(&it, &rec), 1);
	cr_expect_eq((const char *)rec.hdr, (const char *)buf + 16);
	cr_expect_eq(rec.subtype, NOTIFY_MOUNT_UNMOUNT);
	cr_expect_eq(rec.watch_id, 0x42);
	cr_expect_eq(((const struct mount_notification *)rec.hdr)->changed_mount,
		     (unsigned int)id);

	cr_expect_eq(vfsim_record_next(&it, &rec), 0);
	cr_expect_eq(vfsim_record_next(&it, &rec), 0);
	cr_expect_eq(it.pos, (size_t)n);
	cr_assert_eq(vfsim_close(t, fds[0]), 0);
	cr_assert_eq(vfsim_close(t, fds[1]), 0);
	cr_expect_eq(vfsim_destroy_check(v, stderr), 0);
}

Test(api_records, every_type_and_its_size)
{
	struct vfsim_record_iter it;
	struct vfsim_record rec;
	uint64_t buf[16] = { 0 };
	size_t off = 0;

	put_header(buf, off, WATCH_TYPE_META, WATCH_META_LOSS_NOTIFICATION, 8, 0, 0);
	off += 8;
	put_header(buf, off, WATCH_TYPE_META, WATCH_META_REMOVAL_NOTIFICATION, 16, 3, 0);
	off += 16;
	put_header(buf, off, WATCH_TYPE_KEY_NOTIFY, NOTIFY_KEY_UPDATED, 16, 4, 0);
	off += 16;
	put_header(buf, off, WATCH_TYPE_SB_NOTIFY, NOTIFY_SUPERBLOCK_READONLY, 16, 5,
		   NOTIFY_SUPERBLOCK_IS_NOW_RO);
	off += 16;
	put_header(buf, off, WATCH_TYPE_SB_NOTIFY, NOTIFY_SUPERBLOCK_ERROR, 24, 6, 0);
	off += 24;
	/* A type the UAPI does not know: framed by its length alone. */
	put_header(buf, off, 9, 1, 8, 7, 0);
	off += 8;

	vfsim_record_iter_init(&it, buf, off);
	cr_assert_eq(vfsim_record_next(&it, &rec), 1);
	cr_expect(rec.type == WATCH_TYPE_META && rec.len == 8);
	cr_assert_eq(vfsim_record_next(&it, &rec), 1);
	cr_expect(rec.subtype == WATCH_META_REMOVAL_NOTIFICATION && rec.watch_id == 3);
	cr_assert_eq(vfsim_record_next(&it, &rec), 1);
	cr_expect(rec.type == WATCH_TYPE_KEY_NOTIFY && rec.len == 16);
	cr_assert_eq(vfsim_record_next(&it, &rec), 1);
	cr_expect(rec.type == WATCH_TYPE_SB_NOTIFY && rec.watch_id == 5);
	cr_expect_eq(rec.info & NOTIFY_SUPERBLOCK_IS_NOW_RO, NOTIFY_SUPERBLOCK_IS_NOW_RO);
	cr_assert_eq(vfsim_record_next(&it, &rec), 1);
	cr_expect(rec.subtype == NOTIFY_SUPERBLOCK_ERROR && rec.len == 24);
	cr_assert_eq(vfsim_record_next(&it, &rec), 1);
	cr_expect(rec.type == 9 && rec.subtype == 1 && rec.len == 8);
	cr_expect_eq(vfsim_record_next(&it, &rec), 0);
}

/* @nr good records of 8 bytes, then a bad one at offset 8 * @nr: the good
 * ones come, then -EBADMSG at the bad one, twice. */
static void expect_bad_after(uint64_t *buf, size_t len, int nr, const char *why)
{
	struct vfsim_record_iter it;
	struct vfsim_record rec;
	int i;

	vfsim_record_iter_init(&it, buf, len);
	for (i = 0; i < nr; i++)
		cr_assert_eq(vfsim_record_next(&it, &rec), 1, "%s: record %d", why, i);
	cr_expect_eq(vfsim_record_next(&it, &rec), -EBADMSG, "%s", why);
	cr_expect_eq(it.pos, 8u * nr, "%s", why);
	cr_expect_eq(vfsim_record_next(&it, &rec), -EBADMSG, "%s, again", why);
}

Test(api_records, malformed_records)
{
	uint64_t buf[8];

	memset(buf, 0, sizeof(buf));
	put_header(buf, 0, WATCH_TYPE_META, WATCH_META_LOSS_NOTIFICATION, 8, 0, 0);
	/* A length of 0 (which would never move on), and of 4. */
	put_header(buf, 8, WATCH_TYPE_META, 0, 0, 0, 0);
	expect_bad_after(buf, 32, 1, "length 0");
	put_header(buf, 8, WATCH_TYPE_META, 0, 4, 0, 0);
	expect_bad_after(buf, 32, 1, "length 4");
	/* Past the end of the buffer. */
	put_header(buf, 8, WATCH_TYPE_META, 0, 32, 0, 0);
	expect_bad_after(buf, 32, 1, "past the end");
	/* Shorter than its type's structure. */
	put_header(buf, 8, WATCH_TYPE_MOUNT_NOTIFY, NOTIFY_MOUNT_UNMOUNT, 8, 0, 0);
	expect_bad_after(buf, 32, 1, "short mount record");
	put_header(buf, 8, WATCH_TYPE_SB_NOTIFY, NOTIFY_SUPERBLOCK_ERROR, 16, 0, 0);
	expect_bad_after(buf, 32, 1, "short superblock error");
	put_header(buf, 8, WATCH_TYPE_KEY_NOTIFY, 0, 8, 0, 0);
	expect_bad_after(buf, 32, 1, "short key record");
	/* A piece of a header at the end. */
	put_header(buf, 8, WATCH_TYPE_META, WATCH_META_LOSS_NOTIFICATION, 8, 0, 0);
	expect_bad_after(buf, 20, 2, "4 bytes left");
}

Test(api_records, empty_and_null)
{
	struct vfsim_record_iter it;
	struct vfsim_record rec;
	uint64_t buf[2] = { 0 };

	vfsim_record_iter_init(&it, buf, 0);
	cr_expect_eq(vfsim_record_next(&it, &rec), 0);
	/* NULL is an empty buffer whatever the length. */
	vfsim_record_iter_init(&it, NULL, 16);
	cr_expect_eq(it.len, 0);
	cr_expect_eq(vfsim_record_next(&it, &rec), 0);
	vfsim_record_iter_init(NULL, buf, 16);	/* nothing to do, no crash */
	cr_expect_eq(vfsim_record_next(NULL, &rec), -EINVAL);
	cr_expect_eq(vfsim_record_next(&it, NULL), -EINVAL);
	/* An iterator whose position is past its end was not made by init. */
	vfsim_record_iter_init(&it, buf, 16);
	it.pos = 17;
	cr_expect_eq(vfsim_record_next(&it, &rec), -EINVAL);
}
