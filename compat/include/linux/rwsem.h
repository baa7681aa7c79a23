/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Duplicated interface of struct rw_semaphore, on a pthread rwlock. */
#ifndef _VFSIM_LINUX_RWSEM_H
#define _VFSIM_LINUX_RWSEM_H

#include <pthread.h>
#include <linux/kdefs.h>

struct rw_semaphore { pthread_rwlock_t l; };

static inline void init_rwsem(struct rw_semaphore *s) { pthread_rwlock_init(&s->l, NULL); }
static inline void destroy_rwsem(struct rw_semaphore *s) { pthread_rwlock_destroy(&s->l); }
static inline void down_read(struct rw_semaphore *s) { pthread_rwlock_rdlock(&s->l); }
static inline void up_read(struct rw_semaphore *s) { pthread_rwlock_unlock(&s->l); }
static inline void down_write(struct rw_semaphore *s) { pthread_rwlock_wrlock(&s->l); }
static inline void up_write(struct rw_semaphore *s) { pthread_rwlock_unlock(&s->l); }
static inline int down_read_trylock(struct rw_semaphore *s) { return pthread_rwlock_tryrdlock(&s->l) == 0; }
static inline int down_write_trylock(struct rw_semaphore *s) { return pthread_rwlock_trywrlock(&s->l) == 0; }

#endif
