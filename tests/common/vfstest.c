/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Helpers for the VFS unit tests: see vfstest.h. */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfs/kernel.h>

#include "common/vfstest.h"

void vt_die(const char *what, long err)
{
	const char *name = err < 0 ? vfsim_errno_name((int)-err) : NULL;

	fprintf(stderr, "vfstest: %s: %s (%ld)\n", what, name ? name : "?", err);
	abort();
}

struct vfsim *vt_boot(const char *tree)
{
	return vt_boot_with(NULL, tree);
}

struct vfsim *vt_boot_with(const struct vfsim_options *opts, const char *tree)
{
	struct vfsim *v = NULL;
	int err;

	err = vfsim_create(opts, &v);
	if (err)
		vt_die("vfsim_create", err);
	err = vfsim_boot(v, tree);
	if (err)
		vt_die("vfsim_boot", err);
	return v;
}

struct vfsim_task *vt_task(struct vfsim *v, uid_t uid, gid_t gid)
{
	struct vfsim_task *t = NULL;
	int err = vfsim_task_create(v, uid, gid, &t);

	if (err)
		vt_die("vfsim_task_create", err);
	return t;
}

long vt_open_close(struct vfsim_task *t, const char *path, int flags, mode_t mode)
{
	long fd = vfsim_openat(t, AT_FDCWD, path, flags, mode);

	if (fd < 0)
		return fd;
	return vfsim_close(t, (int)fd);
}

long vt_mkdir_p(struct vfsim_task *t, const char *path, mode_t mode)
{
	char buf[4096];
	size_t len = strlen(path), i;
	long err;

	if (len >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, len + 1);
	for (i = 1; i <= len; i++) {
		if (buf[i] != '/' && buf[i] != 0)
			continue;
		if (buf[i - 1] == '/')
			continue;
		buf[i] = 0;
		err = vfsim_mkdirat(t, AT_FDCWD, buf, mode);
		if (err && err != -EEXIST)
			return err;
		buf[i] = path[i];
	}
	return 0;
}

/* ---- the tree as a string ------------------------------------------------ */

struct vt_buf {
	char *s;
	size_t len, cap;
	unsigned int what;
	int oom;
};

static void vt_put(struct vt_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void vt_put(struct vt_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = 1;
			return;
		}
		if ((size_t)n < b->cap - b->len)
			break;
		{
			size_t cap = (b->cap + (size_t)n + 1) * 2;
			char *s = realloc(b->s, cap);

			if (!s) {
				b->oom = 1;
				return;
			}
			b->s = s;
			b->cap = cap;
		}
	}
	b->len += (size_t)n;
}

static int vt_tree_cb(const struct vfsim_mount_desc *m, void *arg)
{
	struct vt_buf *b = arg;

	if (!(b->what & VT_NOID))
		vt_put(b, "%u %u ", m->mnt_id, m->parent_id);
	vt_put(b, "%s %s %s", m->mountpoint, m->fstype, m->source);
	if (strcmp(m->root, "/"))
		vt_put(b, "[%s]", m->root);
	if (b->what & VT_ATTR) {
		vt_put(b, " %s", m->attr & VFSIM_ATTR_RDONLY ? "ro" : "rw");
		if (m->attr & VFSIM_ATTR_NOSUID)
			vt_put(b, ",nosuid");
		if (m->attr & VFSIM_ATTR_NODEV)
			vt_put(b, ",nodev");
		if (m->attr & VFSIM_ATTR_NOEXEC)
			vt_put(b, ",noexec");
		if (m->attr & VFSIM_ATTR_NOATIME)
			vt_put(b, ",noatime");
		if (m->attr & VFSIM_ATTR_STRICTATIME)
			vt_put(b, ",strictatime");
		if (m->attr & VFSIM_ATTR_NODIRATIME)
			vt_put(b, ",nodiratime");
	}
	if (b->what & VT_PROP) {
		if (m->propagation & VFSIM_PROPAGATION_SHARED)
			vt_put(b, " shared:%u", m->peer_group);
		if (m->propagation & VFSIM_PROPAGATION_SLAVE)
			vt_put(b, " master:%u", m->master);
		if (m->propagation & VFSIM_PROPAGATION_UNBINDABLE)
			vt_put(b, " unbindable");
		if (!(m->propagation & (VFSIM_PROPAGATION_SHARED |
					VFSIM_PROPAGATION_SLAVE |
					VFSIM_PROPAGATION_UNBINDABLE)))
			vt_put(b, " private");
	}
	if (b->what & VT_SB)
		vt_put(b, " sb=%s", m->sb_flags & VFSIM_SB_RDONLY ? "ro" : "rw");
	if (b->what & VT_STATE)
		vt_put(b, " depth=%u opts=%s sbf=%#x exp=%d", m->depth, m->sb_options,
		       m->sb_flags, (int)m->expiry_marked);
	vt_put(b, "\n");
	return 0;
}

char *vt_tree(struct vfsim_task *t, unsigned int what)
{
	struct vt_buf b = { .what = what };
	int err;

	b.cap = 256;
	b.s = malloc(b.cap);
	if (!b.s)
		return NULL;
	b.s[0] = 0;
	err = vfsim_for_each_mount(t, vt_tree_cb, &b);
	if (err || b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

bool vt_tree_is(struct vfsim_task *t, unsigned int what, const char *want)
{
	char *got = vt_tree(t, what);
	bool same = got && strcmp(got, want) == 0;

	if (!same)
		fprintf(stderr, "vfstest: the tree is\n%s-- want:\n%s--\n",
			got ? got : "(vt_tree failed)\n", want);
	free(got);
	return same;
}

/* ---- single mounts ---------------------------------------------------------- */

static int vt_copy_cb(const struct vfsim_mount_desc *m, void *arg)
{
	struct vt_mount *out = arg;

	out->d = *m;
	snprintf(out->mountpoint, sizeof(out->mountpoint), "%s", m->mountpoint);
	snprintf(out->root, sizeof(out->root), "%s", m->root);
	snprintf(out->fstype, sizeof(out->fstype), "%s", m->fstype);
	snprintf(out->source, sizeof(out->source), "%s", m->source);
	snprintf(out->sb_options, sizeof(out->sb_options), "%s", m->sb_options);
	out->d.mountpoint = out->mountpoint;
	out->d.root = out->root;
	out->d.fstype = out->fstype;
	out->d.source = out->source;
	out->d.sb_options = out->sb_options;
	return 0;
}

int vt_mount_id(struct vfsim_task *t, unsigned int id, struct vt_mount *out)
{
	memset(out, 0, sizeof(*out));
	return vfsim_mount_by_id(t, id, vt_copy_cb, out);
}

int vt_mount_at(struct vfsim_task *t, const char *path, struct vt_mount *out)
{
	long id = vfsim_path_mnt_id(t, path);

	if (id < 0)
		return (int)id;
	return vt_mount_id(t, (unsigned int)id, out);
}

struct vfsim_mount_desc vt_desc(struct vfsim_task *t, unsigned int id)
{
	struct vt_mount m;
	int err = vt_mount_id(t, id, &m);
	char what[32];

	if (err) {
		snprintf(what, sizeof(what), "mount %u", id);
		vt_die(what, err);
	}
	m.d.mountpoint = m.d.root = m.d.fstype = m.d.source = m.d.sb_options = NULL;
	return m.d;
}

static int vt_count_cb(const struct vfsim_mount_desc *m, void *arg)
{
	(void)m;
	(*(unsigned int *)arg)++;
	return 0;
}

unsigned int vt_count_mounts(struct vfsim_task *t)
{
	unsigned int n = 0;

	vfsim_for_each_mount(t, vt_count_cb, &n);
	return n;
}

/* ---- end of test ------------------------------------------------------------ */

int vt_check(struct vfsim *v)
{
	char why[512];
	unsigned long warns;
	int bad = 0;

	if (vfsim_check_invariants(v, why, sizeof(why))) {
		fprintf(stderr, "vfstest: invariant violated: %s\n", why);
		bad = -1;
	}
	warns = vfsim_warn_count(v);
	if (warns) {
		fprintf(stderr, "vfstest: %lu kernel warning(s)\n", warns);
		bad = -1;
	}
	return bad;
}

int vt_finish(struct vfsim *v)
{
	int bad = vt_check(v);
	unsigned long left = vfsim_destroy_check(v, stderr);

	if (left) {
		fprintf(stderr, "vfstest: teardown: %lu leaked object(s) or warning(s)\n",
			left);
		bad = -1;
	}
	return bad;
}

void vt_oops_hook(void *arg, const char *function, const char *reason)
{
	struct vt_oops_log *log = arg;

	log->calls++;
	snprintf(log->function, sizeof(log->function), "%s", function);
	snprintf(log->reason, sizeof(log->reason), "%s", reason);
}

void vt_set_mount_max(struct vfsim *v, unsigned int max)
{
	v->mount_max = max;
}
