// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Named fds of one task: a short list, since a scenario opens a handful.
 */
#include <stdlib.h>
#include <string.h>

#include "fdtab.h"
#include "kdiff.h"

struct kd_fd {
	struct kd_fd *next;
	char *name;
	int fd;
};

int kd_fdtab_set(struct kd_fdtab *tab, const char *name, int fd)
{
	struct kd_fd *e;
	int old;

	for (e = tab->head; e; e = e->next) {
		if (strcmp(e->name, name) == 0) {
			old = e->fd;
			e->fd = fd;
			return old;
		}
	}
	e = kd_malloc(sizeof(*e));
	e->name = kd_strdup(name);
	e->fd = fd;
	e->next = tab->head;
	tab->head = e;
	return -1;
}

bool kd_fdtab_take(struct kd_fdtab *tab, const char *name, int *fd)
{
	struct kd_fd **pp, *e;

	for (pp = &tab->head; (e = *pp); pp = &e->next) {
		if (strcmp(e->name, name) != 0)
			continue;
		*fd = e->fd;
		*pp = e->next;
		free(e->name);
		free(e);
		return true;
	}
	return false;
}

bool kd_fdtab_get(const struct kd_fdtab *tab, const char *name, int *fd)
{
	const struct kd_fd *e;

	for (e = tab->head; e; e = e->next)
		if (strcmp(e->name, name) == 0) {
			*fd = e->fd;
			return true;
		}
	return false;
}

void kd_fdtab_free(struct kd_fdtab *tab)
{
	while (tab->head) {
		struct kd_fd *e = tab->head;

		tab->head = e->next;
		free(e->name);
		free(e);
	}
}
