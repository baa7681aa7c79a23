/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The nosleep option (struct vfsim_options, "Threads" in vfsim.h): a read
 * of an empty pipe and a write to a full one, which would sleep until
 * another thread acts, fail with -EAGAIN instead, for notification pipes
 * and plain pipes alike, whatever the fd's O_NONBLOCK.  What needs no
 * sleep (data there, room there, end of file, a broken pipe) is as
 * without the option.
 *
 * Without the option the same calls sleep, and a second thread wakes them
 * (as in test_wq_read.c: what is asserted does not depend on whether the
 * sleeper was asleep yet when the other thread acted).  With it, a second
 * thread's record is found by polling.
 *
 * Every test ends with the instance's invariants, no warnings, and a
 * teardown without leaks (vfsim_destroy_check() == 0); the last one fails
 * each allocation of a nosleep sequence in turn.  ctest's TIMEOUT on the
 * binary turns a regression (a sleep that nothing ends) into a failure,
 * not a hang.  (Not Criterion's .timeout: with 8 such tests in parallel
 * workers, Criterion 2.4.1's runner loses 48 bytes of its own that the
 * asan preset's LeakSanitizer reports.)
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

#define PIPE_BYTES (16 * 4096)	/* a plain pipe's ring: 16 pages */

static struct vfsim *boot(bool nosleep)
{
	struct vfsim_options opts = { .nosleep = nosleep };
	struct vfsim *v;

	cr_assert_eq(vfsim_create(&opts, &v), 0);
	cr_assert_eq(vfsim_boot(v, "empty"), 0);
	return v;
}

static void finish(struct vfsim *v)
{
	cr_assert_eq(vt_check(v), 0, "invariants or warnings");
	cr_assert_eq(vfsim_destroy_check(v, stderr), 0, "leaks at teardown");
}

/* A notification pipe (blocking fds) of 4 notes, watching test object 1. */
static void notification_pipe(struct vfsim_task *t, int fds[2])
{
	wqt_pipe(t, 0, 4, fds);
	EXPECT(vfsim_test_watch(t, fds[0], 1, 0), 0);
}

/* ---- with the option: -EAGAIN where the call would sleep ------------------ */

Test(vfs_nosleep, empty_notification_pipe_read_eagain)
{
	struct vfsim *v = boot(true);
	struct vfsim_task *t = vfsim_init_task(v);
	unsigned char buf[128];
	int fds[2], unsized[2];

	notification_pipe(t, fds);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
	/* a record there is read as ever, then the pipe is empty again */
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	cr_assert(wqt_records_are(buf, vfsim_read(t, fds[0], buf, sizeof(buf)), 16, "1"));
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
	/* before SET_SIZE too; a loss owed is read without sleeping */
	wqt_pipe(t, 0, 0, unsized);
	EXPECT(vfsim_read(t, unsized[0], buf, sizeof(buf)), -EAGAIN);
	EXPECT(vfsim_test_watch(t, unsized[0], 2, 0), 0);
	EXPECT(wqt_post_seq(t, 2, 2), 0);
	EXPECT(vfsim_read(t, unsized[0], buf, sizeof(buf)), 8);
	/* the write end closed: end of file, which needs no sleep */
	EXPECT(vfsim_close(t, fds[1]), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 0);
	finish(v);
}

Test(vfs_nosleep, empty_plain_pipe_read_eagain)
{
	struct vfsim *v = boot(true);
	struct vfsim_task *t = vfsim_init_task(v);
	char buf[16];
	int fds[2];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
	EXPECT(vfsim_write(t, fds[1], "ping", 4), 4);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 4);
	cr_assert(memcmp(buf, "ping", 4) == 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
	/* -EAGAIN, like O_NONBLOCK, comes before a pending signal's -ERESTARTSYS */
	vfsim_task_set_signal_pending(t, true);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), -EAGAIN);
	vfsim_task_set_signal_pending(t, false);
	EXPECT(vfsim_close(t, fds[1]), 0);
	EXPECT(vfsim_read(t, fds[0], buf, sizeof(buf)), 0);
	finish(v);
}

Test(vfs_nosleep, full_plain_pipe_write_eagain)
{
	struct vfsim *v = boot(true);
	struct vfsim_task *t = vfsim_init_task(v);
	static char big[PIPE_BYTES + 100], back[PIPE_BYTES + 100];
	int fds[2];

	memset(big, 'x', sizeof(big));
	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	/* what fits is written, and its count returned, as with O_NONBLOCK */
	EXPECT(vfsim_write(t, fds[1], big, sizeof(big)), PIPE_BYTES);
	EXPECT(vfsim_write(t, fds[1], "y", 1), -EAGAIN);
	/* a page read makes room for a page */
	EXPECT(vfsim_read(t, fds[0], back, 4096), 4096);
	EXPECT(vfsim_write(t, fds[1], big, sizeof(big)), 4096);
	EXPECT(vfsim_write(t, fds[1], "y", 1), -EAGAIN);
	EXPECT(vfsim_read(t, fds[0], back, sizeof(back)), PIPE_BYTES);
	cr_assert(memcmp(back, big, PIPE_BYTES) == 0);
	/* no reader left: -EPIPE, not -EAGAIN */
	EXPECT(vfsim_close(t, fds[0]), 0);
	EXPECT(vfsim_write(t, fds[1], "y", 1), -EPIPE);
	finish(v);
}

/* A record another thread posts is found by polling: nothing waits for it. */
Test(vfs_nosleep, second_thread_record_found_by_polling)
{
	struct vfsim *v = boot(true);
	struct vfsim_task *t = vfsim_init_task(v);
	struct vfsim_task *poster = vt_task(v, 0, 0);
	unsigned char buf[128];
	struct wqt_call o;
	int fds[2];
	long n;

	notification_pipe(t, fds);
	wqt_call_start(&o, poster, WQT_CALL_POST, -1, NULL, 7);
	while ((n = vfsim_read(t, fds[0], buf, sizeof(buf))) == -EAGAIN)
		sched_yield();
	cr_assert(wqt_records_are(buf, n, 16, "7"));
	wqt_call_join(&o);
	EXPECT(o.ret, 0);
	finish(v);
}

/* ---- without it: the same calls sleep until another thread acts ---------- */

Test(vfs_nosleep, off_notification_read_woken_by_post)
{
	struct vfsim *v = boot(false);
	struct vfsim_task *t = vfsim_init_task(v);
	struct vfsim_task *poster = vt_task(v, 0, 0);
	unsigned char buf[128];
	struct wqt_call o;
	int fds[2];

	notification_pipe(t, fds);
	wqt_call_start(&o, t, WQT_CALL_READ, fds[0], buf, sizeof(buf));
	EXPECT(wqt_post_seq(poster, 1, 1), 0);
	wqt_call_join(&o);
	cr_assert(wqt_records_are(buf, o.ret, 16, "1"));
	finish(v);
}

Test(vfs_nosleep, off_plain_read_woken_by_write)
{
	struct vfsim *v = boot(false);
	struct vfsim_task *t = vfsim_init_task(v);
	char buf[16];
	struct wqt_call o;
	int fds[2];

	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	wqt_call_start(&o, t, WQT_CALL_READ, fds[0], buf, sizeof(buf));
	EXPECT(vfsim_write(t, fds[1], "ping", 4), 4);
	wqt_call_join(&o);
	EXPECT(o.ret, 4);
	cr_assert(memcmp(buf, "ping", 4) == 0);
	finish(v);
}

/* The writer fills the ring and sleeps for the rest; a read makes room. */
Test(vfs_nosleep, off_full_write_woken_by_read)
{
	struct vfsim *v = boot(false);
	struct vfsim_task *t = vfsim_init_task(v);
	static char big[PIPE_BYTES + 100], back[PIPE_BYTES + 100];
	struct wqt_call o;
	int fds[2];

	memset(big, 'x', sizeof(big));
	EXPECT(vfsim_pipe2(t, fds, 0), 0);
	wqt_call_start(&o, t, WQT_CALL_WRITE, fds[1], big, sizeof(big));
	/* Whether or not the writer has filled the ring yet, this read takes
	 * a first page's worth (more if it finds less, never less than 1). */
	OK(vfsim_read(t, fds[0], back, 4096));
	wqt_call_join(&o);
	EXPECT(o.ret, (long)sizeof(big));
	finish(v);
}

/* ---- faults ------------------------------------------------------------- */

static char big[PIPE_BYTES + 1], back[PIPE_BYTES + 1];

/*
 * A nosleep sequence: a plain pipe filled past its ring and read back, a
 * notification pipe sized and read empty.  Under a failed allocation each
 * call gives its result or -ENOMEM, never a sleep; the sequence checks
 * each call itself and goes on.
 */
static long nosleep_sequence(struct fault_run *run)
{
	struct vfsim_task *t = run->t;
	unsigned char rec[128];
	int fds[2] = { -1, -1 }, nfds[2] = { -1, -1 };
	long r;

	memset(big, 'z', sizeof(big));
	r = vfsim_pipe2(t, fds, 0);
	cr_assert(r == 0 || r == -ENOMEM, "pipe2: %ld", r);
	if (r == 0) {
		r = vfsim_write(t, fds[1], big, sizeof(big));
		cr_assert(r == PIPE_BYTES || r == -ENOMEM || (r > 0 && r < PIPE_BYTES),
			  "write: %ld", r);
		r = vfsim_write(t, fds[1], "y", 1);
		cr_assert(r == -EAGAIN || r == 1 || r == -ENOMEM, "write: %ld", r);
		r = vfsim_read(t, fds[0], back, sizeof(back));
		cr_assert(r > 0 || r == -EAGAIN, "read: %ld", r);
	}
	r = vfsim_pipe2(t, nfds, O_NOTIFICATION_PIPE);
	cr_assert(r == 0 || r == -ENOMEM, "pipe2 (notification): %ld", r);
	if (r == 0) {
		r = vfsim_ioctl(t, nfds[0], IOC_WATCH_QUEUE_SET_SIZE, 4);
		cr_assert(r == 0 || r == -ENOMEM, "SET_SIZE: %ld", r);
		r = vfsim_read(t, nfds[0], rec, sizeof(rec));
		EXPECT(r, -EAGAIN);
	}
	return 0;
}

/* The sequence took its failures in its stride (and checked them). */
static bool absorbed(struct fault_run *r)
{
	return r->ret == 0;
}

/*
 * Each allocation of the sequence fails in turn (common/fault_sweep.h):
 * the sequence's own checks hold, and the instance's invariants, and it
 * tears down clean.
 */
Test(vfs_nosleep, allocation_faults_leave_no_leak)
{
	static const struct vfsim_options nosleep = { .nosleep = true };
	static const struct fault_case c = {
		.name = "nosleep_sequence", .options = &nosleep, .op = nosleep_sequence,
		.partial_ok = absorbed, .min_allocs = 3,
	};

	fault_sweep_alloc(&c);
}
