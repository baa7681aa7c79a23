/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Customised: WARN_ON() counts into the running instance's warning counter
 * (tests assert it stays zero) and prints where it fired; BUG_ON() aborts,
 * because a BUG is a broken model, not a condition to test.
 */
#ifndef _VFSIM_LINUX_BUG_H
#define _VFSIM_LINUX_BUG_H

#include <linux/kdefs.h>

void ksim_warn(const char *file, int line, const char *what);
void __attribute__((noreturn)) ksim_bug(const char *file, int line, const char *what);

#define WARN_ON(cond) ({						\
	bool __warn = !!(cond);						\
	if (unlikely(__warn))						\
		ksim_warn(__FILE__, __LINE__, #cond);			\
	unlikely(__warn);						\
})
#define WARN_ON_ONCE(cond) WARN_ON(cond)
#define WARN(cond, msg) ({						\
	bool __warn = !!(cond);						\
	if (unlikely(__warn))						\
		ksim_warn(__FILE__, __LINE__, msg);			\
	unlikely(__warn);						\
})
#define BUG_ON(cond) do {						\
	if (unlikely(cond))						\
		ksim_bug(__FILE__, __LINE__, #cond);			\
} while (0)
#define BUG() ksim_bug(__FILE__, __LINE__, "BUG()")

#endif
