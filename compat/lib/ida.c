// SPDX-License-Identifier: LGPL-2.1-or-later
/* Smallest-free ID allocation (see ida.h). */
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/idr.h>

#define BITS_PER_LONG (8 * sizeof(unsigned long))
#define IDA_MAX ((unsigned int)INT_MAX)

void ida_init(struct ida *ida, unsigned int min)
{
	spin_lock_init(&ida->lock);
	ida->bits = NULL;
	ida->nbits = 0;
	ida->min = min;
	ida->hint = min;
}

static int ida_grow(struct ida *ida, unsigned int need)
{
	unsigned int nbits = ida->nbits ? ida->nbits : 256;
	unsigned long *bits;

	while (nbits <= need)
		nbits *= 2;
	bits = kzalloc(nbits / 8, GFP_KERNEL);
	if (!bits)
		return -ENOMEM;
	if (ida->bits)
		memcpy(bits, ida->bits, ida->nbits / 8);
	kfree(ida->bits);
	ida->bits = bits;
	ida->nbits = nbits;
	return 0;
}

static bool __ida_test(const struct ida *ida, unsigned int id)
{
	if (id >= ida->nbits)
		return false;
	return ida->bits[id / BITS_PER_LONG] & (1UL << (id % BITS_PER_LONG));
}

bool ida_test(struct ida *ida, unsigned int id)
{
	bool ret;

	spin_lock(&ida->lock);
	ret = __ida_test(ida, id);
	spin_unlock(&ida->lock);
	return ret;
}

static int __ida_alloc(struct ida *ida)
{
	unsigned int id = ida->hint;
	unsigned int w;

	/* Skip full words quickly, then find the bit. */
	for (w = id / BITS_PER_LONG; w < ida->nbits / BITS_PER_LONG; w++) {
		unsigned long word = ida->bits[w];

		if (w == id / BITS_PER_LONG)
			word |= (1UL << (id % BITS_PER_LONG)) - 1;
		if (~word) {
			id = w * BITS_PER_LONG + __builtin_ctzl(~word);
			break;
		}
	}
	if (w == ida->nbits / BITS_PER_LONG)
		id = max(id, ida->nbits);
	if (id > IDA_MAX)
		return -ENOSPC;
	if (id >= ida->nbits) {
		int ret = ida_grow(ida, id);

		if (ret)
			return ret;
	}
	ida->bits[id / BITS_PER_LONG] |= 1UL << (id % BITS_PER_LONG);
	ida->hint = id + 1;
	return (int)id;
}

int ida_alloc(struct ida *ida)
{
	int ret;

	spin_lock(&ida->lock);
	ret = __ida_alloc(ida);
	spin_unlock(&ida->lock);
	return ret;
}

void ida_free(struct ida *ida, unsigned int id)
{
	spin_lock(&ida->lock);
	if (WARN_ON(!__ida_test(ida, id))) {
		spin_unlock(&ida->lock);
		return;
	}
	ida->bits[id / BITS_PER_LONG] &= ~(1UL << (id % BITS_PER_LONG));
	if (id < ida->hint)
		ida->hint = id;
	spin_unlock(&ida->lock);
}

/* Frees the bitmap; the IDA is empty and usable again afterwards. */
void ida_destroy(struct ida *ida)
{
	spin_lock(&ida->lock);
	kfree(ida->bits);
	ida->bits = NULL;
	ida->nbits = 0;
	ida->hint = ida->min;
	spin_unlock(&ida->lock);
}
