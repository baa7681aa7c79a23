/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Per-thread jemalloc tcaches for the per-instance arenas (alloc_tcache.c).
 * Only the allocation seam uses this.
 */
#ifndef _VFSIM_COMPAT_ALLOC_TCACHE_H
#define _VFSIM_COMPAT_ALLOC_TCACHE_H

#include <compat/ksim.h>

/* Give @h its generation number and put it on the registry. */
void ksim_tcache_heap_init(struct ksim_heap *h);
/* Destroy every tcache made for @h (their objects go back to its arena)
 * and take it off the registry: before the arena is destroyed. */
void ksim_tcache_heap_fini(struct ksim_heap *h);
/*
 * The mallocx()/dallocx() tcache flag for this thread and @h: its own
 * tcache for @h, made on first use when @create, else MALLOCX_TCACHE_NONE.
 */
int ksim_tcache_flags(struct ksim_heap *h, bool create);

#endif
