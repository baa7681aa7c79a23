// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The model's side: one simulated kernel, booted empty, with the scenario's
 * root made as the kernel side makes it (a tmpfs "kdiff-root" on /tmp,
 * chrooted into), so that `umount /` and friends mean the same on both.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "fdtab.h"
#include "ops.h"
#include "side.h"
#include "verbs.h"

struct model_side {
	struct kd_side side;
	struct vfsim *v;
	unsigned long warnings;	/* vfsim_warn_count() at boot */
};

struct model_task {
	struct vfsim_task *t;
	struct kd_fdtab fds;
};

static struct model_side *to_model(struct kd_side *s)
{
	return (struct model_side *)s;
}

static void m_headers(struct kd_side *s, FILE *out)
{
	fprintf(out, "# model: vfsim %s (Linux 5.8)\n", vfsim_version());
}

static int setup_failed(const char *what, long err)
{
	char buf[32];

	kd_msg("model side: %s: %s", what, kd_result_name(err, buf, sizeof(buf)));
	return -1;
}

static int m_boot(struct kd_side *s)
{
	struct model_side *m = to_model(s);
	struct vfsim_task *init;
	long err;

	err = vfsim_create(NULL, &m->v);
	if (err < 0)
		return setup_failed("vfsim_create", err);
	err = vfsim_boot(m->v, "empty");
	if (err < 0)
		return setup_failed("vfsim_boot", err);
	init = vfsim_init_task(m->v);
	m->warnings = vfsim_warn_count(m->v);
	err = vfsim_mkdirat(init, AT_FDCWD, "/tmp", 0755);
	if (err < 0 && err != -EEXIST)
		return setup_failed("mkdir /tmp", err);
	err = vfsim_mount(init, "kdiff-root", "/tmp", "tmpfs", 0, "mode=755");
	if (err < 0)
		return setup_failed("mount tmpfs kdiff-root /tmp", err);
	err = vfsim_chdir(init, "/tmp");
	if (err == 0)
		err = vfsim_chroot(init, ".");
	if (err == 0)
		err = vfsim_chdir(init, "/");
	if (err < 0)
		return setup_failed("chroot /tmp", err);
	return 0;
}

static int m_task_new(struct kd_side *s, struct kd_task *t)
{
	struct model_side *m = to_model(s);
	struct model_task *mt = kd_malloc(sizeof(*mt));
	long err = 0;

	memset(mt, 0, sizeof(*mt));
	if (t->uid == 0 && t->gid == 0)
		mt->t = vfsim_init_task(m->v);
	else
		err = vfsim_task_create(m->v, t->uid, t->gid, &mt->t);
	if (err < 0 || !mt->t) {
		free(mt);
		return setup_failed("vfsim_task_create", err ? err : -ENOENT);
	}
	t->priv = mt;
	return 0;
}

static long m_exec(struct kd_side *s, struct kd_task *t, int argc,
		   char **argv, struct kd_buf *data)
{
	struct model_task *mt = t->priv;

	return kd_exec(&kd_model_ops, mt->t, &mt->fds, argc, argv, data);
}

static long m_check(struct kd_side *s, char *why, size_t len)
{
	return vfsim_check_invariants(to_model(s)->v, why, len);
}

/* Warnings are the model's own failures: shown, and failed by check. */
static void m_trailer(struct kd_side *s, FILE *out)
{
	struct model_side *m = to_model(s);
	unsigned long n = m->v ? vfsim_warn_count(m->v) - m->warnings : 0;

	if (n)
		fprintf(out, "# warnings: %lu\n", n);
}

static void m_end(struct kd_side *s, struct kd_task *tasks)
{
	struct model_side *m = to_model(s);
	struct kd_task *t;

	for (t = tasks; t; t = t->next) {
		struct model_task *mt = t->priv;

		kd_fdtab_free(&mt->fds);
		free(mt);
	}
	/* the side runs in a child that exits next: the kernel's memory goes
	 * with it, and tearing it down could only add a way to crash */
	m->v = NULL;
}

struct kd_side *kd_model_side(void)
{
	struct model_side *m = kd_malloc(sizeof(*m));

	memset(m, 0, sizeof(*m));
	m->side = (struct kd_side){
		.name = "model",
		.headers = m_headers,
		.boot = m_boot,
		.task_new = m_task_new,
		.exec = m_exec,
		.check = m_check,
		.trailer = m_trailer,
		.end = m_end,
	};
	return &m->side;
}
