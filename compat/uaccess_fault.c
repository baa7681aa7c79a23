// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * User copies that may fault, and the fault turned into the kernel's
 * answer instead of a crash.
 *
 * The kernel marks each instruction of a user copy in an exception table:
 * a page fault there that cannot be resolved jumps to a fixup, and the
 * copy returns the bytes it did not copy (-EFAULT from the string
 * helpers).  Here a user pointer is the calling program's, wild or not
 * (0xdeadbeef, a kernel-half address, a buffer that runs into a PROT_NONE
 * page), so the same is done with a per-thread recovery point:
 *
 *  - a copy arms it (sigsetjmp() without the signal mask: no system call)
 *    with the user range it is about to touch, copies page by page,
 *    counting what is done, and disarms it;
 *  - a SIGSEGV/SIGBUS handler, installed once for the process with
 *    sigaction() (SA_SIGINFO | SA_ONSTACK), jumps back to the recovery
 *    point when the faulting thread is inside a copy, unless the faulting
 *    address is in the copy's model-side buffer: a fault there is the
 *    model's bug, never swallowed.  The others are the user side's: its
 *    own address, none (a non-canonical address gives a general
 *    protection fault, si_code SI_KERNEL, no address), or under ASan the
 *    user address's shadow (0xdeadbeef's lies in ASan's protected gap).
 *    Every fault outside a copy goes on to the handler that was there
 *    before (the program's, ASan's), or to the default action, which
 *    re-runs the faulting instruction and dumps core as if we were not
 *    there.
 *  - back at the recovery point, SIGSEGV and SIGBUS are unblocked again
 *    (the handler ran with them blocked, and the jump keeps the mask):
 *    they were not blocked before, or the fault would have killed us.
 *
 * Copying page by page makes the count exact: memory is mapped by pages,
 * and the page that faulted is the first not copied.  Strings are read a
 * chunk at a time (at most to the end of the page), so a path is not
 * copied to PATH_MAX when its NUL comes early.
 *
 * A program that installs its own SIGSEGV handler after the first copy
 * replaces ours; vfsim_create() checks and installs it again, chaining to
 * the program's (docs/internals.md, "The seams").
 */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>

#include <compat/ksim.h>
#include <compat/uaccess_fault.h>

#define UA_PAGE 4096UL

struct ua_recover {
	sigjmp_buf env;
	uintptr_t klo, khi;		/* the model's side of the copy */
};

/* Armed only around a copy; read by the handler on the same thread. */
static __thread struct ua_recover *ua_rec;

static struct sigaction ua_old_segv, ua_old_bus;
static pthread_once_t ua_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t ua_install_lock = PTHREAD_MUTEX_INITIALIZER;

static void ua_handler(int sig, siginfo_t *si, void *uc);

static void ua_chain(int sig, siginfo_t *si, void *uc)
{
	struct sigaction *old = sig == SIGBUS ? &ua_old_bus : &ua_old_segv;

	if (old->sa_flags & SA_SIGINFO) {
		if (old->sa_sigaction) {
			old->sa_sigaction(sig, si, uc);
			return;
		}
	} else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
		return;
	}
	/* Nobody else wants it: the default action, on the instruction that
	 * faulted (a synchronous fault happens again when we return). */
	signal(sig, SIG_DFL);
}

static void ua_handler(int sig, siginfo_t *si, void *uc)
{
	struct ua_recover *r = ua_rec;
	uintptr_t a = (uintptr_t)si->si_addr;

	if (r && si->si_code > 0 && !(a >= r->klo && a < r->khi)) {
		ua_rec = NULL;
		siglongjmp(r->env, 1);
	}
	ua_chain(sig, si, uc);
}

static void ua_install(void)
{
	struct sigaction sa, cur;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = ua_handler;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	pthread_mutex_lock(&ua_install_lock);
	if (!sigaction(SIGSEGV, NULL, &cur) && cur.sa_sigaction != ua_handler)
		sigaction(SIGSEGV, &sa, &ua_old_segv);
	if (!sigaction(SIGBUS, NULL, &cur) && cur.sa_sigaction != ua_handler)
		sigaction(SIGBUS, &sa, &ua_old_bus);
	pthread_mutex_unlock(&ua_install_lock);
}

void ksim_ua_fault_handler_check(void)
{
	pthread_once(&ua_once, ua_install);
	ua_install();
}

static void ua_recovered(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGSEGV);
	sigaddset(&set, SIGBUS);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

/* Arm @r for a copy whose model side is [@kernel, @kernel + @n). */
static inline void ua_arm(struct ua_recover *r, const void *kernel, size_t n)
{
	r->klo = (uintptr_t)kernel;
	r->khi = kernel ? r->klo + n : 0;
	ua_rec = r;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

static inline void ua_disarm(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	ua_rec = NULL;
}

/*
 * The bytes from @user to the end of its page, at most @n.  The bound is
 * hidden from the compiler: knowing a chunk is at most a page, gcc inlines
 * memcpy() as a `rep movs`, which takes 25 ns to start for the small
 * copies most are; libc's memcpy does not.
 */
static inline size_t ua_chunk(uintptr_t user, size_t n)
{
	size_t room = UA_PAGE - (user & (UA_PAGE - 1));

	room = n < room ? n : room;
	__asm__("" : "+r"(room));
	return room;
}

/* memcpy(@dst, @src, @n), or memset(@dst, 0, @n) without @src; @user is
 * the user side's address, @kernel the model's (NULL: none). */
static size_t ua_move(void *dst, const void *src, size_t n, uintptr_t user,
		      const void *kernel)
{
	struct ua_recover r;
	volatile size_t done = 0;

	pthread_once(&ua_once, ua_install);
	if (sigsetjmp(r.env, 0)) {
		ua_recovered();
		return done;
	}
	ua_arm(&r, kernel, kernel ? n : 0);
	while (done < n) {
		size_t c = ua_chunk(user + done, n - done);

		if (src)
			memcpy((char *)dst + done, (const char *)src + done, c);
		else
			memset((char *)dst + done, 0, c);
		done += c;
	}
	ua_disarm();
	return done;
}

size_t ksim_ua_copy(void *dst, const void *src, size_t n, uintptr_t user)
{
	return ua_move(dst, src, n, user, user == (uintptr_t)dst ? src : dst);
}

size_t ksim_ua_clear(void *to, size_t n)
{
	return ua_move(to, NULL, n, (uintptr_t)to, NULL);
}

/* Strings go a chunk at a time: a short path is not read to the page's end. */
#define UA_STR_CHUNK 256UL

static size_t ua_str(char *dst, const char *src, size_t n, bool *fault)
{
	struct ua_recover r;
	uintptr_t user = (uintptr_t)src;
	volatile size_t done = 0;

	*fault = false;
	pthread_once(&ua_once, ua_install);
	if (sigsetjmp(r.env, 0)) {
		ua_recovered();
		*fault = true;
		return done;
	}
	ua_arm(&r, dst, dst ? n : 0);
	while (done < n) {
		size_t c = ua_chunk(user + done, n - done), len;

		if (c > UA_STR_CHUNK)
			c = UA_STR_CHUNK;
		len = strnlen(src + done, c);
		if (dst) {
			size_t m = len < c ? len + 1 : c;

			__asm__("" : "+r"(m));	/* no `rep movs` (ua_chunk()) */
			memcpy(dst + done, src + done, m);
		}
		if (len < c) {
			done += len;
			break;
		}
		done += c;
	}
	ua_disarm();
	return done;
}

size_t ksim_ua_strncpy(char *dst, const char *src, size_t n, bool *fault)
{
	return ua_str(dst, src, n, fault);
}

size_t ksim_ua_strnlen(const char *src, size_t n, bool *fault)
{
	return ua_str(NULL, src, n, fault);
}
