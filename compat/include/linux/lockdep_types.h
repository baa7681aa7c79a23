/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Customised lockdep (include/linux/lockdep_types.h): what a lock carries
 * for the checker in compat/lockdep.c, and the hooks the lock types call.
 * Built with CONFIG_LOCKDEP (CMake's VFSIM_LOCKDEP: the debug, asan and
 * tsan presets); without it a lock carries nothing and every hook is an
 * empty macro whose arguments are never compiled.
 *
 * A lock class is where a lock is initialised, as in the kernel: each
 * spin_lock_init()/mutex_init()/init_rwsem()/seqlock_init() expands to a
 * static struct lock_class_key of its own, so the thousands of instances a
 * test makes share a few dozen classes.  A lock defined with an
 * initialiser (DEFINE_MUTEX()) has no key; its name, a string literal of
 * its own, stands for one.
 */
#ifndef _VFSIM_LINUX_LOCKDEP_TYPES_H
#define _VFSIM_LINUX_LOCKDEP_TYPES_H

#include <stdbool.h>
#include <stddef.h>

#define MAX_LOCKDEP_SUBCLASSES	4
#define SINGLE_DEPTH_NESTING	1

#ifdef CONFIG_LOCKDEP

/* The class of each subclass, found once (0: not yet). */
struct lock_class_key {
	unsigned short class_idx[MAX_LOCKDEP_SUBCLASSES];
};

struct lockdep_map {
	struct lock_class_key *key;
	const char *name;
};

#define __LOCKDEP_MAP_MEMBER		struct lockdep_map dep_map;
#define __DEP_MAP_INIT(lockname)	.dep_map = { .key = NULL, .name = #lockname },
/* A static key per expansion: per init site, as lockdep's. */
#define __lockdep_key()		({ static struct lock_class_key __key; &__key; })

void lockdep_init_map(struct lockdep_map *map, const char *name,
		      struct lock_class_key *key);
void lock_acquire(struct lockdep_map *map, unsigned int subclass, bool trylock,
		  bool read, const char *file, int line);
void lock_release(struct lockdep_map *map, const char *file, int line);
bool lock_is_held(const struct lockdep_map *map);
bool lock_is_held_write(const struct lockdep_map *map);

#define __lockdep_init(map, name, key)		lockdep_init_map(map, name, key)
#define __lockdep_acquire(map, sub, try, rd, f, l) lock_acquire(map, sub, try, rd, f, l)
#define __lockdep_release(map, f, l)		lock_release(map, f, l)

#else

struct lock_class_key;

#define __LOCKDEP_MAP_MEMBER
#define __DEP_MAP_INIT(lockname)
#define __lockdep_key()				NULL
#define __lockdep_init(map, name, key)		do { } while (0)
#define __lockdep_acquire(map, sub, try, rd, f, l) do { } while (0)
#define __lockdep_release(map, f, l)		do { } while (0)

#endif

#endif
