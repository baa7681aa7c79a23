// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libc's functions behind the interposed ones, and the shim's settings.
 *
 * Resolved once under pthread_once, on the first interposed call, which may
 * come from another library's constructor or from inside malloc's
 * initialisation: nothing here touches the model, so host calls never
 * wait for it and never start it.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "internal.h"

static struct shim_real real;
static enum shim_open_rule open_rule = SHIM_OPEN_DIRS;
static pthread_once_t real_once = PTHREAD_ONCE_INIT;

static void *need(const char *name)
{
	void *p = dlsym(RTLD_NEXT, name);

	if (!p) {
		/* Nothing sensible can be done without libc's function. */
		fprintf(stderr, "vfsim-shim: %s not found in the libraries after "
			"libvfsim-shim: %s\n", name, dlerror());
		abort();
	}
	return p;
}

static void read_open_rule(void)
{
	const char *s = getenv("VFSIM_SHIM_OPEN");

	if (!s || !*s || strcmp(s, "dirs") == 0)
		open_rule = SHIM_OPEN_DIRS;
	else if (strcmp(s, "all") == 0)
		open_rule = SHIM_OPEN_ALL;
	else if (strcmp(s, "none") == 0)
		open_rule = SHIM_OPEN_NONE;
	else
		fprintf(stderr, "vfsim-shim: VFSIM_SHIM_OPEN=%s is not all, dirs or "
			"none: using dirs\n", s);
}

static void resolve(void)
{
	real.syscall = need("syscall");
	real.pipe2 = need("pipe2");
	real.read = need("read");
	real.read_chk = need("__read_chk");
	real.write = need("write");
	real.close = need("close");
	real.ioctl = need("ioctl");
	real.open = need("open");
	real.open64 = need("open64");
	real.open_2 = need("__open_2");
	real.open64_2 = need("__open64_2");
	real.openat = need("openat");
	real.openat64 = need("openat64");
	real.openat_2 = need("__openat_2");
	real.openat64_2 = need("__openat64_2");
	read_open_rule();
}

const struct shim_real *shim_real(void)
{
	pthread_once(&real_once, resolve);
	return &real;
}

enum shim_open_rule shim_open_rule(void)
{
	pthread_once(&real_once, resolve);
	return open_rule;
}

bool shim_started;

/*
 * Every fd from VFSIM_SHIM_FD_BASE up is the model's, so the host must
 * never hand one out: lower RLIMIT_NOFILE to the base if it is above (a
 * process can always lower its own limits).
 */
static void keep_host_fds_low(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return;
	if (rl.rlim_cur <= VFSIM_SHIM_FD_BASE && rl.rlim_max <= VFSIM_SHIM_FD_BASE)
		return;
	if (rl.rlim_cur > VFSIM_SHIM_FD_BASE)
		rl.rlim_cur = VFSIM_SHIM_FD_BASE;
	if (rl.rlim_max > VFSIM_SHIM_FD_BASE)
		rl.rlim_max = VFSIM_SHIM_FD_BASE;
	setrlimit(RLIMIT_NOFILE, &rl);
}

/*
 * Runs after the constructors of the libraries below the shim (libc,
 * jemalloc, liburcu, libvfsim) and before the program's: from here on,
 * calls may go to the model.
 */
__attribute__((constructor)) static void shim_start(void)
{
	keep_host_fds_low();
	__atomic_store_n(&shim_started, true, __ATOMIC_RELEASE);
	shim_script_start();
	shim_control_start();
}

/*
 * Runs after the program's destructors and before those of the libraries
 * below: what they do on the way out (gcov writing its counters, say) is
 * the host's again.
 */
__attribute__((destructor)) static void shim_stop(void)
{
	__atomic_store_n(&shim_started, false, __ATOMIC_RELEASE);
}
