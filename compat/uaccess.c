// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The user-memory seam.  A copy is split into the part that is "mapped" and
 * the part that faults; the mapped part is copied and the kernel's return
 * convention (bytes not copied) reports the rest, so a fault partway through
 * a copy behaves as it does on real hardware.
 *
 * Two things decide what is mapped: the seam itself (the first page, the
 * ranges a harness marked unmapped, the fault-injection countdown:
 * ua_accessible()), then the real memory.  A user pointer is the calling
 * program's, and may be wild (0xdeadbeef, a kernel address, a buffer that
 * runs into a PROT_NONE page): the copy itself may fault, and the fault
 * becomes the kernel's answer instead of a crash, as the kernel's
 * exception tables make it (compat/uaccess_fault.c).
 */
#include <stdlib.h>

#include <compat/ksim.h>
#include <compat/uaccess_fault.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define KSIM_NULL_PAGE 4096

/* Under ua->lock. */
static void ua_rearm(struct ksim_uaccess *ua)
{
	__atomic_store_n(&ua->armed, ua->nr || ua->countdown, __ATOMIC_RELEASE);
}

/* How many bytes of [p, p+n) can be touched before the first fault. */
static size_t ua_accessible(const void *p, size_t n)
{
	struct ksim_ctx *ctx = ksim_cur_ctx;
	struct ksim_uaccess *ua;
	uintptr_t start = (uintptr_t)p;
	size_t ok = n, i;

	if (start < KSIM_NULL_PAGE)
		return 0;
	if (start + n < start)
		ok = UINTPTR_MAX - start;
	if (!ctx)
		return ok;
	ua = &ctx->ua;
	if (!__atomic_load_n(&ua->armed, __ATOMIC_ACQUIRE))
		return ok;
	pthread_mutex_lock(&ua->lock);
	for (i = 0; i < ua->nr; i++) {
		const struct ksim_range *r = &ua->ranges[i];

		if (r->end <= start || r->start >= start + ok)
			continue;
		ok = r->start <= start ? 0 : r->start - start;
	}
	if (ua->countdown && --ua->countdown == 0) {
		ua_rearm(ua);
		ua->fault_fired = true;
		if (ua->after < ok)
			ok = ua->after;
		if (ok == n)		/* "fault" after the end: fault at the last byte */
			ok = n ? n - 1 : 0;
	}
	pthread_mutex_unlock(&ua->lock);
	return ok;
}

unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	size_t ok = ua_accessible(from, n);

	if (ok)		/* @from may be NULL: no memcpy(NULL, 0) */
		ok = ksim_ua_copy(to, from, ok, (uintptr_t)from);
	if (ok < n)	/* the kernel zeroes what it could not copy */
		memset((char *)to + ok, 0, n - ok);
	return n - ok;
}

unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	size_t ok = ua_accessible(to, n);

	if (ok)
		ok = ksim_ua_copy(to, from, ok, (uintptr_t)to);
	return n - ok;
}

unsigned long clear_user(void __user *to, unsigned long n)
{
	size_t ok = ua_accessible(to, n);

	if (ok)
		ok = ksim_ua_clear(to, ok);
	return n - ok;
}

long strncpy_from_user(char *dst, const char __user *src, long count)
{
	size_t ok, len;
	bool fault;

	if (count <= 0)
		return 0;
	ok = ua_accessible(src, (size_t)count);
	if (!ok)	/* faults at once (NULL included): touch nothing */
		return -EFAULT;
	/* Up to the NUL, the first fault, or @ok bytes; like the kernel's,
	 * what was read before a fault is left in @dst. */
	len = ksim_ua_strncpy(dst, src, ok, &fault);
	if (fault)
		return -EFAULT;
	if (len == ok && ok < (size_t)count)
		return -EFAULT;	/* ran into the seam's fault before a NUL */
	if (len < (size_t)count)
		return (long)len;	/* the NUL is in @dst */
	return count;
}

long strnlen_user(const char __user *src, long n)
{
	size_t ok, len;
	bool fault;

	if (n <= 0)
		return 0;
	ok = ua_accessible(src, (size_t)n);
	if (!ok)
		return 0;
	len = ksim_ua_strnlen(src, ok, &fault);
	if (fault || (len == ok && ok < (size_t)n))
		return 0;
	return len < (size_t)n ? (long)len + 1 : n + 1;
}

char *strndup_user(const char __user *s, long n)
{
	char *p = kmalloc((size_t)n, GFP_KERNEL);
	long len;

	if (!p)
		return ERR_PTR(-ENOMEM);
	len = strncpy_from_user(p, s, n);
	if (len < 0) {
		kfree(p);
		return ERR_PTR(len);
	}
	if (len == n) {
		kfree(p);
		return ERR_PTR(-EINVAL);
	}
	return p;
}

int ksim_ua_unmap(struct ksim_uaccess *ua, const void *addr, size_t len)
{
	struct ksim_range *r;

	if (!len || (uintptr_t)addr + len < (uintptr_t)addr)
		return -EINVAL;
	pthread_mutex_lock(&ua->lock);
	if (ua->nr == ua->cap) {
		size_t cap = ua->cap ? ua->cap * 2 : 8;

		r = realloc(ua->ranges, cap * sizeof(*r));
		if (!r) {
			pthread_mutex_unlock(&ua->lock);
			return -ENOMEM;
		}
		ua->ranges = r;
		ua->cap = cap;
	}
	ua->ranges[ua->nr].start = (uintptr_t)addr;
	ua->ranges[ua->nr].end = (uintptr_t)addr + len;
	ua->nr++;
	ua_rearm(ua);
	pthread_mutex_unlock(&ua->lock);
	return 0;
}

void ksim_ua_remap_all(struct ksim_uaccess *ua)
{
	pthread_mutex_lock(&ua->lock);
	free(ua->ranges);
	ua->ranges = NULL;
	ua->nr = ua->cap = 0;
	ua_rearm(ua);
	pthread_mutex_unlock(&ua->lock);
}

void ksim_ua_fail_nth(struct ksim_uaccess *ua, unsigned long n, size_t after)
{
	pthread_mutex_lock(&ua->lock);
	ua->countdown = n;
	ua->after = after;
	ua->fault_fired = false;
	ua_rearm(ua);
	pthread_mutex_unlock(&ua->lock);
}
