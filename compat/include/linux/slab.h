/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The allocation seam.  Every byte the model allocates goes through
 * ksim_kmalloc(): it charges the running instance's heap (found through the
 * thread's kernel context), can be made to fail by a countdown or a seeded
 * probability, and keeps each live object on a list so leaks can be named.
 */
#ifndef _VFSIM_LINUX_SLAB_H
#define _VFSIM_LINUX_SLAB_H

#include <stdarg.h>
#include <linux/kdefs.h>

#define GFP_KERNEL 0x0u
#define GFP_NOFS 0x0u
#define GFP_ATOMIC 0x1u
#define GFP_KERNEL_ACCOUNT 0x0u
#define GFP_HIGHUSER 0x0u
#define __GFP_ZERO 0x100u
#define __GFP_NOFAIL 0x200u	/* never injected: a "benign" allocation */

void *ksim_kmalloc(size_t size, gfp_t gfp, const char *site);
void ksim_kfree(const void *p);
void ksim_kfree_rcu(const void *p);
size_t ksim_ksize(const void *p);
char *ksim_kstrndup(const char *s, size_t max, gfp_t gfp, const char *site);
char *ksim_kasprintf(gfp_t gfp, const char *site, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#define __KSIM_STR2(x) #x
#define __KSIM_STR(x) __KSIM_STR2(x)
#define __KSIM_SITE __FILE__ ":" __KSIM_STR(__LINE__)

#define kmalloc(size, gfp) ksim_kmalloc((size), (gfp), __KSIM_SITE)
#define kzalloc(size, gfp) ksim_kmalloc((size), (gfp) | __GFP_ZERO, __KSIM_SITE)
#define kcalloc(n, size, gfp) ({						\
	size_t __n = (n), __s = (size), __t;				\
	__builtin_mul_overflow(__n, __s, &__t) ? NULL :			\
		ksim_kmalloc(__t, (gfp) | __GFP_ZERO, __KSIM_SITE);	\
})
#define kvmalloc(size, gfp) kmalloc(size, gfp)
#define kvzalloc(size, gfp) kzalloc(size, gfp)
#define kvcalloc(n, size, gfp) kcalloc(n, size, gfp)
#define kfree(p) ksim_kfree(p)
#define kvfree(p) ksim_kfree(p)
#define ksize(p) ksim_ksize(p)
#define kstrdup(s, gfp) ksim_kstrndup((s), SIZE_MAX, (gfp), __KSIM_SITE)
#define kstrndup(s, n, gfp) ksim_kstrndup((s), (n), (gfp), __KSIM_SITE)
#define kasprintf(gfp, ...) ksim_kasprintf((gfp), __KSIM_SITE, __VA_ARGS__)
#define kmemdup(src, len, gfp) ({					\
	size_t __l = (len);						\
	void *__p = ksim_kmalloc(__l, (gfp), __KSIM_SITE);		\
	if (__p)							\
		memcpy(__p, (src), __l);				\
	__p;								\
})
/*
 * The object is freed after a grace period.  Unlike the kernel we do not
 * need the rcu_head member: the seam's own header carries one.
 */
#define kfree_rcu(p, rhf) ksim_kfree_rcu(p)

#endif
