/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The bitmap operations the watch queue's note allocator uses
 * (include/linux/bitops.h, bitmap.h, find.h): atomic set/clear on words of
 * an unsigned long array.
 */
#ifndef _VFSIM_LINUX_BITOPS_H
#define _VFSIM_LINUX_BITOPS_H

#include <linux/kdefs.h>

#define BITS_PER_LONG		(8 * (int)sizeof(long))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BITS_TO_LONGS(nr)	DIV_ROUND_UP(nr, BITS_PER_LONG)

static inline void set_bit(unsigned long nr, unsigned long *addr)
{
	__atomic_fetch_or(&addr[BIT_WORD(nr)], BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

static inline void clear_bit(unsigned long nr, unsigned long *addr)
{
	__atomic_fetch_and(&addr[BIT_WORD(nr)], ~BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

static inline bool test_bit(unsigned long nr, const unsigned long *addr)
{
	return (__atomic_load_n(&addr[BIT_WORD(nr)], __ATOMIC_RELAXED) & BIT_MASK(nr)) != 0;
}

static inline bool test_and_clear_bit(unsigned long nr, unsigned long *addr)
{
	unsigned long old = __atomic_fetch_and(&addr[BIT_WORD(nr)], ~BIT_MASK(nr),
					       __ATOMIC_SEQ_CST);

	return (old & BIT_MASK(nr)) != 0;
}

static inline void __set_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

/* Index of the first set bit below @size, or @size if none. */
static inline unsigned long find_first_bit(const unsigned long *addr, unsigned long size)
{
	unsigned long i;

	for (i = 0; i * BITS_PER_LONG < size; i++) {
		unsigned long w = __atomic_load_n(&addr[i], __ATOMIC_RELAXED);

		if (w) {
			unsigned long bit = i * BITS_PER_LONG + (unsigned long)__builtin_ctzl(w);

			return bit < size ? bit : size;
		}
	}
	return size;
}

static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	unsigned int i, n = BITS_TO_LONGS(nbits);

	for (i = 0; i < n; i++)
		dst[i] = ~0UL;
	if (nbits % BITS_PER_LONG)
		dst[n - 1] = (1UL << (nbits % BITS_PER_LONG)) - 1;
}

static inline unsigned long roundup_pow_of_two(unsigned long n)
{
	return n <= 1 ? 1 : 1UL << (BITS_PER_LONG - __builtin_clzl(n - 1));
}

#endif
