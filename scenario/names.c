// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a scenario names: the tasks `as` makes, by credentials, and the
 * file descriptors `open` and `pipe` keep, by NAME.  The names are the
 * scenario's; the tasks and fds are the kernel's and stay when it ends.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/vfsim.h>

#include "session.h"

struct scn_task_entry {
	struct scn_task_entry *next;
	uid_t uid;
	gid_t gid;
	struct scn_task *task;
};

struct scn_fd_entry {
	struct scn_fd_entry *next;
	char *name;
	struct scn_task *task;
	int fd;
};

struct scn_named_task {
	struct scn_named_task *next;
	char *name;
	struct scn_task *task;
};

struct scn_key_entry {
	struct scn_key_entry *next;
	char *name;
	int32_t serial;
};

struct scn_task *scn_task_get(struct scn_call *c, uid_t uid, gid_t gid,
			      long *err)
{
	struct vfsim_scenario *s = c->s;
	struct scn_task_entry *e;
	struct scn_task *t;
	long ret;

	*err = 0;
	if (uid == 0 && gid == 0)
		return c->sys->init_task(s->backend);
	for (e = s->tasks; e; e = e->next)
		if (e->uid == uid && e->gid == gid)
			return e->task;

	e = calloc(1, sizeof(*e));
	if (!e) {
		*err = -ENOMEM;
		return NULL;
	}
	ret = c->sys->task_create(s->backend, uid, gid, &t);
	if (ret < 0) {
		free(e);
		*err = ret;
		return NULL;
	}
	e->uid = uid;
	e->gid = gid;
	e->task = t;
	e->next = s->tasks;
	s->tasks = e;
	return t;
}

bool scn_fd_exists(struct scn_call *c, const char *name)
{
	struct scn_fd_entry *e;

	for (e = c->s->fds; e; e = e->next)
		if (strcmp(e->name, name) == 0)
			return true;
	return false;
}

long scn_fd_add(struct scn_call *c, const char *name, struct scn_task *t,
		int fd)
{
	struct scn_fd_entry *e = calloc(1, sizeof(*e));

	if (e)
		e->name = strdup(name);
	if (!e || !e->name) {
		free(e);
		return scn_fail(c, "out of memory");
	}
	e->task = t;
	e->fd = fd;
	e->next = c->s->fds;
	c->s->fds = e;
	return 0;
}

long scn_fd_lookup(struct scn_call *c, const char *name, bool remove,
		   struct scn_task **t, int *fd)
{
	struct scn_fd_entry **pp, *e;

	for (pp = &c->s->fds; (e = *pp); pp = &e->next) {
		if (strcmp(e->name, name) != 0)
			continue;
		*t = e->task;
		*fd = e->fd;
		if (remove) {
			*pp = e->next;
			free(e->name);
			free(e);
		}
		return 0;
	}
	return scn_syntax(c, "no open file named '%s'", name);
}

long scn_key_add(struct scn_call *c, const char *name, int32_t serial)
{
	struct scn_key_entry *e;

	for (e = c->s->keys; e; e = e->next) {
		if (strcmp(e->name, name) == 0) {
			e->serial = serial;
			return 0;
		}
	}
	e = calloc(1, sizeof(*e));
	if (e)
		e->name = strdup(name);
	if (!e || !e->name) {
		free(e);
		return scn_fail(c, "out of memory");
	}
	e->serial = serial;
	e->next = c->s->keys;
	c->s->keys = e;
	return 0;
}

bool scn_key_lookup(struct scn_call *c, const char *name, int32_t *serial)
{
	struct scn_key_entry *e;

	for (e = c->s->keys; e; e = e->next) {
		if (strcmp(e->name, name) == 0) {
			*serial = e->serial;
			return true;
		}
	}
	return false;
}

struct scn_task *scn_named_task(struct scn_call *c, const char *name)
{
	struct scn_named_task *e;

	if (strcmp(name, "init") == 0)
		return c->sys->init_task(c->s->backend);
	for (e = c->s->named_tasks; e; e = e->next)
		if (strcmp(e->name, name) == 0)
			return e->task;
	return NULL;
}

long scn_named_task_add(struct scn_call *c, const char *name, struct scn_task *t)
{
	struct scn_named_task *e = calloc(1, sizeof(*e));

	if (e)
		e->name = strdup(name);
	if (!e || !e->name) {
		free(e);
		return scn_fail(c, "out of memory");
	}
	e->task = t;
	e->next = c->s->named_tasks;
	c->s->named_tasks = e;
	return 0;
}

/* @t is gone: its name and the fd names it held go with it. */
void scn_named_task_forget(struct scn_call *c, struct scn_task *t)
{
	struct scn_named_task **pp = &c->s->named_tasks, *e;
	struct scn_fd_entry **fp = &c->s->fds, *f;

	while ((e = *pp)) {
		if (e->task == t) {
			*pp = e->next;
			free(e->name);
			free(e);
		} else {
			pp = &e->next;
		}
	}
	while ((f = *fp)) {
		if (f->task == t) {
			*fp = f->next;
			free(f->name);
			free(f);
		} else {
			fp = &f->next;
		}
	}
}

void scn_names_free(struct vfsim_scenario *s)
{
	while (s->named_tasks) {
		struct scn_named_task *e = s->named_tasks;

		s->named_tasks = e->next;
		free(e->name);
		free(e);
	}
	while (s->keys) {
		struct scn_key_entry *e = s->keys;

		s->keys = e->next;
		free(e->name);
		free(e);
	}
	while (s->fds) {
		struct scn_fd_entry *e = s->fds;

		s->fds = e->next;
		free(e->name);
		free(e);
	}
	while (s->tasks) {
		struct scn_task_entry *e = s->tasks;

		s->tasks = e->next;
		free(e);
	}
}
