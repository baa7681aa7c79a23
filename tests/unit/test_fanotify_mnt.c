// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fanotify mount events (vfs/fanotify.c, vfs/nsfs.c) as Linux 6.18 gives
 * them: fanotify_init()'s and fanotify_mark()'s every check, in order and
 * with the errno 6.18 returns (each checked on a 6.18 kernel, as root and
 * as an unprivileged user); the records' bytes; read(), FIONREAD, write;
 * the queue limit and FAN_Q_OVERFLOW; which mounts an operation reports
 * and in what order; the namespace file and statmount's mnt_ns_fd.
 *
 *   /              rootfs
 *   |-/a           tmpfs "a"
 *   |  `-/a/x      tmpfs "x"
 *   `-/b           (directory)  /c (directory)
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <vfsim/testing.h>
#include <vfsim/uapi/linux/fanotify.h>
#include <vfsim/uapi/linux/mount.h>
#include <vfsim/vfsim.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif

#define MNT_EVENTS (FAN_MNT_ATTACH | FAN_MNT_DETACH)
#define REC_LEN 40

static struct vfsim *v;
static struct vfsim_task *t;

static void build(struct vfsim *vv)
{
	struct vfsim_task *it = vfsim_init_task(vv);

	fx_tmpfs(it, "a", "/a");
	fx_tmpfs(it, "x", "/a/x");
	fx_dirs(it, "/b", "/c", NULL);
}

static uint64_t uid_of(struct vfsim_task *task, const char *path)
{
	struct statx stx;

	OK(vfsim_statx(task, AT_FDCWD, path, 0, STATX_MNT_ID_UNIQUE, &stx));
	return stx.stx_mnt_id;
}

struct ev {
	uint64_t mask;
	uint64_t id;
};

/* A group (report_mnt, nonblock) with a mark on the namespace for @mask;
 * *@ns gets the namespace fd (or -1 to close it at once). */
static int group_on(uint64_t mask, int *ns)
{
	int nsfd = (int)vfsim_open_mntns(t, 0);
	int fd = (int)vfsim_fanotify_init(t, FAN_REPORT_MNT | FAN_NONBLOCK, O_RDONLY);

	cr_assert_geq(nsfd, 0);
	cr_assert_geq(fd, 0);
	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD | FAN_MARK_MNTNS, mask, nsfd, NULL));
	if (ns)
		*ns = nsfd;
	else
		OK(vfsim_close(t, nsfd));
	return fd;
}

/* Read everything queued on @fd into @evs; checks every record's bytes.
 * The number of events. */
static int drain(int fd, struct ev *evs, int max)
{
	static unsigned char buf[REC_LEN * 64];
	int n = 0;
	long got;

	/* Stale bytes in the buffer show any the record leaves unwritten. */
	memset(buf, 0xff, sizeof(buf));
	while ((got = vfsim_read(t, fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < got; n++) {
			struct fanotify_event_metadata md;
			struct fanotify_event_info_mnt info;

			memcpy(&md, buf + off, sizeof(md));
			cr_assert_eq(md.vers, FANOTIFY_METADATA_VERSION);
			cr_assert_eq(md.reserved, 0);
			cr_assert_eq(md.metadata_len, FAN_EVENT_METADATA_LEN);
			cr_assert_eq(md.fd, FAN_NOFD);
			cr_assert_lt(n, max);
			evs[n].mask = md.mask;
			evs[n].id = 0;
			if (md.mask == FAN_Q_OVERFLOW) {
				cr_assert_eq(md.event_len, FAN_EVENT_METADATA_LEN);
				cr_assert_eq(md.pid, 0);
			} else {
				cr_assert_eq(md.event_len, REC_LEN);
				cr_assert_gt(md.pid, 0);
				memcpy(&info, buf + off + sizeof(md), sizeof(info));
				cr_assert_eq(info.hdr.info_type, FAN_EVENT_INFO_TYPE_MNT);
				cr_assert_eq(info.hdr.pad, 0);
				cr_assert_eq(info.hdr.len, sizeof(info));
				/* the padding between hdr and mnt_id */
				for (size_t b = sizeof(info.hdr);
				     b < offsetof(struct fanotify_event_info_mnt, mnt_id); b++)
					cr_assert_eq(buf[off + sizeof(md) + b], 0,
						     "padding byte %zu", b);
				evs[n].id = info.mnt_id;
			}
			off += md.event_len;
		}
	}
	EXPECT(got, -EAGAIN);
	return n;
}

static void ev_is(const struct ev *e, uint64_t mask, uint64_t id)
{
	cr_assert_eq(e->mask, mask, "mask %#llx, want %#llx",
		     (unsigned long long)e->mask, (unsigned long long)mask);
	cr_assert_eq(e->id, id, "id %llu, want %llu",
		     (unsigned long long)e->id, (unsigned long long)id);
}

/* ---- fanotify_init ------------------------------------------------------- */

VT_TEST(fanotify_init, flags_as_root, "empty", NULL)
{
	static const struct { unsigned int flags, ev; long want; } cases[] = {
		{ FAN_REPORT_MNT, 0, 0 },
		{ FAN_REPORT_MNT | FAN_CLOEXEC | FAN_NONBLOCK, 0, 0 },
		{ FAN_REPORT_MNT | FAN_REPORT_TID, 0, 0 },
		{ FAN_REPORT_MNT | FAN_UNLIMITED_QUEUE | FAN_UNLIMITED_MARKS |
		  FAN_ENABLE_AUDIT, 0, 0 },
		{ FAN_REPORT_MNT, O_RDWR, 0 },
		{ FAN_REPORT_MNT, O_WRONLY | O_CLOEXEC | O_APPEND | O_NOATIME, 0 },
		{ FAN_REPORT_MNT, O_SYNC | O_NONBLOCK | 0100000, 0 },
		{ 0, 0, 0 },					/* a plain group */
		{ FAN_REPORT_FID | FAN_REPORT_FD_ERROR, 0, 0 },
		{ FAN_REPORT_DIR_FID | FAN_REPORT_NAME, 0, 0 },
		{ FAN_CLASS_CONTENT, 0, 0 },
		{ FAN_REPORT_MNT | FAN_CLASS_CONTENT, 0, -EINVAL },
		{ FAN_REPORT_MNT | FAN_CLASS_PRE_CONTENT, 0, -EINVAL },
		{ FAN_REPORT_MNT | FAN_REPORT_FID, 0, -EINVAL },
		{ FAN_REPORT_MNT | FAN_REPORT_DIR_FID, 0, -EINVAL },
		{ FAN_REPORT_MNT | FAN_REPORT_FD_ERROR, 0, -EINVAL },
		{ FAN_REPORT_MNT | 0x8000, 0, -EINVAL },
		{ FAN_REPORT_MNT | 0x80000000U, 0, -EINVAL },
		{ FAN_REPORT_MNT | FAN_CLASS_CONTENT | FAN_CLASS_PRE_CONTENT, 0, -EINVAL },
		{ FAN_REPORT_PIDFD | FAN_REPORT_TID, 0, -EINVAL },
		{ FAN_REPORT_NAME, 0, -EINVAL },
		{ FAN_REPORT_TARGET_FID | FAN_REPORT_DFID_NAME, 0, -EINVAL },
		{ FAN_REPORT_FID | FAN_CLASS_CONTENT, 0, -EINVAL },
		{ FAN_REPORT_MNT, O_PATH, -EINVAL },
		{ FAN_REPORT_MNT, O_DIRECT, -EINVAL },
		{ FAN_REPORT_MNT, O_TRUNC, -EINVAL },
		{ FAN_REPORT_MNT, O_ACCMODE, -EINVAL },
		{ FAN_REPORT_MNT, 0x80000000U, -EINVAL },
		/* 6.18 accepts it; the model has no pidfds (docs/fanotify.md) */
		{ FAN_REPORT_MNT | FAN_REPORT_PIDFD, 0, -EINVAL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		long fd = vfsim_fanotify_init(t, cases[i].flags, cases[i].ev);

		if (cases[i].want) {
			cr_assert_eq(fd, cases[i].want, "case %zu: %ld", i, fd);
			continue;
		}
		cr_assert_geq(fd, 3, "case %zu: %ld", i, fd);
		OK(vfsim_close(t, (int)fd));
	}
}

VT_TEST(fanotify_init, flags_unprivileged, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	long fd;

	fd = vfsim_fanotify_init(u, FAN_REPORT_MNT, 0);
	cr_assert_geq(fd, 3);
	OK(vfsim_close(u, (int)fd));
	fd = vfsim_fanotify_init(u, FAN_REPORT_FID, 0);
	cr_assert_geq(fd, 3);
	OK(vfsim_close(u, (int)fd));
	EXPECT(vfsim_fanotify_init(u, 0, 0), -EPERM);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | FAN_REPORT_TID, 0), -EPERM);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | FAN_REPORT_PIDFD, 0), -EPERM);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | FAN_UNLIMITED_QUEUE, 0), -EPERM);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | FAN_UNLIMITED_MARKS, 0), -EPERM);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | FAN_ENABLE_AUDIT, 0), -EPERM);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | FAN_CLASS_CONTENT, 0), -EPERM);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | FAN_REPORT_FD_ERROR, 0), -EPERM);
	/* the privilege check comes first; then unknown flags */
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | 0x8000 | FAN_UNLIMITED_QUEUE, 0),
	       -EPERM);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | 0x8000, 0), -EINVAL);
	EXPECT(vfsim_fanotify_init(u, FAN_REPORT_MNT | FAN_REPORT_NAME, 0), -EINVAL);
}

/* Root without CAP_AUDIT_WRITE: the group is made, then refused. */
VT_TEST(fanotify_init, audit_needs_cap_audit_write, "empty", NULL)
{
	vfsim_task_set_caps(t, 1ULL << 21);
	EXPECT(vfsim_fanotify_init(t, FAN_REPORT_MNT | FAN_ENABLE_AUDIT, 0), -EPERM);
}

VT_TEST(fanotify_init, the_file, "empty", NULL)
{
	char buf[64];
	int fd = (int)vfsim_fanotify_init(t, FAN_REPORT_MNT | FAN_NONBLOCK, 0);
	int n = -1;

	cr_assert_geq(fd, 3);
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), -EAGAIN);
	EXPECT(vfsim_read(t, fd, buf, 0), -EAGAIN);
	EXPECT(vfsim_read(t, fd, buf, 10), -EAGAIN);
	EXPECT(vfsim_write(t, fd, "x", 1), -EINVAL);
	EXPECT(vfsim_ioctl(t, fd, FIONREAD, (unsigned long)&n), 0);
	cr_assert_eq(n, 0);
	EXPECT(vfsim_ioctl(t, fd, FIONBIO, (unsigned long)&n), -ENOTTY);
	EXPECT(vfsim_ioctl(t, fd, FIONREAD, 1), -EFAULT);
}

/* A blocking read of an empty queue sleeps; a pending signal ends it. */
VT_TEST(fanotify_init, blocking_read_interrupted, "empty", NULL)
{
	char buf[64];
	int fd = (int)vfsim_fanotify_init(t, FAN_REPORT_MNT, 0);

	vfsim_task_set_signal_pending(t, true);
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), -512 /* -ERESTARTSYS */);
	vfsim_task_set_signal_pending(t, false);
}

/* A blocking read that copied events returns them rather than sleep. */
VT_TEST(fanotify_init, blocking_read_returns_what_it_has, "empty", build)
{
	unsigned char buf[4 * REC_LEN];
	int ns = (int)vfsim_open_mntns(t, 0);
	int fd = (int)vfsim_fanotify_init(t, FAN_REPORT_MNT, 0);

	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD | FAN_MARK_MNTNS, MNT_EVENTS, ns, NULL));
	OK(vfsim_umount2(t, "/a/x", 0));
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), REC_LEN);
}

/* ---- fanotify_mark ------------------------------------------------------- */

VT_TEST(fanotify_mark, errnos, "empty", build)
{
	int ns = (int)vfsim_open_mntns(t, 0);
	int fd = (int)vfsim_fanotify_init(t, FAN_REPORT_MNT | FAN_NONBLOCK, 0);
	int plain = (int)vfsim_fanotify_init(t, 0, 0);
	int dir = (int)vfsim_openat(t, AT_FDCWD, "/a", O_RDONLY | O_DIRECTORY, 0);
	const unsigned int add = FAN_MARK_ADD | FAN_MARK_MNTNS;

	cr_assert_geq(ns, 3);
	cr_assert_geq(dir, 3);
	/* flags, type, command, mask: before the fd is looked at */
	EXPECT(vfsim_fanotify_mark(t, fd, add | 0x800, FAN_MNT_ATTACH, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD | 0x10 | 0x100 | 0x1000,
				   FAN_MNT_ATTACH, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_MNTNS, FAN_MNT_ATTACH, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add | FAN_MARK_REMOVE, FAN_MNT_ATTACH, ns, NULL),
	       -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, 0, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_REMOVE | FAN_MARK_MNTNS, 0, ns, NULL),
	       -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_FLUSH | FAN_MARK_ADD | FAN_MARK_MNTNS, 0,
				   ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_FLUSH | FAN_MARK_DONT_FOLLOW | FAN_MARK_MNTNS,
				   0, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH | (1ULL << 40), ns, NULL),
	       -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add | FAN_MARK_IGNORE | FAN_MARK_IGNORED_MASK,
				   FAN_MNT_ATTACH, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add | FAN_MARK_IGNORE, FAN_MNT_ATTACH, ns, NULL),
	       -EINVAL);
	/* the group */
	EXPECT(vfsim_fanotify_mark(t, 99, add, FAN_MNT_ATTACH, ns, NULL), -EBADF);
	EXPECT(vfsim_fanotify_mark(t, ns, add, FAN_MNT_ATTACH, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH | FAN_OPEN, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH | FAN_ONDIR, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH | FAN_EVENT_ON_CHILD, ns, NULL),
	       -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_OPEN, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD, FAN_MNT_ATTACH, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_MNT_ATTACH,
				   ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_FLUSH, 0, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, plain, add, FAN_MNT_ATTACH, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, plain, FAN_MARK_ADD, FAN_MNT_ATTACH, ns, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add | FAN_MARK_EVICTABLE, FAN_MNT_ATTACH, ns, NULL),
	       -EINVAL);
	/* inode, mount and filesystem marks: no file events in the model */
	EXPECT(vfsim_fanotify_mark(t, plain, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD, "/a"),
	       -EOPNOTSUPP);
	EXPECT(vfsim_fanotify_mark(t, plain, FAN_MARK_FLUSH | FAN_MARK_FILESYSTEM, 0,
				   AT_FDCWD, NULL), -EOPNOTSUPP);
	/* the object */
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH, AT_FDCWD, NULL), -EBADF);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH, 98, NULL), -EBADF);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH, AT_FDCWD, "/nope"), -ENOENT);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH, AT_FDCWD, "/a"), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH, dir, NULL), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH, ns, ""), -ENOENT);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH, ns, "x"), -ENOTDIR);
	EXPECT(vfsim_fanotify_mark(t, fd, add | FAN_MARK_ONLYDIR, FAN_MNT_ATTACH, ns, NULL),
	       -ENOTDIR);
	EXPECT(vfsim_fanotify_mark(t, fd, add | FAN_MARK_ONLYDIR, FAN_MNT_ATTACH, AT_FDCWD,
				   "/a"), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add | FAN_MARK_ONLYDIR, FAN_MNT_ATTACH, dir, NULL),
	       -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add | FAN_MARK_DONT_FOLLOW, FAN_MNT_ATTACH, AT_FDCWD,
				   "/a"), -EINVAL);
	EXPECT(vfsim_fanotify_mark(t, fd, add, FAN_MNT_ATTACH, AT_FDCWD, NULL), -EBADF);
	/* no mark to remove */
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_REMOVE | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   ns, NULL), -ENOENT);
	/* what works */
	OK(vfsim_fanotify_mark(t, fd, add | FAN_MARK_DONT_FOLLOW, FAN_MNT_ATTACH, ns, NULL));
	OK(vfsim_fanotify_mark(t, fd, add | FAN_MARK_IGNORED_SURV_MODIFY, FAN_MNT_DETACH,
				   ns, NULL));
	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_FLUSH | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   AT_FDCWD, NULL));
	EXPECT(vfsim_fanotify_mark(t, fd, FAN_MARK_REMOVE | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   ns, NULL), -ENOENT);
}

VT_TEST(fanotify_mark, unprivileged, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int ns = (int)vfsim_open_mntns(u, 0);
	int fd = (int)vfsim_fanotify_init(u, FAN_REPORT_MNT, 0);

	cr_assert_geq(ns, 3);
	cr_assert_geq(fd, 3);
	EXPECT(vfsim_fanotify_mark(u, fd, FAN_MARK_ADD | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   ns, NULL), -EPERM);
	EXPECT(vfsim_fanotify_mark(u, fd, FAN_MARK_FLUSH | FAN_MARK_MNTNS, 0, AT_FDCWD,
				   NULL), -EPERM);
	EXPECT(vfsim_fanotify_mark(u, fd, FAN_MARK_REMOVE | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   ns, NULL), -EPERM);
	/* flag errors come before the privilege check */
	EXPECT(vfsim_fanotify_mark(u, fd, FAN_MARK_MNTNS, FAN_MNT_ATTACH, ns, NULL), -EINVAL);
}

/* A group made without CAP_SYS_ADMIN takes no namespace mark, even from root. */
VT_TEST(fanotify_mark, unprivileged_group, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int fd = (int)vfsim_fanotify_init(u, FAN_REPORT_MNT, 0);
	int ns = (int)vfsim_open_mntns(u, 0);

	cr_assert_geq(fd, 3);
	EXPECT(vfsim_fanotify_mark(u, fd, FAN_MARK_ADD | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   ns, NULL), -EPERM);
	vfsim_task_set_caps(u, ~0ULL);
	EXPECT(vfsim_fanotify_mark(u, fd, FAN_MARK_ADD | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   ns, NULL), -EPERM);
}

/* Only what one may read can be watched (checked before the object's
 * kind): CAP_SYS_ADMIN without CAP_DAC_OVERRIDE on a root-only directory. */
VT_TEST(fanotify_mark, needs_read_permission, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int fd;

	OK(vfsim_mkdirat(t, AT_FDCWD, "/priv", 0700));
	vfsim_task_set_caps(u, 1ULL << 21);
	fd = (int)vfsim_fanotify_init(u, FAN_REPORT_MNT, 0);
	cr_assert_geq(fd, 3);
	EXPECT(vfsim_fanotify_mark(u, fd, FAN_MARK_ADD | FAN_MARK_MNTNS, FAN_MNT_ATTACH,
				   AT_FDCWD, "/priv"), -EACCES);
}

/* Masks add up; remove takes bits away; a mark with no bits left goes. */
VT_TEST(fanotify_mark, masks_add_and_remove, "empty", build)
{
	int ns, fd = group_on(FAN_MNT_ATTACH, &ns);
	const unsigned int rm = FAN_MARK_REMOVE | FAN_MARK_MNTNS;
	struct ev e[8];

	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD | FAN_MARK_MNTNS, FAN_MNT_DETACH, ns, NULL));
	OK(vfsim_umount2(t, "/a/x", 0));
	EXPECT(drain(fd, e, 8), 1);
	cr_assert_eq(e[0].mask, FAN_MNT_DETACH);
	OK(vfsim_fanotify_mark(t, fd, rm, FAN_MNT_ATTACH, ns, NULL));
	OK(vfsim_fanotify_mark(t, fd, rm, FAN_MNT_ATTACH, ns, NULL));	/* mark stays */
	OK(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL));
	EXPECT(drain(fd, e, 8), 0);
	OK(vfsim_fanotify_mark(t, fd, rm, FAN_MNT_DETACH, ns, NULL));
	EXPECT(vfsim_fanotify_mark(t, fd, rm, FAN_MNT_DETACH, ns, NULL), -ENOENT);
	OK(vfsim_umount2(t, "/a/x", 0));
	EXPECT(drain(fd, e, 8), 0);
}

/*
 * The ignored mask: events in it are not reported; a mark with only an
 * ignored mask reports nothing; removing from it; a move with attach
 * ignored is reported as a detach.
 */
VT_TEST(fanotify_mark, ignored_mask, "empty", build)
{
	int ns, fd = group_on(MNT_EVENTS, &ns);
	const unsigned int ign = FAN_MARK_MNTNS | FAN_MARK_IGNORED_MASK;
	int only = (int)vfsim_fanotify_init(t, FAN_REPORT_MNT | FAN_NONBLOCK, 0);
	uint64_t a = uid_of(t, "/a");
	struct ev e[8];
	int n = -1;

	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD | ign, FAN_MNT_ATTACH | FAN_ONDIR, ns, NULL));
	OK(vfsim_fanotify_mark(t, only, FAN_MARK_ADD | ign, FAN_MNT_ATTACH, ns, NULL));
	OK(vfsim_mount(t, "/a", "/b", NULL, MS_MOVE, NULL));
	EXPECT(drain(fd, e, 8), 1);
	ev_is(&e[0], FAN_MNT_DETACH, a);
	OK(vfsim_ioctl(t, only, FIONREAD, (unsigned long)&n));
	cr_assert_eq(n, 0);
	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_REMOVE | ign, FAN_MNT_ATTACH, ns, NULL));
	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_REMOVE | ign, FAN_MNT_ATTACH, ns, NULL));
	OK(vfsim_mount(t, "/b", "/a", NULL, MS_MOVE, NULL));
	EXPECT(drain(fd, e, 8), 1);
	ev_is(&e[0], MNT_EVENTS, a);
	/* FAN_MARK_IGNORE, which must survive modification on a namespace */
	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD | FAN_MARK_MNTNS | FAN_MARK_IGNORE |
			       FAN_MARK_IGNORED_SURV_MODIFY, FAN_MNT_DETACH, ns, NULL));
	OK(vfsim_umount2(t, "/a/x", 0));
	EXPECT(drain(fd, e, 8), 0);
}

/* ---- events -------------------------------------------------------------- */

/*
 * mount, bind, recursive bind, move (one record: attach and detach), a
 * lazy unmount of a tree in walk order, a plain unmount:
 *
 *   /a (a) `-/a/x (x)   bound at /b (rec: /b, /b/x), /b moved to /c
 */
VT_TEST(fanotify_events, mount_bind_move_umount, "empty", build)
{
	int fd = group_on(MNT_EVENTS, NULL);
	uint64_t a = uid_of(t, "/a"), x = uid_of(t, "/a/x"), b, bx, y;
	struct ev e[16];
	int n = -1;

	OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND | MS_REC, NULL));
	b = uid_of(t, "/b");
	bx = uid_of(t, "/b/x");
	OK(vfsim_ioctl(t, fd, FIONREAD, (unsigned long)&n));
	cr_assert_eq(n, 2 * FAN_EVENT_METADATA_LEN, "FIONREAD counts 24 an event");
	OK(vfsim_mount(t, "/b", "/c", NULL, MS_MOVE, NULL));
	OK(vfsim_mount(t, "y", "/a", "tmpfs", 0, NULL));
	y = uid_of(t, "/a");
	OK(vfsim_umount2(t, "/a", 0));
	OK(vfsim_umount2(t, "/a", MNT_DETACH));
	OK(vfsim_umount2(t, "/c", MNT_DETACH));
	EXPECT(drain(fd, e, 16), 9);
	ev_is(&e[0], FAN_MNT_ATTACH, b);
	ev_is(&e[1], FAN_MNT_ATTACH, bx);
	ev_is(&e[2], MNT_EVENTS, b);
	ev_is(&e[3], FAN_MNT_ATTACH, y);
	ev_is(&e[4], FAN_MNT_DETACH, y);
	ev_is(&e[5], FAN_MNT_DETACH, a);
	ev_is(&e[6], FAN_MNT_DETACH, x);
	ev_is(&e[7], FAN_MNT_DETACH, b);
	ev_is(&e[8], FAN_MNT_DETACH, bx);
}

/* A short buffer: the first record must fit (EINVAL), later ones stop the read. */
VT_TEST(fanotify_events, read_sizes, "empty", build)
{
	int fd = group_on(MNT_EVENTS, NULL);
	unsigned char buf[3 * REC_LEN];
	struct ev e[4];

	OK(vfsim_umount2(t, "/a/x", 0));
	OK(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL));
	EXPECT(vfsim_read(t, fd, buf, 10), -EINVAL);
	EXPECT(vfsim_read(t, fd, buf, FAN_EVENT_METADATA_LEN), -EINVAL);
	EXPECT(vfsim_read(t, fd, buf, REC_LEN - 1), -EINVAL);
	EXPECT(vfsim_read(t, fd, buf, 2 * REC_LEN - 1), REC_LEN);
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), REC_LEN);
	EXPECT(drain(fd, e, 4), 0);
}

/*
 * Every byte of what read() writes is the record's: with the buffer full
 * of 0xff first, the metadata's reserved byte, the info header's pad and
 * the 4-byte hole between the header and mnt_id (bytes 4-7 of struct
 * fanotify_event_info_mnt) are 0, as 6.18's "= { }" structs leave them,
 * in every record up to and including the overflow record, and nothing
 * past the count is written.  The stack under the read is dirtied first, so that a
 * struct built without zeroing its hole would likely show it.
 */
static void dirty_stack(void)
{
	volatile unsigned char junk[8192];

	memset((void *)junk, 0xa5, sizeof(junk));
	(void)junk[sizeof(junk) - 1];
}

static void check_record_bytes(const unsigned char *rec, bool overflow,
			       uint64_t want_id)
{
	struct fanotify_event_metadata md;
	uint64_t id;

	memcpy(&md, rec, sizeof(md));
	cr_assert_eq(md.vers, FANOTIFY_METADATA_VERSION);
	cr_assert_eq(rec[5], 0, "metadata.reserved %#x", rec[5]);
	cr_assert_eq(md.metadata_len, FAN_EVENT_METADATA_LEN);
	cr_assert_eq(md.fd, FAN_NOFD);
	if (overflow) {
		cr_assert_eq(md.event_len, FAN_EVENT_METADATA_LEN);
		cr_assert_eq(md.mask, FAN_Q_OVERFLOW);
		cr_assert_eq(md.pid, 0);
		return;
	}
	cr_assert_eq(md.event_len, REC_LEN);
	cr_assert_eq(rec[24], FAN_EVENT_INFO_TYPE_MNT);
	cr_assert_eq(rec[25], 0, "info.hdr.pad %#x", rec[25]);
	cr_assert_eq(rec[26] | rec[27] << 8, 16);
	for (int i = 28; i < 32; i++)
		cr_assert_eq(rec[i], 0, "byte %d (hole after info.hdr) %#x", i, rec[i]);
	memcpy(&id, rec + 32, sizeof(id));
	if (want_id)
		cr_assert_eq(id, want_id);
	else
		cr_assert_gt(id, 1ULL << 31);
}

VT_TEST(fanotify_events, records_zero_padding, "empty", build)
{
	static unsigned char buf[REC_LEN * 4 + 7];
	int fd = group_on(MNT_EVENTS, NULL), i;
	uint64_t x = uid_of(t, "/a/x"), nx;
	struct ev e[4];
	long got;

	OK(vfsim_umount2(t, "/a/x", 0));
	OK(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL));
	nx = uid_of(t, "/a/x");
	memset(buf, 0xff, sizeof(buf));
	dirty_stack();
	got = vfsim_read(t, fd, buf, sizeof(buf));
	cr_assert_eq(got, 2 * REC_LEN);
	check_record_bytes(buf, false, x);
	check_record_bytes(buf + REC_LEN, false, nx);
	for (size_t k = (size_t)got; k < sizeof(buf); k++)
		cr_assert_eq(buf[k], 0xff, "byte %zu past the count written", k);

	/* The overflow record: metadata only, reserved 0. */
	for (i = 0; i < 8193; i++) {
		OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
		OK(vfsim_umount2(t, "/b", 0));
	}
	for (i = 0; i < 16384 / 4; i++) {
		memset(buf, 0xff, sizeof(buf));
		dirty_stack();
		EXPECT(vfsim_read(t, fd, buf, 4 * REC_LEN), 4 * REC_LEN);
		for (int k = 0; k < 4; k++)
			check_record_bytes(buf + k * REC_LEN, false, 0);
	}
	memset(buf, 0xff, sizeof(buf));
	dirty_stack();
	EXPECT(vfsim_read(t, fd, buf, sizeof(buf)), FAN_EVENT_METADATA_LEN);
	check_record_bytes(buf, true, 0);
	for (size_t k = FAN_EVENT_METADATA_LEN; k < sizeof(buf); k++)
		cr_assert_eq(buf[k], 0xff, "byte %zu past the overflow record", k);
	EXPECT(drain(fd, e, 4), 0);
}

/* A fault in the copy loses the event and is -EFAULT, even after events
 * were copied (6.18's read()). */
VT_TEST(fanotify_events, read_fault, "empty", build)
{
	int fd = group_on(MNT_EVENTS, NULL);
	struct ev e[4];

	OK(vfsim_umount2(t, "/a/x", 0));
	OK(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL));
	EXPECT(vfsim_read(t, fd, (void *)16, 2 * REC_LEN), -EFAULT);
	EXPECT(drain(fd, e, 4), 1);
	cr_assert_eq(e[0].mask, FAN_MNT_ATTACH);
}

/* Every group with a mark gets its own copy; closing one frees its queue. */
VT_TEST(fanotify_events, two_groups, "empty", build)
{
	int f1 = group_on(FAN_MNT_ATTACH, NULL), f2 = group_on(MNT_EVENTS, NULL);
	struct ev e[4];

	OK(vfsim_umount2(t, "/a/x", 0));
	OK(vfsim_mount(t, "x", "/a/x", "tmpfs", 0, NULL));
	EXPECT(drain(f2, e, 4), 2);
	OK(vfsim_close(t, f2));
	OK(vfsim_mount(t, "y", "/b", "tmpfs", 0, NULL));
	EXPECT(drain(f1, e, 4), 2);
	OK(vfsim_close(t, f1));
	OK(vfsim_umount2(t, "/b", 0));
}

/* The mark outlives the namespace file it was made through. */
VT_TEST(fanotify_events, ns_file_closed, "empty", build)
{
	int ns, fd = group_on(MNT_EVENTS, &ns);
	struct ev e[4];

	OK(vfsim_close(t, ns));
	OK(vfsim_umount2(t, "/a/x", 0));
	EXPECT(drain(fd, e, 4), 1);
}

/*
 * Shared /a with a peer at /b: a mount in /a propagates (source first,
 * then the copy); unmounting the copy takes the source along (the one
 * named first).
 */
VT_TEST(fanotify_events, propagation, "empty", build)
{
	int fd;
	uint64_t s, c;
	struct ev e[8];

	OK(vfsim_mount(t, "none", "/a", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
	fx_dirs(t, "/a/d", NULL);
	fd = group_on(MNT_EVENTS, NULL);
	OK(vfsim_mount(t, "d", "/a/d", "tmpfs", 0, NULL));
	s = uid_of(t, "/a/d");
	c = uid_of(t, "/b/d");
	OK(vfsim_umount2(t, "/b/d", 0));
	EXPECT(drain(fd, e, 8), 4);
	ev_is(&e[0], FAN_MNT_ATTACH, s);
	ev_is(&e[1], FAN_MNT_ATTACH, c);
	ev_is(&e[2], FAN_MNT_DETACH, c);
	ev_is(&e[3], FAN_MNT_DETACH, s);
}

/* The new mount API: attaching a detached tree reports each of its
 * mounts; a detached tree dissolved on close reports nothing. */
VT_TEST(fanotify_events, mount_api, "empty", build)
{
	int fd = group_on(MNT_EVENTS, NULL), tree;
	struct ev e[8];

	tree = (int)vfsim_open_tree(t, AT_FDCWD, "/a", OPEN_TREE_CLONE | AT_RECURSIVE);
	cr_assert_geq(tree, 3);
	OK(vfsim_close(t, tree));
	EXPECT(drain(fd, e, 8), 0);
	tree = (int)vfsim_open_tree(t, AT_FDCWD, "/a", OPEN_TREE_CLONE | AT_RECURSIVE);
	OK(vfsim_move_mount(t, tree, "", AT_FDCWD, "/b", MOVE_MOUNT_F_EMPTY_PATH));
	OK(vfsim_close(t, tree));
	EXPECT(drain(fd, e, 8), 2);
	ev_is(&e[0], FAN_MNT_ATTACH, uid_of(t, "/b"));
	ev_is(&e[1], FAN_MNT_ATTACH, uid_of(t, "/b/x"));
}

/*
 * A mount on top of a propagated copy is put back where the copy was when
 * the copy goes, reported as a move, before the unmounted ones:
 *
 *   /a shared, /b its slave; /a/d (d) propagates to /b/d (d'), u is
 *   mounted over d'; umount /a/d takes d' and puts u on /b/d.
 */
VT_TEST(fanotify_events, restore_is_a_move, "empty", build)
{
	int fd;
	uint64_t u, d, dc;
	struct ev e[8];

	OK(vfsim_mount(t, "none", "/a", NULL, MS_SHARED, NULL));
	OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
	OK(vfsim_mount(t, "none", "/b", NULL, MS_SLAVE, NULL));
	fx_dirs(t, "/a/d", NULL);
	OK(vfsim_mount(t, "d", "/a/d", "tmpfs", 0, NULL));
	d = uid_of(t, "/a/d");
	dc = uid_of(t, "/b/d");
	OK(vfsim_mount(t, "u", "/b/d", "tmpfs", 0, NULL));
	u = uid_of(t, "/b/d");
	fd = group_on(MNT_EVENTS, NULL);
	OK(vfsim_umount2(t, "/a/d", 0));
	EXPECT(drain(fd, e, 8), 3);
	ev_is(&e[0], MNT_EVENTS, u);
	ev_is(&e[1], FAN_MNT_DETACH, d);
	ev_is(&e[2], FAN_MNT_DETACH, dc);
}

/* 16384 events, then FAN_Q_OVERFLOW once, however many more are lost. */
VT_TEST(fanotify_events, overflow, "empty", build)
{
	static struct ev e[16400];
	int fd = group_on(MNT_EVENTS, NULL), i, n = -1;

	for (i = 0; i < 8193; i++) {
		OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
		OK(vfsim_umount2(t, "/b", 0));
	}
	OK(vfsim_ioctl(t, fd, FIONREAD, (unsigned long)&n));
	cr_assert_eq(n, 16385 * FAN_EVENT_METADATA_LEN);
	EXPECT(drain(fd, e, 16400), 16385);
	cr_assert_eq(e[16383].mask, FAN_MNT_DETACH);
	cr_assert_eq(e[16384].mask, FAN_Q_OVERFLOW);
	OK(vfsim_umount2(t, "/a/x", 0));
	EXPECT(drain(fd, e, 16400), 1);
}

VT_TEST(fanotify_events, unlimited_queue, "empty", build)
{
	static struct ev e[16400];
	int ns = (int)vfsim_open_mntns(t, 0), i;
	int fd = (int)vfsim_fanotify_init(t, FAN_REPORT_MNT | FAN_NONBLOCK |
					  FAN_UNLIMITED_QUEUE, 0);

	OK(vfsim_fanotify_mark(t, fd, FAN_MARK_ADD | FAN_MARK_MNTNS, MNT_EVENTS, ns, NULL));
	for (i = 0; i < 8193; i++) {
		OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
		OK(vfsim_umount2(t, "/b", 0));
	}
	EXPECT(drain(fd, e, 16400), 16386);
	cr_assert_eq(e[16385].mask, FAN_MNT_DETACH);
}

/* Closing a group with events queued, an overflow among them. */
VT_TEST(fanotify_events, close_with_queue, "empty", build)
{
	int fd = group_on(MNT_EVENTS, NULL), i;

	for (i = 0; i < 8200; i++) {
		OK(vfsim_mount(t, "/a", "/b", NULL, MS_BIND, NULL));
		OK(vfsim_umount2(t, "/b", 0));
	}
	OK(vfsim_close(t, fd));
}

/* ---- the namespace file -------------------------------------------------- */

VT_TEST(fanotify_nsfs, file, "empty", build)
{
	char buf[8];
	int ns;

	EXPECT(vfsim_open_mntns(t, O_RDWR), -EINVAL);
	EXPECT(vfsim_open_mntns(t, O_NONBLOCK), -EINVAL);
	ns = (int)vfsim_open_mntns(t, O_CLOEXEC);
	cr_assert_geq(ns, 3);
	EXPECT(vfsim_read(t, ns, buf, sizeof(buf)), -EINVAL);
	EXPECT(vfsim_write(t, ns, buf, 1), -EBADF);	/* opened read-only */
}

/* statmount() and listmount() take it as mnt_ns_fd. */
VT_TEST(fanotify_nsfs, statmount_mnt_ns_fd, "empty", build)
{
	int ns = (int)vfsim_open_mntns(t, 0);
	int dir = (int)vfsim_openat(t, AT_FDCWD, "/a", O_RDONLY | O_DIRECTORY, 0);
	struct mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER1, .mnt_id = uid_of(t, "/a"),
		.param = STATMOUNT_MNT_BASIC, .mnt_ns_fd = (uint32_t)ns,
	};
	struct statmount sm;
	uint64_t ids[8];

	OK(vfsim_statmount(t, &req, &sm, sizeof(sm), 0));
	cr_assert_eq(sm.mnt_id, uid_of(t, "/a"));
	req.mnt_id = LSMT_ROOT;
	req.param = 0;
	EXPECT(vfsim_listmount(t, &req, ids, 8, 0), 3);
	req.mnt_ns_fd = (uint32_t)dir;
	EXPECT(vfsim_listmount(t, &req, ids, 8, 0), -EINVAL);
	req.mnt_ns_fd = 77;
	EXPECT(vfsim_listmount(t, &req, ids, 8, 0), -EBADF);
}
