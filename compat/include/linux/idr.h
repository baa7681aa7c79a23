/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A small IDA: hands out the smallest free ID in a range, as the kernel's
 * ida_alloc_range() does (mount IDs, peer group IDs, anonymous device
 * numbers).  A growable bitmap with a hint of the lowest possibly free bit,
 * under its own lock as the kernel's IDA is.
 */
#ifndef _VFSIM_LINUX_IDR_H
#define _VFSIM_LINUX_IDR_H

#include <linux/kdefs.h>
#include <linux/spinlock.h>

struct ida {
	spinlock_t lock;
	unsigned long *bits;
	unsigned int nbits;		/* capacity */
	unsigned int hint;		/* no free ID below this */
	unsigned int min;		/* smallest ID handed out */
};

void ida_init(struct ida *ida, unsigned int min);
int ida_alloc(struct ida *ida);	/* ID, or -ENOMEM / -ENOSPC */
void ida_free(struct ida *ida, unsigned int id);
bool ida_test(struct ida *ida, unsigned int id);
void ida_destroy(struct ida *ida);

#endif
