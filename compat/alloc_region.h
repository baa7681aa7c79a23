/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The region allocator (alloc_region.c), for the allocation seam only.
 * The caller serialises every call on a region (the heap lock).
 */
#ifndef _VFSIM_COMPAT_ALLOC_REGION_H
#define _VFSIM_COMPAT_ALLOC_REGION_H

#include <compat/ksim.h>

/* Reserve @size bytes (rounded up to a page) of address space. */
int ksim_region_init(struct ksim_region *r, size_t size);
/* Give the whole range back, whatever is still allocated in it. */
void ksim_region_fini(struct ksim_region *r);
/* A chunk of at least @n bytes, 16-byte aligned; NULL when full. */
void *ksim_region_alloc(struct ksim_region *r, size_t n);
/* @n: what ksim_region_alloc() was asked for. */
void ksim_region_free(struct ksim_region *r, void *p, size_t n);
/* The bytes below brk into @to (region.brk bytes). */
void ksim_region_copy_out(struct ksim_region *r, void *to);
/* Back to the state @saved described, its bytes from @from. */
void ksim_region_copy_in(struct ksim_region *r, const void *from,
			 const struct ksim_region *saved);

#endif
