// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Fuzz harness: one whole fsinfo() call per input, on a freshly booted
 * default tree, so the parameter parser, the three kinds of query, the
 * attribute tables and the resize loop all see fuzzed arguments.
 *
 * Input (missing bytes read as 0):
 *   byte  0       bits 0-1  dfd: AT_FDCWD, an O_PATH fd on /home/m, a
 *                           directory fd on /, or a closed fd
 *                 bit 2     params NULL
 *                 bit 3     buffer NULL (whatever the size says)
 *                 bit 4     a signal is pending
 *                 bit 5     run as a task chrooted to /home
 *                 bits 6-7  quirks: B6 and B7 (bit 6), B11 (bit 7)
 *   bytes 1-48    struct fsinfo_params, as is
 *   bytes 49-50   buffer size, little-endian (0 .. 65535)
 *   bytes 51-     pathname (up to the first NUL); none: NULL
 *
 * Each run checks what must hold whatever the input: the result is -errno
 * or a size no bigger than INT_MAX; nothing is written past the buffer;
 * the call left no allocation behind; the kernel's invariants hold and no
 * WARN_ON fired; at the end every instance tears down without a leak.  A
 * violation aborts (a crash for AFL).
 *
 * The driver (driver.h) runs it: replaying files (the way ctest replays
 * fuzz/corpus/fsinfo_params and fuzz/regressions/fsinfo_params), in
 * AFL++'s persistent mode, or under libFuzzer.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "driver.h"

#define PARAMS_MAX_INPUT 8192	/* what a run looks at, at most */
#define GUARD 64
#define GUARD_BYTE 0xa7

static void die(const char *what, long v)
{
	fuzz_fail("fuzz_fsinfo_params: %s (%ld)", what, v);
}

static void must(long ret, const char *what)
{
	if (ret < 0)
		die(what, ret);
}

/* The default tree plus a bind, a stack and a shared/slave pair. */
static void build(struct vfsim *v, struct vfsim_task *t)
{
	(void)v;
	must(vfsim_mkdirat(t, AT_FDCWD, "/home/m", 0755), "mkdir /home/m");
	must(vfsim_mount(t, "m", "/home/m", "tmpfs", 0, NULL), "mount m");
	must(vfsim_mount(t, "m2", "/home/m", "ramfs", 0, NULL), "mount m2");
	must(vfsim_mkdirat(t, AT_FDCWD, "/mnt/b", 0755), "mkdir /mnt/b");
	must(vfsim_mount(t, NULL, "/home", NULL, MS_SHARED, NULL), "shared");
	must(vfsim_mount(t, "/home", "/mnt/b", NULL, MS_BIND, NULL), "bind");
	must(vfsim_mount(t, NULL, "/mnt/b", NULL, MS_SLAVE, NULL), "slave");
	must(vfsim_symlinkat(t, "/proc", AT_FDCWD, "/mnt/lp"), "symlink");
}

/*
 * One booted kernel per combination of quirks, made on first use and kept:
 * fsinfo() changes nothing in the tree, so an instance stays as booted
 * from one call to the next, and sharing it makes a run cheap enough to
 * fuzz (a fresh boot per input costs a grace period or two).  Each run
 * checks that the call left no allocation behind; the replay mode tears
 * every instance down at the end and checks it for leaks.
 */
struct fuzz_kernel {
	struct vfsim *v;
	struct vfsim_task *t, *jailed;	/* init; a task chrooted to /home */
	int fds[2][3];			/* per task: O_PATH /home/m, dir /, closed */
};

static struct fuzz_kernel kernels[4];

static void open_fds(struct vfsim_task *t, int fds[3])
{
	long fd[3];
	int i;

	fd[0] = vfsim_openat(t, AT_FDCWD, "/home/m", O_PATH, 0);
	fd[1] = vfsim_openat(t, AT_FDCWD, "/", O_RDONLY | O_DIRECTORY, 0);
	fd[2] = vfsim_openat(t, AT_FDCWD, "/", O_RDONLY | O_DIRECTORY, 0);
	for (i = 0; i < 3; i++) {
		must(fd[i], "open");
		fds[i] = (int)fd[i];
	}
	must(vfsim_close(t, fds[2]), "close");
}

static struct fuzz_kernel *kernel(unsigned int which)
{
	struct fuzz_kernel *k = &kernels[which];
	struct vfsim_options opts = { 0 };

	if (k->v)
		return k;
	if (which & 1)
		opts.quirks |= VFSIM_QUIRK_B6 | VFSIM_QUIRK_B7;
	if (which & 2)
		opts.quirks |= VFSIM_QUIRK_B11;
	must(vfsim_create(&opts, &k->v), "vfsim_create");
	must(vfsim_boot(k->v, "default"), "vfsim_boot");
	k->t = vfsim_init_task(k->v);
	build(k->v, k->t);
	must(vfsim_task_create(k->v, 0, 1, &k->jailed), "task");
	/* opened before the chroot: the jailed task's fds point outside it */
	open_fds(k->t, k->fds[0]);
	open_fds(k->jailed, k->fds[1]);
	must(vfsim_chroot(k->jailed, "/home"), "chroot");
	return k;
}

static void kernels_destroy(void)
{
	size_t i;

	for (i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
		if (!kernels[i].v)
			continue;
		vfsim_task_destroy(kernels[i].jailed);
		if (vfsim_destroy_check(kernels[i].v, stderr))
			die("leak at teardown", 0);
		kernels[i].v = NULL;
	}
}

static uint64_t live_objects(struct vfsim *v)
{
	struct vfsim_alloc_stats st;

	vfsim_alloc_stats(v, &st);
	return st.live_objects;
}

static void run_one(const unsigned char *in, size_t len)
{
	unsigned char data[51] = { 0 };
	struct fsinfo_params params;
	struct fuzz_kernel *k;
	struct vfsim_task *caller;
	unsigned char *buf;
	char *pathname = NULL;
	size_t buf_size, i;
	int dfd = AT_FDCWD, jailed;
	uint64_t live;
	long ret;
	char why[256];

	memcpy(data, in, len < sizeof(data) ? len : sizeof(data));
	if (len > sizeof(data)) {
		size_t plen = strnlen((const char *)in + 51, len - 51);

		pathname = malloc(plen + 1);
		if (!pathname)
			die("malloc", 0);
		memcpy(pathname, in + 51, plen);
		pathname[plen] = 0;
	}
	memcpy(&params, data + 1, sizeof(params));
	buf_size = (size_t)data[49] | (size_t)data[50] << 8;

	k = kernel(data[0] >> 6);
	jailed = (data[0] & 0x20) != 0;
	caller = jailed ? k->jailed : k->t;
	if (data[0] & 3)
		dfd = k->fds[jailed][(data[0] & 3) - 1];
	vfsim_task_set_signal_pending(caller, data[0] & 0x10);

	buf = malloc(buf_size + GUARD);
	if (!buf)
		die("malloc", 0);
	memset(buf, GUARD_BYTE, buf_size + GUARD);
	live = live_objects(k->v);
	ret = vfsim_fsinfo(caller, dfd, pathname, (data[0] & 4) ? NULL : &params,
			   (data[0] & 8) ? NULL : buf, buf_size);
	vfsim_task_set_signal_pending(caller, false);

	if (ret > INT_MAX || ret < -4095)
		die("result out of range", ret);
	for (i = buf_size; i < buf_size + GUARD; i++)
		if (buf[i] != GUARD_BYTE)
			die("written past the buffer", (long)i);
	if (live_objects(k->v) != live) {
		vfsim_rcu_barrier();	/* a deferred free is not a leak */
		if (live_objects(k->v) != live)
			die("allocations left by the call", (long)live_objects(k->v));
	}
	if (vfsim_check_invariants(k->v, why, sizeof(why)) < 0)
		fuzz_fail("invariant: %s", why);
	if (vfsim_warn_count(k->v))
		die("kernel warning", (long)vfsim_warn_count(k->v));
	free(buf);
	free(pathname);
}

struct fuzz_state {
	int unused;	/* the kernels are static: kernel() makes them on demand */
};

struct fuzz_state *fuzz_setup(void)
{
	static struct fuzz_state state;
	unsigned int which;

	/*
	 * Every kernel made now, not on first use: an input that made one
	 * would run code the same input does not run the next time (AFL++'s
	 * stability).
	 */
	for (which = 0; which < sizeof(kernels) / sizeof(kernels[0]); which++)
		kernel(which);
	return &state;
}

void fuzz_one(struct fuzz_state *s, const unsigned char *data, size_t len)
{
	(void)s;
	run_one(data, len > PARAMS_MAX_INPUT ? PARAMS_MAX_INPUT : len);
	/* Every input from the same heap: see fuzz_watch_filter.c. */
	vfsim_rcu_barrier();
}

void fuzz_teardown(struct fuzz_state *s)
{
	(void)s;
	kernels_destroy();
}
