/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * pipe2() and the pipe as a file (docs/watch_queue.md, fs/pipe.c of 5.8):
 * which flags make which pipe, either end naming the notification queue,
 * write() to a notification pipe (len 0, then EPIPE, then EXDEV), ordinary
 * pipes (bytes, O_DIRECT packets, O_NONBLOCK, EOF, EPIPE), EFAULT and
 * EMFILE leaving no fd behind, the last close taking every watch off its
 * object, ioctls (FIONREAD, unknown ones, non-pipe fds) and bad fds.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define NFD 64

/* ---- flags ------------------------------------------------------------------- */

VT_TEST(wq_pipe2, accepted_flags_make_two_fds, "empty", NULL)
{
	static const int ok[] = {
		0, O_CLOEXEC, O_NONBLOCK, O_DIRECT, O_NOTIFICATION_PIPE,
		O_CLOEXEC | O_NONBLOCK | O_DIRECT | O_NOTIFICATION_PIPE,
		O_NOTIFICATION_PIPE | O_NONBLOCK, O_DIRECT | O_NONBLOCK,
	};
	unsigned int i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		int fds[2] = { -1, -1 };

		EXPECT(vfsim_pipe2(t, fds, ok[i]), 0);
		cr_assert(fds[0] >= 0 && fds[1] >= 0 && fds[0] != fds[1],
			  "flags %#x: fds %d %d", ok[i], fds[0], fds[1]);
		EXPECT(wqt_count_fds(t, NFD), 2);
		EXPECT(vfsim_close(t, fds[0]), 0);
		EXPECT(vfsim_close(t, fds[1]), 0);
	}
}

VT_TEST(wq_pipe2, other_flags_einval, "empty", NULL)
{
	static const int bad[] = {
		O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND, O_SYNC, O_NOCTTY,
		O_DIRECTORY, O_NOFOLLOW, O_PATH, O_TMPFILE & ~O_DIRECTORY,
		O_NOTIFICATION_PIPE | O_APPEND, O_NONBLOCK | O_RDWR, (int)0x80000000u,
	};
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int fds[2] = { -7, -7 };

		EXPECT(vfsim_pipe2(t, fds, bad[i]), -EINVAL);
		cr_assert(fds[0] == -7 && fds[1] == -7, "flags %#x: fds written", bad[i]);
		EXPECT(wqt_count_fds(t, NFD), 0);
	}
}

VT_TEST(wq_pipe2, notification_flag_creates_queue, "empty", NULL)
{
	int plain[2], note[2];

	EXPECT(vfsim_pipe2(t, plain, 0), 0);
	EXPECT(vfsim_pipe2(t, note, O_NOTIFICATION_PIPE), 0);
	EXPECT(wqt_set_size(t, plain[0], 4), -ENODEV);
	EXPECT(wqt_set_filter(t, plain[0], NULL), -ENODEV);
	EXPECT(vfsim_test_watch(t, plain[0], 1, 0), -EINVAL);
	EXPECT(wqt_set_size(t, note[0], 4), 0);
	EXPECT(wqt_set_filter(t, note[0], NULL), 0);
	EXPECT(vfsim_test_watch(t, note[0], 1, 0), 0);
}

/* ---- either end names the queue ----------------------------------------------- */

VT_TEST(wq_pipe2, write_end_fd_names_the_queue, "empty", NULL)
{
	int fds[2];
	char text[256];

	wqt_pipe(t, O_NONBLOCK, 0, fds);
	EXPECT(wqt_set_size(t, fds[1], 4), 0);
	/* the same queue: already sized, whichever end asks */
	EXPECT(wqt_set_size(t, fds[0], 4), -EBUSY);
	EXPECT(vfsim_test_watch(t, fds[1], 5, 2), 0);
	EXPECT(vfsim_test_watch(t, fds[0], 5, 3), -EBUSY);
	EXPECT(wqt_post_seq(t, 5, 1), 0);
	EXPECT(wqt_drain(t, fds[0], 128, text, sizeof(text)), 1);
	cr_assert_str_eq(text, "1@2");
	EXPECT(vfsim_test_unwatch(t, fds[1], 5), 0);
	EXPECT(wqt_drain(t, fds[0], 128, text, sizeof(text)), 1);
	cr_assert_str_eq(text, "rm:5@2");
}

/* ---- write ------------------------------------------------------------------ */

VT_TEST(wq_pipe2, write_to_notification_pipe_exdev, "empty", NULL)
{
	int fds[2];
	int n = -1;

	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_write(t, fds[1], "x", 1), -EXDEV);
	EXPECT(vfsim_write(t, fds[1], "0123456789abcdef", 16), -EXDEV);
	/* nothing got into the ring */
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 0);
}

VT_TEST(wq_pipe2, write_len_0_returns_0_first, "empty", NULL)
{
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_write(t, fds[1], "x", 0), 0);
	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(vfsim_write(t, fds[1], "x", 0), 0);
}

VT_TEST(wq_pipe2, write_without_readers_epipe_before_exdev, "empty", NULL)
{
	int fds[2];

	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(vfsim_write(t, fds[1], "x", 1), -EPIPE);
}

VT_TEST(wq_pipe2, write_to_read_end_ebadf, "empty", NULL)
{
	int plain[2], note[2];

	EXPECT(vfsim_pipe2(t, plain, 0), 0);
	wqt_pipe(t, 0, 4, note);
	EXPECT(vfsim_write(t, plain[0], "x", 1), -EBADF);
	EXPECT(vfsim_write(t, note[0], "x", 1), -EBADF);
}

VT_TEST(wq_pipe2, read_from_write_end_ebadf, "empty", NULL)
{
	int plain[2], note[2];
	char buf[16];

	EXPECT(vfsim_pipe2(t, plain, 0), 0);
	wqt_pipe(t, 0, 4, note);
	EXPECT(vfsim_read(t, plain[1], buf, sizeof(buf)), -EBADF);
	EXPECT(vfsim_read(t, note[1], buf, sizeof(buf)), -EBADF);
}

/* ---- ordinary pipes --------------------------------------------------------------- */

/* A read of at most @size bytes that gives exactly @bytes. */
struct pipe_read {
	size_t size;
	const char *bytes;
};

/* pipe2(@fds, @flags); each of the writes @writes (NULL-ended) is written
 * whole, then the reads @reads (ended by size 0) give what they say. */
static void pipe_carries(int fds[2], int flags, const char *const *writes,
			 const struct pipe_read *reads)
{
	char buf[16];

	EXPECT(vfsim_pipe2(t, fds, flags), 0);
	for (; *writes; writes++)
		EXPECT(vfsim_write(t, fds[1], *writes, strlen(*writes)), strlen(*writes));
	for (; reads->size; reads++) {
		size_t len = strlen(reads->bytes);

		memset(buf, 0, sizeof(buf));
		EXPECT(vfsim_read(t, fds[0], buf, reads->size), len);
		cr_assert(memcmp(buf, reads->bytes, len) == 0, "read \"%.*s\", want \"%s\"",
			  (int)len, buf, reads->bytes);
	}
}

VT_TEST(wq_pipe2, plain_pipe_carries_bytes, "empty", NULL)
{
	int fds[2];

	pipe_carries(fds, 0, (const char *[]){ "hello", NULL },
		     (const struct pipe_read[]){ { 3, "hel" }, { 16, "lo" }, { 0 } });
}

VT_TEST(wq_pipe2, plain_pipe_merges_writes, "empty", NULL)
{
	int fds[2];

	pipe_carries(fds, 0, (const char *[]){ "ab", "cd", NULL },
		     (const struct pipe_read[]){ { 16, "abcd" }, { 0 } });
}

VT_TEST(wq_pipe2, o_direct_writes_packets, "empty", NULL)
{
	int fds[2];

	pipe_carries(fds, O_DIRECT | O_NONBLOCK, (const char *[]){ "ab", "cd", NULL },
		     (const struct pipe_read[]){ { 16, "ab" }, { 16, "cd" }, { 0 } });
}

VT_TEST(wq_pipe2, o_direct_short_read_drops_rest_of_packet, "empty", NULL)
{
	char buf[16];
	int fds[2];

	pipe_carries(fds, O_DIRECT | O_NONBLOCK, (const char *[]){ "hello", "xy", NULL },
		     (const struct pipe_read[]){ { 2, "he" }, { 16, "xy" }, { 0 } });
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
}

VT_TEST(wq_pipe2, plain_nonblock_empty_read_eagain, "empty", NULL)
{
	int fds[2];
	char buf[4];

	EXPECT(vfsim_pipe2(t, fds, O_NONBLOCK), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
}

VT_TEST(wq_pipe2, plain_nonblock_full_write_eagain, "empty", NULL)
{
	static char big[16 * 4096];
	int fds[2], n = -1;

	EXPECT(vfsim_pipe2(t, fds, O_NONBLOCK), 0);
	memset(big, 'z', sizeof(big));
	EXPECT(vfsim_write(t, fds[1], big, sizeof(big)), sizeof(big));
	EXPECT(vfsim_write(t, fds[1], "x", 1), -EAGAIN);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 16 * 4096);
}

VT_TEST(wq_pipe2, plain_eof_after_data, "empty", NULL)
{
	int fds[2];
	char buf[8];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	EXPECT(vfsim_write(t, fds[1], "abc", 3), 3);
	EXPECT(vfsim_close(t, fds[1]), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 3);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 0);
}

VT_TEST(wq_pipe2, plain_write_without_readers_epipe, "empty", NULL)
{
	int fds[2];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(vfsim_write(t, fds[1], "abc", 3), -EPIPE);
}

/* ---- pipe2 failures leave no fd ---------------------------------------------------- */

VT_TEST(wq_pipe2, efault_on_fds_leaves_no_fd, "empty", NULL)
{
	int fds[2] = { -7, -7 };
	int flags[] = { 0, O_NOTIFICATION_PIPE };
	unsigned int i;

	for (i = 0; i < 2; i++) {
		EXPECT(vfsim_pipe2(t, NULL, flags[i]), -EFAULT);
		EXPECT(wqt_count_fds(t, NFD), 0);

		cr_assert_eq(vfsim_uaccess_unmap(v, fds, sizeof(fds)), 0);
		EXPECT(vfsim_pipe2(t, fds, flags[i]), -EFAULT);
		vfsim_uaccess_remap_all(v);
		EXPECT(wqt_count_fds(t, NFD), 0);

		/* only the second fd's slot is unmapped */
		cr_assert_eq(vfsim_uaccess_unmap(v, &fds[1], sizeof(fds[1])), 0);
		EXPECT(vfsim_pipe2(t, fds, flags[i]), -EFAULT);
		vfsim_uaccess_remap_all(v);
		EXPECT(wqt_count_fds(t, NFD), 0);
	}
	/* and the fds it would have used are free for the next pipe */
	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	EXPECT(fds[0], 3);
	EXPECT(fds[1], 4);
}

VT_TEST(wq_pipe2, emfile_leaves_no_fd, "empty", NULL)
{
	int fds[2];
	unsigned int before;
	int i;

	/* fds 3..1022 taken, 1023 (the last one under the limit) free */
	for (i = 0; i < 510; i++)
		EXPECT(vfsim_pipe2(t, fds, i % 2 ? O_NOTIFICATION_PIPE : 0), 0);
	before = wqt_count_fds(t, 1024);
	EXPECT(before, 1020);
	EXPECT(vfsim_pipe2(t, fds, 0), -EMFILE);
	EXPECT(vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE), -EMFILE);
	EXPECT(wqt_count_fds(t, 1024), before);
	EXPECT(vfsim_openat(t, AT_FDCWD, "/", O_RDONLY | O_DIRECTORY, 0), 1023);
}

/* ---- the last close ---------------------------------------------------------------- */

static unsigned long hook_calls;

static int count_hook(void *arg, const struct vfsim_cred *watcher,
		      const struct vfsim_cred *poster, const void *record)
{
	(void)arg, (void)watcher, (void)poster, (void)record;
	__atomic_add_fetch(&hook_calls, 1, __ATOMIC_RELAXED);
	return 0;
}

static const struct vfsim_lsm_ops counting_lsm = { .post_notification = count_hook };

/* The LSM post hook runs once per watch a post reaches: it counts watches. */
static unsigned long watches_reached(uint64_t object)
{
	unsigned long before = hook_calls;

	EXPECT(wqt_post_seq(t, object, 99), 0);
	return hook_calls - before;
}

VT_TEST(wq_pipe2, closing_read_end_keeps_watches, "empty", NULL)
{
	int fds[2];

	vfsim_set_lsm(v, &counting_lsm, NULL);
	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 1), 0);
	EXPECT(watches_reached(1), 1);
	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(watches_reached(1), 1);
	EXPECT(vfsim_test_unwatch(t, fds[1], 1), 0);
	EXPECT(watches_reached(1), 0);
}

VT_TEST(wq_pipe2, closing_both_ends_removes_watches, "empty", NULL)
{
	int a[2], b[2];
	char text[128];

	vfsim_set_lsm(v, &counting_lsm, NULL);
	wqt_watched_pipe(t, a, 1, 1);
	EXPECT(vfsim_test_watch(t, a[0], 2, 1), 0);
	EXPECT(watches_reached(1), 1);
	EXPECT(vfsim_close(t, a[1]), 0);
	EXPECT(watches_reached(1), 1);
	EXPECT(vfsim_close(t, a[0]), 0);
	EXPECT(watches_reached(1), 0);
	EXPECT(watches_reached(2), 0);

	/* A new pipe (likely on the same fds) finds no watch of the old one. */
	wqt_pipe(t, O_NONBLOCK, 4, b);
	EXPECT(vfsim_test_unwatch(t, b[0], 1), -EBADSLT);
	EXPECT(vfsim_test_watch(t, b[0], 1, 3), 0);
	EXPECT(watches_reached(1), 1);
	/* destroying the object tells only the live watcher */
	EXPECT(vfsim_test_destroy_object(t, 1), 0);
	EXPECT(wqt_drain(t, b[0], 128, text, sizeof(text)), 2);
	cr_assert_str_eq(text, "99@3 rm:1@3");
}

VT_TEST(wq_pipe2, closing_both_ends_sends_no_removal, "empty", NULL)
{
	int fds[2];

	vfsim_set_lsm(v, &counting_lsm, NULL);
	wqt_watched_pipe(t, fds, 7, 0);
	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(vfsim_close(t, fds[1]), 0);
	/* the object survives the watch and has no watchers left */
	EXPECT(vfsim_test_destroy_object(t, 7), 0);
	EXPECT(vfsim_test_destroy_object(t, 7), -ENOENT);
}

/* ---- ioctls ------------------------------------------------------------------ */

VT_TEST(wq_pipe2, unknown_ioctl_enotty, "empty", NULL)
{
	int plain[2], note[2];

	EXPECT(vfsim_pipe2(t, plain, 0), 0);
	wqt_pipe(t, 0, 4, note);
	EXPECT(vfsim_ioctl(t, plain[0], 0x1234, 0), -ENOTTY);
	EXPECT(vfsim_ioctl(t, plain[1], 0x1234, 0), -ENOTTY);
	EXPECT(vfsim_ioctl(t, note[0], 0x1234, 0), -ENOTTY);
	EXPECT(vfsim_ioctl(t, note[1], 0x1234, 0), -ENOTTY);
	/* the watch queue's neighbours in the 'W' range */
	EXPECT(vfsim_ioctl(t, note[0], _IO('W', 0x5f), 0), -ENOTTY);
	EXPECT(vfsim_ioctl(t, note[0], _IO('W', 0x62), 0), -ENOTTY);
}

VT_TEST(wq_pipe2, watch_queue_ioctls_on_non_pipe, "empty", NULL)
{
	int fds[2];
	long dir, file;
	int n = -1;

	EXPECT(vfsim_mkdirat(t, AT_FDCWD, "/d", 0755), 0);
	dir = vfsim_openat(t, AT_FDCWD, "/d", O_RDONLY | O_DIRECTORY, 0);
	cr_assert(dir >= 0);
	file = vfsim_openat(t, AT_FDCWD, "/d/f", O_CREAT | O_RDWR, 0644);
	cr_assert(file >= 0);
	EXPECT(wqt_set_size(t, (int)file, 4), -ENOTTY);
	EXPECT(wqt_set_filter(t, (int)file, NULL), -ENOTTY);
	EXPECT(wqt_set_size(t, (int)dir, 4), -ENOTTY);
	EXPECT(vfsim_test_watch(t, (int)file, 1, 0), -EINVAL);
	EXPECT(vfsim_test_watch(t, (int)dir, 1, 0), -EINVAL);
	EXPECT(vfsim_test_unwatch(t, (int)dir, 1), -EINVAL);
	EXPECT(vfsim_ioctl(t, (int)file, FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 0);
	EXPECT(vfsim_ioctl(t, (int)dir, FIONREAD, (unsigned long)(uintptr_t)&n), -ENOTTY);
	/* a plain pipe is a pipe, but has no queue */
	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	EXPECT(vfsim_test_watch(t, fds[1], 1, 0), -EINVAL);
	EXPECT(vfsim_test_unwatch(t, fds[0], 1), -EINVAL);
}

VT_TEST(wq_pipe2, bad_fds_ebadf, "empty", NULL)
{
	static const int bad[] = { -1, 99, 1023, 1024, 1 << 30 };
	char buf[16];
	int n;
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int fd = bad[i];

		EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), -EBADF);
		EXPECT(vfsim_write(t, fd, buf, 1), -EBADF);
		EXPECT(vfsim_ioctl(t, fd, FIONREAD, (unsigned long)(uintptr_t)&n), -EBADF);
		EXPECT(wqt_set_size(t, fd, 4), -EBADF);
		EXPECT(wqt_set_filter(t, fd, NULL), -EBADF);
		EXPECT(vfsim_close(t, fd), -EBADF);
		/* get_watch_queue() gives EINVAL for a bad fd (5.8) */
		EXPECT(vfsim_test_watch(t, fd, 1, 0), -EINVAL);
		EXPECT(vfsim_test_unwatch(t, fd, 1), -EINVAL);
	}
}

VT_TEST(wq_pipe2, closed_fds_ebadf, "empty", NULL)
{
	int fds[2];
	char buf[16];

	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(vfsim_close(t, fds[1]), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EBADF);
	EXPECT(vfsim_write(t, fds[1], buf, 1), -EBADF);
	EXPECT(wqt_set_size(t, fds[0], 4), -EBADF);
	EXPECT(vfsim_close(t, fds[0]), -EBADF);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), -EINVAL);
}

VT_TEST(wq_pipe2, fionread_notification_pipe_sums_records, "empty", NULL)
{
	int fds[2];
	int n = -1;
	char buf[128];

	wqt_pipe(t, O_NONBLOCK, 8, fds);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 0);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 0, 16, 0, 1), 0);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 0, 24, 0, 2), 0);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 0, 127, 0, 3), 0);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 16 + 24 + 127);
	/* the write end sees the same pipe */
	EXPECT(vfsim_ioctl(t, fds[1], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 16 + 24 + 127);
	EXPECT(vfsim_read(t, fds[0], buf, 16), 16);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 24 + 127);
	/* 128 bytes: the 24-byte record, and the 127-byte one does not fit after it */
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 24);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 127);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 0);
}

VT_TEST(wq_pipe2, fionread_plain_pipe_counts_bytes, "empty", NULL)
{
	int fds[2];
	int n = -1;
	char buf[8];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	EXPECT(vfsim_write(t, fds[1], "hello", 5), 5);
	EXPECT(vfsim_write(t, fds[1], "!", 1), 1);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 6);
	EXPECT(vfsim_read(t, fds[0], buf, 4), 4);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), 0);
	EXPECT(n, 2);
}

VT_TEST(wq_pipe2, fionread_bad_pointer_efault, "empty", NULL)
{
	int fds[2];
	int n;

	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, 0), -EFAULT);
	cr_assert_eq(vfsim_uaccess_unmap(v, &n, sizeof(n)), 0);
	EXPECT(vfsim_ioctl(t, fds[0], FIONREAD, (unsigned long)(uintptr_t)&n), -EFAULT);
	vfsim_uaccess_remap_all(v);
}
