// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bench_uaccess: what one user copy costs (compat/uaccess.c,
 * compat/uaccess_fault.c).  copy_from_user() and copy_to_user() of 8 B,
 * 256 B and 4 KiB, strncpy_from_user() of a 16-byte path (PATH_MAX
 * allowed, as getname() asks), in an instance's context with the seam
 * disarmed (the fast path every syscall takes), beside a plain memcpy()
 * of the same bytes (the floor) and process_vm_readv() of our own
 * process (the other way to copy memory that may not be mapped without
 * crashing: a system call per copy).  ns per copy, the fastest of
 * --rounds (5) rounds of --iters (2,000,000) copies, CPU time.
 */
#define BENCH_NAME "bench_uaccess"
#include <sys/uio.h>
#include <unistd.h>

#include "bench.h"
#include <compat/ksim.h>
#include <linux/uaccess.h>

static char src[4096] __attribute__((aligned(64)));
static char dst[4096] __attribute__((aligned(64)));

typedef void (*copy_fn)(size_t n);

static void do_memcpy(size_t n)
{
	memcpy(dst, src, n);
	__asm__ volatile("" : : "r"(dst) : "memory");
}

static void do_from_user(size_t n)
{
	if (copy_from_user(dst, src, n))
		die("copy_from_user", -14);
}

static void do_to_user(size_t n)
{
	if (copy_to_user(dst, src, n))
		die("copy_to_user", -14);
}

static void do_strncpy(size_t n)
{
	if (strncpy_from_user(dst, src, (long)n) != 15)
		die("strncpy_from_user", -14);
}

static void do_vm_readv(size_t n)
{
	struct iovec local = { dst, n }, remote = { src, n };

	if (process_vm_readv(getpid(), &local, 1, &remote, 1, 0) != (ssize_t)n)
		die("process_vm_readv", -14);
}

static double measure(copy_fn fn, size_t n, unsigned long iters, unsigned int rounds)
{
	double best = 0;

	for (unsigned int r = 0; r < rounds; r++) {
		double t0 = cpu_ns();

		for (unsigned long i = 0; i < iters; i++)
			fn(n);
		double ns = (cpu_ns() - t0) / (double)iters;

		if (!r || ns < best)
			best = ns;
	}
	return best;
}

int main(int argc, char **argv)
{
	unsigned long iters = 2000000;
	unsigned int rounds = 5;
	const struct bench_opt opts[] = {
		{ "--iters", .ul = &iters }, { "--rounds", .ui = &rounds }, { .name = NULL },
	};
	static const size_t sizes[] = { 8, 256, 4096 };
	struct ksim_ctx ctx;
	char name[64];

	if (!bench_args(argc, argv, opts) || !iters || !rounds) {
		fprintf(stderr, "usage: bench_uaccess [--iters N] [--rounds N]\n");
		return 2;
	}
	CHECK(ksim_ctx_init(&ctx, KSIM_ALLOC_LIBC));
	ksim_ctx_switch(&ctx);
	memset(src, 'a', sizeof(src));

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i];

		snprintf(name, sizeof(name), "memcpy %zu B", n);
		row(name, measure(do_memcpy, n, iters, rounds), "ns");
		snprintf(name, sizeof(name), "copy_from_user %zu B", n);
		row(name, measure(do_from_user, n, iters, rounds), "ns");
		snprintf(name, sizeof(name), "copy_to_user %zu B", n);
		row(name, measure(do_to_user, n, iters, rounds), "ns");
		snprintf(name, sizeof(name), "process_vm_readv %zu B", n);
		row(name, measure(do_vm_readv, n, iters / 10, rounds), "ns");
	}
	src[15] = 0;	/* a 15-character path and its NUL */
	src[16] = 0;
	memcpy(src, "/mnt/abc/def/gh", 15);
	row("strncpy_from_user 16 B", measure(do_strncpy, 4096, iters, rounds), "ns");

	ksim_ctx_switch(NULL);
	ksim_ctx_fini(&ctx);
	return 0;
}
