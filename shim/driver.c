// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Driving a running program (docs/shim.md, "Driving a running program"):
 * a scenario runs beside the program, on a thread of its process, from
 * VFSIM_SHIM_SCRIPT (here) or from the control channel (control.c).
 *
 * Runs are deterministic because, while a driver is attached, a read() of
 * a notification pipe by the program waits in the shim (the read gate)
 * until the driver is in `wait reads`: everything the driver's lines
 * posted before it is then read at once, and `wait reads` returns only
 * when the program is back in read() with nothing left.  `wait watches N`
 * counts the watches the program set through the shim (watch_mount,
 * watch_sb, KEYCTL_WATCH_KEY; -1 removes one).  `exit STATUS` makes the
 * program's thread waiting in read() call exit(STATUS), or, if none is
 * waiting, the driver's thread.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vfsim/scenario.h>

#include "internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static unsigned int drivers;		/* attached: reads go through the gate */
static unsigned int in_wait_reads;	/* drivers inside `wait reads` */
static unsigned long empty_parks;	/* a reader found its pipe empty */
static unsigned int gated_readers;	/* program threads in the gate */
static long watches;			/* set by the program, less removed */
static int exit_status = -1;		/* `exit STATUS` asked for */
static pthread_t exiting;		/* the thread that calls exit() for it */

void shim_driver_attach(void)
{
	pthread_mutex_lock(&lock);
	drivers++;
	pthread_mutex_unlock(&lock);
}

void shim_driver_detach(void)
{
	pthread_mutex_lock(&lock);
	drivers--;
	pthread_cond_broadcast(&changed);
	pthread_mutex_unlock(&lock);
}

void shim_driver_watch(int delta)
{
	pthread_mutex_lock(&lock);
	watches += delta;
	pthread_cond_broadcast(&changed);
	pthread_mutex_unlock(&lock);
}

/* Bytes waiting in model fd @fd, or -1 if it is no pipe (then the read
 * goes straight to the model, which says what it is): a fanotify group
 * also answers FIONREAD, but the driver's `wait reads` is about pipes. */
static long pending(int fd)
{
	struct vfsim_task *t;
	struct statx stx;
	int n = 0;
	long ret;

	shim_enter();
	t = shim_task();
	ret = t ? vfsim_statx(t, shim_model_fd(fd), "", AT_EMPTY_PATH, STATX_TYPE, &stx) :
		  -ENOSYS;
	if (!ret && !S_ISFIFO(stx.stx_mode))
		ret = -ENOTTY;
	if (!ret)
		ret = vfsim_ioctl(t, shim_model_fd(fd), FIONREAD, (unsigned long)&n);
	shim_leave();
	return ret < 0 ? -1 : n;
}

/* The end the driver asked for, in the program's own thread. */
static void __attribute__((noreturn)) program_exit(int status)
{
	/* this thread ends the process now: its own calls (atexit handlers,
	 * the shim's destructor) go on to the host, never to shim_exit_wait() */
	exiting = pthread_self();
	pthread_mutex_unlock(&lock);
	exit(status);
}

/*
 * The driver is ending the process itself (no thread was waiting in
 * read() when it asked): from the moment its exit() has begun, the shim's
 * destructor makes every call the host's, and a call on a model fd would
 * fail with EBADF, and the program's own exit race the driver's status.
 * Any other thread that comes to a model fd then waits for the end.
 */
void shim_exit_wait(void)
{
	if (__atomic_load_n(&exit_status, __ATOMIC_ACQUIRE) >= 0 &&
	    !pthread_equal(pthread_self(), exiting))
		for (;;)
			pause();
}

void shim_read_gate(int fd)
{
	bool counted = false;

	if (shim_passthrough() || !__atomic_load_n(&drivers, __ATOMIC_ACQUIRE))
		return;
	pthread_mutex_lock(&lock);
	gated_readers++;
	for (;;) {
		long n;

		if (exit_status >= 0)
			program_exit(exit_status);
		if (!drivers)
			break;
		n = pending(fd);
		if (n < 0 || (n > 0 && in_wait_reads))
			break;
		if (n == 0) {
			empty_parks++;
			counted = true;
			pthread_cond_broadcast(&changed);
		}
		pthread_cond_wait(&changed, &lock);
	}
	(void)counted;
	gated_readers--;
	pthread_mutex_unlock(&lock);
}

/* ---- the verbs' host (struct vfsim_scenario_host) ----------------------- */

static long host_wait_watches(void *arg, unsigned long n)
{
	(void)arg;
	pthread_mutex_lock(&lock);
	while (watches < (long)n)
		pthread_cond_wait(&changed, &lock);
	pthread_mutex_unlock(&lock);
	return 0;
}

static long host_wait_reads(void *arg)
{
	unsigned long start;

	(void)arg;
	pthread_mutex_lock(&lock);
	start = empty_parks;
	in_wait_reads++;
	pthread_cond_broadcast(&changed);
	while (empty_parks == start)
		pthread_cond_wait(&changed, &lock);
	in_wait_reads--;
	pthread_mutex_unlock(&lock);
	return 0;
}

/*
 * exit(@status) in the program's thread that waits in read(), so that the
 * program's stdio is flushed by the thread that wrote it; with none
 * waiting, here.  Either way the process ends: this does not return.
 */
void shim_driver_exit(int status)
{
	pthread_mutex_lock(&lock);
	exiting = pthread_self();
	__atomic_store_n(&exit_status, status, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&changed);
	if (gated_readers) {
		for (;;)
			pthread_cond_wait(&changed, &lock);
	}
	pthread_mutex_unlock(&lock);
	shim_in_model = 0;	/* the program's atexit handlers are its own */
	exit(status);
}

static long host_exit(void *arg, int status)
{
	(void)arg;
	shim_driver_exit(status);
	return 0;	/* not reached */
}

const struct vfsim_scenario_host shim_scenario_host = {
	.wait_watches = host_wait_watches,
	.wait_reads = host_wait_reads,
	.exit = host_exit,
};

/* ---- VFSIM_SHIM_SCRIPT ------------------------------------------------------ */

static void *script_thread(void *arg)
{
	const char *file = arg;
	struct vfsim_scenario *s;
	struct vfsim *v;
	int status;
	FILE *in;

	shim_enter();		/* what this thread does itself is the host's */
	v = vfsim_shim_instance();
	if (!v) {
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_SCRIPT=%s: no model to run it on\n",
			file);
		shim_driver_exit(70);
	}
	in = fopen(file, "re");
	if (!in) {
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_SCRIPT=%s: %s\n", file,
			strerror(errno));
		shim_driver_exit(66);
	}
	status = vfsim_scenario_begin(v, stderr, NULL, &s);
	if (status == 0) {
		vfsim_scenario_set_host(s, &shim_scenario_host);
		vfsim_scenario_feed(s, in, file, false);
		status = vfsim_scenario_end(s);
	} else {
		status = VFSIM_SCENARIO_EXIT_FAIL;
	}
	fclose(in);
	if (status != 0) {
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_SCRIPT=%s failed (exit status "
			"%d, as `vfsim run` would give): the program ends with it\n",
			file, status);
		shim_driver_exit(status);
	}
	shim_driver_detach();
	shim_leave();
	return NULL;
}

void shim_script_start(void)
{
	const char *file = getenv("VFSIM_SHIM_SCRIPT");
	pthread_attr_t attr;
	pthread_t th;
	int err;

	if (!file || !*file)
		return;
	/* A program this one runs is not driven by the same script. */
	file = strdup(file);
	unsetenv("VFSIM_SHIM_SCRIPT");
	if (!file) {
		fputs("vfsim-shim: VFSIM_SHIM_SCRIPT: out of memory\n", stderr);
		exit(71);
	}
	shim_driver_attach();
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&th, &attr, script_thread, (void *)file);
	pthread_attr_destroy(&attr);
	if (err) {
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_SCRIPT=%s: cannot start its "
			"thread: %s\n", file, strerror(err));
		exit(71);
	}
}
