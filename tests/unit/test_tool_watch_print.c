/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The watch_test consumer of `vfsim watch` (the scenario engine's
 * scenario/watch_print.c, behind `drain NAME watch_test`; docs/vfsim-command.md),
 * fed buffers built by hand, since the model never produces most
 * of them (keys, malformed lengths, unknown types):
 *   - every record kind prints the sample's exact line, at its byte offset,
 *     with the sample's skips (a mount record not 16 bytes long, a
 *     superblock record under 16) and complaints (a key record not 16);
 *   - the watch ID is read from info bits 8-15, so a v17 record with the ID
 *     in bits 24-31 (erratum B8) shows watchpoint 0;
 *   - the exits: 0 bytes is "-- END --", more than 433 an overrun, a tail
 *     under 8 bytes a short header (both stop), a length under 8 or beyond
 *     the bytes left (at most 128) a bad length (fatal).
 * The consumer is internal to libvfsim: its interface is
 * scenario/watch_print.h, and the static library has it.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uapi/linux/watch_queue.h>

#include <scenario/watch_print.h>

struct capture {
	FILE *out, *err;
	char *obuf, *ebuf;
	size_t olen, elen;
};

static void cap_open(struct capture *c)
{
	memset(c, 0, sizeof(*c));
	c->out = open_memstream(&c->obuf, &c->olen);
	c->err = open_memstream(&c->ebuf, &c->elen);
	cr_assert(c->out && c->err);
}

static void cap_close(struct capture *c)
{
	fclose(c->out);
	fclose(c->err);
}

static void cap_free(struct capture *c)
{
	free(c->obuf);
	free(c->ebuf);
}

/* Run the consumer on @n bytes of @buf; check both streams and the result. */
static void expect(const void *buf, long n, enum watch_print_result res,
		   const char *out, const char *err)
{
	struct capture c;
	enum watch_print_result got;

	cap_open(&c);
	got = watch_print_read(c.out, c.err, buf, n);
	cap_close(&c);
	cr_expect_eq(got, res, "result %d, expected %d", got, res);
	cr_expect_str_eq(c.obuf, out);
	cr_expect_str_eq(c.ebuf, err);
	cap_free(&c);
}

/* Append a record: header words, then @payload (@len - 8 bytes of it). */
static size_t put(unsigned char *buf, size_t off, uint32_t type,
		  uint32_t subtype, uint32_t info, const void *payload)
{
	uint32_t w0 = type | subtype << 24;
	size_t len = info & WATCH_INFO_LENGTH;

	memcpy(buf + off, &w0, 4);
	memcpy(buf + off + 4, &info, 4);
	if (len > 8 && payload)
		memcpy(buf + off + 8, payload, len - 8);
	return off + len;
}

Test(watch_print, end_of_file)
{
	unsigned char buf[8] = { 0 };

	expect(buf, 0, WATCH_PRINT_END, "-- END --\n", "");
}

Test(watch_print, every_kind)
{
	unsigned char buf[WATCH_PRINT_BUF_SIZE] = { 0 };
	uint32_t mnt[2] = { 0x60, 0x1a0 }, key[2] = { 0x1234abcd, 7 };
	uint32_t sberr[4] = { 0x7eb57ca7, 0x15, 5, 0 };
	uint64_t sb = 0x157eb57ca7ULL, obj = 0x42;
	size_t n = 0;

	n = put(buf, n, WATCH_TYPE_MOUNT_NOTIFY, NOTIFY_MOUNT_NEW_MOUNT,
		0x00000210, mnt);
	n = put(buf, n, WATCH_TYPE_SB_NOTIFY, NOTIFY_SUPERBLOCK_READONLY,
		0x00010310, &sb);
	/* The 24-byte error record prints its superblock head. */
	n = put(buf, n, WATCH_TYPE_SB_NOTIFY, NOTIFY_SUPERBLOCK_ERROR,
		0x00000318, sberr);
	n = put(buf, n, WATCH_TYPE_KEY_NOTIFY, NOTIFY_KEY_LINKED, 0x00000110, key);
	n = put(buf, n, WATCH_TYPE_META, WATCH_META_REMOVAL_NOTIFICATION,
		0x00000510, &obj);
	n = put(buf, n, WATCH_TYPE_META, WATCH_META_REMOVAL_NOTIFICATION,
		0x00000208, NULL);
	n = put(buf, n, WATCH_TYPE_META, WATCH_META_LOSS_NOTIFICATION,
		0x00000008, NULL);
	n = put(buf, n, WATCH_TYPE_META, 2, 0x00000008, NULL);
	n = put(buf, n, 7, 0, 0x0000000c, key);
	/* Subtypes past the sample's names print as a NULL %s does. */
	n = put(buf, n, WATCH_TYPE_MOUNT_NOTIFY, 9, 0x00000210, mnt);
	n = put(buf, n, WATCH_TYPE_SB_NOTIFY, 200, 0x00000210, &sb);
	n = put(buf, n, WATCH_TYPE_KEY_NOTIFY, 8, 0x00000110, key);
	cr_assert_eq(n, 172);

	expect(buf, (long)n, WATCH_PRINT_OK,
	       "read() = 172\n"
	       "NOTIFY[000]: ty=000002 sy=00 i=00000210\n"
	       "MOUNT 00000060 change=0[new_mount] aux=416\n"
	       "NOTIFY[010]: ty=000003 sy=00 i=00010310\n"
	       "SUPER 157eb57ca7 change=0[readonly]\n"
	       "NOTIFY[020]: ty=000003 sy=01 i=00000318\n"
	       "SUPER 157eb57ca7 change=1[error]\n"
	       "NOTIFY[038]: ty=000001 sy=02 i=00000110\n"
	       "KEY 1234abcd change=2[linked] aux=7\n"
	       "NOTIFY[048]: ty=000000 sy=00 i=00000510\n"
	       "REMOVAL of watchpoint 00000005\n"
	       "NOTIFY[058]: ty=000000 sy=00 i=00000208\n"
	       "REMOVAL of watchpoint 00000002\n"
	       "NOTIFY[060]: ty=000000 sy=01 i=00000008\n"
	       "-- LOSS --\n"
	       "NOTIFY[068]: ty=000000 sy=02 i=00000008\n"
	       "other meta record\n"
	       "NOTIFY[070]: ty=000007 sy=00 i=0000000c\n"
	       "other type\n"
	       "NOTIFY[07c]: ty=000002 sy=09 i=00000210\n"
	       "MOUNT 00000060 change=9[(null)] aux=416\n"
	       "NOTIFY[08c]: ty=000003 sy=c8 i=00000210\n"
	       "SUPER 157eb57ca7 change=200[(null)]\n"
	       "NOTIFY[09c]: ty=000001 sy=08 i=00000110\n"
	       "KEY 1234abcd change=8[(null)] aux=7\n",
	       "");
}

Test(watch_print, lengths_the_sample_skips)
{
	unsigned char buf[96] = { 0 };
	uint32_t pay[4] = { 1, 2, 3, 4 };
	size_t n = 0;

	n = put(buf, n, WATCH_TYPE_MOUNT_NOTIFY, NOTIFY_MOUNT_UNMOUNT,
		0x00000218, pay);	/* 24: skipped without a word */
	n = put(buf, n, WATCH_TYPE_MOUNT_NOTIFY, NOTIFY_MOUNT_UNMOUNT,
		0x0000020c, pay);	/* 12: the same */
	n = put(buf, n, WATCH_TYPE_SB_NOTIFY, NOTIFY_SUPERBLOCK_EDQUOT,
		0x0000030c, pay);	/* under 16: skipped */
	n = put(buf, n, WATCH_TYPE_KEY_NOTIFY, NOTIFY_KEY_UPDATED,
		0x00000114, pay);	/* 20: complained about */
	cr_assert_eq(n, 68);

	expect(buf, (long)n, WATCH_PRINT_OK,
	       "read() = 68\n"
	       "NOTIFY[000]: ty=000002 sy=01 i=00000218\n"
	       "NOTIFY[018]: ty=000002 sy=01 i=0000020c\n"
	       "NOTIFY[024]: ty=000003 sy=02 i=0000030c\n"
	       "NOTIFY[030]: ty=000001 sy=01 i=00000114\n",
	       "Incorrect key message length\n");
}

/* Erratum B8: v17 put the watch ID in bits 24-31, where the sample does
 * not look (the patches' own example output shows i=02000010). */
Test(watch_print, v17_watch_id)
{
	unsigned char buf[32] = { 0 };
	uint64_t obj = 0x3b9ae16f;
	uint32_t mnt[2] = { 2, 7 };
	size_t n = 0;

	n = put(buf, n, WATCH_TYPE_MOUNT_NOTIFY, NOTIFY_MOUNT_NEW_MOUNT,
		0x02000010, mnt);
	n = put(buf, n, WATCH_TYPE_META, WATCH_META_REMOVAL_NOTIFICATION,
		0x03000010, &obj);
	expect(buf, (long)n, WATCH_PRINT_OK,
	       "read() = 32\n"
	       "NOTIFY[000]: ty=000002 sy=00 i=02000010\n"
	       "MOUNT 00000002 change=0[new_mount] aux=7\n"
	       "NOTIFY[010]: ty=000000 sy=00 i=03000010\n"
	       "REMOVAL of watchpoint 00000000\n",
	       "");
}

Test(watch_print, overrun)
{
	unsigned char buf[WATCH_PRINT_BUF_SIZE + 1] = { 0 };

	expect(buf, WATCH_PRINT_BUF_SIZE, WATCH_PRINT_FATAL,
	       "read() = 433\nNOTIFY[000]: ty=000000 sy=00 i=00000000\n",
	       "Bad message length: 0/128\n");
	expect(buf, WATCH_PRINT_BUF_SIZE + 1, WATCH_PRINT_STOP, "",
	       "Read buffer overrun: 434\n");
}

Test(watch_print, short_header)
{
	unsigned char buf[32] = { 0 };
	uint32_t mnt[2] = { 2, 7 };
	size_t n = put(buf, 0, WATCH_TYPE_MOUNT_NOTIFY, NOTIFY_MOUNT_EXPIRY,
		       0x00000210, mnt);

	expect(buf, (long)n + 7, WATCH_PRINT_STOP,
	       "read() = 23\n"
	       "NOTIFY[000]: ty=000002 sy=02 i=00000210\n"
	       "MOUNT 00000002 change=2[expiry] aux=7\n",
	       "Short message header: 7\n");
	expect(buf, 4, WATCH_PRINT_STOP, "read() = 4\n",
	       "Short message header: 4\n");
}

Test(watch_print, bad_length)
{
	unsigned char buf[300] = { 0 };
	uint32_t pay[30] = { 0 };
	size_t n;

	/* Under a header. */
	put(buf, 0, WATCH_TYPE_MOUNT_NOTIFY, 0, 0x00000204, NULL);
	expect(buf, 16, WATCH_PRINT_FATAL,
	       "read() = 16\nNOTIFY[000]: ty=000002 sy=00 i=00000204\n",
	       "Bad message length: 4/16\n");

	/* Beyond what was read: the record is cut off. */
	put(buf, 0, WATCH_TYPE_MOUNT_NOTIFY, 0, 0x00000210, pay);
	expect(buf, 12, WATCH_PRINT_FATAL,
	       "read() = 12\nNOTIFY[000]: ty=000002 sy=00 i=00000210\n",
	       "Bad message length: 16/12\n");

	/* The longest record, 127 bytes, fits the 128 the sample allows;
	 * what follows it is looked at on its own. */
	n = put(buf, 0, 7, 1, 0x0000007f, pay);
	n = put(buf, n, WATCH_TYPE_META, WATCH_META_LOSS_NOTIFICATION,
		0x00000008, NULL);
	expect(buf, (long)n, WATCH_PRINT_OK,
	       "read() = 135\n"
	       "NOTIFY[000]: ty=000007 sy=01 i=0000007f\n"
	       "other type\n"
	       "NOTIFY[07f]: ty=000000 sy=01 i=00000008\n"
	       "-- LOSS --\n",
	       "");
}
