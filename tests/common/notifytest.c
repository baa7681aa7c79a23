/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Helpers for the mount and superblock notification tests: see notifytest.h. */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include "common/fixtures.h"
#include "common/notifytest.h"

void nt_pipe(struct vfsim_task *t, unsigned int nr_notes, int fds[2])
{
	long err = vfsim_pipe2(t, fds, O_NOTIFICATION_PIPE | O_NONBLOCK);

	if (err)
		vt_die("pipe2", err);
	if (nr_notes) {
		err = vfsim_ioctl(t, fds[0], IOC_WATCH_QUEUE_SET_SIZE, nr_notes);
		if (err)
			vt_die("IOC_WATCH_QUEUE_SET_SIZE", err);
	}
}

void nt_pipes(struct vfsim_task *t, unsigned int nr_notes, int *fds, ...)
{
	va_list ap;

	va_start(ap, fds);
	for (; fds; fds = va_arg(ap, int *))
		nt_pipe(t, nr_notes, fds);
	va_end(ap);
}

long nt_drain_raw(struct vfsim_task *t, int fd, size_t chunk, void *buf, size_t size)
{
	unsigned char *p = buf;
	size_t used = 0;
	long ret;

	for (;;) {
		size_t want = chunk < size - used ? chunk : size - used;

		if (want == 0)
			vt_die("nt_drain_raw: buffer full", -ENOSPC);
		ret = vfsim_read(t, fd, p + used, want);
		if (ret == -EAGAIN || ret == 0)
			return (long)used;
		if (ret < 0)
			return ret;
		used += (size_t)ret;
	}
}

long nt_render(const void *buf, size_t len, char *text, size_t size)
{
	const unsigned char *p = buf;
	size_t off = 0, tlen = 0;
	long nr = 0;

	if (size)
		text[0] = 0;
	while (off < len) {
		char line[512];
		long rlen = vfsim_decode_record(p + off, len - off, line, sizeof(line));
		int n;

		if (rlen < 0)
			return -EBADMSG;
		n = snprintf(text + tlen, size - tlen, "%s\n", line);
		if (n < 0 || (size_t)n >= size - tlen)
			vt_die("nt_render: text full", -ENOSPC);
		tlen += (size_t)n;
		off += (size_t)rlen;
		nr++;
	}
	return nr;
}

long nt_drain(struct vfsim_task *t, int fd, char *text, size_t size)
{
	static const size_t cap = 64 * 1024;
	unsigned char *buf = malloc(cap);
	long len, nr;

	if (!buf)
		vt_die("malloc", -ENOMEM);
	if (size)
		text[0] = 0;
	len = nt_drain_raw(t, fd, 4096, buf, cap);
	nr = len < 0 ? len : nt_render(buf, (size_t)len, text, size);
	free(buf);
	return nr;
}

bool nt_records_are(struct vfsim_task *t, int fd, const char *fmt, ...)
{
	char *want = malloc(NT_TEXT), *got = malloc(NT_TEXT);
	va_list ap;
	bool same;
	long n;

	if (!want || !got)
		vt_die("malloc", -ENOMEM);
	va_start(ap, fmt);
	vsnprintf(want, NT_TEXT, fmt, ap);
	va_end(ap);
	n = nt_drain(t, fd, got, NT_TEXT);
	if (n < 0)
		fprintf(stderr, "notifytest: draining fd %d: %ld (%s)\n", fd, n,
			vfsim_errno_name((int)-n) ? vfsim_errno_name((int)-n) : "?");
	same = n >= 0 && strcmp(got, want) == 0;
	if (n >= 0 && !same)
		fprintf(stderr, "notifytest: records on fd %d:\n%s-- want:\n%s--\n", fd, got,
			want);
	free(want);
	free(got);
	return same;
}

void nt_tree_and_pipes(struct vfsim *v, int p[2], int q[2], unsigned int *a,
		       unsigned long long *sb_a)
{
	struct vfsim_task *t = vfsim_init_task(v);

	fx_notify_tree(v);
	nt_pipes(t, 32, p, q, NULL);
	*a = nt_mnt_id(t, "/mnt/a");
	*sb_a = nt_sb_id(t, "/mnt/a");
}

bool nt_expired_heard(struct vfsim_task *t, int root_fd, int own_fd, unsigned int mnt)
{
	bool root = nt_records_are(t, root_fd,
				   "mount expiry id=1 flags=in_subtree triggered_on=%u changed_mount=0\n"
				   "mount unmount id=1 triggered_on=1 changed_mount=%u\n", mnt, mnt);
	bool own = nt_records_are(t, own_fd,
				  "mount expiry id=2 triggered_on=%u changed_mount=0\n"
				  "meta removal id=2 object=0x%x\n", mnt, mnt);

	return root && own;
}

/* @got is @want; says which call differed if not. */
static bool nt_gave(const char *call, long got, long want)
{
	if (got == want)
		return true;
	fprintf(stderr, "notifytest: %s: got %ld, want %ld\n", call, got, want);
	return false;
}

bool nt_watch_automounts(struct vfsim_task *t, nt_watch_fn *watch, unsigned int at_flags,
			 int fd)
{
	bool ok = nt_gave("mkautomount", vfsim_mkautomount(t, "/mnt/auto", "tmpfs", "auto", NULL),
			  0);

	ok &= nt_gave("mounts before", vt_count_mounts(t), 2);
	ok &= nt_gave("watch /mnt/auto", watch(t, AT_FDCWD, "/mnt/auto", at_flags, fd, 1), 0);
	ok &= nt_gave("mounts after (the automount)", vt_count_mounts(t), 3);
	return ok;
}

bool nt_bad_watch_fd(struct vfsim *v, struct vfsim_task *t, const struct nt_bad_fd_case *c,
		     bool quirk)
{
	int plain[2];
	long err = vfsim_pipe2(t, plain, 0);
	int fd = plain[c->plain_end];
	bool ok = true;

	if (err)
		vt_die("pipe2", err);
	vfsim_set_quirks(v, quirk ? c->quirk : 0);
	ok &= nt_gave("watch(closed fd, 1)", c->watch(t, AT_FDCWD, "/mnt/a", 0, 99, 1),
		      quirk ? 0 : -EBADF);
	ok &= nt_gave("watch(plain pipe, 1)", c->watch(t, AT_FDCWD, "/mnt/a", 0, fd, 1),
		      quirk ? 0 : -EINVAL);
	ok &= nt_gave("watch(plain pipe, -1)", c->watch(t, AT_FDCWD, "/mnt/a", 0, fd, -1),
		      quirk ? 0 : -EINVAL);
	ok &= nt_gave("other(closed fd, 1)", c->other(t, AT_FDCWD, "/mnt/a", 0, 99, 1),
		      -EBADF);
	vfsim_set_quirks(v, 0);
	ok &= nt_gave("vt_check", vt_check(v), 0);
	ok &= nt_gave("close", vfsim_close(t, plain[0]), 0);
	ok &= nt_gave("close", vfsim_close(t, plain[1]), 0);
	return ok;
}

long nt_discard(struct vfsim_task *t, int fd)
{
	char *text = malloc(NT_TEXT);
	long nr;

	if (!text)
		vt_die("malloc", -ENOMEM);
	nr = nt_drain(t, fd, text, NT_TEXT);
	free(text);
	return nr;
}

unsigned int nt_mnt_id(struct vfsim_task *t, const char *path)
{
	long id = vfsim_path_mnt_id(t, path);

	if (id <= 0)
		vt_die(path, id);
	return (unsigned int)id;
}

uint64_t nt_counter(struct vfsim_task *t, unsigned int mnt_id)
{
	struct vt_mount m;
	int err = vt_mount_id(t, mnt_id, &m);

	if (err)
		vt_die("vt_mount_id", err);
	return m.d.change_counter;
}

unsigned long long nt_sb_id(struct vfsim_task *t, const char *path)
{
	struct vt_mount m;
	int err = vt_mount_at(t, path, &m);

	if (err)
		vt_die(path, err);
	return m.d.sb_unique_id;
}

void nt_poke_sb(struct vfsim_task *t, const char *path)
{
	long err = vfsim_mount(t, NULL, path, NULL, MS_REMOUNT, NULL);

	if (err)
		vt_die(path, err);
}

void nt_touch(struct vfsim_task *t, const char *path)
{
	long err = vfsim_mount(t, NULL, path, NULL, MS_REMOUNT | MS_BIND | MS_NOEXEC, NULL);

	if (err)
		vt_die(path, err);
}

void nt_mount_and_touch(struct vfsim_task *t, const char *path)
{
	long err = vfsim_mount(t, "x", path, "tmpfs", 0, NULL);

	if (err)
		vt_die(path, err);
	nt_touch(t, path);
}

void nt_mkdirs(struct vfsim_task *t, const char *path)
{
	long err = vt_mkdir_p(t, path, 0755);

	if (err)
		vt_die(path, err);
}

static int nt_lsm_logged(struct nt_lsm_log *log, const struct vfsim_cred *who, uint64_t object)
{
	log->calls++;
	log->object = object;
	log->uid = who->uid;
	return log->ret;
}

static int nt_lsm_watch_mount(void *arg, const struct vfsim_cred *who, unsigned int mnt_id)
{
	return nt_lsm_logged(arg, who, mnt_id);
}

static int nt_lsm_watch_sb(void *arg, const struct vfsim_cred *who, uint64_t sb_id)
{
	return nt_lsm_logged(arg, who, sb_id);
}

const struct vfsim_lsm_ops nt_lsm_watch_mount_ops = { .watch_mount = nt_lsm_watch_mount };
const struct vfsim_lsm_ops nt_lsm_watch_sb_ops = { .watch_sb = nt_lsm_watch_sb };
