/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The file descriptors a task opened with `open NAME`, by NAME.  Each task
 * has its own table where its fds live (for the kernel that is the process
 * that holds them: the runner or a helper).
 */
#ifndef VFSIM_KDIFF_FDTAB_H
#define VFSIM_KDIFF_FDTAB_H

#include <stdbool.h>

struct kd_fd;

struct kd_fdtab {
	struct kd_fd *head;
};

/* Remember @fd as @name; returns the fd @name had before, or -1. */
int kd_fdtab_set(struct kd_fdtab *tab, const char *name, int fd);
/* Forget @name; false if it is not there. */
bool kd_fdtab_take(struct kd_fdtab *tab, const char *name, int *fd);
/* The fd kept as @name; false if there is none. */
bool kd_fdtab_get(const struct kd_fdtab *tab, const char *name, int *fd);
void kd_fdtab_free(struct kd_fdtab *tab);

#endif /* VFSIM_KDIFF_FDTAB_H */
