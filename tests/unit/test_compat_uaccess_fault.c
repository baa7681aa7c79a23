/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Real faults under the user-memory seam (compat/uaccess_fault.c): wild
 * and partly mapped user buffers give the kernel's answers (bytes not
 * copied, exact to the page; -EFAULT and the bytes read so far from the
 * string helpers), and a fault outside a copy still reaches the handler
 * that was there before ours, SA_SIGINFO or not, or the default action.
 */
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/uaccess.h>

#include "common/ksim_fixture.h"

TestSuite(compat_uaccess_fault, .init = ctx_setup);

#define WILD ((void *)0xdeadbeefUL)

/* Two pages, the second PROT_NONE: returns the first. */
static char *guarded(void)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	cr_assert_neq(p, MAP_FAILED);
	cr_assert_eq(mprotect(p + 4096, 4096, PROT_NONE), 0);
	memset(p, 'u', 4096);
	return p;
}

Test(compat_uaccess_fault, wild_pointers)
{
	char buf[64];

	memset(buf, 'k', sizeof(buf));
	cr_assert_eq(copy_from_user(buf, WILD, sizeof(buf)), sizeof(buf));
	cr_assert_eq(buf[0], 0, "zeroed where it could not copy");
	cr_assert_eq(copy_to_user(WILD, buf, 8), 8);
	cr_assert_eq(copy_to_user((void *)0xffff800000000000UL, buf, 8), 8);
	cr_assert_eq(clear_user(WILD, 16), 16);
	cr_assert_eq(strncpy_from_user(buf, WILD, 32), -EFAULT);
	cr_assert_eq(strncpy_from_user(buf, (void *)0x8000000000000000UL, 32), -EFAULT);
	cr_assert_eq(strnlen_user(WILD, 32), 0);
	ctx_finish();
}

Test(compat_uaccess_fault, partial_copies_are_exact)
{
	char *g = guarded(), buf[1024];

	/* 64 bytes before the PROT_NONE page: 64 copied, the rest not */
	cr_assert_eq(copy_from_user(buf, g + 4096 - 64, 200), 200 - 64);
	cr_assert_eq(buf[63], 'u');
	cr_assert_eq(buf[64], 0);
	memset(buf, 'k', sizeof(buf));
	cr_assert_eq(copy_to_user(g + 4096 - 10, buf, 30), 20);
	cr_assert_eq(g[4095], 'k');
	cr_assert_eq(clear_user(g + 4096 - 5, 9), 4);
	cr_assert_eq(g[4095], 0);
	/* a string that runs into the page before its NUL */
	memset(g, 'u', 4096);
	memset(buf, 0, sizeof(buf));
	cr_assert_eq(strncpy_from_user(buf, g + 4096 - 300, 1000), -EFAULT);
	cr_assert_eq(buf[255], 'u', "what was read before the fault stays");
	cr_assert_eq(strnlen_user(g + 4096 - 300, 1000), 0);
	/* one that ends in time is whole */
	g[4095] = 0;
	cr_assert_eq(strncpy_from_user(buf, g + 4096 - 20, 1000), 19);
	cr_assert_eq(strnlen_user(g + 4096 - 20, 1000), 20);
	munmap(g, 8192);
	ctx_finish();
}

static volatile sig_atomic_t info_hits;

static void info_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	info_hits++;
	/* make the faulting page readable: the access then succeeds */
	mprotect((void *)((uintptr_t)si->si_addr & ~4095UL), 4096, PROT_READ | PROT_WRITE);
	(void)sig;
}

/* A program's SA_SIGINFO handler, there before ours, still gets its faults. */
Test(compat_uaccess_fault, chains_to_a_siginfo_handler)
{
	struct sigaction sa;
	char *g, buf[8];

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = info_handler;
	sa.sa_flags = SA_SIGINFO;
	cr_assert_eq(sigaction(SIGSEGV, &sa, NULL), 0);
	ksim_ua_fault_handler_check();	/* ours, in front of it */
	g = guarded();
	cr_assert_eq(copy_from_user(buf, g + 4096, 8), 8, "a copy's fault is ours");
	cr_assert_eq(info_hits, 0);
	*(volatile char *)(g + 4096) = 'x';	/* the program's own fault is its own */
	cr_assert_eq(info_hits, 1);
	ctx_finish();
}

/* With no handler before ours, a fault outside a copy kills as it would. */
Test(compat_uaccess_fault, default_action_outside_a_copy, .signal = SIGSEGV)
{
	char buf[8];

	signal(SIGSEGV, SIG_DFL);
	ksim_ua_fault_handler_check();
	cr_assert_eq(copy_from_user(buf, WILD, 8), 8);
	*(volatile char *)WILD = 1;
}
