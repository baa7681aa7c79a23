// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bench_wq - records per second through one watch of a notification pipe,
 * against 16-byte records through a pipe of the host (pipe2(2)), the same
 * two ways in the same run:
 *
 *   batch   one thread posts (writes) BATCH records, then reads them all
 *           with read()s of 4096 bytes, and again;
 *   stream  a producer thread posts (writes) while a consumer thread does
 *           blocking read()s of 4096 bytes.
 *
 * The model's records are 16-byte key records (struct key_notification)
 * posted with vfsim_test_post() to a test object that the pipe watches (no
 * filter), through a ring of 512 notes.  A notification queue has no flow
 * control, it drops what does not fit: the stream producer therefore keeps
 * at most 512 records in flight (posted minus read, through a shared
 * counter), so that nothing is lost and the two figures count the same
 * thing.  Should a LOSS record come all the same (a model bug: the window
 * guarantees room), the producer stops waiting, the run ends when the
 * consumer sees EOF (the producer closes the write end), and the records
 * lost are printed.  The host pipe's writer simply blocks when the pipe is
 * full.
 *
 * Prints records per second (records moved / wall time of the whole loop,
 * CLOCK_MONOTONIC), the ratio model / host, and bytes and records per
 * read().  Each figure is the best of --iters runs (default 5).
 *
 *   bench_wq [--n N] [--iters I] [--seed S] [--batch B] [--only WHAT]
 * --n records per run (default 1,000,000); --batch 1..512 (default 256);
 * --seed only seeds the instance (nothing here is random); --only
 * model-batch, model-stream, host-batch or host-stream runs just that one
 * (for a profiler) and prints its figure alone.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <uapi/linux/watch_queue.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#define BENCH_NAME "bench_wq"
#include "bench.h"

#define RING_NOTES	512
#define READ_SIZE	4096
#define RECORD		16
#define OBJECT		1


struct result {
	double ns;		/* wall time of the loop */
	unsigned long reads;	/* read() calls that returned data */
	unsigned long bytes;
	unsigned long lost;	/* records posted but never read */
};

/* What one read() of a run returned, summed. */
static void account(struct result *r, long got)
{
	r->reads++;
	r->bytes += (unsigned long)got;
}

/* ---- the model ------------------------------------------------------------ */

struct model {
	struct vfsim *v;
	struct vfsim_task *t;		/* reads */
	struct vfsim_task *poster;	/* posts */
	int fds[2];
	struct key_notification rec;
};

static void model_open(struct model *m, uint64_t seed)
{
	CHECK(vfsim_create(&(struct vfsim_options){ .seed = seed }, &m->v));
	CHECK(vfsim_boot(m->v, "empty"));
	m->t = vfsim_init_task(m->v);
	CHECK(vfsim_task_create(m->v, 0, 0, &m->poster));
	CHECK(vfsim_pipe2(m->t, m->fds, O_NOTIFICATION_PIPE));
	CHECK(vfsim_ioctl(m->t, m->fds[0], IOC_WATCH_QUEUE_SET_SIZE, RING_NOTES));
	CHECK(vfsim_test_watch(m->t, m->fds[0], OBJECT, 1));
	memset(&m->rec, 0, sizeof(m->rec));
	m->rec.watch.type = WATCH_TYPE_KEY_NOTIFY;
	m->rec.watch.subtype = NOTIFY_KEY_UPDATED;
	m->rec.watch.info = sizeof(m->rec);	/* the length; watch ID 0 */
	m->rec.key_id = 42;
}

static void model_close(struct model *m)
{
	CHECK(vfsim_close(m->t, m->fds[0]));
	if (m->fds[1] >= 0)
		CHECK(vfsim_close(m->t, m->fds[1]));
	vfsim_task_destroy(m->poster);
	if (vfsim_destroy_check(m->v, stderr))
		die("vfsim_destroy_check", -EUCLEAN);
}

/* Count the records in what read() returned, and the LOSS records. */
static unsigned long model_records(const unsigned char *buf, long got,
				   unsigned long *losses)
{
	unsigned long n = 0;

	for (long off = 0; off < got; ) {
		struct watch_notification w;

		memcpy(&w, buf + off, sizeof(w));	/* records need not be aligned */
		if (w.type == WATCH_TYPE_META && w.subtype == WATCH_META_LOSS_NOTIFICATION)
			++*losses;
		else
			n++;
		off += w.info & WATCH_INFO_LENGTH;
	}
	return n;
}

static void model_batch(unsigned long n, unsigned int batch, uint64_t seed,
			struct result *r)
{
	static unsigned char buf[READ_SIZE];
	struct model m;
	unsigned long done = 0, losses = 0;
	double t0;

	model_open(&m, seed);
	memset(r, 0, sizeof(*r));
	t0 = now_ns();
	while (done < n) {
		unsigned long want = n - done < batch ? n - done : batch, got = 0;

		for (unsigned long i = 0; i < want; i++) {
			m.rec.aux = (uint32_t)(done + i);
			CHECK(vfsim_test_post(m.poster, OBJECT, &m.rec));
		}
		while (got < want) {
			long ret = vfsim_read(m.t, m.fds[0], buf, sizeof(buf));

			CHECK(ret);
			account(r, ret);
			got += model_records(buf, ret, &losses);
			if (losses)	/* one thread, 512 notes: impossible */
				die("LOSS record in batch mode", -EPROTO);
		}
		done += want;
	}
	r->ns = now_ns() - t0;
	model_close(&m);
}

/*
 * The stream's two threads each on a CPU of their own (the producer on the
 * first CPU the process may use, the consumer on the second), the same for
 * the model and the host pipe: left to the scheduler, the two sometimes
 * share a CPU or migrate mid-run, and the figure then swings by half.
 * Without two CPUs nothing is pinned.
 */
static int stream_cpu[2] = { -1, -1 };

static void stream_cpus_init(void)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		return;
	for (int c = 0; c < CPU_SETSIZE && n < 2; c++)
		if (CPU_ISSET(c, &set))
			stream_cpu[n++] = c;
	if (n < 2)
		stream_cpu[0] = stream_cpu[1] = -1;
}

static void pin_self(int which)
{
	cpu_set_t set;

	if (stream_cpu[which] < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(stream_cpu[which], &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

/* Back to every CPU the process had, between runs. */
static void unpin_self(void)
{
	cpu_set_t set;

	if (stream_cpu[0] < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(stream_cpu[0], &set);
	CPU_SET(stream_cpu[1], &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

struct model_stream {
	struct model m;
	unsigned long n;
	unsigned long read_done;	/* records the consumer has read */
	unsigned long losses;		/* LOSS records it has read */
	struct result r;
};

static void *model_consumer(void *arg)
{
	static unsigned char buf[READ_SIZE];
	struct model_stream *s = arg;
	unsigned long got = 0, losses = 0;
	long ret;

	pin_self(1);
	/* until EOF: the producer closes the write end when it is done */
	while ((ret = vfsim_read(s->m.t, s->m.fds[0], buf, sizeof(buf))) > 0) {
		account(&s->r, ret);
		got += model_records(buf, ret, &losses);
		__atomic_store_n(&s->losses, losses, __ATOMIC_RELAXED);
		__atomic_store_n(&s->read_done, got, __ATOMIC_RELEASE);
	}
	CHECK(ret);
	return NULL;
}

static void model_stream(unsigned long n, uint64_t seed, struct result *r)
{
	struct model_stream s = { .n = n };
	pthread_t th;
	double t0;

	model_open(&s.m, seed);
	pin_self(0);
	t0 = now_ns();
	if (pthread_create(&th, NULL, model_consumer, &s))
		die("pthread_create", -EAGAIN);
	for (unsigned long i = 0; i < n; i++) {
		/* no more in flight than the ring holds: nothing is dropped */
		while (i - __atomic_load_n(&s.read_done, __ATOMIC_ACQUIRE) >= RING_NOTES &&
		       !__atomic_load_n(&s.losses, __ATOMIC_RELAXED))
			sched_yield();
		s.m.rec.aux = (uint32_t)i;
		CHECK(vfsim_test_post(s.m.poster, OBJECT, &s.m.rec));
	}
	CHECK(vfsim_close(s.m.t, s.m.fds[1]));
	s.m.fds[1] = -1;
	pthread_join(th, NULL);
	s.r.ns = now_ns() - t0;
	unpin_self();
	*r = s.r;
	r->lost = n - s.read_done;
	model_close(&s.m);
}

/* ---- the host pipe --------------------------------------------------------- */

static void host_write(int fd, unsigned long i)
{
	unsigned char rec[RECORD] = { 0 };

	memcpy(rec + 8, &i, sizeof(i));
	if (write(fd, rec, sizeof(rec)) != (ssize_t)sizeof(rec))
		die("write", -errno);
}

static void host_batch(unsigned long n, unsigned int batch, struct result *r)
{
	static unsigned char buf[READ_SIZE];
	unsigned long done = 0;
	int fds[2];
	double t0;

	if (pipe2(fds, 0))
		die("pipe2", -errno);
	memset(r, 0, sizeof(*r));
	t0 = now_ns();
	while (done < n) {
		unsigned long want = n - done < batch ? n - done : batch, got = 0;

		for (unsigned long i = 0; i < want; i++)
			host_write(fds[1], done + i);
		while (got < want * RECORD) {
			ssize_t ret = read(fds[0], buf, sizeof(buf));

			if (ret <= 0)
				die("read", ret ? -errno : -EPIPE);
			account(r, ret);
			got += (unsigned long)ret;
		}
		done += want;
	}
	r->ns = now_ns() - t0;
	close(fds[0]);
	close(fds[1]);
}

struct host_stream {
	int fd;
	unsigned long n;
	struct result r;
};

static void *host_consumer(void *arg)
{
	static unsigned char buf[READ_SIZE];
	struct host_stream *s = arg;
	unsigned long got = 0;

	pin_self(1);
	while (got < s->n * RECORD) {
		ssize_t ret = read(s->fd, buf, sizeof(buf));

		if (ret <= 0)
			die("read", ret ? -errno : -EPIPE);
		account(&s->r, ret);
		got += (unsigned long)ret;
	}
	return NULL;
}

static void host_stream(unsigned long n, struct result *r)
{
	struct host_stream s = { .n = n };
	pthread_t th;
	int fds[2];
	double t0;

	if (pipe2(fds, 0))
		die("pipe2", -errno);
	s.fd = fds[0];
	pin_self(0);
	t0 = now_ns();
	if (pthread_create(&th, NULL, host_consumer, &s))
		die("pthread_create", -EAGAIN);
	for (unsigned long i = 0; i < n; i++)
		host_write(fds[1], i);
	pthread_join(th, NULL);
	s.r.ns = now_ns() - t0;
	unpin_self();
	*r = s.r;
	close(fds[0]);
	close(fds[1]);
}

/* ---- main ---------------------------------------------------------------------- */

static void keep_best(struct result *best, const struct result *r, unsigned long j)
{
	if (!j || r->ns < best->ns)
		*best = *r;
}

static void report(const char *way, unsigned long n, const struct result *model,
		   const struct result *host)
{
	double moved = (double)(n - model->lost);
	double m = moved / model->ns * 1e9, h = (double)n / host->ns * 1e9;
	char name[64];

	snprintf(name, sizeof(name), "%s.model", way);
	row(name, m, "records/s");
	snprintf(name, sizeof(name), "%s.host_pipe", way);
	row(name, h, "records/s");
	snprintf(name, sizeof(name), "%s.ratio", way);
	printf("%-28s %12.2f model/host (target >= 3)\n", name, m / h);
	snprintf(name, sizeof(name), "%s.model.per_read", way);
	printf("%-28s %12.1f B/read %8.1f records/read\n", name,
	       (double)model->bytes / (double)model->reads, moved / (double)model->reads);
	snprintf(name, sizeof(name), "%s.host_pipe.per_read", way);
	printf("%-28s %12.1f B/read %8.1f records/read\n", name,
	       (double)host->bytes / (double)host->reads,
	       (double)n / (double)host->reads);
	if (model->lost) {
		snprintf(name, sizeof(name), "%s.model.lost", way);
		printf("%-28s %12lu records (LOSS records read: a model bug)\n",
		       name, model->lost);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: bench_wq [--n N] [--iters I] [--seed S] [--batch B] "
		"[--only model-batch|model-stream|host-batch|host-stream]\n");
	exit(2);
}

/* --only: one of the four, for profiling */
static void run_one(const char *what, unsigned long n, unsigned int batch,
		    uint64_t seed)
{
	struct result r;

	if (!strcmp(what, "model-batch"))
		model_batch(n, batch, seed, &r);
	else if (!strcmp(what, "model-stream"))
		model_stream(n, seed, &r);
	else if (!strcmp(what, "host-batch"))
		host_batch(n, batch, &r);
	else if (!strcmp(what, "host-stream"))
		host_stream(n, &r);
	else
		usage();
	row(what, (double)(n - r.lost) / r.ns * 1e9, "records/s");
}

int main(int argc, char **argv)
{
	unsigned long n = 1000000, iters = 5;
	unsigned int batch = 256;
	uint64_t seed = 1;
	const char *only = NULL;
	struct result mb = { 0 }, hb = { 0 }, ms = { 0 }, hs = { 0 }, r;

	const struct bench_opt args[] = {
		{ "--n", .ul = &n },
		{ "--iters", .ul = &iters },
		{ "--seed", .u64 = &seed },
		{ "--batch", .ui = &batch },
		{ "--only", .str = &only },
		{ .name = NULL },
	};

	if (!bench_args(argc, argv, args) || !n || !batch ||
	    batch > RING_NOTES)
		usage();
	if (!iters)
		iters = 1;
	stream_cpus_init();
	if (only) {
		run_one(only, n, batch, seed);
		return 0;
	}

	/* interleaved, so that a burst of other load hits both sides */
	for (unsigned long j = 0; j < iters; j++) {
		model_batch(n, batch, seed, &r);
		keep_best(&mb, &r, j);
		host_batch(n, batch, &r);
		keep_best(&hb, &r, j);
		model_stream(n, seed, &r);
		keep_best(&ms, &r, j);
		host_stream(n, &r);
		keep_best(&hs, &r, j);
	}

	printf("# bench_wq n=%lu iters=%lu batch=%u ring=%d notes record=%d B read=%d B\n",
	       n, iters, batch, RING_NOTES, RECORD, READ_SIZE);
	report("batch", n, &mb, &hb);
	report("stream", n, &ms, &hs);
	return 0;
}
