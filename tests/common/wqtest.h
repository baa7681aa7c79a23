/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers for the watch_queue unit tests (plain C, no Criterion):
 * notification pipes, test records that carry a sequence number, filters
 * built by hand, and draining a pipe into a short text so that a whole
 * read-back can be compared as one string.
 *
 * The text of a drained pipe is its records separated by blanks:
 *   "loss"           the 8-byte LOSS record (exactly: type 0, subtype 1, info 8)
 *   "rm@ID"          an 8-byte REMOVAL record from the watch with ID
 *   "rm:OBJ@ID"      a 16-byte REMOVAL record for object OBJ (decimal)
 *   "SEQ"            a record made by wqt_record() with the defaults (type 2,
 *                    subtype 0, 16 bytes, no flags) from the watch with ID 0,
 *                    followed by "@ID" for another watch ID, "/tT" for type T,
 *                    "/sS" for subtype S, "/lL" for length L, "/fF" for the
 *                    info bits 16..31 (hex) and "!payload" if its payload is not
 *                    the one wqt_record() wrote
 *   "?..."           anything else, with its raw type/subtype/info
 * Every helper wears the wqt_ prefix and has no kernel counterpart.
 */
#ifndef VFSIM_TESTS_COMMON_WQTEST_H
#define VFSIM_TESTS_COMMON_WQTEST_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/vfstest.h"

/* The record type wqt_record() uses unless told otherwise. */
#define WQT_TYPE WATCH_TYPE_MOUNT_NOTIFY
#define WQT_LEN 16

/*
 * wqt_pipe - pipe2(O_NOTIFICATION_PIPE | @flags) as @t, then SET_SIZE
 * @nr_notes unless it is 0.  Aborts on failure: a test cannot go on.
 */
void wqt_pipe(struct vfsim_task *t, int flags, unsigned int nr_notes, int fds[2]);

/* A non-blocking notification pipe of 8 notes watching test object
 * @object with @id.  Aborts on failure. */
void wqt_watched_pipe(struct vfsim_task *t, int fds[2], uint64_t object, int id);

/*
 * wqt_capacity_is - a pipe sized with @nr_notes holds exactly @cap records
 * of @len bytes: @cap + 1 posts read back as 1..@cap and one LOSS record,
 * and then @cap more posts all arrive.  Prints what differs to stderr;
 * for cr_assert(wqt_capacity_is(...)).
 */
bool wqt_capacity_is(struct vfsim_task *t, unsigned int nr_notes, unsigned int cap,
		     unsigned int len);

/* IOC_WATCH_QUEUE_SET_SIZE / SET_FILTER on @fd. */
long wqt_set_size(struct vfsim_task *t, int fd, unsigned long nr_notes);
long wqt_set_filter(struct vfsim_task *t, int fd,
		    const struct watch_notification_filter *f);

/*
 * wqt_record - write a record of @len bytes (8..127) to @buf: @type,
 * @subtype, info = @len | @info_extra (the caller's ID and flag bits), and
 * for @len >= 12 @seq at offset 8 followed by a pattern derived from @seq.
 */
void wqt_record(void *buf, unsigned int type, unsigned int subtype, unsigned int len,
		uint32_t info_extra, uint32_t seq);

/* Post a wqt_record() to @object's watchers as @t: vfsim_test_post()'s result. */
long wqt_post(struct vfsim_task *t, uint64_t object, unsigned int type,
	      unsigned int subtype, unsigned int len, uint32_t info_extra, uint32_t seq);
/* The same with the defaults: type WQT_TYPE, subtype 0, WQT_LEN bytes. */
long wqt_post_seq(struct vfsim_task *t, uint64_t object, uint32_t seq);

/*
 * wqt_render - append the text of the records in @buf[0..@n) to @text
 * (NUL-terminated, of @size bytes).  Returns the number of records, or -1
 * if @buf is not a sequence of whole records (then the text says where).
 */
int wqt_render(const void *buf, size_t n, char *text, size_t size);

/*
 * wqt_drain - read @fd (which must be O_NONBLOCK) with a @bufsize buffer
 * until -EAGAIN or 0, rendering every record into @text.  Returns the
 * number of records, or the first other result a read gave (negative), or
 * -EBADMSG if a read returned something that is not whole records.
 */
long wqt_drain(struct vfsim_task *t, int fd, size_t bufsize, char *text, size_t size);

/*
 * wqt_reads - wqt_drain(@fd) with a 512-byte buffer gives exactly the text
 * @want ("" for nothing); prints what it read to stderr if not.  For
 * cr_assert(wqt_reads(...)).
 */
bool wqt_reads(struct vfsim_task *t, int fd, const char *want);

/*
 * wqt_records_are - @n, a read's result, is @len, and the @len bytes at
 * @buf are the records @want (in wqt_render()'s words); prints what
 * differs to stderr.  For cr_assert(wqt_records_are(buf, vfsim_read(...),
 * 16, "1")).
 */
bool wqt_records_are(const void *buf, long n, long len, const char *want);

/*
 * wqt_filter_new - a zeroed filter with room for @nr rules and nr_filters
 * = @nr (calloc()ed: free() it).  Aborts if out of memory.
 */
struct watch_notification_filter *wqt_filter_new(unsigned int nr);
/* Rule @i: @type, subtype_filter[0] = @subtypes (the other words 0),
 * info_mask and info_filter. */
void wqt_rule(struct watch_notification_filter *f, unsigned int i, uint32_t type,
	      uint32_t subtypes, uint32_t info_mask, uint32_t info_filter);
/* Bytes a filter of @nr rules takes. */
static inline size_t wqt_filter_size(unsigned int nr)
{
	return sizeof(struct watch_notification_filter) +
	       nr * sizeof(struct watch_notification_type_filter);
}

/*
 * A call in a thread of its own, for calls that may sleep: wqt_call_start()
 * runs it and returns once the thread has begun (asleep in the call or not
 * yet in it: a test must not depend on which); ->done is set when the call
 * has returned, ->ret is its result after wqt_call_join().  Both abort on
 * a pthread failure.
 */
enum wqt_call_kind {
	WQT_CALL_READ,		/* vfsim_read(fd, buf, len) */
	WQT_CALL_WRITE,		/* vfsim_write(fd, buf, len) */
	WQT_CALL_POST,		/* wqt_post_seq(object 1, sequence number len) */
};

struct wqt_call {
	pthread_t th;
	struct vfsim_task *t;
	enum wqt_call_kind kind;
	int fd;
	void *buf;
	size_t len;
	long ret;
	int started, done;
};

void wqt_call_start(struct wqt_call *c, struct vfsim_task *t, enum wqt_call_kind kind, int fd,
		    void *buf, size_t len);
void wqt_call_join(struct wqt_call *c);

/* The number of open fds of @t below @limit (probed with an unknown ioctl,
 * which gives -EBADF only for a closed fd). */
unsigned int wqt_count_fds(struct vfsim_task *t, int limit);

#endif
