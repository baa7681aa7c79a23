/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * jemalloc, found at run time (alloc_jemalloc.c): the allocation seam
 * calls it through these pointers, never by symbol, so that libvfsim
 * loads in any process.  Only the allocation seam uses this.
 */
#ifndef _VFSIM_COMPAT_ALLOC_JEMALLOC_H
#define _VFSIM_COMPAT_ALLOC_JEMALLOC_H

#include <stdbool.h>
#include <stddef.h>

struct ksim_jemalloc {
	void *(*mallocx)(size_t size, int flags);
	void (*sdallocx)(void *p, size_t size, int flags);
	int (*mallctl)(const char *name, void *oldp, size_t *oldlenp, void *newp,
		       size_t newlen);
};

/* Filled by the first successful ksim_jemalloc_load(). */
extern struct ksim_jemalloc ksim_je;

/*
 * Find jemalloc once per process: true if ksim_je can be called; else
 * ksim_jemalloc_why() (compat/ksim.h) says why not.  False in a build
 * without jemalloc.
 */
bool ksim_jemalloc_load(void);

#endif
