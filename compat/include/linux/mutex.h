/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Duplicated interface, pthread implementation. */
#ifndef _VFSIM_LINUX_MUTEX_H
#define _VFSIM_LINUX_MUTEX_H

#include <pthread.h>
#include <linux/kdefs.h>

struct mutex { pthread_mutex_t m; };

#define __MUTEX_INITIALIZER(x) { PTHREAD_MUTEX_INITIALIZER }
#define DEFINE_MUTEX(x) struct mutex x = __MUTEX_INITIALIZER(x)

static inline void mutex_init(struct mutex *l) { pthread_mutex_init(&l->m, NULL); }
static inline void mutex_destroy(struct mutex *l) { pthread_mutex_destroy(&l->m); }
static inline void mutex_lock(struct mutex *l) { pthread_mutex_lock(&l->m); }
static inline void mutex_unlock(struct mutex *l) { pthread_mutex_unlock(&l->m); }
static inline int mutex_trylock(struct mutex *l) { return pthread_mutex_trylock(&l->m) == 0; }

#endif
